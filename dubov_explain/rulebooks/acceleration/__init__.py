"""Accelerated pairings: methods that give some players virtual points in the first rounds,
shared by every pairing system (FIDE Handbook C.04.5, "FIDE-approved Accelerated Systems";
renumbered C.04.7 in 2026).

This room holds rule text that is not a pairing system's: it lives under ``rulebooks/``
because it cites its own articles, and it is not a rulebook (no ``RULEBOOK``, not in the
registry).  What it makes is rule-free data every rulebook reads the same way: acceleration
points per player and round in ``Tournament.acceleration`` (the TRF's ``XXA`` / ``250``
records), and facts about how they were computed in ``Tournament.acceleration_method``.

How a rulebook applies acceleration (the checklist for dubov-1997, dutch-2012, ...):

1. Read each player's score for pairing from the rule-free facts:
   ``tournament.facts.round_facts(t)[n].pairing_points`` (points plus the acceleration
   points of the round to pair), ``.pairing_points_before`` (the same before each earlier
   round, for floats judged on history) and ``.points`` / ``.points_before`` (the real
   score).
2. Decide, article by article, which of the two each use of a score reads; where the
   text is silent, a named reading (see ``rulebooks/dubov2025/readings.py``,
   ``ACCELERATION``).  C.04.5's introduction builds the score brackets on "the total
   score (real score + virtual points)".
3. Record the accelerated scores in the trace (Dubov 2025: the ``acceleration-applied``
   event, with ``Tournament.acceleration_method``'s facts when a method computed them).

:mod:`.baku` computes the Baku method's virtual points (``pair --baku``).
"""
