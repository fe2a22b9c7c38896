"""A literal, self-contained evaluation of one Dutch 2017 round (``shared/rules/dutch-2017.md``)
by exhaustion, independent of the rulebook: it reads the TRF16 file itself (fixed columns),
derives every fact it needs from the game records, enumerates every legal round-pairing, and
pairs the round bracket by bracket as section A.9 says, each bracket's pairing the best of
all its pairings by the criteria in the text's order.  Nothing here imports the engine.

Made for ``tests/data/dutch2017-bbp5/seed1827-r11.trf`` (the round where dutch-2017 and
bbpPairings v5.0.1 parted: ``test_dutch2017_seed1827.py``), small enough (13 players) for
every pairing of the round to be listed.  Steps and their articles:

* the facts (A.2 order, A.4.b floats, A.6 colours, A.7 topscorers, C.04.1.d for C.2) from
  the game records: a game *played* is one with a result 1, 0 or = (W, L, D: under a move);
  a forfeit (+, -), a bye (U, F, H, Z) or an absence is no game played (C.1 counts played
  games, A.6 colours of played games; A.4.b: "does not play ... receives a downfloat");
* every legal round-pairing (A.9: complete, C.1-C.3, at most one PAB, whom C.2 allows);
* A.9's process from the top scoregroup: each bracket (A.3: its MDPs and its residents)
  paired by the best of all its pairings (B.8: "a candidate is better than another if it
  better satisfies a quality criterion of higher priority"), where a pairing pairs an MDP
  only with a resident (B.3: S1's MDPs with S2's residents, the remainder residents only);
  after each bracket, whether its downfloaters with the players below still allow a
  complete round-pairing (some legal round-pairing holds every pair made so far); if not,
  the bracket is the PPB, re-paired under C.4, and the CLB (its downfloaters and every
  player below) pairs the rest, its one unpaired player (if any) receiving the PAB (A.9's
  note, C.2);
* the quality vector, smaller better: C.5 (-pairs), C.6 (the PSD of A.8, a downfloater's SD
  against one point below the bracket's lowest score; ``pab_in_psd`` says whether the
  player left unpaired in the last bracket -- the PAB -- is counted as a downfloater, the
  literal reading: B.3 "All players in the Limbo are bound to be downfloaters"), C.7 (not
  in the PPB nor the CLB: the following bracket's pairs, then its PSD), C.8-C.9 (no
  topscorers before the final round, A.7), C.10-C.11 (section E's allocation), C.12-C.15
  (counts) and C.16-C.19 (score differences) of the repeated floats, a downfloater of the
  bracket receiving a downfloat with the SD of A.8.

When two pairings of a bracket with different pairs tie on every criterion, B.8 would take
the earlier generated (B.6/B.7, D.1-D.3): this module does not build that sequence and
reports the tie instead (``Bracket.tied``), so a test can see it did not decide by order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

POINTS = {"1": 1, "+": 1, "W": 1, "U": 1, "F": 1, "=": Fraction(1, 2), "D": Fraction(1, 2),
          "H": Fraction(1, 2)}
PLAYED = {"1", "0", "=", "W", "L", "D"}


@dataclass
class Player:
    number: int
    file_score: Fraction
    games: list = field(default_factory=list)  # per round: (opponent or 0, colour, result)


def read(path: Path) -> tuple[dict[int, Player], int]:
    """TRF16: ``001`` lines (number cols 5-8, points 81-84, rounds from col 92, 10 wide), and
    ``XXR`` (the number of rounds)."""
    players: dict[int, Player] = {}
    total = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("XXR"):
            total = int(line.split()[1])
        if not line.startswith("001"):
            continue
        p = Player(int(line[4:8]), Fraction(line[80:84].strip()))
        body = line[91:]
        for i in range(0, len(body.rstrip()), 10):
            cell = body[i:i + 8]
            p.games.append((int(cell[0:4]), cell[5], cell[7]))
        players[p.number] = p
    return players, total


@dataclass
class Facts:
    """What the text reads about each player before round ``rnd``."""

    rnd: int
    total: int
    score: dict
    present: list
    opponents: dict  # C.1: played games only
    pref: dict  # A.6: (colour 'w'/'b' or None, strength 'absolute'/'strong'/'mild'/None)
    colours: dict  # played colours, oldest first (E.3)
    cd: dict
    bye_ok: dict  # C.2
    floats: dict  # A.4.b: per earlier round, 'down' / 'up' / None
    tpn: dict

    def float_before(self, n: int, back: int):
        f = self.floats[n]
        return f[-back] if len(f) >= back else None


def facts(players: dict[int, Player], rnd: int, total: int) -> Facts:
    score, opponents, pref, colours, cd, bye_ok, floats = {}, {}, {}, {}, {}, {}, {}
    before = {n: Fraction(0) for n in players}  # score before each round, round by round
    for n in players:
        floats[n] = []
    for r in range(rnd - 1):
        for n, p in players.items():
            opp, col, res = p.games[r]
            if res in PLAYED and opp:
                o = before[opp]
                floats[n].append(None if o == before[n] else "down" if before[n] > o else "up")
            else:
                floats[n].append("down")  # A.4.b: does not play in the round
        for n, p in players.items():
            before[n] += POINTS.get(p.games[r][2], 0)
    for n, p in players.items():
        past = p.games[:rnd - 1]
        score[n] = before[n]
        assert score[n] == p.file_score, (n, score[n], p.file_score)
        played = [(o, c) for o, c, res in past if res in PLAYED and o]
        opponents[n] = {o for o, _ in played}
        colours[n] = [c for _, c in played]
        cd[n] = colours[n].count("w") - colours[n].count("b")
        last2 = colours[n][-2:]
        if not colours[n]:
            pref[n] = (None, None)  # A.6.d
        elif cd[n] < -1 or (len(last2) == 2 and last2 == ["b", "b"]):
            assert not (cd[n] > 1 or last2 == ["w", "w"]), n  # no conflicting absolute here
            pref[n] = ("w", "absolute")
        elif cd[n] > 1 or (len(last2) == 2 and last2 == ["w", "w"]):
            pref[n] = ("b", "absolute")
        elif cd[n] in (1, -1):
            pref[n] = ("b" if cd[n] == 1 else "w", "strong")
        else:
            pref[n] = ("b" if colours[n][-1] == "w" else "w", "mild")
        bye_ok[n] = not any(res in ("U", "+") for _, _, res in past)
    present = [n for n, p in players.items()
               if len(p.games) < rnd or p.games[rnd - 1][2] not in ("Z", "H", "F", "U", "-", "+")]
    return Facts(rnd, total, score, present, opponents, pref, colours, cd, bye_ok, floats,
                 {n: n for n in players})


# ------------------------------------------------------------------ absolute criteria

def topscorer(f: Facts, n: int) -> bool:
    """A.7: only when pairing the final round."""
    return f.rnd == f.total and f.score[n] > Fraction(f.total - 1, 2)


def legal(f: Facts, a: int, b: int) -> bool:
    """C.1 (not met before) and C.3 (non-topscorers with the same absolute preference)."""
    if b in f.opponents[a]:
        return False
    pa, pb = f.pref[a], f.pref[b]
    if pa[1] == "absolute" and pb[1] == "absolute" and pa[0] == pb[0] \
            and not (topscorer(f, a) or topscorer(f, b)):
        return False
    return True


def round_pairings(f: Facts) -> list[tuple[frozenset, int | None]]:
    """Every complete round-pairing (A.9): pairs by C.1-C.3, one PAB (C.2) if odd."""
    out = []

    def go(left: tuple, pairs: list, bye):
        if not left:
            out.append((frozenset(pairs), bye))
            return
        a, rest = left[0], left[1:]
        if len(left) % 2 and bye is None and f.bye_ok[a]:
            go(rest, pairs, a)
        for b in rest:
            if legal(f, a, b):
                go(tuple(x for x in rest if x != b), pairs + [frozenset((a, b))], bye)

    go(tuple(sorted(f.present)), [], None)
    return out


# ------------------------------------------------------------------ section E

def allocate(f: Facts, a: int, b: int) -> tuple[int, int]:
    """E.1-E.5 (no topscorers here, so E.2's second sentence is not needed): (white, black)."""
    (ca, sa), (cb, sb) = f.pref[a], f.pref[b]
    strength = {"absolute": 3, "strong": 2, "mild": 1, None: 0}
    if ca and cb and ca != cb:  # E.1
        return (a, b) if ca == "w" else (b, a)
    if ca is None or cb is None:  # A.6.d
        x, cx = (b, cb) if ca is None else (a, ca)
        if cx is not None:
            return (x, a if x == b else b) if cx == "w" else (a if x == b else b, x)
    elif strength[sa] != strength[sb]:  # E.2
        x, cx = (a, ca) if strength[sa] > strength[sb] else (b, cb)
        y = b if x == a else a
        return (x, y) if cx == "w" else (y, x)
    # E.3: the most recent round in which one had white and the other black (played
    # colours aligned from the latest, C.04.2.D.5's reading that unplayed rounds are skipped)
    ha, hb = f.colours[a][::-1], f.colours[b][::-1]
    for x, y in zip(ha, hb):
        if x != y:
            return (b, a) if x == "w" else (a, b)
    hi = min(a, b, key=lambda n: (-f.score[n], f.tpn[n]))  # E.4 (A.2)
    lo = b if hi == a else a
    if f.pref[hi][0]:
        return (hi, lo) if f.pref[hi][0] == "w" else (lo, hi)
    raise AssertionError("E.5 not needed in this round")


# ------------------------------------------------------------------ one bracket

def psd(f: Facts, pairs, down, bracket) -> tuple:
    """A.8."""
    low = min(f.score[n] for n in bracket) - 1
    return tuple(sorted([abs(f.score[a] - f.score[b]) for a, b in pairs]
                        + [f.score[n] - low for n in down], reverse=True))


def pairings_of(f: Facts, mdps, residents):
    """Every set of disjoint legal pairs of the bracket in which an MDP meets a resident
    only (B.3); with the players it leaves unpaired."""
    players = list(mdps) + list(residents)
    mset = set(mdps)
    out = []

    def go(left: tuple, pairs: list, down: list):
        if not left:
            out.append((tuple(pairs), tuple(down)))
            return
        a, rest = left[0], left[1:]
        go(rest, pairs, down + [a])
        for b in rest:
            if (a in mset and b in mset) or not legal(f, a, b):
                continue
            go(tuple(x for x in rest if x != b), pairs + [(a, b)], down)

    go(tuple(players), [], [])
    return out


def quality(f: Facts, pairs, down, bracket, c7=(), strong_or_absolute=True,
            pab_in_psd=True, last=False) -> tuple:
    """C.5-C.19 of one pairing of ``bracket`` (smaller is better)."""
    counted_down = down if (pab_in_psd or not last) else ()
    c5 = -len(pairs)
    c6 = psd(f, pairs, counted_down, bracket)
    c10 = c11 = 0
    for a, b in pairs:
        w, bl = allocate(f, a, b)
        for n, got in ((w, "w"), (bl, "b")):
            c, s = f.pref[n]
            if c and c != got:
                c10 += 1
                if s == "strong" or (strong_or_absolute and s == "absolute"):
                    c11 += 1
    low = min(f.score[n] for n in bracket) - 1
    got = {}
    for a, b in pairs:
        if f.score[a] != f.score[b]:
            hi, lo = (a, b) if f.score[a] > f.score[b] else (b, a)
            sd = f.score[hi] - f.score[lo]
            got[hi], got[lo] = ("down", sd), ("up", sd)
    for n in down:
        got[n] = ("down", f.score[n] - low)
    counts, lists = [], []
    for back in (1, 2):
        for way in ("down", "up"):
            hit = [sd for n, (w, sd) in got.items() if w == way and f.float_before(n, back) == way]
            counts.append(len(hit))
            lists.append(tuple(sorted(hit, reverse=True)))
    # C.12 C.13 C.14 C.15 / C.16 C.17 C.18 C.19
    return (c5, c6, c7, 0, 0, c10, c11, *counts, *lists)


NAMES = ("C.5", "C.6", "C.7", "C.8", "C.9", "C.10", "C.11", "C.12", "C.13", "C.14", "C.15",
         "C.16", "C.17", "C.18", "C.19")


@dataclass
class Bracket:
    score: Fraction
    mode: str  # "bracket", "ppb", "clb", "last"
    mdps: tuple
    residents: tuple
    pairs: tuple
    down: tuple
    vector: tuple
    tied: list  # other best pairings with different pairs (B.8 would use the sequence)
    scored: list  # every candidate: (vector, pairs, down)


def c7(f: Facts, down, nxt, last_next: bool) -> tuple:
    """C.7: the following bracket's pairs, then its PSD (reading c7-last-bracket=pab when
    that bracket is the last: only pairings leaving players C.2 allows the PAB)."""
    best = None
    group = list(down) + list(nxt)
    for ps, dn in pairings_of(f, down, nxt):
        if last_next and (len(dn) > 1 or any(not f.bye_ok[x] for x in dn)):
            continue
        v = (-len(ps), psd(f, ps, dn, group))
        best = v if best is None or v < best else best
    return best if best is not None else (1 << 30, ())


class Literal:
    """A.9's process over one round, literally, with every round-pairing listed."""

    def __init__(self, path: Path, rnd: int, pab_in_psd: bool = True,
                 strong_or_absolute: bool = True):
        players, total = read(path)
        self.f = facts(players, rnd, total)
        self.pab_in_psd = pab_in_psd
        self.strong_or_absolute = strong_or_absolute
        self.rounds = round_pairings(self.f)

    def completes(self, fixed: frozenset) -> bool:
        return any(fixed <= ps for ps, _ in self.rounds)

    def groups(self):
        f = self.f
        scores = sorted({f.score[n] for n in f.present}, reverse=True)
        return [(s, sorted((n for n in f.present if f.score[n] == s), key=f.tpn.get))
                for s in scores]

    def pair_bracket(self, mdps, residents, lower, mode, made: frozenset) -> Bracket:
        f = self.f
        bracket = list(mdps) + list(residents)
        nxt = [n for n in lower if f.score[n] == f.score[lower[0]]] if lower else []
        scored = []
        for ps, dn in pairings_of(f, mdps, residents):
            pairs_set = frozenset(frozenset(p) for p in ps)
            if mode in ("clb", "last"):
                if len(dn) > 1 or any(not f.bye_ok[x] for x in dn):
                    continue  # A.9's note, C.2: at most one unpaired, the PAB
            if mode in ("ppb", "clb", "last") and not self.completes(made | pairs_set):
                continue  # C.4 (and A.9: the round-pairing complete)
            v7 = c7(f, dn, nxt, len(nxt) == len(lower)) if mode == "bracket" else ()
            vec = quality(f, ps, dn, bracket, v7, self.strong_or_absolute, self.pab_in_psd,
                          last=mode in ("clb", "last"))
            scored.append((vec, ps, dn))
        best = min(v for v, _, _ in scored)
        bests = [(ps, dn) for v, ps, dn in scored if v == best]
        ps, dn = bests[0]
        key = frozenset(frozenset(p) for p in ps)
        tied = [b for b in bests if frozenset(frozenset(p) for p in b[0]) != key]
        return Bracket(f.score[residents[0]], mode, tuple(mdps), tuple(residents), ps, dn,
                       best, tied, scored)

    def run(self) -> list[Bracket]:
        f = self.f
        groups = self.groups()
        made: frozenset = frozenset()
        mdps: list = []
        out = []
        for i, (score, residents) in enumerate(groups):
            lower = [n for _, g in groups[i + 1:] for n in g]
            if not lower:
                out.append(self.pair_bracket(mdps, residents, lower, "last", made))
                break
            b = self.pair_bracket(mdps, residents, lower, "bracket", made)
            now = made | frozenset(frozenset(p) for p in b.pairs)
            if self.completes(now):
                out.append(b)
                made, mdps = now, sorted(b.down, key=lambda n: (-f.score[n], n))
                continue
            # A.9: the PPB, re-paired by C.4; then the CLB with every player below
            out.append(b)  # the first pairing, kept to show why the bracket is the PPB
            ppb = self.pair_bracket(mdps, residents, lower, "ppb", made)
            out.append(ppb)
            made = made | frozenset(frozenset(p) for p in ppb.pairs)
            down = sorted(ppb.down, key=lambda n: (-f.score[n], n))
            out.append(self.pair_bracket(down, lower, (), "clb", made))
            break
        return out

    @staticmethod
    def result(brackets: list[Bracket]) -> tuple[frozenset, int | None]:
        """The round's pairs and PAB: every bracket's pairs but a PPB's first pairing."""
        pairs, bye = set(), None
        for i, b in enumerate(brackets):
            if i + 1 < len(brackets) and brackets[i + 1].mode == "ppb":
                continue
            pairs |= {frozenset(p) for p in b.pairs}
            if b.mode in ("clb", "last") and b.down:
                (bye,) = b.down
        return frozenset(pairs), bye
