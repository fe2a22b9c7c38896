"""The step-through page: one step per trace event, with the bracket as it stands then.

:func:`steps` asks the trace's rulebook for the state of the round after each event
(``rulebook.step_states``: the bye, the bracket's residents and upfloaters, G1, G2, S1, T2
so far, the pairs made, what was rejected, the articles cited) and words it with the
rulebook's ``steps.md.j2`` (titles, why each alternative lost) and the events template.
Nothing here knows a rule.  :func:`step_through_html` renders them
into one self-contained HTML file (inline CSS and JavaScript, no network) in which the
arrow keys step forward and back.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rulebooks import find_rulebook, system_of
from ..trace.events import Trace
from . import env as E
from .view import View


@dataclass
class Step:
    index: int
    kind: str
    title: str
    article: str
    law: list[tuple[str, str]]
    text_md: str
    #: the rulebook's state of the bracket at this step (None outside a bracket)
    bracket: object | None
    focus: set[int]
    rejected: list[tuple[str, str]]  # (who, why) rejected at this step
    done_pairs: list[tuple[int, int]]  # pairs of brackets already closed, (white, black)
    bye: int | None
    unpaired: list[int]
    boards: tuple | None = None


def steps(trace: Trace, v: View | None = None) -> list[Step]:
    """One :class:`Step` per event: the rulebook's state of the round (``step_states``),
    the articles it cites, and the words of ``steps.md.j2`` and the events template."""
    v = v or View(trace)
    system = system_of(trace)
    rb = find_rulebook(system)
    W = E.rulebook_words(system, "steps.md.j2")
    out: list[Step] = []
    for st in rb.step_states(trace):
        e = st.event
        out.append(
            Step(
                index=st.index, kind=e.kind, title=str(W.title(e.kind)), article=e.article,
                law=rb.article_text(st.cited), text_md=E.event_markdown(e, v),
                bracket=st.bracket, focus=st.focus,
                rejected=[(str(W.who(r)), str(W.rejected(r, e))) for r in st.rejected],
                done_pairs=st.done_pairs, bye=st.bye, unpaired=st.unpaired, boards=st.boards,
            )
        )
    return out


@dataclass
class PageStep:
    """One step of the page as shipped: its words (static HTML) and, for the page's script,
    what it changed in the round (``data``: focus, change, articles cited)."""

    index: int
    kind: str
    title: str
    article: str
    score: str | None  # the bracket the step belongs to, for the list of steps
    text_md: str
    rejected: list[tuple[str, str]]
    boards: tuple | None
    bye: int | None
    data: dict


def _jsonable(x):
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(x)
    return x


def page_steps(trace: Trace, v: View) -> tuple[list[PageStep], dict[str, str]]:
    """The steps of the page from the rulebook's ``step_changes`` (each event's change to the
    round, not a copy of it: linear in the field), and the text of every article cited,
    once."""
    rb = find_rulebook(v.system)
    W = E.rulebook_words(v.system, "steps.md.j2")
    laws: dict[str, str] = {}
    out: list[PageStep] = []
    score: str | None = None
    bye: int | None = None
    for c in rb.step_changes(trace):
        e, ch = c.event, c.change
        if "open" in ch:
            score = ch["open"]["score"]
        bye = ch.get("bye", bye)
        nums = []
        for num, text in rb.article_text(c.cited):
            laws.setdefault(num, text)
            nums.append(num)
        data: dict = {}
        if c.focus:
            data["f"] = sorted(c.focus)
        if ch:
            data["c"] = _jsonable(ch)
        if nums:
            data["l"] = nums
        out.append(PageStep(
            index=c.index, kind=e.kind, title=str(W.title(e.kind)), article=e.article,
            score=score, text_md=E.event_markdown(e, v),
            rejected=[(str(W.who(r)), str(W.rejected(r, e))) for r in c.rejected],
            boards=ch.get("boards"), bye=bye, data=data,
        ))
        if "leave" in ch:
            score = None
    return out, laws


def player_table(v: View) -> dict[str, list]:
    """``{number: [name, score, preference, strength]}`` of every player, once per page."""
    return {str(n): [r.get("name") or "", str(r.get("score", "?")), r.get("preference"),
                     r.get("strength")] for n, r in sorted(v.rows.items())}


def step_through_html(trace: Trace, title: str | None = None) -> str:
    """The whole step-through page as one self-contained HTML string.

    Each player's data is on the page once (a table the inline script reads), each step
    carries only what it changed; the script replays the changes to draw the bracket of the
    step shown.  Names reach the page as JSON (``<``, ``>``, ``&`` escaped) and are put into
    the page as text, never as markup."""
    v = View(trace, title)
    page_title = f"Round {v.round}, step by step" + (f": {title}" if title else "")
    from .report import standings_table

    standings_html = E.markdown_html(standings_table(v))
    ps, laws = page_steps(trace, v)
    data = {"players": player_table(v), "toPair": list(v.opened.to_pair) if v.opened else [],
            "laws": laws,
            "steps": [s.data for s in ps]}
    return E.render(
        "steps.html.j2", v=v, steps=ps, title=page_title,
        W=E.rulebook_words(v.system, "steps.md.j2"),
        standings_html=standings_html, data=data,
    )
