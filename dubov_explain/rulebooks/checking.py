"""The parts of ``check`` every rulebook makes alike, each called with the rulebook's own
articles: the start of the absolute test (who is paired, the bye, rematches and forbidden
pairs), the absolute colour preference denied, and the what-if walk that starts the
analysis of departures.  Facts only, as :class:`~.base.Violation` and
:class:`~.base.Departure`; the rulebook's ``check.md.j2`` words them.
"""

from __future__ import annotations

from typing import Callable, Iterator, Mapping

from ..trace.events import Impossible, Trace
from .base import Departure, Violation
from .colourcheck import colour_departures
from .completeness import completeness

__all__ = ["absolute_denied", "known_pairs", "met_or_forbidden", "roster",
           "walk_published"]


def roster(pub, r: int, st, articles: Mapping[str, str], bye_rule: str, bye_article: str
           ) -> tuple[dict, list[Violation]]:
    """The standings' players by number, and what the published pairing ``pub`` of round
    ``r`` breaks of who is paired (:func:`~.completeness.completeness`, ``articles``) and of
    the bye: one given to a present player the standings bar (``bye_rule``, cited by
    ``bye_article``, with the bar's facts)."""
    by = {p.number: p for p in st.players}
    to_pair = {p.number for p in st.players if p.present}
    out = completeness(pub, r, by, to_pair, articles)
    for b in pub.byes:
        p = by.get(b)
        if p is not None and p.present and not p.bye_eligible:
            out.append(Violation(bye_rule, (b,), "barred", bye_article, p.bye_bar.as_dict()))
    return by, out


def known_pairs(pub, by: Mapping[int, object]) -> Iterator[tuple[object, object, object]]:
    """``(pair, white's standing, black's standing)`` for each published pair of two
    different players the standings know (the others are completeness's findings)."""
    for pr in pub.pairs:
        a, b = by.get(pr.white), by.get(pr.black)
        if a is not None and b is not None and pr.white != pr.black:
            yield pr, a, b


def met_or_forbidden(pr, st, rule: str) -> list[Violation]:
    """A rematch (``rule``: the article that forbids it, with the rounds they met) and a
    forbidden pair (XXP) among the standings' ``met`` and ``forbidden``."""
    key = frozenset((pr.white, pr.black))
    out = []
    if key in st.met:
        out.append(Violation(rule, (pr.white, pr.black), "rematch", rule,
                             {"rounds": st.met[key]}))
    if key in st.forbidden:
        out.append(Violation("XXP", (pr.white, pr.black), "forbidden", "XXP"))
    return out


def absolute_denied(a, b, article: str) -> list[Violation]:
    """Each of the pair's players (``a`` White, ``b`` Black) whose absolute colour
    preference (``strength`` "absolute") the colours deny, cited by ``article``."""
    out = []
    for p, got in ((a, "White"), (b, "Black")):
        if p.strength == "absolute" and p.preference.word != got:
            out.append(Violation("colours", (p.number,), "absolute-denied", article,
                                 {"colours": "".join(c.value.upper() for c in p.colours),
                                  "difference": p.colour_difference,
                                  "preference": p.preference.word, "gets": got}))
    return out


def walk_published(request, r: int, pub, trace: Trace, readings,
                   pair: Callable[..., Trace], impossible: str, parted: str
                   ) -> tuple[Trace, list[Departure] | None]:
    """The what-if run of ``pair`` forcing every published pair, and, when the analysis
    ends there, its departures: the engine found no pairing (``impossible``: the article),
    or the walk did not reach the published pairing (``parted``: the article; with the
    colour departures of the engine's own pairs).  None: go on, bracket by bracket."""
    result = trace.result
    forced = tuple((p.white, p.black) for p in pub.pairs)
    what_if = pair(request, readings, round_no=r, forced=forced)
    wres = what_if.result
    if isinstance(result, Impossible):
        return what_if, [Departure("engine", impossible, impossible, False, False,
                                   case="impossible", facts={"event": result})]
    if (isinstance(wres, Impossible)
            or {frozenset(b) for b in wres.boards} != {p.players for p in pub.pairs}
            or wres.bye != pub.bye):
        facts = ({"event": wres} if isinstance(wres, Impossible)
                 else {"boards": tuple(wres.boards), "bye": wres.bye})
        return what_if, [Departure("engine", parted, parted, False, False, case="walk",
                                   facts=facts), *colour_departures(pub, (trace,))]
    return what_if, None
