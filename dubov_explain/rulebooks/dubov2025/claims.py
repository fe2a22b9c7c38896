"""Every sentence proven: the claims of an explanation, re-derived from the trace.

An explanation page (``explain --player``, ``--against``, ``--reply``) is written by
templates from facts; this module reads the *written text* back, finds each claim it makes
about the round, and checks it against the trace the page was written from (and, for a
claim about a what-if run, "with N–M ...", against the what-if trace the caller supplies).
A template that words a fact wrongly -- a player put in the wrong subgroup, a count copied
from the other set, a round two players never met in -- is caught here, whatever the
answer's data said.

A claim is found by its wording (the patterns below follow ``templates/why.md.j2`` and
``events.md.j2``); its truth comes from the trace only:

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
met             the standings' histories: the rounds the two played each other
group           "starts in": the bracket's 2.2.3 subgroups (GroupsFormed); "are both
                in", "are in the same subgroup": the subgroups after 2.2.4 (S1/G2)
smaller         the subgroup 2.2.4.1 looks at: the smaller one, and its members
unavoidable     the pairs 2.2.4.1 found unavoidable (ShiftNeeded, 0 if none)
shift           a shift event with those players, from and to those subgroups
stays           the subgroup of the player after that shift
s1              the S1 order of 2.2.5; the G2 order of 4.4.2
given           an opponent chosen by 2.2.6 (OpponentChosen)
minimum         the number of upfloaters of 2.2.1
criterion       an upfloater set's value on [C6]-[C10] (UpfloatersChosen)
took            the upfloaters a bracket took
bracket         the player's bracket, as resident or upfloater; its residents
board           the published boards and colours; the bye
standing        score, position, initial rank, rating, ARO, colours
points          "N (x points)": the standings' score
absolute        an absolute colour preference (1.5.2.1)
colour          the rule of 5.2 that gave the colour
bye-bar         a [C2] bar: kind and round (ByeCandidates)
bye-key         score, games and rank compared by 2.1.3-2.1.5
history         each row of the player's rounds table
==============  ==============================================================

:func:`check_text` returns one :class:`Claim` per claim found, each with ``ok`` and, when
false, what the trace says instead.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ...records import dataclass
from ...trace.events import Trace
from . import events as ev

#: games that count as a meeting (forfeits and byes do not: GHR 3.4)
PLAYED = frozenset("1=0WDL")


@dataclass
class Claim:
    kind: str
    text: str
    ok: bool
    expected: str = ""

    def __str__(self) -> str:
        mark = "ok" if self.ok else f"FALSE (the trace says: {self.expected})"
        return f"[{self.kind}] {self.text!r}: {mark}"


NUM = r"(\d+)"
SET = r"\{([\d, ]*)\}"
SCORE = r"(\d+(?:\.\d+)?)"


def _ints(s: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", s)]


class _Facts:
    """The facts of one trace, indexed for the checks."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
        self.groups = {e.score: e for e in trace.of(ev.GroupsFormed)}
        self.brackets = {e.score: e for e in trace.of(ev.BracketOpened)}
        self.ups = {e.score: e for e in trace.of(ev.UpfloatersChosen)}
        self.minimum = {e.score: e for e in trace.of(ev.MinimumUpfloaters)}
        self.shifts = list(trace.of(ev.Shift))
        self.needed = {e.score: e for e in trace.of(ev.ShiftNeeded) if e.step == 1 and e.minimum is None}
        self.s1 = list(trace.of(ev.S1Sorted))
        self.chosen = {(e.player, e.opponent) for e in trace.of(ev.OpponentChosen)}
        self.colours = {(e.white, e.black): e for e in trace.of(ev.ColourAllocated)}
        self.cands = next(iter(trace.of(ev.ByeCandidates)), None)
        res = trace.result
        self.boards = [tuple(b) for b in res.boards] if isinstance(res, ev.PairingPublished) else []
        self.bye = res.bye if isinstance(res, ev.PairingPublished) else None

    def bracket_of(self, n: int) -> str | None:
        """The score of the bracket ``n`` is paired in (resident or upfloater)."""
        for s, e in self.ups.items():
            if n in e.players:
                return s
        for s, e in self.brackets.items():
            if n in e.residents:
                return s
        return None

    def side(self, n: int) -> str | None:
        g = self.groups.get(self.bracket_of(n))
        if g is None:
            return None
        return "G1" if n in g.g1 else ("G2" if n in g.g2 else None)

    def final_side(self, n: int) -> str | None:
        """``n``'s subgroup after the shifts of 2.2.4 (S1 is G1 sorted by 2.2.5)."""
        for e in self.s1:
            if n in [r[0] for r in e.s1]:
                return "G1"
            if n in e.g2:
                return "G2"
        return None

    def met(self, a: int, b: int) -> list[int]:
        row = self.rows.get(a, {})
        return [r for r, o, _c, k in row.get("history", ()) if o == b and k in PLAYED]


class _Checker:
    def __init__(self, trace: Trace, what_if: Callable[[int, int], Trace] | None):
        self.f = _Facts(trace)
        self._what_if = what_if
        self._wi: dict[tuple[int, int], _Facts | None] = {}
        self.claims: list[Claim] = []

    def wi(self, n: int, m: int) -> _Facts | None:
        key = (n, m)
        if key not in self._wi:
            self._wi[key] = _Facts(self._what_if(n, m)) if self._what_if else None
        return self._wi[key]

    def add(self, kind: str, text: str, ok: bool, expected: object = "") -> None:
        self.claims.append(Claim(kind, text, bool(ok), "" if ok else str(expected)))

    # ------------------------------------------------------------------ one line
    def line(self, s: str, context: tuple[int, int] | None) -> None:  # noqa: C901 - a list of patterns
        f = self.f
        for m in re.finditer(NUM + r" and " + NUM + r" met in rounds? (\d+(?:, \d+)*)", s):
            a, b, rounds = int(m[1]), int(m[2]), _ints(m[3])
            self.add("met", m[0], f.met(a, b) == rounds and f.met(b, a) == rounds, f.met(a, b))
        for m in re.finditer(NUM + r" starts in (G[12])(?:, " + NUM + r" in (G[12]))?", s):
            for p, g in ((m[1], m[2]), (m[3], m[4])):
                if p:
                    self.add("group", m[0], f.side(int(p)) == g, f"{p} in {f.side(int(p))}")
        for m in re.finditer(NUM + r" and " + NUM + r" are (?:both in (G[12])|in the same subgroup)", s):
            a, b = f.final_side(int(m[1])), f.final_side(int(m[2]))
            self.add("group", m[0], a == b and (m[3] is None or a == m[3]), (a, b))
        for m in re.finditer(r"the " + SCORE + r"-point bracket the smaller subgroup is (G[12]) \(" + SET, s):
            g = f.groups.get(m[1])
            ok = g is not None
            if ok:
                g1, g2 = list(g.g1), list(g.g2)
                smaller = "G1" if len(g1) <= len(g2) else "G2"
                ok = smaller == m[2] and _ints(m[3]) == (g1 if m[2] == "G1" else g2)
            self.add("smaller", m[0], ok, g and (g.g1, g.g2))
            u = re.search(r"(no pair|\d+ pairs?) inside (G[12]) (?:is|are) unavoidable in the pairing made, "
                          r"but with " + NUM + "–" + NUM + r" (no pair|\d+ pairs?) inside", s)
            if u:
                real = f.needed.get(m[1])
                got = real.count if real is not None else 0
                self.add("unavoidable", u[0].split(", but")[0], _count(u[1]) == got, got)
                w = self.wi(int(u[3]), int(u[4]))
                if w is not None:
                    wn = w.needed.get(m[1])
                    wgot = wn.count if wn is not None else 0
                    self.add("unavoidable", u[0], _count(u[5]) == wgot, wgot)
        for m in re.finditer(r"^- 2\.2\.4\.1: every legal pairing of the bracket pairs at least " + NUM
                             + r" pair\(s\) inside the smaller subgroup", s):
            if self.player is not None:
                e = f.needed.get(f.bracket_of(self.player))
                self.add("unavoidable", m[0], e is not None and e.count == int(m[1]), e and e.count)
        for m in re.finditer(r"no complete round-pairing contains " + NUM + "–" + NUM + r": with them paired, "
                             r"(\d+(?:, \d+)*) could not all be paired", s):
            w = self.wi(int(m[1]), int(m[2]))
            if w is not None:
                res = w.trace.result
                got = list(res.players) if isinstance(res, ev.Impossible) else None
                self.add("impossible", m[0], got == _ints(m[3]), got)
        for m in re.finditer(NUM + r" is passed over for the bye \(2\.1\.2\)", s):
            got = [e.player for e in f.trace.of(ev.ByeRejected)]
            self.add("bye-bar", m[0], int(m[1]) in got, got)
        for m in re.finditer(r"with " + NUM + r" and " + NUM + r" held for each other, every legal pairing of the bracket "
                             r"pairs at least " + NUM + r" pair\(s\) inside (G[12])", s):
            w = self.wi(int(m[1]), int(m[2]))
            if w is not None:
                hits = [e for e in w.needed.values() if e.count == int(m[3]) and e.source == m[4]]
                self.add("unavoidable", m[0], bool(hits), [(e.count, e.source) for e in w.needed.values()])
        for m in re.finditer(SET + r"(?: \([^)]*\))? shifted (?:out of|from) (G[12])(?: to (G[12]))?", s):
            self._shift(m[0], _ints(m[1]), m[2], m[3], s, context)
        for m in re.finditer(r"moves " + SET + r" \([^)]*\) from (G[12]) to (G[12])", s):
            self._shift(m[0], _ints(m[1]), m[2], m[3], s, None)
        for m in re.finditer(NUM + r" is shifted from (G[12]) to (G[12])", s):
            self._shift(m[0], [int(m[1])], m[2], m[3], s, None, member=True)
        for m in re.finditer(NUM + r" is S1 #" + NUM + r"|" + NUM + r", S1 #" + NUM + r",|" + NUM + r" \(S1 #" + NUM
                             + r"\)|S1 #" + NUM + r", " + NUM + r",", s):
            p, i = (m[1], m[2]) if m[1] else (m[3], m[4]) if m[3] else (m[5], m[6]) if m[5] else (m[8], m[7])
            ok = any([r[0] for r in e.s1].index(int(p)) + 1 == int(i) for e in f.s1 if int(p) in [r[0] for r in e.s1])
            self.add("s1", m[0], ok)
        for m in re.finditer(NUM + r" is in G2, position " + NUM + r" in initial-ranking order: (\d+(?:, \d+)*)", s):
            p, i, g2 = int(m[1]), int(m[2]), _ints(m[3])
            ok = any(list(e.g2) == g2 and g2.index(p) + 1 == i for e in f.s1 if p in e.g2)
            self.add("s1", m[0], ok)
        for m in re.finditer(r"(?:" + NUM + r"(?:, S1 #\d+,| \(S1 #\d+\))|S1 #\d+, " + NUM + r",) is given " + NUM, s):
            a, b = int(m[1] or m[2]), int(m[3])
            if context is None or "what-if" not in s:
                self.add("given", m[0], (a, b) in f.chosen, sorted(f.chosen))
        for m in re.finditer(r"the " + SCORE + r"-point bracket needs " + NUM + r" upfloater", s):
            e = f.minimum.get(m[1])
            self.add("minimum", m[0], e is not None and e.count == int(m[2]), e and e.count)
            w = re.search(r"pairing " + NUM + r" with " + NUM + r" would need " + NUM, s)
            if w and self.wi(int(w[1]), int(w[2])) is not None:
                we = self.wi(int(w[1]), int(w[2])).minimum.get(m[1])
                self.add("minimum", w[0], we is not None and we.count == int(w[3]), we and we.count)
        for m in re.finditer(r"\[(C\d+)\]: with upfloater set " + SET + r" the bracket has " + NUM + r" .*?, with "
                             + SET + r", the set " + NUM + "–" + NUM + r" needs, " + NUM, s):
            c = m[1]
            real = [e for e in f.ups.values() if list(e.players) == _ints(m[2])]
            self.add("criterion", m[0].split(", with {")[0],
                     len(real) == 1 and real[0].criteria[c] == int(m[3]), real and real[0].criteria[c])
            w = self.wi(int(m[5]), int(m[6]))
            if w is not None:
                got = [e for e in w.ups.values() if list(e.players) == _ints(m[4])]
                self.add("criterion", m[0], len(got) == 1 and got[0].criteria[c] == int(m[7]),
                         got and got[0].criteria[c])
        for m in re.finditer(r"\[C6\]: upfloater set " + SET + r" keeps a " + SCORE + r"-point player where " + SET
                             + r", the set " + NUM + "–" + NUM + r" needs, has only a " + SCORE
                             + r"-point one \(scores ([\d., ]+?) against ([\d., ]+?)[;)]", s):
            real = [e for e in f.ups.values() if list(e.players) == _ints(m[1])]
            self.add("criterion", m[0], len(real) == 1 and ", ".join(real[0].criteria["C6"]) == m[7]
                     and m[2] in real[0].criteria["C6"], real and real[0].criteria["C6"])
            w = self.wi(int(m[4]), int(m[5]))
            if w is not None:
                got = [e for e in w.ups.values() if list(e.players) == _ints(m[3])]
                self.add("criterion", m[0], len(got) == 1 and ", ".join(got[0].criteria["C6"]) == m[8]
                         and m[6] in got[0].criteria["C6"], got and got[0].criteria["C6"])
        for m in re.finditer(r"upfloater sets " + SET + r" \([^)]*\) and " + SET + r" \([^)]*\), the set " + NUM + "–"
                             + NUM + r" needs, are equally good on \[C6\]-\[C10\]", s):
            real = [e for e in f.ups.values() if list(e.players) == _ints(m[1])]
            w = self.wi(int(m[3]), int(m[4]))
            if w is not None:
                got = [e for e in w.ups.values() if list(e.players) == _ints(m[2])]
                last = bool(f.trace.events[0].last_round)
                keys = ("C6", "C7") if last else ("C6", "C7", "C8", "C9", "C10")
                ok = len(real) == 1 and len(got) == 1 and all(real[0].criteria[k] == got[0].criteria[k] for k in keys)
                self.add("criterion", m[0], ok, (real and real[0].criteria, got and got[0].criteria))
        for m in re.finditer(r"Instead of " + SET + r", the next-best choice was " + SET + r": worse on \[(C\d+)\] \("
                             r"(?:upfloater scores )?([\d., ]+?) (?:[a-z].*?)?against ([\d., ]+?)[;)]", s):
            e = next((e for e in f.ups.values() if list(e.players) == _ints(m[1])), None)
            ru = e.runner_up if e is not None else {}
            c = m[3]
            fmt = (lambda v: ", ".join(v)) if c == "C6" else str
            ok = (e is not None and ru.get("players") is not None and list(ru["players"]) == _ints(m[2])
                  and ru.get("beaten_on") == f"[{c}]" and fmt(ru["criteria"][c]) == m[4].strip()
                  and fmt(e.criteria[c]) == m[5].strip())
            self.add("criterion", m[0], ok, ru)
        for m in re.finditer(r"[Tt]he " + SCORE + r"-point bracket(?:,)?(?: which)? took " + SET + r" as upfloaters", s):
            e = f.ups.get(m[1])
            self.add("took", m[0], e is not None and list(e.players) == _ints(m[2]), e and e.players)
        for m in re.finditer(NUM + r" is paired in the " + SCORE + r"-point bracket as an? (resident|upfloater)", s):
            p, sc = int(m[1]), m[2]
            role = "resident" if sc in f.brackets and p in f.brackets[sc].residents else (
                "upfloater" if sc in f.ups and p in f.ups[sc].players else None)
            self.add("bracket", m[0], role == m[3], role)
        for m in re.finditer(NUM + r" is paired in the " + SCORE + r"-point bracket as an? \w+\. Residents: (\d+(?:, \d+)*); "
                             r"upfloaters: (\d+(?:, \d+)*|none)", s):
            b, u = f.brackets.get(m[2]), f.ups.get(m[2])
            ok = b is not None and list(b.residents) == _ints(m[3]) and (
                list(u.players) if u is not None else []) == _ints(m[4])
            self.add("bracket", m[0], ok, (b and b.residents, u and u.players))
        for m in re.finditer(r"(\d+) resident\(s\)[^:]*: (\d+) upfloater\(s\) needed", s):
            hits = [e for e in f.minimum.values() if e.residents == int(m[1]) and e.count == int(m[2])]
            self.add("minimum", m[0], bool(hits), [(e.score, e.residents, e.count) for e in f.minimum.values()])
        for m in re.finditer(r"G1 has " + NUM + r" players and G2 " + NUM + r": " + NUM + r" player\(s\) move from (G[12])", s):
            hits = [e for e in f.trace.of(ev.ShiftNeeded) if e.step == 2 and tuple(e.sizes) == (int(m[1]), int(m[2]))
                    and e.count == int(m[3]) and e.source == m[4]]
            self.add("shift", m[0], bool(hits))
        for m in re.finditer(NUM + r" \((mild|strong|absolute) (White|Black)\)", s):
            row = f.rows.get(int(m[1]), {})
            self.add("preference", m[0], row.get("strength") == m[2] and row.get("preference") == m[3],
                     (row.get("strength"), row.get("preference")))
        for m in re.finditer(NUM + r" is a resident of the " + SCORE + r"-point bracket", s):
            b = f.brackets.get(m[2])
            self.add("bracket", m[0], b is not None and int(m[1]) in b.residents)
        for m in re.finditer(NUM + r" \(" + SCORE + r" points?\) is upfloated into the " + SCORE + r"-point bracket", s):
            e = f.ups.get(m[3])
            self.add("bracket", m[0], e is not None and int(m[1]) in e.players)
        for m in re.finditer(r"Board " + NUM + r": " + NUM + r" has (White|Black) against " + NUM, s):
            b, p, col, o = int(m[1]), int(m[2]), m[3], int(m[4])
            want = (p, o) if col == "White" else (o, p)
            self.add("board", m[0], 0 < b <= len(f.boards) and f.boards[b - 1] == want, f.boards)
        for m in re.finditer(NUM + r" (?:has|receives) the pairing-allocated bye", s):
            self.add("board", m[0], f.bye == int(m[1]), f.bye)
        for m in re.finditer(r"Nobody has the bye: " + NUM + r" players to pair", s):
            nb = next(iter(f.trace.of(ev.ByeNotNeeded)), None)
            self.add("board", m[0], f.bye is None and nb is not None and nb.players == int(m[1]))
        # the reply's decision and facts ("you" is the player the reply is to)
        for m in re.finditer(r"Round " + NUM + r": you \(" + NUM + r" .*?, " + SCORE + r" points?\) play (White|Black) "
                             r"against " + NUM + r" .*?\(" + SCORE + r" points?\), board " + NUM, s):
            p, col, o, b = int(m[2]), m[4], int(m[5]), int(m[7])
            want = (p, o) if col == "White" else (o, p)
            ok = (int(m[1]) == f.trace.events[0].round and 0 < b <= len(f.boards) and f.boards[b - 1] == want
                  and _score(f, p) == m[3] and _score(f, o) == m[6])
            self.add("board", m[0], ok, (f.boards, _score(f, p), _score(f, o)))
        for m in re.finditer(r"you \(" + NUM + r" .*?, " + SCORE + r" points?\) have the pairing-allocated bye", s):
            self.add("board", m[0], f.bye == int(m[1]) and _score(f, int(m[1])) == m[2], f.bye)
        for m in re.finditer(r"Before this round you had " + SCORE + r" points?, position " + NUM + r" of " + NUM
                             + r"; your colours so far: ([WB]+|none)", s):
            p = self.player
            row = f.rows.get(p, {})
            order = sorted(f.rows.values(), key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]))
            pos = next((i for i, r in enumerate(order, 1) if r["number"] == p), None)
            ok = row.get("score") == m[1] and pos == int(m[2]) and len(order) == int(m[3]) and (
                row.get("colours") or "none") == m[4]
            self.add("standing", m[0], ok, (row.get("score"), pos, row.get("colours")))
        for m in re.finditer(r"The next candidate, " + NUM + r" .*?, has " + SCORE + r" points?, " + NUM
                             + r" game\(s\) played and initial rank " + NUM + r"; you have " + SCORE + r" points?, "
                             + NUM + r" game\(s\) played and initial rank " + NUM, s):
            keys = {k[0]: k for k in (f.cands.keys if f.cands else ())}
            a, b = keys.get(int(m[1])), keys.get(self.player)
            ok = a is not None and b is not None and (str(a[1]), a[2], a[3]) == (m[2], int(m[3]), int(m[4])) \
                and (str(b[1]), b[2], b[3]) == (m[5], int(m[6]), int(m[7]))
            self.add("bye-key", m[0], ok, (a, b))
        for m in re.finditer(NUM + r" and " + NUM + r" both have an absolute preference for (White|Black)", s):
            ok = all(f.rows[int(p)]["strength"] == "absolute" and f.rows[int(p)]["preference"] == m[3]
                     for p in (m[1], m[2]))
            self.add("absolute", m[0], ok)
        for m in re.finditer(NUM + r" has (White|Black) by (5\.2\.\d)", s):
            p = int(m[1])
            e = next((e for (w, b), e in f.colours.items() if p in (w, b)), None)
            ok = e is not None and e.rule == m[3] and (e.white if m[2] == "White" else e.black) == p
            self.add("colour", m[0], ok, e and (e.white, e.black, e.rule))
        for m in re.finditer(NUM + r"(?: may not have the bye:|\s\()\s*(received the pairing-allocated bye|won by forfeit|"
                             r"scored a win's points without playing) in round " + NUM, s):
            kind = {"received the pairing-allocated bye": "pab", "won by forfeit": "forfeit-win"}.get(
                m[2], "win-points-unplayed")
            bars = [(r[0], r[1], r[2]) for r in (f.cands.ineligible if f.cands else ())]
            self.add("bye-bar", m[0], (int(m[1]), kind, int(m[3])) in bars, bars)
        for m in re.finditer(r"Passed over by 2\.1\.2 \([^)]*\): " + r"(\d+(?:, \d+)*)", s):
            got = [e.player for e in f.trace.of(ev.ByeRejected)]
            self.add("bye-bar", m[0], _ints(m[1]) == got, got)
        for m in re.finditer(NUM + r" has a lower score \(" + SCORE + r" points? against " + SCORE, s):
            self.add("bye-key", m[0], _score(f, int(m[1])) == m[2], _score(f, int(m[1])))
        for m in re.finditer(NUM + r" has played more games \(" + NUM + r" against " + NUM, s):
            keys = {k[0]: k for k in (f.cands.keys if f.cands else ())}
            k = keys.get(int(m[1]))
            self.add("bye-key", m[0], k is not None and k[2] == int(m[2]), k)
        for m in re.finditer(NUM + r" is lower in the initial ranking \(rank " + NUM + r" against " + NUM, s):
            k = f.rows.get(int(m[1]), {}).get("initial_rank")
            self.add("bye-key", m[0], k == int(m[2]), k)
        for m in re.finditer(NUM + r" .*? has " + SCORE + r" points? before round " + NUM + r": position " + NUM
                             + r" of " + NUM, s):
            p = int(m[1])
            order = sorted(f.rows.values(), key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]))
            pos = next((i for i, r in enumerate(order, 1) if r["number"] == p), None)
            ok = (_score(f, p) == m[2] and int(m[3]) == f.trace.events[0].round and pos == int(m[4])
                  and len(order) == int(m[5]))
            self.add("standing", m[0], ok, (_score(f, p), pos, len(order)))
        for m in re.finditer(r"colour preference is (mild|strong|absolute) for (White|Black) \(([\d.]+)\)", s):
            self._player_row(m, s, ("strength", "preference", "preference_rule"))
        for m in re.finditer(r"Upfloated " + NUM + r" time\(s\)(, a maximum upfloater \(1\.7\))?(, including the previous round)?", s):
            p = re.match(r"(\d+) ", self._subject or "")
            row = f.rows.get(int(p[1]), {}) if p else {}
            ok = (row.get("upfloats") == int(m[1]) and bool(row.get("max_upfloater")) == bool(m[2])
                  and bool(row.get("upfloated_previous")) == bool(m[3]))
            self.add("standing", m[0], ok, (row.get("upfloats"), row.get("max_upfloater"), row.get("upfloated_previous")))
        for m in re.finditer(r"^- " + NUM + r" .*?: paired with " + NUM + r"\.$", s):
            pair = {int(m[1]), int(m[2])}
            self.add("board", m[0], any(set(b) == pair for b in f.boards), f.boards)
        for m in re.finditer(NUM + r", earlier in S1 \(#" + NUM + r"\), is given " + NUM, s):
            a, b = int(m[1]), int(m[3])
            self.add("given", m[0], (a, b) in f.chosen, sorted(f.chosen))
        for m in re.finditer(NUM + r" is not paired this round \(([^)]*)\)", s):
            opened = f.trace.events[0]
            absent = dict(getattr(opened, "absent", ()) or ())
            self.add("absent", m[0], int(m[1]) in absent, absent)
        for m in re.finditer(r"initial rank " + NUM + r", rating " + NUM + r", ARO " + NUM, s):
            self._player_row(m, s, ("initial_rank", "rating", "aro"))
        for m in re.finditer(r"Colours so far: ([WB]*|none) \(colour difference ([+-]\d+)\)", s):
            self._player_row(m, s, ("colours", "colour_difference"))
        self._points(s)

    def _player_row(self, m, s: str, keys) -> None:
        p = re.match(r"(\d+) ", self._subject or "")
        if not p:
            return
        row = self.f.rows.get(int(p[1]), {})
        want = [str(row.get(k)) for k in keys]
        got = list(m.groups())
        if "colours" in keys:
            want[0] = row.get("colours") or "none"
            want[1] = f"{row.get('colour_difference'):+d}"
        self.add("standing", m[0], got == want, want)

    def _points(self, s: str) -> None:
        for m in re.finditer(r"\(" + SCORE + r" points?\)", s):
            before = s[: m.start()].rstrip()
            # "N Name (x points)" first (a name may end in digits: "7 P6"), then "N (x points)"
            named = [n for n, row in self.f.rows.items() if row.get("name")
                     and re.search(r"(?:^|[\s(])" + str(n) + " " + re.escape(str(row["name"])) + "$", before)]
            bare = [n for n in self.f.rows if re.search(r"(?:^|[\s(])" + str(n) + "$", before)]
            for n in (named or bare)[:1]:
                row = self.f.rows[n]
                self.add("points", f"{n} {m[0]}", row["score"] == m[1], row["score"])

    def _shift(self, text: str, players: list[int], source: str, target: str | None, s: str,
               context: tuple[int, int] | None, member: bool = False) -> None:
        if "shifted out of" in text:  # a what-if's shift: "with N–M ... ({6} shifted out of G1)"
            pm = re.search(NUM + "–" + NUM, s)
            f = self.wi(int(pm[1]), int(pm[2])) if pm else None
            if f is None:
                return
        else:
            f = self.f
        hits = [e for e in f.shifts if (set(players) <= set(e.players) if member else list(e.players) == players)
                and e.source == source
                and (target is None or e.target == target)]
        self.add("shift", text, bool(hits), [(e.players, e.source, e.target) for e in f.shifts])
        st = re.search(NUM + r" stays in (G[12])", s)
        if st and hits:
            e = hits[0]
            side = "G1" if int(st[1]) in e.g1 else ("G2" if int(st[1]) in e.g2 else None)
            self.add("stays", st[0], side == st[2], side)

    # ------------------------------------------------------------------ tables
    def colour_table(self, lines: list[str]) -> None:
        """``| N Name | colours | difference | strength preference (rule) |``"""
        for ln in lines:
            cells = [c.strip() for c in ln.strip().strip("|").split("|")]
            if len(cells) != 4 or not re.match(r"\d+ ", cells[0]):
                continue
            row = self.f.rows.get(int(cells[0].split()[0]), {})
            want = [row.get("colours") or "none", f"{row.get('colour_difference', 0):+d}",
                    f"{row.get('strength')} {row.get('preference')} ({row.get('preference_rule')})"]
            self.add("colour-table", ln, cells[1:] == want, want)

    def history(self, lines: list[str], player: int) -> None:
        rows = [ln for ln in lines if re.match(r"\|\s*\d+\s*\|", ln)]
        hist = {h[0]: h for h in self.f.rows.get(player, {}).get("history", ())}
        words = {"won": "1=W+", "drew": "=D", "lost": "0L-"}
        for ln in rows:
            cells = [c.strip() for c in ln.strip().strip("|").split("|")]
            if len(cells) != 4 or not cells[0].isdigit():
                continue
            r, opp, col, res = cells
            h = hist.get(int(r))
            if h is None:
                self.add("history", ln, False, "no such round")
                continue
            o = int(opp.split()[0]) if opp[:1].isdigit() else 0
            c = {"White": "w", "Black": "b"}.get(col, "-")
            ok = o == h[1] and (c == h[2] or (c == "-" and h[2] not in "wb"))
            code = h[3]
            if res.startswith(("won", "drew", "lost")):
                first = res.split()[0]
                ok = ok and code in words[first] and (("forfeit" in res) == (code in "+-"))
            else:
                byes = {"half-point bye": "H", "full-point bye": "F", "pairing-allocated bye": "U",
                        "zero-point bye": "Z"}
                ok = ok and byes.get(res) == code or (ok and code == "" and "zero-point" in res)
            self.add("history", ln, ok, h)

    _subject: str | None = None
    player: int | None = None


def _count(words: str) -> int:
    return 0 if words.startswith("no ") else int(words.split()[0])


def _score(f: _Facts, n: int) -> str | None:
    return f.rows.get(n, {}).get("score")


def plain(text: str) -> str:
    """Markdown escapes and emphasis removed: the words as read."""
    return re.sub(r"\\(.)", r"\1", text.replace("**", ""))


def check_text(text: str, trace: Trace, player: int | None = None,
               what_if: Callable[[int, int], Trace] | None = None) -> list[Claim]:
    """Every claim of an explanation ``text`` (Markdown or plain) checked against ``trace``.

    ``player`` is the page's player (for the standing's lines and the rounds table);
    ``what_if(n, m)`` returns the what-if trace with n and m held for each other, for the
    claims a sentence makes "with n–m".
    """
    c = _Checker(trace, what_if)
    c.player = player
    lines = plain(text).splitlines()
    # a paragraph is one claim's context: join wrapped lines
    paras, cur = [], []
    for ln in lines:
        if not ln.strip() or ln.lstrip().startswith(("- ", "|", "#")):
            if cur:
                paras.append(" ".join(cur))
            cur = [ln.strip()] if ln.strip() and not ln.lstrip().startswith(("|", "#")) else []
            if ln.lstrip().startswith("|"):
                paras.append(ln.strip())
        else:
            cur.append(ln.strip())
    if cur:
        paras.append(" ".join(cur))
    held: tuple[int, int] | None = None
    for p in paras:
        if p.startswith("|"):
            continue
        c._subject = p if re.match(r"\d+ ", p) else c._subject
        w = re.match(NUM + "–" + NUM + r" forced:$", p.replace("With ", "", 1))
        if w:  # the next paragraph quotes the what-if run: its claims are about that trace
            held = (int(w[1]), int(w[2]))
            continue
        wb = re.match(r"The pairing with " + NUM + "–" + NUM + r" forced would have been: (.*)\.$", p)
        if wb:
            f = c.wi(int(wb[1]), int(wb[2]))
            if f is not None:
                got = [tuple(map(int, x.split("–"))) for x in re.findall(r"\d+–\d+", wb[3])]
                bye = re.search(r"; bye (\d+)", wb[3])
                ok = got == f.boards and (int(bye[1]) if bye else None) == f.bye
                c.add("board", p, ok, (f.boards, f.bye))
            continue
        if held is not None:
            real, c.f = c.f, c.wi(*held)
            if c.f is not None:
                c.line(p, held)
            c.f, held = real, None
            continue
        c.line(p, None)
    c.colour_table(lines)
    if player is not None:
        c.history(lines, player)
    return c.claims


def mismatches(claims: Iterable[Claim]) -> list[Claim]:
    return [c for c in claims if not c.ok]
