"""The float record of the 1992 text (A.4, A.5): floats come from pairing unequal scores
(A.4; a forfeited pairing by reading forfeit-float), and "a bye is considered to be a
downfloat" (A.5) for the bye of A.5 alone, not for a half-point bye a player asked for nor
for a forfeit win (the 2012 text's B.1.b, which makes those downfloaters, is not in it)."""

from __future__ import annotations

from builders import build
from dubov_explain.rulebooks import find_rulebook

BOOK = find_rulebook("swiss-rating-1992")


def _floats(t, r, **readings):
    st = BOOK.standings(t, r, BOOK.readings(readings))
    return {p.number: p.floats for p in st.players}


def test_only_the_bye_of_a5_is_a_downfloat():
    # round 1: 1-2 played, 3 asks for a half-point bye, 4 gets the PAB, 5 absent
    # round 2: 4 (1 point) forfeits to 2 (0 points): 2 wins by forfeit from below
    t = build([2400, 2300, 2200, 2100, 2000],
              [[(1, 2, "1"), (3, "H"), (4, "U")], [(4, 2, "-"), (1, 3, "=")]])
    f = _floats(t, 3)
    assert f[4][0] == "down"          # A.5: the bye
    assert f[3][0] == ""              # a half-point bye asked for: no bye of A.5
    # A.4: the pairing of unequal scores, forfeited or not (forfeit-float=paired, this
    # text's default): 2 was the lower one, an upfloat; 4 the higher one, a downfloat
    assert f[2][1] == "up" and f[4][1] == "down"
    # 3 (0.5) met 1 (1 point): 3 upfloated, 1 downfloated
    assert f[3][1] == "up" and f[1][1] == "down"
    g = _floats(t, 3, **{"forfeit-float": "played"})
    assert g[2][1] == "" and g[4][1] == ""
