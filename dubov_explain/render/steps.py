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

from ..rulebooks import find_rulebook
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
    system = E.system_of(trace)
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


def step_through_html(trace: Trace, title: str | None = None) -> str:
    """The whole step-through page as one self-contained HTML string."""
    v = View(trace, title)
    page_title = f"Round {v.round}, step by step" + (f": {title}" if title else "")
    from .report import standings_table

    standings_html = E.markdown_html(standings_table(v))
    return E.render(
        "steps.html.j2", v=v, steps=steps(trace, v), title=page_title,
        W=E.rulebook_words(v.system, "steps.md.j2"),
        standings_html=standings_html,
    )
