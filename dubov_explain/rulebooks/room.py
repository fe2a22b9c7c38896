"""The Rulebook protocol's methods, once, for a rulebook laid out like the others.

A rulebook's folder holds the same modules (``standings``, ``engine``, ``request``,
``decisions``, ``check``, ``articles``, ``why``, ``steps``, ``events``); each method of the
protocol is a call of one function there, imported when first asked, so that a plain
``pair`` imports what pairing needs and nothing else.  A rulebook class derives from
:class:`RulebookRoom`, names itself (``name``, ``title``, ``edition``, ...), gives its
readings (``readings_type``, ``default_readings``) and its report's divisions
(``bye_events``, ``group_opens``, ``group_closes``: names of its event classes), and lists
in ``where`` any function that lives in another module than the usual one.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, ClassVar, Sequence

from ..tournament.model import Tournament
from ..trace.events import Trace

#: protocol method -> ``module.function`` in the rulebook's package
USUAL: dict[str, str] = {
    "standings": "standings.compute_standings",
    "pair": "engine.pair_round",
    "request_problems": "request.request_problems",
    "decisions": "decisions.decisions",
    "absolute_test": "check.absolute_test",
    "analyse_departures": "check.analyse_departures",
    "board_order": "check.board_order",
    "article_numbers": "articles.articles",
    "article_text": "articles.article_text",
    "decision_key": "why.decision_key",
    "verdict_article": "why.verdict_article",
    "read_parting": "why.read_parting",
    "player_round": "why.player_round",
    "bracket_of": "why.bracket_of",
    "step_states": "steps.step_states",
    "step_changes": "steps.step_changes",
}


class RulebookRoom:
    #: functions that live elsewhere than :data:`USUAL` says (method -> ``module.function``
    #: in the rulebook's package, or ``package.module:function`` for another room's)
    where: ClassVar[dict[str, str]] = {}
    #: the readings in force when none are given
    default_readings: Any
    #: names of the event classes (in the rulebook's ``events``) that the report shows as
    #: the bye, and that open and close one score group
    bye_events: ClassVar[tuple[str, ...]] = ()
    group_opens: ClassVar[str] = ""
    group_closes: ClassVar[str] = ""

    def _call(self, method: str, *args):
        spec = {**USUAL, **self.where}[method]
        if ":" in spec:  # another room's function, shared because the texts say the same
            module, _, function = spec.partition(":")
        else:
            module, _, function = spec.rpartition(".")
            module = f"{type(self).__module__}.{module}"
        return getattr(import_module(module), function)(*args)

    @property
    def catalogue(self):
        return self.readings_type.catalogue

    def readings(self, pairs=None):
        return self.readings_type.from_pairs(pairs) if pairs else self.default_readings

    def standings(self, t: Tournament, round_no: int | None = None, readings=None):
        return self._call("standings", t, round_no, readings or self.default_readings)

    def pair(self, t: Tournament, readings=None, round_no: int | None = None,
             forced: Sequence[tuple[int, int]] = ()) -> Trace:
        return self._call("pair", t, readings or self.default_readings, round_no, tuple(forced))

    def request_problems(self, t: Tournament, pairing: bool = True) -> list:
        return self._call("request_problems", t, pairing)

    def decisions(self, trace: Trace) -> list[dict]:
        return self._call("decisions", trace)

    def absolute_test(self, request: Tournament, round_no: int, published, readings=None):
        return self._call("absolute_test", request, round_no, published,
                          readings or self.default_readings)

    def analyse_departures(self, request: Tournament, round_no: int, published, trace: Trace,
                           readings=None):
        return self._call("analyse_departures", request, round_no, published, trace,
                          readings or self.default_readings)

    def report_sections(self, trace: Trace) -> list:
        from .sections import sections

        ev = import_module(f"{type(self).__module__}.events")
        return sections(trace, tuple(getattr(ev, n) for n in self.bye_events),
                        getattr(ev, self.group_opens), getattr(ev, self.group_closes))

    def board_order(self, pairs, trace: Trace):
        return self._call("board_order", pairs, trace)

    def article_numbers(self) -> frozenset[str]:
        return frozenset(self._call("article_numbers"))

    def article_text(self, cited: str) -> list[tuple[str, str]]:
        return self._call("article_text", cited)

    def decision_key(self, event) -> tuple | None:
        return self._call("decision_key", event)

    def verdict_article(self, verdict: str, criterion: str = "") -> str:
        return self._call("verdict_article", verdict, criterion)

    def read_parting(self, real: Trace, what_if: Trace, real_event, what_if_event,
                     player: int, against: int) -> dict:
        return self._call("read_parting", real, what_if, real_event, what_if_event, player,
                          against)

    def player_round(self, trace: Trace, player: int) -> dict:
        return self._call("player_round", trace, player)

    def bracket_of(self, trace: Trace, index: int) -> str | None:
        return self._call("bracket_of", trace, index)

    def step_states(self, trace: Trace) -> list:
        return self._call("step_states", trace)

    def step_changes(self, trace: Trace) -> list:
        return self._call("step_changes", trace)

    def __repr__(self) -> str:
        return f"<rulebook {self.name}: {self.title}, {self.edition}>"  # type: ignore[attr-defined]
