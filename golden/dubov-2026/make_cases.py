"""Write the golden cases of Dubov 2026 (``golden/dubov-2026/cases/*.trf``) and their index.

Run from the repository root::

    PYTHONPATH=. python golden/dubov-2026/make_cases.py          # rewrite cases and index
    PYTHONPATH=. python golden/dubov-2026/make_cases.py --check  # say which would change

The 2026 text prescribes what the 2025 text prescribes under other numbers (see
``dubov_explain/rulebooks/dubov2026/__init__.py``), so its cases are Dubov 2025's golden
requests (``golden/cases``), the very files, renamed and annotated in the 2026 numbers:

* **where 2026 differs from 2025** -- ``4.2.3-container-order-settled`` (2025's
  ``reading-container-order``): the 2026 text settles the reading ``container-order``, so
  the case has one variant, and its note says which 2025 variant it agrees with (the
  default, ``lowest-first``) and which it refutes (``listed``, py4swiss 0.3.1's order);
  ``reading-bye-eligibility``: the second value is named ``article-3.1.1``;
  ``2.2.1-c4-...``: [C4] reworded; and every case: every event cites the 2026 numbers;
* **where it agrees** -- every other case: the same pairing and the same decisions as
  Dubov 2025 (``tests/test_dubov2026_golden.py`` checks the decisions against the 2025
  engine's, renumbered), with every reading of the 2026 catalogue set in a case
  (``reading-*``: upfloat-history, upfloat-previous-round, aro-quick-games,
  bye-games-played, bye-eligibility, c9-measure, colour-history-5.2.4, absolute-conflict,
  unavoidable-pairs, acceleration-bye, acceleration-upfloats, acceleration-upfloaters,
  acceleration-ranking), each with its values.

The ``###`` lines are renumbered by ``dubov2026.numbering.ARTICLES``; snapshots are written
by ``pytest tests/test_dubov2026_golden.py --snapshot-update`` and read by a person.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT)]

from dubov_explain.rulebooks.dubov2026.numbering import ARTICLES  # noqa: E402
from dubov_explain.rulebooks.dubov2026.readings import RENAMED, SETTLED  # noqa: E402

SOURCE = ROOT / "golden" / "cases"
#: the large generated rounds are left to Dubov 2025's corpus (the same engine)
SKIP = {"sim-120p-round6", "sim-200p-round9", "sim-300p-round7"}
#: 2025 case -> 2026 name, where the name is not a renumbering of its article prefix
NAMES = {"reading-container-order": "4.2.3-container-order-settled",
         "4.2.3.1-container-of-mixed-scores": "4.2.3-sets-of-mixed-scores"}
#: lines added to a case (its 2026 reading of the 2025 note)
ADDED = {
    "reading-container-order": [
        "### note: Dubov 2026 settles the 2025 reading container-order: 4.2.3 fixes the valid "
        "sets by [C5] and [C6] (2.3.2: 'maximise the scores (taken in ascending order) of the "
        "upfloaters') and 4.1.3 orders them; the containers and the example that listed them "
        "highest score first are gone.  So 2026 pairs as 2025's default lowest-first "
        "({7, 3, 6}) and not as 2025's listed ({4, 7, 5}, py4swiss 0.3.1's order).",
    ],
    "3.2.1-c4-upfloater-set-strands-lower-group": [
        "### note: Dubov 2026 rewords [C4] (2.2.1: 'a pairing complying with all the absolute "
        "criteria shall always exist for all players not yet paired'); 2025's words were "
        "'choose the set of upfloaters in order to complete the round-pairing'.  The test is "
        "the same: the set is rejected because the players left could not all be paired.",
    ],
}


def renamed(stem: str) -> str:
    if stem in NAMES:
        return NAMES[stem]
    m = re.match(r"^(\d+(?:\.\d+)*)-(.*)$", stem)
    return f"{ARTICLES.cite(m.group(1))}-{m.group(2)}" if m else stem


def readings_line(line: str) -> str | None:
    """A ``### readings:`` line in the 2026 catalogue (None: a settled reading only)."""
    items = []
    for item in line.split(":", 1)[1].split(","):
        name, _, value = item.strip().partition("=")
        if name in SETTLED:
            continue
        items.append(f"{name}={RENAMED.get((name, value), value)}")
    return f"### readings: {', '.join(items)}" if items else None


def convert(path: Path) -> tuple[str, str]:
    stem = path.stem
    name = renamed(stem)
    out: list[str] = []
    seen_readings: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("012 golden case"):
            out.append(f"012 golden case {name}")
        elif line.startswith("### case:"):
            out.append(f"### case: {name}")
            out.append(f"### from: golden/cases/{stem}.trf (Dubov 2025)")
        elif line.startswith("### readings:"):
            new = readings_line(line)
            if new is not None and new not in seen_readings:
                seen_readings.add(new)
                out.append(new)
        elif line.startswith(("### articles:", "### purpose:")):
            key, text = line.split(":", 1)
            out.append(f"{key}:{ARTICLES.cite(text)}")
        elif line.startswith("### note:") or line.startswith("### witness"):
            # the hand check as written for Dubov 2025, in its numbers (its words may name
            # what the 2026 text no longer has, such as containers)
            key, text = line.split(":", 1)
            out.append(f"{key}: [Dubov 2025's, 2025 numbers]{text}"
                       if re.search(r"\d\.\d", text) else line)
        else:
            if out and out[-1].startswith("###") and not line.startswith("###"):
                out.extend(ADDED.get(stem, []))
                ADDED.pop(stem, None)
            out.append(line)
    return name, "\n".join(out) + "\n"


def main(check: bool = False) -> int:
    changed = 0
    rows = []
    for path in sorted(SOURCE.glob("*.trf")):
        if path.stem in SKIP:
            continue
        name, text = convert(path)
        target = HERE / "cases" / f"{name}.trf"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            changed += 1
            print(("would write " if check else "wrote ") + str(target.relative_to(ROOT)))
            if not check:
                target.write_text(text, encoding="utf-8")
        articles = next((ln.split(":", 1)[1].strip() for ln in text.splitlines()
                         if ln.startswith("### articles:")), "")
        purpose = next((ln.split(":", 1)[1].strip() for ln in text.splitlines()
                        if ln.startswith("### purpose:")), "")
        rows.append(f"| [{name}](cases/{name}.trf) | {articles} | {purpose} |")
    index = (HERE / "README.md")
    head = index.read_text(encoding="utf-8").split("| case |")[0] if index.exists() else ""
    text = head + "| case | article(s) | purpose |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n"
    if not check:
        index.write_text(text, encoding="utf-8")
    return 1 if (check and changed) else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
