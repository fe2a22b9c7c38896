"""The dutch-2017 golden corpus: ``golden/dutch-2017/cases/*.trf`` (made by
``golden/dutch-2017/make_cases.py``), rounds where the 2017 and 2026 texts pair differently
(and one where A.9's collapsed last bracket is at work); the round report (Markdown) and the
decisions (JSON) are compared with ``golden/dutch-2017/snapshots/`` (``--snapshot-update``
writes them; they are reviewed).

Each case shows what it claims: which article of each text prefers its own pairing, found
by each rulebook's analysis of the other's pairing (the first criterion, in its text's
order, on which its own candidate is better)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_ext import (  # noqa: E402
    corpus,
    golden_tests,
)
from dutch_witness import departures, pair_ours  # noqa: E402
from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks import system_for  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

OTHER = find_rulebook("dutch-2026")
BOOK, HOME, CASES, VARIANTS, _trace = corpus("dutch-2017")

#: case -> (the 2026 criterion that prefers 2026's pairing of a bracket, the 2017 article
#: that prefers 2017's pairing of it: a criterion, or B.8 when every criterion is equal)
PREFERS = {
    "A9-pab-no-criterion": ("C5", "C.5"),
    "C12-every-downfloat": ("C14", "B.8"),
    "C7-following-bracket": ("C8", "C.10"),
    "no-C9-unplayed": ("C9", "C.10"),
}


test_dutch2017_golden, test_dutch2017_golden_decisions = golden_tests(
    __name__, _trace, VARIANTS, HOME / "snapshots", "test_dutch2017_golden", "test_dutch2017_golden_decisions")


@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_case_rereads_identically_and_names_the_2017_text(info):
    t = read_trf(info.path)
    assert write_trf(t) == info.path.read_text(encoding="utf-8")
    assert info.articles and info.purpose
    assert system_for(t)[0].name == "dutch-2017"  # its 092 FIDE_DUTCH_2017


@pytest.mark.parametrize("name", sorted(PREFERS))
def test_each_text_prefers_its_pairing_by_the_article_the_case_names(name):
    t = read_trf(HOME / "cases" / f"{name}.trf")
    r = BOOK.standings(t).round
    ours, t17 = pair_ours(BOOK, t, r)
    theirs, t26 = pair_ours(OTHER, t, r)
    assert ours.ok and theirs.ok and ours.pairs() != theirs.pairs()
    by26 = [d.criterion for d in departures(OTHER, t, r, ours, t26) if d.kind == "bracket"]
    by17 = [d.criterion for d in departures(BOOK, t, r, theirs, t17) if d.kind == "bracket"]
    want26, want17 = PREFERS[name]
    assert by26[0] == want26 and by17[0] == want17, (by26, by17)


def test_the_collapsed_last_bracket_case_shows_a9():
    trace = _trace(next(v for v in VARIANTS if v.case == "A9-collapsed-last-bracket"))
    kinds = [e.kind for e in trace.events]
    ppb = next(e for e in trace.events if e.kind == "penultimate-bracket")
    clb = next(e for e in trace.events if e.kind == "bracket-opened" and e.nature == "collapsed")
    assert ppb.article == "A.9" and set(clb.residents) == set(ppb.collapsed)
    assert kinds.index("penultimate-bracket") < kinds.index("pairing-published")


def test_the_tpn_arrival_reading_has_a_case_telling_its_values_apart():
    """Reading tpn-arrival (A.2.b, E.5; the 2026 family's reading in 2017's words): the case's two values pair differently (E.5's
    parity of the higher ranked player's pairing number)."""
    results = {}
    for v in (x for x in VARIANTS if x.case == "reading-tpn-arrival"):
        res = _trace(v).result
        results[dict(v.readings)["tpn-arrival"]] = frozenset(map(tuple, res.boards))
    assert set(results) == {"arrived", "file"}
    assert results["arrived"] != results["file"]
    # the same pairs, other colours: only E.5 reads the numbers' parity
    assert {frozenset(b) for b in results["arrived"]} == {frozenset(b) for b in results["file"]}


def test_why_not_reads_a_parting_at_the_ppb(capsys):
    """A what-if run that holds 21 and 27 for each other parts from the real one at A.9: the
    2-point bracket is the PPB only in the real run; the answer says so in 2017's words."""
    from dubov_explain.cli import main

    path = HOME / "cases" / "A9-collapsed-last-bracket.trf"
    assert main(["explain", str(path), "--player", "21", "--against", "27"]) == 0
    out = capsys.readouterr().out
    assert "**Answer:** A.9: in the procedure's round the 2-point bracket is the Penultimate " \
           "Pairing Bracket" in out
    assert "3.8.1" not in out and "[C" not in out


def test_why_not_gives_no_ppb_of_the_what_if_run_as_the_reason(capsys):
    """C7-following-bracket, 15 and 16 held for each other: only the what-if run has a PPB
    (A.9). The answer is the real round's decision at that step (B.4, a perfect candidate);
    the PPB is worded as what would have happened, never as why (was: "A.9: with 15–16
    forced, the 2-point bracket becomes the Penultimate Pairing Bracket")."""
    from dubov_explain.cli import main

    path = HOME / "cases" / "C7-following-bracket.trf"
    assert main(["explain", str(path), "--player", "15", "--against", "16"]) == 0
    out = capsys.readouterr().out
    assert "**Answer:** B.4: the procedure decides otherwise at this step of the 2-point bracket. What would " \
           "have happened with 15–16 forced: the 2-point bracket would have become the Penultimate Pairing " \
           "Bracket (A.9)" in out
    assert "becomes the Penultimate" not in out and "(article A.9)" not in out
    assert "**Where:** the 2-point bracket, step 32 of the round's trace (article B.4)." in out


def test_the_c7_reading_has_a_case_telling_its_values_apart():
    """Reading c7-last-bracket (C.7, C.2, A.9): under pab (bbpPairings v5.0.1's weighing) the
    2-point bracket gives the PAB to 13; read without C.2, C.7 prefers leaving 8 (who could
    pair 12 in a last bracket that would leave 15, whom C.2 bars, unpaired)."""
    byes = {}
    for v in (x for x in VARIANTS if x.case == "reading-c7-last-bracket"):
        byes[dict(v.readings)["c7-last-bracket"]] = _trace(v).result.bye
    assert byes == {"pab": 13, "pairs": 8}


def test_the_clb_case_is_decided_by_its_psd():
    """C6-clb-psd (round 11 of seed 1827 of the witness run, where dutch-2017 once gave the
    PAB to 4): the CLB {2, 5, 4 | 13, 14} leaves 5 in the Limbo, the PSD of A.8 (C.6) being
    6.5, 6, 3.5 against 7, 4.5, 4.5 with 4 there (its residents have two scores, so the
    least PSD is not the Limbo of the lowest MDP score); 5 gets the PAB, as bbpPairings
    v5.0.1 gives it.  2026's [C5] gives it to 4, the lower score."""
    v = next(x for x in VARIANTS if x.case == "C6-clb-psd")
    trace = _trace(v)
    assert trace.result.bye == 5
    i = next(k for k, e in enumerate(trace.events)
             if e.kind == "bracket-opened" and e.nature == "collapsed")
    chosen = next(e for e in trace.events[i:] if e.kind == "candidate-chosen")
    assert chosen.limbo == (5,) and chosen.vector["C.6"] == ["6.5", "6", "3.5"]
    assert OTHER.pair(read_trf(v.path)).result.bye == 4
