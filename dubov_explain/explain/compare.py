"""Compare two readings of the rule text on one tournament: where do they part?

The engine pairs the round twice, once per set of readings, and the two traces are read
side by side.  The first event that differs (the header, which only lists the readings,
is skipped) is the decision where the readings part; everything after it follows from
it.  The pairings are then shown board by board.  Nothing here knows a rule: the two
pairings are ``rulebook.pair`` calls of the rulebook named by ``system``
(:func:`~dubov_explain.rulebooks.find_rulebook`), the bracket in which they part is asked
of it (``rulebook.bracket_of``); :mod:`dubov_explain.render.compare` words the result
(``templates/compare.md.j2``).

>>> from dubov_explain.examples import load_example
>>> c = compare_mapping(load_example(), {}, {"c9-measure": "max"})
>>> c.identical
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..rulebooks import DEFAULT_SYSTEM, find_rulebook, system_of
from ..rulebooks.readings import Readings, ReadingError
from ..trace.events import Event, Impossible, PairingPublished, RoundOpened, Trace

__all__ = [
    "Side",
    "Comparison",
    "first_difference",
    "compare_readings",
    "parse_sides",
    "board_rows",
    "compare_mapping",
]


@dataclass(frozen=True)
class Side:
    label: str
    readings: Readings
    trace: Trace

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        r = self.trace.result
        return tuple(r.boards) if isinstance(r, PairingPublished) else ()

    @property
    def bye(self) -> int | None:
        r = self.trace.result
        return r.bye if isinstance(r, PairingPublished) else None


@dataclass(frozen=True)
class Comparison:
    left: Side
    right: Side
    #: index (in both traces) of the first event that differs, None when the traces agree
    index: int | None

    @property
    def identical(self) -> bool:
        return self.index is None

    @property
    def system(self) -> str:
        """The rulebook both sides were paired by."""
        return system_of(self.left.trace)

    def event(self, side: Side) -> Event | None:
        if self.index is None or self.index >= len(side.trace.events):
            return None
        return side.trace.events[self.index]

    @property
    def same_pairing(self) -> bool:
        return (self.left.pairs, self.left.bye) == (self.right.pairs, self.right.bye) and (
            type(self.left.trace.result) is type(self.right.trace.result)
        )

    @property
    def same_games(self) -> bool:
        """The same games (colours aside) and the same bye."""
        return _games(self.left) == _games(self.right) and self.left.bye == self.right.bye

    def bracket(self) -> str | None:
        """The score of the bracket in which the two traces part (None: before any)."""
        if self.index is None:
            return None
        return find_rulebook(self.system).bracket_of(self.left.trace, self.index)


def _games(side: Side) -> set[frozenset[int]]:
    return {frozenset(p) for p in side.pairs}


def first_difference(a: Trace, b: Trace, skip_header: bool = True) -> int | None:
    """Index of the first event in which ``a`` and ``b`` differ (None if none does).

    The header (:class:`RoundOpened`, which lists the readings in force) is skipped.  A
    trace that ends first differs at its length.
    """
    start = 1 if skip_header and a.events and isinstance(a.events[0], RoundOpened) else 0
    for i in range(start, max(len(a.events), len(b.events))):
        if i >= len(a.events) or i >= len(b.events):
            return i
        if a.events[i].to_dict() != b.events[i].to_dict():
            return i
    return None


def compare_readings(t, left: Readings, right: Readings, labels: Sequence[str] | None = None,
                     round_no: int | None = None, system: str = DEFAULT_SYSTEM) -> Comparison:
    """Pair ``t`` under both sets of readings and find where the traces part."""
    rb = find_rulebook(system)
    if labels is None:
        labels = (label_of(left, right), label_of(right, left))
    ta = rb.pair(t, left, round_no)
    tb = rb.pair(t, right, round_no)
    return Comparison(Side(labels[0], left, ta), Side(labels[1], right, tb), first_difference(ta, tb))


def label_of(mine: Readings, other: Readings) -> str:
    """The readings in which ``mine`` differs from ``other`` (or "defaults")."""
    a, b = mine.as_dict(), other.as_dict()
    diff = [f"{k}={v}" for k, v in a.items() if b.get(k) != v]
    return ", ".join(diff) if diff else "defaults"


def parse_sides(both: Sequence[str] = (), left: Sequence[str] = (), right: Sequence[str] = (),
                system: str = DEFAULT_SYSTEM) -> tuple[Readings, Readings]:
    """The two sets of readings of ``dubov-explain compare``.

    * ``--reading NAME=A --reading NAME=B``: a name given twice puts its first value on the
      left and its second on the right; a name given once applies to both sides;
    * if no name is given twice, the names given once go to the right side only, against
      the defaults on the left (``--reading container-order=listed`` compares the default
      with ``listed``);
    * ``--left NAME=VALUE`` / ``--right NAME=VALUE`` set one side explicitly (two sets).
    """
    kind = find_rulebook(system).readings_type
    known = kind.by_name()
    seen: dict[str, list[str]] = {}
    for item in both:
        name, value = _split(item, known)
        seen.setdefault(name, []).append(value)
    for name, values in seen.items():
        if len(values) > 2:
            raise ReadingError(f"--reading {name} given {len(values)} times; give it at most twice")
    twice = any(len(v) == 2 for v in seen.values())
    lp: dict[str, str] = {}
    rp: dict[str, str] = {}
    for name, values in seen.items():
        if len(values) == 2:
            lp[name], rp[name] = values
        elif twice or left or right:
            lp[name] = rp[name] = values[0]
        else:
            rp[name] = values[0]
    for item in left:
        name, value = _split(item, known)
        lp[name] = value
    for item in right:
        name, value = _split(item, known)
        rp[name] = value
    a, b = kind.from_pairs(lp), kind.from_pairs(rp)
    if a.as_dict() == b.as_dict():
        raise ReadingError(
            "the two sides have the same readings; give a reading twice "
            "(--reading NAME=A --reading NAME=B) or use --left/--right"
        )
    return a, b


def _split(item: str, known: Mapping[str, object]) -> tuple[str, str]:
    if "=" not in item:
        raise ReadingError(f"expected NAME=VALUE, found {item!r}")
    name, value = item.split("=", 1)
    name, value = name.strip(), value.strip()
    if name not in known:
        raise ReadingError(f"unknown reading {name!r}; known: {', '.join(sorted(known))}")
    return name, value


# --------------------------------------------------------------------------- boards
def board_rows(c: Comparison) -> list[dict]:
    """The pairings side by side, as data: one row per board (``board``: number), then the
    bye (``board``: "bye") and, per side without a pairing, the event that says so
    (``board``: None).  ``left``/``right`` are the pair, the bye or None; ``left_only`` /
    ``right_only`` mark a game paired on one side only; ``differs`` a row that differs."""
    lg, rg = _games(c.left), _games(c.right)
    rows: list[dict] = []
    for i in range(max(len(c.left.pairs), len(c.right.pairs))):
        lp = tuple(c.left.pairs[i]) if i < len(c.left.pairs) else None
        rp = tuple(c.right.pairs[i]) if i < len(c.right.pairs) else None
        rows.append(dict(board=i + 1, left=lp, right=rp,
                         left_only=bool(lp) and frozenset(lp) not in rg,
                         right_only=bool(rp) and frozenset(rp) not in lg, differs=lp != rp))
    if c.left.bye is not None or c.right.bye is not None:
        rows.append(dict(board="bye", left=c.left.bye, right=c.right.bye, left_only=False,
                         right_only=False, differs=c.left.bye != c.right.bye))
    for side, name in ((c.left, "left"), (c.right, "right")):
        if isinstance(side.trace.result, Impossible):
            row = dict(board=None, left=None, right=None, left_only=False, right_only=False,
                       differs=False)
            row[name] = side.trace.result
            rows.append(row)
    return rows


def compare_mapping(t, left: Mapping[str, str], right: Mapping[str, str],
                    system: str = DEFAULT_SYSTEM) -> Comparison:
    """Shorthand for tests and notebooks: readings as plain mappings."""
    kind = find_rulebook(system).readings_type
    return compare_readings(t, kind.from_pairs(left), kind.from_pairs(right), system=system)


