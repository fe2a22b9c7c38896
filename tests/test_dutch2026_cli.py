"""dutch-2026 from the command line: a file whose 192 (or bbpPairings' 092) names the current
Dutch rules is paired by dutch-2026 without --system; the report names the edition."""

from __future__ import annotations

from pathlib import Path

from dubov_explain.cli import main
from dubov_explain.rulebooks import system_for
from dubov_explain.trf.reader import read_trf

DATA = Path(__file__).parent / "data" / "dutch-bbp"


def test_a_file_naming_fide_dutch_2025_is_paired_by_dutch_2026(tmp_path):
    text = (DATA / "bbp-s1001.trf").read_text(encoding="ascii").replace("\r", "\n")
    for record in ("092 FIDE_DUTCH_2025", "192 FIDE_DUTCH_2025", "192 FIDE_DUTCH_2026",
                   "192 FIDE_DUTCH"):
        f = tmp_path / "t.trf"
        f.write_text(text.replace("092 FIDE_DUTCH_2025", record), encoding="ascii")
        book, warning = system_for(read_trf(f))
        assert book.name == "dutch-2026" and warning is None, record


def test_pair_report_names_the_2026_text(tmp_path, capsys):
    out = tmp_path / "r.md"
    code = main(["pair", str(DATA / "bbp-s1001.trf"), "--round", "3", "--rounds", "5",
                 "--report", str(out)])
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert "applied from 1 February 2026" in text
    assert "3.4.1" in text or "3.8.1" in text
