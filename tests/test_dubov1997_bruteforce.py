"""6.3 enumerated literally, and the engine matched against it on small score groups.

6.3 as the text words it, read as a search over the two columns of 6.2 (the rulebook's
reading, ``rulebooks/dubov1997/engine.py``): the first unpaired White, row by row, tries
the Black of its own row, then "the first black player whom he has not played before,
from the lower rows", then the Blacks of the rows above still free (the pairing of row
k-1, k-2, ... changes), then another White "beginning with the white No. k+1 down to the
end of the column, and then ... No. k-1 down to the white No. 1"; Blacks left over pair
among themselves the same way.  When a choice leaves the rest unpairable the search goes
back to change an earlier row.  :func:`literal_63` is that backtracking search, written
from the text with the limitations restated independently (``dubov1997_checks``); it is
exponential and only used on small groups.

For every score group of small generated tournaments, the columns the engine wrote (less
the floaters of 6.4) are given to the literal search, and its pairs must be the engine's
pairs of 6.3, in the same order.
"""

from __future__ import annotations

import pytest

from dubov_explain.rulebooks.dubov1997 import events as ev
from dubov_explain.simulate import GeneratorOptions, simulate
from dubov1997_checks import met, pair_ok


def literal_63(whites: list[int], blacks: list[int], ok, displaced: str = "stays",
               played_all=None) -> list[tuple[int, int]] | None:
    """The first complete pairing of the columns in the order of 6.3 (backtracking).

    A White meets another White only when one of the two "has already played with all the
    blacks" (``played_all``, default: ``ok`` refuses him every Black); when no pairing of
    the columns is complete so, 6.3 has no further instruction and any two Whites may meet
    (the group is paired as 6.4 found it pairable).  Reading displaced-black: the Black of
    a row whose White takes a lower row's Black stays in its row (``stays``) or takes the
    row of the Black taken (``takes-row``)."""
    if played_all is None:
        played_all = {w for w in whites if not any(ok(w, b) for b in blacks)}

    def run(strict: bool):
        def candidates(x: int, free: set[int], col: list[int]) -> list[tuple[int, str]]:
            if x in whites:
                k = whites.index(x)
                seq = [(c, "row") for c in col[k:k + 1]] + [(c, "lower") for c in col[k + 1:]] \
                    + [(c, "upper") for c in col[:k][::-1]]
                seq += [(c, "white") for c in whites[k + 1:] + whites[:k][::-1]
                        if not strict or {x, c} & played_all]
            else:
                k = col.index(x)
                seq = [(c, "black") for c in col[k + 1:] + col[:k][::-1]]
            return [(c, how) for c, how in seq if c in free]

        def search(free: set[int], made: list[tuple[int, int]], col: list[int]):
            x = next((n for n in whites + col if n in free), None)
            if x is None:
                return made
            for c, how in candidates(x, free, col):
                if ok(x, c):
                    nxt = col
                    if displaced == "takes-row" and how == "lower":
                        k, j = whites.index(x), col.index(c)
                        nxt = list(col)
                        nxt[k], nxt[j] = nxt[j], nxt[k]
                    found = search(free - {x, c}, made + [(x, c)], nxt)
                    if found is not None:
                        return found
            return None  # back to the row before

        return search(set(whites + blacks), [], list(blacks))

    return run(True) or run(False)


def groups_of(trace):
    """Per score group: (columns, floaters of 6.4, the engine's 6.3 pairs in order)."""
    out, cur = [], None
    for e in trace.events:
        if isinstance(e, ev.GroupOpened):
            cur = {"whites": [], "blacks": [], "floaters": set(), "pairs": []}
        elif cur is None:
            continue
        elif isinstance(e, ev.ColumnsWritten):
            cur["whites"] = [r[0] for r in e.whites]
            cur["blacks"] = [r[0] for r in e.blacks]
        elif isinstance(e, ev.FloatersChosen):
            cur["floaters"] = {p for p, _ in e.players}
        elif isinstance(e, ev.PairMade):
            cur["pairs"].append((e.player, e.opponent))
        elif isinstance(e, ev.GroupClosed):
            out.append(cur)
            cur = None
    return out


CASES = [(n, rounds, seed) for n in (6, 8, 10, 12, 14) for rounds in (5, 7) for seed in range(4)]


@pytest.mark.parametrize("players,rounds,seed", CASES)
def test_engine_pairs_the_rows_as_the_literal_search(players, rounds, seed):
    sim = simulate(players, rounds, seed, options=GeneratorOptions(system="dubov-1997"),
                   keep_rounds=True)
    checked = 0
    for rec in sim.rounds:
        req, r = rec.request, rec.round
        played = met(req, r)

        def ok(a, b):
            return pair_ok(req, r, a, b, played)

        for g in groups_of(rec.trace):
            W = [n for n in g["whites"] if n not in g["floaters"]]
            B = [n for n in g["blacks"] if n not in g["floaters"]]
            if not W and not B:
                continue
            assert literal_63(W, B, ok) == g["pairs"], (players, rounds, seed, r, W, B)
            checked += 1
    assert checked


def test_the_literal_search_goes_back_a_row():
    """Row 2's White has met both Blacks left to it except the one row 1 took: row 1 must
    change (the text's 'row No. k-1')."""
    whites, blacks = [1, 2], [3, 4]
    bad = {frozenset((2, 4))}

    def ok(a, b):
        return frozenset((a, b)) not in bad and {a, b} not in ({1, 2}, {3, 4})

    assert literal_63(whites, blacks, ok) == [(1, 4), (2, 3)]


def test_the_literal_search_pairs_two_whites_when_a_white_met_every_black():
    whites, blacks = [1, 2, 3, 4], [5, 6, 7, 8]
    bad = {frozenset((1, b)) for b in blacks}

    def ok(a, b):
        return frozenset((a, b)) not in bad

    pairs = literal_63(whites, blacks, ok)
    assert pairs[0] == (1, 2)  # white 1 takes white 2 (6.3: "beginning with the white No. k+1")
    assert (5, 6) in pairs  # the Blacks left over pair among themselves


# ---------------------------------------------------------------- 6.4, enumerated
def literal_64(players, category, rating, ok, need: int):
    """6.4 read literally: the players the group cannot pair -- the fewest, ``need`` -- as
    the first set, in the order of the preference (category 1-4, then the lowest R, then
    the lowest in the list), whose removal leaves the rest of the group a complete pairing."""
    import itertools

    pool = sorted(players, key=lambda n: (category[n], rating[n], -n))
    for combo in itertools.combinations(pool, need):
        rest = [n for n in players if n not in combo]
        if _perfect(rest, ok):
            return list(combo)
    return None


def _perfect(ns, ok) -> bool:
    if not ns:
        return True
    if len(ns) % 2:
        return False
    a = ns[0]
    return any(ok(a, b) and _perfect([n for n in ns[1:] if n != b], ok) for b in ns[1:])


def _max_pairs(ns, ok) -> int:
    if len(ns) < 2:
        return 0
    a, rest = ns[0], ns[1:]
    best = _max_pairs(rest, ok)
    for b in rest:
        if ok(a, b):
            best = max(best, 1 + _max_pairs([n for n in rest if n != b], ok))
    return best


def _check_floaters(players, rounds, seed, wise="literal") -> int:
    """The engine's floaters are the literal first set of their number in the order of
    6.4; the categories are re-derived here from the text.  Under wise=literal (no
    look-ahead below the group) that number is the fewest the group cannot pair; under
    wise=round it may be two, four ... more (the reading).  Returns how many floater
    choices were checked."""
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.rulebooks.dubov1997.readings import Readings

    book = find_rulebook("dubov-1997")
    literal = Readings.from_pairs({"wise": wise})
    sim = simulate(players, rounds, seed, options=GeneratorOptions(system="dubov-1997"),
                   keep_rounds=True)
    checked = 0
    for rec in sim.rounds:
        req, r = rec.request, rec.round
        trace = book.pair(req, literal, round_no=r)
        played = met(req, r)

        def ok(a, b):
            return pair_ok(req, r, a, b, played)

        rows = {row["number"]: row for row in trace.events[1].rows}
        events = list(trace.events)
        for i, e in enumerate(events):
            if not isinstance(e, ev.FloatersChosen):
                continue
            cols = next(x for x in reversed(events[:i]) if isinstance(x, ev.ColumnsWritten))
            group = [x[0] for x in cols.whites] + [x[0] for x in cols.blacks]
            nxt = list(e.next_lower)
            category = {n: 1 + (0 if any(ok(n, m) for m in nxt) else 1) for n in group}
            rating = {n: rows[n]["rating"] for n in group}
            need = len(group) - 2 * _max_pairs(group, ok)
            assert e.minimum == need
            if wise == "round":
                assert len(e.players) >= need and (len(e.players) - need) % 2 == 0
                need = len(e.players)
            assert [p for p, _ in e.players] == literal_64(group, category, rating, ok, need), \
                (players, rounds, seed, r, e.score)
            assert [c for _, c in e.players] == [category[p] for p, _ in e.players]
            checked += 1
    return checked


@pytest.mark.parametrize("wise", ["literal", "round"])
def test_floaters_are_the_first_set_in_the_order_of_6_4(wise):
    seen = sum(_check_floaters(n, r, s, wise) for n in (7, 9, 11, 13) for r in (5, 7) for s in range(4))
    assert seen >= 5  # not every tournament has a group with floaters; these have several


@pytest.mark.parametrize("players,rounds,seed", [(10, 5, 84), (14, 6, 35), (11, 7, 71),
                                                 (8, 5, 1), (12, 7, 2)])
@pytest.mark.parametrize("displaced", ["stays", "takes-row"])
def test_engine_pairs_the_rows_as_the_literal_search_under_displaced_black(
        players, rounds, seed, displaced):
    """Reading displaced-black, both values: the engine's 6.3 pairs are the literal
    search's (generated with forfeits and half-point byes)."""
    from dubov_explain.rulebooks import find_rulebook

    book = find_rulebook("dubov-1997")
    readings = book.readings({"displaced-black": displaced})
    sim = simulate(players, rounds, seed, keep_rounds=True,
                   options=GeneratorOptions(system="dubov-1997", forfeit_rate=0.06,
                                            half_bye_rate=0.06))
    checked = 0
    for rec in sim.rounds:
        req, r = rec.request, rec.round
        played = met(req, r)
        trace = book.pair(req, readings, round_no=r)

        def ok(a, b):
            return pair_ok(req, r, a, b, played)

        for g in groups_of(trace):
            W = [n for n in g["whites"] if n not in g["floaters"]]
            B = [n for n in g["blacks"] if n not in g["floaters"]]
            if W or B:
                assert literal_63(W, B, ok, displaced) == g["pairs"], (seed, r, W, B)
                checked += 1
    assert checked


def test_a_white_meets_a_white_only_when_one_has_played_all_the_blacks():
    # 6.3: of the Whites only 2 "has already played with all the blacks", so a White
    # meets a White in the result only if the pair holds 2
    whites, blacks = [1, 2, 3], [4, 5, 6]
    bad = {frozenset((1, 4)), frozenset((1, 6)), frozenset((2, 4)), frozenset((2, 5)),
           frozenset((2, 6))}

    def ok(a, b):
        return frozenset((a, b)) not in bad

    pairs = literal_63(whites, blacks, ok)
    assert all(not ({a, b} <= set(whites)) or 2 in (a, b) for a, b in pairs)
