"""Article 3: colour allocation for one pair, with the priority that decided.

The five priorities of 3, in descending order (the trace names them 1-5):

1. give both players their due colour (1);
2. equalise the numbers of black and white games played before;
3. alternate both colours at the first difference of the colour histories, going back
   from the previous round (reading ``colour-history``);
4. White to the higher ARO;
5. White to the lower R;

and, where the text runs out, the reading ``colour-last-tie`` (9).  A choice that would
break 2.3 or 2.4 for either player is not made: the other assignment is taken and the
trace says so (``forced``).
"""

from __future__ import annotations

from ...tournament.model import Colour
from .limits import colour_allowed
from .readings import DEFAULT, Readings
from .standings import PlayerStanding


def _facts(p: PlayerStanding) -> tuple:
    return (p.number, p.preference.word if p.due else "none", p.colour_difference,
            str(p.aro), p.rating)


def choose(a: PlayerStanding, b: PlayerStanding, readings: Readings = DEFAULT
           ) -> tuple[PlayerStanding, str, dict]:
    """The player the priorities of 3 give White, the priority ("1".."5" or "last-tie")
    and what it read."""
    facts: dict = {}
    # 1: both due colours
    if a.due is not None and b.due is not None and a.due is not b.due:
        return (a if a.due is Colour.WHITE else b), "1", facts
    if (a.due is None) != (b.due is None):
        # one has a due colour, the other none: the due colour can be given to both
        one = a if a.due is not None else b
        other = b if one is a else a
        return (one if one.due is Colour.WHITE else other), "1", facts
    # 2: equalise the numbers of black and white games (White to the one with more Blacks)
    if a.colour_difference != b.colour_difference:
        return (a if a.colour_difference < b.colour_difference else b), "2", facts
    # 3: alternate at the first difference going back
    if readings.is_("colour-history", "by-round"):
        for k in range(min(len(a.colour_by_round), len(b.colour_by_round)) - 1, -1, -1):
            ca, cb = a.colour_by_round[k], b.colour_by_round[k]
            if ca is not None and cb is not None and ca is not cb:
                facts.update(differed_round=k + 1)
                return (a if ca is Colour.BLACK else b), "3", facts
    else:
        for back in range(1, min(len(a.colours), len(b.colours)) + 1):
            ca, cb = a.colours[-back], b.colours[-back]
            if ca is not cb:
                facts.update(games_back=back)
                return (a if ca is Colour.BLACK else b), "3", facts
    # 4: White to the higher ARO
    if a.aro_exact != b.aro_exact:
        return (a if a.aro_exact > b.aro_exact else b), "4", facts
    # 5: White to the lower R
    if a.rating != b.rating:
        return (a if a.rating < b.rating else b), "5", facts
    low = a if a.number < b.number else b
    high = b if low is a else a
    return (low if readings.is_("colour-last-tie", "lower-number") else high), "last-tie", facts


def allocate(a: PlayerStanding, b: PlayerStanding, readings: Readings = DEFAULT
             ) -> tuple[int, int, str, dict]:
    """(white, black, priority, facts) for the pair a-b; ``facts["forced"]`` names the
    limitation (2.3 or 2.4) that reversed the priority's choice."""
    w, rule, facts = choose(a, b, readings)
    bl = b if w is a else a
    facts["players"] = (_facts(a), _facts(b))
    broken = colour_allowed(w, Colour.WHITE) or colour_allowed(bl, Colour.BLACK)
    if broken:
        facts["forced"] = broken
        w, bl = bl, w
    return w.number, bl.number, rule, facts
