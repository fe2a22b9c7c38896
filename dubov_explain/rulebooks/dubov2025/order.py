"""Article 4: the sorting criteria (sequence numbers, containers, middle-out, transpositions).

These are the literal orders of the text.  The engine never enumerates them blindly; it
walks them in this order and asks matching oracles whether a candidate can still be
completed (see :mod:`dubov_explain.rulebooks.dubov2025.engine`).  The tests enumerate them literally.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import factorial
from typing import Iterable, Sequence


def upfloater_sequence(pool: Iterable, score, initial_rank) -> list:
    """4.2.2.1: sequence numbers by score (higher first) then initial ranking."""
    return sorted(pool, key=lambda p: (-score(p), initial_rank(p)))


def containers(
    scores_available: dict[Fraction, int], k: int, reading: str = "lowest-first"
) -> list[tuple[Fraction, ...]]:
    """4.2.3: the containers of k-sets, as score multisets (ascending), in order.

    Reading ``container-order`` (4.2.3.2 against the example of 4.2.3.1):

    * ``lowest-first`` (default): [C6] as 3.3.2 words it -- maximise the lowest score among
      the upfloaters, then the second lowest, and so on -- so containers sort by their
      ascending score tuple, higher first.  {2.5, 2.5} comes before {3, 1.5}.
    * ``listed``: the order in which the example of 4.2.3.1 lists its five containers,
      i.e. the highest score first: {3, 1.5} before {2.5, 2.5}.

    >>> from fractions import Fraction as F
    >>> [tuple(map(str, c)) for c in containers({F(3): 3, F(5, 2): 2, F(3, 2): 1}, 2)]
    [('3', '3'), ('5/2', '3'), ('5/2', '5/2'), ('3/2', '3'), ('3/2', '5/2')]
    >>> [tuple(map(str, c)) for c in containers({F(3): 3, F(5, 2): 2, F(3, 2): 1}, 2, "listed")]
    [('3', '3'), ('5/2', '3'), ('3/2', '3'), ('5/2', '5/2'), ('3/2', '5/2')]
    """
    scores = sorted(scores_available, reverse=True)
    result: list[tuple[Fraction, ...]] = []

    def rec(i: int, left: int, acc: list[Fraction]) -> None:
        if left == 0:
            result.append(tuple(sorted(acc)))
            return
        if i == len(scores):
            return
        s = scores[i]
        for c in range(min(left, scores_available[s]), -1, -1):
            rec(i + 1, left - c, acc + [s] * c)

    rec(0, k, [])
    result.sort(key=lambda c: container_key(c, reading), reverse=True)
    return result


def container_key(container: Iterable, reading: str = "lowest-first") -> tuple:
    """[C6] (4.2.3.2): the key by which :func:`containers` come, the highest key first.

    ``lowest-first``: the ascending score tuple; ``listed``: the descending one.  Scores may
    be given in any order, as numbers or decimal strings.
    """
    vals = sorted(Fraction(s) for s in container)
    return tuple(reversed(vals)) if reading == "listed" else tuple(vals)


def container_sets(sequence: Sequence, container: tuple, score) -> list[tuple]:
    """4.2.3.3: the sets of a container, in lexicographic order of sequence numbers.

    Literal enumeration; used by the tests' brute force, not by the engine.
    """
    need: dict = {}
    for s in container:
        need[s] = need.get(s, 0) + 1
    out = []
    for combo in combinations(range(len(sequence)), len(container)):
        got: dict = {}
        for i in combo:
            s = score(sequence[i])
            got[s] = got.get(s, 0) + 1
        if got == need:
            out.append(tuple(sequence[i] for i in combo))
    return out


def middle_out(sorted_list: Sequence) -> list:
    """4.3.3: sequence numbers from the (remaining) middle, the higher one on a tie.

    >>> middle_out("ABCDEFG")
    ['D', 'C', 'E', 'B', 'F', 'A', 'G']
    >>> middle_out("ABCDEF")
    ['C', 'D', 'B', 'E', 'A', 'F']
    """
    remaining = list(sorted_list)
    out = []
    while remaining:
        n = len(remaining)
        i = (n - 1) // 2  # the middle, or the higher of the two middles
        out.append(remaining.pop(i))
    return out


def transposition_index(order: Sequence, t2: Sequence) -> int:
    """4.4.2: the 1-based position of ``t2`` among the permutations of ``order``."""
    pool = list(order)
    index = 0
    n = len(pool)
    for i, x in enumerate(t2):
        j = pool.index(x)
        index += j * factorial(n - i - 1)
        pool.pop(j)
    return index + 1
