"""Replies that say only what is true (issue 24): each sentence once written false, the
case that showed it, the new words, and the checker catching the old words.

Every case here was worked out by hand from the rule text; the expected article and fact
are written in the test.  The old (false) sentence of each case is fed to the rulebook's
claims checker, which must now find it false.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from dubov_explain import app
from dubov_explain.explain.why import reply
from dubov_explain.render.explain import reply_text
from dubov_explain.rulebooks.claims import mismatches

ROOT = Path(__file__).resolve().parents[1]
MODULE = {"dubov-2025": "dubov2025", "dubov-1997": "dubov1997", "dutch-2012": "dutch2012",
          "swiss-rating-1992": "swiss_rating1992"}


def case_file(system: str, case: str) -> str:
    folder = ROOT / "golden" / ("" if system == "dubov-2025" else system) / "cases"
    return str(folder / f"{case}.trf")


def load(system: str, case: str, trf: str | None = None):
    req = app.open_request(trf or case_file(system, case), system=system)
    return req, app.pair(req, None)


def checked(system: str, text: str, req, trace, player: int):
    mod = importlib.import_module(f"dubov_explain.rulebooks.{MODULE[system]}.claims")

    def wi(a, b):
        return req.rulebook.pair(req.tournament, req.readings, None, forced=((a, b),))
    return mod.check_text(text, trace, player, wi)


def letter(system: str, case: str, player: int, trf: str | None = None, **kw):
    """The reply and its claims, every one of them true."""
    req, tr = load(system, case, trf)
    r = reply(req.tournament, player, req.readings, trace=tr, check_readings=False, **kw)
    text = reply_text(r, tr)
    claims = checked(system, text, req, tr, player)
    assert mismatches(claims) == [], (text, mismatches(claims))
    return r, " ".join(text.split()), req, tr


def caught(system: str, text: str, req, trace, player: int) -> list:
    return mismatches(checked(system, text, req, trace, player))


# ------------------------------------------------------------------ Dubov 2025
def test_own_opponent_is_you_do_play_and_why():
    """--against naming the player's own opponent: "You do play 6", board, and 2.2.6's choice
    (was: "You do not play 6 ...: 8 and 6 are paired")."""
    r, flat, req, tr = letter("dubov-2025", "reading-container-order", 8, against=6)
    assert "You do not play" not in flat
    assert "You do play 6 Ivanov, P. (2 points): board 3." in flat
    assert "(Article 2.2.6)" in flat
    old = flat.replace("You do play 6 Ivanov, P. (2 points): board 3.", "You do play 6 Ivanov, P. (2 points): board 2.")
    assert caught("dubov-2025", old, req, tr, 8)


def test_equal_halves_by_ranking_are_not_the_smaller_colour_group():
    """Round 1, six players: 2.2.3 splits the bracket in halves by initial ranking (nobody has
    played), {1, 2, 3} and {4, 5, 6}, the same size: 2.2.4.1 looks at G1 because the sizes are
    equal, and neither is a colour group (was: "the smaller of the two colour groups")."""
    r, flat, req, tr = letter("dubov-2025", "2.2.3-round-one-groups-by-ranking", 1, against=2)
    assert "{1, 2, 3} (the upper half by initial ranking of the 0-point bracket" in flat
    assert "the halves are the same size, so Article 2.2.4.1 looks at the upper one" in flat
    assert "colour group" not in flat
    old = flat.replace("the upper half by initial ranking of the 0-point bracket",
                       "the smaller of the two colour groups of the 0-point bracket")
    assert caught("dubov-2025", old, req, tr, 1)
    _, tech, req, tr = letter("dubov-2025", "2.2.3-round-one-groups-by-ranking", 1, against=2, technical=True)
    assert "the subgroups are the same size, so the one looked at is G1 ({1, 2, 3}" in tech
    old = tech.replace("the subgroups are the same size, so the one looked at is", "the smaller subgroup is")
    assert caught("dubov-2025", old, req, tr, 1)
