"""Each tie-break of each player, with the elements it is built from (FIDE C.07, 2026).

Exact: scores are Fractions, ratings ints; nothing is rounded but what C.07 rounds (ARO's
average, 10.1; TPR's fractional score through the FIDE conversion table, 10.2).

Unplayed rounds (Article 16, for Swiss tournaments):

* a *voluntary unplayed round* (VUR, 16.1.2) is a requested bye (half- or zero-point,
  16.1.1: every round after a withdrawal, a round the file leaves blank, is a zero-point
  bye) or a forfeit loss;
* an unplayed round is of category 16.2.1 (PAB, full-point bye), 16.2.2 (forfeit win),
  16.2.3 (requested bye followed by a round that is not a VUR), 16.2.4 (forfeit loss) or
  16.2.5 (requested bye followed only by VURs, or in the last round);
* for the tie-breaks of the *opponents*, a participant's score is adjusted (16.3): rounds
  of 16.2.1-16.2.4 count the points awarded, rounds of 16.2.5 count a draw;
* for the participant's *own* tie-break, each unplayed round is a game against a virtual
  opponent (a "dummy", 16.4) whose score is the participant's own score, but at most the
  scheduled opponent's adjusted score for a forfeit (16.4.1), and at most a draw times
  the rounds of the tournament otherwise (16.4.2);
* a cut (Article 14) of a participant with VURs cuts the lowest contribution of a VUR when
  it is not lower than the least significant value (16.5).

A round the tournament has not played yet is not counted: the standings of a tournament in
progress are over the rounds with all results in (:attr:`Field.rounds`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..records import dataclass, field
from ..tournament.model import PENDING, PLAYED_CODES, Colour, Tournament
from .spec import RATING_BASED, TieBreak

#: what a round was for a player (the facts the tie-breaks read)
PLAYED, FORFEIT_WIN, FORFEIT_LOSS = "played", "forfeit-win", "forfeit-loss"
PAB, FPB, HPB, ZPB, ABSENT = "pab", "full-point-bye", "half-point-bye", "zero-point-bye", "absent"
_BYE_KIND = {"U": PAB, "F": FPB, "H": HPB, "Z": ZPB}

#: C.07 10.2 / FIDE Rating Regulations 8.1(a): fractional score p (in hundredths, 50-100)
#: -> rating difference dp; below 50 the difference is the negative of 100 - p's
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
       158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
       336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)
#: C.07 10.3 / FIDE Rating Regulations 8.1(b): the first rating difference of each scoring
#: probability 0.50 .. 1.00 (the higher-rated player's); 736 and above is 1.00 (10.3: the full
#: scale, no 400-point cut)
_PD_FROM = (0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138,
            146, 154, 163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291,
            303, 316, 329, 345, 358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736)


def dp(p_hundredths: int) -> int:
    """The rating difference of a fractional score (8.1(a)), p in hundredths 0-100."""
    return _DP[p_hundredths - 50] if p_hundredths >= 50 else -_DP[50 - p_hundredths]


def expected_hundredths(diff: int) -> int:
    """The scoring probability (hundredths) of a player rated ``diff`` above the opponent."""
    d = abs(diff)
    pd = 50
    for i, start in enumerate(_PD_FROM):
        if d >= start:
            pd = 50 + i
    return pd if diff >= 0 else 100 - pd


def art(*numbers: int) -> tuple[int, ...]:
    """An article of C.07, as numbers: ``art(16, 4, 1)``."""
    return tuple(numbers)


@dataclass(frozen=True, slots=True)
class Round:
    """One round of one player, as the tie-breaks read it."""

    round: int
    kind: str
    opponent: int | None
    colour: str | None
    points: Fraction

    @property
    def played(self) -> bool:
        return self.kind == PLAYED

    @property
    def vur(self) -> bool:
        """A voluntary unplayed round (16.1.2)."""
        return self.kind in (HPB, ZPB, ABSENT, FORFEIT_LOSS)


@dataclass(frozen=True, slots=True)
class Element:
    """One addend of a tie-break: a round, with where its numbers come from."""

    round: int
    #: the player's round kind (``played``, ``forfeit-win``, ``pab`` ...)
    kind: str
    opponent: int | None
    #: the opponent's (adjusted) score, or the virtual opponent's; a rating for ARO/TPR/PTP;
    #: the running score for PS; 1/0 for a count
    score: Fraction | int
    #: the player's points in that round
    scored: Fraction
    #: the addend (BH: the score; SB: score x points scored)
    value: Fraction | int
    vur: bool = False
    #: the opponent's real score when the adjusted one differs (16.3), else None
    real: Fraction | None = None
    #: the C.07 article that gives the score: (16, 3) adjusted, (16, 4, 1)/(16, 4, 2) a
    #: virtual opponent capped, (16, 4) a virtual opponent at the own score; () plain
    article: tuple[int, ...] = ()
    #: the category of the player's unplayed round (16.2.x), () when played
    category: tuple[int, ...] = ()
    cut: bool = False


@dataclass(frozen=True, slots=True)
class Value:
    """One tie-break of one player: the value and its elements."""

    tiebreak: TieBreak
    value: Fraction | int | None
    elements: tuple[Element, ...] = ()
    #: further facts, as (name, value) pairs (TPR's p and dp, PTP's search, a drop reason)
    facts: tuple[tuple[str, str], ...] = ()


class Field:
    """The players' rounds 1..``rounds`` and the scores Article 16 derives from them."""

    def __init__(self, t: Tournament, rounds: int | None = None, *, fore: bool = False) -> None:
        self.tournament = t
        self.rounds = rounds if rounds is not None else completed_rounds(t)
        #: the tournament's number of rounds (16.4.2; the final round of FB, 8.3)
        self.total = max(t.total_rounds or 0, self.rounds)
        self.win = t.scoring.win
        self.draw = t.scoring.value("WD")
        self.fore = fore
        self.player = {p.number: p for p in t.players}
        self.numbers = sorted(self.player)
        self.by: dict[int, tuple[Round, ...]] = {}
        for p in t.players:
            rows = []
            for r in range(1, self.rounds + 1):
                e = p.entry(r)
                if e is None or (e.opponent is None and e.code not in _BYE_KIND):
                    rows.append(Round(r, ABSENT, None, None, Fraction(0)))
                    continue
                pts = t.scoring.points(e)
                colour = e.colour._value_ if isinstance(e.colour, Colour) else None
                if e.opponent is None:
                    rows.append(Round(r, _BYE_KIND[e.code], None, None, pts))
                elif e.code in PLAYED_CODES:
                    rows.append(Round(r, PLAYED, e.opponent, colour, pts))
                elif e.code == "+":
                    rows.append(Round(r, FORFEIT_WIN, e.opponent, colour, pts))
                else:  # "-", or a result still pending (never in a completed round)
                    rows.append(Round(r, FORFEIT_LOSS, e.opponent, colour, pts))
            self.by[p.number] = tuple(rows)
        if fore and self.rounds == self.total and self.rounds:
            # 8.3: every paired game of the final round as a draw
            n = self.rounds
            for num, rows in self.by.items():
                last = rows[n - 1]
                if last.opponent is not None:
                    self.by[num] = rows[:-1] + (Round(n, PLAYED, last.opponent, last.colour,
                                                      self.draw),)
        self.points = {n: sum((x.points for x in rows), Fraction(0)) for n, rows in self.by.items()}
        self.adjusted = {n: self._adjusted(n) for n in self.by}

    # -- Article 16 -----------------------------------------------------------------------

    def category(self, number: int, rnd: Round) -> tuple[int, ...]:
        """The 16.2 category of an unplayed round (``()`` for a game played)."""
        if rnd.kind == PLAYED:
            return ()
        if rnd.kind in (PAB, FPB):
            return art(16, 2, 1)
        if rnd.kind == FORFEIT_WIN:
            return art(16, 2, 2)
        if rnd.kind == FORFEIT_LOSS:
            return art(16, 2, 4)
        later = self.by[number][rnd.round:]
        return art(16, 2, 3) if any(not x.vur for x in later) else art(16, 2, 5)

    def adjusted_points(self, number: int, rnd: Round) -> Fraction:
        """What the round counts for in this player's score as the opponents read it
        (16.3): a draw for a 16.2.5 round, else the points awarded."""
        return self.draw if self.category(number, rnd) == art(16, 2, 5) else rnd.points

    def _adjusted(self, number: int) -> Fraction:
        return sum((self.adjusted_points(number, x) for x in self.by[number]), Fraction(0))

    def dummy(self, number: int, rnd: Round) -> tuple[Fraction, tuple[int, ...]]:
        """The virtual opponent's score of an unplayed round (16.4) and the article that
        sets it."""
        own = self.points[number]
        if rnd.kind in (FORFEIT_WIN, FORFEIT_LOSS) and rnd.opponent in self.adjusted:
            cap = self.adjusted[rnd.opponent]
            return (own, art(16, 4)) if own <= cap else (cap, art(16, 4, 1))
        cap = self.draw * self.rounds
        return (own, art(16, 4)) if own <= cap else (cap, art(16, 4, 2))

    def opponent_elements(self, number: int, sb: bool = False) -> list[Element]:
        """BH's (or SB's) elements: each round's opponent score, or the virtual opponent's."""
        out = []
        for x in self.by[number]:
            if x.kind == PLAYED:
                score = self.adjusted[x.opponent]
                real = self.points[x.opponent]
                out.append(Element(x.round, x.kind, x.opponent, score, x.points,
                                   score * x.points if sb else score, False,
                                   real if real != score else None,
                                   art(16, 3) if real != score else ()))
            else:
                score, why = self.dummy(number, x)
                out.append(Element(x.round, x.kind, x.opponent, score, x.points,
                                   score * x.points if sb else score, x.vur, None, why,
                                   self.category(number, x)))
        return out


def completed_rounds(t: Tournament) -> int:
    """The rounds with every result in: the last round with games, less any round from
    the first one with a pending result."""
    last = t.rounds_with_games
    for r in range(1, last + 1):
        if any((e := p.entry(r)) is not None and e.opponent is not None and e.code == PENDING
               for p in t.players):
            return r - 1
    return last


# -- cuts (Article 14, with 16.5) -------------------------------------------------------------

def cut(elements: list[Element], low: int, high: int) -> list[Element]:
    """Mark the cut elements: ``low`` least significant values (14.1, 14.2; the lowest
    score, the lowest contribution among equal scores, 14.1.2 d), each time the lowest
    contribution of a VUR instead when it is not lower (16.5.1, 16.5.2), then ``high`` most
    significant values (14.3, 14.4)."""
    low = min(low, len(elements))
    high = min(high, len(elements) - low)
    left = list(range(len(elements)))
    gone: set[int] = set()
    for _ in range(low):
        lsv = min(left, key=lambda i: (elements[i].score, elements[i].value, elements[i].round))
        vurs = [i for i in left if elements[i].vur]
        pick = lsv
        if vurs:
            v = min(vurs, key=lambda i: (elements[i].value, elements[i].score, elements[i].round))
            if elements[v].value >= elements[lsv].value:
                pick = v
        gone.add(pick)
        left.remove(pick)
    for _ in range(high):
        msv = max(left, key=lambda i: (elements[i].score, elements[i].value, -elements[i].round))
        gone.add(msv)
        left.remove(msv)
    return [_cut(e) if i in gone else e for i, e in enumerate(elements)]


def _cut(e: Element) -> Element:
    from ..records import replace

    return replace(e, cut=True)


def _sum(elements: Iterable[Element]) -> Fraction:
    return sum((e.value for e in elements if not e.cut), Fraction(0))


def _round_half_up(x: Fraction) -> int:
    return int((x * 2 + 1) // 2)


# -- the tie-breaks -------------------------------------------------------------------------

def compute(f: Field, tb: TieBreak, number: int, *, fore: Field | None = None,
            cache: dict | None = None) -> Value:
    """One tie-break of one player (DE is a group stage: :mod:`.ranking`)."""
    code = tb.code
    rows = f.by[number]
    if code in RATING_BASED and any(p.rating <= 0 for p in f.tournament.players):
        # Article 10: dropped when unrated players are present, unless the rules of the
        # tournament say how to handle them
        return Value(tb, None, (), (("dropped", "unrated"),))
    if code in ("BH", "SB", "FB"):
        g = f if code != "FB" else (fore or Field(f.tournament, f.rounds, fore=True))
        els = cut(g.opponent_elements(number, sb=code == "SB"), tb.cut_low, tb.cut_high)
        return Value(tb, _sum(els), tuple(els))
    if code == "AOB":
        # 8.2: the average of the opponents' Buchholz, over the games played
        plain = TieBreak("BH")
        memo = cache if cache is not None else {}
        els = []
        for x in rows:
            if x.kind != PLAYED:
                continue
            key = ("BH", x.opponent)
            if key not in memo:
                memo[key] = compute(f, plain, x.opponent).value
            bh = memo[key]
            els.append(Element(x.round, x.kind, x.opponent, bh, x.points, bh))
        if not els:
            return Value(tb, None, ())
        return Value(tb, _sum(els) / len(els), tuple(els))
    if code == "PS":
        # 7.5: the sum of the running scores after each round; Cut-n drops the first n
        run = Fraction(0)
        els = []
        for x in rows:
            run += x.points
            els.append(Element(x.round, x.kind, x.opponent, run, x.points, run,
                               cut=x.round <= tb.cut_low))
        return Value(tb, _sum(els), tuple(els))
    if code in ("WIN", "WON", "BPG", "BWG", "REP", "STD"):
        els = [_count(f, code, number, x) for x in rows]
        total = _sum(els)
        # counts are whole numbers; STD counts halves
        return Value(tb, int(total) if total.denominator == 1 and code != "STD" else total,
                     tuple(els))
    if code == "TPN":
        return Value(tb, number)
    if code == "RTNG":
        return Value(tb, f.player[number].rating)
    if code in ("ARO", "TPR", "PTP"):
        return _rating(f, tb, number)
    raise ValueError(code)  # pragma: no cover - spec.KNOWN and this list agree


def _count(f: Field, code: str, number: int, x: Round) -> Element:
    """One round's addend of a Type B count (Article 7)."""
    won = x.kind == PLAYED and x.points == f.win
    if code == "WIN":  # 7.1: as many points as a win, with or without playing
        v = Fraction(int(x.points == f.win))
    elif code == "WON":  # 7.2
        v = Fraction(int(won))
    elif code == "BPG":  # 7.3
        v = Fraction(int(x.kind == PLAYED and x.colour == "b"))
    elif code == "BWG":  # 7.4
        v = Fraction(int(won and x.colour == "b"))
    elif code == "REP":  # 7.6: the rounds less half- and zero-point byes and forfeit losses
        v = Fraction(int(x.kind not in (HPB, ZPB, ABSENT, FORFEIT_LOSS)))
    else:  # STD, 7.7: against the scheduled opponent's points, else against a draw.
        # A double forfeit (both lose, no game) scores the same as the scheduled opponent:
        # half a point, as 7.7 words it (Gacrux compares with a draw instead and counts 0)
        if x.opponent is not None:
            other = next(y.points for y in f.by[x.opponent] if y.round == x.round) \
                if x.opponent in f.by else Fraction(0)
        else:
            other = f.draw
        v = Fraction(1) if x.points > other else Fraction(1, 2) if x.points == other else Fraction(0)
        return Element(x.round, x.kind, x.opponent, other, x.points, v)
    return Element(x.round, x.kind, x.opponent, v, x.points, v)


def _rating(f: Field, tb: TieBreak, number: int) -> Value:
    """ARO (10.1, with Article 14's cuts), TPR (10.2), PTP (10.3): over the games played."""
    # the game's result as the rating regulations count it (1, 1/2, 0), whatever the
    # tournament's scoring
    def result(x: Round) -> Fraction:
        return Fraction(1) if x.points == f.win else Fraction(1, 2) if x.points == f.draw \
            else Fraction(0)

    els = [Element(x.round, x.kind, x.opponent, f.player[x.opponent].rating, result(x),
                   f.player[x.opponent].rating)
           for x in f.by[number] if x.kind == PLAYED]
    if not els:
        return Value(tb, None, ())
    if tb.code == "ARO":
        els = _cut_ratings(els, tb.cut_low, tb.cut_high)
    kept = [e for e in els if not e.cut]
    if not kept:
        return Value(tb, None, tuple(els))
    ratings = [int(e.value) for e in kept]
    aro = _round_half_up(Fraction(sum(ratings), len(ratings)))
    if tb.code == "ARO":
        return Value(tb, aro, tuple(els))
    score = sum((e.scored for e in kept), Fraction(0))
    if tb.code == "TPR":
        # the fractional score, to the hundredth (half up), through table 8.1(a)
        p = _round_half_up(score * 100 / len(kept))
        return Value(tb, aro + dp(p), tuple(els),
                     (("aro", str(aro)), ("score", _num(score)), ("games", str(len(kept))),
                      ("p", f"{p / 100:.2f}"), ("dp", str(dp(p)))))
    # PTP: the lowest rating whose expected score reaches the score; a zero score is the
    # lowest opponent's rating less 800
    if score == 0:
        ptp = min(ratings) - 800
    else:
        need = score * 100
        lo, hi = min(ratings) - 800, max(ratings) + 800
        while lo < hi:
            mid = (lo + hi) // 2
            if sum(expected_hundredths(mid - r) for r in ratings) >= need:
                hi = mid
            else:
                lo = mid + 1
        ptp = lo
    return Value(tb, ptp, tuple(els), (("score", _num(score)), ("games", str(len(kept)))))


def _cut_ratings(els: list[Element], low: int, high: int) -> list[Element]:
    order = sorted(range(len(els)), key=lambda i: (els[i].value, els[i].round))
    low = min(low, len(els))
    high = min(high, len(els) - low)
    gone = set(order[:low]) | set(order[len(order) - high:] if high else ())
    return [_cut(e) if i in gone else e for i, e in enumerate(els)]


def _num(x: Fraction) -> str:
    return format_value(x)


def format_value(v) -> str:
    """A value as arbiters write it: ``12.5``, ``6.25``, ``13.0``; a value that is no
    finite decimal to 2 places to 3 places (AOB's averages); ratings as integers; ``-``
    for none."""
    if v is None:
        return "-"
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    v = Fraction(v)
    for places in (1, 2):
        scaled = v * 10 ** places
        if scaled.denominator == 1:
            return f"{float(v):.{places}f}"
    q = _round_half_up(v * 1000) if v >= 0 else -_round_half_up(-v * 1000)
    sign = "-" if q < 0 else ""
    q = abs(q)
    return f"{sign}{q // 1000}.{q % 1000:03d}"


@dataclass(frozen=True)
class PlayerValues:
    """A player's values of a whole list."""

    number: int
    points: Fraction
    values: dict = field(default_factory=dict)
