"""The round machine every engine subclasses: a round is a run of states, each a method that
records its decisions as events and returns the next state (None: the round is paired).

What every rule text does the same way before its own procedure starts is here, once: the
round opened (who is to pair, who is absent, the readings in force), the what-if verdicts of
a forced run, the standings as the trace records them, and the acceleration applied.  A
text's engine says which of its articles each of those cites (``opening_article``,
``standings_article``, ``acceleration_article``), what a player's row holds (:meth:`row`),
how a forced pair stands by its absolute criteria (:meth:`what_if_verdict`), and its first
state (:meth:`first_state`); then its states follow its articles::

    open_round -> first_state -> ... (the text's own states) ... -> None (published)
                                   \\-> NoPairing raised (the text's "no pairing") -> stop

The engine's ``__init__`` sets what the prologue reads: ``t``, ``readings``, ``st`` (the
standings), ``forced``, ``events`` and ``initial_colour``/``initial_colour_source``.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, ClassVar, Iterator, TypedDict

from ..trace.events import Trace, fmt
from .acceleration.facts import acceleration_records, dropped_points


class StandingRow(TypedDict, total=False):
    """A player's row of the trace's standings (``StandingsSnapshot.rows``), as every
    reader of a trace finds it: the columns every text's row has, then what a text adds
    (an engine's :meth:`RoundMachine.row` gives them in its own order, which the trace
    keeps)."""

    number: int
    name: str
    rating: int
    initial_rank: int
    #: the pairing score (with acceleration points), formatted
    score: str
    colours: str
    colour_difference: int
    preference: str
    strength: str
    preference_rule: str
    aro: Any
    games_played: int
    upfloats: int
    upfloated_previous: bool
    max_upfloater: bool
    bye_eligible: bool
    bye_bar: dict | None
    present: bool
    absence: str
    history: Any
    # Dutch 2012 and its editions: A.4's floats and the rounds without a game
    floats: str
    unplayed: int
    # an accelerated round: the real score and the round's acceleration points
    real_score: str
    virtual: str
    # Dubov 2025: the scores 2.1.3 and 5.2.1 read under a reading of the real score
    bye_score: str
    rank_score: str
    # Swiss 1992: A.1's rating converted from a national rating
    national: Any
    a1_rating: int


class NoPairing(Exception):
    """The text's "no pairing" (Dubov 2025 1.8.3, Dutch B.1, Dubov 1997 9): the machine
    stops, its last event says why."""


class Parted(Exception):
    """A watched what-if run has parted from the real trace and read its bracket to the end:
    the rest of the round cannot change the answer (see :func:`until_parted`)."""


class PartingWatch:
    """What a what-if run is compared against while it runs: the real trace's decision keys
    in order, the rulebook's ``decision_key`` and the event that opens a bracket.

    A decision whose key is not the real one at the same place is the parting; the run goes
    on to the end of that bracket (the next bracket opened, or the round's end) and stops
    there.  A forced pair that breaks an absolute criterion stops the run after its header
    (the header is then the whole answer).  The answer of a why-not (:func:`first_divergence`
    and the rulebook's ``read_parting``) reads the events up to the parting and the rest of
    the parting's bracket, so it is the same as over the whole run."""

    def __init__(self, real_keys: list, decision_key: Callable, opens: type) -> None:
        self.real_keys = real_keys
        self.decision_key = decision_key
        self.opens = opens
        self.at = 0
        self.parted = False

    def before(self, e) -> bool:
        """Whether the run stops before ``e`` (it has parted and ``e`` opens a bracket)."""
        if self.parted:
            return isinstance(e, self.opens)
        k = self.decision_key(e)
        if k is not None:
            if self.at >= len(self.real_keys) or k != self.real_keys[self.at]:
                self.parted = True
            self.at += 1
        return False


_WATCH: ContextVar[PartingWatch | None] = ContextVar("parting_watch", default=None)


@contextmanager
def until_parted(watch: PartingWatch) -> Iterator[None]:
    """The forced (what-if) runs in the body stop once they have parted from the real trace
    (:class:`PartingWatch`); their trace's ``meta["stopped"]`` says so."""
    token = _WATCH.set(watch)
    try:
        yield
    finally:
        _WATCH.reset(token)


def watching() -> bool:
    """Whether the forced runs started now stop once parted (inside :func:`until_parted`):
    such a run is not the whole what-if run, and whoever keeps runs must not keep it as one."""
    return _WATCH.get() is not None


class BudgetReached(Exception):
    """The round's search took more steps than the engine's :attr:`RoundMachine.search_limit`
    (raised by :meth:`RoundMachine.tick`): the machine leaves the text's procedure where it
    is and runs the engine's :meth:`RoundMachine.over_budget` state, which records the cut
    (an event naming the limit: the trace and every answer read from it say the round is
    not literal) and pairs the round by its stated fallback."""


class RoundMachine:
    #: the rulebook whose text the machine follows (its class: name, title, edition)
    book: ClassVar[type]
    #: the rulebook's events module (``RoundOpened``, ``WhatIf``, ``StandingsSnapshot``,
    #: ``AccelerationApplied`` and the text's own events)
    ev: ClassVar
    #: the articles the prologue cites: the round opened, the standings, the acceleration
    opening_article: ClassVar[str]
    standings_article: ClassVar[str]
    acceleration_article: ClassVar[str]
    #: the readings that say which articles read the real score in an accelerated round
    #: (listed in the round's header only when the round is accelerated)
    acceleration_readings: ClassVar[tuple] = ()
    #: an edition that renumbers its family's articles (``rulebooks/renumber.py``): its
    #: engine runs the family's states, which cite the family's numbers, and the trace is
    #: renumbered once, when the run ends; None: the states cite the text's own numbers
    articles: ClassVar[Any] = None
    #: the most search steps (``tick``) a round may take (None: no limit); an engine whose
    #: text asks for an enumeration no argument bounds sets it, and says in its
    #: ``over_budget`` what it does when the limit is reached.  A count, not a time: the
    #: same input gives the same trace on any machine.
    search_limit: ClassVar[int | None] = None
    #: and as many more steps per player of the round (a matching question on a larger
    #: round costs more steps, ``tick(n)``)
    search_per_player: ClassVar[int] = 0

    def start(self, t, readings, st, forced) -> dict[int, int]:
        """The state every round starts from: the request ``t``, the readings in force, the
        standings ``st``, the what-if's ``forced`` pairs (and ``fmap``, each forced
        player's partner, which is returned), no event, pair or bye yet."""
        self.t = t
        self.readings = readings
        self.st = st
        self.forced = tuple(tuple(p) for p in forced)
        self.fmap: dict[int, int] = {}
        for a, b in self.forced:
            self.fmap[a], self.fmap[b] = b, a
        self.events: list = []
        self.remaining: list[int] = []
        self.pairs: list[tuple[int, int]] = []
        self.bye: int | None = None
        watch = _WATCH.get() if self.forced else None
        self._watch = None if watch is None else PartingWatch(
            watch.real_keys, watch.decision_key, watch.opens)
        #: the search steps taken so far (``tick``), and whether the limit was reached
        self.steps = 0
        self.over = False
        self.step_limit = None if self.search_limit is None else \
            self.search_limit + self.search_per_player * len(st.players)
        return self.fmap

    def tick(self, n: int = 1) -> None:
        """Count ``n`` steps of the round's search; past ``step_limit`` (:attr:`search_limit`
        and :attr:`search_per_player` for each player; once), raise :class:`BudgetReached`."""
        self.steps += n
        if self.step_limit is not None and self.steps > self.step_limit and not self.over:
            self.over = True
            raise BudgetReached(self.steps)

    def over_budget(self):
        """The state after :class:`BudgetReached`: record the cut and pair by the engine's
        fallback (an engine with a ``search_limit`` defines it)."""
        raise NotImplementedError(f"{type(self).__name__} has no fallback for its limit")

    # ------------------------------------------------------------------ the machine
    def run(self) -> Trace:
        trace = self.run_in_family_numbers()
        return trace if self.articles is None else self.articles.trace(trace)

    def run_in_family_numbers(self) -> Trace:
        """The run, its events citing the numbers the states cite (the family's, for an
        edition that renumbers them: what the family's readers and checks read)."""
        state: Callable | None = self.open_round
        stopped = None
        while state is not None:
            try:
                state = state()
            except NoPairing:
                break
            except Parted as why:
                stopped = str(why)
                break
            except BudgetReached:
                state = self.over_budget
        meta = {"system": self.book.name, "rulebook": self.book.title,
                "edition": self.book.edition, "round": self.st.round}
        if self.forced:
            meta["what_if"] = [list(p) for p in self.forced]
        if stopped:
            meta["stopped"] = stopped
        return Trace(tuple(self.events), meta)

    def emit(self, e) -> None:
        if self._watch is not None and self._watch.before(e):
            raise Parted("parted")
        self.events.append(e)

    @property
    def accelerated(self) -> bool:
        """Whether the round is accelerated: some player has acceleration points up to this
        round (``XXA`` / ``250``), or the run computes them (``pair --baku``)."""
        try:
            return self._accelerated
        except AttributeError:
            self._accelerated = any(p.accelerated for p in self.st.players) or \
                bool(self.t.acceleration_method)
            return self._accelerated

    # ------------------------------------------------------------------ the prologue
    def open_round(self):
        st = self.st
        absent = tuple((p.number, p.absence) for p in st.players if not p.present)
        # the acceleration readings are in force only in an accelerated round: elsewhere
        # they cannot change anything, and the header leaves them out
        skip = () if self.accelerated else tuple(r.name for r in self.acceleration_readings)
        self.emit(self.ev.RoundOpened(
            article=self.opening_article, round=st.round, total_rounds=st.total_rounds,
            last_round=st.last_round, rulebook=self.book.title, edition=self.book.edition,
            readings={k: v for k, v in self.readings.as_dict().items() if k not in skip},
            to_pair=tuple(sorted(p.number for p in st.players if p.present)),
            absent=absent, initial_colour=self.initial_colour.word,
            initial_colour_source=self.initial_colour_source, tournament=self.t.name,
            readings_detail=tuple(d for d in self.readings.detail() if d[0] not in skip),
        ))
        if self.forced:
            pairs = tuple((a, b, *self.what_if_verdict(a, b)) for a, b in self.forced)
            self.emit(self.ev.WhatIf(article="what-if", pairs=pairs))
            if self._watch is not None and any(p[2] for p in pairs):
                raise Parted("illegal")  # the header is the answer
        self.emit(self.ev.StandingsSnapshot(
            article=self.standings_article, max_t=self.max_t(),
            rows=tuple(self.standing_row(p) for p in st.players)))
        if self.accelerated:
            self.emit(self.ev.AccelerationApplied(
                article=self.acceleration_article,
                records=acceleration_records(self.t),
                method=self.t.acceleration_method,
                players=tuple((p.number, fmt(p.points), fmt(p.virtual), fmt(p.score))
                              for p in st.players if p.accelerated),
                readings=tuple((r.name, self.readings.value(r.name))
                               for r in self.acceleration_readings),
                dropped=dropped_points(self.t, st.round),
            ))
        return self.first_state()

    def first_state(self):
        """The text's first state after the prologue (a method, or None)."""
        raise NotImplementedError(f"{type(self).__name__} names no first state")

    def what_if_verdict(self, a: int, b: int) -> tuple[str, dict]:
        """``(criterion, facts)`` of a forced pair by the text's absolute criteria
        (``("", {})`` when the pair is allowed)."""
        raise NotImplementedError(f"{type(self).__name__} judges no forced pair")

    # ------------------------------------------------------------------ the standings
    def standing_row(self, p) -> StandingRow:
        """A player's row of the trace's standings: the text's columns (:meth:`row`); in an
        accelerated round also the real score and the round's acceleration points
        (``score`` is the pairing score); then the text's notes (:meth:`row_notes`)."""
        row = self.row(p)
        if self.accelerated:
            row["real_score"] = fmt(p.points)
            row["virtual"] = fmt(p.virtual)
        row.update(self.row_notes(p))
        return row

    def max_t(self) -> int:
        """The MaxT the standings record (a text without one: 0)."""
        return self.st.max_t

    def row(self, p) -> StandingRow:
        """The text's columns of a player's row, in the order the trace records them:
        :meth:`who_columns` first, the text's own, :meth:`bye_columns` last."""
        raise NotImplementedError(f"{type(self).__name__} has no standings row")

    @staticmethod
    def who_columns(p) -> StandingRow:
        """The columns every row opens with: the player and the pairing score."""
        return {"number": p.number, "name": p.name, "rating": p.rating,
                "initial_rank": p.initial_rank, "score": fmt(p.score)}

    @staticmethod
    def bye_columns(p) -> StandingRow:
        """The columns every row closes with: bye eligibility, presence, the history."""
        return {"bye_eligible": p.bye_eligible,
                "bye_bar": p.bye_bar.as_dict() if p.bye_bar is not None else None,
                "present": p.present, "absence": p.absence, "history": p.history}

    def row_notes(self, p) -> StandingRow:
        """What the text adds to a row after the scores (none by default)."""
        return {}
