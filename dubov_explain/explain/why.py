"""Why and why-not: one player's round, and why two players did not meet.

Structured answers, no sentences (the words are in ``templates/whynot.md.j2``,
``templates/player.md.j2`` and the rulebook's ``why.md.j2``).  Nothing here knows an
article: what a decision is, which rule made it and what a player's round consisted of are
asked of the rulebook (:class:`~dubov_explain.rulebooks.base.Rulebook`).

:func:`explain_player` reads the round's trace for one player.  :func:`why_not` answers
"why did N not meet M?":

* unknown or absent players, a pair already paired, no pairing at all: read from the trace;
* otherwise the round is paired again by the same rulebook with N held for M (a what-if
  run, ``rulebook.pair(..., forced=((N, M),))``); its header says whether the pair is
  legal at all (``illegal``: the criterion the pair breaks);
* if it is, the two traces are compared decision by decision (``rulebook.decision_key``);
  the first decision where they part is where the procedure chose otherwise, and the
  rulebook names the criterion or order rule that made that choice
  (``rulebook.read_parting``).

There is no second, hand-written rule path: every verdict comes from an engine run.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import DubovError
from ..records import asdict, dataclass, field
from ..rulebooks import find_rulebook, system_of
from ..rulebooks.base import Rulebook
from ..rulebooks.machine import PartingWatch, until_parted
from ..tournament.model import Tournament
from ..trace.events import Event, Impossible, PairingPublished, RoundOpened, StandingsSnapshot, Trace, WhatIf


@dataclass
class WhyNot:
    """The answer to "why did ``player`` not meet ``against``?" (codes and numbers)."""

    player: int
    against: int
    #: paired | absent | illegal | impossible | passed-over | no-pairing | unknown | unsettled
    #: (the what-if run did not finish within its budget)
    verdict: str
    #: the criterion or order rule that decided: "[C1]", "[C6]", "4.4", "2.1.3", ...
    criterion: str = ""
    #: the article of the decision
    article: str = ""
    #: which reading of the decision (the rulebook's code, one template macro each):
    #: "upfloaters-c6", "shift-order", "bye-to-player", ...; for the generic verdicts
    #: "no-player", "same-player", "absent", "paired", "illegal", "no-pairing"
    case: str = ""
    #: where it was decided: "" | "to-pair" | "board" | "criteria" | "bye" | "bracket" | "round"
    where: str = ""
    #: the bracket's score when ``where == "bracket"``
    score: str | None = None
    #: the board when ``verdict == "paired"``
    board: int | None = None
    #: the numbers of the case: player numbers, sets, counts, scores (see the rulebook)
    facts: dict = field(default_factory=dict)
    #: 1-based index of the deciding event in the real trace (None if not a divergence)
    step: int | None = None
    #: the deciding event of the real trace and its counterpart in the what-if trace
    real: dict | None = None
    what_if: dict | None = None
    #: the what-if run's header (``illegal``: the criterion the pair breaks, and its fact)
    evidence: dict | None = None
    #: the pairing of the what-if run (boards, bye), when it has one
    what_if_boards: list | None = None
    what_if_bye: int | None = None
    #: the named readings that would change the player's round (see readings_that_matter)
    readings: list = field(default_factory=list)
    #: the other reading values a budget left unpaired (``"name=value"``), and its seconds
    readings_unasked: list = field(default_factory=list)
    readings_budget: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------------------- decisions
def _rulebook(trace: Trace | None = None, system: str | None = None) -> Rulebook:
    return find_rulebook(system or system_of(trace))


def decisions(trace: Trace, rulebook: Rulebook | None = None) -> list[tuple[int, Event]]:
    """The trace's decisions with their 1-based event index."""
    rb = rulebook or _rulebook(trace)
    return [(i, e) for i, e in enumerate(trace.events, start=1) if rb.decision_key(e) is not None]


def first_divergence(real: Trace, what_if: Trace, rulebook: Rulebook | None = None):
    """``(index in real, real event, what-if event)`` of the first differing decision."""
    rb = rulebook or _rulebook(real)
    a, b = decisions(real, rb), decisions(what_if, rb)
    for (i, x), (_, y) in zip(a, b):
        if rb.decision_key(x) != rb.decision_key(y):
            return i, x, y
    if len(a) != len(b):
        k = min(len(a), len(b))
        x = a[k] if k < len(a) else (a[-1] if a else (0, None))
        y = b[k] if k < len(b) else (b[-1] if b else (0, None))
        return x[0], x[1], y[1]
    return None


# ---------------------------------------------------------------------------- why not
def why_not(
    t: Tournament,
    player: int,
    against: int,
    readings=None,
    round_no: int | None = None,
    trace: Trace | None = None,
    system: str | None = None,
    watch: PartingWatch | None = None,
    seconds: float | None = None,
) -> WhyNot:
    """Why ``player`` does not meet ``against`` in the round to pair (see module doc).

    ``watch`` (the rulebook's ``parting_watch`` of ``trace``): the what-if run stops at the
    end of the bracket where it parts from the real one, which is all the answer reads; it
    then has no pairing of its own (``what_if_boards`` stays None).  ``seconds``: at most
    that much CPU time for the what-if run; a run cut short answers ``unsettled`` (case
    ``budget``, ``facts["seconds"]``): nothing is known of the pair then."""
    n, m = player, against
    rb = _rulebook(trace, system)
    trace = trace or rb.pair(t, readings, round_no)
    opened = trace.events[0]
    assert isinstance(opened, RoundOpened)
    rows = {r["number"]: r for e in trace.of(StandingsSnapshot) for r in e.rows}
    for p in (n, m):
        if p not in rows:
            return WhyNot(n, m, "unknown", case="no-player", facts={"player": p})
    if n == m:
        return WhyNot(n, m, "unknown", case="same-player")
    absent = dict(opened.absent)
    for p in (n, m):
        if p in absent:
            art = rb.verdict_article("absent")
            return WhyNot(n, m, "absent", art, art, case="absent", where="to-pair",
                          facts={"player": p, "absence": absent[p]})
    result = trace.result
    if isinstance(result, PairingPublished):
        for b, (w, bl) in enumerate(result.boards, start=1):
            if {w, bl} == {n, m}:
                return WhyNot(n, m, "paired", case="paired", where="board", board=b,
                              facts={"white": w, "black": bl})
    # the what-if run first: its header says whether the pair is legal at all
    from .budget import BudgetExceeded, time_limit

    bounded = False
    try:
        if seconds is not None and seconds <= 0:  # nothing left of the answer's budget
            bounded = True
            raise BudgetExceeded("0 s")
        with time_limit(seconds, cpu=True) as bounded:
            if watch is None:
                wi = rb.pair(t, readings, round_no, forced=((n, m),))
            else:
                with until_parted(watch):
                    wi = rb.pair(t, readings, round_no, forced=((n, m),))
    except BudgetExceeded:
        if not bounded:  # an outer budget's (a page's): not this answer's to word
            raise
        return WhyNot(n, m, "unsettled", case="budget", facts={"seconds": seconds})
    header = next(e for e in wi.events if isinstance(e, WhatIf))
    crit = header.pairs[0][2]
    if crit:
        return WhyNot(n, m, "illegal", crit, rb.verdict_article("illegal", crit), case="illegal",
                      where="criteria", evidence=header.to_dict())
    if isinstance(result, Impossible):
        art = rb.verdict_article("no-pairing")
        return WhyNot(n, m, "no-pairing", art, art, case="no-pairing", step=len(trace.events),
                      real=result.to_dict())
    out = _parting(n, m, trace, wi, rb)
    if "stopped" not in wi.meta and isinstance(wi.result, PairingPublished):
        out.what_if_boards = [list(b) for b in wi.result.boards]
        out.what_if_bye = wi.result.bye
    return out


def _parting(n: int, m: int, real: Trace, wi: Trace, rb: Rulebook) -> WhyNot:
    d = first_divergence(real, wi, rb)
    if d is None:  # pragma: no cover - the forced pair would then be in the real pairing
        return WhyNot(n, m, "unknown", case="same-decisions")
    i, r, w = d
    a = rb.read_parting(real, wi, r, w, n, m)
    return WhyNot(n, m, a["verdict"], a["criterion"], a["article"], case=a["case"],
                  where=a["where"], score=a["score"], facts=a["facts"], step=i,
                  real=r.to_dict() if r else None, what_if=w.to_dict() if w else None)


# ---------------------------------------------------------------------------- one player
@dataclass
class PlayerExplanation:
    """One player's round (codes and numbers; the rulebook reads the events)."""

    player: int
    row: dict
    position: int | None
    round: int
    #: absent | bye | paired | unpaired
    status: str
    #: the absence code of the round header (H, Z, F, XXZ, 240, ...)
    absence: str = ""
    board: int | None = None
    #: "White" | "Black" | ""
    colour: str = ""
    opponent: int | None = None
    opponent_row: dict | None = None
    #: why the player has, or has not, the bye: ``{case, article, step, ...}``
    bye: dict = field(default_factory=dict)
    #: the player's rounds so far: ``[{round, opponent, colour, code}, ...]``
    history: list[dict] = field(default_factory=list)
    #: when the round is already in the file: the file's own entry for the player
    #: ``{opponent, colour, code}`` (compared with what the procedure gives)
    published: dict | None = None
    bracket_score: str | None = None
    resident: bool = True
    residents: list[int] = field(default_factory=list)
    upfloaters: list[int] = field(default_factory=list)
    #: how the player came to be in this bracket: ``[{case, step, ...}, ...]``
    upfloat: list[dict] = field(default_factory=list)
    #: G1/G2, shifts, S1 position: ``[{case, step, ...}, ...]``
    groups: list[dict] = field(default_factory=list)
    #: how the opponent was chosen: ``[{case, step, ...}, ...]``
    pairing: list[dict] = field(default_factory=list)
    colour_rule: str = ""
    #: 1-based index of the colour decision in the trace
    colour_step: int | None = None
    #: other players of the bracket, each with the why-not answer
    mates: list[WhyNot] = field(default_factory=list)
    #: the other players of the bracket whose why-not the page's budget left unasked
    #: (:data:`MATE_SECONDS`, then in ``mates_budget``), in the bracket's order
    mates_unasked: list[int] = field(default_factory=list)
    mates_budget: float | None = None
    #: 1-based indices of the events of the player's bracket and colour
    events: list[int] = field(default_factory=list)
    #: the named readings that would change the player's round (see readings_that_matter)
    readings: list = field(default_factory=list)
    #: the other reading values a budget left unpaired (``"name=value"``), and its seconds
    readings_unasked: list = field(default_factory=list)
    readings_budget: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def explain_player(
    t: Tournament,
    player: int,
    readings=None,
    round_no: int | None = None,
    trace: Trace | None = None,
    mates: bool = True,
    system: str | None = None,
    own: bool = True,
) -> PlayerExplanation:
    """One player's round, as facts (see module doc).  ``mates``: each bracket-mate's
    why-not; ``own``: the player's own reason where a decision was about others (both
    cost what-if runs)."""
    n = player
    rb = _rulebook(trace, system)
    trace = trace or rb.pair(t, readings, round_no)
    opened = trace.events[0]
    assert isinstance(opened, RoundOpened)
    snap = trace.of(StandingsSnapshot)[0]
    rows = {r["number"]: r for r in snap.rows}
    if n not in rows:
        raise KeyError(f"there is no player {n} in this tournament")
    order = sorted(rows.values(), key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]))
    pos = next(i for i, r in enumerate(order, start=1) if r["number"] == n)
    x = PlayerExplanation(player=n, row=rows[n], position=pos, round=opened.round, status="unpaired")
    facts = rb.player_round(trace, n)
    x.published = _file_entry(t, n, opened.round)
    if "history" not in facts:  # a rulebook that does not read it from its trace: the file's
        facts["history"] = []
        for r in range(1, opened.round):
            h = _file_entry(t, n, r)
            if h is not None:
                facts["history"].append(dict(round=r, **h))
    absent = dict(opened.absent)
    if n in absent:
        x.status, x.absence = "absent", absent[n]
        x.history = facts.get("history", [])
        return x
    result = trace.result
    if isinstance(result, PairingPublished):
        if result.bye == n:
            x.status = "bye"
        for b, (w, bl) in enumerate(result.boards, start=1):
            if n in (w, bl):
                x.status, x.board = "paired", b
                x.colour = "White" if n == w else "Black"
                x.opponent = bl if n == w else w
                x.opponent_row = rows.get(x.opponent)
    for k, value in facts.items():
        setattr(x, k, value)
    if own:
        _own_reasons(t, x, readings, round_no, trace, rb)
    if mates and x.bracket_score is not None:
        _ask_mates(t, x, readings, round_no, trace, rb)
    return x


#: the CPU seconds one player page may spend on its bracket-mates' what-if runs: each
#: pairs the round again (a Dubov text's up to the end of the bracket where it parts from
#: the real one), and a run with a pair held can cost far more than the pairing (a Dutch
#: bracket searched for it: seconds at 1,000 players).  The mates are asked in the
#: bracket's order; those the budget leaves are named on the page (``mates_unasked``),
#: and ``explain --against`` answers each.  The opponent's answer is read from the trace.
MATE_SECONDS = 1.0


def _ask_mates(t: Tournament, x: PlayerExplanation, readings, round_no, trace: Trace,
               rb: Rulebook) -> None:
    """Each bracket-mate's why-not, in the bracket's order, within :data:`MATE_SECONDS`."""
    from .budget import BudgetExceeded, share, time_limit

    n = x.player
    others = [m for m in x.residents + x.upfloaters if m != n]
    watch = rb.parting_watch(trace)
    answers: dict[int, WhyNot] = {}
    seconds = share(MATE_SECONDS)
    try:
        if seconds > 0:
            with time_limit(seconds, cpu=True):
                for m in others:
                    answers[m] = why_not(t, n, m, readings, round_no, trace, rb.name, watch)
    except BudgetExceeded:
        pass
    for m in others:
        if m not in answers and m == x.opponent:  # read from the trace: no run
            answers[m] = why_not(t, n, m, readings, round_no, trace, rb.name)
    x.mates = [answers[m] for m in others if m in answers]
    x.mates_unasked = [m for m in others if m not in answers]
    x.mates_budget = seconds if x.mates_unasked else None


def _file_entry(t: Tournament, n: int, r: int) -> dict | None:
    """The file's own entry of ``n`` for round ``r``, when the file has that round."""
    p = next((p for p in t.players if p.number == n), None)
    e = p.entry(r) if p is not None else None
    if e is None or getattr(e, "pending", False) and e.opponent is None:
        return None
    colour = e.colour.value if e.colour is not None else "-"
    return dict(opponent=e.opponent or 0, colour=colour, code=e.code or "")


#: how many what-if runs one fact of a player's page may cost
OWN_REASON_TRIES = 3


def _own_reasons(t: Tournament, x: PlayerExplanation, readings, round_no, trace: Trace, rb: Rulebook) -> None:
    """The player's own reason for a fact decided about others (a bracket above took other
    upfloaters): the rulebook lists in ``ask`` the pairs whose what-if run puts the player
    there; the first why-not answer decided in that bracket is the reason, with its numbers.
    Only the last such fact (the nearest bracket) is asked: each answer is a what-if run."""
    facts = [i for part in (x.upfloat, x.groups, x.pairing) for i in part if i.get("ask")]
    for i in facts[-1:]:
        for n, m in i["ask"][:OWN_REASON_TRIES]:
            w = why_not(t, n, m, readings, round_no, trace, rb.name)
            if w.where == "bracket" and w.score == i.get("score"):
                i["what_if"] = w.to_dict()
                break


# ---------------------------------------------------------------------------- readings
def outcome(trace: Trace, n: int) -> dict:
    """What the round gave ``n``: ``{opponent, white, bye}`` (None/False when not)."""
    res = trace.result
    if not isinstance(res, PairingPublished):
        return {"opponent": None, "white": None, "bye": False, "paired": False}
    for w, b in res.boards:
        if n in (w, b):
            return {"opponent": b if n == w else w, "white": n == w, "bye": False, "paired": True}
    return {"opponent": None, "white": None, "bye": res.bye == n, "paired": True}


def readings_that_matter(t: Tournament, n: int, readings=None, round_no: int | None = None,
                         trace: Trace | None = None, system: str | None = None,
                         seconds: float | None = None, unasked: list | None = None) -> list[dict]:
    """Each other value of each named reading that changes ``n``'s round (opponent, colour
    or bye): ``[{name, value, current, article, outcome}, ...]``.  One pairing per value;
    ``seconds`` and ``unasked`` as for :func:`other_readings`."""
    rb = _rulebook(trace, system)
    cur = readings or rb.readings()
    trace = trace or rb.pair(t, cur, round_no)
    mine = outcome(trace, n)
    out = []
    for r, now, value, other in other_readings(t, rb, cur, round_no, trace, seconds, unasked):
        got = outcome(other, n)
        if got != mine:
            out.append(dict(name=r.name, value=value, current=now, article=r.article, outcome=got))
    return out


#: the CPU seconds ``explain --against`` may spend on its what-if run (a Dutch bracket
#: searched for a pair held across score groups: minutes at 1,000 players)
WHY_NOT_SECONDS = 2.0


#: the CPU seconds an answer may spend pairing the round under the other readings (one
#: pairing per value: 10 to 19 of them, seconds each at 10,000 players); the answer names
#: the values left unpaired
READINGS_SECONDS = 3.0


def other_readings(t: Tournament, rb: Rulebook, cur, round_no: int | None = None,
                   real: Trace | None = None, seconds: float | None = None,
                   unasked: list | None = None):
    """``(reading, current value, other value, trace)`` for each other value of each named
    reading of ``rb``: the round paired once under each (a value the request cannot be
    paired under, an input error, is left out: it changes nothing that could be shown).
    ``real``: the round's trace under ``cur``; a reading its header does not list
    (``RoundOpened.readings``: the acceleration readings of a round without acceleration,
    which cannot change it) is not paired under.  ``seconds``: at most that much CPU time
    pairing (the caller's own work between the values is not counted); the values left
    are appended to ``unasked`` as ``"name=value"``."""
    from .budget import BudgetExceeded, time_limit

    opened = real.events[0] if real is not None and real.events else None
    in_force = opened.readings if isinstance(opened, RoundOpened) else None
    todo = [(r, cur.value(r.name), value) for r in rb.catalogue
            if in_force is None or r.name in in_force
            for value in r.choices if value != cur.value(r.name)]
    spent = 0.0
    for i, (r, now, value) in enumerate(todo):
        left = None if seconds is None else seconds - spent
        start = time.process_time()
        bounded = left is not None and left <= 0
        try:
            if bounded:
                raise BudgetExceeded(f"{seconds:g} s")
            with time_limit(left, cpu=True) as bounded:
                other = rb.pair(t, rb.readings({**cur.as_dict(), r.name: value}), round_no)
        except DubovError:
            continue
        except BudgetExceeded:
            if not bounded:  # an outer budget's: not this pass's to word
                raise
            if unasked is not None:
                unasked.extend(f"{q.name}={v}" for q, _, v in todo[i:])
            return
        finally:
            spent += time.process_time() - start
        yield r, now, value, other


# ---------------------------------------------------------------------------- reply
@dataclass
class Reply:
    """A short letter to a player: the decision, the alternative the player most likely
    expected (``topic``), why it was worse, and the readings that would change it."""

    player: int
    round: int
    #: absent | no-pairing | bye | no-bye | colour | upfloat | float | opponent
    topic: str
    explanation: PlayerExplanation
    #: the why-not answer when the topic is an opponent
    against: WhyNot | None = None
    readings: list[dict] = field(default_factory=list)
    technical: bool = False
    #: the other unusual facts of the round, named briefly (``no-bye``, ``float``, ``colour``)
    others: list[str] = field(default_factory=list)
    #: the other reading values a budget left unpaired (``"name=value"``), and its seconds
    readings_unasked: list = field(default_factory=list)
    readings_budget: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: the questions a player can state (``explain --reply --bye``, ``--float``, ``--colour``)
QUESTIONS = ("bye", "float", "colour")


def choose_topic(x: PlayerExplanation, against: int | None = None, question: str | None = None,
                 bye_expected: bool = False) -> str:
    """What the player is asking about: the question stated (``against``: an opponent;
    ``question``: one of :data:`QUESTIONS`), else what is unusual about the round, first
    found: the absence, the bye they got, no pairing at all, the bye they expected and did
    not get (``bye_expected``: the bye went to a player with as many points or more), the
    bracket they floated out of (``upfloat``), an opponent of another score (``float``),
    the colour they wanted and did not get; else their opponent."""
    if against is not None:
        return "opponent"
    if question == "bye":
        return "bye" if x.status == "bye" else ("no-bye" if x.status == "paired" else _status_topic(x))
    if question == "colour":
        return "colour"
    if x.status != "paired":
        return _status_topic(x)
    if question == "float":
        return "float" if x.resident else "upfloat"
    if bye_expected:
        return "no-bye"
    if not x.resident:
        return "upfloat"
    if x.opponent_row is not None and float(x.opponent_row["score"]) != float(x.row["score"]):
        return "float"
    if x.colour and x.row.get("preference") in ("White", "Black") and x.row["preference"] != x.colour:
        return "colour"
    return "opponent"


def other_topics(x: PlayerExplanation, topic: str, bye_expected: bool = False) -> list[str]:
    """The unusual facts of a paired player's round the letter does not answer, to name
    briefly: the bye expected (``no-bye``), an opponent of another score (``float``), a
    colour against the preference (``colour``)."""
    if x.status != "paired":
        return []
    found = []
    if bye_expected:
        found.append("no-bye")
    if x.opponent_row is not None and float(x.opponent_row["score"]) != float(x.row["score"]):
        found.append("float")
    if x.colour and x.row.get("preference") in ("White", "Black") and x.row["preference"] != x.colour:
        found.append("colour")
    asked = {"upfloat": "float"}.get(topic, topic)
    return [t for t in found if t != asked]


def _status_topic(x: PlayerExplanation) -> str:
    return {"absent": "absent", "bye": "bye"}.get(x.status, "no-pairing")


def bye_expected(trace: Trace, x: PlayerExplanation) -> bool:
    """Whether the player could have expected the bye ("I am last, why not me?"): another
    player has it, with as many points or more, and the player's score is the lowest of
    the players paired this round."""
    res = trace.result
    if not isinstance(res, PairingPublished) or res.bye is None or res.bye == x.player:
        return False
    rows = {r["number"]: r for e in trace.of(StandingsSnapshot) for r in e.rows}
    holder = rows.get(res.bye)
    paired = [p for b in res.boards for p in b] + [res.bye]
    lowest = min(float(rows[p]["score"]) for p in paired if p in rows)
    mine = float(x.row["score"])
    return holder is not None and float(holder["score"]) >= mine and mine == lowest


def expected_opponent(x: PlayerExplanation) -> WhyNot | None:
    """The opponent the player most likely expected: the first bracket-mate (in the order of
    the bracket) passed over by a decision of the procedure; else the first one the
    criteria forbid."""
    for verdicts in (("passed-over", "impossible"), ("illegal",)):
        for w in x.mates:
            if w.verdict in verdicts:
                return w
    return None


def reply(t: Tournament, player: int, readings=None, round_no: int | None = None,
          trace: Trace | None = None, against: int | None = None, system: str | None = None,
          technical: bool = False, check_readings: bool = True, topic: str | None = None,
          question: str | None = None, readings_seconds: float | None = None) -> Reply:
    """The facts of a reply to ``player`` (see :class:`Reply`); ``question``: the one the
    player states (:data:`QUESTIONS`), ``topic``: the topic itself, chosen by the caller;
    ``readings_seconds``: at most that much CPU time pairing the round under the other
    readings (the values left are ``readings_unasked``; None: no limit).
    The bracket-mates' why-not answers are asked only when the topic is an opponent the
    player did not name, one by one in the bracket's order until :func:`expected_opponent`'s
    answer is settled; ``explanation.mates`` holds those asked."""
    rb = _rulebook(trace, system)
    trace = trace or rb.pair(t, readings, round_no)
    x = explain_player(t, player, readings, round_no, trace, mates=False, system=rb.name)
    expected = bye_expected(trace, x)
    topic = topic or choose_topic(x, against, question, expected)
    w = None
    if topic == "opponent":
        w = why_not(t, player, against, readings, round_no, trace, rb.name) if against is not None \
            else _expected_opponent(t, x, readings, round_no, trace, rb)
    out = Reply(player=player, round=x.round, topic=topic, explanation=x, against=w, technical=technical,
                others=other_topics(x, topic, expected))
    if check_readings:
        if readings_seconds is not None:
            from .budget import share

            readings_seconds = share(readings_seconds)
        out.readings = readings_that_matter(t, player, readings, round_no, trace, rb.name,
                                            readings_seconds, out.readings_unasked)
        out.readings_budget = readings_seconds if out.readings_unasked else None
    return out


def _expected_opponent(t: Tournament, x: PlayerExplanation, readings, round_no, trace: Trace,
                       rb: Rulebook) -> WhyNot | None:
    """:func:`expected_opponent` of ``x`` with its bracket-mates asked in order only until
    the answer is settled: the first passed over ends the search (the first one forbidden
    by the criteria is the answer only when none is passed over).  Within the page's
    budget (:data:`MATE_SECONDS`, each mate :data:`REPLY_MATE_SECONDS`): a mate whose run
    is cut is not taken, and the mates left are ``x.mates_unasked``."""
    if x.bracket_score is None:
        return None
    from .budget import share

    watch = rb.parting_watch(trace)
    seconds = share(MATE_SECONDS)
    spent = 0.0
    for m in x.residents + x.upfloaters:
        if m == x.player:
            continue
        if spent >= seconds:  # the rest unasked, as on the page
            x.mates_unasked.append(m)
            continue
        start = time.process_time()
        x.mates.append(why_not(t, x.player, m, readings, round_no, trace, rb.name, watch,
                               seconds=min(REPLY_MATE_SECONDS, seconds - spent)))
        spent += time.process_time() - start
        if x.mates[-1].verdict in ("passed-over", "impossible"):
            break
    x.mates_budget = seconds if x.mates_unasked else None
    return expected_opponent(x)


#: the CPU seconds a reply gives one bracket-mate's what-if run while it looks for the
#: opponent the player most likely expected (a Dutch run with a pair held can search for
#: minutes even at 100 players); a mate whose run is cut is ``unsettled`` and not taken
REPLY_MATE_SECONDS = 0.5
