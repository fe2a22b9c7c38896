"""Article 5: colour allocation for one pair, returning the rule of 5.2 that decided."""

from __future__ import annotations

from ...tournament.model import Colour
from .standings import PlayerStanding
from . import events as ev
from .readings import DEFAULT, Readings


def rank_score(p):
    """The score 5.2.1's "higher ranked" reads: the pairing score, or the real score
    under the reading ``acceleration-ranking=real`` (the standings hold the choice)."""
    chosen = getattr(p, "rank_score", None)
    return p.score if chosen is None else chosen


def higher_ranked(a: PlayerStanding, b: PlayerStanding) -> PlayerStanding:
    """5.2.1: the player with more points or, when equal, higher in the initial ranking."""
    sa, sb = rank_score(a), rank_score(b)
    if sa != sb:
        return a if sa > sb else b
    return a if a.initial_rank < b.initial_rank else b


def same_preference(a: PlayerStanding, b: PlayerStanding) -> bool:
    """[C7] (3.3.3): a pair whose two players prefer the same colour; one of them misses it."""
    return a.preference is b.preference


def _facts(p: PlayerStanding) -> tuple[int, str, str]:
    """(number, strength, preference) of one player, as the trace records them."""
    return p.number, p.strength.value, p.preference.word


def allocate(
    a: PlayerStanding,
    b: PlayerStanding,
    initial_colour: Colour,
    readings: Readings = DEFAULT,
) -> tuple[int, int, str, dict]:
    """Return (white, black, rule, facts) for the pair a-b.

    ``facts`` are the fields of the trace's colour event beside white, black and rule:
    ``players`` (number, strength, preference) of a and b in that order, ``higher`` (the
    higher-ranked player of 5.2.1), and what the deciding rule read -- 5.2.1 the parity of
    the higher-ranked player's pairing number and the initial colour, 5.2.4 the round
    (reading ``by-round``) or the number of played games back where the two colours last
    differed, with a's and b's colours then.
    """
    top = higher_ranked(a, b)
    other = b if top is a else a
    facts: dict = {"players": (_facts(a), _facts(b)), "higher": top.number}

    def give(player: PlayerStanding, colour: Colour, rule: str):
        opp = other if player is top else top
        if colour is Colour.WHITE:
            return player.number, opp.number, rule, facts
        return opp.number, player.number, rule, facts

    if not a.has_played and not b.has_played:
        odd = top.number % 2 == 1
        colour = initial_colour if odd else initial_colour.opposite
        facts.update(parity="odd" if odd else "even", initial_colour=initial_colour.word)
        return give(top, colour, "5.2.1")
    if a.preference is not b.preference:
        return give(a, a.preference, "5.2.2")
    if a.strength.rank != b.strength.rank:
        strong = a if a.strength.rank > b.strength.rank else b
        return give(strong, strong.preference, "5.2.3")
    found = _alternate(a, b, readings)
    if found is not None:
        colour_a, when, then = found
        facts.update(when, then=then)
        return give(a, colour_a, "5.2.4")
    return give(top, top.preference, "5.2.5")


def _alternate(a: PlayerStanding, b: PlayerStanding, readings: Readings):
    """5.2.4: alternate to the most recent time one had White and the other Black.

    Returns (a's colour, {"differed_round": k} or {"games_back": n}, (a's colour then,
    b's colour then)), or None when their colours never differed.
    """
    if readings.is_("colour-history-5.2.4", "by-round"):
        rounds = min(len(a.colour_by_round), len(b.colour_by_round))
        for k in range(rounds - 1, -1, -1):
            ca, cb = a.colour_by_round[k], b.colour_by_round[k]
            if ca is not None and cb is not None and ca is not cb:
                return ca.opposite, {"differed_round": k + 1}, (ca.word, cb.word)
        return None
    ha, hb = a.colours, b.colours
    for back in range(1, min(len(ha), len(hb)) + 1):
        ca, cb = ha[-back], hb[-back]
        if ca is not cb:
            return ca.opposite, {"games_back": back}, (ca.word, cb.word)
    return None


class ColourSteps:
    """Article 5: the state that gives each pair of a bracket its colours (a part of the
    engine)."""

    def allocate_colours(self):
        b = self.bracket
        b.pairs = []
        for s, t in zip(b.s1, b.t2):
            white, black, rule, facts = allocate(self.p(s), self.p(t), self.initial_colour, self.readings)
            b.pairs.append((white, black))
            self.emit(ev.ColourAllocated(article=rule, white=white, black=black, rule=rule, **facts))
        return self.close_bracket
