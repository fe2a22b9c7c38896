"""The decision projection of a Dubov 2025 trace (``rulebooks/dubov2025/decisions.py``):
what the golden ``ID.decisions.json`` snapshots hold."""

from __future__ import annotations

import json
from typing import ClassVar

import pytest

from dubov_explain import records
from dubov_explain.records import dataclass
from dubov_explain.examples import load_example
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.base import Rulebook
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.rulebooks.dubov2025.decisions import PROJECTION, UnclassifiedEvent, decisions
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.trace.events import Event, Trace, event_types

RULEBOOK = find_rulebook("dubov-2025")


@pytest.fixture(scope="module")
def example():
    return pair_round(load_example("dubov-example-round4-request.trf"))


def test_the_rulebook_exposes_the_projection(example):
    assert isinstance(RULEBOOK, Rulebook)
    assert RULEBOOK.decisions(example) == decisions(example)


def test_every_kind_of_the_rulebook_is_classified():
    assert set(event_types("dubov-2025")) == set(PROJECTION)


def test_an_unclassified_kind_is_an_error_naming_it(example):
    @dataclass(frozen=True)
    class Novel(Event):
        kind: ClassVar[str] = "novel-decision"
        player: int

    trace = Trace(example.events[:-1] + (Novel(article="9.9", player=1),), example.meta)
    with pytest.raises(UnclassifiedEvent, match="novel-decision"):
        decisions(trace)


def test_the_worked_example_projected(example):
    ds = decisions(example)
    assert "standings" not in {d["kind"] for d in ds}
    assert len(ds) == len(example.events) - 1
    by_kind = {}
    for d in ds:
        by_kind.setdefault(d["kind"], []).append(d)
    (bye,) = by_kind["bye-assigned"]
    assert set(bye) == {"kind", "article", "player", "decided_by", "runner_up"}
    assert bye["player"] == 5
    up = by_kind["upfloaters-chosen"][0]
    assert set(up) == {"kind", "article", "score", "players", "sequence", "criteria", "decided_by"}
    assert up["players"] == [4, 8]
    s1 = by_kind["s1-sorted"][0]
    assert s1["s1"] == [8, 1] and all(isinstance(n, int) for n in s1["s1"])
    for d in by_kind["opponent-chosen"]:
        assert all(len(r) == 2 for r in d["rejected"])
    assert ds[-1] == {"kind": "pairing-published", "article": "GHR 3.6",
                      "boards": [[4, 1], [2, 8], [6, 9]], "bye": 5}
    # JSON-friendly: survives a round trip unchanged
    assert json.loads(json.dumps(ds)) == ds


def _reworded(e: Event) -> Event:
    """The event with every prose field (a string the projection does not keep) changed."""
    kept = {"kind", "article", "score", "mode", "source", "target", "decided_by", "rule",
            "index"}
    changes = {f.name: getattr(e, f.name) + " (reworded)" for f in records.fields(e)
               if isinstance(getattr(e, f.name), str) and f.name not in kept}
    return records.replace(e, **changes)


def test_rewording_moves_no_decision_but_a_changed_decision_does(example):
    reworded = Trace(tuple(_reworded(e) for e in example.events), example.meta)
    assert reworded.to_json() != example.to_json()
    assert decisions(reworded) == decisions(example)
    events = list(example.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, ev.ColourAllocated))
    c = events[i]
    events[i] = records.replace(c, white=c.black, black=c.white)
    assert decisions(Trace(tuple(events), example.meta)) != decisions(example)


def test_a_what_if_and_a_bye_candidate_list_keep_numbers_only():
    w = ev.WhatIf(article="what-if", pairs=((1, 2, "[C1]", {"rounds": (1,)}), (3, 4, "", {})))
    c = ev.ByeCandidates(article="2.1", ineligible=((4, "pab", 1, "U"),), order=(2, 3),
                         keys=((2, "0", 1, 2), (3, "0.5", 1, 3)))
    r = ev.ByeRejected(article="2.1.2", player=5, criterion="[C4]")
    got = decisions(Trace((w, c, r)))
    assert got == [
        {"kind": "what-if", "article": "what-if", "pairs": [[1, 2, "[C1]"], [3, 4, ""]]},
        {"kind": "bye-candidates", "article": "2.1", "order": [2, 3], "ineligible": [4]},
        {"kind": "bye-rejected", "article": "2.1.2", "player": 5},
    ]
