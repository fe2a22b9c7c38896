"""The step-through page: one step per trace event, with the bracket as it stands then.

:func:`steps` asks the trace's rulebook for the state of the round after each event
(``rulebook.step_states``: the bye, the bracket's residents and upfloaters, G1, G2, S1, T2
so far, the pairs made, what was rejected, the articles cited) and words it with the
rulebook's ``steps.md.j2`` (titles, why each alternative lost) and the events template.
Nothing here knows a rule.  :func:`step_through_html` renders them
into one self-contained HTML file (inline CSS and JavaScript, no network): a stepper (the
buttons; N and P anywhere; the arrow keys, Home and End only while the stepper has the focus,
so the arrows still scroll the page), a player to follow (chosen by number or name: the
list of steps is filtered to that player's and their chips are highlighted), a jump to each
bracket, and the article numbers of the text as links to the article's words, shipped in
the page.
"""

from __future__ import annotations

import re
from ..records import dataclass

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
                index=st.index, kind=e.kind, title=str(W.title(_heading(e))), article=e.article,
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
    score: str | None  # the bracket the step belongs to
    text_md: str
    rejected: list[tuple[str, str]]
    boards: tuple | None
    bye: int | None
    data: dict
    #: the score the list of steps adds to the title (None when the title says it)
    list_score: str | None = None


def _jsonable(x):
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(x)
    return x


#: an article number in a step's words, as the page's script finds it (the same pattern
#: is in templates/steps.js): a number of two levels or more, a criterion ``C7``, a lettered
#: article ``C.7``/``A.6``, the GHR; not a score (``2.5-point``, ``0.5 points``)
ARTICLE_TOKEN = re.compile(
    r"(^|[^\w.])(GHR \d+(?:\.\d+)*|[A-F]\.\d+(?:\.[0-9a-z]+)*|C\d+|\d+(?:\.\d+)+)"
    r"(?!\w|\.\d|-point| point)", re.ASCII)

#: the scopes of a step as the page ships them (``s``): every player, the bracket's
_SCOPES = {"round": "r", "bracket": "b"}


def _players_of(who) -> set[int]:
    if isinstance(who, int) and not isinstance(who, bool):
        return {who}
    if isinstance(who, (list, tuple, set, frozenset)):
        return {n for x in who for n in _players_of(x)}
    return set()


def _article_key(rb, token: str) -> str | None:
    """The article of the rulebook's text a token of the words names: the token itself, or
    the article enclosing a numbered item (``4.2.3.3`` in ``4.2.3``); never a widening to a
    one-level number (``2.5`` is more likely a score than article 2)."""
    for key, _ in rb.article_text(token)[:1]:
        if key == token or (token.startswith(key + ".") and "." in key):
            return key
    return None


def page_steps(trace: Trace, v: View) -> tuple[list[PageStep], dict[str, str], dict[str, str]]:
    """The steps of the page from the rulebook's ``step_changes`` (each event's change to the
    round, not a copy of it: linear in the field), the text of every article cited or named
    in the words, once, and the aliases of the tokens that name an article by an item of it
    (``{"4.2.3.3": "4.2.3"}``; the page links a token found in either)."""
    rb = find_rulebook(v.system)
    W = E.rulebook_words(v.system, "steps.md.j2")
    laws: dict[str, str] = {}
    out: list[PageStep] = []
    score: str | None = None
    bye: int | None = None
    tokens: set[str] = set()
    for c in rb.step_changes(trace):
        e, ch = c.event, c.change
        if "open" in ch:
            score = ch["open"]["score"]
        bye = ch.get("bye", bye)
        nums = []
        for num, text in rb.article_text(c.cited):
            laws.setdefault(num, text)
            nums.append(num)
        rejected = [(str(W.who(r)), str(W.rejected(r, e))) for r in c.rejected]
        text_md = E.event_markdown(e, v)
        for words in [text_md, e.article] + [why for _, why in rejected]:
            tokens.update(m.group(2) for m in ARTICLE_TOKEN.finditer(words))
        data: dict = {}
        if c.focus:
            data["f"] = sorted(c.focus)
        if ch:
            data["c"] = _jsonable(ch)
        if nums:
            data["l"] = nums
        scope = _SCOPES.get(getattr(c, "scope", None) or "")
        if scope:
            data["s"] = scope
        else:  # whom the step concerns beyond its focus: for following a player
            named = set(getattr(c, "named", ()) or ())
            for r in c.rejected:
                named |= _players_of(r.get("who"))
            if named - c.focus:
                data["x"] = sorted(named - c.focus)
        title = str(W.title(_heading(e), score)).strip()
        out.append(PageStep(
            index=c.index, kind=e.kind, title=title, article=e.article, score=score,
            text_md=text_md, rejected=rejected, boards=ch.get("boards"), bye=bye, data=data,
            list_score=score if title == str(W.title(_heading(e))).strip() else None,
        ))
        if "leave" in ch:
            score = None
    aliases: dict[str, str] = {}
    for token in sorted(tokens):
        if token in laws or token.count(".") < 2 and token[:1].isdigit():
            continue  # a two-level number is linked only where the step cites it
        key = _article_key(rb, token)
        if key is None:
            continue
        if key not in laws:
            laws[key] = dict(rb.article_text(key)).get(key, "")
        if key != token:
            aliases[token] = key
    return out, dict(sorted(laws.items())), aliases


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
    ps, laws, aliases = page_steps(trace, v)
    data = {"players": player_table(v), "toPair": list(v.opened.to_pair) if v.opened else [],
            "laws": laws, "aliases": aliases,
            "steps": [s.data for s in ps]}
    return E.render(
        "steps.html.j2", v=v, steps=ps, title=page_title,
        W=E.rulebook_words(v.system, "steps.md.j2"),
        standings_html=standings_html, data=data,
    )


def _heading(e) -> str:
    """The key of a step's heading in the rulebook's ``TITLES``: the event's kind, and for an
    ``impossible`` event its context when that is ``search-limit`` (a Dutch search stopped at
    its limit proves no impossibility: its heading must not say there is no pairing)."""
    if e.kind == "impossible" and getattr(e, "context", "") == "search-limit":
        return "impossible:search-limit"
    return e.kind
