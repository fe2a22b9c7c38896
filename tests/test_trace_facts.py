"""The trace holds facts, not prose: every sentence a person reads is written by the
rulebook's templates (``rulebooks/<book>/templates/events.md.j2``), never by the engine.

The test reads the JSON of real traces -- a generated 60-player tournament paired in a
middle round (busy: forfeits, byes, absences, late entries), a what-if run of it, and every
variant of the golden corpus -- and asserts that no string value anywhere has seven or
more words.  Codes ("2.1.3", "[C1]/[C3]", "C4"), small enums ("pab", "assumed"), scores
("2.5"), colour words and player names pass; a sentence does not.  The only exceptions are
the rulebook's title and edition (``RoundOpened.rulebook`` / ``edition``) and ``meta``.
"""

from __future__ import annotations

import json

import pytest

from golden_ext import load_variants
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025.readings import Readings
from dubov_explain.simulate import GeneratorOptions, simulate
from dubov_explain.trf.reader import read_trf

#: a sentence has at least this many words
SENTENCE = 7
#: fields of the round-opened event that quote the rulebook itself
QUOTED = {"rulebook", "edition"}

BUSY = GeneratorOptions(
    forfeit_rate=0.06, double_forfeit_rate=0.02, quick_game_rate=0.05, half_bye_rate=0.05,
    zero_bye_rate=0.05, withdrawal_rate=0.03, late_entry_rate=0.1,
)


def prose(value, path="") -> list[tuple[str, str]]:
    """Every string of seven or more words in a JSON value, with where it is."""
    out: list[tuple[str, str]] = []
    if isinstance(value, str):
        if len(value.split()) >= SENTENCE:
            out.append((path, value))
    elif isinstance(value, list):
        for i, x in enumerate(value):
            out += prose(x, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, x in value.items():
            out += prose(k, f"{path}{{key}}")
            out += prose(x, f"{path}.{k}")
    return out


def trace_prose(trace) -> list[tuple[str, str]]:
    doc = json.loads(trace.to_json())
    out = []
    for i, e in enumerate(doc["events"]):
        fields = {k: v for k, v in e.items()
                  if not (e["kind"] == "round-opened" and k in QUOTED)}
        out += prose(fields, f"events[{i}]({e['kind']})")
    return out


@pytest.fixture(scope="module")
def middle_round():
    """Round 5 of a 9-round, 60-player tournament, as the generator paired it."""
    sim = simulate(60, 9, 2025, options=BUSY, keep_rounds=True)
    assert sim.rounds_played >= 5
    return sim.rounds[4]


def test_a_60_player_middle_round_records_facts_only(middle_round):
    trace = middle_round.trace
    assert len(trace.events) > 60
    assert trace_prose(trace) == []


def test_a_what_if_run_records_facts_only(middle_round):
    """A why-not run: the what-if header and whatever the forced pair changes."""
    request, trace = middle_round.request, middle_round.trace
    w, b = trace.result.boards[0]
    w2, b2 = trace.result.boards[1]
    for forced in (((w, b2),), ((w, b),), ((w, w2),)):
        wi = pair_round(request, round_no=middle_round.round, forced=forced)
        assert trace_prose(wi) == [], forced


VARIANTS = load_variants()


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_golden_traces_record_facts_only(variant):
    trace = pair_round(read_trf(variant.path), Readings.from_pairs(dict(variant.readings)))
    assert trace_prose(trace) == []


# --------------------------------------------------------------------------- the words
def test_the_rulebook_template_words_the_facts():
    """The sentences the engine used to build now come from the template, from facts.
    (The golden snapshots pin every sentence in context; this pins a few on their own.)"""
    from builders import build
    from dubov_explain.render.env import phrase, sentence
    from dubov_explain.rulebooks.dubov2025 import events as ev

    assert phrase("bye_bar", "pab", 2, "U") == "received the pairing-allocated bye in round 2"
    assert phrase("bye_bar", "win-points-unplayed", 1, "F") == (
        "scored a win's points without playing in round 1 (F)")
    assert phrase("compat_fact", 1, 2, "[C1]", {"rounds": (1, 3)}) == "1 and 2 met in round 1, 3"
    assert phrase("compat_fact", 3, 1, "2.2.6", {}) == "with 3-1 the rest of S1 could not be paired"
    assert phrase("verdict_words", "[C4]") == "[C4]: the lower scoregroups could not all be paired"
    # 5.2.4, played-only: 1 had Black when 4 had White one game back, so 1 gets White
    spec = dict(ratings=[2100, 2000, 1850, 1800],
                rounds=[[(4, 3, "0"), (1, 2, "=")], [(1, 2, "0"), (3, 4, "0")],
                        [(3, 1, "1"), (4, 2, "0")]], total_rounds=4)
    e = next(e for e in pair_round(build(**spec)).of(ev.ColourAllocated) if e.rule == "5.2.4")
    assert sentence(e) == (
        "equal preferences (1 (strong Black), 4 (strong Black)); colours alternate from the most "
        "recent time they differed (1 played game(s) back: 1 Black, 4 White): 1 gets White")
    # 1.8.3: who cannot be paired and which criteria exclude their partners
    t = build([2450, 2400, 2100, 1650], [[(4, 2, "0"), (1, 3, "1")], [(1, 2, "0"), (4, 3, "1")]],
              total_rounds=3)
    words = sentence(pair_round(t).result)
    assert words.startswith("all players: no complete round-pairing exists (1.8.1); a maximum "
                            "pairing leaves 4 player(s) unpaired: 1 can meet 0 of the other 3 "
                            "players ([C1] excludes 2, [C3] excludes 1); 2 can meet")
    assert words.endswith(". 1.8.3: the arbiter shall decide what to do.")
