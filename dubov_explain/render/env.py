"""The jinja2 environment over the templates, and the Markdown-to-HTML step.

Two kinds of templates.  The page shells (round report, step-through page, explanation
pages) live in the repository's top-level ``templates/`` folder and are installed inside
the package as ``dubov_explain/templates`` (``pyproject.toml`` maps the folder).  The
wording of a rulebook's trace events lives with the rulebook, in its ``templates`` folder
(``rulebooks/dubov2025/templates/events.md.j2``, shipped as that package's data), and is
named with the rulebook's prefix: ``dubov-2025/events.md.j2``.  Both are found through the
installed package, so an installed copy renders from any directory.  ``*.html.j2`` templates are autoescaped;
``*.md.j2`` templates write Markdown, in which player names are escaped by the ``md``
filter.  Markdown becomes HTML through markdown-it-py with raw HTML disabled: a name such
as ``<script>`` can only ever come out as text.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt

from ..rulebooks import DEFAULT_SYSTEM, RULEBOOKS
from ..safetext import escape_controls
from . import view as V


def template_dirs() -> list[str]:
    """The installed ``dubov_explain/templates``, else the source checkout's ``templates/``."""
    out = []
    try:
        pkg = resources.files("dubov_explain") / "templates"
        if pkg.is_dir():
            out.append(str(pkg))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover
        pass
    src = Path(__file__).resolve().parents[2] / "templates"
    if src.is_dir() and str(src) not in out:
        out.append(str(src))
    if not out:  # pragma: no cover - a broken install
        raise RuntimeError("dubov_explain: templates not found (package data missing)")
    return out


class _NamedPrefixLoader(jinja2.PrefixLoader):
    """A prefix loader whose templates keep their full name (``dubov-2026/why.md.j2``, not
    ``why.md.j2``), so that ``art()`` and ``here()`` know which rulebook a template is
    rendered for, also when an edition takes its family's file."""

    load = jinja2.BaseLoader.load


def rulebook_loader() -> jinja2.BaseLoader:
    """Each rulebook's templates under its name: ``dubov-2025/events.md.j2``; an edition's
    own folder first, then the folders of the rulebooks it is an edition of."""
    return _NamedPrefixLoader(
        {name: jinja2.FileSystemLoader([str(d) for d in book.template_folders()])
         for name, book in RULEBOOKS.items()}
    )


def rulebook_words(system: str | None, name: str):
    """The macros of one of a rulebook's templates (``why.md.j2`` of ``dubov-2025``)."""
    return environment().get_template(f"{system or DEFAULT_SYSTEM}/{name}").module


def events_template(system: str | None = None) -> str:
    """The name of the template that words the events of ``system``'s traces."""
    return f"{system or DEFAULT_SYSTEM}/events.md.j2"


@jinja2.pass_context
def _art(ctx, number: str) -> str:
    """``art("2.2.4")`` in a rulebook's template: the article its family numbers so, in the
    numbers of the rulebook the template is rendered for (the prefix of its name; an edition
    that renumbers its family's articles overrides ``Rulebook.cite``)."""
    book = RULEBOOKS.get((ctx.name or "").split("/", 1)[0])
    return book.cite(number) if book is not None else number


@jinja2.pass_context
def _term(ctx, phrase: str) -> str:
    """``term("a better container")`` in a rulebook's template: the phrase as its family's
    text says it, in the words of the rulebook the template is rendered for (an edition whose
    text drops a notion of its family's says what it says instead: ``Rulebook.terms``)."""
    book = RULEBOOKS.get((ctx.name or "").split("/", 1)[0])
    return book.term(phrase) if book is not None else phrase


@jinja2.pass_context
def _here(ctx, name: str) -> str:
    """``here("events.md.j2")``: the template of that name of the rulebook this template is
    rendered for (an edition that takes its family's templates imports its own, not the
    family's)."""
    prefix = (ctx.name or "").split("/", 1)[0]
    return f"{prefix}/{name}" if prefix in RULEBOOKS else f"{DEFAULT_SYSTEM}/{name}"


def _safe_value(value):
    return escape_controls(value, document=True) if isinstance(value, str) else value


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(template_dirs()), rulebook_loader()]),
        # HTML templates (and anything unknown) autoescape; Markdown templates do not: they
        # escape names for Markdown with the `md` filter instead
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2", "html"),
                                            disabled_extensions=("md.j2",),
                                            default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # every value a template prints: control characters and bidirectional overrides
        # of user data escaped, in Markdown and HTML alike (safetext)
        finalize=_safe_value,
    )
    env.filters["md"] = V.md_escape
    env.filters["mdt"] = V.md_text
    env.filters["markdown"] = markdown_html
    env.filters["cap"] = lambda s: (str(s)[:1].upper() + str(s)[1:]) if s else ""
    env.filters["fromjson"] = lambda s: json.loads(str(s))  # a rulebook macro's JSON
    env.globals.update(
        art=_art,
        term=_term,
        here=_here,
        NL="\n",
        bracket=V.bracket_name,
        players=V.players,
        pset=V.pset,
        pair=V.pair,
        plural=V.plural,
        points=V.points,
        table=V.md_table,
        summarise=V.rejected_summary,
        absence=lambda code: V.ABSENCE_WORDS.get(code, code),
    )
    return env


def render(name: str, **context) -> str:
    return environment().get_template(name).render(**context)


def event_markdown(e, v: V.View) -> str:
    """One event in its rulebook's wording (``events.md.j2`` of the rulebook's templates)."""
    return str(_events(v.system).event(e, v)).strip()


def event_plain(e, trace) -> str:
    """One event of ``trace`` in its rulebook's words, as one plain line (no Markdown):
    for a terminal or a text report."""
    md = event_markdown(e, V.View(trace))
    return " ".join(re.sub(r"\\(.)", r"\1", md.replace("**", "")).split())


def phrase(name: str, *args, system: str | None = None) -> str:
    """One macro of the rulebook's event template, as plain words (no Markdown escapes).

    ``phrase("sentence", e)`` is the reason an event records as facts, in the words the
    report uses (lower-case start, no final full stop); the template's header lists the
    other macros (``compat_fact``, ``bye_bar``, ``colour_rule``...).
    """
    return str(getattr(_events(system), name)(*args)).strip()


def sentence(e, system: str | None = None) -> str:
    """The reason ``e`` records as facts, in words: see :func:`phrase`."""
    return phrase("sentence", e, system=system)


def _events(system: str | None):
    return environment().get_template(events_template(system)).module


@lru_cache(maxsize=1)
def _md() -> MarkdownIt:
    # commonmark with tables; raw HTML off so nothing in the text can become a tag
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable(
        "table"
    )


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "section"


def markdown_html(text: str, heading_ids: bool = False) -> str:
    """Markdown -> HTML (a ``markupsafe.Markup``, safe to insert unescaped)."""
    return markdown_page(text, heading_ids=heading_ids)[0]


def headings(text: str, level: int = 2) -> list[tuple[str, str]]:
    """``[(id, title), ...]`` of the Markdown headings of one level, ids as in
    :func:`markdown_html` with ``heading_ids=True``."""
    return markdown_page(text, heading_ids=True, level=level, render=False)[1]


def markdown_page(text: str, heading_ids: bool = True, level: int = 2,
                  render: bool = True, hook=None) -> tuple[str, list[tuple[str, str]]]:
    """The HTML of a Markdown text and ``[(id, title), ...]`` of its headings of one level,
    from one parse (a report's tables are most of the work of rendering it).  ``hook``
    may change the parsed tokens first (the report's article links and player anchors)."""
    from markupsafe import Markup

    md = _md()
    tokens = md.parse(text)
    if hook is not None:
        hook(tokens)
    seen: dict[str, int] = {}
    out = []
    if heading_ids:
        for i, tok in enumerate(tokens):
            if tok.type == "heading_open" and i + 1 < len(tokens):
                title = tokens[i + 1].content
                base = slug(title)
                seen[base] = seen.get(base, 0) + 1
                hid = base if seen[base] == 1 else f"{base}-{seen[base]}"
                tok.attrSet("id", hid)
                if tok.tag == f"h{level}":
                    # the visible title: the inline children's text (escapes resolved)
                    plain = "".join(c.content for c in (tokens[i + 1].children or [])
                                    if c.type in ("text", "code_inline"))
                    out.append((hid, plain or title))
    html = Markup(md.renderer.render(tokens, md.options, {})) if render else Markup("")
    return html, out
