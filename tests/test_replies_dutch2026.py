"""Replies to players under Dutch 2026 (``explain --system dutch-2026 --reply``): every
sentence proven.

The reply macro of ``rulebooks/dutch2026/templates/why.md.j2`` words the facts of
``explain/why.py``'s ``Reply``; ``rulebooks/dutch2026/claims.py`` reads the written text back
and re-derives each claim from the trace, and the numbers of points, the floats, the
meetings, the colour preferences and [C2]'s bars from the tournament file itself
(``rulebooks/truth.py``).  Words no claim covers are ``unproven``.  Checked over the golden
corpus (every player: the plain reply, one ``--against`` and ``--colour``, and the readings
paragraph against the round paired under each other value) and over generated rounds; a
template made wrong on purpose must be caught.
"""

from __future__ import annotations

import pytest

from dubov_explain.cli import main
from dubov_explain.render import env as E
from dubov_explain.rulebooks.dutch2026 import claims
from dubov_explain.rulebooks.dutch2026.claims import check_text, mismatches
from dubov_explain.trf.reader import read_trf

import replies_sweep
from replies_sweep import ROOT, wrong_words

SYSTEM = "dutch-2026"
CASES, SMALL, BOOK, CATALOGUE, Round = replies_sweep.bind(SYSTEM, claims)

test_every_reply_of_the_corpus_is_proven = replies_sweep.corpus_test(Round, CASES, SMALL)

test_every_reply_of_generated_rounds_is_proven = replies_sweep.generated_test(Round, SYSTEM)


def test_the_command_writes_the_proven_reply(capsys):
    """``explain --reply``, ``--bye``, ``--float`` and ``--colour`` for this rulebook, read
    back with the file."""
    f = CASES / "C2-pab-bar.trf"
    rnd = Round(read_trf(str(f)))
    for n, flags, words in ((4, ["--reply"], "Article 1.9.1"), (5, ["--bye"], "You may not have it"),
                            (2, ["--reply", "--float"], "you receive an upfloat (Article 1.4.2)"),
                            (6, ["--colour"], "You have ")):
        assert main(["explain", str(f), "--system", SYSTEM, "--player", str(n), *flags]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Dear ") and words in " ".join(out.split())
        cs = check_text(out, rnd.trace, n, rnd.what_if, rnd.pair_under, CATALOGUE, tournament=rnd.t)
        assert mismatches(cs) == [] and len(cs) >= 6


def test_the_passed_over_player_is_told_c9_decided():
    """reading-c9-bracket: 60 and 58 (2.5 points, both allowed the bye) are of the 2.5-point
    bracket, whose one downfloater receives the bye (2.4.4's note, reading c9-bracket); [C9]
    gives it to 60 (0 unplayed games), not 58 (1). 58's --bye letter names [C9] (was: only
    "It goes to the player who downfloats from the last bracket"); each fact is checked,
    and the round read without the note (58 has the bye there) shows [C9] decided."""
    rnd = Round(read_trf(str(CASES / "reading-c9-bracket.trf")))
    r, text, cs = rnd.pages(58, None, topic="no-bye")
    flat = " ".join(text.split())
    said = ("In the 2.5-point bracket, whose one downfloater receives the bye (the note to Article 2.4.4), [C9] "
            "(Article 2.4.4) decided it: the fewest unplayed games, 60 with 0 against your 1.")
    assert said in flat and mismatches(cs) == [], mismatches(cs)
    for wrong in (("60 with 0 against your 1", "60 with 0 against your 2"),
                  ("60 with 0", "53 with 0"), ("In the 2.5-point bracket, whose", "In the 3-point bracket, whose")):
        bad = mismatches(check_text(flat.replace(*wrong), rnd.trace, 58, rnd.what_if, rnd.pair_under, CATALOGUE,
                                    tournament=rnd.t))
        assert "no-bye" in {c.kind for c in bad}, wrong
    # not said where the note did not decide: under "last", 58 has the bye itself
    other_trace = rnd.pair_under("c9-bracket", "last")
    assert other_trace.result.bye == 58


# ------------------------------------------------------------------ a wrong template is caught
WRONG = {
    **replies_sweep.WRONG_LETTER,
    **replies_sweep.WRONG_PREFERENCE,
    "position": ("position {{ x.position }} of", "position {{ x.position + 1 }} of"),
    "colour rule": ("Article {{ x.colour_rule }}, {{ COLOUR_WORDS", "Article 5.2.5, {{ COLOUR_WORDS"),
    "float": ("you receive a downfloat (Article {{ art(\"1.4.2\") }})",
              "you receive an upfloat (Article {{ art(\"1.4.2\") }})"),
    "bar round": ("{{ EV.bye_bar(bar.kind, bar.round, bar.code) }}){{", "{{ EV.bye_bar(bar.kind, bar.round + 1, "
                  "bar.code) }}){{"),
    "points": ("{{ pts(v.row(x.opponent)) }}), board", "{{ points(v.row(x.opponent).score) }}), board"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    wrong = wrong_words(SYSTEM, *WRONG[name])
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    files = [CASES / f"{c}.trf" for c in ("C2-pab-bar", "5.2.2-stronger", "5.2.3-alternation")]
    files.append(ROOT / "golden" / "dutch-2012" / "cases" / "acceleration-round-2.trf")
    assert replies_sweep.caught(Round, files) > 0, name
