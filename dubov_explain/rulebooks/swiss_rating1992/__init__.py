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

from ..dutch2012 import Dutch2012
from .readings import Readings


class SwissRating1992(Dutch2012):
    """An edition of the Dutch family's text before it: what its articles say as the 2012
    text does (the decisions and step shapes, the board order of F.1 and GHR 3.6, what a
    decision decided, a player's round) is inherited; its standings (A.1, A.2), its
    procedure (C), its absolute test and departures, its why-not articles and its text are
    its own."""

    name = "swiss-rating-1992"
    title = "FIDE C.04.1 Swiss System Based on Rating"
    edition = "as approved by the 1992, 1997 and 1998 General Assemblies"
    family = "swiss-rating"
    text = "swiss-rating-1992.txt"
    #: no TRF code or 092 wording names this text (not the 2012 text's): --system picks it
    trf_words = ()
    #: superseded: a later text is in force, so no family flag names this one
    readings_type = Readings

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check
