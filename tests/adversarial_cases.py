"""Adversarial rounds of issue 16 (rounds that once took minutes), at any size.

Each builder returns ``(tournament, round_no)``: the request whose next round is paired.
``tests/test_adversarial.py`` pairs small versions and counts the work;
``benchmarks/bench_adversarial.py`` pairs the full-size reproducers.

* :func:`xxp_round2` -- round 2 with forbidden pairs (XXP groups of two) that leave the
  top scoregroup unpaired and rule out the first lower players in the 4.2.2 order;
* :func:`regular` -- a round of ``generate --regular`` (no forfeits, byes or absences);
* :func:`losers_group` -- round 2 where the top half beat the bottom half and the losers
  form one XXP group (none of them may meet another);
* :func:`round1_window` -- round 1 where each top-half player is forbidden with
  ``width`` bottom-half players (a window starting at his round-1 opponent).
"""

from __future__ import annotations

from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.tournament.request import request_for_round

try:  # run as ``tests.adversarial_cases`` (PYTHONPATH=repo) or from inside tests/
    from tests.builders import build
except ImportError:  # pragma: no cover
    from builders import build


def xxp_round2(players: int, blocked: int):
    """Round 2 with ``6 + 4 * blocked`` forbidden pairs (XXP groups of two).

    Round 1: board i is i against h+i (h = players / 2, White alternating); boards 1-2 won
    by the higher-ranked player, boards 3-4 by the lower-ranked one, the rest drawn.  The
    four winners may not meet one another, so all four need an upfloater from the drawn
    players, and none of them may meet the first ``blocked`` drawn players of the 4.2.2
    sequence: every set with one of those fails [C1]/[C3].  56 players with 32 pairs (30
    here) once ran past 300 s; 40 players with 22 pairs took 12 s.
    """
    h = players // 2
    ratings = [2600 - 2 * i for i in range(2 * h)]
    games = []
    for i in range(1, h + 1):
        w, b = (i, h + i) if i % 2 else (h + i, i)
        top_wins = i in (1, 2)
        res = "=" if i > 4 else ("1" if (w == i) == top_wins else "0")
        games.append((w, b, res))
    winners = [1, 2, h + 3, h + 4]
    drawn = sorted(list(range(5, h + 1)) + list(range(h + 5, 2 * h + 1)))
    forb = [(a, b) for x, a in enumerate(winners) for b in winners[x + 1:]]
    forb += [(a, b) for a in winners for b in drawn[:blocked]]
    return build(ratings, [games], total_rounds=9, forbidden=tuple(forb)), 2


def regular(players: int, rounds: int, seed: int, round_no: int):
    """The request of round ``round_no`` of ``generate --regular``."""
    sim = simulate(players, rounds, seed, options=GeneratorOptions.quiet())
    return request_for_round(sim.tournament, round_no), round_no


def losers_group(players: int):
    """Round 2: 1..h beat h+1..2h in round 1; the losers are one XXP group."""
    h = players // 2
    ratings = [2600 - 2 * i for i in range(2 * h)]
    games = []
    for i in range(1, h + 1):
        w, b = (i, h + i) if i % 2 else (h + i, i)
        games.append((w, b, "1" if w == i else "0"))
    t = build(ratings, [games], total_rounds=9, forbidden=(tuple(range(h + 1, 2 * h + 1)),))
    return t, 2


def round1_window(players: int, width: int):
    """Round 1: top-half player i may not meet bottom-half players h+i .. h+i+width-1
    (cyclically), his natural opponent and the next ones of the first transposition."""
    h = players // 2
    ratings = [2600 - 2 * i for i in range(2 * h)]
    forb = []
    for i in range(1, h + 1):
        for j in range(width):
            forb.append((i, h + 1 + (i - 1 + j) % h))
    t = build(ratings, [], total_rounds=9, forbidden=tuple(forb))
    return t, 1


def winners_group(players: int, winners: int, blocked: int):
    """Round 2: board i is i against h+i; the first ``winners`` boards are won (by the
    higher-ranked player on odd boards, the lower-ranked on even ones), the rest drawn; the
    winners form one XXP group and each is forbidden with each of the first ``blocked``
    drawers (in pairing-number order).  40 players, 6 winners, 22 of 28 drawers blocked
    once took minutes in the Dutch family (issue 28)."""
    h = players // 2
    ratings = [2600 - 2 * i for i in range(2 * h)]
    games = []
    won = []
    for i in range(1, h + 1):
        w, b = (i, h + i) if i % 2 else (h + i, i)
        if i <= winners:
            top = i % 2 == 1
            games.append((w, b, "1" if (w == i) == top else "0"))
            won.append(i if top else h + i)
        else:
            games.append((w, b, "="))
    drawn = sorted(list(range(winners + 1, h + 1)) + list(range(h + winners + 1, 2 * h + 1)))
    forb = [tuple(sorted(won))]
    forb += [(a, d) for a in won for d in drawn[:blocked]]
    return build(ratings, [games], total_rounds=9, forbidden=tuple(forb)), 2


#: issue 28's adversarial rounds, by the names of their benchmark inputs (each a builder
#: of ``(tournament, round_no)``): ``benchmarks/bench_rulebooks.py --adversarial`` times
#: them in every rulebook, ``benchmarks/bench_swiss_rating1992.py --adversarial`` in that one
ISSUE28 = {
    "losers-300": lambda: losers_group(300),
    "losers-600": lambda: losers_group(600),
    "regular-60-r29": lambda: regular(60, 30, 1, 29),
    "regular-100-r39": lambda: regular(100, 40, 1, 39),
    "winners-40": lambda: winners_group(40, 6, 22),
    "window-1000": lambda: round1_window(1000, 20),
}
