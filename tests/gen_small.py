"""Seeded generator of small random tournament histories (for the brute-force oracle tests).

``random_tournament(seed)`` returns a :class:`Tournament` with 4-12 players and 0-6 rounds
already played, ready for the next round to be paired:

* ratings drawn from a coarse grid (so ties are frequent), players numbered by rating;
* each played round: some players absent (``Z``) or on requested byes (``H``, ``F``), a PAB
  (``U``) when the number present is odd, the others paired by a random perfect matching
  that avoids rematches of games played over the board; colours random (mostly following
  the players' preferences, so absolute preferences and [C3]-violating histories both
  occur); results ``1 = 0`` and forfeits ``+ -``;
* the round to pair: occasional absences (XXZ or a pre-entered ``0000 - Z/H/F`` block);
* occasionally an XXP group of forbidden pairs;
* total rounds >= played + 1, exactly played + 1 in about a third of the seeds (last round);
* the initial colour drawn at random.
"""

from __future__ import annotations

import random
from dubov_explain.records import replace

from dubov_explain.tournament.model import Colour, RoundEntry, Tournament

try:  # run as ``tests.gen_small`` (PYTHONPATH=repo) or from inside tests/
    from tests.builders import build
except ImportError:  # pragma: no cover
    from builders import build


def _random_matching(rng, players, played_pairs):
    """A random perfect matching of ``players`` avoiding ``played_pairs``, or None."""
    players = list(players)
    rng.shuffle(players)

    def rec(left):
        if not left:
            return []
        a = left[0]
        options = left[1:]
        rng.shuffle(options)
        for b in options:
            if frozenset((a, b)) in played_pairs:
                continue
            rest = [x for x in left[1:] if x != b]
            m = rec(rest)
            if m is not None:
                return [(a, b)] + m
        return None

    return rec(players)


def random_tournament(seed: int, hard: bool = False) -> Tournament:
    """The tournament of ``seed``.  ``hard`` draws denser histories: more rounds for the
    number of players, colours given at random (more absolute preferences, so more [C3]
    conflicts), more forbidden pairs -- so that shifts (2.2.4) and [C4] bind more often."""
    rng = random.Random(seed * 2 + 1 if hard else seed)
    n = rng.choice([4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 10, 11, 11, 12, 12, 12])
    # at most n - 2 rounds played: a fuller history is nearly a round robin and mostly
    # unpairable, which tests little
    if hard:
        played = min(rng.choice([2, 3, 4, 5, 6, 6]), n - 1)
    else:
        played = min(rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6]), n - 2)
    follow = 0.3 if hard else 0.75
    # some tournaments have many absences (more players who have yet to play: 1.5.2.4, 2.2.3)
    p_absent = rng.choice([0.05, 0.1, 0.1, 0.3])
    ratings = sorted((rng.randint(14, 24) * 100 for _ in range(n)), reverse=True)
    numbers = list(range(1, n + 1))

    played_pairs: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    colour_diff = {p: 0 for p in numbers}
    rounds = []
    for _r in range(played):
        games = []
        absent = [p for p in numbers if rng.random() < p_absent]
        for p in absent:
            code = rng.choice("ZZZHHF")
            if code != "Z":  # 'Z' is what the builder writes for anyone left out
                games.append((p, code))
        present = [p for p in numbers if p not in absent]
        if len(present) % 2:
            fresh = [p for p in present if p not in had_pab] or present
            pab = rng.choice(fresh)
            had_pab.add(pab)
            games.append((pab, "U"))
            present.remove(pab)
        matching = _random_matching(rng, present, played_pairs)
        while matching is None and present:
            # drop two players (absent, zero-point byes) until a matching exists
            for _ in range(2):
                present.remove(rng.choice(present))
            matching = _random_matching(rng, present, played_pairs)
        if not matching:
            # keep at least one game so that the round counts as played
            a, b = rng.sample(numbers, 2)
            games = [g for g in games if g[0] not in (a, b)]
            matching = [(a, b)]
        for a, b in matching:
            if rng.random() < follow:  # follow the preferences (lower difference gets White)
                w, bl = (a, b) if colour_diff[a] <= colour_diff[b] else (b, a)
                if colour_diff[a] == colour_diff[b] and rng.random() < 0.5:
                    w, bl = bl, w
            else:
                w, bl = (a, b) if rng.random() < 0.5 else (b, a)
            res = rng.choices("1=0+-", weights=[35, 25, 30, 5, 5])[0]
            games.append((w, bl, res))
            if res in "1=0":
                played_pairs.add(frozenset((w, bl)))
                colour_diff[w] += 1
                colour_diff[bl] -= 1
        rounds.append(games)

    if played == 0 or rng.random() < 0.35:
        total = played + 1
    else:
        total = played + rng.randint(2, 5)
    total = max(total, 1)

    forbidden = ()
    # forbidden pairs are the only constraint of a first round: more of them there
    if rng.random() < (0.4 if hard else 0.6 if played == 0 else 0.15):
        forbidden = tuple(
            tuple(rng.sample(numbers, rng.choice([2, 2, 3])))
            for _ in range(rng.choice([1, 1, 2] if played else [1, 2, 3, 4]))
        )

    xxz = frozenset(p for p in numbers if rng.random() < 0.05)
    t = build(
        ratings,
        rounds,
        total_rounds=total,
        absent=xxz,
        initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        forbidden=forbidden,
    )
    # pre-entered absences for the round to pair (0000 - Z/H/F in a TRF)
    players = []
    for p in t.players:
        if p.number not in xxz and rng.random() < 0.07:
            p = replace(p, entries=p.entries + (RoundEntry(None, None, rng.choice("ZHF")),))
        players.append(p)
    t = replace(t, players=tuple(players))
    assert t.round_to_pair == played + 1, (seed, t.round_to_pair, played)
    return t
