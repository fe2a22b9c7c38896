"""Timings for dubov_explain.matching on pairing-like dense graphs (printed, not asserted).

Graph model: n vertices (non-contiguous ints), every pair compatible except ~5% random
pairs and every pair inside either of two disjoint "cliques" of 10% of the vertices
each (think: players who may not meet each other).  Run:

    PYTHONPATH=. python benchmarks/bench_matching.py
"""

from __future__ import annotations

import random
import time

from dubov_explain.matching import (
    bipartite_max_matching,
    has_perfect_matching,
    max_matching,
    min_cost_perfect_matching,
    perfect_matching_excluding,
)


def make_graph(n: int, seed: int, cliques=(0.10, 0.10), noise: float = 0.05):
    """Dense graph; returns (vertices, compatible, call counter)."""
    rng = random.Random(seed)
    vertices = [1000 + 7 * i for i in range(n)]
    rng.shuffle(vertices)
    group = dict.fromkeys(vertices, 0)
    sizes = [int(f * n) for f in cliques]
    picked = rng.sample(vertices, sum(sizes))
    start = 0
    for g, size in enumerate(sizes, 1):
        for v in picked[start : start + size]:
            group[v] = g
        start += size
    bad: set[tuple[int, int]] = set()
    k = int(noise * n * (n - 1) / 2)
    while len(bad) < k:
        u, v = rng.sample(vertices, 2)
        bad.add((min(u, v), max(u, v)))
    calls = [0]

    def compatible(u: int, v: int) -> bool:
        calls[0] += 1
        g = group[u]
        if g and g == group[v]:
            return False
        return ((u, v) if u < v else (v, u)) not in bad

    return vertices, compatible, calls


def timed(fn, *args, repeat: int = 5):
    best = float("inf")
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best, result


def row(name: str, calls: list[int], fn, *args, repeat: int = 5):
    calls[0] = 0
    t, res = timed(fn, *args, repeat=repeat)
    print(f"{name:46s} {t * 1000:9.2f}ms {calls[0] // repeat:9d}")
    return res


def main() -> None:
    print(f"{'case':46s} {'best time':>11s} {'calls/run':>9s}")
    for n in (500, 1000, 2000):
        vertices, compatible, calls = make_graph(n, seed=n)
        m = row(f"n={n} max_matching", calls, max_matching, vertices, compatible)
        assert len(m) == n
        p = row(f"n={n} has_perfect_matching", calls, has_perfect_matching, vertices, compatible)
        assert p is not None
        row(f"n={n} max_matching(initial=perfect)", calls, max_matching, vertices, compatible, p)
        removed = set(vertices[:4])
        row(
            f"n={n} perfect_matching_excluding(4 removed)",
            calls,
            perfect_matching_excluding,
            vertices,
            compatible,
            p,
            removed,
        )
        rest = [v for v in vertices if v not in removed]
        row(f"n={n}   same from scratch", calls, has_perfect_matching, rest, compatible)
        half = n // 2
        row(
            f"n={n} bipartite_max_matching {half}x{half}",
            calls,
            bipartite_max_matching,
            vertices[:half],
            vertices[half:],
            compatible,
        )
        # Infeasible: a single clique holding 55% of the vertices.
        big, compat_big, calls_big = make_graph(n, seed=n + 1, cliques=(0.55,))
        res = row(f"n={n} has_perfect_matching (infeasible)", calls_big,
                  has_perfect_matching, big, compat_big, repeat=1)
        assert res is None
        row(f"n={n} max_matching (infeasible)", calls_big, max_matching, big, compat_big,
            repeat=1)

    for n in (50, 100, 200, 300):
        vertices, compatible, calls = make_graph(n, seed=n)
        rng = random.Random(n)
        weight = {v: rng.randrange(0, 40) for v in vertices}

        def cost(u: int, v: int) -> int:
            return abs(weight[u] - weight[v])

        res = row(f"n={n} min_cost_perfect_matching", calls, min_cost_perfect_matching,
                  vertices, compatible, cost, repeat=1)
        assert res is not None


if __name__ == "__main__":
    main()
