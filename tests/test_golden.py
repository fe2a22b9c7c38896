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


def _exhibits(token: str, trace) -> bool:
    """Does the trace show what a case claims to teach?"""
    e = trace.events
    head = e[0]
    if token in ("2.1.3", "2.1.4", "2.1.5"):
        return any(x.decided_by == token for x in trace.of(ev.ByeAssigned))
    if token in ("2.1.1", "[C2]"):
        return any(x.ineligible for x in trace.of(ev.ByeCandidates)) or any(
            x.decided_by == "2.1.1" for x in trace.of(ev.ByeAssigned))
    if token == "2.1.2":
        return bool(trace.of(ev.ByeRejected))
    if token in ("2.2.1", "[C5]"):
        return any(x.count > 0 for x in trace.of(ev.MinimumUpfloaters))
    if token in ("2.2.2", "4.2", "4.2.3.3"):
        return bool(trace.of(ev.UpfloatersChosen))
    if token == "2.2.3":
        return bool(trace.of(ev.GroupsFormed))
    if token in ("2.2.4.1", "2.2.4.2"):
        return any(x.article == token for x in trace.of(ev.Shift))
    if token in ("4.3", "4.3.3"):
        return any(len(x.pool) >= 2 for x in trace.of(ev.Shift))
    if token == "2.2.5":
        return bool(trace.of(ev.S1Sorted))
    if token in ("2.2.6", "4.4", "4.4.2"):
        return any(x.index != "1" for x in trace.of(ev.TranspositionChosen))
    if token.startswith("5.2."):
        return any(x.rule == token for x in trace.of(ev.ColourAllocated))
    if token == "last round":
        return head.last_round
    if token == "1.8.3":
        return isinstance(trace.result, ev.Impossible)
    if token in ("[C6]", "[C7]", "[C8]", "[C9]", "[C10]"):
        if head.last_round and token in ("[C8]", "[C9]", "[C10]"):
            return True  # taught as "off in the last round"
        return any(x.decided_by == token or token in str(x.containers_skipped)
                   for x in trace.of(ev.UpfloatersChosen))
    if token in ("[C1]", "[C3]", "[C4]"):
        return token in trace.to_json()
    return True


@real_only
def test_corpus_covers_the_articles_and_each_case_shows_what_it_claims():
    covered: dict[str, list[str]] = {t: [] for t in REQUIRED}
    wrong = []
    for info in CASES:
        tokens = [t.strip() for t in info.articles.split(",")]
        variants = [v for v in VARIANTS if v.case == info.name]
        traces = [_trace(v) for v in variants]
        for token in tokens:
            if token in covered:
                covered[token].append(info.name)
            if not any(_exhibits(token, tr) for tr in traces):
                wrong.append(f"{info.name} claims {token}")
        if "4.2.3" in info.articles or "4.2.3.1" in info.articles or "[C6]" in tokens:
            covered["4.2"].append(info.name)
        if any(t.startswith("4.3") for t in tokens):
            covered["4.3"].append(info.name)
        if any(t.startswith("4.4") for t in tokens):
            covered["4.4"].append(info.name)
    assert not wrong, wrong
    assert not [t for t, names in covered.items() if not names], covered
    assert len(CASES) >= 40


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
