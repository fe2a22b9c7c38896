"""The board changes of a large round are found through indexes (issue 29: a pass over
every board left, per board, took minutes at 10,000 players); they are the changes, in
the order, of the literal pass the module describes, kept here as its twin: every
procedure board takes the first published board left that fits it (the same players,
then a bye for a bye, then the most players shared), and the groups are made change by
change, each merging the groups it shares a player with."""

from __future__ import annotations

import random

import pytest

from dubov_explain.explain.changes import (Change, board_changes, finished_groups,
                                            group_changes)


def literal_board_changes(published, procedure):
    numbers, k = [], 0
    for w, b, _ in published:
        if b == 0 or w == 0:
            numbers.append(None)
        else:
            k += 1
            numbers.append(k)
    where = {tuple(q): j for j, q in enumerate(procedure)}
    twin, left_p = set(), []
    for i, (w, b, known) in enumerate(published):
        j = next((where[k] for k in ((w, b),) + (() if known else ((b, w),))
                  if k in where and where[k] not in twin), None)
        if j is None:
            left_p.append(i)
        else:
            twin.add(j)
    left_q = [j for j in range(len(procedure)) if j not in twin]
    matched = []

    def match(i, j):
        matched.append((i, j))
        left_p.remove(i)
        left_q.remove(j)

    def players(board):
        return {n for n in board[:2] if n}

    def is_bye(board):
        return 0 in board[:2]

    for j in list(left_q):
        i = next((i for i in left_p if not is_bye(procedure[j])
                  and players(published[i]) == players(procedure[j])), None)
        if i is not None:
            match(i, j)
    for j in list(left_q):
        if is_bye(procedure[j]):
            i = next((i for i in left_p if is_bye(published[i])), None)
            if i is not None:
                match(i, j)
    for j in list(left_q):
        best = max(left_p, key=lambda i: (len(players(published[i]) & players(procedure[j])),
                                          -i), default=None)
        if best is not None and players(published[best]) & players(procedure[j]):
            match(best, j)
    for i, j in zip(list(left_p), list(left_q)):
        match(i, j)
    out = []
    for i, j in matched:
        p, q = published[i], procedure[j]
        kind = ("bye" if is_bye(p) and is_bye(q) else
                "colours" if players(p) == players(q) else "pair")
        out.append(Change(kind, numbers[i], (p[0], p[1]), q))
    out += [Change("removed", numbers[i], (published[i][0], published[i][1]), None)
            for i in left_p]
    out += [Change("added", None, None, procedure[j]) for j in left_q]
    return tuple(sorted(out, key=lambda c: (c.board is None, c.board or 0)))


def literal_group_changes(changes):
    groups = []
    for c in changes:
        touching = [g for g in groups if any(c.players & d.players for d in g)
                    and c.kind not in ("colours",) and all(d.kind != "colours" for d in g)]
        merged = [c]
        for g in touching:
            merged = g + merged
            groups.remove(g)
        groups.append(merged)
    return finished_groups(groups)


def _boards(rng, players, byes):
    ps = list(players)
    rng.shuffle(ps)
    out = [(ps.pop(), 0) for _ in range(byes) if ps]
    while len(ps) >= 2:
        out.append((ps.pop(), ps.pop()))
    rng.shuffle(out)
    return out


def _published(rng, n):
    """A published pairing near the procedure's or far from it, now and then with a player
    twice, an absent one, two byes or unknown colours (check computes the changes of an
    illegal pairing too)."""
    pub = [(w, b, rng.random() > 0.1 or b == 0) for w, b in _boards(rng, range(1, n + 1),
                                                                      rng.choice((0, 1, 1, 2)))]
    if pub and rng.random() < 0.2:  # a player paired twice
        i = rng.randrange(len(pub))
        w, b, known = pub[i]
        if b:
            pub.append((w, n + 5, True))
    if pub and rng.random() < 0.2:  # a board dropped
        pub.pop(rng.randrange(len(pub)))
    return pub


def _procedure(rng, n, pub):
    if rng.random() < 0.5:  # the published pairing with a few edits
        q = [(w, b) for w, b, _ in pub if n + 5 not in (w, b)]
        for _ in range(rng.randrange(4)):
            if len(q) >= 2:
                i, j = rng.sample(range(len(q)), 2)
                (a, b), (c, d) = q[i], q[j]
                if b and d:
                    q[i], q[j] = (a, d), (c, b)
            if q and q[0][1]:
                q[0] = (q[0][1], q[0][0])
        return q
    return _boards(rng, range(1, n + 1), rng.choice((0, 1)))


@pytest.mark.parametrize("seed", range(6))
def test_the_indexed_changes_are_the_literal_ones(seed):
    rng = random.Random(seed)
    for _ in range(300):
        n = rng.randrange(0, 24)
        pub = _published(rng, n)
        q = _procedure(rng, n, pub)
        got = board_changes(pub, q)
        assert got == literal_board_changes(pub, q), (pub, q)
        assert group_changes(got) == literal_group_changes(got), (pub, q)


def test_a_large_round_far_from_the_procedure():
    rng = random.Random(7)
    pub = [(w, b, True) for w, b in _boards(rng, range(1, 401), 1)]
    q = _boards(rng, range(1, 401), 1)
    got = board_changes(pub, q)
    assert got == literal_board_changes(pub, q)
    assert group_changes(got) == literal_group_changes(got)
    assert len(got) > 150  # far apart: the passes have work to do
