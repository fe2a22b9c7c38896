"""TRF (FIDE Tournament Report File) reading and writing.

See ``shared/reference/trf.md``: :mod:`.reader` reads TRF16, TRF(x) and the TRF26 records
that matter for pairing; :mod:`.writer` writes TRF(x) following the safe-writer rules of
section 13 and enters rounds and results.
"""

from .reader import parse_trf, read_trf
from .writer import append_round, enter_results, save_trf, write_trf

__all__ = ["parse_trf", "read_trf", "write_trf", "save_trf", "append_round", "enter_results"]
