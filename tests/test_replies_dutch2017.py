"""Replies to players under Dutch 2017 (``explain --system dutch-2017 --reply``): every
sentence proven.

The letter is Dutch 2026's (``rulebooks/dutch2026/templates/reply.md.j2``) read under the
2017 name, so it cites the 2017 articles (A.x-E.x) and criteria (C.1-C.19);
``rulebooks/dutch2017/claims.py`` is the 2026 checker in those numbers, with what the 2017
text says otherwise (C.2's bar without the full-point bye, no PAB criterion, A.9's
Penultimate Pairing Bracket).  Checked over the golden corpus (every player: the plain
reply, one ``--against`` and ``--colour``, and the readings paragraph against the round
paired under each other value) and over generated rounds; a template made wrong on
purpose must be caught.
"""

from __future__ import annotations

import pytest

from dubov_explain.cli import main
from dubov_explain.render import env as E
from dubov_explain.rulebooks.dutch2017 import claims
from dubov_explain.rulebooks.dutch2017.claims import check_text, mismatches
from dubov_explain.trf.reader import read_trf

import replies_sweep
from replies_sweep import ROOT, other, wrong_words

SYSTEM = "dutch-2017"
CASES, SMALL, BOOK, CATALOGUE, Round = replies_sweep.bind(SYSTEM, claims)

test_every_reply_of_the_corpus_is_proven = replies_sweep.corpus_test(Round, CASES, SMALL)

test_every_reply_of_generated_rounds_is_proven = replies_sweep.generated_test(Round, SYSTEM)


def test_a_player_the_ppb_left_unpaired_is_told_of_c4():
    """C2-pab-bar by the 2017 text: the 1.5-point bracket is the PPB (A.9), re-paired by C.4,
    which leaves 4 unpaired. The letter says so; "the candidate chosen ... (Articles B.4,
    B.8)", the family's words for a bracket paired by C.5-C.19, is refused there, as are a
    wrong collapsed player and downfloaters the PPB's best candidate does not have."""
    f = ROOT / "golden" / "dutch-2026" / "cases" / "C2-pab-bar.trf"
    rnd = Round(read_trf(str(f)))
    r, text, cs = rnd.pages(4, None)
    flat = " ".join(text.split())
    said = ("The 1.5-point bracket is the Penultimate Pairing Bracket (Article A.9): with the downfloaters of its best "
            "candidate by C.5-C.19, none, the players below it, 5, could not complete the round, so it is paired by "
            "C.4, which left you unpaired: a downfloater (Article A.4.a).")
    assert said in flat and mismatches(cs) == []
    for wrong in ("The candidate chosen for the 1.5-point bracket (Articles B.4, B.8) left you unpaired: a "
                  "downfloater (Article A.4.a).", said.replace("it, 5, could", "it, 6, could"),
                  said.replace("C.5-C.19, none,", "C.5-C.19, 6,")):
        bad = mismatches(check_text(flat.replace(said, wrong), rnd.trace, 4, rnd.what_if, rnd.pair_under,
                                    CATALOGUE, tournament=rnd.t))
        assert "moved-down" in {c.kind for c in bad}, wrong


def test_the_letter_cites_the_2017_text():
    """Every article and criterion the letters of the corpus cite is one of the 2017 text's
    (A.x-E.x, C.1-C.19, C.04.2's D.4), never a 2026 number."""
    import re
    cited = set()
    for case in SMALL:
        rnd = Round(read_trf(str(CASES / f"{case}.trf")))
        for n in rnd.players():
            _, text, _ = rnd.pages(n, None, known=[])
            flat = " ".join(text.split())
            assert not re.search(r"\[C\d+\]|Articles? \d|\d+\.\d+\.\d+", flat), flat
            cited |= set(re.findall(r"Articles? ([A-E](?:\.\d+(?:\.[a-d])?)?)", flat))
    assert {"A.5", "A.9", "A.4.a", "A.4.b", "C.1", "B.8"} <= cited, cited


def test_the_command_writes_the_proven_reply(capsys):
    """``explain --reply``, ``--bye``, ``--float`` and ``--colour`` for this rulebook, read
    back with the file."""
    f = CASES / "A9-pab-no-criterion.trf"
    rnd = Round(read_trf(str(f)))
    for n, flags, words in ((8, ["--reply"], "Article A.9: the pairing-allocated bye goes to"),
                            (10, ["--bye"], "could not be paired without a repeated game (Articles C.1, A.9)"),
                            (5, ["--reply", "--float"], "you receive a downfloat (Article A.4.b)"),
                            (3, ["--colour"], "You have Black, not White: Article E.4")):
        assert main(["explain", str(f), "--system", SYSTEM, "--player", str(n), *flags]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Dear ") and words in " ".join(out.split()), out
        cs = check_text(out, rnd.trace, n, rnd.what_if, rnd.pair_under, CATALOGUE, tournament=rnd.t)
        assert mismatches(cs) == [] and len(cs) >= 6


# ------------------------------------------------------------------ a wrong template is caught
#: the family's letter made wrong in one place; each must be caught in the 2017 numbers
WRONG = {
    **replies_sweep.WRONG_LETTER,
    **replies_sweep.WRONG_PREFERENCE,
    "position": ("position {{ x.position }} of", "position {{ x.position + 1 }} of"),
    "colour rule": ("Article {{ x.colour_rule }}, {{ COLOUR_WORDS", "Article E.5, {{ COLOUR_WORDS"),
    "float": ("you receive a downfloat (Article {{ art(\"1.4.2\") }})",
              "you receive an upfloat (Article {{ art(\"1.4.2\") }})"),
    # a 2026 number left in the 2017 letter
    "2026 number": ("(Article {{ art(\"1.4.1\") }})", "(Article 1.4.1)"),
    # [C5]'s reason, which the 2017 text does not have, given for the bye
    "no PAB criterion": ("{%- else %} Others of that bracket were allowed it:",
                         "{%- else %} The others of that bracket allowed it have a higher score: {% for p in b.rivals "
                         "%}{{ p }} ({{ pts(v.row(p)) }}){{ \", \" if not loop.last }}{% endfor %}; {{ term(\"[C5] "
                         "(Article 2.3.1)\") }} gives the bye to the lowest score. Others of that bracket were allowed "
                         "it:"),
    "rest of the bracket": ("x.bye.members|reject(\"equalto\", x.player)|join(\", \")", "x.bye.members|join(\", \")"),
    "bye rivals": ("{{ b.rivals|join(\", \") }}; of the candidates", "{{ b.members|join(\", \") }}; of the candidates"),
    "points": ("{{ pts(v.row(x.opponent)) }}), board", "{{ pts(row) }}), board"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    wrong = wrong_words(SYSTEM, *WRONG[name])
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    cases = ("A9-pab-no-criterion", "C12-every-downfloat", "A9-collapsed-last-bracket")
    assert replies_sweep.caught(Round, [CASES / f"{case}.trf" for case in cases]) > 0, name


def test_the_right_template_through_the_same_door_is_not_caught(monkeypatch):
    """The wrong-template door itself changes nothing: the letter unaltered, loaded the same
    way, has no mismatch (so each catch above is the alteration's)."""
    same = wrong_words(SYSTEM, "position {{ x.position }} of", "position {{ x.position }} of")
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: same)
    rnd = Round(read_trf(str(CASES / "A9-pab-no-criterion.trf")))
    ps = rnd.players()
    assert not [c for n in ps for against in (None, other(ps, n))
                for c in mismatches(rnd.pages(n, against, known=[])[2])]
