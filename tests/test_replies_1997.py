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

import functools
from pathlib import Path

import pytest

from dubov_explain.cli import main
from dubov_explain.explain import why
from dubov_explain.render import env as E
from dubov_explain.render.explain import has_reply
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov1997 import claims
from dubov_explain.rulebooks.dubov1997.claims import check_text, mismatches
from dubov_explain.simulate import history_before, simulate
from dubov_explain.trf.reader import read_trf

import replies_sweep
from replies_sweep import other, sweep

SYSTEM = "dubov-1997"
ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "golden" / SYSTEM / "cases"
#: the corpus's simulated rounds of 60 and 300 players are left to the golden tests (CPU)
SMALL = sorted(p.stem for p in CASES.glob("*.trf") if not p.stem.startswith("sim-"))
BOOK = find_rulebook(SYSTEM)
CATALOGUE = [(r.name, r.choices) for r in BOOK.catalogue]


#: the shared sweep (tests/replies_sweep.py) bound to this rulebook and its checker
Round = functools.partial(replies_sweep.Round, SYSTEM, claims)


@pytest.mark.parametrize("case", SMALL)
def test_every_reply_of_the_corpus_is_proven(case):
    rnd = Round(read_trf(str(CASES / f"{case}.trf")))
    assert has_reply(rnd.trace)
    pages, claims, bad = sweep(rnd, memo=True)
    assert bad == [] and claims >= 5 * pages, (claims, pages, bad[:5])


def test_every_reply_of_generated_rounds_is_proven():
    rounds = pages = claims = 0
    for seed in range(1, 15):
        sim = simulate(8 + seed % 5, 8, seed, system=SYSTEM)
        for r in range(1, sim.rounds_played + 1):
            rnd = Round(history_before(sim.tournament, r))
            p, c, bad = sweep(rnd, memo=True)
            assert bad == [], (seed, r, bad[:5])
            rounds, pages, claims = rounds + 1, pages + p, claims + c
    assert rounds >= 100 and pages > 1000 and claims > 6 * pages, (rounds, pages, claims)


def test_the_memoised_readings_are_the_real_ones():
    """The sweeps take the readings that matter from memoised pairings: the same list as
    ``explain.why.readings_that_matter`` (asked here of every player of a case that has some)."""
    rnd = Round(read_trf(str(CASES / "reading-bye-tie.trf")))
    lists = [rnd.readings_that_matter(n) for n in rnd.players()]
    assert any(lists)
    for n, got in zip(rnd.players(), lists):
        assert got == why.readings_that_matter(rnd.t, n, rnd.readings, trace=rnd.trace)


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
    "position": ("position {{ x.position }} of", "position {{ x.position + 1 }} of"),
    "colour": ("play {{ x.colour }} against", "play {{ 'White' if x.colour == 'Black' else 'Black' }} against"),
    "due colour": ("your due colour is {{ row.preference }}",
                   "your due colour is {{ 'White' if row.preference == 'Black' else 'Black' }}"),
    "bye rule": ("you have the lower R: {{ me[2] }} against {{ ko[2] }}",
                 "you have the lower R: {{ ko[2] }} against {{ me[2] }}"),
    "unproven": ("{{ PARA -}}\nBefore this round", "You were the strongest player.{{ PARA -}}\nBefore this round"),
    "why-not": ("with you and {{ m }} paired it would take {{ f.instead }}",
                "with you and {{ m }} paired it would take {{ f.opponent }}"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_template_is_caught(name, monkeypatch):
    source = (ROOT / "dubov_explain" / "rulebooks" / "dubov1997" / "templates" / "why.md.j2").read_text()
    old, new = WRONG[name]
    assert old in source
    wrong = E.environment().from_string(source.replace(old, new)).module
    monkeypatch.setattr(E, "rulebook_words", lambda system, template: wrong)
    caught = 0
    for case in ("2.2-bye-bar", "4-bye-lowest-rating", "6.3-lower-and-upper-rows", "1-due-colour-aro"):
        rnd = Round(read_trf(str(CASES / f"{case}.trf")))
        ps = rnd.players()
        for n in ps:
            for against in (None, other(ps, n)):
                caught += len(mismatches(rnd.pages(n, against, known=[])[2]))
    assert caught > 0, name
