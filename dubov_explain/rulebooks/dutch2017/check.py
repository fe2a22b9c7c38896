"""``check`` for Dutch 2017 and the trace read back: Dutch 2026's (``dutch2026/check.py``)
on the 2017 engine and standings, its findings in the 2017 numbers (``numbering``).

The absolute test is the same text: C.1-C.3 are [C1]-[C3] (C.2's bar is the 2017
standings': a full-point bye does not bar the PAB) and the completeness of A.9 is 1.9.1's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...records import replace
from ..dutch2026 import check as family
from ..dutch2026.check import (KINDS, Steps, board_order, bracket_of,  # noqa: F401
                               decision_key, report_events)
from ..sections import SheetItem
from ..decisions import Projection, fields
from ..texts import citation_lookup, rule_text
from ..why import answer as _answer
from . import events as ev  # noqa: F401  (the kinds registered under the 2017 name)
from .engine import pair_round, request_problems  # noqa: F401
from .numbering import ARTICLES, CRITERIA
from .readings import DEFAULT
from .standings import compute_standings

__all__ = ["absolute_test", "analyse_departures", "board_order", "request_problems"]


def absolute_test(request, r, pub, readings=DEFAULT, standings=None):
    st = standings if standings is not None else compute_standings(request, r, readings)
    found = ARTICLES.forward(family.absolute_test(request, r, pub, readings, st))
    return [replace(v, rule=CRITERIA.get(v.rule) or v.rule) for v in found]


def analyse_departures(request, r, pub, trace, readings=DEFAULT):
    """Dutch 2026's analysis on the 2017 engine: a bracket's departure names the first of
    C.5-C.19 on which the procedure's candidate is better; the PAB's departure, which 2026
    words by [C5], is 2017's A.9 (the PAB is the last bracket's downfloater)."""
    found, what_if = family.analyse_departures(request, r, pub, trace, readings,
                                               pair=pair_round)
    found = [replace(d, criterion="A.9") if d.kind == "bye" else d for d in found]
    return ARTICLES.forward(found), what_if


_ARTICLE = re.compile(r"^([A-E])\.(\d+)$")


@lru_cache(maxsize=1)
def _articles() -> dict[str, str]:
    """number -> text of the 2017 text's table: its sections (``A``), articles (``A.4``,
    ``C.12``) and lettered items (``A.4.b``, ``D.2.a``), each with its first cell of text."""
    out: dict[str, str] = {}
    current = ""
    for line in rule_text(__package__, "dutch-2017.txt").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        if re.fullmatch(r"[A-E]", cells[0]):
            current = cells[0]
            out.setdefault(current, cells[1].strip("* "))
        elif _ARTICLE.match(cells[1]):
            current = cells[1]
            out.setdefault(current, " ".join(c for c in cells[2:] if c).strip("* "))
        elif current and re.fullmatch(r"[a-d]", cells[2]) and len(cells) > 3:
            out.setdefault(f"{current}.{cells[2]}", cells[3].strip("* "))
    return out


def articles() -> dict[str, str]:
    return _articles()


_refs, article_text = citation_lookup(articles, r"[A-E]\.\d+\.[a-d]|[A-E]\.\d+|\b[A-E]\b")

def _cite(answer: dict) -> dict:
    """A 2026 reader's answer in the 2017 numbers: its articles (``numbering.ARTICLES``)
    and an absolute criterion's code (2026's ``C1`` is 2017's C.1)."""
    out = ARTICLES.forward(answer)
    crit = out.get("criterion")
    if crit in CRITERIA and CRITERIA[crit]:
        out = {**out, "criterion": CRITERIA[crit]}
    return out


def read_parting(real, what_if, r, w, player: int, against: int) -> dict:
    """Dutch 2026's reading of where a what-if run parts from the real one, in the 2017
    numbers (the vectors compared are already 2017's C.5-C.19); a parting at A.9's PPB (one
    run's bracket is the PPB, the other's is not) is read here."""
    if isinstance(r, ev.PenultimateBracket) or isinstance(w, ev.PenultimateBracket):
        side = "real" if isinstance(r, ev.PenultimateBracket) else "what-if"
        e = r if side == "real" else w
        # the real run's decision there (a what-if PPB: the article the real round decides
        # by instead, which the reply gives; the PPB of the forced run is no reason)
        real_article = getattr(r, "article", None)
        art = "A.9" if side == "real" else (real_article or "A.9")
        return _answer("ppb", art, art, "bracket", e.score, side=side,
                       downfloaters=list(e.downfloaters), collapsed=list(e.collapsed),
                       real_article=real_article)
    return _cite(family.read_parting(real, what_if, r, w, player, against))


def player_round(trace, player: int) -> dict:
    """Dutch 2026's facts of the player's round, but for what sets the PAB's assignee apart
    from the others of the last bracket: 2017 has no criterion on the PAB (2026's [C5], the
    lowest score, and [C9], the fewest unplayed games, are new in 2026); the PAB is the
    player the last bracket's candidate leaves unpaired (A.9's note), chosen by C.5-C.19 in
    order (B.8).  Nobody else allowed it (``only``), or none of the others could leave the
    rest paired (``C4``: C.1 and A.9's complete round-pairing), are the same facts."""
    x = family.player_round(trace, player)
    bye = x.get("bye") or {}
    if bye.get("decided") in ("C5", "C9"):
        x["bye"] = {**bye, "decided": "3.8.1"}
    # A.9: a player left unpaired by the PPB was left so by its pairing again by C.4 (the
    # downfloaters of its best candidate by C.5-C.19 and the players below could not
    # complete the round), not by the best candidate of B.8
    ppb = {e.score: e for e in trace.of(ev.PenultimateBracket)}
    for item in x.get("upfloat") or ():
        left = item.get("left")
        if left and left.get("how") == "unpaired" and left["score"] in ppb:
            e = ppb[left["score"]]
            item["left"] = {**left, "how": "ppb", "downfloaters": list(e.downfloaters),
                            "collapsed": list(e.collapsed)}
    return x


def verdict_article(verdict: str, criterion: str = "") -> str:
    """The article of a verdict (an absence, no pairing, an absolute criterion), 2017's."""
    if verdict == "illegal":
        return CRITERIA.get(criterion) or criterion
    return ARTICLES.cite(family.verdict_article(verdict, criterion))


def report_sheet(trace, kinds: tuple[str, ...] = KINDS):
    """Dutch 2026's exceptions sheet, and A.9's floats: the pairs of the collapsed last
    bracket whose players have different scores (A.4.b: a downfloat and an upfloat) that
    no player moved down explains."""
    sheet = family.report_sheet(trace, kinds)
    snap = trace.of(ev.StandingsSnapshot)
    score = {row["number"]: row["score"] for row in snap[0].rows} if snap else {}
    opened = None
    extra = []
    for e in trace.events:
        if isinstance(e, ev.BracketOpened):
            opened = e if e.nature == "collapsed" else None
        elif isinstance(e, ev.CandidateChosen) and opened is not None:
            mixed = tuple(n for a, b in e.pairs if a not in opened.mdps and b not in opened.mdps
                          and score.get(a) != score.get(b) for n in (a, b))
            if mixed:
                extra.append(SheetItem("floaters", (e,), e.score, mixed, code="collapsed"))
    return replace(sheet, items=sheet.items + tuple(extra)) if extra else sheet


PROJECTION = Projection("dubov_explain/rulebooks/dutch2017/check.py", {
    **family.PROJECTION,
    "penultimate-bracket": fields("score", "downfloaters", "collapsed"),
})
decisions = PROJECTION.decisions
step_changes = Steps.step_changes
step_states = Steps.step_states
