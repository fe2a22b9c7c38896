"""Every sentence of a Dutch 2012 reply proven: its claims re-derived from the trace.

A reply (``explain --reply``, ``--colour``, ``--against``) is written by the ``reply`` macro
of ``templates/why.md.j2`` from the facts of ``explain/why.py``; this module reads the
*written text* back and checks each claim against the trace (and, for a claim "with you and
M paired", against the what-if trace the caller supplies; for a reading, against the round
paired under the other value).  Every sentence must be matched by a claim: what no pattern
covers is reported as ``unproven``, so a sentence added to the template without its check
here fails too.  (The same shape as ``dubov1997/claims.py``; each rulebook words, and so
checks, its own replies.)

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
greeting        the standings' name of the player
decision        the published boards, the bye, the round's absences, the scores
standing        score, position (score, then pairing number), colours, the colour
                preference of A.6/A.7 as the standings hold it
history         the rounds without a game: the standings' history codes
bye             ByeAssigned (A.5), and the player left in the last bracket
colour          the ColourAllocated of the player's pair: colour and rule of E
moved-down      BracketOpened: the player among the bracket's moved-down players
pair            PairingFound: the pair, its bracket and its transposition; when D.4
                took it, the B3Factor right after it (B3-factor, not the first)
why-not         the case's numbers in the real and the what-if trace
reading         the round paired under the other value of the reading
==============  ==============================================================
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable, Iterable

from ...trace.events import Trace
from ..claims import (  # noqa: F401  (Claim, paragraphs, mismatches: this checker's API)
    ABSENCE, NAME, NOGAME, PTS, CheckerBase, Claim, Facts, N, S, ints,
    mismatches, paragraphs,
)
from ..claims import check_text as _check_text
from . import events as ev
from .why import _STEP, decision_key

#: games that count as a meeting (forfeits and byes do not)
COLOUR = {"E.1": "both colour preferences are granted",
          "E.2": "the stronger colour preference is granted",
          "E.3": "the colours alternate to the most recent round in which the two had different colours",
          "E.4": "the colour preference of the higher ranked player is granted",
          "E.5": "neither has a colour preference, so the colour drawn by lot decides"}

class _Checker(CheckerBase):
    # ------------------------------------------------------------------ patterns
    def patterns(self):
        """(kind, regex, check): each check returns (ok, what the trace says)."""
        f, n = self.f, self.n
        rnd = f.opened.round
        row = f.rows.get(n, {})
        yield "greeting", r"^Dear (.*),$", lambda m: (m[1] == " ".join(str(row.get("name") or f"player {n}").split()),
                                                      row.get("name"))
        yield "decision", (r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) play (White|Black) against "
                           + NAME + r" \(" + PTS + r"\), board " + N + r"\."), self._board
        yield "decision", (r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the pairing-allocated bye "
                           r"\(Article A\.5\)\."), \
            lambda m: (int(m[1]) == rnd and int(m[2]) == n and self.named(m[2], m[3]) and f.bye == n
                       and f.score(n) == m[4], f.bye)
        yield "decision", r"Round " + N + r": you \(" + NAME + r"\) are not paired: (.*?)\.", \
            lambda m: (int(m[1]) == rnd and (n, self._absence(m[4])) in [tuple(a) for a in f.opened.absent],
                       f.opened.absent)
        yield "decision", r"Round " + N + r": nobody is paired: no complete pairing exists \(Article B\.1\)\.", \
            lambda m: (int(m[1]) == rnd and not f.published, "published")
        yield "standing", (r"Before this round you had " + PTS + r"(?: for the pairing \(" + S + r" scored, " + S
                           + r" added by acceleration\))?, position " + N + " of " + N
                           + r"; your colours so far: ([WB]+|none), so (?:your colour preference is "
                           r"(absolute|strong|mild) for (White|Black) \(Article ([A-E]\.[\w.]+)\)"
                           r"|you have no colour preference \(Article A\.6\))\."), self._standing
        yield "history", r"Rounds without a game: (.*?)\.(?= |$)", self._history
        # the topic
        yield "bye", (r"Article A\.5: the bye goes to the player left unpaired by the last bracket, and you are that "
                      r"player\."), self._bye
        yield "colour", r"You have (White|Black)(?:, not (White|Black))?: Article (E\.\d), (.*?)\.(?= |$)", \
            self._colour
        yield "colour", r"You have no colour this round\.", lambda m: (not any(
            n in b for p in f.of(ev.PairingPublished) for b in p.boards), "a colour")
        yield "moved-down", r"You were moved down into the " + S + r"-point bracket \(Article A\.3\)\.", \
            lambda m: (any(n in e.mdps for e in f.of(ev.BracketOpened, score=m[1])), "no")
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, the first pairing that meets the requirements \(Article C\.7\)\."), \
            lambda m: (n in (int(m[2]), int(m[3])) and any(
                [int(m[2]), int(m[3])] in [list(p) for p in e.pairs] and e.transposition == int(m[4])
                for e in f.of(ev.PairingFound, score=m[1])), "no such pairing")
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, of the pairings that meet the requirements the one with the least "
                       r"B3-factor, " + S + r" \(Article D\.4\)\."), self._pair_d4
        yield "absent", r"Absent players are not paired \(Article A\.2\)\.", \
            lambda m: (n in [a[0] for a in f.opened.absent], f.opened.absent)
        yield "no-pairing", r"Article B\.1: no pairing of all the players meets the absolute criteria\.", \
            lambda m: (not f.published, "published")
        yield "why-not", r"You do play " + NAME + r" \(" + PTS + r"\): board " + N + r"\.$", \
            lambda m: (self.named(m[1], m[2]) and f.score(int(m[1])) == m[3] and 0 < int(m[4]) <= len(f.boards)
                       and set(f.boards[int(m[4]) - 1]) == {n, int(m[1])}, f.boards)
        yield "why-not", r"You do not play " + NAME + r" \(" + PTS + r"\): (.*)\.$", self._why_not
        yield "reading", (r"This rests on a reading of an unclear article \((.*?), \"([\w-]+)\"\): read as \"([\w-]+)\""
                          r" instead of \"([\w-]+)\", you would (.*?)\.(?= This|$)"), self._reading
        yield "reading", r"No named reading of an unclear article changes this\.", self._no_reading
        yield "pointer", r"Step by step: dubov-explain explain --system dutch-2012 --player " \
            + N + r"\.", lambda m: (int(m[1]) == n, n)

    # ------------------------------------------------------------------ checks
    def _absence(self, words: str) -> str:
        return next((k for k, w in ABSENCE.items() if w == words), words)

    def _board(self, m):
        f = self.f
        p, col, o, b = int(m[2]), m[5], int(m[6]), int(m[9])
        want = (p, o) if col == "White" else (o, p)
        ok = (int(m[1]) == f.opened.round and p == self.n and 0 < b <= len(f.boards) and f.boards[b - 1] == want
              and f.score(p) == m[4] and f.score(o) == m[8] and self.named(m[2], m[3]) and self.named(m[6], m[7]))
        return ok, (f.boards, f.score(p), f.score(o))

    def _standing(self, m):
        f, n = self.f, self.n
        row = f.rows.get(n, {})
        # the points of acceleration, when the round has them (the pairing score holds them)
        virtual = row.get("virtual") if row.get("virtual") not in (None, "0") else None
        if (m[2], m[3]) != ((row.get("real_score"), virtual) if virtual else (None, None)):
            return False, (row.get("real_score"), virtual)
        m = [m[0], m[1]] + list(m.groups()[3:])
        cols = row.get("colours") or "none"
        pref = (row.get("strength"), row.get("preference"), row.get("preference_rule")) \
            if row.get("strength") != "none" else (None, None, None)
        ok = (row.get("score") == m[1] and f.position(n) == int(m[2]) and len(f.rows) == int(m[3])
              and cols == m[4] and pref == (m[5], m[6], m[7]))
        return ok, (row.get("score"), f.position(n), cols, pref)

    def _pair_d4(self, m):
        """The pair, found in the bracket at that transposition, and D.4's event right after it
        taking it with that B3-factor instead of the first candidate."""
        f, n = self.f, self.n
        pair = [int(m[2]), int(m[3])]
        events = list(f.trace.events)
        for i, e in enumerate(events):
            if isinstance(e, ev.PairingFound) and e.score == m[1] and pair in [list(p) for p in e.pairs] \
                    and e.transposition == int(m[4]) and i + 1 < len(events):
                d4 = events[i + 1]
                if isinstance(d4, ev.B3Factor) and d4.b3 == m[5] and d4.first_pairs and n in pair:
                    return True, d4.b3
        return False, "no such pairing"

    def _history(self, m):
        want = "; ".join(f"round {r} {NOGAME[k]}" for r, _o, _c, k in self.f.rows.get(self.n, {}).get("history", ())
                         if k in NOGAME)
        return m[1] == want, want

    def _bye(self, m):
        f, n = self.f, self.n
        last = f.of(ev.BracketOpened)[-1:] if f.of(ev.BracketOpened) else []
        closed = f.of(ev.BracketClosed)[-1:]
        ok = ([e.player for e in f.of(ev.ByeAssigned)] == [n] and bool(last)
              and (n in last[0].residents or n in last[0].mdps)
              and bool(closed) and all(n not in p for p in closed[0].pairs))
        return ok, f.bye

    def _colour(self, m):
        f, n = self.f, self.n
        # the pair published (C.12/C.13 may have undone a pairing coloured before)
        boards = {tuple(b) for p in f.of(ev.PairingPublished) for b in p.boards}
        e = next((e for e in reversed(f.of(ev.ColourAllocated))
                  if n in (e.white, e.black) and (e.white, e.black) in boards), None)
        if e is None:
            return False, "no colour"
        mine = "White" if e.white == n else "Black"
        row = f.rows.get(n, {})
        pref = row.get("preference") if row.get("strength") != "none" else None
        ok = (m[1] == mine and e.rule == m[3] and COLOUR.get(e.rule) == m[4]
              and m[2] == (pref if pref is not None and pref != mine else None))
        return ok, (mine, e.rule, pref)

    def _why_not(self, m):
        f = self.f
        a = int(m[1])
        ok = self.named(m[1], m[2]) and f.score(a) == m[3]
        rest = m[4]
        got = self._answer(a, rest)
        if got is None:
            return False, f"unproven answer: {rest}"
        return ok and got[0], got[1]

    def _answer(self, a: int, s: str):  # noqa: C901 - one branch per case of the answer
        f, n = self.f, self.n
        paired_ab = any({n, a} == set(b) for b in f.boards)
        if (m := re.fullmatch(N + r" is not paired this round \((.*?)\)", s)):
            return (int(m[1]) in (n, a) and (int(m[1]), self._absence(m[2])) in [tuple(x) for x in f.opened.absent],
                    f.opened.absent)
        if paired_ab:
            return False, "they are paired"
        if (m := re.fullmatch(r"no complete pairing exists this round \(Article B\.1\)", s)):
            return not f.published, "published"
        w = self.wi(a)
        if w is None:
            return None
        header = next(iter(w.trace.of(ev.WhatIf)), None)
        crit = header.pairs[0][2] if header is not None and header.pairs else ""
        if s == "you have met before (Article B.1.a)":
            met = [r for r, o, _c, _k in f.rows.get(n, {}).get("history", ()) if o == a]
            return crit == "B.1.a" and bool(met), (crit, met)
        if s == "you both have the same absolute colour preference (Article B.2)":
            rn, ra = f.rows.get(n, {}), f.rows.get(a, {})
            ok = (crit == "B.2" and rn.get("strength") == ra.get("strength") == "absolute"
                  and rn.get("preference") == ra.get("preference"))
            return ok, (crit, rn.get("strength"), ra.get("strength"))
        if s == "you are a forbidden pair (XXP)":
            return crit == "XXP", crit
        if crit:
            return False, crit
        if (m := re.fullmatch(r"with you and " + N + r" paired, ([\d, ]+) could not all be paired \(Article B\.1\)",
                              s)):
            res = w.trace.result
            return (int(m[1]) == a and isinstance(res, ev.Impossible)
                    and sorted(ints(m[2])) == sorted(res.players), res.kind)
        if (m := re.fullmatch(r"the bye goes to " + N + r" \(Article A\.5\); with you and " + N
                              + r" paired it would go to " + N, s)):
            wb = [e.player for e in w.of(ev.ByeAssigned)]
            return int(m[1]) == f.bye and int(m[2]) == a and wb == [int(m[3])], (f.bye, wb)
        if (m := re.fullmatch(r"the " + S + r"-point bracket is paired meeting requirements that no pairing with "
                              r"you and " + N + r" paired meets \(Article C\.10\)", s)):
            ok = bool(f.of(ev.PairingFound, score=m[1])) and bool(w.of(ev.RequirementsFailed, score=m[1])) \
                and int(m[2]) == a
            return ok, "requirements"
        if (m := re.fullmatch(r"the " + S + r"-point bracket is paired with requirement ([\w.-]+) (kept|dropped|\d+); "
                              r"with you and " + N + r" paired it would have to be (kept|dropped|\d+) "
                              r"\(Article (C\.10\.[a-g])\)", s)):
            def val(x):
                return "kept" if x is True else ("dropped" if x is False else str(x))
            real = {val(e.requirements.get(m[2])) for e in f.of(ev.PairingFound, score=m[1])}
            theirs = {val(e.requirements.get(m[2])) for e in w.of(ev.PairingFound, score=m[1])}
            ok = m[3] in real and m[5] in theirs and m[3] != m[5] and int(m[4]) == a and _STEP.get(m[2]) == m[6]
            return ok, (real, theirs)
        if (m := re.fullmatch(r"with you and " + N + r" paired the " + S + r"-point bracket would have to make fewer "
                              r"pairs \(Article C\.14\)", s)):
            fewer = w.of(ev.Reduced, score=m[2]) + w.of(ev.BracketMovedDown, score=m[2]) + [
                e for e in w.of(ev.RequirementsFailed, score=m[2]) if e.next_step.startswith("C.14")]
            return int(m[1]) == a and bool(fewer) and bool(f.of(ev.PairingFound, score=m[2])), "fewer"
        if (m := re.fullmatch(r"both pairings of the " + S + r"-point bracket meet the same requirements, and the "
                              r"procedure's has the lesser B3-factor, " + S + " against " + S
                              + r" \(Article D\.4\)", s)):
            from .why import _b3_after
            ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                     and (bx := _b3_after(f.trace, x)) is not None and (by := _b3_after(w.trace, y)) is not None
                     and bx.b3 == m[2] and by.b3 == m[3] and Fraction(m[2]) < Fraction(m[3])
                     for x in f.of(ev.PairingFound, score=m[1]) for y in w.of(ev.PairingFound, score=m[1]))
            return ok, "b3-factor"
        if (m := re.fullmatch(r"the " + S + r"-point bracket is paired by the least B3-factor over the levels of "
                              r"requirements compared \(Article D\.4, reading d4-level\): the procedure's pairing has "
                              + S + r"; with you and " + N + r" paired the least is " + S, s)):
            from .why import _level_stage
            r, w2 = _level_stage(f.trace, m[1]), _level_stage(w.trace, m[1])
            ok = (r is not None and w2 is not None and r[0] == w2[0] and int(m[3]) == a
                  and r[1].b3 == m[2] and w2[1].b3 == m[4] and Fraction(m[2]) <= Fraction(m[4])
                  and f.opened.readings.get("d4-level") == "b3-first")
            return ok, "b3-level"
        if (m := re.fullmatch(r"both pairings of the " + S + r"-point bracket meet the same requirements, and the "
                              r"procedure's comes first in the order of Article (D\.[23])", s)):
            ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                     and tuple(x.exchange) != tuple(y.exchange)
                     and m[2] == ("D.3" if x.part == "heterogeneous" else "D.2")
                     for x in f.of(ev.PairingFound, score=m[1]) for y in w.of(ev.PairingFound, score=m[1]))
            return ok, "exchange"
        if (m := re.fullmatch(r"both pairings of the " + S + r"-point bracket meet the same requirements, and the "
                              r"procedure's transposition #" + N + r" comes before #" + N + r" in the order of "
                              r"Article D\.1", s)):
            ok = int(m[2]) < int(m[3]) and any(
                x.part == y.part and dict(x.requirements) == dict(y.requirements)
                and x.transposition == int(m[2]) and y.transposition == int(m[3])
                for x in f.of(ev.PairingFound, score=m[1]) for y in w.of(ev.PairingFound, score=m[1]))
            return ok, "transposition"
        if (m := re.fullmatch(r"with you and " + N + r" paired, " + N + r" would have no possible opponent in the "
                              + S + r"-point bracket and would move down at once \(Article C\.1\)", s)):
            key = dict(score=m[3], player=int(m[2]))
            ok = int(m[1]) == a and bool(w.of(ev.IncompatibleMoved, **key)) and not f.of(ev.IncompatibleMoved, **key)
            return ok, "incompatible"
        if (m := re.fullmatch(r"the procedure decides otherwise at Article (.+)", s)):
            first = _first_parting(f.trace, w.trace)
            return first is not None and first.article == m[1], first
        return None

    def _reading(self, m):
        f = self.f
        name, value, cur, said = m[2], m[3], m[4], m[5]
        ok = f.opened.readings.get(name) == cur and value != cur
        if self.pair_under is None:
            return ok, "no check"
        got = Facts(self.pair_under(name, value)).outcome(self.n)
        # a name that ends the sentence loses its own full stop (render.explain.reply_text)
        return ok and got.rstrip(".") == said.rstrip(".") and got != f.outcome(self.n), got

    def _no_reading(self, m):
        if self.pair_under is None or self.catalogue is None:
            return True, ""
        mine = self.f.outcome(self.n)
        for name, choices in self.catalogue:
            for value in choices:
                if value != self.f.opened.readings.get(name):
                    got = Facts(self.pair_under(name, value)).outcome(self.n)
                    if got != mine:
                        return False, (name, value, got)
        return True, ""


def _first_parting(real: Trace, what_if: Trace):
    """The real run's first decision (``why.decision_key``) that the what-if run decides
    otherwise, re-derived here: the two runs' decisions compared in order."""
    a = [e for e in real.events if decision_key(e) is not None]
    b = [e for e in what_if.events if decision_key(e) is not None]
    for x, y in zip(a, b):
        if decision_key(x) != decision_key(y):
            return x
    return a[len(b)] if len(a) > len(b) else None


def check_text(text: str, trace: Trace, player: int,
               what_if: Callable[[int, int], Trace] | None = None,
               pair_under: Callable[[str, str], Trace] | None = None,
               catalogue: Iterable[tuple[str, tuple]] | None = None) -> list[Claim]:
    """Every claim of a reply ``text`` to ``player`` checked against ``trace`` (see
    :func:`..claims.check_text`)."""
    return _check_text(_Checker, text, trace, player, what_if, pair_under, catalogue)
