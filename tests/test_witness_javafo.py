"""JaVaFo 1.4, the engine FIDE endorsed for the Dutch rules of 2012, as a witness of
``dutch-2012`` (see ``tests/javafo_witness.py``).

* **The committed corpus** ``tests/data/dutch-javafo/`` holds tournaments grown round by
  round with JaVaFo pairing every round (absences, half-point byes, forfeits, PABs), so
  these tests need no Java: our reader reads every file and names it ``dutch-2012`` by its
  ``092`` line; on every middle round our engine and JaVaFo break no absolute criterion
  of our test, we pair at least 97 % of the rounds exactly as JaVaFo (pairs and colours),
  and every round where we differ is in ``DIFFERENCES.md`` beside the corpus, with the
  article or reading it comes from (and only those rounds: a fix must strike its line).
* **JaVaFo itself** (``DUBOV_JAVAFO=/path/to/javafo.jar``, Java on the PATH): it pairs our
  writer's requests (in its 2006 dialect) as the file says it did.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

import dutch_witness as dw
import javafo_witness as jw
from dubov_explain.rulebooks import find_rulebook, system_named_by
from dubov_explain.trf.reader import read_trf

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "dutch-javafo"
FILES = sorted(CORPUS.glob("*.trf"))
BOOK = find_rulebook(dw.SYSTEM)
JAR = jw.javafo_jar()

needs_javafo = pytest.mark.skipif(JAR is None, reason="DUBOV_JAVAFO does not name javafo.jar, "
                                  "or java is not on the PATH (optional witness)")


def _middle():
    for p in FILES:
        t = read_trf(p)
        total = dw.rounds_in(t)
        for r in dw.middle_rounds(total):
            yield p, t, total, r


MIDDLE = list(_middle())


def _listed() -> dict[tuple[str, int], str]:
    """(file, round) -> the kind (``pairs`` / ``colours``) of every difference listed."""
    got = {}
    for line in (CORPUS / "DIFFERENCES.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `([^`]+)` \| (\d+) \| (pairs|colours) \|", line)
        if m:
            got[(m.group(1), int(m.group(2)))] = m.group(3)
    return got


def test_the_corpus_is_large_and_varied_enough():
    """At least 30 tournaments of 10-120 players, 250 middle rounds, with absences,
    half-point byes, forfeits and PABs (the issue's "done when")."""
    assert len(FILES) >= 30 and len(MIDDLE) >= 250
    sizes = [len(read_trf(p).players) for p in FILES]
    assert min(sizes) >= 10 and max(sizes) <= 120 and max(sizes) - min(sizes) >= 80
    codes = {e.code for p in FILES for q in read_trf(p).players for e in q.entries}
    assert {"1", "0", "=", "+", "-", "U", "H", "Z"} <= codes


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_javafo_files_name_dutch_2012(path):
    """JaVaFo's ``092 ... Swiss Dutch (Istanbul 2012 rules)`` names our ``dutch-2012``."""
    t = read_trf(path)
    named = system_named_by(t)
    assert named is not None and named.system == "dutch-2012" and named.code == "092"


def test_agreement_and_every_difference_attributed():
    """Every middle round: no absolute violation on either side; the same pairs and colours
    as JaVaFo in at least 97 % of them; the rounds that differ are exactly the ones
    DIFFERENCES.md attributes, with the same kind (pairs, or colours only)."""
    listed = _listed()
    found = {}
    same = 0
    for path, t, total, r in MIDDLE:
        req = dw.request(t, r, total)
        theirs = dw.from_round(t, r)
        ours = dw.run_ours(BOOK, req, r)
        assert ours.ok, (path.name, r, ours.status)
        assert dw.violations(BOOK, req, r, ours) == [], (path.name, r)
        assert dw.violations(BOOK, req, r, theirs) == [], (path.name, r)
        if dw.same_colours(ours, theirs):
            same += 1
        else:
            found[(path.name, r)] = "colours" if dw.same_pairs(ours, theirs) else "pairs"
    assert found == listed
    assert same >= 0.97 * len(MIDDLE)


@needs_javafo
def test_javafo_pairs_our_requests_as_the_file_says():
    """Our writer's request of a middle round, in JaVaFo's dialect, is paired by JaVaFo as
    the file holds it (the request carries all it needs), on the first file's rounds."""
    path = FILES[0]
    t = read_trf(path)
    total = dw.rounds_in(t)
    with tempfile.TemporaryDirectory() as d:
        for r in dw.middle_rounds(total):
            f = Path(d) / f"r{r}.trf"
            f.write_text(jw.dialect(dw.request_text(dw.request(t, r, total))))
            assert dw.same_colours(jw.run_javafo(JAR, f), dw.from_round(t, r)), r
