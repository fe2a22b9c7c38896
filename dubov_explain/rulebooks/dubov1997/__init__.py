"""Dubov 1997: the original Dubov rules, approved by the 1997 General Assembly
(``text/dubov-1997.txt``).

A different procedure from the 2025 text, not a set of its readings: the due colour of 1,
the limitations of 2 (with the transfer limits 2.5 and 2.6), the colour allocation of 3,
the bye of 4, the first round by halves of 5, the two columns of 6.2 with the improvements
of 6.3 and the floaters of 6.4, the transfers of 7, the floaters' treatment of 8, and the
arbiter's judgement of 9 where the text runs out.  The rooms: ``standings`` (1, 2.2,
2.5), ``limits`` (2.1-2.4), ``colours`` (3), ``engine`` (4-9 as a traced state machine),
``events``, ``readings``, ``request``, ``decisions``, ``why``, ``steps``, ``check``,
``articles`` and ``templates/``.

What it shares with ``dubov2025`` is only what is no rule of either text: the score
formatting of the events and the board order of the General Handling Rules.
"""

from __future__ import annotations

from ..base import ModuleRulebook
from .readings import Readings


class Dubov1997(ModuleRulebook):
    name = "dubov-1997"
    title = "Dubov Swiss Pairing System"
    edition = "approved by the 1997 General Assembly"
    family = "dubov"
    text = "dubov-1997.txt"
    #: ETT26 has no code for the 1997 text, and a 092 "Dubov" line means the current text:
    #: choose this rulebook with --system dubov-1997
    #: superseded: a later text is in force, so no family flag names this one
    readings_type = Readings

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check

    def parting_watch(self, real):
        # the engine closes each bracket once and takes back no event: a what-if run may
        # stop at the end of the bracket where it parts from the real one
        from .why import READER
        return READER.watch(real)
