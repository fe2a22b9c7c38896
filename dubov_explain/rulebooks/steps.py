"""Step by step, for every rulebook: each event of a trace as a change to the round.

The step-through page (:mod:`dubov_explain.render.steps`) shows, next to each event, the
bracket (or score group) as it stands then.  What fills which part of it is the rulebook's:
its ``steps.py`` subclasses :class:`RoundSteps`, names the events that open and close a
bracket, and says for each event what it changed (:meth:`RoundSteps.change`), which articles
it cites, what it rejected and whom it names.  The rest is here, once: the records the page
reads (:class:`StepChange`, :class:`StepState`, :class:`BracketState`), the walk over the
trace that knows whether a bracket is open, and the replay of the changes into the full
state after each step.  Facts only: player numbers, codes, indices into the event; the
words are in the rulebook's ``templates/steps.md.j2``.
"""

from __future__ import annotations

from typing import ClassVar

from ..records import dataclass, field
from ..trace.events import Event, Impossible, PairingPublished, RoundOpened, Trace


@dataclass
class BracketState:
    """A bracket as it stands, in the parts the page knows; a rulebook fills the ones its
    text has (Dubov 1997 keeps its White and Black columns in ``g1``/``g2``, Dutch 2012 its
    S1 and S2)."""

    score: str
    residents: list[int]
    pool: int = 0
    upfloaters: list[int] = field(default_factory=list)
    g1: list[int] = field(default_factory=list)
    g2: list[int] = field(default_factory=list)
    s1: list[tuple] = field(default_factory=list)  # (player, ARO or article)
    g2_order: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)
    pairs: list = field(default_factory=list)  # S1 player, opponent
    colours: dict[frozenset, tuple[int, int, str]] = field(default_factory=dict)
    minimum: int | None = None
    closed: bool = False

    def copy(self) -> "BracketState":
        return BracketState(
            self.score, list(self.residents), self.pool, list(self.upfloaters), list(self.g1),
            list(self.g2), list(self.s1), list(self.g2_order), list(self.t2), list(self.pairs),
            dict(self.colours), self.minimum, self.closed,
        )

    def colour_of(self, a: int, b: int) -> tuple[int, int, str] | None:
        return self.colours.get(frozenset((a, b)))


@dataclass
class StepChange:
    """Event ``index`` (1-based) as a change to the round's state: what the step-through page
    ships per step instead of a copy of the whole round (a page linear in the field).

    ``change`` holds only what the event changed, as facts, applied in this order:

    - ``open``: ``{score, residents, pool}``, a new bracket (every other part empty);
    - ``set``: ``{part: value}``, parts of the bracket replaced (``minimum``, ``upfloaters``,
      ``g1``, ``g2``, ``s1``, ``g2_order``, ``t2``, ``pairs``, ``closed``);
    - ``push``: ``{part: value}``, a value appended to a part (``t2``, ``pairs``, ...);
    - ``colour``: ``[white, black, rule]`` of a pair of the bracket;
    - ``bye``: the player given the bye;
    - ``boards``: the published boards;
    - ``unleave``: pairs made earlier that this event takes back (a bracket paired again);
    - ``leave``: the pairs of the bracket this event closes; they join the pairs made, and
      the bracket goes, *after* this step.

    ``scope`` says whom the step concerns, for the page's "follow a player": ``"round"``
    (every player: the round opens, the standings, the published boards), ``"bracket"``
    (every player of the bracket as it stands: a decision about the whole bracket), or
    ``None`` (only the players in ``focus``, ``named`` and the rejected alternatives).

    Who is still unpaired is not shipped: it is the round's players to pair less the pairs
    made, the players a closed bracket pairs and the bye (see :meth:`RoundSteps.states`)."""

    index: int
    event: Event
    cited: str
    focus: set[int]
    rejected: list[dict]
    change: dict
    scope: str | None = None
    #: players the event names beyond ``focus`` (the bye candidates, the runner-up)
    named: set[int] = field(default_factory=set)


@dataclass
class StepState:
    """The round after event ``index`` (1-based): the bracket, the players the decision
    concerns (``focus``), what it rejected (``{"who", "case", ...}`` per alternative; the
    template words each case), the pairs of closed brackets, the bye, who is still unpaired."""

    index: int
    event: Event
    cited: str
    bracket: BracketState | None
    focus: set[int]
    rejected: list[dict]
    done_pairs: list[tuple[int, int]]
    bye: int | None
    unpaired: list[int]
    boards: tuple | None = None


class RoundSteps:
    """How one rulebook's trace reads as steps; a rulebook's ``steps.py`` subclasses it.

    A subclass names its bracket's events (``opens``, ``closes``) and its bye's, whom each
    kind of step concerns (``scope``), and overrides what its text says of an event:
    :meth:`change`, and where they are not empty :meth:`cited`, :meth:`rejected`,
    :meth:`named`, :meth:`closed_players` and :meth:`made`.  The bye's events, the
    published pairing and no pairing are read here.  An instance reads one trace; the
    rulebook's module exposes ``step_changes = Steps.step_changes`` and ``step_states =
    Steps.step_states``."""

    #: the events that open and close a bracket (a score group)
    opens: ClassVar[type[Event]]
    closes: ClassVar[type[Event]]
    #: the events of the bye, where the rulebook has them: the bye given (``player``, and
    #: where it records them its ``runner_up`` and the players ``passed_over``), the list
    #: of candidates (``keys`` and ``ineligible``: rows that start with the player), a
    #: candidate the bye passes over (``player``)
    bye_assigned: ClassVar[type[Event] | None] = None
    bye_candidates: ClassVar[type[Event] | None] = None
    bye_rejected: ClassVar[type[Event] | None] = None
    #: kind -> whom a step of that kind concerns (see :class:`StepChange`); other kinds:
    #: their own players.  A "bracket" kind outside a bracket concerns its players only
    scope: ClassVar[dict[str, str]] = {}

    def __init__(self, trace: Trace):
        self.trace = trace

    # ------------------------------------------------------------------ the rulebook's
    def change(self, e: Event, inside: bool) -> tuple[set[int], dict]:
        """The players event ``e`` concerns (its focus) and what it changed (see
        :class:`StepChange`); ``inside``: a bracket is open at ``e`` (it opened at or before
        ``e`` and did not close before it)."""
        return set(), {}

    def cited(self, e: Event) -> str:
        """The event's article, plus the criteria or rules its decision names."""
        return e.article

    def rejected(self, e: Event, inside: bool) -> list[dict]:
        """The alternatives a decision rejected, as facts (indices into the event): here,
        the candidates the bye's list bars and a candidate the bye passes over."""
        if self._is(e, self.bye_candidates):
            return [dict(who=row[0], case="bye-ineligible", index=k)
                    for k, row in enumerate(e.ineligible)]
        if self._is(e, self.bye_rejected):
            return [dict(who=e.player, case="bye-rejected")]
        return []

    def named(self, e: Event) -> set[int]:
        """The players an event names that its focus and rejected alternatives do not:
        here, the bye's candidates, its runner-up and the players it passed over."""
        if self._is(e, self.bye_candidates):
            return {row[0] for row in e.keys} | {row[0] for row in e.ineligible}
        if self._is(e, self.bye_assigned):
            runner_up = getattr(e, "runner_up", None)
            return ({runner_up} if runner_up else set()) | {
                n for n in getattr(e, "passed_over", ()) if isinstance(n, int)}
        return set()

    def closed_players(self, bracket: BracketState) -> set[int]:
        """Who a closed bracket, shown on its closing step, counts as paired (none: they
        count from the next step, when its pairs join the pairs made)."""
        return set()

    def made(self, c: StepChange) -> list[tuple[int, int]]:
        """Pairs a step makes outside any bracket (none: a bracket's pairs join the pairs
        made when it closes)."""
        return []

    # ------------------------------------------------------------------ written once
    @classmethod
    def step_changes(cls, trace: Trace) -> list[StepChange]:
        """One :class:`StepChange` per event, reading only what the events record."""
        return cls(trace).changes()

    @classmethod
    def step_states(cls, trace: Trace) -> list[StepState]:
        """The full state after each event: the changes replayed, a copy per step
        (quadratic in the field; for tests and small rounds, the page ships the changes)."""
        return cls(trace).states()

    def changes(self) -> list[StepChange]:
        out: list[StepChange] = []
        inside = False
        for i, e in enumerate(self.trace.events, start=1):
            inside = inside or isinstance(e, self.opens)
            focus, ch = self._round_change(e) or self.change(e, inside)
            scope = self.scope.get(e.kind)
            if scope == "bracket" and not inside:
                scope = None  # a bracket-kind event of a what-if run outside a bracket
            out.append(StepChange(index=i, event=e, cited=self.cited(e), focus=focus,
                                  rejected=self.rejected(e, inside), change=ch, scope=scope,
                                  named=self.named(e)))
            if isinstance(e, self.closes):
                inside = False
        return out

    @staticmethod
    def _is(e: Event, cls: type[Event] | None) -> bool:
        return cls is not None and isinstance(e, cls)

    def _round_change(self, e: Event) -> tuple[set[int], dict] | None:
        """The change of an event outside any bracket's business: the bye, a candidate it
        passes over, the published pairing, no pairing (None: another event)."""
        if self._is(e, self.bye_assigned):
            return {e.player}, {"bye": e.player}
        if self._is(e, self.bye_rejected):
            return {e.player}, {}
        if isinstance(e, PairingPublished):
            return set(), {"boards": e.boards}
        if isinstance(e, Impossible):
            return set(e.players), {}
        return None

    def to_pair(self) -> list[int]:
        """The players the round pairs, in the order of its opening event."""
        opened = next((e for e in self.trace.events if isinstance(e, RoundOpened)), None)
        return list(opened.to_pair) if opened else []

    def states(self) -> list[StepState]:
        out: list[StepState] = []
        bracket: BracketState | None = None
        done: list[tuple[int, int]] = []
        bye: int | None = None
        players = self.to_pair()
        for c in self.changes():
            ch = c.change
            bye = ch.get("bye", bye)
            if "open" in ch:
                o = ch["open"]
                bracket = BracketState(o["score"], list(o["residents"]), o["pool"])
            if bracket is not None:
                for part, value in ch.get("set", {}).items():
                    setattr(bracket, part, list(value) if isinstance(value, list) else value)
                for part, value in ch.get("push", {}).items():
                    getattr(bracket, part).append(value)
                if "colour" in ch:
                    w, b, rule = ch["colour"]
                    bracket.colours[frozenset((w, b))] = (w, b, rule)
            if "unleave" in ch:
                undone = {tuple(p) for p in ch["unleave"]}
                done = [p for p in done if tuple(p) not in undone]
            done.extend(self.made(c))
            paired = {n for p in done for n in p}
            if bracket is not None and bracket.closed:
                paired |= self.closed_players(bracket)
            out.append(StepState(
                index=c.index, event=c.event, cited=c.cited,
                bracket=bracket.copy() if bracket is not None else None, focus=c.focus,
                rejected=c.rejected, done_pairs=list(done), bye=bye,
                unpaired=[n for n in players if n not in paired and n != bye],
                boards=ch.get("boards"),
            ))
            if "leave" in ch:
                done.extend(ch["leave"])
                bracket = None
        return out
