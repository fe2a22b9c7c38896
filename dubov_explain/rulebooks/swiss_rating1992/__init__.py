"""Swiss 1992: FIDE C.04.1 Swiss System Based on Rating, as approved by the 1992, 1997 and
1998 General Assemblies (``text/swiss-rating-1992.txt``), the rating-based ancestor of the
Dutch system.

The rooms follow the text: ``standings`` (A.2 order by score, rating, title and name; A.1's
estimate; the A.4/A.7/B.1 facts, which the Dutch 2012 text states alike and whose reader is
shared), ``readings``, ``engine`` (section C as a traced state machine, B's criteria, E's
colours, F.1's order; its docstring says what is literal and what is not), ``events``,
``check``, ``why``, ``articles`` and ``templates/``.  The D.1/D.2 enumerations are those of
``dutch2012.search`` (the two texts prescribe the same orders: see the engine's docstring).
"""

from __future__ import annotations

from pathlib import Path

from ..room import RulebookRoom
from .readings import DEFAULT, Readings


class SwissRating1992(RulebookRoom):
    name = "swiss-rating-1992"
    title = "FIDE C.04.1 Swiss System Based on Rating"
    edition = "as approved by the 1992, 1997 and 1998 General Assemblies"
    #: no TRF code names this text; --system picks it
    trf_codes: tuple[str, ...] = ()
    trf_words: tuple[str, ...] = ()
    #: superseded: a later text is in force, so no family flag names this one
    in_force = False
    readings_type = Readings
    templates = Path(__file__).resolve().parent / "templates"
    default_readings = DEFAULT
    #: the report's divisions (``RulebookRoom.report_sections``)
    bye_events = ("ByeAssigned",)
    group_opens = "BracketOpened"
    group_closes = "BracketClosed"
    #: its request checks live beside its absolute test; the decisions and the step page
    #: read the event shapes, which are the Dutch 2012 ones (the texts say the same there)
    where = {
        "request_problems": "check.request_problems",
        "decisions": "dubov_explain.rulebooks.dutch2012.decisions:decisions",
        "step_states": "dubov_explain.rulebooks.dutch2012.steps:step_states",
        "step_changes": "dubov_explain.rulebooks.dutch2012.steps:step_changes",
    }


RULEBOOK = SwissRating1992()
