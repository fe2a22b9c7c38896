"""Dutch 2012: FIDE C.04.3.1 Dutch System, as agreed in Istanbul 2012 (``text/dutch-2012.txt``).

The rooms follow the text: ``standings`` (A.2 order, A.4 floats, A.7 colour preferences,
B.1.b bye), ``readings`` (the named readings of ambiguous articles), ``search`` (the
enumerations of D.1-D.3), ``engine`` (section C as a traced state machine, B's criteria,
E's colours; its docstring argues why the search returns the literal answer), ``events``,
``decisions``, ``check`` (the absolute test and the departures of a published pairing),
``why`` and ``steps`` (what the explanations and the step-through page ask), ``articles``
(the text by article) and ``templates/``.
"""

from __future__ import annotations

from pathlib import Path

from ..room import RulebookRoom
from .readings import DEFAULT, Readings


class Dutch2012(RulebookRoom):
    name = "dutch-2012"
    title = "FIDE C.04.3.1 Dutch System"
    edition = "as agreed by the 83rd FIDE Congress, Istanbul 2012"
    #: ETT26 names only the current Dutch rules (FIDE_DUTCH_2025); the 2012 text has no
    #: code of its own, so a 192 record never picks this edition: --system does
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
    #: its request checks live beside its absolute test
    where = {"request_problems": "check.request_problems"}


RULEBOOK = Dutch2012()
