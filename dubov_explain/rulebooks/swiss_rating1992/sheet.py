"""The round report's exceptions sheet from a 1992 rating-text trace: its events have the
Dutch 2012 shapes (``events``), and the sheet's kinds mean the same there (the bye of A.5
and B.1.b, moving down by C.1/C.14/C.6, colours by E, exchanges of D.2, requirements
lowered by C.9-C.14, the backtracks of C.12/C.13), so the Dutch reader serves; the words are this rulebook's
(``templates/report.md.j2``)."""

from ...trace.events import Trace
from ..dutch2012.sheet import KINDS as _DUTCH_KINDS
from ..dutch2012.sheet import report_sheet as _dutch_sheet
from ..sections import Sheet

#: as the Dutch sheet's, the backtracks of C.12/C.13 included (this engine backtracks as its
#: text says)
KINDS = _DUTCH_KINDS


def report_sheet(trace: Trace) -> Sheet:
    return _dutch_sheet(trace, KINDS)
