"""Shared plumbing for the matching algorithms: input normalisation.

Every public function accepts vertices as arbitrary (hashable) ints in a caller-chosen
order and compatibility either as a symmetric callable ``compatible(u, v) -> bool`` or
as an explicit adjacency mapping ``{u: iterable of neighbours}``.  Internally the
algorithms work on positions ``0..n-1`` in the given vertex order, which is what makes
them deterministic: every loop runs over positions or over lists built from them,
never over a set or a dict of unordered origin.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence

Compatible = Callable[[int, int], bool]
CompatibleLike = Compatible | Mapping[int, Iterable[int]]


def as_set(row: Container[int]) -> Container[int]:
    """A ``neighbours`` container as it is best asked many times in a row: a row that is a
    question rather than a set (it offers ``members()``: the same members as a set, built
    when asked and not kept) is built once for a pass over many vertices, so that each
    ``in`` is a set's; any other container as it is."""
    members = getattr(row, "members", None)
    return row if members is None else members()


def as_callable(compatible: CompatibleLike) -> Compatible:
    """Return a compatibility callable for ``compatible``.

    A mapping is read as an adjacency list and symmetrised (an edge listed on either
    side counts), so callers may give each edge once.
    """
    if callable(compatible):
        return compatible
    if isinstance(compatible, Mapping):
        adjacency: dict[int, set[int]] = {}
        for u, neighbours in compatible.items():
            for v in neighbours:
                if u == v:
                    continue
                adjacency.setdefault(u, set()).add(v)
                adjacency.setdefault(v, set()).add(u)
        empty: frozenset[int] = frozenset()

        def from_adjacency(u: int, v: int) -> bool:
            return v in adjacency.get(u, empty)

        return from_adjacency
    raise TypeError(
        "compatible must be a callable (u, v) -> bool or an adjacency mapping, "
        f"not {type(compatible).__name__}"
    )


def index_vertices(vertices: Sequence[int], what: str = "vertices") -> dict[int, int]:
    """Map each vertex to its position; reject duplicates (they make no sense here)."""
    position = dict(zip(vertices, range(len(vertices))))
    if len(position) != len(vertices):
        seen: set[int] = set()
        for v in vertices:
            if v in seen:
                raise ValueError(f"duplicate vertex {v!r} in {what}")
            seen.add(v)
    return position
