"""Article 5: colour allocation for one pair, returning the rule of 5.2 that decided."""

from __future__ import annotations

from ...tournament.model import Colour
from .standings import PlayerStanding
from .readings import DEFAULT, Readings


def higher_ranked(a: PlayerStanding, b: PlayerStanding) -> PlayerStanding:
    """5.2.1: the player with more points or, when equal, higher in the initial ranking."""
    if a.score != b.score:
        return a if a.score > b.score else b
    return a if a.initial_rank < b.initial_rank else b


def same_preference(a: PlayerStanding, b: PlayerStanding) -> bool:
    """[C7] (3.3.3): a pair whose two players prefer the same colour; one of them misses it."""
    return a.preference is b.preference


def _describe(p: PlayerStanding) -> str:
    return f"{p.number} ({p.strength.value} {p.preference.word})"


def allocate(
    a: PlayerStanding,
    b: PlayerStanding,
    initial_colour: Colour,
    readings: Readings = DEFAULT,
) -> tuple[int, int, str, str]:
    """Return (white, black, rule, explanation) for the pair a-b."""
    top = higher_ranked(a, b)
    other = b if top is a else a

    def give(player: PlayerStanding, colour: Colour, rule: str, why: str):
        opp = other if player is top else top
        if colour is Colour.WHITE:
            return player.number, opp.number, rule, why
        return opp.number, player.number, rule, why

    if not a.has_played and not b.has_played:
        odd = top.number % 2 == 1
        colour = initial_colour if odd else initial_colour.opposite
        why = (
            f"both have yet to play a game; the higher ranked player {top.number} has an "
            f"{'odd' if odd else 'even'} pairing number, so gets "
            f"{'the initial colour' if odd else 'the opposite of the initial colour'} "
            f"({initial_colour.word}): {colour.word}"
        )
        return give(top, colour, "5.2.1", why)
    if a.preference is not b.preference:
        why = f"both preferences granted: {_describe(a)}, {_describe(b)}"
        return give(a, a.preference, "5.2.2", why)
    if a.strength.rank != b.strength.rank:
        strong, weak = (a, b) if a.strength.rank > b.strength.rank else (b, a)
        why = (
            f"both prefer {a.preference.word}; the stronger preference is granted: "
            f"{_describe(strong)} over {_describe(weak)}"
        )
        return give(strong, strong.preference, "5.2.3", why)
    found = _alternate(a, b, readings)
    if found is not None:
        colour_a, back = found
        why = (
            f"equal preferences ({_describe(a)}, {_describe(b)}); colours alternate from the "
            f"most recent time they differed ({back}): {a.number} gets {colour_a.word}"
        )
        return give(a, colour_a, "5.2.4", why)
    why = (
        f"equal preferences and no round in which they had different colours; the higher "
        f"ranked player {top.number} gets their preference ({top.preference.word})"
    )
    return give(top, top.preference, "5.2.5", why)


def _alternate(a: PlayerStanding, b: PlayerStanding, readings: Readings):
    """5.2.4: alternate to the most recent time one had White and the other Black."""
    if readings.value("colour-history-5.2.4") == "by-round":
        rounds = min(len(a.colour_by_round), len(b.colour_by_round))
        for k in range(rounds - 1, -1, -1):
            ca, cb = a.colour_by_round[k], b.colour_by_round[k]
            if ca is not None and cb is not None and ca is not cb:
                return ca.opposite, f"round {k + 1}: {a.number} {ca.word}, {b.number} {cb.word}"
        return None
    ha, hb = a.colours, b.colours
    for back in range(1, min(len(ha), len(hb)) + 1):
        ca, cb = ha[-back], hb[-back]
        if ca is not cb:
            return ca.opposite, (
                f"{back} played game(s) back: {a.number} {ca.word}, {b.number} {cb.word}"
            )
    return None
