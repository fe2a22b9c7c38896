"""How a rulebook reads its own traces for ``why`` and ``why-not``: the plumbing, once.

The generic side (:mod:`dubov_explain.explain.why`, :mod:`dubov_explain.explain.compare`)
runs the what-if pairing and compares two traces; it asks the rulebook what only the
rulebook knows.  What is the same in every rulebook but for its event kinds and its
articles is here, and a rulebook's ``why.py`` names its own:

* :class:`TraceReader`: which events are decisions and what each decided
  (:meth:`~TraceReader.decision_key`, from the rulebook's table ``keys`` by event class),
  the article a verdict rests on (:meth:`~TraceReader.verdict_article`, from its tables
  ``verdicts`` and ``criteria``), the bracket an event is decided in
  (:meth:`~TraceReader.bracket_of`, by its event ``opens``);
* :func:`answer`, the shape of what ``read_parting`` returns, and :func:`differs`, its
  answer where no article of the rulebook reads the parting;
* :func:`round_facts`, the facts of one player's round (``player_round``) before the
  rulebook fills them in (:class:`PlayerRound` lists them).

Everything returned is codes, numbers, player numbers and event indices; the sentences are
in the rulebook's ``templates/why.md.j2``.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, TypedDict

from ..trace.events import Event, Impossible, PairingPublished, RoundOpened, Trace
from ..trace.events import StandingsSnapshot, WhatIf

#: what decides nothing: the header, a what-if run's forced pairs, the standings
SILENT: tuple[type[Event], ...] = (RoundOpened, WhatIf, StandingsSnapshot)


def _silent(e: Event) -> None:
    return None


def _published(e: PairingPublished) -> tuple:
    return ("published", tuple(map(tuple, e.boards)), e.bye)


def _impossible(e: Impossible) -> tuple:
    return ("impossible",)


class TraceReader:
    """A rulebook's reading of its traces, by its event kinds; its ``why.py`` subclasses
    it, and exposes ``decision_key = READER.decision_key`` (and ``verdict_article``,
    ``bracket_of``) for an instance ``READER``."""

    #: the event that opens a bracket (a score group)
    opens: ClassVar[type[Event]]
    #: event classes that decide nothing (besides :data:`SILENT`): a what-if run changes
    #: them by holding its players (candidate lists, facts of a group)
    silent: ClassVar[tuple[type[Event], ...]] = ()
    #: event class -> what an event of it decided; a class not listed (nor a base of it):
    #: ``(kind, article)``
    keys: ClassVar[dict[type[Event], Callable[[Any], tuple]]] = {}
    #: the article a verdict rests on when no decision of the procedure is involved
    #: (``absent``, ``no-pairing``)
    verdicts: ClassVar[dict[str, str]] = {}
    #: the article of each absolute criterion a pair can break on its own (a criterion not
    #: listed is its own article)
    criteria: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        self._table: dict[type, Callable[[Any], tuple | None]] = {
            **{c: _silent for c in SILENT + self.silent},
            PairingPublished: _published, Impossible: _impossible, **self.keys,
        }
        self._resolved: dict[type, Callable[[Any], tuple | None] | None] = {}

    def _key_of(self, cls: type) -> Callable[[Any], tuple | None] | None:
        try:
            return self._resolved[cls]
        except KeyError:
            key = next((self._table[c] for c in cls.__mro__ if c in self._table), None)
            self._resolved[cls] = key
            return key

    def decision_key(self, e: Event) -> tuple | None:
        """What a decision decided; ``None`` for events that decide nothing (headers, the
        standings, candidate lists, which a what-if run changes by holding its players)."""
        key = self._key_of(type(e))
        return (e.kind, e.article) if key is None else key(e)

    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        """The article of a verdict: an absence, no pairing, or the article of the absolute
        criterion that makes a pair illegal."""
        if verdict == "illegal":
            return self.criteria.get(criterion, criterion)
        return self.verdicts.get(verdict, "")

    def watch(self, real: Trace):
        """A :class:`~dubov_explain.rulebooks.machine.PartingWatch` of ``real``: a what-if
        run that has parted from it stops at the end of the parting's bracket.  Only for a
        text whose engine never goes back to a bracket it has closed, nor takes back an
        event (its rulebook's ``parting_watch`` says so)."""
        from .machine import PartingWatch

        keys = [k for k in map(self.decision_key, real.events) if k is not None]
        return PartingWatch(keys, self.decision_key, self.opens)

    def bracket_of(self, trace: Trace, index: int) -> str | None:
        """The score of the bracket in which event ``index`` (0-based) is decided; None
        before the first bracket."""
        for e in reversed(trace.events[: index + 1]):
            if isinstance(e, self.opens):
                return e.score
        return None


# ---------------------------------------------------------------------------- why not
def answer(case: str, criterion: str, article: str, where: str = "", score: str | None = None,
           verdict: str = "passed-over", **facts: Any) -> dict:
    """What ``read_parting`` returns: ``{verdict, case, criterion, article, where, score,
    facts}`` (``where``: "round", "bye", "bracket", "group"; ``facts`` for the words)."""
    return dict(verdict=verdict, case=case, criterion=criterion, article=article, where=where,
                score=score, facts=facts)


def differs(r: Event | None, w: Event | None) -> dict:
    """The answer where no article reads the parting: only where the traces part."""
    art = r.article if r is not None else ""
    return answer("differs", art, art, real_kind=r.kind if r is not None else None,
                  what_if_kind=w.kind if w is not None else None)


# ---------------------------------------------------------------------------- one player
class PlayerRound(TypedDict, total=False):
    """The facts of one player's round that ``player_round`` returns (a plain dict with
    these keys, which the generic side reads and completes)."""

    #: why the player has, or has not, the bye: ``{case, article, step, ...}``
    bye: dict
    #: the player's rounds before this one, where the rulebook reads them from its trace
    history: list[dict]
    #: the player's bracket (score group): its score, whether the player is a resident,
    #: its residents and the players who came into it
    bracket_score: str | None
    resident: bool
    residents: list[int]
    upfloaters: list[int]
    #: ``{"case": ..., "step": event index (1-based), ...}``: how the player came into the
    #: bracket, the subgroups of it, how the opponent was chosen
    upfloat: list[dict]
    groups: list[dict]
    pairing: list[dict]
    #: the colour rule and the step that applied it
    colour_rule: str
    colour_step: int | None
    #: the indices of the events of the player's bracket
    events: list[int]


def round_facts(bye: dict, **first: Any) -> dict[str, Any]:
    """A player's round (:class:`PlayerRound`) before any event is read: ``bye``, then
    ``first`` (e.g. the ``history``), then the bracket's facts empty."""
    return dict(bye=bye, **first, bracket_score=None, resident=True, residents=[],
                upfloaters=[], upfloat=[], groups=[], pairing=[], colour_rule="",
                colour_step=None, events=[])
