"""Replies to players under Dubov 1997 (``explain --system dubov-1997 --reply``): every
sentence proven.

The reply macro of ``rulebooks/dubov1997/templates/why.md.j2`` words the facts of
``explain/why.py``'s ``Reply``; ``rulebooks/dubov1997/claims.py`` reads the written text back
and re-derives each claim from the trace (the what-if trace for "with you and M paired", the
round paired under the other value for a reading).  Words no claim covers are ``unproven``.
Checked over the golden corpus (every player: the plain reply, one ``--against`` and
``--colour``) and
over generated rounds; a template made wrong on purpose must be caught.
"""

from __future__ import annotations

import pytest

from dubov_explain.cli import main
from dubov_explain.render import env as E
from dubov_explain.rulebooks.dubov1997 import claims
from dubov_explain.rulebooks.dubov1997.claims import check_text, mismatches
from dubov_explain.trf.reader import read_trf

import replies_sweep

SYSTEM = "dubov-1997"
#: the corpus's simulated rounds of 60 and 300 players are left to the golden tests (CPU)
CASES, SMALL, BOOK, CATALOGUE, Round = replies_sweep.bind(SYSTEM, claims, lambda stem: not stem.startswith("sim-"))

test_every_reply_of_the_corpus_is_proven = replies_sweep.corpus_test(Round, CASES, SMALL)


def test_every_reply_of_generated_rounds_is_proven():
    rounds, pages, claims, _ = replies_sweep.sweep_generated(Round, SYSTEM, range(1, 15), lambda seed: 8 + seed % 5,
                                                             8, first=1, topics=False)
    assert rounds >= 100 and pages > 1000 and claims > 6 * pages, (rounds, pages, claims)


test_the_memoised_readings_are_the_real_ones = replies_sweep.memo_test(Round, CASES / "reading-bye-tie.trf")


# ------------------------------------------------------------------ the words themselves
def text_of(case: str, n: int, against: int | None = None) -> str:
    rnd = Round(read_trf(str(CASES / f"{case}.trf")))
    r, text, cs = rnd.pages(n, against)
    assert mismatches(cs) == []
    return " ".join(text.split())


def test_the_bye_names_the_rule_of_article_4():
    flat = text_of("2.2-bye-bar", 4)
    assert "you (4 Quinteros, C., 0 points) have the bye (Article 4)" in flat
    # the rival and both scores, not only the rule ("it goes to a player of the lowest score group")
    assert "Article 4: you have a lower score than the next candidate, 5 Olsen, W.: 0 against 1." in flat
    assert flat.endswith("Step by step: dubov-explain explain --system dubov-1997 --player 4.")


def test_the_transfer_and_the_why_not():
    flat = text_of("2.2-bye-bar", 3, against=5)
    assert "You do not play 5 Olsen, W. (1 point): you have played each other (Article 2.1), in round 1." in flat
    assert "your due colour is White (Article 1)" in flat
    flat = text_of("7.1-transfer-due-colour", 6)
    assert "You were transferred up to the 2-point score group by Article 7.1 for 1 Rossi, H." in flat


def test_the_command_writes_the_proven_reply(capsys):
    """``explain --reply`` and ``--colour`` for this rulebook (no longer refused)."""
    rnd = Round(read_trf(str(CASES / "2.2-bye-bar.trf")))
    for n, flag in ((4, "--reply"), (3, "--colour")):
        assert main(["explain", str(CASES / "2.2-bye-bar.trf"), "--system", SYSTEM, "--player", str(n), flag]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Dear ") and (flag == "--reply" or "You have " in out)
        claims = check_text(out, rnd.trace, n, rnd.what_if, rnd.pair_under, CATALOGUE)
        assert mismatches(claims) == [] and len(claims) >= 6


# ------------------------------------------------------------------ a wrong template is caught
WRONG = {
    **replies_sweep.WRONG_LETTER,
    "position": ("position {{ x.position }} of", "position {{ x.position + 1 }} of"),
    "due colour": ("your due colour is {{ row.preference }}",
                   "your due colour is {{ 'White' if row.preference == 'Black' else 'Black' }}"),
    "bye rule": ("you have the lower R: {{ me[2] }} against {{ ko[2] }}",
                 "you have the lower R: {{ ko[2] }} against {{ me[2] }}"),
    "why-not": ("with you and {{ m }} paired it would take {{ f.instead }}",
                "with you and {{ m }} paired it would take {{ f.opponent }}"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    wrong = replies_sweep.wrong_own("dubov1997", *WRONG[name])
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    cases = ("2.2-bye-bar", "4-bye-lowest-rating", "6.3-lower-and-upper-rows", "1-due-colour-aro")
    assert replies_sweep.caught(Round, [CASES / f"{case}.trf" for case in cases]) > 0, name
