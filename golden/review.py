"""Summarise the golden diff: which cases changed, how, and the first decision that changed.

Run from the repository root, after changing a reading, a rule or a wording and *before*
accepting the new snapshots (``python -m pytest --snapshot-update``)::

    PYTHONPATH=. python golden/review.py            # one entry per changed case
    PYTHONPATH=. python golden/review.py --diff     # and the unified diff of each

For every case variant whose trace no longer matches its snapshots (``ID.md`` and
``ID.decisions.json`` in ``golden/snapshots/``, as they are on disk) it prints one label:

* ``PAIRING``: a decision of the published result changed (``pairing-published`` or
  ``impossible`` in the decisions snapshot);
* ``DECISION``: another decision changed, the result did not;
* ``WORDING``: only the Markdown changed; the decisions are identical (a reworded template
  or event, or a changed standings table, which the decisions do not hold).

With ``PAIRING`` and ``DECISION`` it prints the first decision that differs, before and
after, taken from the decisions JSON (so wording never hides or fakes a decision change);
with ``WORDING`` the first paragraph of the report that differs.  ``--diff`` adds the
unified diff of the Markdown snapshot.  Snapshots without a case and cases without a
snapshot are listed too.  Exit status 1 when anything differs.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import json  # noqa: E402

from golden_ext import (  # noqa: E402
    load_variants,
    render_decisions,
    render_variant,
    snapshots_dir,
    unused_snapshots,
)

from dubov_explain.rulebooks.dubov2025.engine import pair_round  # noqa: E402
from dubov_explain.rulebooks.dubov2025.readings import Readings  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def decisions(text: str) -> list[str]:
    """The report's decision paragraphs (each event is a paragraph opening in bold)."""
    return [p for p in paragraphs(text) if p.startswith("**")]


def standings(text: str) -> str:
    return next((p for p in paragraphs(text) if p.startswith("| Pos")), "")


def first_change(old: str, new: str) -> tuple[str, str]:
    """The first decision paragraph of the Markdown that differs (was, now)."""
    a, b = decisions(old), decisions(new)
    for x, y in zip(a, b):
        if x != y:
            return x, y
    if len(a) != len(b):
        return (a[len(b)] if len(a) > len(b) else ""), (b[len(a)] if len(b) > len(a) else "")
    return "", ""


RESULT_KINDS = ("pairing-published", "impossible")


def first_decision_change(old: list[dict], new: list[dict]) -> tuple[int, dict | None, dict | None]:
    """The position of the first decision that differs and the decision there, before and
    after (``None`` where one list has ended); ``(-1, None, None)`` when they are equal."""
    for i, (x, y) in enumerate(zip(old, new)):
        if x != y:
            return i, x, y
    if len(old) != len(new):
        i = min(len(old), len(new))
        return i, (old[i] if i < len(old) else None), (new[i] if i < len(new) else None)
    return -1, None, None


def result_of(ds: list[dict]) -> list[dict]:
    return [d for d in ds if d.get("kind") in RESULT_KINDS]


def label(old_ds: list[dict], new_ds: list[dict]) -> str:
    """PAIRING, DECISION or WORDING for a case whose snapshots differ."""
    if result_of(old_ds) != result_of(new_ds):
        return "PAIRING"
    if old_ds != new_ds:
        return "DECISION"
    return "WORDING"


def _one_line(d: dict | None) -> str:
    if d is None:
        return "(none)"
    return json.dumps(d, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)[:900]


def main(argv: list[str]) -> int:
    show_diff = "--diff" in argv
    variants = load_variants()
    changed = 0
    for v in variants:
        trace = pair_round(read_trf(v.path), Readings.from_pairs(dict(v.readings)))
        new_md, new_json = render_variant(v, trace), render_decisions(trace)
        missing = [p.name for p in (v.snapshot, v.decisions_snapshot) if not p.exists()]
        if missing:
            print(f"NEW      {v.id}: no snapshot yet ({', '.join(missing)})")
            changed += 1
            continue
        old_md = v.snapshot.read_text(encoding="utf-8")
        old_json = v.decisions_snapshot.read_text(encoding="utf-8")
        if old_md == new_md and old_json == new_json:
            continue
        changed += 1
        old_ds, new_ds = json.loads(old_json), json.loads(new_json)
        what = label(old_ds, new_ds)
        extra = " (the standings table changed too)" if standings(old_md) != standings(new_md) else ""
        print(f"{what:8} {v.id}{extra}")
        if what != "WORDING":
            i, was, now = first_decision_change(old_ds, new_ds)
            print(f"    first decision that changed (#{i + 1} of the decisions):")
            print("    was: " + _one_line(was))
            print("    now: " + _one_line(now))
        elif old_md == new_md:
            print("    the decisions JSON differs only in its layout; the decisions are the same")
        else:
            was, now = first_change(old_md, new_md)
            if was or now:
                print("    decisions identical; first paragraph that changed:")
                print("    was: " + " ".join(was.split())[:900])
                print("    now: " + " ".join(now.split())[:900])
            else:
                print("    decisions identical; no decision paragraph changed"
                      + (": only the standings table" if extra else ""))
        if show_diff:
            sys.stdout.writelines(difflib.unified_diff(
                old_md.splitlines(True), new_md.splitlines(True),
                f"snapshot/{v.id}.md", f"now/{v.id}.md"))
    if snapshots_dir().exists():
        for p in unused_snapshots(snapshots_dir(), variants):
            print(f"UNUSED   {p.name}: no case variant produces it")
            changed += 1
    print(f"{changed} of {len(variants)} case variants differ from their snapshots" if changed
          else f"all {len(variants)} case variants match their snapshots")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
