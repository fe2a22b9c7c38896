"""What every rulebook's trace records of a round's acceleration points, as facts: which
records hold them and whose points dropped since the round before.  No rule: each rulebook
decides what its articles read (see the package docstring)."""

from __future__ import annotations

from fractions import Fraction

from ...tournament.model import Tournament
from ...trace.events import fmt


def acceleration_records(t: Tournament) -> tuple[str, ...]:
    """Which records hold the tournament's acceleration points: ``XXA``, ``250``, both,
    or none (points computed for this run, e.g. by the Baku method)."""
    kinds = []
    if any(n not in t.acceleration_250 for n in t.acceleration):
        kinds.append("XXA")
    if t.acceleration_250 & set(t.acceleration):
        kinds.append("250")
    return tuple(kinds)


def dropped_points(t: Tournament, r: int) -> tuple[tuple[int, str, str], ...]:
    """(player, previous round's points, this round's) where a player's acceleration points
    are lower before round ``r`` than before round ``r - 1``."""
    out = []
    if r < 2:
        return ()
    for n in sorted(t.acceleration):
        v = t.acceleration[n]
        before = v[r - 2] if r - 2 < len(v) else Fraction(0)
        now = v[r - 1] if r - 1 < len(v) else Fraction(0)
        if now < before:
            out.append((n, fmt(before), fmt(now)))
    return tuple(out)


