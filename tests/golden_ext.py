"""The golden corpus: its cases, their reading variants, and the syrupy extension that
keeps one readable Markdown snapshot per case and variant in ``golden/snapshots/``.

A case is ``golden/cases/NAME.trf``, a TRF written by the project's writer.  Its ``###``
comment lines (TRF26 comments, kept by the reader and the writer) carry:

* ``### case: NAME`` / ``### articles: ...`` / ``### purpose: ...`` -- the index row;
* ``### readings: NAME=VALUE[, NAME=VALUE ...]`` -- one line per reading variant.  A case
  without such lines is paired once, under the default readings; a case with them is
  paired once per line, with exactly those readings set (the others at their default),
  so its snapshots do not move when a default changes;
* ``### note: ...`` / ``### witness ...: ...`` -- the hand check and the witnesses' verdicts.

The snapshots of a variant, where ID is ``NAME`` or ``NAME__reading=value[,reading=value]``:

* ``golden/snapshots/ID.md``: the pairing and the trace rendered as Markdown, so that a
  snapshot diff reads like a changed explanation;
* ``golden/snapshots/ID.decisions.json``: the trace's decisions without wording (the
  rulebook's ``decisions(trace)``), so that a change which moves only the ``.md`` files
  (a reworded template or event) is shown to have changed no decision.

``DUBOV_GOLDEN_DIR`` points the whole mechanism at another directory (used by the tests
of the mechanism itself).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

ROOT = Path(__file__).resolve().parent.parent


def golden_dir() -> Path:
    return Path(os.environ.get("DUBOV_GOLDEN_DIR") or ROOT / "golden")


def cases_dir() -> Path:
    return golden_dir() / "cases"


def snapshots_dir() -> Path:
    return golden_dir() / "snapshots"


SNAPSHOT_SUFFIX = ".md"
DECISIONS_SUFFIX = ".decisions.json"


@dataclass(frozen=True)
class Variant:
    """One case paired under one set of readings."""

    case: str
    path: Path
    readings: tuple[tuple[str, str], ...] = ()

    @property
    def id(self) -> str:
        if not self.readings:
            return self.case
        return self.case + "__" + ",".join(f"{k}={v}" for k, v in self.readings)

    @property
    def snapshot(self) -> Path:
        return snapshots_dir() / (self.id + SNAPSHOT_SUFFIX)

    @property
    def decisions_snapshot(self) -> Path:
        return snapshots_dir() / (self.id + DECISIONS_SUFFIX)


@dataclass(frozen=True)
class CaseInfo:
    name: str
    path: Path
    articles: str = ""
    purpose: str = ""
    variants: tuple[tuple[tuple[str, str], ...], ...] = ()
    notes: tuple[str, ...] = ()
    witnesses: dict = field(default_factory=dict)


_READINGS = re.compile(r"^###\s*readings:\s*(.*)$")
_FIELD = re.compile(r"^###\s*(case|articles|purpose|note|witness [\w.-]+):\s?(.*)$")


def read_case_info(path: Path) -> CaseInfo:
    articles = purpose = ""
    variants: list[tuple[tuple[str, str], ...]] = []
    notes: list[str] = []
    witnesses: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _READINGS.match(line)
        if m:
            pairs = []
            for item in m.group(1).split(","):
                name, _, value = item.strip().partition("=")
                pairs.append((name.strip(), value.strip()))
            variants.append(tuple(pairs))
            continue
        m = _FIELD.match(line)
        if not m:
            continue
        key, text = m.group(1), m.group(2)
        if key == "articles":
            articles = text
        elif key == "purpose":
            purpose = text
        elif key == "note":
            notes.append(text)
        elif key.startswith("witness "):
            witnesses.setdefault(key.split(" ", 1)[1], []).append(text)
    return CaseInfo(
        name=path.stem, path=path, articles=articles, purpose=purpose,
        variants=tuple(variants), notes=tuple(notes),
        witnesses={k: tuple(v) for k, v in witnesses.items()},
    )


def load_cases(directory: Path | None = None) -> list[CaseInfo]:
    d = directory or cases_dir()
    return [read_case_info(p) for p in sorted(d.glob("*.trf"))]


def load_variants(directory: Path | None = None) -> list[Variant]:
    out = []
    for info in load_cases(directory):
        for readings in info.variants or ((),):
            out.append(Variant(info.name, info.path, readings))
    return out


def expected_snapshots(variants: list[Variant]) -> set[str]:
    return {v.id + suffix for v in variants for suffix in (SNAPSHOT_SUFFIX, DECISIONS_SUFFIX)}


def unused_snapshots(directory: Path, variants: list[Variant]) -> list[Path]:
    """Snapshot files in ``directory`` that no case variant produces."""
    expected = expected_snapshots(variants)
    return sorted(p for p in directory.iterdir() if p.is_file() and p.name not in expected)


# --------------------------------------------------------------------------- rendering
def render_variant(variant: Variant, trace) -> str:
    """The snapshot text: the project's Markdown round report of the trace (the pairing,
    the standings and every decision with its article), titled with the case.

    The report's table of the readings in force (the trace header) is left out and
    replaced by the readings the case itself sets: otherwise changing one reading's
    default would touch every snapshot, and the golden diff could not show which cases
    the change really affects.
    """
    from dubov_explain.render.report import round_report_md

    text = _drop_section(round_report_md(trace, variant.case), "## Readings in force")
    if variant.readings:
        chosen = ", ".join(f"`{k}={v}`" for k, v in variant.readings)
        note = f"Readings set by this case: {chosen}; every other reading at its default."
    else:
        note = "Every reading at its default (`dubov-explain readings`)."
    head, sep, rest = text.partition("\n## ")
    return head.rstrip("\n") + "\n\n" + note + "\n\n" + sep.lstrip("\n") + rest


def render_decisions(trace) -> str:
    """The decisions snapshot text: the trace's decisions (its rulebook's projection, no
    wording) as JSON in event order, keys sorted, one-space indent, a final newline."""
    import json

    from dubov_explain.rulebooks import find_rulebook

    rulebook = find_rulebook(trace.meta["system"])
    return json.dumps(rulebook.decisions(trace), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _drop_section(text: str, heading: str) -> str:
    start = text.find(heading + "\n")
    if start < 0:
        return text
    end = text.find("\n## ", start + len(heading))
    return text[:start] + (text[end + 1:] if end >= 0 else "")


# --------------------------------------------------------------------------- syrupy
_PARAM = re.compile(r"\[(.*)\]$")


class GoldenMarkdownExtension(SingleFileSnapshotExtension):
    """One ``.md`` file per parametrized test id, in ``golden/snapshots/``.

    The test must be parametrized with ids equal to :attr:`Variant.id`.
    """

    file_extension = "md"
    _write_mode = WriteMode.TEXT

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(snapshots_dir())

    @classmethod
    def discovery_dirname(cls, *, test_location) -> str:
        return str(snapshots_dir())

    @classmethod
    def get_snapshot_name(cls, *, test_location, index=0) -> str:
        m = _PARAM.search(test_location.snapshot_name)
        name = m.group(1) if m else test_location.snapshot_name
        return name if not index else f"{name}.{index}"


class GoldenDecisionsExtension(GoldenMarkdownExtension):
    """One ``.decisions.json`` file per parametrized test id, beside the Markdown ones.

    The test compares :func:`render_decisions` (a string) with it.
    """

    file_extension = "decisions.json"


class _InFolder:
    """A snapshot extension whose files are in ``folder`` (a rulebook's corpus)."""

    folder: Path

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(cls.folder)

    @classmethod
    def discovery_dirname(cls, *, test_location) -> str:
        return str(cls.folder)


def extensions(folder: Path) -> tuple[type, type]:
    """The Markdown and the decisions extensions of a corpus whose snapshots are in
    ``folder`` (``golden/<rulebook>/snapshots``): the files are named by the variant's id,
    as :class:`GoldenMarkdownExtension` names them."""
    return (type("Markdown", (_InFolder, GoldenMarkdownExtension), {"folder": folder}),
            type("Decisions", (_InFolder, GoldenDecisionsExtension), {"folder": folder}))


def golden_tests(module: str, trace_of, variants: list[Variant], folder: Path, words: str, decisions: str):
    """The two golden tests of a corpus, for ``module`` (the test file's ``__name__``) under
    the names ``words`` and ``decisions``: each variant's round report compared with its
    ``.md`` snapshot in ``folder``, and its decisions with its ``.decisions.json`` (the
    snapshots named by the variant's id; ``trace_of(variant)`` pairs it)."""

    markdown, facts = extensions(folder)

    @pytest.mark.parametrize("variant", variants, ids=[v.id for v in variants])
    def report(variant, snapshot):
        assert render_variant(variant, trace_of(variant)) == snapshot.use_extension(markdown)

    @pytest.mark.parametrize("variant", variants, ids=[v.id for v in variants])
    def decided(variant, snapshot):
        assert render_decisions(trace_of(variant)) == snapshot.use_extension(facts)

    for test, name in ((report, words), (decided, decisions)):
        test.__name__ = test.__qualname__ = name
        test.__module__ = module
    return report, decided


def corpus(system: str):
    """A rulebook's golden corpus ``golden/<system>``: ``(BOOK, HOME, CASES, VARIANTS,
    trace_of)``, the rulebook, the folder, its cases, their reading variants and each
    variant paired under its readings (memoised)."""
    import functools

    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.trf.reader import read_trf

    book = find_rulebook(system)
    home = ROOT / "golden" / system

    @functools.lru_cache(maxsize=None)
    def trace_of(variant):
        return book.pair(read_trf(variant.path), book.readings(dict(variant.readings)))
    return book, home, load_cases(home / "cases"), load_variants(home / "cases"), trace_of
