"""Compare two pairings of one round: two readings of one rulebook, or two rulebooks.

The round is paired twice, once per *side*; a side is a rulebook (``system``) and the
readings in force for it.  What the comparison can claim depends on what the two traces
share.

**One rulebook, two readings.**  The two traces are runs of the same procedure, so they can
be read side by side event by event: the first event that differs (the header, which only
lists the readings, is skipped) is the decision where the readings part, and every event
before it is the same in both traces (``Comparison.index``).

**Two rulebooks.**  The traces are runs of *different* procedures: their events have other
kinds, other orders and cite other articles, so "the n-th event" of one has no counterpart
in the other and there is no single event where the two part (``index`` is None).  What
the traces do prove is, per player, what each procedure decided about that player and at
which of its own events.  The comparison therefore works player by player:

* a player **differs** when the two published pairings give them another opponent, another
  colour, or the bye on one side only (or when one side leaves them absent);
* for such a player, each side's rulebook reports the decisions of its own trace that fixed
  the player's round (``rulebook.player_round``): the bye (``bye.step``), the bracket in
  which they were paired (the ``upfloat`` entry that moved them into it; for a resident,
  the entry that passed them over for the bracket the other side put them in, else the
  first event of their own bracket), the opponent (the last ``pairing`` entry) and the
  colour (``colour_step``);
* of the facts that differ between the two sides (bye, bracket, opponent, colour), the
  **deciding decision** on a side is the earliest, in that side's own trace, of the
  decisions that fixed one of them: the first decision on that side that concerns the
  player and whose outcome disagrees with the other side's outcome.  It cites its own
  rulebook's article (the event's ``article``) and is worded by its own rulebook's events
  template.

This never claims more than the traces prove: each cited decision is the one that, in its
own procedure, fixed a fact the other procedure fixed otherwise.  It does not claim that
the other procedure "would have" decided differently at that point (it never makes that
decision), nor that an earlier decision of either procedure, which the player's facts do not
record, played no part.  With one rulebook on both sides the same per-player reading is
given as well, under the event-by-event parting point.

Nothing here knows a rule: every question goes to the rulebook of the side
(:func:`~dubov_explain.rulebooks.find_rulebook`: ``pair``, ``player_round``,
``decision_key``, ``bracket_of``); :mod:`dubov_explain.render.compare` words the result
(``templates/compare.md.j2``).

>>> from dubov_explain.examples import load_example
>>> c = compare_mapping(load_example(), {}, {"c9-measure": "max"})
>>> c.identical
True
>>> c.players
()
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..records import dataclass
from ..rulebooks import DEFAULT_SYSTEM, find_rulebook, system_of
from ..rulebooks.readings import Readings, ReadingError
from ..trace.events import Event, Impossible, PairingPublished, RoundOpened, Trace

__all__ = [
    "Side",
    "Comparison",
    "PlayerDifference",
    "FACTS",
    "first_difference",
    "compare_readings",
    "compare_sides",
    "parse_sides",
    "board_rows",
    "compare_mapping",
    "as_dict",
]

#: the facts of a player's round that the comparison reads, in the order it lists them
FACTS = ("bye", "bracket", "opponent", "colour")


@dataclass(frozen=True)
class Side:
    label: str
    readings: Readings
    trace: Trace

    @property
    def system(self) -> str:
        """The rulebook that paired this side."""
        return system_of(self.trace)

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        r = self.trace.result
        return tuple(r.boards) if isinstance(r, PairingPublished) else ()

    @property
    def bye(self) -> int | None:
        r = self.trace.result
        return r.bye if isinstance(r, PairingPublished) else None

    @property
    def published(self) -> bool:
        return isinstance(self.trace.result, PairingPublished)


@dataclass(frozen=True)
class PlayerDifference:
    """One player whose round differs between the two sides, as facts.

    ``left``/``right``: the player's outcome on each side (``status``: paired, bye or absent;
    ``opponent``; ``colour`` white/black; ``bracket`` score and ``resident``).  ``differs``:
    which of :data:`FACTS` differ.  ``left_step``/``right_step``: the 0-based index of the
    deciding decision in each side's trace (None: that side's rulebook names none), and
    ``left_fact``/``right_fact`` the fact it fixed.
    """

    player: int
    differs: tuple[str, ...]
    left: dict
    right: dict
    left_step: int | None
    left_fact: str
    right_step: int | None
    right_fact: str


@dataclass(frozen=True)
class Comparison:
    left: Side
    right: Side
    #: one rulebook: index (in both traces) of the first event that differs, None when the
    #: traces agree; two rulebooks: always None (their events are not comparable one by one)
    index: int | None
    #: the players whose opponent, colour or bye differs, by player number
    players: tuple[PlayerDifference, ...] = ()

    @property
    def same_system(self) -> bool:
        return self.left.system == self.right.system

    @property
    def identical(self) -> bool:
        """One rulebook and the same trace after the header."""
        return self.same_system and self.index is None

    @property
    def system(self) -> str:
        """The rulebook of the left side (with one rulebook, of both)."""
        return self.left.system

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

    @property
    def games_one_side(self) -> tuple[int, int]:
        """How many games each side pairs that the other does not (colours aside)."""
        lg, rg = _games(self.left), _games(self.right)
        return len(lg - rg), len(rg - lg)

    @property
    def boards_differ(self) -> int:
        """How many rows of the side-by-side table (boards and the bye) differ."""
        return sum(1 for r in board_rows(self) if r["differs"])

    def bracket(self) -> str | None:
        """The score of the bracket in which the two traces part (None: before any, or two
        rulebooks)."""
        if self.index is None or not self.same_system:
            return None
        return find_rulebook(self.system).bracket_of(self.left.trace, self.index)

    def decisions(self, side: Side) -> list[tuple[int, Event, list[int]]]:
        """The deciding decisions of one side, each once: ``(index, event, players)`` in
        trace order (``players``: whose round it decided)."""
        name = "left" if side is self.left else "right"
        found: dict[int, list[int]] = {}
        for d in self.players:
            step = getattr(d, f"{name}_step")
            if step is not None:
                found.setdefault(step, []).append(d.player)
        return [(i, side.trace.events[i], ps) for i, ps in sorted(found.items())]


def _games(side: Side) -> set[frozenset[int]]:
    return {frozenset(p) for p in side.pairs}


def first_difference(a: Trace, b: Trace, skip_header: bool = True) -> int | None:
    """Index of the first event in which ``a`` and ``b`` differ (None if none does).

    The header (:class:`RoundOpened`, which lists the readings in force) is skipped.  A
    trace that ends first differs at its length.  Meaningful for two traces of one rulebook
    only (see the module doc).
    """
    start = 1 if skip_header and a.events and isinstance(a.events[0], RoundOpened) else 0
    for i in range(start, max(len(a.events), len(b.events))):
        if i >= len(a.events) or i >= len(b.events):
            return i
        if a.events[i].to_dict() != b.events[i].to_dict():
            return i
    return None


# --------------------------------------------------------------------------- pairing
def compare_sides(t, left: tuple[str, Readings], right: tuple[str, Readings],
                  labels: Sequence[str] | None = None, round_no: int | None = None) -> Comparison:
    """Pair ``t`` by each side's ``(system, readings)`` and compare (see the module doc)."""
    (ls, lr), (rs, rr) = left, right
    lb, rb = find_rulebook(ls), find_rulebook(rs)
    if labels is None:
        labels = side_labels(lb.name, lr, rb.name, rr)
    ta = lb.pair(t, lr, round_no)
    tb = rb.pair(t, rr, round_no)
    a, b = Side(labels[0], lr, ta), Side(labels[1], rr, tb)
    index = first_difference(ta, tb) if lb.name == rb.name else None
    return Comparison(a, b, index, player_differences(a, b))


def compare_readings(t, left: Readings, right: Readings, labels: Sequence[str] | None = None,
                     round_no: int | None = None, system: str = DEFAULT_SYSTEM) -> Comparison:
    """Pair ``t`` under both sets of readings of one rulebook and find where the traces part."""
    return compare_sides(t, (system, left), (system, right), labels, round_no)


def side_labels(left_system: str, left: Readings, right_system: str,
                right: Readings) -> tuple[str, str]:
    """One rulebook: the readings in which each side differs from the other (or
    "defaults"); two rulebooks: the rulebook's name, with its readings that are not the
    defaults."""
    if left_system == right_system:
        return label_of(left, right), label_of(right, left)

    def one(system: str, r: Readings) -> str:
        changed = ", ".join(f"{k}={v}" for k, v in r.non_default().items())
        return f"{system} ({changed})" if changed else system

    return one(left_system, left), one(right_system, right)


def label_of(mine: Readings, other: Readings) -> str:
    """The readings in which ``mine`` differs from ``other`` (or "defaults")."""
    a, b = mine.as_dict(), other.as_dict()
    diff = [f"{k}={v}" for k, v in a.items() if b.get(k) != v]
    return ", ".join(diff) if diff else "defaults"


# --------------------------------------------------------------------------- players
def outcome(side: Side, player: int) -> dict[str, Any]:
    """``player``'s round on one side, as facts: ``status`` (paired, bye, absent, unpaired),
    ``opponent``, ``colour`` (white/black or ""), ``board``."""
    return _outcomes(side)(player)


def _outcomes(side: Side):
    """:func:`outcome` of every player of one side, read off its boards once (a lookup per
    player: at 9,999 players a pass over the boards per player took seconds)."""
    head = side.trace.events[0]
    absent = {p for p, _ in head.absent} if isinstance(head, RoundOpened) else set()
    bye = side.bye
    board: dict[int, tuple] = {}
    for i, (w, b) in enumerate(side.pairs, start=1):
        for player, opponent, colour in ((w, b, "white"), (b, w, "black")):
            board.setdefault(player, (opponent, colour, i))  # the first board, as a scan

    def one(player: int) -> dict[str, Any]:
        if bye == player:
            return dict(status="bye", opponent=None, colour="", board=None)
        got = board.get(player)
        if got is not None:
            return dict(status="paired", opponent=got[0], colour=got[1], board=got[2])
        status = "absent" if player in absent else "unpaired"
        return dict(status=status, opponent=None, colour="", board=None)

    return one


def _everyone(side: Side) -> set[int]:
    head = side.trace.events[0]
    if not isinstance(head, RoundOpened):
        return set()
    return set(head.to_pair) | {p for p, _ in head.absent}


def _steps(facts: Mapping[str, Any], other_bracket: str | None) -> dict[str, int | None]:
    """The 0-based index of the decision that fixed each fact, read from the rulebook's
    ``player_round`` (whose steps are 1-based; see the module doc).  The bracket: the
    ``upfloat`` entry that moved the player into their bracket; else the one that passed
    them over for the bracket the other side put them in (``other_bracket``); else the first
    event of their own bracket."""
    def zero(step) -> int | None:
        return step - 1 if isinstance(step, int) and step >= 1 else None

    out: dict[str, int | None] = dict.fromkeys(FACTS)
    out["bye"] = zero((facts.get("bye") or {}).get("step"))
    score = facts.get("bracket_score")
    ups = [u for u in facts.get("upfloat") or () if u.get("step")]
    moved = [u["step"] for u in ups if score is not None and not facts.get("resident", True)
             and u.get("score") == score]
    passed = [u["step"] for u in ups if other_bracket is not None and u.get("score") == other_bracket]
    own = (facts.get("events") or [None])[0] if score is not None else None
    out["bracket"] = zero((moved or passed or [own])[0])
    given = [p.get("step") for p in facts.get("pairing") or () if p.get("step")]
    out["opponent"] = zero(given[-1] if given else None)
    out["colour"] = zero(facts.get("colour_step"))
    return out


def player_differences(a: Side, b: Side) -> tuple[PlayerDifference, ...]:
    """The players whose opponent, colour or bye differs, with each side's deciding
    decision (see the module doc).  Empty when a side has no pairing: then the whole round
    differs, and the side's result says why."""
    if not (a.published and b.published):
        return ()
    books = find_rulebook(a.system), find_rulebook(b.system)
    rounds: list[dict[int, dict]] = [{}, {}]
    out = []
    of_a, of_b = _outcomes(a), _outcomes(b)
    for n in sorted(_everyone(a) | _everyone(b)):
        oa, ob = of_a(n), of_b(n)
        if (oa["status"], oa["opponent"], oa["colour"]) == (ob["status"], ob["opponent"], ob["colour"]):
            continue
        for k, (side, book) in enumerate(zip((a, b), books)):
            o = (oa, ob)[k]
            if o["status"] in ("paired", "bye"):
                facts = book.player_round(side.trace, n)
                o.update(bracket=facts.get("bracket_score"), resident=facts.get("resident", True))
                rounds[k][n] = facts
            else:
                o.update(bracket=None, resident=True)
        differs = tuple(f for f in FACTS if _fact(oa, f) != _fact(ob, f))
        picks = []
        for k, (side, o) in enumerate(((a, oa), (b, ob))):
            if o["status"] == "absent":  # the header, which lists the absent, decided it
                picks.append((0, "absent"))
                continue
            other = (ob, oa)[k]
            steps = _steps(rounds[k].get(n, {}), other["bracket"] if other["status"] == "paired" else None)
            known = [(steps[f], f) for f in differs if steps[f] is not None]
            picks.append(min(known) if known else (None, differs[0] if differs else ""))
        out.append(PlayerDifference(n, differs, oa, ob, picks[0][0], picks[0][1],
                                    picks[1][0], picks[1][1]))
    return tuple(out)


def _fact(o: Mapping[str, Any], name: str):
    if name == "bye":
        return o["status"] == "bye"
    if name == "bracket":
        return (o.get("bracket"), o.get("resident", True)) if o["status"] == "paired" else None
    return o.get(name)


# --------------------------------------------------------------------------- sides
def parse_sides(both: Sequence[str] = (), left: Sequence[str] = (), right: Sequence[str] = (),
                system: str = DEFAULT_SYSTEM, right_system: str | None = None
                ) -> tuple[Readings, Readings]:
    """The two sets of readings of ``dubov-explain compare``.

    One rulebook (``right_system`` None or the same as ``system``):

    * ``--reading NAME=A --reading NAME=B``: a name given twice puts its first value on the
      left and its second on the right; a name given once applies to both sides;
    * if no name is given twice, the names given once go to the right side only, against
      the defaults on the left (``--reading container-order=listed`` compares the default
      with ``listed``);
    * ``--left NAME=VALUE`` / ``--right NAME=VALUE`` set one side explicitly (two sets).

    Two rulebooks (``--system A --system B``):

    * ``--reading NAME=VALUE`` given once applies to each side whose rulebook has a reading
      of that name (to both when both have it); a name neither has is refused;
    * given twice, its first value goes to the left, its second to the right, and both
      rulebooks must have it;
    * ``--left``/``--right`` set the left (first ``--system``) or right side only, and the
      name must be one of that side's rulebook;
    * a value a side's rulebook does not know is refused naming that rulebook (two
      rulebooks may have readings of one name with other values).

    Two sides with the same rulebook and the same readings are refused (``ReadingError``,
    exit code 3), as is a reading no side has.
    """
    right_system = right_system or system
    lk = find_rulebook(system).readings_type
    rk = find_rulebook(right_system).readings_type
    two = find_rulebook(system).name != find_rulebook(right_system).name
    seen: dict[str, list[str]] = {}
    for item in both:
        name, value = _split(item)
        if not two:
            _known(name, lk, system)
        elif name not in lk.by_name() and name not in rk.by_name():
            raise ReadingError(
                f"unknown reading {name!r}: neither {system} nor {right_system} has it "
                f"({_catalogue(system, lk)}; {_catalogue(right_system, rk)})")
        seen.setdefault(name, []).append(value)
    for name, values in seen.items():
        if len(values) > 2:
            raise ReadingError(f"--reading {name} given {len(values)} times; give it at most twice")
    twice = any(len(v) == 2 for v in seen.values())
    lp: dict[str, str] = {}
    rp: dict[str, str] = {}
    for name, values in seen.items():
        if len(values) == 2:
            if two:
                _known(name, lk, system)
                _known(name, rk, right_system)
            lp[name], rp[name] = values
        elif two:
            if name in lk.by_name():
                lp[name] = values[0]
            if name in rk.by_name():
                rp[name] = values[0]
        elif twice or left or right:
            lp[name] = rp[name] = values[0]
        else:
            rp[name] = values[0]
    for items, kind, sysname, into in ((left, lk, system, lp), (right, rk, right_system, rp)):
        for item in items:
            name, value = _split(item)
            _known(name, kind, sysname)
            into[name] = value
    a, b = _readings(lk, lp, system, two), _readings(rk, rp, right_system, two)
    if not two and a.as_dict() == b.as_dict():
        raise ReadingError(
            f"the two sides are both {system} with the same readings; give a reading twice "
            "(--reading NAME=A --reading NAME=B), use --left/--right, or compare two "
            "rulebooks (--system A --system B)"
        )
    return a, b


def _readings(kind: type[Readings], pairs: dict[str, str], system: str, two: bool) -> Readings:
    """``kind.from_pairs(pairs)``; with two rulebooks a refusal says whose reading it is
    (two rulebooks may have readings of one name with other values)."""
    try:
        return kind.from_pairs(pairs)
    except ReadingError as exc:
        if not two:
            raise
        raise ReadingError(f"{system}: {exc} (--left/--right set one side only)") from None


def _split(item: str) -> tuple[str, str]:
    if "=" not in item:
        raise ReadingError(f"expected NAME=VALUE, found {item!r}")
    name, value = item.split("=", 1)
    return name.strip(), value.strip()


def _catalogue(system: str, kind: type[Readings]) -> str:
    return f"{system} has {', '.join(sorted(kind.by_name())) or 'none'}"


def _known(name: str, kind: type[Readings], system: str) -> None:
    if name not in kind.by_name():
        raise ReadingError(f"unknown reading {name!r} of {system}; known: "
                           f"{', '.join(sorted(kind.by_name())) or 'none'}")


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
                       differs=True)
            row[name] = side.trace.result
            rows.append(row)
    return rows


def compare_mapping(t, left: Mapping[str, str], right: Mapping[str, str],
                    system: str = DEFAULT_SYSTEM, right_system: str | None = None) -> Comparison:
    """Shorthand for tests and notebooks: readings as plain mappings (``right_system``: a
    second rulebook for the right side).

    >>> from dubov_explain.examples import load_example
    >>> compare_mapping(load_example(), {}, {}, right_system="dubov-2025").identical
    True
    """
    rs = right_system or system
    return compare_sides(t, (system, find_rulebook(system).readings_type.from_pairs(left)),
                         (rs, find_rulebook(rs).readings_type.from_pairs(right)))


# --------------------------------------------------------------------------- data
def as_dict(c: Comparison) -> dict[str, Any]:
    """The comparison as JSON-friendly data (``compare --format json``): each side's
    rulebook, readings and published result; the event-by-event parting point (one
    rulebook); the boards; each differing player with each side's deciding decision (the
    event, whose ``article`` is its own rulebook's)."""
    def side(s: Side) -> dict[str, Any]:
        r = s.trace.result
        return dict(label=s.label, system=s.system, readings=s.readings.as_dict(),
                    result=r.to_dict())

    def decision(s: Side, step: int | None) -> dict | None:
        if step is None:
            return None
        book = find_rulebook(s.system)
        e = s.trace.events[step]
        return dict(index=step, event=e.to_dict(), bracket=book.bracket_of(s.trace, step),
                    decision=_plain(book.decision_key(e)))

    rows = []
    for r in board_rows(c):
        row = dict(r)
        for k in ("left", "right"):
            if isinstance(row[k], Event):
                row[k] = row[k].to_dict()
            elif isinstance(row[k], tuple):
                row[k] = list(row[k])
        rows.append(row)
    return dict(
        kind="compare",
        same_system=c.same_system,
        left=side(c.left), right=side(c.right),
        parting=None if c.index is None else dict(
            index=c.index, bracket=c.bracket(),
            left=c.event(c.left).to_dict() if c.event(c.left) else None,
            right=c.event(c.right).to_dict() if c.event(c.right) else None),
        same_pairing=c.same_pairing, same_games=c.same_games,
        boards=rows,
        players=[dict(player=d.player, differs=list(d.differs), left=d.left, right=d.right,
                      left_decision=decision(c.left, d.left_step), left_fact=d.left_fact,
                      right_decision=decision(c.right, d.right_step), right_fact=d.right_fact)
                 for d in c.players],
    )


def _plain(v):
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


# --------------------------------------------------------------------------- every round
@dataclass(frozen=True)
class RoundLine:
    """One round of :func:`compare_rounds`: whether the two sides pair it alike."""

    round: int
    same_pairing: bool
    #: the same games and bye, colours aside
    same_games: bool
    #: rows of the side-by-side table (boards and the bye) that differ
    boards_differ: int
    #: the players whose opponent, colour or bye differs
    players: tuple[int, ...]


def compare_rounds(t, left: tuple[str, Readings], right: tuple[str, Readings],
                   rounds: Sequence[int]) -> tuple[RoundLine, ...]:
    """Each of ``rounds`` paired by both sides from the file's rounds before it (as
    ``compare --round R``), reduced to whether and how far the two pairings differ: the
    lecturer's list of rounds worth a seminar (``compare --all-rounds``)."""
    out = []
    for r in rounds:
        c = compare_sides(t, left, right, round_no=r)
        out.append(RoundLine(r, c.same_pairing, c.same_games, c.boards_differ,
                             tuple(d.player for d in c.players)))
    return tuple(out)
