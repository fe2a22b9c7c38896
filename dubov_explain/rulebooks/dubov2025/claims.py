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

The walk and the bookkeeping are the shared framework's (``rulebooks/claims.py``): a page is
read paragraph by paragraph (each list item and table row its own), every pattern below reads
every match (a page joins its claims with words of its own, so nothing is ``unproven``).
:func:`check_text` returns one :class:`Claim` per claim found, each with ``ok`` and, when
false, what the trace says instead.
"""

from __future__ import annotations

import re

from ..claims import SET, Checker, Claim, Facts, ints, mismatches, page_paragraphs, plain  # noqa: F401
from . import events as ev

NUM = r"(\d+)"
SCORE = r"(\d+(?:\.\d+)?)"
#: "+ y acceleration point(s)" after a player's points in an accelerated round, and the
#: standing's "for the pairing (x scored, y added by acceleration)" (both checked by the
#: framework's ``read_truth``)
ACC = r"(?: \+ \d+(?:\.\d+)? acceleration points?)?"
FOR_PAIRING = r"(?: for the pairing \([^)]*\))?"


class _Facts(Facts):
    """The facts of one trace, indexed for the checks."""

    def __init__(self, trace):
        super().__init__(trace)
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

    def key(self, n: int):
        """``n``'s bye key (number, score, games, rank) among the bye candidates."""
        return {k[0]: k for k in (self.cands.keys if self.cands else ())}.get(n)


class _Checker(Checker):
    """An explanation page's claims: the patterns follow ``templates/why.md.j2`` and
    ``events.md.j2``.  A check reads ``self.f``: the what-if run's facts while the walk reads
    a paragraph that quotes it (``context``: the pair held), the real run's otherwise."""

    facts = _Facts
    strict = False
    context: tuple[int, int] | None = None
    _subject: str | None = None

    def art(self, number: str) -> str:
        """The pattern of article ``number`` (2025's numbering) as the page writes it: in the
        numbers of the rulebook that made the trace (an edition renumbers: ``art()`` in the
        templates)."""
        from .. import find_rulebook, system_of

        return re.escape(find_rulebook(system_of(self.f.trace)).cite(number))

    def words(self, phrase: str) -> str:
        """A phrase of the 2025 text as the page writes it: in the words of the rulebook
        that made the trace (``term()`` in the templates; Dubov 2026 says TPN where 2025
        says initial ranking)."""
        from .. import find_rulebook, system_of

        return find_rulebook(system_of(self.f.trace)).term(phrase)

    def term(self, phrase: str) -> str:
        """The pattern of :meth:`words`."""
        return re.escape(self.words(phrase))

    # ------------------------------------------------------------------ patterns
    def patterns(self):  # noqa: C901 - a list of patterns
        yield "met", NUM + r" and " + NUM + r" met in rounds? (\d+(?:, \d+)*)", self._met
        yield "group", NUM + r" starts in (G[12])(?:, " + NUM + r" in (G[12]))?", self._starts
        yield "group", NUM + r" and " + NUM + r" are (?:both in (G[12])|in the same subgroup)", self._same
        yield "smaller", (r"the " + SCORE + r"-point bracket (?:the smaller subgroup is|the subgroups are the same "
                          r"size, so the one looked at is) (G[12]) \(" + SET), self._smaller
        yield "smaller", (SET + r" \((the smaller of the two colour groups|the upper half " + self.term("by initial ranking")
                          + r"|the lower half " + self.term("by initial ranking") + r"|the players) of the " + SCORE
                          + r"-point bracket"), \
            self._smaller_plain
        yield "unavoidable", (r"^- " + self.art("2.2.4.1") + r": every legal pairing of the bracket pairs at least " + NUM
                              + r" pair\(s\) inside the smaller subgroup"), self._unavoidable
        yield "impossible", (r"no complete round-pairing contains " + NUM + "–" + NUM + r": with them paired, "
                             r"(\d+(?:, \d+)*) could not all be paired"), self._impossible
        yield "bye-bar", NUM + r" is passed over for the bye \(" + self.art("2.1.2") + r"\)", \
            lambda m: (int(m[1]) in self._rejected(), self._rejected())
        yield "unavoidable", (r"with " + NUM + r" and " + NUM + r" held for each other, every legal pairing of the "
                              r"bracket pairs at least " + NUM + r" pair\(s\) inside (G[12])"), self._held_unavoidable
        yield "shift", SET + r"(?: \([^)]*\))? shifted (?:out of|from) (G[12])(?: to (G[12]))?", \
            lambda m: self._shift(m[0], ints(m[1]), m[2], m[3], m.string)
        yield "shift", r"moves " + SET + r" \([^)]*\) from (G[12]) to (G[12])", \
            lambda m: self._shift(m[0], ints(m[1]), m[2], m[3], m.string)
        yield "shift", NUM + r" is shifted from (G[12]) to (G[12])", \
            lambda m: self._shift(m[0], [int(m[1])], m[2], m[3], m.string, member=True)
        yield "s1", (NUM + r" is S1 #" + NUM + r"|" + NUM + r", S1 #" + NUM + r",|" + NUM + r" \(S1 #" + NUM
                     + r"\)|S1 #" + NUM + r", " + NUM + r","), self._s1
        yield "s1", NUM + r" is in G2, position " + NUM + r" in " + self.term("initial-ranking order") + r": (\d+(?:, \d+)*)", \
            self._g2
        yield "given", r"(?:" + NUM + r"(?:, S1 #\d+,| \(S1 #\d+\))|S1 #\d+, " + NUM + r",) is given " + NUM, \
            self._given
        yield "minimum", r"the " + SCORE + r"-point bracket needs " + NUM + r" upfloater", self._minimum
        yield "criterion", (r"\[(C\d+)\]: with upfloater set " + SET + r" the bracket has " + NUM + r" .*?, with "
                            + SET + r", the set " + NUM + "–" + NUM + r" needs, " + NUM), self._criterion
        yield "criterion", (r"\[C6\]: upfloater set " + SET + r" keeps a " + SCORE + r"-point player where " + SET
                            + r", the set " + NUM + "–" + NUM + r" needs, has only a " + SCORE
                            + r"-point one \(scores ([\d., ]+?) against ([\d., ]+?)[;)]"), self._c6
        yield "criterion", (r"upfloater sets " + SET + r" \([^)]*\) and " + SET + r" \([^)]*\), the set " + NUM + "–"
                            + NUM + r" needs, are equally good on \[C6\]-\[C10\]"), self._equally_good
        yield "criterion", (r"Instead of " + SET + r", the next-best choice was " + SET + r": worse on \[(C\d+)\] \("
                            r"(?:upfloater scores )?([\d., ]+?) (?:[a-z].*?)?against ([\d., ]+?)[;)]"), self._runner_up
        yield "took", r"[Tt]he " + SCORE + r"-point bracket(?:,)?(?: which)? took " + SET + r" as upfloaters", \
            lambda m: (lambda e: (e is not None and list(e.players) == ints(m[2]), e and e.players))(
                self.f.ups.get(m[1]))
        yield "bracket", NUM + r" is paired in the " + SCORE + r"-point bracket as an? (resident|upfloater)", self._role
        yield "bracket", (NUM + r" is paired in the " + SCORE + r"-point bracket as an? \w+\. Residents: "
                          r"(\d+(?:, \d+)*); upfloaters: (\d+(?:, \d+)*|none)"), self._members
        yield "minimum", r"(\d+) resident\(s\)[^:]*: (\d+) upfloater\(s\) needed", self._needed
        yield "shift", (r"G1 has " + NUM + r" players and G2 " + NUM + r": " + NUM + r" player\(s\) move from "
                        r"(G[12])"), self._move
        yield "preference", NUM + r" \((mild|strong|absolute) (White|Black)\)", self._preference
        yield "bracket", NUM + r" is a resident of the " + SCORE + r"-point bracket", \
            lambda m: ((b := self.f.brackets.get(m[2])) is not None and int(m[1]) in b.residents, "")
        yield "bracket", NUM + r" \(" + SCORE + r" points?" + ACC + r"\) is upfloated into the " + SCORE + r"-point bracket", \
            lambda m: ((e := self.f.ups.get(m[3])) is not None and int(m[1]) in e.players, "")
        yield "board", r"Board " + NUM + r": " + NUM + r" has (White|Black) against " + NUM, self._board
        yield "board", NUM + r" (?:has|receives) the pairing-allocated bye", \
            lambda m: (self.f.bye == int(m[1]), self.f.bye)
        yield "board", r"Nobody has the bye: " + NUM + r" players to pair", self._no_bye
        # the reply's decision and facts ("you" is the player the reply is to)
        yield "board", (r"Round " + NUM + r": you \(" + NUM + r" .*?, " + SCORE + r" points?" + ACC + r"\) play (White|Black) "
                        r"against " + NUM + r" .*?\(" + SCORE + r" points?" + ACC + r"\), board " + NUM), self._decision
        yield "board", r"you \(" + NUM + r" .*?, " + SCORE + r" points?" + ACC + r"\) have the pairing-allocated bye", \
            lambda m: (self.f.bye == int(m[1]) and self.f.score(int(m[1])) == m[2], self.f.bye)
        yield "standing", (r"Before this round you had " + SCORE + r" points?" + FOR_PAIRING + r", position " + NUM + r" of " + NUM
                           + r"; your colours so far: ([WB]+|none)"), self._standing
        yield "bye-key", (r"The next candidate, " + NUM + r" .*?, has " + SCORE + r" points?, " + NUM
                          + r" game\(s\) played and " + self.term("initial rank") + " " + NUM + r"; you have " + SCORE
                          + r" points?, " + NUM + r" game\(s\) played and " + self.term("initial rank") + " " + NUM), \
            self._next_candidate
        yield "absolute", NUM + r" and " + NUM + r" both have an absolute preference for (White|Black)", \
            lambda m: (all(self.f.rows[int(p)]["strength"] == "absolute" and self.f.rows[int(p)]["preference"] == m[3]
                           for p in (m[1], m[2])), "")
        yield "colour", NUM + r" has (White|Black) by (5\.2\.\d)", self._colour
        yield "bye-bar", (NUM + r"(?: may not have the bye:|\s\()\s*(received the pairing-allocated bye|won by forfeit|"
                          r"scored a win's points without playing) in round " + NUM), self._bye_bar
        yield "bye-bar", r"Passed over by " + self.art("2.1.2") + r" \([^)]*\): " + r"(\d+(?:, \d+)*)", \
            lambda m: (ints(m[1]) == self._rejected(), self._rejected())
        yield "bye-key", NUM + r" has a lower score \(" + SCORE + r" points? against " + SCORE, \
            lambda m: (self.f.score(int(m[1])) == m[2], self.f.score(int(m[1])))
        yield "bye-key", NUM + r" has played more games \(" + NUM + r" against " + NUM, \
            lambda m: ((k := self.f.key(int(m[1]))) is not None and k[2] == int(m[2]), k)
        yield "bye-key", NUM + " " + self.term("is lower in the initial ranking (rank") + " " + NUM + r" against " + NUM, \
            lambda m: ((k := self.f.rows.get(int(m[1]), {}).get("initial_rank")) == int(m[2]), k)
        yield "standing", (NUM + r" .*? has " + SCORE + r" points?" + FOR_PAIRING + r" before round " + NUM + r": position " + NUM
                           + r" of " + NUM), self._position
        yield "standing", r"colour preference is (mild|strong|absolute) for (White|Black) \(([\d.]+)\)", \
            lambda m: self._player_row(m, ("strength", "preference", "preference_rule"))
        yield "standing", (r"Upfloated " + NUM + r" time\(s\)(, a maximum upfloater \(" + self.art("1.7") + r"\))?(, including the "
                           r"previous round)?"), self._upfloated
        yield "also", r"Also unusual this round: (.*?)\.$", self._also
        yield "board", r"You do not have the pairing-allocated bye: it goes to " + NUM + r" ", \
            lambda m: (self.f.bye == int(m[1]) != self.n, self.f.bye)
        yield "bracket", (r"You did not float: you are a resident of the " + SCORE + r"-point bracket(?:, and your "
                          r"opponent, " + NUM + r" .*?\(" + SCORE + r" points?" + ACC + r"\), was upfloated into it from a "
                          r"lower bracket|, and so is your opponent, " + NUM + r" )"), self._resident
        yield "board", r"You do play " + NUM + r" .*? \(" + SCORE + r" points?" + ACC + r"\): board " + NUM + r"\.", self._do_play
        yield "board", r"^- " + NUM + r" .*?: paired with " + NUM + r"\.$", \
            lambda m: (any(set(b) == {int(m[1]), int(m[2])} for b in self.f.boards), self.f.boards)
        yield "given", NUM + r", earlier in S1 \(#" + NUM + r"\), is given " + NUM, \
            lambda m: ((int(m[1]), int(m[3])) in self.f.chosen, sorted(self.f.chosen))
        yield "absent", NUM + r" is not paired this round \(([^)]*)\)", \
            lambda m: (int(m[1]) in (a := dict(getattr(self.f.opened, "absent", ()) or ())), a)
        yield "standing", self.term("initial rank") + " " + NUM + r", rating " + NUM + r", ARO " + NUM, \
            lambda m: self._player_row(m, ("initial_rank", "rating", "aro"))
        yield "standing", r"Colours so far: ([WB]*|none) \(colour difference ([+-]\d+)\)", \
            lambda m: self._player_row(m, ("colours", "colour_difference"))
        yield "points", r"\(" + SCORE + r" points?" + ACC + r"\)", self._points

    # ------------------------------------------------------------------ the walk
    def read(self, text: str) -> None:
        """A page's paragraphs; a paragraph after "With N–M forced:" quotes the what-if run
        (its claims are about that trace); then the colour table and the rounds table."""
        pats = list(self.patterns())
        lines = plain(text).splitlines()
        held: tuple[int, int] | None = None
        for p in page_paragraphs(lines):
            if p.startswith("|"):
                continue
            self._subject = p if re.match(r"\d+ ", p) else self._subject
            w = re.match(NUM + "–" + NUM + r" forced:$", p.replace("With ", "", 1))
            if w:  # the next paragraph quotes the what-if run: its claims are about that trace
                held = (int(w[1]), int(w[2]))
                continue
            wb = re.match(r"The pairing with " + NUM + "–" + NUM + r" forced would have been: (.*)\.$", p)
            if wb:
                f = self.wi(int(wb[1]), int(wb[2]))
                if f is not None:
                    got = [tuple(map(int, x.split("–"))) for x in re.findall(r"\d+–\d+", wb[3])]
                    bye = re.search(r"; bye (\d+)", wb[3])
                    ok = got == f.boards and (int(bye[1]) if bye else None) == f.bye
                    self.add("board", p, ok, (f.boards, f.bye))
                continue
            if held is not None:
                real, self.f = self.f, self.wi(*held)
                if self.f is not None:
                    self.context = held
                    self.paragraph(p, pats)
                    self.context = None
                self.f, held = real, None
                continue
            self.paragraph(p, pats)
        self.colour_table(lines)
        if self.n is not None:
            self.history(lines, self.n)

    # ------------------------------------------------------------------ checks
    def _rejected(self) -> list[int]:
        return [e.player for e in self.f.trace.of(ev.ByeRejected)]

    def _met(self, m):
        f = self.f
        a, b, rounds = int(m[1]), int(m[2]), ints(m[3])
        return f.met(a, b) == rounds and f.met(b, a) == rounds, f.met(a, b)

    def _starts(self, m):
        f = self.f
        for p, g in ((m[1], m[2]), (m[3], m[4])):
            if p:
                self.add("group", m[0], f.side(int(p)) == g, f"{p} in {f.side(int(p))}")

    def _same(self, m):
        a, b = self.f.final_side(int(m[1])), self.f.final_side(int(m[2]))
        return a == b and (m[3] is None or a == m[3]), (a, b)

    def _smaller(self, m):
        f, s = self.f, m.string
        g = f.groups.get(m[1])
        ok = g is not None
        if ok:
            g1, g2 = list(g.g1), list(g.g2)
            # 2.2.4.1: the smaller subgroup, or G1 when the two are the same size
            smaller = "G1" if len(g1) <= len(g2) else "G2"
            said_equal = "same size" in m[0]
            ok = (smaller == m[2] and ints(m[3]) == (g1 if m[2] == "G1" else g2)
                  and said_equal == (len(g1) == len(g2)))
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

    def _smaller_plain(self, m):
        """"{..} (the smaller of the two colour groups | the upper/lower half by initial
        ranking | the players with a colour preference for White) of the X-point bracket":
        the subgroup 2.2.4.1 looks at, as 2.2.3 made it (colour groups, or halves by initial
        ranking), and whether the two are the same size."""
        g = self.f.groups.get(m[3])
        if g is None:
            return False, "no such bracket"
        g1, g2 = list(g.g1), list(g.g2)
        src = "G1" if len(g1) <= len(g2) else "G2"
        members = g1 if src == "G1" else g2
        rest = m.string[m.end():]
        equal = len(g1) == len(g2)
        said_equal = bool(re.match(r"[^;)]*; (?:the halves|the two colour groups) are the same size", rest))
        by = self.words("by initial ranking")
        kind = {"the smaller of the two colour groups": ("colour", False, "G1" if len(g1) < len(g2) else "G2"),
                f"the upper half {by}": ("initial-ranking", equal, "G1"),
                f"the lower half {by}": ("initial-ranking", False, "G2"),
                "the players": ("colour", True, "G1")}[m[2]]
        ok = (ints(m[1]) == members and g.mode == kind[0] and src == kind[2] and said_equal == equal
              and (kind[1] == equal or kind[0] == "initial-ranking" and not equal and src == "G1"))
        return ok, (g.mode, g.g1, g.g2)

    def _unavoidable(self, m):
        if self.n is not None:
            e = self.f.needed.get(self.f.bracket_of(self.n))
            self.add("unavoidable", m[0], e is not None and e.count == int(m[1]), e and e.count)

    def _impossible(self, m):
        w = self.wi(int(m[1]), int(m[2]))
        if w is not None:
            res = w.trace.result
            got = list(res.players) if isinstance(res, ev.Impossible) else None
            self.add("impossible", m[0], got == ints(m[3]), got)

    def _held_unavoidable(self, m):
        w = self.wi(int(m[1]), int(m[2]))
        if w is not None:
            hits = [e for e in w.needed.values() if e.count == int(m[3]) and e.source == m[4]]
            self.add("unavoidable", m[0], bool(hits), [(e.count, e.source) for e in w.needed.values()])

    def _s1(self, m):
        p, i = (m[1], m[2]) if m[1] else (m[3], m[4]) if m[3] else (m[5], m[6]) if m[5] else (m[8], m[7])
        return any([r[0] for r in e.s1].index(int(p)) + 1 == int(i)
                   for e in self.f.s1 if int(p) in [r[0] for r in e.s1]), ""

    def _g2(self, m):
        p, i, g2 = int(m[1]), int(m[2]), ints(m[3])
        return any(list(e.g2) == g2 and g2.index(p) + 1 == i for e in self.f.s1 if p in e.g2), ""

    def _given(self, m):
        a, b = int(m[1] or m[2]), int(m[3])
        if self.context is None or "what-if" not in m.string:
            self.add("given", m[0], (a, b) in self.f.chosen, sorted(self.f.chosen))

    def _minimum(self, m):
        e = self.f.minimum.get(m[1])
        self.add("minimum", m[0], e is not None and e.count == int(m[2]), e and e.count)
        w = re.search(r"pairing " + NUM + r" with " + NUM + r" would need " + NUM, m.string)
        if w and self.wi(int(w[1]), int(w[2])) is not None:
            we = self.wi(int(w[1]), int(w[2])).minimum.get(m[1])
            self.add("minimum", w[0], we is not None and we.count == int(w[3]), we and we.count)

    def _criterion(self, m):
        c = m[1]
        real = [e for e in self.f.ups.values() if list(e.players) == ints(m[2])]
        self.add("criterion", m[0].split(", with {")[0],
                 len(real) == 1 and real[0].criteria[c] == int(m[3]), real and real[0].criteria[c])
        w = self.wi(int(m[5]), int(m[6]))
        if w is not None:
            got = [e for e in w.ups.values() if list(e.players) == ints(m[4])]
            self.add("criterion", m[0], len(got) == 1 and got[0].criteria[c] == int(m[7]),
                     got and got[0].criteria[c])

    def _c6(self, m):
        real = [e for e in self.f.ups.values() if list(e.players) == ints(m[1])]
        self.add("criterion", m[0], len(real) == 1 and ", ".join(real[0].criteria["C6"]) == m[7]
                 and m[2] in real[0].criteria["C6"], real and real[0].criteria["C6"])
        w = self.wi(int(m[4]), int(m[5]))
        if w is not None:
            got = [e for e in w.ups.values() if list(e.players) == ints(m[3])]
            self.add("criterion", m[0], len(got) == 1 and ", ".join(got[0].criteria["C6"]) == m[8]
                     and m[6] in got[0].criteria["C6"], got and got[0].criteria["C6"])

    def _equally_good(self, m):
        f = self.f
        real = [e for e in f.ups.values() if list(e.players) == ints(m[1])]
        w = self.wi(int(m[3]), int(m[4]))
        if w is not None:
            got = [e for e in w.ups.values() if list(e.players) == ints(m[2])]
            last = bool(f.trace.events[0].last_round)
            keys = ("C6", "C7") if last else ("C6", "C7", "C8", "C9", "C10")
            ok = len(real) == 1 and len(got) == 1 and all(real[0].criteria[k] == got[0].criteria[k] for k in keys)
            self.add("criterion", m[0], ok, (real and real[0].criteria, got and got[0].criteria))

    def _runner_up(self, m):
        e = next((e for e in self.f.ups.values() if list(e.players) == ints(m[1])), None)
        ru = e.runner_up if e is not None else {}
        c = m[3]
        fmt = (lambda v: ", ".join(v)) if c == "C6" else str
        ok = (e is not None and ru.get("players") is not None and list(ru["players"]) == ints(m[2])
              and ru.get("beaten_on") == f"[{c}]" and fmt(ru["criteria"][c]) == m[4].strip()
              and fmt(e.criteria[c]) == m[5].strip())
        return ok, ru

    def _role(self, m):
        f = self.f
        p, sc = int(m[1]), m[2]
        role = "resident" if sc in f.brackets and p in f.brackets[sc].residents else (
            "upfloater" if sc in f.ups and p in f.ups[sc].players else None)
        return role == m[3], role

    def _members(self, m):
        b, u = self.f.brackets.get(m[2]), self.f.ups.get(m[2])
        ok = b is not None and list(b.residents) == ints(m[3]) and (
            list(u.players) if u is not None else []) == ints(m[4])
        return ok, (b and b.residents, u and u.players)

    def _needed(self, m):
        f = self.f
        hits = [e for e in f.minimum.values() if e.residents == int(m[1]) and e.count == int(m[2])]
        return bool(hits), [(e.score, e.residents, e.count) for e in f.minimum.values()]

    def _move(self, m):
        hits = [e for e in self.f.trace.of(ev.ShiftNeeded) if e.step == 2 and tuple(e.sizes) == (int(m[1]), int(m[2]))
                and e.count == int(m[3]) and e.source == m[4]]
        return bool(hits), ""

    def _preference(self, m):
        row = self.f.rows.get(int(m[1]), {})
        return (row.get("strength") == m[2] and row.get("preference") == m[3],
                (row.get("strength"), row.get("preference")))

    def _board(self, m):
        f = self.f
        b, p, col, o = int(m[1]), int(m[2]), m[3], int(m[4])
        want = (p, o) if col == "White" else (o, p)
        return 0 < b <= len(f.boards) and f.boards[b - 1] == want, f.boards

    def _resident(self, m):
        """The player a resident of that bracket; the opponent an upfloater into it, or a
        resident too."""
        f, n = self.f, self.n
        b = f.brackets.get(m[1])
        o = next((y if n == x else x for x, y in f.boards if n in (x, y)), None)
        if b is None or n not in b.residents:
            return False, b
        if m[2]:
            e = f.ups.get(m[1])
            return int(m[2]) == o and e is not None and o in e.players and f.score(o) == m[3], e
        return int(m[4]) == o and o in b.residents, b

    def _do_play(self, m):
        """"You do play M (x points): board B": the player and M on board B."""
        f, a, b = self.f, int(m[1]), int(m[3])
        return 0 < b <= len(f.boards) and set(f.boards[b - 1]) == {self.n, a}, f.boards

    def _no_bye(self, m):
        nb = next(iter(self.f.trace.of(ev.ByeNotNeeded)), None)
        return self.f.bye is None and nb is not None and nb.players == int(m[1]), ""

    def _decision(self, m):
        f = self.f
        p, col, o, b = int(m[2]), m[4], int(m[5]), int(m[7])
        want = (p, o) if col == "White" else (o, p)
        ok = (int(m[1]) == f.opened.round and 0 < b <= len(f.boards) and f.boards[b - 1] == want
              and f.score(p) == m[3] and f.score(o) == m[6])
        return ok, (f.boards, f.score(p), f.score(o))

    def _standing(self, m):
        f, p = self.f, self.n
        row = f.rows.get(p, {})
        pos = f.position(p)
        ok = row.get("score") == m[1] and pos == int(m[2]) and len(f.rows) == int(m[3]) and (
            row.get("colours") or "none") == m[4]
        return ok, (row.get("score"), pos, row.get("colours"))

    def _next_candidate(self, m):
        a, b = self.f.key(int(m[1])), self.f.key(self.n)
        ok = a is not None and b is not None and (str(a[1]), a[2], a[3]) == (m[2], int(m[3]), int(m[4])) \
            and (str(b[1]), b[2], b[3]) == (m[5], int(m[6]), int(m[7]))
        return ok, (a, b)

    def _colour(self, m):
        p = int(m[1])
        e = next((e for (w, b), e in self.f.colours.items() if p in (w, b)), None)
        ok = e is not None and e.rule == m[3] and (e.white if m[2] == "White" else e.black) == p
        return ok, e and (e.white, e.black, e.rule)

    def _bye_bar(self, m):
        kind = {"received the pairing-allocated bye": "pab", "won by forfeit": "forfeit-win"}.get(
            m[2], "win-points-unplayed")
        bars = [(r[0], r[1], r[2]) for r in (self.f.cands.ineligible if self.f.cands else ())]
        return (int(m[1]), kind, int(m[3])) in bars, bars

    def _position(self, m):
        f, p = self.f, int(m[1])
        pos = f.position(p)
        # "x points for the pairing (...)": the pairing score; "x points": the points scored
        said = f.rows.get(p, {}).get("score") if " for the pairing (" in m[0] else f.score(p)
        ok = (said == m[2] and int(m[3]) == f.opened.round and pos == int(m[4]) and len(f.rows) == int(m[5]))
        return ok, (said, pos, len(f.rows))

    def _upfloated(self, m):
        p = re.match(r"(\d+) ", self._subject or "")
        row = self.f.rows.get(int(p[1]), {}) if p else {}
        ok = (row.get("upfloats") == int(m[1]) and bool(row.get("max_upfloater")) == bool(m[2])
              and bool(row.get("upfloated_previous")) == bool(m[3]))
        return ok, (row.get("upfloats"), row.get("max_upfloater"), row.get("upfloated_previous"))

    def _player_row(self, m, keys) -> None:
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

    def _points(self, m) -> None:
        """"N Name (x points)" first (a name may end in digits: "7 P6"), then "N (x points)"."""
        before = m.string[: m.start()].rstrip()
        named = [n for n, row in self.f.rows.items() if row.get("name")
                 and re.search(r"(?:^|[\s(])" + str(n) + " " + re.escape(str(row["name"])) + "$", before)]
        bare = [n for n in self.f.rows if re.search(r"(?:^|[\s(])" + str(n) + "$", before)]
        for n in (named or bare)[:1]:
            row = self.f.rows[n]
            self.add("points", f"{n} {m[0]}", self.f.score(n) == m[1], self.f.score(n))

    def _shift(self, text: str, players: list[int], source: str, target: str | None, s: str,
               member: bool = False) -> None:
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



def _count(words: str) -> int:
    return 0 if words.startswith("no ") else int(words.split()[0])


check_text = _Checker.check_text
