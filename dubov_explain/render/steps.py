"""The step-through page: one step per trace event, with the bracket as it stands then.

:func:`steps` replays the events of a trace (reading only what they record) into a list
of :class:`Step` values: what happened, the article and its text, and the state of the
round at that moment (the bye, the bracket's residents and upfloaters, G1, G2, S1, T2 so
far, the pairs made, what was rejected and why).  :func:`step_through_html` renders them
into one self-contained HTML file (inline CSS and JavaScript, no network) in which the
arrow keys step forward and back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rulebooks.dubov2025 import events as ev
from ..trace.events import Trace
from . import env as E
from ..rulebooks.dubov2025.articles import article_text
from .view import View

TITLES = {
    "round-opened": "The round opens",
    "standings": "Standings before the round",
    "bye-not-needed": "No bye needed",
    "bye-candidates": "Who may take the bye",
    "bye-rejected": "A bye candidate is passed over",
    "bye-assigned": "The bye is assigned",
    "bracket-opened": "A bracket opens",
    "minimum-upfloaters": "How many upfloaters",
    "upfloaters-chosen": "Which upfloaters",
    "groups-formed": "G1 and G2",
    "shift-needed": "A shift is needed",
    "shift": "Players are shifted",
    "s1-sorted": "S1 is sorted",
    "opponent-chosen": "An opponent is chosen",
    "transposition-chosen": "T2 is chosen",
    "colour-allocated": "Colours",
    "bracket-closed": "The bracket is paired",
    "pairing-published": "The pairing is published",
    "impossible": "No complete pairing",
}


@dataclass
class BracketState:
    score: str
    residents: list[int]
    pool: int = 0
    upfloaters: list[int] = field(default_factory=list)
    g1: list[int] = field(default_factory=list)
    g2: list[int] = field(default_factory=list)
    s1: list[tuple[int, int]] = field(default_factory=list)  # (player, ARO)
    g2_order: list[int] = field(default_factory=list)
    t2: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)  # S1 player, opponent
    colours: dict[frozenset, tuple[int, int, str]] = field(default_factory=dict)
    minimum: int | None = None
    closed: bool = False

    def copy(self) -> "BracketState":
        return BracketState(
            self.score, list(self.residents), self.pool, list(self.upfloaters), list(self.g1),
            list(self.g2), list(self.s1), list(self.g2_order), list(self.t2), list(self.pairs),
            dict(self.colours), self.minimum, self.closed,
        )

    def colour_of(self, a: int, b: int) -> tuple[int, int, str] | None:
        return self.colours.get(frozenset((a, b)))


@dataclass
class Step:
    index: int
    kind: str
    title: str
    article: str
    law: list[tuple[str, str]]
    text_md: str
    bracket: BracketState | None
    focus: set[int]
    rejected: list[tuple[str, str]]  # (who, why) rejected at this step
    done_pairs: list[tuple[int, int]]  # pairs of brackets already closed, (white, black)
    bye: int | None
    unpaired: list[int]
    boards: tuple | None = None


def _cited(e: ev.Event) -> str:
    """The event's article, plus the criteria or order rules its decision names."""
    extra: list[str] = []
    if isinstance(e, ev.ByeCandidates):
        extra = ["C2"]
    elif isinstance(e, ev.ByeRejected):
        extra = ["C4"]
    elif isinstance(e, ev.UpfloatersChosen):
        extra = [e.decided_by, "4.2"]
    elif isinstance(e, ev.MinimumUpfloaters):
        extra = ["C5"]
    elif isinstance(e, ev.Shift):
        extra = ["4.3", "4.3.3"]
    elif isinstance(e, ev.OpponentChosen):
        extra = ["4.4"] + sorted({str(c) for _, c, _ in e.rejected})
    elif isinstance(e, ev.TranspositionChosen):
        extra = ["2.2.6"]
    return " ".join([e.article] + extra)


def steps(trace: Trace, v: View | None = None) -> list[Step]:
    v = v or View(trace)

    def words(macro: str, *args) -> str:  # the rulebook's template words the facts
        return E.phrase(macro, *args, system=v.system)

    out: list[Step] = []
    bracket: BracketState | None = None
    done: list[tuple[int, int]] = []
    bye: int | None = None
    to_pair: list[int] = list(v.opened.to_pair) if v.opened else []
    for i, e in enumerate(trace.events, start=1):
        focus: set[int] = set()
        rejected: list[tuple[str, str]] = []
        boards = None
        if isinstance(e, ev.ByeCandidates):
            rejected = [(str(n), words("bye_bar", kind, rnd, code))
                        for n, kind, rnd, code in e.ineligible]
        elif isinstance(e, ev.ByeRejected):
            focus = {e.player}
            rejected = [(str(e.player), words("sentence", e))]
        elif isinstance(e, ev.ByeAssigned):
            bye = e.player
            focus = {e.player}
        elif isinstance(e, ev.BracketOpened):
            bracket = BracketState(e.score, list(e.residents), e.pool)
            focus = set(e.residents)
        elif bracket is not None and isinstance(e, ev.MinimumUpfloaters):
            bracket.minimum = e.count
        elif bracket is not None and isinstance(e, ev.UpfloatersChosen):
            bracket.upfloaters = list(e.players)
            focus = set(e.players)
            rejected = [("{" + ", ".join(c) + "}", words("skipped_words", why))
                        for c, why in e.containers_skipped]
            f = e.first_in_order
            if f:
                rejected.append(("{" + ", ".join(map(str, f["players"])) + "}",
                                 words("first_in_order_words", e)))
            r = e.runner_up
            if r.get("players") and tuple(r["players"]) != tuple(f.get("players", ()) if f else ()):
                rejected.append(("{" + ", ".join(map(str, r["players"])) + "}",
                                 f"next-best set, beaten on {r['beaten_on']}"))
        elif bracket is not None and isinstance(e, ev.GroupsFormed):
            bracket.g1, bracket.g2 = list(e.g1), list(e.g2)
        elif isinstance(e, ev.ShiftNeeded):
            pass
        elif bracket is not None and isinstance(e, ev.Shift):
            bracket.g1, bracket.g2 = list(e.g1), list(e.g2)
            focus = set(e.players)
            rejected = [("{" + ", ".join(map(str, s)) + "}", words("shift_rejected_words", e.step, why))
                        for s, why in e.rejected]
            if e.rejected_count > len(e.rejected):
                rejected.append(("…", f"{e.rejected_count - len(e.rejected)} more sets, same reason"))
        elif bracket is not None and isinstance(e, ev.S1Sorted):
            bracket.s1 = [(n, aro) for n, aro, _rank in e.s1]
            bracket.g2_order = list(e.g2)
        elif bracket is not None and isinstance(e, ev.OpponentChosen):
            bracket.t2.append(e.opponent)
            bracket.pairs.append((e.player, e.opponent))
            focus = {e.player, e.opponent}
            rejected = [(str(c), f"{crit}: {words('compat_fact', e.player, c, crit, facts)}")
                        for c, crit, facts in e.rejected]
        elif bracket is not None and isinstance(e, ev.TranspositionChosen):
            bracket.t2 = list(e.t2)
        elif bracket is not None and isinstance(e, ev.ColourAllocated):
            bracket.colours[frozenset((e.white, e.black))] = (e.white, e.black, e.rule)
            focus = {e.white, e.black}
        elif bracket is not None and isinstance(e, ev.BracketClosed):
            bracket.closed = True
        elif isinstance(e, ev.PairingPublished):
            boards = e.boards
        elif isinstance(e, ev.Impossible):
            focus = set(e.players)
        paired = {n for p in done for n in p}
        if bracket is not None:
            paired |= set(bracket.residents) | set(bracket.upfloaters) if bracket.closed else set()
        unpaired = [n for n in to_pair if n not in paired and n != bye]
        out.append(
            Step(
                index=i, kind=e.kind, title=TITLES.get(e.kind, e.kind), article=e.article,
                law=article_text(_cited(e)), text_md=E.event_markdown(e, v),
                bracket=bracket.copy() if bracket is not None else None, focus=focus,
                rejected=rejected, done_pairs=list(done), bye=bye, unpaired=unpaired,
                boards=boards,
            )
        )
        if isinstance(e, ev.BracketClosed):
            done.extend(tuple(p) for p in e.pairs)
            bracket = None
    return out


def step_through_html(trace: Trace, title: str | None = None) -> str:
    """The whole step-through page as one self-contained HTML string."""
    v = View(trace, title)
    page_title = f"Round {v.round}, step by step" + (f": {title}" if title else "")
    from .report import standings_table

    standings_html = E.markdown_html(standings_table(v))
    return E.render(
        "steps.html.j2", v=v, steps=steps(trace, v), title=page_title,
        standings_html=standings_html,
    )
