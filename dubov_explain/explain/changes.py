"""The smallest set of board changes that turns a published pairing into the procedure's.

Rule-free: it compares two lists of boards, whatever rulebook made them.  A *board* is a
game ``(white, black)`` or a pairing-allocated bye ``(player, 0)``; a published board may
have unknown colours (a forfeit written ``- -``), and then either orientation is its own.

**A board change** is one edit of one board of the published pairing:

* ``colours``: the same two players, colours reversed;
* ``bye``: the pairing-allocated bye moved to another player;
* ``pair``: the board is rewritten with another pair (one or both players replaced);
* ``removed``: a published board the procedure has no counterpart for (it pairs fewer
  boards, e.g. a published pairing of an absent player);
* ``added``: a board of the procedure the published pairing has no counterpart for.

A published board identical to a procedure board (same ordered pair, or the same two players
when its colours are unknown) needs no change.

**Minimality.**  Let ``P`` be the published boards and ``Q`` the procedure's, as multisets,
and ``P - Q`` / ``Q - P`` the boards of one not matched by an identical board of the other.
Every board of ``P - Q`` is not in the target, so some change must touch it; every board of
``Q - P`` is not in the start, so some change must produce it; and one change touches one
published board and produces at most one board.  Hence any sequence of changes has at least
``max(|P - Q|, |Q - P|)`` of them.  :func:`board_changes` returns exactly that many: it
matches the boards of ``P - Q`` with those of ``Q - P`` one to one while both remain (each
match one change: ``colours`` when the two players are the same, ``bye`` between two byes,
``pair`` otherwise) and removes or adds the surplus.  The matching only chooses which
published board becomes which procedure board, to make the changes readable (the same
players first, then the bye, then boards sharing a player); the count does not depend on
it.  ``tests/test_check_faults.py`` proves the count against a brute force over every
assignment on small cases.
"""

from __future__ import annotations

from typing import Sequence

from ..records import dataclass

__all__ = ["Change", "ChangeGroup", "board_changes", "group_changes", "minimum"]

Board = tuple[int, int]


@dataclass(frozen=True)
class Change:
    """One board change: ``board`` is the published board's number (1-based, ``None`` for
    an ``added`` board or a bye), ``published``/``procedure`` the board before and after
    (``None`` when removed/added); a bye is ``(player, 0)``."""

    kind: str
    board: int | None
    published: Board | None
    procedure: Board | None

    @property
    def players(self) -> frozenset[int]:
        return frozenset(n for b in (self.published, self.procedure) if b for n in b if n)


@dataclass(frozen=True)
class ChangeGroup:
    """Changes that share players (a chain of rewritten boards), for one sentence.
    ``swap``: two rewritten boards whose four players are the same before and after
    (the opponents swapped)."""

    changes: tuple[Change, ...]
    swap: bool = False

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted(c.board for c in self.changes if c.board is not None))

    @property
    def published(self) -> tuple[Board, ...]:
        return tuple(c.published for c in self.changes if c.published is not None)

    @property
    def procedure(self) -> tuple[Board, ...]:
        return tuple(c.procedure for c in self.changes if c.procedure is not None)


def _same(pub: tuple[int, int, bool], q: Board) -> bool:
    w, b, known = pub
    return (w, b) == q or (not known and (b, w) == q)


def board_changes(published: Sequence[tuple[int, int, bool]], procedure: Sequence[Board]
                  ) -> tuple[Change, ...]:
    """The smallest set of board changes from ``published`` (``(white, black,
    colours_known)`` in board order, a bye as ``(player, 0, True)``) to ``procedure``
    (``(white, black)`` in board order, a bye as ``(player, 0)``); see the module docstring.
    Published boards are numbered 1.. in the given order, byes not."""
    numbers: list[int | None] = []
    k = 0
    for w, b, _ in published:
        if b == 0 or w == 0:
            numbers.append(None)
        else:
            k += 1
            numbers.append(k)
    # identical boards: no change (first come first served), through an index of the
    # procedure's boards: a player is on one procedure board only, so each published board
    # has at most one twin there
    where: dict[Board, int] = {tuple(q): j for j, q in enumerate(procedure)}
    twin: set[int] = set()
    left_p = []
    for i, (w, b, known) in enumerate(published):
        j = next((where[k] for k in ((w, b),) + (() if known else ((b, w),))
                  if k in where and where[k] not in twin), None)
        if j is None:
            left_p.append(i)
        else:
            twin.add(j)
    left_q = [j for j in range(len(procedure)) if j not in twin]
    matched: list[tuple[int, int]] = []

    def players(board) -> set[int]:
        return {n for n in board[:2] if n}

    def is_bye(board) -> bool:
        return 0 in board[:2]

    # each step below takes, for a procedure board, the first published board left (in
    # board order) that fits it: indexes of the published boards left by their players
    # and by their set of players find it without a pass over every board left
    free = dict.fromkeys(left_p)
    same: dict[frozenset[int], list[int]] = {}
    holding: dict[int, list[int]] = {}
    for i in left_p:
        same.setdefault(frozenset(players(published[i])), []).append(i)
        for n in players(published[i]):
            holding.setdefault(n, []).append(i)
    byes = [i for i in left_p if is_bye(published[i])]
    taken: set[int] = set()

    def match(i: int, j: int) -> None:
        matched.append((i, j))
        del free[i]
        taken.add(j)

    # the same two players: colours reversed
    for j in left_q:
        if not is_bye(procedure[j]):
            i = next((i for i in same.get(frozenset(players(procedure[j])), ()) if i in free),
                     None)
            if i is not None:
                match(i, j)
    # a bye for a bye
    for j in [j for j in left_q if j not in taken]:
        if is_bye(procedure[j]):
            i = next((i for i in byes if i in free), None)
            if i is not None:
                match(i, j)
    # boards sharing a player (most shared first), then in board order
    for j in [j for j in left_q if j not in taken]:
        mine = players(procedure[j])
        near = {i for n in mine for i in holding.get(n, ()) if i in free}
        if near:
            match(max(near, key=lambda i: (len(players(published[i]) & mine), -i)), j)
    left_p = list(free)
    left_q = [j for j in left_q if j not in taken]
    for i, j in zip(left_p, left_q):
        matched.append((i, j))
    left_p, left_q = left_p[len(left_q):], left_q[len(left_p):]
    out: list[Change] = []
    for i, j in matched:
        p, q = published[i], procedure[j]
        pb = (p[0], p[1])
        if is_bye(p) and is_bye(q):
            kind = "bye"
        elif players(p) == players(q):
            kind = "colours"
        else:
            kind = "pair"
        out.append(Change(kind, numbers[i], pb, q))
    out += [Change("removed", numbers[i], (published[i][0], published[i][1]), None)
            for i in left_p]
    out += [Change("added", None, None, procedure[j]) for j in left_q]
    def key(c: Change):
        return (c.board is None, c.board or 0)

    return tuple(sorted(out, key=key))


def minimum(published: Sequence[tuple[int, int, bool]], procedure: Sequence[Board]) -> int:
    """``max(|P - Q|, |Q - P|)``: the lower bound of the module docstring."""
    left_q = list(procedure)
    unmatched = 0
    for p in published:
        j = next((j for j, q in enumerate(left_q) if _same(p, q)), None)
        if j is None:
            unmatched += 1
        else:
            left_q.pop(j)
    return max(unmatched, len(left_q))


def group_changes(changes: Sequence[Change]) -> tuple[ChangeGroup, ...]:
    """The changes in groups that share players (connected components), each in the order
    of its first board; a colours change or a moved bye stands alone unless it shares
    players with a rewritten board."""
    # the groups in the order they were made (a merged group goes last), by their number;
    # ``held``: the group holding each player of a change other than ``colours``
    made: dict[int, list[Change]] = {}
    held: dict[int, int] = {}
    into: dict[int, int] = {}  # a group merged into a later one

    def now(k: int) -> int:
        root = k
        while root in into:
            root = into[root]
        while k != root:
            into[k], k = root, into[k]
        return root

    for k, c in enumerate(changes):
        merged = [c]
        if c.kind != "colours":
            for g in sorted({now(held[n]) for n in c.players if n in held}):
                merged = made.pop(g) + merged
                into[g] = k
            for n in c.players:
                held[n] = k
        made[k] = merged
    return finished_groups(list(made.values()))


def finished_groups(groups: list) -> tuple:
    """The groups of changes as published: each in board order, marked a swap when it is
    two pairs that exchanged partners, the groups in the order of their first board."""
    out = []
    for g in groups:
        g = sorted(g, key=lambda c: (c.board is None, c.board or 0))
        pub = [c.published for c in g if c.published]
        new = [c.procedure for c in g if c.procedure]
        swap = (len(g) == 2 and all(c.kind == "pair" for c in g)
                and {frozenset(b) for b in pub} != {frozenset(b) for b in new}
                and {n for b in pub for n in b} == {n for b in new for n in b})
        out.append(ChangeGroup(tuple(g), swap))
    return tuple(sorted(out, key=lambda g: min((c.board or 10**9, i)
                                               for i, c in enumerate(g.changes))))
