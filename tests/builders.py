"""Build small tournaments in code for hand-made engine cases.

``build(ratings, rounds, total_rounds)``: players 1..n with the given ratings (names
``P1``...), rounds as lists of ``(white, black, result)`` with result '1', '=', '0', '+',
'-' (white's result) and byes as ``(player, 'U'|'H'|'F'|'Z')``.
"""

from __future__ import annotations

from fractions import Fraction

from dubov_explain.tournament.model import COMPLEMENT, Colour, Player, RoundEntry, Scoring, Tournament


def build(ratings, rounds, total_rounds=5, absent=(), initial_colour=Colour.WHITE, forbidden=()):
    n = len(ratings)
    entries = {i: [] for i in range(1, n + 1)}
    for r, games in enumerate(rounds, start=1):
        seen = set()
        for g in games:
            if len(g) == 2:
                p, code = g
                entries[p].append(RoundEntry(None, None, code))
                seen.add(p)
            else:
                w, b, res = g
                entries[w].append(RoundEntry(b, Colour.WHITE, res))
                entries[b].append(RoundEntry(w, Colour.BLACK, COMPLEMENT[res]))
                seen |= {w, b}
        for p in entries:
            if p not in seen:
                entries[p].append(RoundEntry(None, None, "Z"))
    scoring = Scoring()
    players = []
    for i, rating in enumerate(ratings, start=1):
        es = tuple(entries[i])
        pts = sum((scoring.points(e) for e in es), Fraction(0))
        players.append(Player(number=i, name=f"P{i}", rating=rating, points=pts, entries=es))
    return Tournament(
        players=tuple(players), total_rounds=total_rounds, initial_colour=initial_colour,
        absent=frozenset(absent), forbidden=tuple(forbidden),
    )
