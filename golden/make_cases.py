"""Write the golden cases (``golden/cases/*.trf``) and the index (``golden/README.md``).

Run from the repository root::

    PYTHONPATH=. python golden/make_cases.py          # rewrite cases and index
    PYTHONPATH=. python golden/make_cases.py --check  # say which files would change

Each case is built in code (``tests/builders.py``'s ``build``, the worked example, or a
request cut from a generated tournament with ``history_before``) and written with the
project's TRF writer, with ``###`` comment lines for its name, articles, purpose, reading
variants, hand-check notes and the witnesses' verdicts (``notes.py`` beside this file).
The case files are the corpus; this script is their provenance, so a reviewer can see how
each history was made.  The snapshots are written by ``python -m pytest --snapshot-update``,
never by this script.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(HERE)]

from builders import build  # noqa: E402

from dubov_explain.examples import load_example  # noqa: E402
from dubov_explain.records import replace
from dubov_explain.simulate.generator import history_before, simulate  # noqa: E402
from dubov_explain.tournament.model import Colour, RoundEntry, Tournament  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

from notes import NOTES, WITNESS  # noqa: E402

W, B = Colour.WHITE, Colour.BLACK


@dataclass
class Case:
    name: str
    articles: str
    purpose: str
    make: Callable[[], Tournament]
    #: reading variants: each a dict of readings set for one snapshot (empty: defaults only)
    variants: list[dict[str, str]] = field(default_factory=list)


def pre(t: Tournament, entries: dict[int, str]) -> Tournament:
    """Pre-enter absence blocks (``0000 - H/Z/F``) for the round to pair."""
    players = []
    for p in t.players:
        if p.number in entries:
            es = p.entries + (RoundEntry(None, None, entries[p.number]),)
            pts = sum((t.scoring.points(e) for e in es), Fraction(0))
            p = replace(p, entries=es, points=pts)
        players.append(p)
    return replace(t, players=tuple(players))


def cut(players: int, rounds: int, seed: int, r: int) -> Callable[[], Tournament]:
    """The request of round ``r`` of the generated tournament (players, rounds, seed)."""

    def make() -> Tournament:
        return history_before(simulate(players, rounds, seed).tournament, r)

    return make


def floats(up_rounds: dict[int, list[int]], colours: dict[int, str], total: int) -> Tournament:
    """Residents 1-2 (2400, 2350; they may not meet: XXP), possible upfloaters 3-6 (0 points)
    and fillers 7-12 (absent in the round to pair) whom 3-6 met, one upfloat per game.

    ``up_rounds[r]`` lists who upfloats in round r (each loses to a filler with more
    points), ``colours[p]`` the colours of p's games in order.  XXP also keeps 3 and 4 away
    from 5 and 6, so that the only legal sets of two upfloaters are {3, 4} and {5, 6}.
    """
    ratings = [2400, 2350, 2000, 1990, 1980, 1970, 1900, 1890, 1880, 1870, 1860, 1850]
    rounds = [[(1, 7, "1"), (8, 2, "0"), (9, 10, "="), (11, 12, "=")]]
    met = {frozenset(p) for p in [(1, 7), (2, 8), (9, 10), (11, 12)]}
    count = {p: 0 for p in (3, 4, 5, 6)}
    last = max(up_rounds)
    for r in range(2, last + 1):
        games = []
        fillers = [9, 10, 11, 12, 7, 8]
        used: set[int] = set()
        for p in up_rounds.get(r, []):
            col = colours[p][count[p]]
            count[p] += 1
            f = next(f for f in fillers if f not in used and frozenset((p, f)) not in met)
            used.add(f)
            met.add(frozenset((p, f)))
            games.append((p, f, "0") if col == "W" else (f, p, "1"))
        rest = [f for f in fillers if f not in used]
        while len(rest) >= 2:
            a = rest.pop(0)
            b = next((b for b in rest if frozenset((a, b)) not in met), None)
            if b is None:
                break
            rest.remove(b)
            met.add(frozenset((a, b)))
            games.append((a, b, "="))
        rounds.append(games)
    return build(ratings, rounds, total_rounds=total, absent=frozenset(range(7, 13)),
                 forbidden=((1, 2), (3, 5), (3, 6), (4, 5), (4, 6)))


C9_FLOATS = {2: [4], 3: [4, 5, 6], 4: [3, 4, 5, 6], 5: [3, 4, 5, 6], 6: [3, 4, 5, 6]}
C9_COLOURS = {3: "WBW", 4: "WBWBW", 5: "WBWB", 6: "WBWB"}
C8_FLOATS = {2: [4], 3: [4], 4: [3, 4], 5: [3, 4, 5, 6], 6: [3, 4, 5, 6]}
C8_COLOURS = {3: "WBW", 4: "WBWBW", 5: "WB", 6: "WB"}

C10_RATINGS = [2400, 2400, 1900, 1800, 1400]
C10_HISTORY = [[(1, 3, "1"), (2, "U"), (5, 4, "+")], [(2, 4, "="), (3, "U"), (5, 1, "0")],
               [(1, 2, "1"), (3, 5, "1"), (4, "F")]]

def baku_history(ratings: list[int], total: int, upto: int, seed: int | None = None,
                 late: tuple[int, int, int] | None = None, fmt: str = "trfx") -> Tournament:
    """The request of round ``upto`` of a tournament accelerated by the Baku method
    (``pair --baku`` every round): each round paired by the engine with its virtual
    points, then results entered -- by ``seed`` (random 1/0/= per board) or, without one,
    the higher rated wins and every third board is drawn.  ``late`` = (round, position,
    rating): a player enters before that round, placed at that pairing number (the others
    below move down one; GHR late entries), absent (``0000 - Z``) in the rounds before.
    ``fmt`` "trf26" writes the case in TRF26, the virtual points as ``250`` records."""
    import random

    from dubov_explain.rulebooks.acceleration.baku import accelerate
    from dubov_explain.rulebooks.dubov2025.engine import pair_round
    from dubov_explain.trf.writer import append_round, enter_results

    rng = random.Random(seed)
    t = build(ratings, [], total_rounds=total)
    if fmt == "trf26":
        t = replace(t, dialect="trf26")
    for r in range(1, upto + 1):
        if late is not None and late[0] == r:
            t = insert_player(t, late[1], late[2])
        a = accelerate(t)
        if r == upto:
            return replace(a, acceleration_method=())
        res = pair_round(a).result
        t = append_round(a, r, list(res.boards), res.bye)
        results = {}
        for i, (w, b) in enumerate(res.boards):
            if seed is not None:
                results[w] = rng.choice("10=")
            else:
                stronger = t.player(w).rating > t.player(b).rating
                results[w] = "=" if i % 3 == 2 else ("1" if stronger else "0")
        t = enter_results(t, r, results)
    raise ValueError("upto must be at least 1")


def insert_player(t: Tournament, position: int, rating: int) -> Tournament:
    """A late entrant at pairing number ``position``: the players from there on move down
    one (opponents and acceleration renumbered), the entrant absent in earlier rounds."""
    from dubov_explain.tournament.model import Player

    def move(n):
        return n + 1 if n is not None and n >= position else n

    played = max((len(p.entries) for p in t.players), default=0)
    players = [replace(p, number=move(p.number), entries=tuple(
        replace(e, opponent=move(e.opponent)) for e in p.entries)) for p in t.players]
    players.append(Player(number=position, name="Late entrant", rating=rating,
                          points=Fraction(0), entries=(RoundEntry(None, None, "Z"),) * played))
    players.sort(key=lambda p: p.number)
    return replace(t, players=tuple(players),
                   acceleration={move(n): v for n, v in t.acceleration.items()},
                   acceleration_250=frozenset(move(n) for n in t.acceleration_250))


BAKU20 = [2600 - 25 * i for i in range(20)]
BAKU12 = [2400 - 40 * i for i in range(12)]

CASES: list[Case] = [
    # ------------------------------------------------------------------ 2.1 the bye
    Case("2.1.1-c2-bye-barred-by-pab-fpb-and-forfeit-win", "2.1.1, [C2]",
         "[C2] bars a previous PAB (U), a full-point bye (F) and a forfeit win: the one player left gets the bye",
         lambda: build([2200, 2150, 1850, 1800, 1600],
                       [[(4, "U"), (3, "F"), (1, 5, "1"), (2, "Z")], [(1, "U"), (2, 5, "+"), (4, 3, "1")]])),
    Case("2.1.2-c4-bye-passes-over-lowest-score", "2.1.2, [C4], XXP",
         "the lowest-scored eligible player is passed over because the other four could not all be paired",
         lambda: build([2150, 1900, 1800, 1600, 1550],
                       [[(4, "U"), (1, 2, "0"), (5, 3, "-")], [(1, "U"), (2, 3, "="), (4, 5, "0")]],
                       total_rounds=4, forbidden=((2, 4),))),
    Case("2.1.3-bye-lowest-score", "2.1.3",
         "among the eligible players the lowest score gets the bye, whatever the ranking",
         lambda: build([2250, 2100, 2100, 1750, 1600], [[(4, "U"), (3, 5, "="), (2, 1, "0")]],
                       total_rounds=2)),
    Case("2.1.4-bye-most-games-played", "2.1.4",
         "equal scores: the player who played more games gets the bye, though ranked above one who did not play",
         lambda: build([2400, 2300, 2200, 2100, 2000], [[(1, 2, "="), (3, 4, "1"), (5, "Z")]])),
    Case("2.1.5-bye-lowest-ranked-in-round-one", "2.1.5, 2.2.3, 5.2.1",
         "round 1: scores and games are equal, so the lowest-ranked player gets the bye",
         lambda: build([2350, 2150, 1950, 1700, 1700], [], total_rounds=3)),
    # ------------------------------------------------------------------ 2.2.1-2.2.2, 4.2
    Case("2.2.1-worked-example-two-upfloaters", "2.2.1, [C5], 2.2.2, 4.2, 2.2.4.1, 2.2.5",
         "the worked example of the handbook (round 4): the 2.5 pair met, so two 2-point upfloaters join them",
         lambda: load_example("dubov-example-round4-request.trf")),
    Case("2.2.1-c4-upfloaters-for-the-lower-group", "2.2.1, [C5], [C4], 2.2.4.2, 4.3, 2.2.6, 4.4, 5.2.3",
         "two residents who could meet each other still take two upfloaters, because the two lower players may not meet (XXP)",
         lambda: build([2400, 2400, 1600, 1500], [[(2, "U"), (4, 3, "1")]], total_rounds=2,
                       initial_colour=B, forbidden=((3, 4), (3, 1)))),
    Case("3.1.1-c1-upfloater-set-illegal", "2.2.2, [C1], 4.2.3.3",
         "the first set in 4.2 order cannot be paired with the resident ([C1]): the next set is taken",
         lambda: build([2200, 2200, 1900, 1400], [[(1, 3, "="), (4, 2, "=")], [(1, 4, "="), (3, 2, "+")]],
                       total_rounds=4)),
    Case("3.2.1-c4-upfloater-set-strands-lower-group", "2.2.2, [C4], XXP",
         "an upfloater whose departure leaves the lower players unpairable is rejected by [C4]",
         lambda: build([2250, 2100, 1900, 1900], [[(1, 2, "-"), (3, 4, "=")]], total_rounds=2,
                       forbidden=((1, 3),))),
    Case("3.3.2-c6-container-without-legal-set-skipped", "[C6], 4.2.3, [C1]",
         "the 1-point container has no legal set ([C1]), so the upfloater comes from the 0.5-point container",
         lambda: build([1950, 1750, 1700, 1600], [[(4, 1, "="), (2, 3, "0")], [(3, 4, "0"), (1, 2, "=")]],
                       total_rounds=4)),
    Case("4.2.3.1-container-of-mixed-scores", "4.2.3.1, 2.2.1, 2.1.4",
         "two upfloaters of different scores (1 and 0.5) form one container; the bye went to the 0.5 player with more games",
         cut(5, 7, 5, 3)),
    Case("3.3.3-c7-colour-beats-sequence-order", "[C7], 4.2.3.3",
         "{3} is second in 4.2 order but lets every player of the bracket have their colour",
         lambda: build([2150, 1850, 1800, 1500], [[(1, 4, "0"), (3, 2, "=")]], total_rounds=3)),
    Case("3.3.4-c8-maximum-upfloaters-spared", "[C8], 1.7, XXP",
         "two maximum upfloaters (3 upfloats, MaxT 3) are spared for two players upfloated twice",
         lambda: floats(C8_FLOATS, C8_COLOURS, 9)),
    Case("3.3.4-c8-off-in-the-last-round", "[C8], last round, 4.2.3.3",
         "the same history paired as the last round: [C8] is off and the first set in 4.2 order is taken",
         lambda: floats(C8_FLOATS, C8_COLOURS, 7)),
    Case("3.3.6-c10-previous-round-upfloater-spared", "[C10], [C2]",
         "the player who upfloated in the previous round is not upfloated again",
         lambda: build(C10_RATINGS, C10_HISTORY, total_rounds=6, initial_colour=B)),
    Case("3.3.6-c10-off-in-the-last-round", "[C10], last round",
         "the same history paired as the last round: [C8]-[C10] are off and the previous-round upfloater floats again",
         lambda: build(C10_RATINGS, C10_HISTORY, total_rounds=4, initial_colour=B)),
    # ------------------------------------------------------------------ 2.2.3-2.2.6, 4.3, 4.4
    Case("2.2.3-round-one-groups-by-ranking", "2.2.3, 5.2.1",
         "nobody has played: G1 is the first half of the bracket by initial ranking",
         lambda: build([2400, 2300, 2200, 2100, 2000, 1900], [])),
    Case("2.2.3-groups-by-colour-preference", "2.2.3, [C7]",
         "players have played: G1 holds the White seekers; [C7] takes the upfloater who lets both have their colour",
         lambda: build([1700, 1700, 1700, 1600], [[(1, 2, "1"), (3, 4, "=")]], total_rounds=5)),
    Case("2.2.4.1-unavoidable-pair-shifted", "2.2.4.1, 2.2.4.2, 4.3, XXP",
         "1 and 3 of G1 must meet (XXP keeps 1 from 2): 1 moves to G2, then 2 comes back to equalise",
         lambda: build([2450, 2150, 2000, 1650], [[(2, 3, "="), (4, 1, "=")]], total_rounds=4,
                       forbidden=((1, 2),))),
    Case("2.2.4.1-shift-from-g2", "2.2.4.1, 4.3, [C3]",
         "the smaller subgroup is G2: the Black seekers who must meet each other are shifted into G1",
         lambda: build([2400, 2300, 2300, 2200, 2200, 2000, 2000, 1800, 1700, 1600],
                       [[(1, "F"), (7, 2, "1"), (8, 5, "-"), (9, 6, "1"), (10, 4, "=")],
                        [(1, 9, "1"), (3, 7, "1"), (4, 2, "0"), (6, 8, "-"), (10, 5, "1")],
                        [(1, 5, "1"), (6, 4, "0"), (8, 7, "="), (9, 3, "+"), (10, 2, "0")],
                        [(2, 1, "0"), (3, 10, "0"), (4, 8, "1"), (5, 9, "1"), (7, "U")],
                        [(1, 4, "1"), (3, 2, "1"), (5, "U"), (7, 6, "0"), (8, 10, "0"), (9, "H")],
                        [(1, 3, "1"), (2, 8, "1"), (4, 9, "="), (5, 6, "+"), (7, 10, "1")]],
                       total_rounds=11, forbidden=((5, 1, 8), (3, 10)))),
    Case("2.2.4.2-equalising-shift-from-g2", "2.2.4.2, 4.3.2, 4.3.3, 1.5.2.4",
         "three Black seekers and one White seeker: the Black seeker in the middle of the ranking moves to G1",
         lambda: build([2300, 1700, 1500, 1400], [[(1, "H"), (2, 4, "="), (3, "H")]], total_rounds=6,
                       initial_colour=B)),
    Case("2.2.4.2-equalising-shift-from-g1", "2.2.4.2, 4.3.2, 4.3.3",
         "two White seekers and no Black seeker: the one with the lower ARO is #1 (the higher of the two middles) and moves to G2",
         lambda: build([2400, 2100, 2000, 2000], [[(1, 3, "="), (4, 2, "1")]], total_rounds=4,
                       forbidden=((1, 2),))),
    Case("2.2.4.2-first-shifter-illegal", "2.2.4.2, 4.3.3, [C1], 2.2.6, 4.4",
         "the middle-out first Black shifter would leave 4 without a legal opponent, so the second one moves",
         lambda: pre(build([1800, 1700, 1700, 1700, 1500],
                           [[(2, "F"), (4, "U"), (5, 1, "0")], [(1, 4, "="), (2, 3, "0"), (5, "U")],
                            [(1, "U"), (3, 4, "0"), (5, "F")]], total_rounds=8, initial_colour=B),
                     {5: "Z"})),
    Case("4.3.3-middle-out-pool-of-three", "4.3.1, 4.3.2, 4.3.3, 2.2.4.1",
         "a pool of three or more shifters numbered from the middle of the sorted list",
         lambda: pre(build([2200, 2100, 1800, 1600, 1500, 1400, 1400, 1400],
                           [[(1, 4, "1"), (3, 2, "0"), (5, 7, "1"), (6, "H")],
                            [(2, 1, "-"), (6, 5, "0"), (7, 3, "1"), (8, 4, "1")],
                            [(1, 6, "0"), (2, 7, "-"), (3, "H"), (5, 8, "0")],
                            [(3, 6, "0"), (5, 2, "1"), (7, 1, "1"), (8, "U")]], total_rounds=6),
                     {1: "H", 4: "F"})),
    Case("2.2.5-s1-sorted-by-aro", "2.2.5, 1.6",
         "S1 is G1 by ascending ARO, which here is not the order of the initial ranking",
         lambda: build([2100, 1700, 1600, 1500], [[(2, 3, "0"), (4, 1, "=")], [(1, 2, "1"), (3, "H"), (4, "U")]],
                       total_rounds=3)),
    Case("2.2.5-aro-tie-by-ranking", "2.2.5, 1.6.3, 5.2.1",
         "equal AROs (0, nobody has played): S1 follows the initial ranking",
         lambda: build([2400, 2000, 1900, 1500], [], total_rounds=1, initial_colour=B)),
    Case("2.2.6-first-legal-transposition", "2.2.6, 4.4, XXP",
         "1-3 is legal alone but leaves 2-4 (forbidden): T2 is the second transposition",
         lambda: build([2450, 2400, 2100, 2050], [], total_rounds=2, forbidden=((4, 2),))),
    Case("4.4-transposition-deep-in-the-order", "4.4.2, 2.2.6, XXP",
         "1-4 is forbidden (XXP): the two transpositions that start with 4 are skipped and T2 is the third",
         lambda: build([2400, 2200, 2200, 1700, 1400, 1400, 1400], [], total_rounds=1,
                       forbidden=((4, 3, 1), (2, 5), (6, 4)))),
    Case("3.1.1-c1-opponent-rejected-by-rematch", "[C1], 2.2.6",
         "the trace names the round in which a rejected opponent was met",
         lambda: build([2450, 2450, 2100, 1600], [[(2, 4, "="), (1, 3, "=")]], total_rounds=4,
                       forbidden=((2, 4),))),
    Case("3.1.3-c3-same-absolute-colour", "[C3], 1.5.2.1, 2.2.6",
         "two players who both need the same colour absolutely may not meet",
         lambda: build([2200, 2100, 1900, 1700, 1700, 1600, 1500, 1400],
                       [[(2, 1, "0"), (4, 8, "0"), (6, 3, "="), (7, 5, "1")],
                        [(4, 6, "0"), (5, 3, "0"), (7, 1, "1"), (8, 2, "+")]], total_rounds=3)),
    Case("1.8.3-no-pairing-exists", "1.8.3, 1.8.1, [C1]",
         "every pairing repeats a game: the trace says who cannot be paired and why, and the arbiter decides",
         lambda: build([2450, 2400, 2100, 1650], [[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]],
                       total_rounds=3)),
    Case("1.8.2-absent-players-not-paired", "1.8.2, XXZ",
         "players in XXZ or with a pre-entered H/Z block are left out of the round",
         lambda: pre(build([2300, 2200, 2100, 2000, 1900, 1800, 1700],
                           [[(1, 4, "1"), (2, 5, "="), (6, 3, "0"), (7, "U")]], total_rounds=5,
                           absent=frozenset({6})), {2: "H", 7: "Z"})),
    # ------------------------------------------------------------------ Article 5
    Case("5.2.1-nobody-has-played", "5.2.1, 5.1",
         "both players yet to play: the higher ranked gets the initial colour when their pairing number is odd",
         lambda: build([2250, 1900, 1900, 1800], [], total_rounds=2)),
    Case("5.2.1-initial-colour-black", "5.2.1, 5.1, XXC",
         "XXC black1: the initial colour drawn by lot is Black, so odd-numbered higher players get Black",
         lambda: build([2250, 2100, 1900, 1800, 1700, 1600], [], total_rounds=5, initial_colour=B)),
    Case("5.2.2-both-preferences-granted", "5.2.2",
         "a White seeker meets a Black seeker: both get their colour",
         lambda: build([2450, 2250, 1850, 1550], [[(1, 4, "="), (2, 3, "=")]], total_rounds=3,
                       forbidden=((3, 4),))),
    Case("5.2.3-stronger-preference-wins", "5.2.3, 1.5.2.2, 1.5.2.4",
         "both seek the same colour: the strong preference beats the mild one of a player who has not played",
         lambda: build([2300, 2000, 1850, 1800], [[(4, "Z"), (2, 3, "1"), (1, "Z")]], total_rounds=3)),
    Case("5.2.4-alternate-from-last-difference", "5.2.4",
         "equal preferences: the colours are alternated from the last round in which the two had different colours",
         lambda: build([2400, 2000, 1700, 1600, 1500],
                       [[(2, "U"), (4, 3, "0")], [(1, "H"), (2, "H"), (3, "U"), (4, 5, "1")],
                        [(1, 4, "1"), (2, 3, "1"), (5, "U")]], total_rounds=4, absent=frozenset({3}))),
    Case("5.2.5-higher-ranked-preference", "5.2.5",
         "equal preferences and identical histories: the higher ranked player gets their colour",
         lambda: build([2400, 2250, 1850, 1600], [[(1, 2, "1"), (3, 4, "1")]], total_rounds=3)),
    # ------------------------------------------------------------------ readings
    Case("reading-absolute-conflict", "1.5.2.1, [C3], reading absolute-conflict",
         "colour difference and the last two games point opposite ways: who may meet whom depends on the reading",
         lambda: build([2400, 2400, 2300, 2200, 2100, 2000, 2000, 1800, 1700, 1400],
                       [[(2, 5, "0"), (3, 6, "1"), (4, 1, "1"), (8, 7, "="), (10, "U")],
                        [(1, 3, "0"), (2, "H"), (5, 10, "1"), (7, 4, "="), (8, 6, "1")],
                        [(1, 6, "1"), (3, "U"), (4, 2, "0"), (5, 7, "1"), (9, "F"), (10, 8, "1")],
                        [(1, 5, "="), (4, 6, "0"), (7, 2, "="), (8, 9, "="), (10, 3, "1")],
                        [(1, 9, "="), (3, 7, "1"), (6, 5, "1"), (8, "U"), (10, 2, "1")],
                        [(5, 3, "0"), (6, 2, "="), (7, "U"), (8, 1, "1"), (9, 10, "=")]],
                       total_rounds=8, absent=frozenset({7, 10}), initial_colour=B,
                       forbidden=((6, 1, 4),)),
         [{"absolute-conflict": "difference"}, {"absolute-conflict": "last-two"}]),
    Case("reading-aro-quick-games", "1.6.1, 2.2.5, reading aro-quick-games",
         "a game of less than one move counts for ARO or not, and S1 is sorted differently",
         cut(11, 7, 10, 2),
         [{"aro-quick-games": "count"}, {"aro-quick-games": "exclude"}]),
    Case("reading-bye-eligibility", "2.1.1, [C2], reading bye-eligibility",
         "a full-point bye bars the PAB by [C2] as worded, not by 2.1.1 as worded",
         lambda: build([2400, 2300, 2200, 2100, 2000],
                       [[(1, 2, "="), (3, 4, "="), (5, "F")], [(5, 1, "0"), (2, 3, "="), (4, "U")],
                        [(5, 2, "0"), (1, 4, "="), (3, "U")]]),
         [{"bye-eligibility": "basic-rule-4"}, {"bye-eligibility": "article-2.1.1"}]),
    Case("reading-bye-games-played", "2.1.4, reading bye-games-played",
         "a forfeit loss is a game played for 2.1.4 only under the 'paired' reading",
         lambda: build([2400, 2300, 2200, 2100, 2000, 1900, 1800],
                       [[(1, 2, "="), (3, 4, "1"), (5, 6, "-"), (7, "U")]]),
         [{"bye-games-played": "played"}, {"bye-games-played": "paired"}]),
    Case("reading-c9-measure", "[C9], 1.7, reading c9-measure",
         "{3, 4} (3 + 5 upfloats) against {5, 6} (4 + 4): equal sums, different maxima",
         lambda: floats(C9_FLOATS, C9_COLOURS, 9),
         [{"c9-measure": "sum"}, {"c9-measure": "max"}]),
    Case("reading-colour-history-5.2.4", "5.2.4, reading colour-history-5.2.4",
         "histories with unplayed rounds are aligned by played games or by rounds, and 5.2.4 gives other colours",
         lambda: build([2100, 1900, 1700, 1600, 1600],
                       [[(1, "U"), (3, 4, "1")], [(1, 5, "="), (2, "U")], [(1, "F"), (2, 5, "="), (3, "U")],
                        [(1, 2, "1"), (4, "H"), (5, 3, "=")]],
                       total_rounds=6, absent=frozenset({1}), initial_colour=B,
                       forbidden=((4, 1, 3), (2, 5, 1))),
         [{"colour-history-5.2.4": "played-only"}, {"colour-history-5.2.4": "by-round"}]),
    Case("reading-container-order", "4.2.3.2, [C6], reading container-order",
         "{2.5, 2.5}-like containers before {3, 1.5}-like ones or after: the upfloaters change",
         cut(10, 7, 3, 5),
         [{"container-order": "lowest-first"}, {"container-order": "listed"}]),
    Case("reading-unavoidable-pairs", "2.2.4.1, reading unavoidable-pairs",
         "both readings shift one player of G1 here, by different arguments: same pairing, a different explanation in the trace",
         lambda: build([2300, 2100, 2100, 1700, 1400],
                       [[(2, 1, "0"), (4, 5, "0")], [(4, 2, "="), (5, 3, "0")], [(2, 5, "="), (3, 1, "="), (4, "U")]],
                       total_rounds=6, forbidden=((2, 5),)),
         [{"unavoidable-pairs": "minimum"}, {"unavoidable-pairs": "isolated"}]),
    Case("reading-upfloat-history", "1.7, [C8]-[C10], reading upfloat-history",
         "a forfeited game against a higher-scored opponent is an upfloat only when pairings count",
         lambda: build([2400, 2200, 2200, 2000, 2000, 1900, 1800, 1700, 1600, 1500, 1400],
                       [[(2, 11, "0"), (3, 4, "1"), (6, 1, "="), (7, 5, "1"), (8, 9, "-"), (10, "U")],
                        [(3, 1, "0"), (4, "U"), (5, 9, "0"), (7, "H"), (10, 8, "="), (11, 6, "0")],
                        [(2, 3, "+"), (4, 7, "0"), (6, "F"), (8, 11, "0"), (9, 10, "1")]],
                       total_rounds=7, absent=frozenset({1, 6, 9}), forbidden=((5, 6),)),
         [{"upfloat-history": "played"}, {"upfloat-history": "paired"}]),
    Case("reading-upfloat-previous-round", "[C10], reading upfloat-previous-round",
         "2 had the bye in the previous round and upfloated in the round before: [C10] spares 2 only under last-paired",
         cut(7, 7, 10, 4),
         [{"upfloat-previous-round": "calendar"}, {"upfloat-previous-round": "last-paired"}]),
    # ------------------------------------------------------------------ acceleration
    Case("1.3.1-baku-round1", "acceleration",
         "Baku method, 20 players, round 1 of 9: GA (1-10) has 1 virtual point, so the top ten meet each other and the bottom ten each other",
         lambda: baku_history(BAKU20, 9, 1)),
    Case("1.3.1-baku-round2", "acceleration",
         "Baku method, round 2 of 9: GA keeps 1 virtual point, and its losers of round 1 pair with GB's winners",
         lambda: baku_history(BAKU20, 9, 2)),
    Case("1.3.1-baku-round4-half", "acceleration",
         "Baku method, round 4 of 9: the virtual points drop from 1 to 0.5 (the accelerated rounds are 1-5, the first 3 with 1 point)",
         lambda: baku_history(BAKU20, 9, 4)),
    Case("1.3.1-baku-round6-none", "acceleration",
         "Baku method, round 6 of 9: no virtual points any more; the earlier rounds' points still judge the upfloats (1.7)",
         lambda: baku_history(BAKU20, 9, 6)),
    Case("1.3.1-baku-late-entrant", "acceleration",
         "Baku method in TRF26 (250 records): a player enters at number 4 before round 2; GA runs down to the same last GA player, now 7, and holds 7 players",
         lambda: baku_history(BAKU12, 7, 2, late=(2, 4, 2290), fmt="trf26")),
    Case("reading-acceleration-bye", "acceleration, reading acceleration-bye",
         "with acceleration the lowest score of 2.1.3 is the pairing score or the real score, and the bye goes elsewhere",
         lambda: baku_history([2400 - 37 * i for i in range(7)], 5, 2, seed=3),
         [{"acceleration-bye": "pairing"}, {"acceleration-bye": "real"}]),
    Case("reading-acceleration-upfloats", "acceleration, reading acceleration-upfloats",
         "a game against a player with more virtual points only is an upfloat by the pairing scores, not by the real ones, and [C8]-[C10] choose other upfloaters",
         lambda: baku_history([2400 - 37 * i for i in range(6)], 5, 3, seed=16),
         [{"acceleration-upfloats": "pairing"}, {"acceleration-upfloats": "real"}]),
    Case("reading-acceleration-upfloaters", "acceleration, reading acceleration-upfloaters",
         "possible upfloaters with the same pairing score are numbered (4.2.2) and grouped ([C6]) by it, or by the points they really scored",
         lambda: baku_history([2400 - 37 * i for i in range(6)], 5, 2, seed=1),
         [{"acceleration-upfloaters": "pairing"}, {"acceleration-upfloaters": "real"}]),
    Case("reading-acceleration-ranking", "acceleration, reading acceleration-ranking",
         "the higher ranked player of 5.2.1 and the board order read the pairing score or the real score",
         lambda: baku_history([2400 - 37 * i for i in range(5)], 5, 2, seed=20),
         [{"acceleration-ranking": "pairing"}, {"acceleration-ranking": "real"}]),
    # ------------------------------------------------------------------ simulated
    Case("sim-006p-round4", "simulated", "6 players, round 4 of 5 of a generated tournament (seed 3)",
         cut(6, 5, 3, 4)),
    Case("sim-012p-round6", "simulated", "12 players, round 6 of 7 (seed 5)", cut(12, 7, 5, 6)),
    Case("sim-030p-round5", "simulated", "30 players, round 5 of 9 (seed 7)", cut(30, 9, 7, 5)),
    Case("sim-060p-round8", "simulated", "60 players, round 8 of 9 (seed 11)", cut(60, 9, 11, 8)),
    Case("sim-120p-round6", "simulated", "120 players, round 6 of 11 (seed 13)", cut(120, 11, 13, 6)),
    Case("sim-200p-round9", "simulated", "200 players, the last round (9 of 9, seed 17)", cut(200, 9, 17, 9)),
    Case("sim-300p-round7", "simulated", "300 players, round 7 of 11 (seed 19)", cut(300, 11, 19, 7)),
]


def case_text(c: Case) -> str:
    t = c.make()
    lines = [
        f"### case: {c.name}",
        f"### articles: {c.articles}",
        f"### purpose: {c.purpose}",
    ]
    for v in c.variants:
        lines.append("### readings: " + ", ".join(f"{k}={val}" for k, val in v.items()))
    for note in NOTES.get(c.name, ()):
        lines.append(f"### note: {note}")
    for tool, verdicts in WITNESS.get(c.name, {}).items():
        for v in verdicts:
            lines.append(f"### witness {tool}: {v}")
    kept = [(code, text) for code, text in t.records if code not in ("###", "012")]
    positions = list(t.record_positions)[: len(t.records)]
    kept_pos = [pos for (code, _), pos in zip(t.records, positions) if code not in ("###", "012")]
    records = tuple(("###", line) for line in lines) + tuple(kept)
    t = replace(t, name=f"golden case {c.name}", records=records,
                record_positions=(0,) * len(lines) + tuple(kept_pos))
    return write_trf(t)


def index_text() -> str:
    out = [
        "# Golden corpus",
        "",
        "Each case is a TRF in `cases/` that teaches one article, criterion, reading or edge",
        "case; `snapshots/` holds, for each case and reading variant, the pairing and the trace",
        "rendered as Markdown (`ID.md`) and, beside it, the trace's decisions without wording",
        "(`ID.decisions.json`).  Rewording a template moves only the `.md` files.  The review",
        "workflow is in the repository README (\"Golden review\").  Cases are written by",
        "`make_cases.py` (hand-check notes and the witnesses' verdicts in `notes.py`); snapshots",
        "only by `python -m pytest --snapshot-update`; `review.py` lists the cases whose snapshots",
        "a change would move, labelled `PAIRING`, `DECISION` or `WORDING`, with the first decision",
        "that changed.",
        "",
        "| case | article(s) | purpose |",
        "| --- | --- | --- |",
    ]
    for c in CASES:
        out.append(f"| [{c.name}](cases/{c.name}.trf) | {c.articles} | {c.purpose} |")
    out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    cases_dir = HERE / "cases"
    cases_dir.mkdir(exist_ok=True)
    changed = []
    wanted = {}
    for c in CASES:
        wanted[cases_dir / f"{c.name}.trf"] = case_text(c)
    wanted[HERE / "README.md"] = index_text()
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    stray = [p for p in cases_dir.glob("*.trf") if p not in wanted]
    for p in stray:
        changed.append(p)
        if not check:
            p.unlink()
    for p in changed:
        print(("would change " if check else "wrote ") + str(p.relative_to(ROOT)))
    return 1 if (check and changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
