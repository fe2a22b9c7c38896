"""Every sentence of a Dutch 2012 reply proven: its claims re-derived from the trace.

A reply (``explain --reply``, ``--colour``, ``--against``) is written by the ``reply`` macro
of ``templates/why.md.j2`` from the facts of ``explain/why.py``; this module reads the
*written text* back and checks each claim against the trace (and, for a claim "with you and
M paired", against the what-if trace the caller supplies; for a reading, against the round
paired under the other value).  Every sentence must be matched by a claim: what no pattern
covers is reported as ``unproven``, so a sentence added to the template without its check
here fails too.  The walk, the sentences every rulebook's reply shares and the answer parser
are the shared framework's (``rulebooks/claims.py``); here are this text's own sentences.

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
decision        the bye (A.5) and no pairing at all (B.1)
standing        score, position (score, then pairing number), colours, the colour
                preference of A.6/A.7 as the standings hold it
bye             ByeAssigned (A.5), and the player left in the last bracket
colour          the ColourAllocated of the player's pair: colour and rule of E
moved-down      BracketOpened: the player among the bracket's moved-down players
pair            PairingFound: the pair, its bracket and its transposition; when D.4
                took it, the B3Factor right after it (B3-factor, not the first)
why-not         the answer's numbers in the real and the what-if trace
==============  ==============================================================
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..claims import (  # noqa: F401  (Claim, mismatches: this checker's API)
    BEFORE, NAME, PTS, Claim, N, ReplyChecker, S, ints, mismatches,
)
from . import events as ev
from .why import _STEP, decision_key

#: E.1-E.5, in the reply's words
COLOUR = {"E.1": "both colour preferences are granted",
          "E.2": "the stronger colour preference is granted",
          "E.3": "the colours alternate to the most recent round in which the two had different colours",
          "E.4": "the colour preference of the higher ranked player is granted",
          "E.5": "neither has a colour preference, so the colour drawn by lot decides"}


def _kept(x) -> str:
    """A requirement's value in the reply's words."""
    return "kept" if x is True else ("dropped" if x is False else str(x))


class _Checker(ReplyChecker):
    system = "dutch-2012"
    bye_bar_article = "B.1.b"
    even_article = "A.5"
    no_pairing = "B.1"
    ev = ev
    decision_key = staticmethod(decision_key)
    colours = COLOUR
    term = "requirements"
    steps = _STEP

    # ------------------------------------------------------------------ patterns
    def opening(self):
        yield "decision", (r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the pairing-allocated bye "
                           r"\(Article A\.5\)\."), self._bye_decision
        yield "decision", r"Round " + N + r": nobody is paired: no complete pairing exists \(Article B\.1\)\.", \
            self._nobody
        yield "standing", (BEFORE + r"; your colours so far: ([WB]+|none), so (?:your colour preference is "
                           r"(absolute|strong|mild) for (White|Black) \(Article ([A-E]\.[\w.]+)\)"
                           r"|you have no colour preference \(Article A\.6\))\."), self._standing

    def topic(self):
        yield "bye", (r"Article A\.5: the bye goes to the player left unpaired by the last bracket, and you are that "
                      r"player\."), self._bye
        yield from self.colour_topic()
        yield "moved-down", r"You were moved down into the " + S + r"-point bracket \(Article A\.3\)\.", \
            self._moved_down
        yield from self.float_topic()
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, the first pairing that meets the requirements \(Article C\.7\)\."), \
            self._pair_first
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, of the pairings that meet the requirements the one with the least "
                       r"B3-factor, " + S + r" \(Article D\.4\)\."), self._pair_d4
        yield "absent", r"Absent players are not paired \(Article A\.2\)\.", self._absent
        yield "no-pairing", r"Article B\.1: no pairing of all the players meets the absolute criteria\.", \
            lambda m: (not self.f.published, "published")

    def float_topic(self):
        """The float of the player's pair (A.4) and the bracket the player is a resident of
        (A.3), in the reply's words."""
        f, n = self.f, self.n
        yield "float", (r"You were not moved: you are a resident of the " + S + r"-point bracket(?:, and your "
                        r"opponent, " + NAME + r" \(" + PTS + r"\), was moved down into it from a higher bracket "
                        r"\(Article A\.3\))?\."), self._resident
        yield "float", r"Paired with a (lower|higher) score, you are the (downfloater|upfloater) of your pair " \
            r"\(Article A\.4\)\.", lambda m: self._float(m[1], m[2])
        yield "moved-down", (r"In the " + S + r"-point bracket you could meet none of the others \(Article C\.1\): "
                             r"(.*?)\.(?= |$)"), self._none_there
        yield "moved-down", (r"In the " + S + r"-point bracket you were the only player, so no opponent could be "
                             r"found for you there \(Article C\.1\)\."), self._alone_there
        yield "moved-down", r"The pairing of the " + S + r"-point bracket left you unpaired\.", \
            lambda m: (any(n in e.players for e in f.of(self.ev.MovedDown, score=m[1])), "not moved down")
        yield "no-bye", (r"It goes to the player left unpaired after the last bracket is paired \(Article A\.5\); "
                         r"you are paired in the " + S + r"-point bracket\."), self._left_unpaired
        yield "float", r"Your opponent has your score: neither of you floats \(Article A\.4\)\.", \
            lambda m: self._float("same", "")

    def _left_unpaired(self, m):
        """A.5: the bye holder is the one the last bracket leaves unpaired, and the player is
        paired in the bracket named (the last one that holds him)."""
        f, n = self.f, self.n
        brackets = f.of(self.ev.BracketOpened)
        closed = f.of(self.ev.BracketClosed)[-1:]
        h = f.bye
        ok = (h is not None and bool(brackets) and (h in brackets[-1].residents or h in brackets[-1].mdps)
              and bool(closed) and all(h not in p for p in closed[0].pairs))
        mine = [e for e in brackets if n in e.residents or n in e.mdps]
        return ok and bool(mine) and mine[-1].score == m[1], (h, mine[-1].score if mine else None)

    def _none_there(self, m):
        """C.1: the player left the bracket with no possible opponent; the others named are
        exactly the bracket's other players, each with a reason: the rounds the two played
        (the file's own round blocks when the checker has the file), the same absolute
        colour preference (B.2), or another criterion."""
        f, n = self.f, self.n
        if not f.of(self.ev.IncompatibleMoved, score=m[1], player=n):
            return False, "no C.1 move"
        members = [e for e in f.of(self.ev.BracketOpened, score=m[1]) if n in e.residents or n in e.mdps]
        said = re.findall(r"(\d+) \((you played in rounds? ([\d, ]+), B\.1\.a|the same absolute colour "
                          r"preference, B\.2|a pair the criteria forbid)\)", m[2])
        others = sorted(p for p in (members[-1].residents + members[-1].mdps if members else ()) if p != n)
        # "none of the others" says there were others: a player alone in his bracket is
        # worded so (``_alone_there``), never with an empty list
        ok = bool(members) and bool(others) and sorted(int(o) for o, _k, _r in said) == others
        for o, kind, rounds in said:
            o = int(o)
            if kind.startswith("you played"):
                ok = ok and self._met_in_file(n, o) == ints(rounds)
            elif kind.startswith("the same"):
                a, b = f.rows.get(n, {}), f.rows.get(o, {})
                ok = ok and a.get("strength") == b.get("strength") == "absolute" and \
                    a.get("preference") == b.get("preference") and not self._met_in_file(n, o)
            else:
                ok = ok and not self._met_in_file(n, o)
        return ok, others

    def _alone_there(self, m):
        """C.1 in a bracket of one: the player left it with no possible opponent, and the
        bracket held nobody else (no resident, no player moved down into it)."""
        f, n = self.f, self.n
        members = [e for e in f.of(self.ev.BracketOpened, score=m[1]) if n in e.residents or n in e.mdps]
        ok = bool(f.of(self.ev.IncompatibleMoved, score=m[1], player=n)) and bool(members) and \
            list(members[-1].residents) + list(members[-1].mdps) == [n]
        return ok, [list(e.residents) + list(e.mdps) for e in members]

    def _met_in_file(self, a: int, b: int) -> list[int]:
        """The rounds ``a`` and ``b`` played each other: from the file's round blocks when
        the checker has it, else from the standings' histories."""
        if self.tournament is None:
            return self.f.met(a, b)
        p = next((p for p in self.tournament.players if p.number == a), None)
        rnd = self.f.opened.round
        return [r for r, e in enumerate(p.entries[: rnd - 1] if p else (), start=1)
                if e.opponent == b and e.code in "1=0WDL" and e.code]

    def _opponent(self) -> int | None:
        return next((b if self.n == w else w for w, b in self.f.boards if self.n in (w, b)), None)

    def _resident(self, m):
        f, n = self.f, self.n
        mine = [e for e in f.of(self.ev.BracketOpened) if n in e.residents or n in e.mdps]
        o = self._opponent()
        ok = bool(mine) and n in mine[-1].residents and mine[-1].score == m[1]
        if m[2]:
            ok = ok and int(m[2]) == o and o in mine[-1].mdps and self.named(m[2], m[3]) and f.score(o) == m[4]
        return ok, mine[-1] if mine else None

    def _float(self, side: str, role: str):
        """A.4 by the scores of the pair (the standings' scores the brackets are made of)."""
        o = self._opponent()
        if o is None:
            return False, "no opponent"
        a, b = float(self.f.rows[self.n]["score"]), float(self.f.rows[o]["score"])
        got = "lower" if b < a else ("higher" if b > a else "same")
        want = {"lower": "downfloater", "higher": "upfloater", "same": ""}[got]
        return got == side and role == want, (a, b)

    def colour_topic(self):
        n = self.n
        yield "colour", r"You have (White|Black)(?:, not (White|Black))?: Article (E\.\d), (.*?)\.(?= |$)", \
            self._colour
        yield "colour", r"You have no colour this round\.", lambda m: (not any(
            n in b for p in self.f.of(self.ev.PairingPublished) for b in p.boards), "a colour")

    def barred(self):
        yield re.escape("you have met before (Article B.1.a)"), self._met
        yield re.escape("you both have the same absolute colour preference (Article B.2)"), self._same_absolute
        yield from super().barred()

    def answers(self):
        yield r"with you and " + N + r" paired, ([\d, ]+) could not all be paired \(Article B\.1\)", self._impossible
        yield from self.family_answers()
        yield (r"the " + S + r"-point bracket is paired meeting requirements that no pairing with you and " + N
               + r" paired meets \(Article C\.10\)"), self._requirements
        yield (r"the " + S + r"-point bracket is paired with requirement ([\w.-]+) (kept|dropped|\d+); with you and "
               + N + r" paired it would have to be (kept|dropped|\d+) \(Article (C\.10\.[a-g])\)"), self._kept_dropped
        yield (r"both pairings of the " + S + r"-point bracket meet the same requirements, and the procedure's has the "
               r"lesser B3-factor, " + S + " against " + S + r" \(Article D\.4\)"), self._b3_factor
        yield (r"the " + S + r"-point bracket is paired by the least B3-factor over the levels of requirements "
               r"compared \(Article D\.4, reading d4-level\): the procedure's pairing has " + S + r"; with you and "
               + N + r" paired the least is " + S), self._b3_level
        yield (r"both pairings of the " + S + r"-point bracket meet the same requirements, and the procedure's comes "
               r"first in the order of Article (D\.[23])"), self._exchange

    def family_answers(self):
        """The answers the Dutch family's texts word alike (``term``: what a text calls the
        criteria a pairing meets)."""
        yield (r"(you have|(\d+) has) the bye this round: the player left unpaired after the last bracket is paired "
               r"\(Article A\.5\)"), \
            lambda m, a, w: ((self.n if m[1] == "you have" else int(m[2])) == self.f.bye
                             and self.f.bye in (self.n, a), self.f.bye)
        yield r"the bye goes to " + N + r" \(Article A\.5\); with you and " + N + r" paired it would go to " + N, \
            self._bye_moves
        yield (r"with you and " + N + r" paired the " + S + r"-point bracket would have to make fewer pairs "
               r"\(Article C\.14\)"), self._fewer
        yield (r"both pairings of the " + S + r"-point bracket meet the same " + self.term + r", and the procedure's "
               r"transposition #" + N + r" comes before #" + N + r" in the order of Article D\.1"), self._transposition
        yield (r"with you and " + N + r" paired, " + N + r" would have no possible opponent in the " + S
               + r"-point bracket and would move down at once \(Article C\.1\)"), self._incompatible

    # ------------------------------------------------------------------ checks
    def colour_to_come(self, row):
        """The colour preference (strength, colour, article) as the standings hold it."""
        return (row.get("strength"), row.get("preference"), row.get("preference_rule")) \
            if row.get("strength") != "none" else (None, None, None)

    def _absent(self, m):
        return self.n in [a[0] for a in self.f.opened.absent], self.f.opened.absent

    def _moved_down(self, m):
        return any(self.n in e.mdps for e in self.f.of(self.ev.BracketOpened, score=m[1])), "no"

    def _pair_first(self, m):
        """The pair, in the bracket at that transposition (the first that meets C.7)."""
        return self.n in (int(m[2]), int(m[3])) and any(
            [int(m[2]), int(m[3])] in [list(p) for p in e.pairs] and e.transposition == int(m[4])
            for e in self.f.of(self.ev.PairingFound, score=m[1])), "no such pairing"

    def _pair_d4(self, m):
        """The pair, found in the bracket at that transposition, and D.4's event right after it
        taking it with that B3-factor instead of the first candidate."""
        f, n = self.f, self.n
        pair = [int(m[2]), int(m[3])]
        events = list(f.trace.events)
        for i, e in enumerate(events):
            if isinstance(e, self.ev.PairingFound) and e.score == m[1] and pair in [list(p) for p in e.pairs] \
                    and e.transposition == int(m[4]) and i + 1 < len(events):
                d4 = events[i + 1]
                if isinstance(d4, self.ev.B3Factor) and d4.b3 == m[5] and d4.first_pairs and n in pair:
                    return True, d4.b3
        return False, "no such pairing"

    def _bye(self, m):
        f, n = self.f, self.n
        last = f.of(self.ev.BracketOpened)[-1:] if f.of(self.ev.BracketOpened) else []
        closed = f.of(self.ev.BracketClosed)[-1:]
        ok = ([e.player for e in f.of(self.ev.ByeAssigned)] == [n] and bool(last)
              and (n in last[0].residents or n in last[0].mdps)
              and bool(closed) and all(n not in p for p in closed[0].pairs))
        return ok, f.bye

    def _colour(self, m):
        f, n = self.f, self.n
        # the pair published (C.12/C.13 may have undone a pairing coloured before)
        boards = {tuple(b) for p in f.of(self.ev.PairingPublished) for b in p.boards}
        e = next((e for e in reversed(f.of(self.ev.ColourAllocated))
                  if n in (e.white, e.black) and (e.white, e.black) in boards), None)
        if e is None:
            return False, "no colour"
        mine = "White" if e.white == n else "Black"
        row = f.rows.get(n, {})
        pref = row.get("preference") if row.get("strength") != "none" else None
        ok = (m[1] == mine and e.rule == m[3] and self.colours.get(e.rule) == m[4]
              and m[2] == (pref if pref is not None and pref != mine else None))
        return ok, (mine, e.rule, pref)

    # ------------------------------------------------------------------ answers
    def _met(self, m, a, crit):
        met = [r for r, o, _c, _k in self.f.rows.get(self.n, {}).get("history", ()) if o == a]
        return crit == "B.1.a" and bool(met), (crit, met)

    def _same_absolute(self, m, a, crit):
        rn, ra = self.f.rows.get(self.n, {}), self.f.rows.get(a, {})
        ok = (crit == "B.2" and rn.get("strength") == ra.get("strength") == "absolute"
              and rn.get("preference") == ra.get("preference"))
        return ok, (crit, rn.get("strength"), ra.get("strength"))

    def _requirements(self, m, a, w):
        ok = bool(self.f.of(self.ev.PairingFound, score=m[1])) and bool(w.of(self.ev.RequirementsFailed, score=m[1])) \
            and int(m[2]) == a
        return ok, "requirements"

    def _kept_dropped(self, m, a, w):
        """A requirement (criterion) kept, dropped or at a value in the real run, another in the
        what-if run, and the step of C.10 (C.9-C.11) that relaxes it."""
        real = {_kept(e.requirements.get(m[2])) for e in self.f.of(self.ev.PairingFound, score=m[1])}
        theirs = {_kept(e.requirements.get(m[2])) for e in w.of(self.ev.PairingFound, score=m[1])}
        ok = m[3] in real and m[5] in theirs and m[3] != m[5] and int(m[4]) == a and self.steps.get(m[2]) == m[6]
        return ok, (real, theirs)

    def _fewer(self, m, a, w):
        fewer = w.of(self.ev.Reduced, score=m[2]) + w.of(self.ev.BracketMovedDown, score=m[2]) + [
            e for e in w.of(self.ev.RequirementsFailed, score=m[2]) if e.next_step.startswith("C.14")]
        return int(m[1]) == a and bool(fewer) and bool(self.f.of(self.ev.PairingFound, score=m[2])), "fewer"

    def _b3_factor(self, m, a, w):
        from .why import _b3_after
        f = self.f
        ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                 and (bx := _b3_after(f.trace, x)) is not None and (by := _b3_after(w.trace, y)) is not None
                 and bx.b3 == m[2] and by.b3 == m[3] and Fraction(m[2]) < Fraction(m[3])
                 for x in f.of(self.ev.PairingFound, score=m[1]) for y in w.of(self.ev.PairingFound, score=m[1]))
        return ok, "b3-factor"

    def _b3_level(self, m, a, w):
        from .why import _level_stage
        f = self.f
        r, w2 = _level_stage(f.trace, m[1]), _level_stage(w.trace, m[1])
        ok = (r is not None and w2 is not None and r[0] == w2[0] and int(m[3]) == a
              and r[1].b3 == m[2] and w2[1].b3 == m[4] and Fraction(m[2]) <= Fraction(m[4])
              and f.opened.readings.get("d4-level") == "b3-first")
        return ok, "b3-level"

    def _exchange(self, m, a, w):
        ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                 and tuple(x.exchange) != tuple(y.exchange)
                 and m[2] == ("D.3" if x.part == "heterogeneous" else "D.2")
                 for x in self.f.of(self.ev.PairingFound, score=m[1]) for y in w.of(self.ev.PairingFound, score=m[1]))
        return ok, "exchange"

    def _transposition(self, m, a, w):
        ok = int(m[2]) < int(m[3]) and any(
            x.part == y.part and dict(x.requirements) == dict(y.requirements)
            and x.transposition == int(m[2]) and y.transposition == int(m[3])
            for x in self.f.of(self.ev.PairingFound, score=m[1]) for y in w.of(self.ev.PairingFound, score=m[1]))
        return ok, "transposition"

    def _incompatible(self, m, a, w):
        """A player of the pair held left with no opponent in the what-if run, and not in the
        real one; a third player so left is a consequence of holding the pair, never the
        reason the two do not meet."""
        key = dict(score=m[3], player=int(m[2]))
        ok = (int(m[1]) == a and int(m[2]) in (self.n, a) and bool(w.of(self.ev.IncompatibleMoved, **key))
              and not self.f.of(self.ev.IncompatibleMoved, **key))
        return ok, "incompatible"


check_text = _Checker.check_text
