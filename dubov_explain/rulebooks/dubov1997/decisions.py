"""The decisions of a Dubov 1997 trace, without wording: what golden snapshots compare.

Each event is projected onto the fields that record what was decided (players, scores,
the article or priority that decided); the standings and the lists of what was passed
over only support the reader.  A new event kind must be classified here before a trace
holding it can be projected (:class:`UnclassifiedEvent`); the machinery is the rulebooks'
(:mod:`dubov_explain.rulebooks.decisions`).
"""

from __future__ import annotations

from ..decisions import COMMON, Projection, UnclassifiedEvent, fields, firsts, with_  # noqa: F401

PROJECTION = Projection("dubov_explain/rulebooks/dubov1997/decisions.py", {
    **COMMON,
    "first-round": fields("upper", "lower", "bye", "lot"),
    "first-round-group": fields("score", "upper", "lower", "goes_down", "bye"),
    "bye-not-needed": fields("players"),
    "bye-candidates": with_(fields("score", "dominating"), keys=firsts("keys", 1)),
    "bye-rejected": fields("player"),
    "bye-assigned": fields("player", "decided_by", "runner_up"),
    "group-opened": fields("score", "residents", "floaters"),
    "floater-order": fields("score", "order"),
    "floater-paired": with_(fields("score", "floater", "partner", "opposite"),
                            rejected=firsts("rejected", 2)),
    "floater-passes": fields("score", "floater"),
    "requirement-checked": fields("score", "players", "whites", "blacks", "isolated"),
    "transfer-made": fields("score", "player", "from_score", "for_player", "sought",
                            "decided_by"),
    "no-transfer": fields("score", "for_player", "reading"),
    "colour-balance": fields("score", "moved", "kept"),
    "columns-written": with_(fields("score"), whites=firsts("whites", 1),
                             blacks=firsts("blacks", 1)),
    "floaters-chosen": fields("score", "players", "minimum"),
    "pair-made": with_(fields("score", "row", "column", "player", "opponent", "how"),
                       rejected=firsts("rejected", 2)),
    "colour-allocated": fields("white", "black", "rule", "forced"),
    "group-closed": fields("score", "pairs", "floaters"),
    "arbiter-decides": fields("situation", "players", "score"),
})
decision = PROJECTION.decision
decisions = PROJECTION.decisions
