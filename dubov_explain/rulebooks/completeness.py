"""The part of an absolute test that every Swiss rulebook shares: each player to pair is
paired exactly once, nobody else is, nobody meets himself, and there is a bye exactly when
the number to pair is odd.  Each rulebook cites its own articles for these facts
(``cite``); the criteria of its text (rematches, colours, bye eligibility) stay in its own
``check``.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from .base import Violation

#: what ``cite`` must name: the article for each way the record can be incomplete
CASES = ("unknown", "absent", "repeated", "missing", "self", "bye")


def completeness(pub, r: int, players: Mapping[int, object], to_pair: set[int],
                 cite: Mapping[str, str]) -> list[Violation]:
    """The published pairing's problems, then the completeness violations of ``pub``
    (``.pairs`` with ``.white``/``.black``, ``.byes``, ``.problems``) for round ``r``;
    ``players``: number -> the rulebook's player (with ``.absence``) for every player known."""
    out: list[Violation] = list(pub.problems)
    involved = {n for v in pub.problems for n in v.players}
    seen = Counter(n for pr in pub.pairs for n in (pr.white, pr.black))
    seen.update(pub.byes)
    for n in sorted(seen):
        if n not in players:
            out.append(Violation("completeness", (n,), "unknown", cite["unknown"]))
        elif n not in to_pair:
            out.append(Violation("completeness", (n,), "absent", cite["absent"],
                                 {"round": r, "bye": n in pub.byes,
                                  "absence": players[n].absence}))  # type: ignore[attr-defined]
        if seen[n] > 1:
            out.append(Violation("completeness", (n,), "repeated", cite["repeated"],
                                 {"times": seen[n]}))
    missing = sorted(to_pair - set(seen) - involved)
    if missing:
        out.append(Violation("completeness", tuple(missing), "missing", cite["missing"]))
    for pr in pub.pairs:
        if pr.white == pr.black:
            out.append(Violation("completeness", (pr.white,), "self", cite["self"]))
    odd = len(to_pair) % 2 == 1
    if len(pub.byes) > 1:
        out.append(Violation("bye", tuple(pub.byes), "several", cite["bye"],
                             {"count": len(pub.byes)}))
    elif pub.byes and not odd:
        out.append(Violation("bye", tuple(pub.byes), "even", cite["bye"],
                             {"to_pair": len(to_pair)}))
    elif odd and not pub.byes:
        out.append(Violation("bye", (), "missing", cite["bye"], {"to_pair": len(to_pair)}))
    return out
