"""The decisions of a Dutch 2012 trace, without wording: what golden snapshots compare.

Each event kind is projected onto the fields that record what was decided; kinds that only
record facts (the standings) are left out.  A new kind must be classified here; the
machinery is the rulebooks' (:mod:`dubov_explain.rulebooks.decisions`).  The 1992 rating
text's events have the same kinds and shapes, so its decisions are these.
"""

from __future__ import annotations

from ..decisions import COMMON, Projection, UnclassifiedEvent, fields  # noqa: F401

PROJECTION = Projection("dubov_explain/rulebooks/dutch2012/decisions.py", {
    **COMMON,
    "bracket-opened": fields("score", "mdps", "residents", "nature", "lowest"),
    "incompatible-moved": fields("score", "player", "case"),
    "parameters": fields("score", "p0", "p1", "m0", "m1", "x1", "z1", "mode"),
    "requirements-failed": fields("score", "requirements", "next_step"),
    "levels-failed": fields("score", "p1", "levels", "moved", "need", "next_step"),
    "reduced": fields("score", "step", "p1", "m1", "x1", "z1"),
    "bracket-moved-down": fields("score", "players"),
    "pairing-found": fields("score", "part", "s1", "s2", "pairs", "exchange",
                            "transposition", "requirements", "x_used", "z_used"),
    "b3-factor": fields("score", "part", "pairs", "left", "b3", "first_b3", "first_pairs",
                        "first_left", "least", "bye_score"),
    "b3-level": fields("score", "requirements", "step", "outcome", "b3", "best", "least"),
    "dropped-fewest": fields("score", "criterion", "first", "least"),
    "moved-down": fields("score", "players"),
    "colour-allocated": fields("white", "black", "rule"),
    "bracket-closed": fields("score", "pairs"),
    "bye-assigned": fields("player"),
    "search-limit": fields("score", "n"),
    "backtracked": fields("score", "to_score", "trigger", "player", "moved", "p1", "wanted"),
    "backtrack-ended": fields("score", "found", "moved"),
    "brackets-joined": fields("score", "lowest_score", "s1", "players"),
})
decision = PROJECTION.decision
decisions = PROJECTION.decisions
