"""The package's import graph between rooms, read from the source (``ast``), and the rule
tokens that stand in code outside the rulebooks.  Run it to print both:

    python tests/architecture.py

A room is a first-level folder or module of ``dubov_explain`` (``tournament``, ``trace``,
``rulebooks``, ``explain``, ``render``, ...); an arrow ``a -> b`` is at least one import in
a module of ``a`` of a module of ``b``.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "dubov_explain"

#: a criterion ([C1]..[C10], or "C4" as a code) or a dotted number (1.5.2, 2.2.4.1), as it
#: stands in a string of code; a dotted number counts when it is an article of a rulebook's
#: text (so "1.0" in a TRF points format does not); "/C1" after a slash is C.07's Cut-1
#: modifier of a tie-break (``BH/C1``), not a pairing criterion
RULE_TOKEN = re.compile(r"\[C(?:10|[1-9])\]|(?<!/)\bC(?:10|[1-9])\b|(?<![\d.])\d\.\d+(?:\.\d+)*(?![\d.])")


def _articles() -> set[str]:
    """Every article number of every rulebook's text."""
    from dubov_explain.rulebooks import RULEBOOKS

    return {ref for name in RULEBOOKS for ref in RULEBOOKS[name].article_numbers()}


def room_of(path: Path) -> str:
    rel = path.relative_to(PKG)
    return rel.parts[0].removesuffix(".py") if len(rel.parts) > 1 else rel.stem


def _module_name(path: Path) -> list[str]:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return parts


def imports(path: Path) -> set[str]:
    """The ``dubov_explain`` modules one file imports (absolute dotted names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("dubov_explain")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("dubov_explain"):
                out.add(mod)
                out |= {f"{mod}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant):
                if str(node.args[0].value).startswith("dubov_explain"):
                    out.add(str(node.args[0].value))
    return out


def graph() -> dict[str, set[str]]:
    """room -> rooms it imports (itself excluded)."""
    arrows: dict[str, set[str]] = defaultdict(set)
    rooms = {room_of(p) for p in PKG.rglob("*.py")}
    for path in PKG.rglob("*.py"):
        src = room_of(path)
        for mod in imports(path):
            parts = mod.split(".")
            if len(parts) < 2:
                continue
            dst = parts[1]
            if dst in rooms and dst != src:
                arrows[src].add(dst)
    return dict(arrows)


def _code_strings(path: Path):
    """(line, text) of every string literal that is not a docstring, and of every name."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add(body[0].value.lineno)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING and tok.start[0] not in docstrings:
            yield tok.start[0], tok.string
        elif tok.type == tokenize.NAME:
            yield tok.start[0], tok.string


def _rule_tokens(places) -> list[tuple[str, int, str]]:
    """(file, line, token) for ``places`` = (path, [(line, text), ...]); a dotted number
    counts only when it is an article of a rulebook's text."""
    articles = _articles()
    out = []
    for path, texts in places:
        for line, text in texts:
            for m in RULE_TOKEN.finditer(text):
                tok = m.group(0)
                if not tok[0].isdigit() or tok in articles:
                    out.append((str(path.relative_to(PKG.parent)), line, tok))
    return out


def rule_tokens_outside_rulebooks() -> list[tuple[str, int, str]]:
    """Every article or criterion named in code (strings that are not docstrings) outside
    ``rulebooks/``; comments and docstrings may cite freely."""
    return _rule_tokens((p, _code_strings(p)) for p in sorted(PKG.rglob("*.py"))
                        if room_of(p) != "rulebooks")


def rule_tokens_in_page_shells() -> list[tuple[str, int, str]]:
    """Every article or criterion number in ``templates/`` (the page shells every rulebook
    shares): a rule's words belong in its rulebook's templates."""
    return _rule_tokens(
        (p, enumerate(p.read_text(encoding="utf-8").splitlines(), 1))
        for p in sorted((PKG.parent / "templates").glob("*.j2")))


if __name__ == "__main__":
    for src, dsts in sorted(graph().items()):
        print(f"{src:12} -> {', '.join(sorted(dsts))}")
    found = rule_tokens_outside_rulebooks() + rule_tokens_in_page_shells()
    print(f"\n{len(found)} rule token(s) in code outside rulebooks/ or in the page shells")
    for f, line, tok in found:
        print(f"  {f}:{line}: {tok}")
    sys.exit(0)
