"""What a pairing request must say, in the checks every rulebook makes alike: each
rulebook's ``request_problems`` calls these with its own articles (why it needs the number
of rounds, what its text calls the lot of round 1, what its bye is).

* :func:`rounds_needed`: the total number of rounds (``XXR``/``142``, else ``--rounds``);
* :func:`lot_needed`: to pair round 1, the colour drawn by lot (``XXC``/``152``, else
  ``--initial-colour``);
* :func:`pre_entered_byes`: a ``U`` block in a round nobody has an opponent in (a bye
  entered before the round was paired: the procedure chooses the bye itself);
* :func:`initial_colour`: the lot and where it comes from, read back from round 1 when the
  file does not say it (the highest ranked player paired there got it with an odd pairing
  number, the opposite with an even one; the way bbpPairings infers it, trf.md 8).
"""

from __future__ import annotations

from typing import Callable

from ..errors import Problem
from ..tournament.model import Colour, Tournament

__all__ = ["initial_colour", "lot_needed", "pre_entered_byes", "rounds_needed"]


def rounds_needed(t: Tournament, why: str) -> list[Problem]:
    """A problem when the file and the options give no total number of rounds; ``why``
    says what the rulebook's articles read of it."""
    if t.total_rounds is not None:
        return []
    return [Problem(t.source, 1, 1, "the total number of rounds must be given (XXR n, or 142 "
                    f"n in TRF26, or the option --rounds N): {why}")]


def lot_needed(t: Tournament, pairing: bool, what: str) -> list[Problem]:
    """To pair round 1 (``pairing``), a problem when nothing gives the colour drawn by lot;
    ``what`` is the text's name for it, with its article."""
    if not pairing or t.round_to_pair != 1 or t.initial_colour is not None:
        return []
    return [Problem(t.source, 1, 1, f"round 1 needs {what}: add 'XXC white1' or 'XXC black1' "
                    "(152 W or 152 B in TRF26), or give the option --initial-colour "
                    "white|black")]


def pre_entered_byes(t: Tournament, says: Callable[[int, object, object], str]
                     ) -> list[Problem]:
    """A problem at each ``U`` block of the last round with results, when nobody has an
    opponent in it yet: a bye entered before the round was paired.  ``says(round, player,
    entry)`` is the rulebook's message."""
    last = t.rounds_with_games
    if last < 1:
        return []
    entries = [(p, p.entry(last)) for p in t.players]
    if any(e is not None and e.opponent is not None for _, e in entries):
        return []
    return [Problem(t.source, p.line, 99 + 10 * (last - 1), says(last, p, e))
            for p, e in entries if e is not None and e.is_pab]


def initial_colour(t: Tournament) -> tuple[Colour, str]:
    """The colour drawn by lot before round 1 and where it comes from: ``file`` (or the
    source the request names, e.g. ``option``), ``inferred`` from round 1, or ``assumed``
    (White) when nothing says it -- only for a round 1 built in code, since a request for
    round 1 without it is refused (:func:`lot_needed`)."""
    if t.initial_colour is not None:
        return t.initial_colour, t.initial_colour_source or "file"
    paired = [(p.number, e.colour) for p in t.players
              for e in [p.entry(1)] if e is not None and e.paired and e.colour is not None]
    if paired:
        number, colour = min(paired, key=lambda x: x[0])
        return (colour if number % 2 == 1 else colour.opposite), "inferred"
    return Colour.WHITE, "assumed"
