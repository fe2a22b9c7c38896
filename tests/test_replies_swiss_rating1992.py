"""Replies to players under the 1992 rating-based text (``explain --system
swiss-rating-1992 --reply``): every sentence proven.

The reply macro of ``rulebooks/swiss_rating1992/templates/why.md.j2`` words the facts of
``explain/why.py``'s ``Reply``, citing the 1992 text's articles (A.2's order, A.5's bye,
A.7's preferences, C.1, C.7, C.9-C.11, C.14, D.1, D.2, E.1-E.5, F.5);
``rulebooks/swiss_rating1992/claims.py`` reads the written text back and re-derives each
claim from the trace (the what-if trace for "with you and M paired", the round paired under
the other value for a reading).  Words no claim covers are ``unproven``.  Checked over the
golden corpus (every player: the plain reply, one ``--against`` and ``--colour``) and over
generated rounds; a template made wrong on purpose must be caught.  (The shape of
``test_replies_dutch2012.py``; each rulebook words, and so checks, its own replies.)
"""

from __future__ import annotations

import pytest

from dubov_explain.cli import main
from dubov_explain.render import env as E
from dubov_explain.rulebooks.swiss_rating1992 import claims
from dubov_explain.rulebooks.swiss_rating1992.claims import check_text, mismatches
from dubov_explain.simulate import history_before, simulate
from dubov_explain.trf.reader import read_trf

import replies_sweep
from replies_sweep import sweep

SYSTEM = "swiss-rating-1992"
#: the simulated cases' what-if runs (one per bracket-mate of every player) are the costly
#: part; each is swept whole, as the small cases are
CASES, SMALL, BOOK, CATALOGUE, Round = replies_sweep.bind(SYSTEM, claims)

test_every_reply_of_the_corpus_is_proven = replies_sweep.corpus_test(Round, CASES, SMALL)


def test_every_reply_of_generated_rounds_is_proven():
    rounds, pages, claims, _ = replies_sweep.sweep_generated(Round, SYSTEM, range(1, 21), lambda seed: 6 + seed % 3,
                                                             9, first=1, topics=False)
    assert rounds >= 100 and pages > 1000 and claims > 6 * pages, (rounds, pages, claims)


test_the_memoised_readings_are_the_real_ones = replies_sweep.memo_test(Round, CASES / "reading-bye-bar.trf")


# ------------------------------------------------------------------ the words themselves
def text_of(case: str, n: int, against: int | None = None, topic: str | None = None) -> str:
    rnd = Round(read_trf(str(CASES / f"{case}.trf")))
    r, text, cs = rnd.pages(n, against, topic=topic)
    assert mismatches(cs) == [] and not any(c.kind == "unproven" for c in cs)
    return " ".join(text.split())


def test_the_bye_the_order_and_the_preference_cite_the_1992_articles():
    # C.12 and C.13 (backtracking, then the two lowest brackets joined) leave 2 unpaired
    flat = text_of("B.1.b-no-second-bye", 2)
    assert "you (2 Zhou, W., 3 points) have the bye (Article A.5)" in flat
    assert "position 1 of 6 in the order of Article A.2 (score, then pairing number)" in flat
    assert "your colour preference is strong for Black (Article A.7.b)" in flat
    assert "Article A.5: the number of players to pair is odd, so one player ends up unpaired" in flat
    assert flat.endswith("Step by step: dubov-explain explain --system swiss-rating-1992 --player 2.")
    flat = text_of("B.1.b-no-second-bye", 1)
    assert "Rounds without a game: round 1 half-point bye; round 3 half-point bye." in flat


def test_the_why_not_answers_cite_the_1992_steps():
    """C.9 (the criteria for downfloats dropped next), D.2's exchange order, D.1's
    transposition order, C.14, C.1 and B.1: each case in its own words."""
    assert ("You do not play 5 Adams, A. (0 points): the 0-point bracket is paired meeting criteria that no "
            "pairing with you and 5 paired meets, so the procedure would go on to Article C.9.") \
        in text_of("B.1.a-no-rematch", 1, against=5)
    assert ("both pairings of the 2-point bracket meet the same criteria, and the procedure's exchange comes first "
            "in the order of Article D.2.") in text_of("D.2-two-player-exchange", 3, against=4)
    assert ("the procedure's transposition #1 comes before #3 in the order of Article D.1.") \
        in text_of("B.4-colour-x", 1, against=5)
    assert "so the procedure would go on to Article C.14." in text_of("B.4-colour-x", 2, against=4)
    assert ("with you and 6 paired, 1 would have no possible opponent in the 1-point bracket and would move down "
            "at once (Article C.1).") in text_of("B.4-colour-x", 1, against=6)
    assert "with you and 5 paired, 6 could not be paired (Article B.1)." in text_of("reading-bye-bar", 1, against=5)


def test_the_first_round_colour_is_e5_in_the_1992_words():
    flat = text_of("C.4-C.6-first-round", 1, topic="colour")
    assert ": Article E.5, neither has a colour preference, so the colour drawn by lot decides, alternating " \
        "between odd and even numbered players." in flat
    assert "you have no colour preference (Article A.7)." in flat


def test_an_accelerated_round_words_both_scores_and_proves_them():
    """The 1992 text has no acceleration of its own: with acceleration points in the file
    (C.04.5), the reply says which part of the pairing score was scored and which added,
    and the checker reads both from the standings."""
    from dubov_explain.records import replace
    from fractions import Fraction

    sim = simulate(12, 5, 3, system=SYSTEM)
    t = history_before(sim.tournament, 3)
    t = replace(t, acceleration={n: (Fraction(1),) * 3 for n in range(1, 7)})
    rnd = Round(t)
    assert any(e.kind == "acceleration-applied" for e in rnd.trace.events)
    pages, claims, bad = sweep(rnd)
    assert bad == [] and pages >= 24, (pages, bad[:3])
    r, text, cs = rnd.pages(1, None)
    assert "Before this round you had 2 points for the pairing (1 scored, 1 added by acceleration)" \
        in " ".join(text.split())


def test_a_round_with_no_pairing_is_proven(tmp_path):
    """B.1: two players who met cannot be paired; the decision, the topic and the why-not
    say so, each claim checked."""
    f = tmp_path / "impossible.trf"
    f.write_text("012 impossible\n"
                 "001    1      Able, A.                          2000                             1.0"
                 "          2 w 1\n"
                 "001    2      Baker, B.                         1900                             0.0"
                 "          1 b 0\n"
                 "XXR 3\nXXC white1\n", encoding="utf-8")
    rnd = Round(read_trf(f))
    assert not rnd.trace.result.kind == "pairing-published"
    for against, needle in ((None, "Article B.1: no pairing of all the players meets the absolute criteria."),
                            (2, "You do not play 2 Baker, B. (0 points): you have met before (Article B.1.a).")):
        _, text, cs = rnd.pages(1, against)
        flat = " ".join(text.split())
        assert "Round 2: nobody is paired: no complete pairing exists (Article B.1)." in flat and needle in flat
        assert mismatches(cs) == [] and len(cs) >= 6


def test_the_command_writes_the_proven_reply(capsys):
    """``explain --reply``, ``--colour`` and ``--technical`` for this rulebook (no longer
    refused)."""
    f = str(CASES / "B.1.b-no-second-bye.trf")
    rnd = Round(read_trf(f))
    for n, flags in ((4, ["--reply"]), (5, ["--colour"]), (2, ["--reply", "--technical", "--against", "5"])):
        assert main(["explain", f, "--system", SYSTEM, "--player", str(n), *flags]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Dear ") and (flags != ["--colour"] or "You have " in out)
        claims = check_text(out, rnd.trace, n, rnd.what_if, rnd.pair_under, CATALOGUE)
        assert mismatches(claims) == [] and len(claims) >= 6


# ------------------------------------------------------------------ a wrong template is caught
WRONG = {
    **replies_sweep.WRONG_LETTER,
    **replies_sweep.WRONG_PREFERENCE,
    "position": ("position {{ x.position }} of {{ v.rows|length }} in", "position {{ x.position + 1 }} of {{ v.rows|length }} in"),
    "colour rule": ("Article {{ x.colour_rule }}, {{ COLOUR_WORDS", "Article E.4, {{ COLOUR_WORDS"),
    "E.5 words": ("so the colour drawn by lot decides, alternating", "so the higher ranked player decides, alternating"),
    "bye article": ("have the bye (Article A.5).", "have the bye (Article A.6)."),
    "why-not order": ("the procedure's transposition #{{ f.index }} comes before #{{ f.instead }}",
                      "the procedure's transposition #{{ f.instead }} comes before #{{ f.index }}"),
    "why-not step": ("so the procedure would go on to Article {{ w.article }}",
                     "so the procedure would go on to Article C.11"),
    "why-not exchange": ("procedure's exchange comes first in the order of Article D.2",
                         "procedure's exchange comes first in the order of Article D.1"),
    "why-not lonely": ('could not {{ "all " if f.players|length > 1 }}be paired', "could not all be paired"),
    "pointer": ("--system swiss-rating-1992 --player", "--system dutch-2012 --player"),
    "no preference": ("you have no colour preference (Article A.7).", "you have no colour preference (Article A.6)."),
    "bye topic": ("Article A.5: the number of players to pair is odd",
                  "Article A.5: the number of players to pair is even"),
    "absent": ("are not paired in it (Article F.5).", "are not paired in it (Article A.2)."),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    wrong = replies_sweep.wrong_own("swiss_rating1992", *WRONG[name], once=True)
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    caught = 0
    for case in ("B.1.b-no-second-bye", "B.1.a-no-rematch", "B.4-colour-x", "C.4-C.6-first-round",
                 "reading-bye-bar"):
        rnd = Round(read_trf(str(CASES / f"{case}.trf")))
        ps = rnd.players()
        for n in ps:
            for against in (None, *[m for m in ps if m != n]):
                caught += len(mismatches(rnd.pages(n, against, known=[])[2]))
            caught += len(mismatches(rnd.pages(n, None, known=[], topic="colour")[2]))
    assert caught > 0, name
