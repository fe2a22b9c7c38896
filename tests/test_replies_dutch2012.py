"""Replies to players under Dutch 2012 (``explain --system dutch-2012 --reply``): every
sentence proven.

The reply macro of ``rulebooks/dutch2012/templates/why.md.j2`` words the facts of
``explain/why.py``'s ``Reply``; ``rulebooks/dutch2012/claims.py`` reads the written text back
and re-derives each claim from the trace (the what-if trace for "with you and M paired", the
round paired under the other value for a reading).  Words no claim covers are ``unproven``.
Checked over the golden corpus (every player: the plain reply, one ``--against`` and
``--colour``) and
over generated rounds; a template made wrong on purpose must be caught.
"""

from __future__ import annotations

import re

import pytest

from dubov_explain.cli import main
from dubov_explain.render import env as E
from dubov_explain.rulebooks.dutch2012 import claims
from dubov_explain.rulebooks.dutch2012.claims import check_text, mismatches
from dubov_explain.simulate import history_before, simulate
from dubov_explain.trf.reader import read_trf

import replies_sweep

SYSTEM = "dutch-2012"
#: simulated-40-middle is left to the golden tests: its what-if runs (one per bracket-mate
#: of every player) cost some 90 s of CPU; one of its players is checked below
BIG = "simulated-40-middle"
CASES, SMALL, BOOK, CATALOGUE, Round = replies_sweep.bind(SYSTEM, claims, lambda stem: stem != BIG)

test_every_reply_of_the_corpus_is_proven = replies_sweep.corpus_test(Round, CASES, SMALL)


def test_every_reply_of_generated_rounds_is_proven():
    rounds, pages, claims, _ = replies_sweep.sweep_generated(Round, SYSTEM, range(1, 21), lambda seed: 6 + seed % 3,
                                                             9, first=1, topics=False)
    assert rounds >= 100 and pages > 1000 and claims > 6 * pages, (rounds, pages, claims)


test_the_memoised_readings_are_the_real_ones = replies_sweep.memo_test(Round, CASES / "reading-bye-downfloat.trf")


# ------------------------------------------------------------------ the words themselves
def text_of(case: str, n: int, against: int | None = None) -> str:
    rnd = Round(read_trf(str(CASES / f"{case}.trf")))
    r, text, cs = rnd.pages(n, against)
    assert mismatches(cs) == []
    return " ".join(text.split())


def test_the_bye_and_the_preference_cite_the_2012_articles():
    flat = text_of("B.1.b-no-second-bye", 4)
    assert "you (4 Quinteros, C., 2 points) have the pairing-allocated bye (Article A.5)" in flat
    assert "your colour preference is strong for White (Article A.7.b)" in flat
    assert "Article A.5: the bye goes to the player left unpaired by the last bracket" in flat
    assert flat.endswith("Step by step: dubov-explain explain --system dutch-2012 --player 4.")


def test_the_why_not_and_the_history():
    flat = text_of("B.1.b-no-second-bye", 2, against=5)
    assert "You do not play 5 Olsen, W. (1 point): you have met before (Article B.1.a)." in flat
    flat = text_of("B.1.b-no-second-bye", 1)
    assert "Rounds without a game: round 1 half-point bye; round 3 half-point bye." in flat


def test_one_player_of_the_big_case():
    rnd = Round(read_trf(str(CASES / f"{BIG}.trf")))
    n = rnd.players()[0]
    r, _, cs = rnd.pages(n, None, known=rnd.readings_that_matter(n))
    assert mismatches(cs) == [] and len(cs) >= 5


def test_the_command_writes_the_proven_reply(capsys):
    """``explain --reply`` and ``--colour`` for this rulebook (no longer refused)."""
    rnd = Round(read_trf(str(CASES / "B.1.b-no-second-bye.trf")))
    for n, flag in ((4, "--reply"), (5, "--colour")):
        assert main(["explain", str(CASES / "B.1.b-no-second-bye.trf"), "--system", SYSTEM, "--player", str(n), flag]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Dear ") and (flag == "--reply" or "You have " in out)
        claims = check_text(out, rnd.trace, n, rnd.what_if, rnd.pair_under, CATALOGUE)
        assert mismatches(claims) == [] and len(claims) >= 6


# ------------------------------------------------------------------ a wrong template is caught
WRONG = {
    **replies_sweep.WRONG_LETTER,
    **replies_sweep.WRONG_PREFERENCE,
    "position": ("position {{ x.position }} of", "position {{ x.position + 1 }} of"),
    "colour rule": ("Article {{ x.colour_rule }}, {{ COLOUR_WORDS", "Article E.4, {{ COLOUR_WORDS"),
    "why-not": ("the procedure's transposition #{{ f.index }} comes before #{{ f.instead }}",
                "the procedure's transposition #{{ f.instead }} comes before #{{ f.index }}"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    wrong = replies_sweep.wrong_own("dutch2012", *WRONG[name])
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    cases = ("B.1.b-no-second-bye", "D.1-transposition-index", "E.4-higher-ranked", "C.7-transposition")
    assert replies_sweep.caught(Round, [CASES / f"{case}.trf" for case in cases]) > 0, name


def test_a_player_alone_in_his_bracket_is_not_told_he_could_meet_none_of_the_others():
    """C.1 in a bracket of one (seed 11, round 7 of the generated rounds the Dutch sweeps
    pair, ``replies_sweep.sweep_generated``): player 7 is alone in the 2.5-point bracket. The
    letter says so; "you could meet none of the others" with nobody named is refused."""
    sim = simulate(9, 7, 11, system=SYSTEM)
    rnd = Round(history_before(sim.tournament, 7))
    r, text, cs = rnd.pages(7, None)
    flat = " ".join(text.split())
    assert ("In the 2.5-point bracket you were the only player, so no opponent could be found for you there "
            "(Article C.1).") in flat
    assert "none of the others" not in flat and mismatches(cs) == []
    said = r"\s+".join(map(re.escape, "you were the only player, so no opponent could be found for you there "
                                          "(Article C.1).".split()))
    old = re.sub(said, "you could meet none of the others (Article C.1): .", text)
    assert old != text
    bad = mismatches(check_text(old, rnd.trace, 7, rnd.what_if, rnd.pair_under, CATALOGUE, tournament=rnd.t))
    assert [c.kind for c in bad] == ["moved-down"], bad
    # a bracket of two, where the other is named, is still worded so
    flat = " ".join(rnd.pages(2, None)[1].split())
    assert "In the 5.5-point bracket you could meet none of the others (Article C.1): 1 (you played in round 3" in flat
