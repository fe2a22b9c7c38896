"""The standings: points, then the tie-break list (C.07 4.2), and why one player is above
another.

Each tie-break orders the groups still tied after the ones before it (4.2); Direct
Encounter (Article 6) is computed on the group it meets, so it is a group stage, not a
value per player.  Players tied when the list is exhausted share their rank (4.2 leaves
them to the drawing of lots, or to the tournament's rules); they are listed by starting
number.
"""

from __future__ import annotations

from fractions import Fraction

from ..records import dataclass, field
from ..tournament.model import Tournament
from .compute import PLAYED, Element, Field, Value, compute, completed_rounds
from .spec import TieBreak


@dataclass(frozen=True)
class Row:
    """One player's line of the standings."""

    rank: int
    number: int
    name: str
    rating: int
    points: Fraction
    #: the list's values, in its order
    values: tuple[Value, ...]
    #: shares the rank with another player (the list did not separate them)
    tied: bool = False


@dataclass(frozen=True)
class Standings:
    tournament: Tournament = field(compare=False)
    #: the rounds counted (every result in)
    rounds: int
    #: the tournament's number of rounds (0 when the file does not say)
    total: int
    tiebreaks: tuple[TieBreak, ...]
    #: where the list comes from: ``--tiebreaks``, ``212``, ``202`` or ``default``
    source: str
    rows: tuple[Row, ...]
    #: the rating-based tie-breaks dropped because unrated players are present (Article 10)
    dropped: tuple[str, ...] = ()
    field: Field | None = field(default=None, compare=False)

    @property
    def final(self) -> bool:
        return bool(self.total) and self.rounds >= self.total

    def row(self, number: int) -> Row:
        return next(r for r in self.rows if r.number == number)


def final_standings(t: Tournament, tiebreaks: tuple[TieBreak, ...], source: str = "default",
                    rounds: int | None = None) -> Standings:
    """Rank the players after ``rounds`` (default: every round with all its results)."""
    f = Field(t, rounds if rounds is not None else completed_rounds(t))
    fore = Field(t, f.rounds, fore=True) if any(tb.code == "FB" for tb in tiebreaks) else None
    cache: dict = {}
    values: dict[int, dict[int, Value]] = {n: {} for n in f.numbers}
    for i, tb in enumerate(tiebreaks):
        if tb.code == "DE":
            continue
        for n in f.numbers:
            values[n][i] = compute(f, tb, n, fore=fore, cache=cache)
    groups: list[list[int]] = _split(f.numbers, lambda n: f.points[n], True)
    for i, tb in enumerate(tiebreaks):
        new: list[list[int]] = []
        for g in groups:
            if tb.code == "DE":
                parts = de_order(f, g)
                _de_values(f, tb, g, parts, i, values)
                new += parts
            elif len(g) == 1:
                new.append(g)
            else:
                new += _split(g, lambda n: values[n][i].value, tb.higher_first)
        groups = new
    for g in groups:  # a single player met by DE gets its (empty) value too
        for n in g:
            for i, tb in enumerate(tiebreaks):
                if i not in values[n]:
                    values[n][i] = Value(tb, 0)
    rows = []
    place = 1
    for g in groups:
        for n in sorted(g):
            p = f.player[n]
            rows.append(Row(place, n, p.name, p.rating, f.points[n],
                            tuple(values[n][i] for i in range(len(tiebreaks))), len(g) > 1))
        place += len(g)
    unrated = any(p.rating <= 0 for p in t.players)
    dropped = tuple(tb.text for tb in tiebreaks if unrated and tb.code in ("ARO", "TPR", "PTP",
                                                                           "RTNG"))
    return Standings(t, f.rounds, t.total_rounds or 0, tuple(tiebreaks), source, tuple(rows),
                     dropped, f)


def _split(group, key, higher_first: bool) -> list[list[int]]:
    """``group`` ordered by ``key`` (None last), cut where the value changes."""
    def order(n):
        v = key(n)
        return (v is None, 0 if v is None else (-v if higher_first else v), n)

    out: list[list[int]] = []
    last = object()
    for n in sorted(group, key=order):
        v = key(n)
        if out and v == last:
            out[-1].append(n)
        else:
            out.append([n])
        last = v
    return out


# -- Direct Encounter (Article 6) ---------------------------------------------------------

def de_table(f: Field, group) -> dict[int, tuple[Fraction, int, tuple[Element, ...]]]:
    """Each member's score against the others (6.1: games played only, 6.1.1; the average
    of several games against one opponent, 6.1.2), the members not met, the encounters."""
    members = set(group)
    out = {}
    for p in group:
        per: dict[int, list[Fraction]] = {}
        els = []
        for x in f.by[p]:
            if x.kind == PLAYED and x.opponent in members and x.opponent != p:
                per.setdefault(x.opponent, []).append(x.points)
                els.append(Element(x.round, x.kind, x.opponent, x.points, x.points, x.points))
        score = sum((sum(v, Fraction(0)) / len(v) for v in per.values()), Fraction(0))
        out[p] = (score, len(members) - 1 - len(per), tuple(els))
    return out


def de_order(f: Field, group: list[int]) -> list[list[int]]:
    """The group in Direct Encounter order, as an ordered partition (ties kept together)."""
    if len(group) < 2:
        return [list(group)]
    table = de_table(f, group)
    score = {p: table[p][0] for p in group}
    if all(table[p][1] == 0 for p in group):
        # 6.2: all met: the separate standings rank them; ties are reapplied to
        parts = _split(group, score.__getitem__, True)
        if len(parts) == 1:
            return parts
        return [q for part in parts for q in de_order(f, part)]
    # 6.3: not all met: a member alone at the top whatever the missing games give
    # (their own lost, the others' won) is first; then the second, and so on
    best = {p: score[p] + f.win * table[p][1] for p in group}
    rest = sorted(group, key=lambda p: (-score[p], -best[p], p))
    ranked: list[list[int]] = []
    while len(rest) > 1 and score[rest[0]] > max(best[q] for q in rest[1:]):
        ranked.append([rest.pop(0)])
    if not ranked:
        return [sorted(group)]
    # then Article 6 again on the members still unranked
    return ranked + de_order(f, rest)


def _de_values(f: Field, tb: TieBreak, group, parts, i, values) -> None:
    """DE's value: the place within the group it met (0 when it separated nothing), with
    the encounters and the group's scores as facts."""
    table = de_table(f, group) if len(group) > 1 else {group[0]: (Fraction(0), 0, ())}
    separated = len(parts) > 1
    place = 1
    members = " ".join(str(n) for n in sorted(group))
    for part in parts:
        for n in part:
            score, missing, els = table[n]
            values[n][i] = Value(tb, place if separated else 0, els,
                                 (("group", members), ("score", str(score)),
                                  ("missing", str(missing))))
        place += len(part)


# -- why one player is above another --------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """Why ``above`` ranks above ``below``: by points, by the ``index``-th tie-break (the
    ones before it equal), or not at all (tied: the list is exhausted)."""

    above: Row
    below: Row
    #: ``points``, ``tiebreak`` or ``tied``
    by: str
    #: the deciding tie-break's position in the list (-1: points or tied)
    index: int = -1
    #: the tie-breaks before it, which were equal
    equal: tuple[int, ...] = ()


@dataclass(frozen=True)
class StandingAnswer:
    player: Row
    standings: Standings = field(compare=False)
    above: Comparison | None = None
    below: Comparison | None = None


def compare(s: Standings, a: Row, b: Row) -> Comparison:
    if a.points != b.points:
        return Comparison(a, b, "points")
    equal = []
    for i, tb in enumerate(s.tiebreaks):
        va, vb = a.values[i].value, b.values[i].value
        if va != vb:
            return Comparison(a, b, "tiebreak", i, tuple(equal))
        equal.append(i)
    return Comparison(a, b, "tied", -1, tuple(equal))


def why_standing(s: Standings, number: int) -> StandingAnswer:
    """Which tie-break put ``number`` below the player above and above the one below."""
    idx = next(i for i, r in enumerate(s.rows) if r.number == number)
    row = s.rows[idx]
    above = compare(s, s.rows[idx - 1], row) if idx > 0 else None
    below = compare(s, row, s.rows[idx + 1]) if idx + 1 < len(s.rows) else None
    return StandingAnswer(row, s, above, below)
