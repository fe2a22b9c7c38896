"""The decisions of a Dubov 2025 trace, without wording: what golden snapshots compare.

Every event of the trace is projected onto the fields that record *what was decided*
(players, scores, counts, criteria, the article or step that decided), never onto the
fields that say it in words (``explanation``, ``reason``, ``bye_bar``...) nor onto the
facts that only support the reader (the standings table, sort keys, examined counts).
The projection is a contract: a new event kind must be classified here before a trace
that holds it can be projected (:func:`decisions` raises :class:`UnclassifiedEvent`); the
machinery is the rulebooks' (:mod:`dubov_explain.rulebooks.decisions`).

>>> from dubov_explain.examples import load_example
>>> from dubov_explain.rulebooks.dubov2025.engine import pair_round
>>> ds = decisions(pair_round(load_example("dubov-example-round4-request.trf")))
>>> ds[-1]
{'kind': 'pairing-published', 'article': 'GHR 3.6', 'boards': [[4, 1], [2, 8], [6, 9]], 'bye': 5}
>>> any(d["kind"] == "standings" for d in ds)
False
"""

from __future__ import annotations

from ..decisions import COMMON, Projection, UnclassifiedEvent, fields, firsts, with_  # noqa: F401

PROJECTION = Projection("dubov_explain/rulebooks/dubov2025/decisions.py", {
    **COMMON,
    "bye-not-needed": fields("players"),
    "bye-candidates": with_(fields("order"), ineligible=firsts("ineligible", 1)),
    "bye-rejected": fields("player"),
    "bye-assigned": fields("player", "decided_by", "runner_up"),
    "bracket-opened": fields("score", "residents", "pool"),
    "minimum-upfloaters": fields("score", "count"),
    "upfloaters-chosen": fields("score", "players", "sequence", "criteria", "decided_by"),
    "groups-formed": fields("score", "mode", "g1", "g2"),
    "shift-needed": fields("score", "step", "count", "source"),
    "shift": fields("score", "step", "source", "target", "players", "g1", "g2"),
    "s1-sorted": with_(fields("score", "g2"), s1=firsts("s1", 1)),
    "opponent-chosen": with_(fields("score", "player", "opponent"),
                             rejected=firsts("rejected", 2)),
    "transposition-chosen": fields("score", "t2", "index"),
    "colour-allocated": fields("white", "black", "rule"),
    "bracket-closed": fields("score", "pairs"),
})
decision = PROJECTION.decision
decisions = PROJECTION.decisions
