"""A literal twin of the Dutch 2012 procedure, written from the text, for small brackets.

It enumerates what the text enumerates, in the text's order, and takes the first candidate
that meets the requirements; no oracle, no pruning:

* C.10 as a state machine of requirements (each step "restart from C.3.x" re-sets what
  C.3.x onwards sets), C.14 as written;
* D.2 by its "exact procedure" (DELTA from DIFFMIN; I over S1LIST, J over S2LIST);
* D.3 as the lexicographic list of its table;
* D.1 as every permutation of S2 in lexicographic order (``itertools.permutations`` of
  the A.2-ordered S2), the first len(S1) paired (D.1.2).

The criteria are read from the text too (B.1, B.2, A.7.d, B.5, B.6, X/Z of A.8 and C.10.e),
on the facts of the rulebook's standings (scores, colour preferences, float history, bye
eligibility): only the facts are shared with the engine, never its search.  It keeps the
engine's one documented departure (C.12/C.13 replaced by "the players moved down can still
be paired with everyone below"), decided here by brute-force recursion.
"""

from __future__ import annotations

from itertools import combinations, permutations

from dubov_explain.rulebooks import find_rulebook

BOOK = find_rulebook("dutch-2012")


class Stop(Exception):
    pass


def d2_exchanges(n1: int, n2: int, size: int):
    """D.2's exact procedure for N = ``size``: positions 1..n1 in S1, n1+1..n1+n2 in S2."""
    s1list = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, n1 + 1), size)),
                    reverse=True)
    s2list = list(combinations(range(n1 + 1, n1 + n2 + 1), size))
    if not s1list or not s2list:
        return []

    def differenz(i, j):
        return sum(s2list[j]) - sum(s1list[i])

    diffmin, diffmax = differenz(0, 0), differenz(len(s1list) - 1, len(s2list) - 1)
    out = []
    delta = diffmin
    while delta <= diffmax:
        for i in range(len(s1list)):
            for j in range(len(s2list)):
                if differenz(i, j) == delta:
                    out.append((s1list[i], s2list[j]))
        delta += 1
    return out


class Literal:
    def __init__(self, t, round_no=None, readings=None):
        self.st = BOOK.standings(t, round_no, readings)
        self.readings = readings or BOOK.readings()
        self.odd = self.st.round % 2 == 1

    # ---- facts (A.2, A.7, A.4, B.1.b)
    def key(self, n):
        return (-self.st[n].score, self.st[n].initial_rank)

    def pref(self, n):
        p = self.st[n].preference.value
        return None if p == "-" else p

    def strength(self, n):
        return self.st[n].strength.value

    def may_meet(self, a, b, b2=True):
        k = frozenset((a, b))
        if k in self.st.met or k in self.st.forbidden:
            return False
        if b2 and self.strength(a) == "absolute" and self.strength(b) == "absolute" \
                and self.pref(a) == self.pref(b):
            return False
        return True

    def completable(self, players):
        players = list(players)
        if not players:
            return True
        if len(players) % 2:
            return any(self.st[q].bye_eligible and
                       self.completable([x for x in players if x != q]) for q in players)
        a = players[0]
        return any(self.may_meet(a, b) and self.completable([x for x in players[1:] if x != b])
                   for b in players[1:])

    # ---- A.8
    def x1_z1(self, players, p0):
        W = B = w = b = a = 0
        for n in players:
            pr = self.pref(n)
            if pr is None:
                a += 1
            elif not self.odd and self.strength(n) == "mild" and self.st[n].unplayed % 2:
                if pr == "w":
                    w += 1
                else:
                    b += 1
            elif pr == "w":
                W += 1
            else:
                B += 1
        x1 = p0 - W - w - a if B + b > W + w else p0 - B - b - a
        x1 = max(0, x1)
        if self.odd:
            return x1, None
        z1 = p0 - W - b - w - a if B > W else p0 - B - b - w - a
        return x1, max(0, z1)

    # ---- a candidate against the requirements in force
    def pair_ok(self, a, b, req):
        if not self.may_meet(a, b, req["B2"]):
            return False
        if req["A7d"] and self.pref(a) is not None and self.pref(a) == self.pref(b) and \
                self.strength(a) in ("strong", "absolute") and \
                self.strength(b) in ("strong", "absolute"):
            return False
        sa, sb = self.st[a].score, self.st[b].score
        if sa != sb:
            low = b if sa > sb else a
            fl = self.st[low].floats
            if req["B5u"] and fl and fl[-1] == "up":
                return False
            if req["B6u"] and len(fl) >= 2 and fl[-2] == "up":
                return False
        return True

    def spend(self, pairs):
        x = sum(1 for a, b in pairs if self.pref(a) is not None and self.pref(a) == self.pref(b))
        z = sum(1 for a, b in pairs if self.pref(a) is not None and self.pref(a) == self.pref(b)
                and self.strength(a) in ("strong", "absolute")
                and self.strength(b) in ("strong", "absolute"))
        return x, z

    def leftover_ok(self, rest, req, below, lowest):
        if lowest and not (len(rest) == 0 or (len(rest) == 1 and self.st[rest[0]].bye_eligible)):
            return False
        for q in rest:
            fl = self.st[q].floats
            if req["B5d"] and fl and fl[-1] == "down":
                return False
            if req["B6d"] and len(fl) >= 2 and fl[-2] == "down":
                return False
        return lowest or self.completable(list(rest) + list(below))

    # ---- C.4-C.8.a, homogeneous (or remainder)
    def homogeneous(self, players, p, req, x, z, below, lowest):
        players = sorted(players, key=self.key)
        s1, s2 = players[:p], players[p:]
        tries = [(s1, s2)]
        for size in range(1, min(p, len(s2)) + 1):
            for a, b in d2_exchanges(p, len(s2), size):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                tries.append((sorted([q for q in s1 if q not in out1] + in2, key=self.key),
                              sorted([q for q in s2 if q not in in2] + out1, key=self.key)))
        for t1, t2 in tries:
            seen = set()
            for perm in permutations(t2):
                head = perm[:p]
                if head in seen:
                    continue
                seen.add(head)
                pairs = list(zip(t1, head))
                if not all(self.pair_ok(a, b, req) for a, b in pairs):
                    continue
                sx, sz = self.spend(pairs)
                if sx > x or (z is not None and sz > z):
                    continue
                if not self.leftover_ok(perm[p:], req, below, lowest):
                    continue
                return pairs, list(perm[p:])
        return None

    # ---- C.4-C.9, heterogeneous
    def heterogeneous(self, players, mdps, m1, p1, req, below, lowest, reached):
        mdps = sorted(mdps, key=self.key)
        for s1 in combinations(mdps, m1):
            s2 = sorted([q for q in players if q not in s1], key=self.key)
            seen = set()
            for perm in permutations(s2):
                head = perm[:m1]
                if head in seen:
                    continue
                seen.add(head)
                pairs = list(zip(s1, head))
                if not all(self.pair_ok(a, b, req) for a, b in pairs):
                    continue
                sx, sz = self.spend(pairs)
                if sx > req["X"] or (req["Z"] is not None and sz > req["Z"]):
                    continue
                reached[0] = True
                whole = self.readings.value("remainder-budget") == "bracket"
                rest = self.homogeneous(list(perm[m1:]), p1 - m1, req,
                                        req["X"] - sx if whole else req["X"],
                                        (None if req["Z"] is None else
                                         req["Z"] - sz if whole else req["Z"]),
                                        below, lowest)
                if rest is not None:
                    return pairs + rest[0], rest[1]
        return None

    # ---- C.3 and C.10 as a state machine
    def requirements(self, p1, x1, z1, het, down, top):
        odd_a7d = self.odd and self.readings.value("strong-as-absolute") == "forbid"
        req = dict(B2=True, A7d=odd_a7d, X=x1, Z=z1, B5d=down, B6d=down, B5u=het, B6u=het)

        def reset_from(letter):  # C.3.<letter> onwards
            order = "cdefgh"
            for c in order[order.index(letter):]:
                if c == "c":
                    req["A7d"] = odd_a7d
                elif c == "d":
                    req["X"], req["Z"] = x1, z1
                elif c == "e":
                    req["B5d"] = down
                elif c == "f":
                    req["B6d"] = down
                elif c == "g":
                    req["B5u"] = het
                elif c == "h":
                    req["B6u"] = het

        yield dict(req)
        while True:
            if het and req["B6u"]:
                req["B6u"] = False
            elif het and req["B5u"]:
                req["B5u"] = False
                reset_from("h")
            elif down and req["B6d"]:
                req["B6d"] = False
                reset_from("g")
            elif down and req["B5d"]:
                req["B5d"] = False
                reset_from("f")
            elif self.odd and req["X"] < p1:
                req["X"] += 1
                reset_from("e")
            elif not self.odd and req["Z"] < req["X"]:
                req["Z"] += 1
                reset_from("e")
            elif not self.odd and req["Z"] == req["X"] and req["X"] < p1:
                req["X"] += 1
                req["Z"] = z1
                reset_from("e")
            elif req["A7d"]:
                req["A7d"] = False
                reset_from("d")
            elif top and req["B2"]:
                req["B2"] = False
                reset_from("c")
            else:
                return
            yield dict(req)

    # ---- one bracket, C.1-C.14
    def bracket(self, mdps, residents, below):
        lowest = not below
        players = sorted(mdps + residents, key=self.key)
        over = self.st.top_over
        # A.10 (reading acceleration-top-scorers): the real score, or the pairing score
        real_top = self.readings.value("acceleration-top-scorers") == "real"
        top = over is not None and any(
            (self.st[n].points if real_top else self.st[n].score) > over for n in players)
        down = []
        if not lowest:
            for n in list(players):
                if not any(self.may_meet(n, o, not top) for o in players if o != n):
                    down.append(n)
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]
        n = len(players)
        m0 = len(mdps)
        homogeneous = m0 == 0 or 2 * m0 >= n
        p0 = n // 2
        p1, m1 = p0, (0 if homogeneous else m0)
        x1, z1 = self.x1_z1(players, p0)
        reached = [False]
        while True:
            if p1 < 0:
                raise Stop
            if p1 == 0 and not lowest:
                return [], sorted(down + players, key=self.key)
            moves = n - 2 * p1 > 0 and (
                not lowest or self.readings.value("bye-downfloat") == "downfloat")
            for req in self.requirements(p1, x1, z1, not homogeneous, moves, top):
                if homogeneous:
                    got = self.homogeneous(players, p1, req, req["X"], req["Z"],
                                           down + below, lowest)
                else:
                    got = self.heterogeneous(players, mdps, m1, p1, req, down + below,
                                             lowest, reached)
                if got is not None:
                    return got[0], sorted(down + got[1], key=self.key)
            if homogeneous or (reached[0] and not lowest and p1 > m1):
                p1 -= 1
                x1 = max(0, x1 - 1)
                z1 = max(0, z1 - 1) if z1 is not None else None
            elif m1 > 1:
                m1 -= 1
            else:
                m1, homogeneous, p1 = 0, True, p0
                x1, z1 = self.x1_z1(players, p0)

    def round(self):
        """(set of unordered pairs, bye) or None when no complete pairing exists."""
        rest = sorted((p.number for p in self.st.players if p.present), key=self.key)
        if not self.completable(rest):
            return None
        pairs = []
        carried: list[int] = []
        while rest:
            top = self.st[rest[0]].score
            residents = [n for n in rest if self.st[n].score == top]
            rest = [n for n in rest if self.st[n].score != top]
            got, carried = self.bracket(carried, residents, rest)
            pairs += got
        bye = carried[0] if carried else None
        return {frozenset(p) for p in pairs}, bye


def literal_round(t, round_no=None, readings=None):
    return Literal(t, round_no, readings).round()
