"""The golden corpus: every case of ``golden/cases`` paired under each of its reading
variants, the pairing and the trace rendered as Markdown and compared with
``golden/snapshots/ID.md``, and the trace's decisions (no wording) compared with
``golden/snapshots/ID.decisions.json`` (see ``tests/golden_ext.py`` and the README,
"Golden review").

* a changed pairing or trace fails its case (a *stale* snapshot): read the diff, then
  accept it with ``python -m pytest --snapshot-update`` or fix the change; a change of
  wording fails only ``test_golden``, a changed decision ``test_golden_decisions`` too;
* a snapshot that no case variant produces any more (an *unused* snapshot) fails
  :func:`test_no_unused_snapshots`; ``--snapshot-update`` deletes it;
* the corpus itself is checked: cases re-read identically, the index lists them, they
  cover the articles the issue names, and each named reading has a case where its values
  pair differently.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import pytest

from golden_ext import (
    GoldenDecisionsExtension,
    GoldenMarkdownExtension,
    ROOT,
    golden_dir,
    load_cases,
    load_variants,
    render_decisions,
    render_variant,
    snapshots_dir,
    unused_snapshots,
)
from dubov_explain.rulebooks.dubov2025.engine import pair_round
from dubov_explain.rulebooks.dubov2025.readings import BY_NAME, CATALOGUE, Readings
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

pytestmark = pytest.mark.filterwarnings("ignore:.*Can not relate snapshot")

VARIANTS = load_variants()
CASES = load_cases()
#: the real corpus (not a copy under test by the mechanism tests below)
REAL = "DUBOV_GOLDEN_DIR" not in os.environ
real_only = pytest.mark.skipif(not REAL, reason="checks the real corpus only")


@functools.lru_cache(maxsize=None)
def _trace(variant):
    """The variant's trace, paired once per run (the tests below only read it)."""
    return pair_round(read_trf(variant.path), Readings.from_pairs(dict(variant.readings)))


@pytest.fixture
def golden_snapshot(snapshot):
    return snapshot.use_extension(GoldenMarkdownExtension)


@pytest.fixture
def decisions_snapshot(snapshot):
    return snapshot.use_extension(GoldenDecisionsExtension)


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_golden(variant, golden_snapshot):
    assert render_variant(variant, _trace(variant)) == golden_snapshot


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_golden_decisions(variant, decisions_snapshot):
    """The decisions alone: a rewording leaves this file, and this test, untouched."""
    assert render_decisions(_trace(variant)) == decisions_snapshot


def test_no_unused_snapshots(request):
    """A snapshot that no case variant produces fails the run; --snapshot-update removes it."""
    directory = snapshots_dir()
    if not directory.exists():
        pytest.skip("no snapshots yet")
    stray = unused_snapshots(directory, VARIANTS)
    if stray and request.config.getoption("--snapshot-update", default=False):
        for p in stray:
            p.unlink()
        return
    assert not stray, (
        "unused golden snapshots (no case variant produces them): "
        + ", ".join(p.name for p in stray)
        + "; run `python -m pytest --snapshot-update` to delete them"
    )


# --------------------------------------------------------------------------- the corpus
@pytest.mark.parametrize("info", CASES, ids=[c.name for c in CASES])
def test_case_rereads_identically(info):
    """Each case was written by the project's writer: reading and writing it gives it back."""
    text = info.path.read_text(encoding="utf-8")
    assert write_trf(read_trf(info.path)) == text
    assert info.articles and info.purpose, "every case names its articles and purpose"
    for readings in info.variants:
        Readings.from_pairs(dict(readings))  # known names and values


def _index_rows() -> dict[str, tuple[str, str]]:
    rows = {}
    for line in (golden_dir() / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| \[([^\]]+)\]\(cases/[^)]+\) \| (.*?) \| (.*) \|$", line)
        if m:
            rows[m.group(1)] = (m.group(2), m.group(3))
    return rows


@real_only
def test_index_lists_every_case_with_its_purpose():
    rows = _index_rows()
    assert set(rows) == {c.name for c in CASES}
    for c in CASES:
        assert rows[c.name] == (c.articles, c.purpose), c.name


REQUIRED = (
    ["2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.1.5"]
    + ["2.2.1", "2.2.2", "2.2.3", "2.2.4.1", "2.2.4.2", "2.2.5", "2.2.6"]
    + [f"[C{i}]" for i in range(1, 11)]
    + ["last round", "4.2", "4.3", "4.4"]
    + ["5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"]
)


# --------------------------------------------------------------------------- the claims
# What each token of a case's ``### articles:`` line claims the case's traces show.  Every
# token used by the corpus has its own check; a token without one fails the corpus test.
# The checks read the decision projection (``rulebook.decisions``: the fields the golden
# decisions snapshots hold, no wording) and, where a claim is about the facts behind a
# decision, the numeric facts of the trace (the standings rows, S1's AROs, a shifter pool,
# the sets an upfloater search examined) and the case's own input (its TRF): never prose.
@dataclass
class _Run:
    """One variant of a case: its trace, its decisions, its standings rows and its input."""

    readings: dict
    trace: object
    ds: list
    rows: dict
    tournament: object

    def of(self, kind: str) -> list[dict]:
        return [d for d in self.ds if d["kind"] == kind]

    def events(self, cls) -> list:
        return self.trace.of(cls)

    @property
    def head(self) -> dict:
        return self.ds[0]

    @property
    def result(self) -> dict:
        return self.ds[-1]

    @functools.cached_property
    def bars(self) -> dict[frozenset, set[str]]:
        """Who may not meet whom, from the input and the standings (not from the engine's
        decisions): [C1] a game played before this round, [C3] the same absolute colour,
        XXP a forbidden pair."""
        out: dict[frozenset, set[str]] = {}
        rnd = self.head["round"]
        for p in self.tournament.players:
            for k in range(1, rnd):
                e = p.entry(k)
                if e is not None and e.played and e.opponent is not None:
                    out.setdefault(frozenset((p.number, e.opponent)), set()).add("[C1]")
        absolute = [r for r in self.rows.values() if r["strength"] == "absolute"]
        for a, b in combinations(absolute, 2):
            if a["preference"] == b["preference"]:
                out.setdefault(frozenset((a["number"], b["number"])), set()).add("[C3]")
        for group in self.tournament.forbidden:
            for a, b in combinations(group, 2):
                out.setdefault(frozenset((a, b)), set()).add("XXP")
        return out

    def brackets(self) -> list[dict]:
        """Per bracket: its opening, its minimum upfloaters and its chosen set (projected)."""
        out, cur = [], None
        for d in self.ds:
            if d["kind"] == "bracket-opened":
                cur = {"open": d, "minimum": None, "chosen": None, "event": None}
                out.append(cur)
            elif d["kind"] == "minimum-upfloaters" and cur:
                cur["minimum"] = d
            elif d["kind"] == "upfloaters-chosen" and cur:
                cur["chosen"] = d
        chosen = iter(self.events(ev.UpfloatersChosen))
        for b in out:
            if b["chosen"] is not None:
                b["event"] = next(chosen)
        return out


def _runs(info) -> list[_Run]:
    from dubov_explain.rulebooks import find_rulebook

    book = find_rulebook("dubov-2025")
    t = read_trf(info.path)
    out = []
    for v in VARIANTS:
        if v.case != info.name:
            continue
        tr = _trace(v)
        rows = {r["number"]: r for r in tr.of(ev.StandingsSnapshot)[0].rows}
        out.append(_Run(dict(v.readings), tr, book.decisions(tr), rows, t))
    return out


def _paired_without_lower(run: _Run, residents: list[int]) -> int:
    """How many residents a maximum pairing among themselves leaves over (by the bars)."""
    bars = run.bars
    best = len(residents) % 2
    worst = len(residents)

    def left(rest: list[int]) -> int:
        if len(rest) < 2:
            return len(rest)
        a, others = rest[0], rest[1:]
        skip_a = 1 + left(others)
        for b in others:
            if frozenset((a, b)) not in bars:
                skip_a = min(skip_a, left([x for x in others if x != b]))
                if skip_a == best:
                    break
        return skip_a

    return left(residents) if len(residents) <= 12 else worst


def _barred_mattered(run: _Run, code: str) -> bool:
    """A pair barred by ``code`` changed a decision of the trace."""
    bars = run.bars
    barred = {p for p, codes in bars.items() if code in codes}
    if not barred:
        return False
    # 2.2.6: an opponent rejected for this reason
    if any(r[1] == code for d in run.of("opponent-chosen") for r in d["rejected"]):
        return True
    # 1.8.3: the players left over include a barred pair
    for d in run.of("impossible"):
        if any(frozenset(p) in barred for p in combinations(d["players"], 2)):
            return True
    # 2.2.6: a G2 player passed over because the rest of S1 could not then be paired,
    # and a barred pair is left in that rest
    for sorted_ in run.of("s1-sorted"):
        chosen = [d for d in run.of("opponent-chosen") if d["score"] == sorted_["score"]]
        used: list[int] = []
        for i, d in enumerate(chosen):
            for c, crit in d["rejected"]:
                if crit != "2.2.6":
                    continue
                rest_s1 = sorted_["s1"][i + 1:]
                rest_g2 = [g for g in sorted_["g2"] if g not in used and g != c]
                if any(frozenset((a, g)) in barred for a in rest_s1 for g in rest_g2):
                    return True
            used.append(d["opponent"])
    # 2.2.4: a shifter rejected (no legal pairing after the shift) who is barred from a
    # player of the bracket
    for s in run.events(ev.Shift):
        players = set(s.g1) | set(s.g2)
        tried = {n for r, _ in s.rejected for n in r}
        if any(frozenset((t, o)) in barred for t in tried for o in players if o != t):
            return True
    for b in run.brackets():
        residents, m = b["open"]["residents"], b["minimum"]
        # 2.2.1: residents who could otherwise meet each other take upfloaters
        if m and m["count"] > len(residents) % 2 and any(
                frozenset(p) in barred for p in combinations(residents, 2)):
            return True
        # 2.2.2: the first set in 4.2 order, or a whole container, could not be paired
        e = b["event"]
        if e is None or not b["chosen"]["decided_by"].startswith(("[C1]", "[C6]")):
            continue
        lost = set(e.first_in_order.get("players", ()))
        for scores, _ in e.containers_skipped:
            lost |= {n for n, r in run.rows.items() if r["score"] in scores}
        if any(frozenset((r, n)) in barred for r in residents for n in lost):
            return True
    return False


def _c4(run: _Run) -> bool:
    """[C4] (the lower players must still pair) changed a decision."""
    if run.of("bye-rejected"):
        return True
    for b in run.brackets():
        if b["chosen"] and b["chosen"]["decided_by"] == "[C4]":
            return True
        e = b["event"]
        if e is not None and any(_criterion(k) == "[C4]" for k in e.examined):
            return True  # a set examined and rejected by [C4] (it would have won otherwise)
        m = b["minimum"]
        if m and m["count"] > _paired_without_lower(run, b["open"]["residents"]):
            return True  # 2.2.1: more upfloaters than the residents need among themselves
    return False


def _criterion(text: str) -> str:
    """``[C4]`` from ``[C4]: ...``, ``[C4]`` or ``C4``."""
    m = re.match(r"^\[?(C\d+)\]?", str(text))
    return f"[{m.group(1)}]" if m else ""


def _shift_pool_by_4_3(run: _Run, s: ev.Shift) -> bool:
    """The shifter pool is the source group's seekers (4.3.1), sorted by 4.3.2, numbered
    middle-out (4.3.3); the shifted players are the first legal ones in that order."""
    from dubov_explain.rulebooks.dubov2025.order import middle_out

    members = [n for n, _ in s.pool]
    if [q for _, q in s.pool] != list(range(1, len(members) + 1)):
        return False
    colour = "White" if s.source == "G1" else "Black"
    mode = next(d["mode"] for d in run.of("groups-formed") if d["score"] == s.score)
    if mode == "colour" and any(run.rows[n]["preference"] != colour for n in members):
        return False
    rank = lambda n: run.rows[n]["initial_rank"]  # noqa: E731
    key = (lambda n: (run.rows[n]["aro"], rank(n))) if colour == "White" else rank
    if members != middle_out(sorted(members, key=key)):
        return False
    tried = {n for r, _ in s.rejected for n in r} - set(s.players)
    return all(members.index(t) < max(members.index(p) for p in s.players) for t in tried)


def _s1_by_aro(run: _Run, d: ev.S1Sorted) -> bool:
    return list(d.s1) == sorted(d.s1, key=lambda x: (x[1], x[2]))


def _first_allocation_by_5_1(run: _Run, d: dict) -> bool:
    """5.1/5.2.1: the higher ranked player gets the initial colour when their pairing
    number is odd, the other colour when it is even."""
    from dubov_explain.tournament.model import Colour

    first = run.tournament.initial_colour or Colour.WHITE
    hi = min((d["white"], d["black"]), key=lambda n: run.rows[n]["initial_rank"])
    gets_white = (first is Colour.WHITE) == (hi % 2 == 1)
    return (d["white"] == hi) == gets_white


#: readings whose values never change a decision, by construction: their case shows the
#: values apart in the events that give the argument (see the case's note)
_SAME_DECISIONS = {"unavoidable-pairs": ev.ShiftNeeded}


def _reading_parts(runs: list[_Run], name: str) -> bool:
    """The case pairs every value of the reading, and the values decide differently (for
    a reading in ``_SAME_DECISIONS``: the same decisions, argued by different events)."""
    values = {r.readings.get(name) for r in runs}
    if values != set(BY_NAME[name].choices):
        return False
    decided = {json.dumps(r.ds, sort_keys=True) for r in runs}
    if name in _SAME_DECISIONS:
        argued = {tuple(r.events(_SAME_DECISIONS[name])) for r in runs}
        return len(decided) == 1 and len(argued) == len(runs)
    return len(decided) == len(runs)


def _last_round_off(run: _Run, crit: str) -> bool:
    """[C8]-[C10] off in the last round: a chosen upfloater would count for the criterion,
    yet the chosen set's criterion is 0."""
    flag = {"[C8]": "max_upfloater", "[C9]": "max_upfloater", "[C10]": "upfloated_previous"}[crit]
    if not run.head["last_round"]:
        return False
    return any(b["chosen"]["criteria"][crit.strip("[]")] == 0
               and any(run.rows[n][flag] for n in b["chosen"]["players"])
               for b in run.brackets() if b["chosen"])


def _any(check):
    return lambda runs: any(check(r) for r in runs)


def _decided_by(token):
    return _any(lambda r: any(d["decided_by"] == token for d in r.of("upfloaters-chosen")))


def _rule(token):
    return _any(lambda r: any(d["rule"] == token for d in r.of("colour-allocated")))


def _bye_step(token):
    return _any(lambda r: any(d["decided_by"] == token for d in r.of("bye-assigned")))


def _bye_to_eligible(r: _Run) -> bool:
    """2.1.1/[C2]: some players are barred, and the bye goes to a player who is not."""
    return any(c["ineligible"] and r.result.get("bye") is not None
               and r.result["bye"] not in c["ineligible"] for c in r.of("bye-candidates"))


def _minimum_beyond_parity(r: _Run, exact: bool = False) -> bool:
    for b in r.brackets():
        m = b["minimum"]
        if m and m["count"] > len(b["open"]["residents"]) % 2:
            if not exact or (b["chosen"] and len(b["chosen"]["players"]) == m["count"]):
                return True
    return False


def _groups_by_2_2_3(r: _Run) -> bool:
    for d in r.of("groups-formed"):
        players = sorted(d["g1"] + d["g2"], key=lambda n: r.rows[n]["initial_rank"])
        if d["mode"] == "initial-ranking":
            if d["g1"] == players[:len(players) // 2] and not any(
                    r.rows[n]["games_played"] for n in players):
                return True
        elif d["g1"] and d["g2"] and all(r.rows[n]["preference"] == "White" for n in d["g1"]) \
                and all(r.rows[n]["preference"] == "Black" for n in d["g2"]):
            return True
    return False


def _transposed(min_index: int):
    return _any(lambda r: any(int(d["index"]) >= min_index for d in r.of("transposition-chosen")))


def _s1(check):
    return _any(lambda r: any(len(e.s1) >= 2 and _s1_by_aro(r, e) and check(r, e)
                              for e in r.events(ev.S1Sorted)))


def _shift_4_3(min_pool: int, step: int | None = None):
    return _any(lambda r: any(len(s.pool) >= min_pool and (step is None or s.step == step)
                              and _shift_pool_by_4_3(r, s) for s in r.events(ev.Shift)))


def _mild_black_unplayed(r: _Run) -> bool:
    """1.5.2.4: a player yet to play, mildly seeking Black, in a colour decision."""
    return any(r.rows[n]["games_played"] == 0 and r.rows[n]["preference"] == "Black"
               and r.rows[n]["strength"] == "mild"
               for d in r.of("colour-allocated") for n in (d["white"], d["black"]))


def _strong_beats_mild(r: _Run) -> bool:
    for d in r.of("colour-allocated"):
        if d["rule"] != "5.2.3":
            continue
        w, b = r.rows[d["white"]], r.rows[d["black"]]
        granted = w if w["preference"] == "White" else b
        other = b if granted is w else w
        if granted["strength"] == "strong" and other["strength"] == "mild":
            return True
    return False


def _absolute_granted(r: _Run) -> bool:
    return any(r.rows[n]["strength"] == "absolute"
               and r.rows[n]["preference"] == ("White" if n == d["white"] else "Black")
               for d in r.of("colour-allocated") for n in (d["white"], d["black"]))


def _upfloats_decide(r: _Run) -> bool:
    """1.7: upfloat history (upfloats, MaxT) decided an upfloater set."""
    return any(r.rows[n]["upfloats"] > 0 for n in r.rows) and any(
        d["decided_by"] in ("[C8]", "[C9]", "[C10]") for d in r.of("upfloaters-chosen"))


def _absent_left_out(r: _Run, code: str | None = None) -> bool:
    absent = {n for n, _ in r.head["absent"]}
    on_boards = {n for pair in r.result.get("boards", ()) for n in pair} | {r.result.get("bye")}
    return bool(absent) and not absent & (set(r.head["to_pair"]) | on_boards) and (
        code is None or any(c == code for _, c in r.head["absent"]))


def _forbidden_kept_apart(r: _Run) -> bool:
    """XXP: a forbidden pair changed a decision, and no forbidden pair is on a board."""
    bars = r.bars
    barred = {p for p, codes in bars.items() if "XXP" in codes}
    boards = {frozenset(p) for p in r.result.get("boards", ())}
    if not barred or barred & boards:
        return False
    return _barred_mattered(r, "XXP") or _c4(r)


def _complete_pairing(r: _Run) -> bool:
    """A generated round: a complete pairing of everybody present, none of them twice."""
    res = r.result
    if res["kind"] != "pairing-published":
        return False
    seated = [n for pair in res["boards"] for n in pair] + ([res["bye"]] if res["bye"] else [])
    return sorted(seated) == sorted(r.head["to_pair"])


def _reading(name: str):
    return lambda runs: _reading_parts(runs, name)


_C = lambda code: _any(lambda r: _barred_mattered(r, code))  # noqa: E731

#: token -> check over the runs (variants) of one case
CLAIMS = {
    "1.5.2.1": _any(_absolute_granted),
    "1.5.2.2": _any(_strong_beats_mild),
    "1.5.2.4": _any(_mild_black_unplayed),
    "1.6": _s1(lambda r, e: [x[2] for x in e.s1] != sorted(x[2] for x in e.s1)),
    "1.6.1": lambda runs: len({tuple(tuple(d["s1"]) for d in r.of("s1-sorted")) for r in runs}) > 1,
    "1.6.3": _s1(lambda r, e: any(a[1] == b[1] == 0 and r.rows[a[0]]["games_played"] == 0
                                  for a, b in zip(e.s1, e.s1[1:]))),
    "1.7": _any(_upfloats_decide),
    "1.8.1": _any(lambda r: bool(r.of("impossible")) and bool(r.result["players"])),
    "1.8.2": _any(_absent_left_out),
    "1.8.3": _any(lambda r: r.result["kind"] == "impossible" and bool(r.result["players"])),
    "2.1.1": _any(_bye_to_eligible),
    "2.1.2": _any(lambda r: bool(r.of("bye-rejected")) and r.result.get("bye") not in
                  {d["player"] for d in r.of("bye-rejected")}),
    "2.1.3": _bye_step("2.1.3"),
    "2.1.4": _bye_step("2.1.4"),
    "2.1.5": _bye_step("2.1.5"),
    "2.2.1": _any(_minimum_beyond_parity),
    "2.2.2": _any(lambda r: any(b["chosen"] and len(b["chosen"]["players"]) == b["minimum"]["count"]
                                for b in r.brackets())),
    "2.2.3": _any(_groups_by_2_2_3),
    "2.2.4.1": _any(lambda r: any(d["step"] == 1 and d["article"] == "2.2.4.1" for d in r.of("shift"))),
    "2.2.4.2": _any(lambda r: any(d["step"] == 2 and d["article"] == "2.2.4.2" for d in r.of("shift"))),
    "2.2.5": _s1(lambda r, e: True),
    "2.2.6": _transposed(2),
    "4.2": _decided_by("4.2.3.3"),
    "4.2.3": _decided_by("[C6]"),
    "4.2.3.1": _any(lambda r: any(len(set(d["criteria"]["C6"])) > 1 for d in r.of("upfloaters-chosen"))),
    "4.2.3.2": lambda runs: _reading_parts(runs, "container-order") and len(
        {tuple(tuple(d["criteria"]["C6"]) for d in r.of("upfloaters-chosen")) for r in runs}) > 1,
    "4.2.3.3": _any(lambda r: any(d["decided_by"] in ("4.2.3.3", "[C1]/[C3]", "[C4]")
                                  for d in r.of("upfloaters-chosen"))),
    "4.3": _shift_4_3(2),
    "4.3.1": _shift_4_3(3),
    "4.3.2": _shift_4_3(2),
    "4.3.3": _shift_4_3(2),
    "4.4": _transposed(2),
    "4.4.2": _transposed(3),
    "5.1": _any(lambda r: any(d["rule"] == "5.2.1" for d in r.of("colour-allocated")) and all(
        _first_allocation_by_5_1(r, d) for d in r.of("colour-allocated") if d["rule"] == "5.2.1")),
    "5.2.1": _rule("5.2.1"),
    "5.2.2": _rule("5.2.2"),
    "5.2.3": _rule("5.2.3"),
    "5.2.4": _rule("5.2.4"),
    "5.2.5": _rule("5.2.5"),
    "XXC": _any(lambda r: r.tournament.initial_colour is not None
                and r.tournament.initial_colour.word == "Black"
                and any(d["rule"] == "5.2.1" for d in r.of("colour-allocated"))
                and all(_first_allocation_by_5_1(r, d) for d in r.of("colour-allocated")
                        if d["rule"] == "5.2.1")),
    "XXP": _any(_forbidden_kept_apart),
    "XXZ": _any(lambda r: _absent_left_out(r, "XXZ")),
    "[C1]": _C("[C1]"),
    "[C2]": _any(_bye_to_eligible),
    "[C3]": _C("[C3]"),
    "[C4]": _any(_c4),
    "[C5]": _any(lambda r: _minimum_beyond_parity(r, exact=True)),
    "[C6]": lambda runs: _decided_by("[C6]")(runs) or _reading_parts(runs, "container-order"),
    "[C7]": _decided_by("[C7]"),
    "[C8]": _any(lambda r: any(d["decided_by"] == "[C8]" for d in r.of("upfloaters-chosen"))
                 or _last_round_off(r, "[C8]")),
    "[C9]": _any(lambda r: any(d["decided_by"] == "[C9]" for d in r.of("upfloaters-chosen"))
                 or _last_round_off(r, "[C9]")),
    "[C10]": _any(lambda r: any(d["decided_by"] == "[C10]" for d in r.of("upfloaters-chosen"))
                  or _last_round_off(r, "[C10]")),
    "[C8]-[C10]": _any(lambda r: any(d["decided_by"] in ("[C8]", "[C9]", "[C10]")
                                     for d in r.of("upfloaters-chosen"))),
    "last round": _any(lambda r: r.head["last_round"] is True),
    # the file's acceleration (XXA / 250) is in the trace: the accelerated players' scores
    "acceleration": _any(lambda r: bool(r.tournament.acceleration) and any(
        d["players"] for d in r.of("acceleration-applied"))),
    "simulated": _any(_complete_pairing),
    **{f"reading {c.name}": _reading(c.name) for c in CATALOGUE},
}


def _exhibits(token: str, runs: list[_Run]) -> bool:
    """Do the case's traces show what its ``articles`` token claims?  An unknown token is
    a KeyError: a new claim needs a check before the corpus test can pass."""
    return bool(CLAIMS[token](runs))


@real_only
def test_corpus_covers_the_articles_and_each_case_shows_what_it_claims():
    covered: dict[str, list[str]] = {t: [] for t in REQUIRED}
    wrong, unknown = [], []
    for info in CASES:
        tokens = [t.strip() for t in info.articles.split(",")]
        runs = _runs(info)
        for token in tokens:
            if token in covered:
                covered[token].append(info.name)
            if token not in CLAIMS:
                unknown.append(f"{info.name}: {token}")
            elif not _exhibits(token, runs):
                wrong.append(f"{info.name} claims {token}")
        if "4.2.3" in info.articles or "4.2.3.1" in info.articles or "[C6]" in tokens:
            covered["4.2"].append(info.name)
        if any(t.startswith("4.3") for t in tokens):
            covered["4.3"].append(info.name)
        if any(t.startswith("4.4") for t in tokens):
            covered["4.4"].append(info.name)
    assert not unknown, f"article tokens without a check in CLAIMS: {unknown}"
    assert not wrong, "\n".join(wrong)
    assert not [t for t, names in covered.items() if not names], covered
    assert len(CASES) >= 40


@real_only
def test_every_claim_check_can_fail():
    """Each check of CLAIMS used by the corpus is false for some case of the corpus (it is
    not vacuous), and a token without a check is an error, not a pass."""
    used = {t.strip() for info in CASES for t in info.articles.split(",")}
    runs = {info.name: _runs(info) for info in CASES}
    vacuous = [t for t in sorted(used & set(CLAIMS))
               if all(_exhibits(t, rs) for rs in runs.values())]
    assert not vacuous, f"checks that no case of the corpus fails: {vacuous}"
    with pytest.raises(KeyError):
        _exhibits("9.9.9", next(iter(runs.values())))


@real_only
@pytest.mark.parametrize("reading", [r.name for r in CATALOGUE])
def test_each_reading_has_a_case_where_its_values_part(reading):
    """A case sets every value of the reading; the pairings differ (for unavoidable-pairs,
    which by construction never changes a pairing, the traces differ)."""
    values = set(BY_NAME[reading].choices)
    found = []
    for info in CASES:
        vs = [v for v in VARIANTS if v.case == info.name and reading in dict(v.readings)]
        if {dict(v.readings)[reading] for v in vs} != values:
            continue
        traces = [_trace(v) for v in vs]
        results = {(getattr(t.result, "boards", None), getattr(t.result, "bye", None)) for t in traces}
        bodies = {tuple(repr(e) for e in t.events[1:]) for t in traces}
        if reading == "unavoidable-pairs":
            if len(results) == 1 and len(bodies) == len(traces):
                found.append(info.name)
        elif len(results) == len(traces):
            found.append(info.name)
    assert found, f"no golden case shows the values of {reading} apart"


# --------------------------------------------------------------------------- the mechanism
def _inner(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DUBOV_GOLDEN_DIR=str(tmp_path / "golden"), PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
         str(ROOT / "tests" / "test_golden.py"), *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )


def _copy_of_two_cases(tmp_path: Path) -> list:
    """A copy of two cases of the corpus with both their snapshots, in tmp_path/golden."""
    picked = [v for v in VARIANTS if v.case.startswith("2.1.3") or v.case.startswith("5.2.2")]
    assert picked and all(v.snapshot.exists() and v.decisions_snapshot.exists() for v in picked)
    g = tmp_path / "golden"
    (g / "cases").mkdir(parents=True)
    (g / "snapshots").mkdir()
    for v in picked:
        shutil.copy(v.path, g / "cases" / v.path.name)
        shutil.copy(v.snapshot, g / "snapshots" / v.snapshot.name)
        shutil.copy(v.decisions_snapshot, g / "snapshots" / v.decisions_snapshot.name)
    (g / "README.md").write_text("copy\n")
    return picked


@real_only
def test_stale_and_unused_snapshots_fail_the_run(tmp_path):
    """The README's `python -m pytest` fails on a stale or an unused snapshot: shown on a
    copy of two cases of the corpus, run in a separate pytest process."""
    picked = _copy_of_two_cases(tmp_path)
    g = tmp_path / "golden"

    clean = _inner(tmp_path)
    assert clean.returncode == 0, clean.stdout + clean.stderr

    stray = g / "snapshots" / "removed-case.md"
    stray.write_text("# a case that no longer exists\n")
    unused = _inner(tmp_path)
    assert unused.returncode != 0 and "removed-case.md" in unused.stdout, unused.stdout

    updated = _inner(tmp_path, "--snapshot-update")
    assert updated.returncode == 0 and not stray.exists(), updated.stdout

    snap = g / "snapshots" / picked[0].snapshot.name
    snap.write_text(snap.read_text() + "a line of an older explanation\n")
    stale = _inner(tmp_path)
    assert stale.returncode != 0 and picked[0].id in stale.stdout, stale.stdout
    # a wording change: the Markdown snapshot is stale, the decisions snapshot is not
    assert f"test_golden[{picked[0].id}]" in stale.stdout, stale.stdout
    assert "test_golden_decisions[" not in stale.stdout, stale.stdout


@real_only
def test_stale_and_unused_decisions_snapshots_fail_the_run(tmp_path):
    """The same for the decisions snapshots: a decision that differs from the committed one
    fails (though its Markdown snapshot still matches), an unused one fails, a missing one
    fails, and --snapshot-update puts all three right."""
    picked = _copy_of_two_cases(tmp_path)
    g = tmp_path / "golden"
    target = g / "snapshots" / picked[0].decisions_snapshot.name
    right = target.read_text()

    stray = g / "snapshots" / "removed-case.decisions.json"
    stray.write_text("[]\n")
    unused = _inner(tmp_path)
    assert unused.returncode != 0 and "removed-case.decisions.json" in unused.stdout, unused.stdout

    # another bye: the committed decisions say the bye went elsewhere
    decisions = json.loads(right)
    published = decisions[-1]
    assert published["kind"] == "pairing-published" and published["bye"] is not None
    published["bye"] += 1
    target.write_text(json.dumps(decisions, indent=1, sort_keys=True) + "\n")
    stale = _inner(tmp_path)
    assert stale.returncode != 0, stale.stdout
    assert f"test_golden_decisions[{picked[0].id}]" in stale.stdout, stale.stdout
    assert f"FAILED tests/test_golden.py::test_golden[{picked[0].id}]" not in stale.stdout

    missing = g / "snapshots" / picked[-1].decisions_snapshot.name
    missing.unlink()
    absent = _inner(tmp_path)
    assert absent.returncode != 0 and f"test_golden_decisions[{picked[-1].id}]" in absent.stdout

    updated = _inner(tmp_path, "--snapshot-update")
    assert updated.returncode == 0, updated.stdout
    assert not stray.exists() and target.read_text() == right and missing.exists()
    assert _inner(tmp_path).returncode == 0


def _review(tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, DUBOV_GOLDEN_DIR=str(tmp_path / "golden"), PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, str(ROOT / "golden" / "review.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )


@real_only
def test_review_labels_pairing_decision_and_wording_from_the_decisions(tmp_path):
    """golden/review.py reads the decisions snapshots: a reworded paragraph alone is
    WORDING, a changed decision DECISION (with that decision shown), a changed result
    PAIRING."""
    a, b = _copy_of_two_cases(tmp_path)[:2]
    snaps = tmp_path / "golden" / "snapshots"
    assert _review(tmp_path).returncode == 0

    md = snaps / a.snapshot.name
    text = md.read_text()
    para = next(p for p in text.split("\n\n") if p.startswith("**"))
    md.write_text(text.replace(para, para + " An older wording.", 1))
    dj = snaps / b.decisions_snapshot.name
    ds = json.loads(dj.read_text())
    i = next(i for i, d in enumerate(ds) if d["kind"] == "colour-allocated")
    ds[i]["rule"] = "5.2.9"
    dj.write_text(json.dumps(ds, indent=1, sort_keys=True) + "\n")
    out = _review(tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert f"WORDING  {a.id}" in lines, out.stdout
    assert f"DECISION {b.id}" in lines, out.stdout
    assert f"    first decision that changed (#{i + 1} of the decisions):" in lines
    assert any(x.startswith("    was: ") and '"rule": "5.2.9"' in x for x in lines), out.stdout
    assert "2 of 2 case variants differ from their snapshots" in lines

    md.write_text(text)
    ds = json.loads(dj.read_text())
    ds[i]["rule"] = ds[i]["article"]
    ds[-1]["boards"] = ds[-1]["boards"][::-1] + [[98, 99]]
    dj.write_text(json.dumps(ds, indent=1, sort_keys=True) + "\n")
    out = _review(tmp_path)
    assert out.returncode == 1 and f"PAIRING  {b.id}" in out.stdout.splitlines(), out.stdout
    assert "[98, 99]" in out.stdout and a.id not in out.stdout
