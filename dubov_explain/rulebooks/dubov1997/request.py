"""What a pairing request must say before Dubov 1997 can pair it.

* **Total number of rounds**: 2.5 allows three transfers to a higher score group with
  fewer than 10 rounds, four with more than 9, and none of its limits in the last round;
  the file's ``XXR``/``142``, else ``--rounds``.
* **The lot of round 1** (5: "the colour of the pieces is determined by drawing lots for
  one of the pairs, for example, for the first pair"): the file's ``XXC white1|black1`` /
  ``152 W|B``, else ``--initial-colour``.  Only round 1 needs it; for a later round it is
  read back from round 1 (the first pair's upper player, pairing number 1 when present,
  had the drawn colour; an odd pairing number of the upper half the same colour, an even
  one the other), and only shown.
* **A pre-entered bye** (``0000 - U``) in the round to pair is refused: the bye is the
  procedure's own choice (4).
"""

from __future__ import annotations

from ...errors import Problem
from ...tournament.model import Colour, Tournament


def request_problems(t: Tournament, pairing: bool = True) -> list[Problem]:
    out: list[Problem] = []
    if t.total_rounds is None:
        out.append(Problem(
            t.source, 1, 1,
            "the total number of rounds must be given (XXR n, or 142 n in TRF26, or the "
            "option --rounds N): 2.5 limits transfers by it and lifts its limits in the "
            "last round",
        ))
    last = t.rounds_with_games
    entries = [(p, p.entry(last)) for p in t.players] if last >= 1 else []
    if entries and not any(e is not None and e.opponent is not None for _, e in entries):
        for p, e in entries:
            if e is not None and e.is_pab:
                out.append(Problem(
                    t.source, p.line, 99 + 10 * (last - 1),
                    f"round {last}: player {p.number} has a bye (U) entered before round "
                    f"{last} is paired; 4 chooses the bye itself: remove the block, or "
                    "enter an absence as 0000 - H, 0000 - F or 0000 - Z",
                ))
    if pairing and t.round_to_pair == 1 and t.initial_colour is None:
        out.append(Problem(
            t.source, 1, 1,
            "round 1 needs the colour drawn by lot for the first pair (5): add 'XXC "
            "white1' or 'XXC black1' (152 W or 152 B in TRF26), or give the option "
            "--initial-colour white|black",
        ))
    return out


def lot(t: Tournament) -> tuple[Colour, str]:
    """The colour drawn for the first pair (5) and where it comes from."""
    if t.initial_colour is not None:
        return t.initial_colour, t.initial_colour_source or "file"
    paired = [(p.number, e.colour) for p in t.players
              for e in [p.entry(1)] if e is not None and e.paired and e.colour is not None]
    if paired:
        number, colour = min(paired, key=lambda x: x[0])
        return (colour if number % 2 == 1 else colour.opposite), "inferred"
    return Colour.WHITE, "assumed"
