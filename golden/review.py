"""Summarise the golden diff: which cases changed, and the first step where each changed.

Run from the repository root, after changing a reading or a rule and *before* accepting
the new snapshots (``python -m pytest --snapshot-update``)::

    PYTHONPATH=. python golden/review.py            # one line per changed case
    PYTHONPATH=. python golden/review.py --diff     # and the unified diff of each

For every case variant whose rendering no longer matches its snapshot it prints the case,
whether the pairing changed, whether the standings table changed, and the first decision
paragraph of the report that differs (the report has one paragraph per event, so that is
the first decision that changed).
Snapshots without a case and cases without a snapshot are listed too.  Exit status 1 when
anything differs.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from golden_ext import load_variants, render_variant, snapshots_dir, unused_snapshots  # noqa: E402

from dubov_explain.rulebooks.dubov2025.engine import pair_round  # noqa: E402
from dubov_explain.rulebooks.dubov2025.readings import Readings  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def boards(text: str) -> str:
    return text[text.find("## Boards"):] if "## Boards" in text else text[-2000:]


def decisions(text: str) -> list[str]:
    """The report's decision paragraphs (each event is a paragraph opening in bold)."""
    return [p for p in paragraphs(text) if p.startswith("**")]


def standings(text: str) -> str:
    return next((p for p in paragraphs(text) if p.startswith("| Pos")), "")


def first_change(old: str, new: str) -> tuple[str, str]:
    a, b = decisions(old), decisions(new)
    for x, y in zip(a, b):
        if x != y:
            return x, y
    if len(a) != len(b):
        return (a[len(b)] if len(a) > len(b) else ""), (b[len(a)] if len(b) > len(a) else "")
    return "", ""


def main(argv: list[str]) -> int:
    show_diff = "--diff" in argv
    variants = load_variants()
    changed = 0
    for v in variants:
        new = render_variant(v, pair_round(read_trf(v.path), Readings.from_pairs(dict(v.readings))))
        if not v.snapshot.exists():
            print(f"NEW      {v.id}: no snapshot yet")
            changed += 1
            continue
        old = v.snapshot.read_text(encoding="utf-8")
        if old == new:
            continue
        changed += 1
        what = "PAIRING " if boards(old) != boards(new) else "TRACE   "
        was, now = first_change(old, new)
        extra = " (the standings table changed too)" if standings(old) != standings(new) else ""
        print(f"{what} {v.id}{extra}")
        if was or now:
            print("    first decision that changed:")
            print("    was: " + " ".join(was.split())[:900])
            print("    now: " + " ".join(now.split())[:900])
        else:
            print("    no decision changed: only the standings table")
        if show_diff:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), f"snapshot/{v.id}.md", f"now/{v.id}.md"))
    if snapshots_dir().exists():
        for p in unused_snapshots(snapshots_dir(), variants):
            print(f"UNUSED   {p.name}: no case variant produces it")
            changed += 1
    print(f"{changed} of {len(variants)} case variants differ from their snapshots" if changed
          else f"all {len(variants)} case variants match their snapshots")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
