"""The round report's exceptions sheet from a 1992 rating-text trace: its events have the
Dutch 2012 shapes (``events``), and the sheet's kinds mean the same there (the bye of A.5
and B.1.b, moving down by C.1/C.14/C.6, colours by E, exchanges of D.2, requirements
lowered by C.10-C.14), so the Dutch reader serves; the words are this rulebook's
(``templates/report.md.j2``)."""

from ..dutch2012.sheet import KINDS, report_sheet  # noqa: F401
