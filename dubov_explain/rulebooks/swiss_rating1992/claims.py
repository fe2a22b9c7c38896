"""Every sentence of a 1992 rating-based reply proven: its claims re-derived from the trace.

A reply (``explain --system swiss-rating-1992 --reply``, ``--colour``, ``--against``) is
written by the ``reply`` macro of ``templates/why.md.j2`` from the facts of
``explain/why.py``; this module reads the *written text* back and checks each claim against
the trace (and, for a claim "with you and M paired", against the what-if trace the caller
supplies; for a reading, against the round paired under the other value).  Every sentence
must be matched by a claim: what no pattern covers is reported as ``unproven``.

The trace shapes are the Dutch 2012 ones (``events.py``), so the checks that only read
shapes are those of ``dutch2012/claims.py`` (the decision line, the standing, the rounds
without a game, the readings); every pattern is this text's own, citing its articles:

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
greeting        the standings' name of the player
decision        the published boards, the bye (A.5), the round's absences (F.5),
                the scores; no pairing at all (B.1)
standing        score, position (A.2: score, then pairing number), colours, the
                colour preference of A.7.a-c as the standings hold it (none: A.7)
history         the rounds without a game: the standings' history codes
bye             ByeAssigned (A.5): an odd number to pair, the player left in the
                last bracket
colour          the ColourAllocated of the player's pair: colour and rule of E.1-E.5
moved-down      BracketOpened: the player among the bracket's moved-down players
pair            PairingFound: the pair, its bracket and its transposition (D.1, C.7)
why-not         the case's numbers in the real and the what-if trace: the criteria
                C.9 (B.6, B.5 for downfloats), C.10 (for upfloats), C.11 (x) lower,
                C.14's fewer pairs, D.1's and D.2's orders, C.1
reading         the round paired under the other value of the reading
==============  ==============================================================
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ...trace.events import Trace
from ..dutch2012.claims import _Checker as _DutchChecker
from ..dutch2012.claims import _first_parting
from ..claims import (  # noqa: F401  (Claim, paragraphs, mismatches: this checker's API)
    NAME, PTS, Claim, N, S, ints, mismatches, paragraphs,
)
from ..claims import check_text as _check_text
from . import events as ev
from .why import _STEP

#: E.1-E.5 of the 1992 text, in the reply's words
COLOUR = {"E.1": "both colour preferences are granted",
          "E.2": "the stronger colour preference is granted",
          "E.3": "the colours alternate to the most recent round in which the two played with different "
                 "colours",
          "E.4": "the colour preference of the higher ranked player is granted",
          "E.5": "neither has a colour preference, so the colour drawn by lot decides, alternating between "
                 "odd and even numbered players"}

SYSTEM = "swiss-rating-1992"


class _Checker(_DutchChecker):
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
        yield "decision", r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the bye \(Article A\.5\)\.", \
            lambda m: (int(m[1]) == rnd and int(m[2]) == n and self.named(m[2], m[3]) and f.bye == n
                       and f.score(n) == m[4], f.bye)
        yield "decision", r"Round " + N + r": you \(" + NAME + r"\) are not paired: (.*?)\.", \
            lambda m: (int(m[1]) == rnd and (n, self._absence(m[4])) in [tuple(a) for a in f.opened.absent],
                       f.opened.absent)
        yield "decision", r"Round " + N + r": nobody is paired: no complete pairing exists \(Article B\.1\)\.", \
            lambda m: (int(m[1]) == rnd and not f.published, "published")
        yield "standing", (r"Before this round you had " + PTS + r"(?: for the pairing \(" + S + r" scored, " + S
                           + r" added by acceleration\))?, position " + N + " of " + N
                           + r" in the order of Article A\.2 \(score, then pairing number\); your colours so far: "
                           r"([WB]+|none), so (?:your colour preference is (absolute|strong|mild) for "
                           r"(White|Black) \(Article (A\.7\.[abc])\)|you have no colour preference "
                           r"\(Article A\.7\))\."), self._standing
        yield "history", r"Rounds without a game: (.*?)\.(?= |$)", self._history
        # the topic
        yield "bye", (r"Article A\.5: the number of players to pair is odd, so one player ends up unpaired after "
                      r"the last bracket, and you are that player\."), self._bye
        yield "colour", r"You have (White|Black)(?:, not (White|Black))?: Article (E\.\d), (.*?)\.(?= |$)", \
            self._colour
        yield "colour", r"You have no colour this round\.", lambda m: (not any(
            n in b for p in f.of(ev.PairingPublished) for b in p.boards), "a colour")
        yield "moved-down", (r"You were moved down into the " + S + r"-point bracket, where the players moved "
                             r"down are paired first \(Article A\.3\)\."), \
            lambda m: (any(n in e.mdps for e in f.of(ev.BracketOpened, score=m[1])), "no")
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, the first pairing that meets the criteria \(Article C\.7\)\."), \
            lambda m: (n in (int(m[2]), int(m[3])) and any(
                [int(m[2]), int(m[3])] in [list(p) for p in e.pairs] and e.transposition == int(m[4])
                for e in f.of(ev.PairingFound, score=m[1])), "no such pairing")
        yield "absent", r"Players known in advance not to play in a round are not paired in it \(Article F\.5\)\.", \
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
        yield "pointer", r"Step by step: dubov-explain explain --system swiss-rating-1992 --player " \
            + N + r"\.", lambda m: (int(m[1]) == n, n)

    # ------------------------------------------------------------------ checks
    def _bye(self, m):
        """A.5: an odd number to pair, and the player the one left after the last bracket
        (the Dutch 2012 check of the last bracket)."""
        f = self.f
        ok = len(f.opened.to_pair) % 2 == 1 and super()._bye(m)[0]
        return ok, (len(f.opened.to_pair), f.bye)

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
        if (m := re.fullmatch(r"with you and " + N + r" paired, ([\d, ]+) could not (all )?be paired "
                              r"\(Article B\.1\)", s)):
            res = w.trace.result
            return (int(m[1]) == a and isinstance(res, ev.Impossible) and bool(m[3]) == (len(res.players) > 1)
                    and sorted(ints(m[2])) == sorted(res.players), res.kind)
        if (m := re.fullmatch(r"the bye goes to " + N + r" \(Article A\.5\); with you and " + N
                              + r" paired it would go to " + N, s)):
            wb = [e.player for e in w.of(ev.ByeAssigned)]
            return int(m[1]) == f.bye and int(m[2]) == a and wb == [int(m[3])], (f.bye, wb)
        if (m := re.fullmatch(r"the " + S + r"-point bracket is paired meeting criteria that no pairing with you "
                              r"and " + N + r" paired meets, so the procedure would go on to Article "
                              r"(C\.9|C\.10|C\.11|C\.14)", s)):
            # the real run paired the bracket where the what-if run, at the same criteria,
            # found nothing and went on to the named step
            real = [e for e in f.of(ev.PairingFound, score=m[1])]
            failed = [e for e in w.of(ev.RequirementsFailed, score=m[1])
                      if any(dict(e.requirements) == dict(r.requirements) for r in real)]
            ok = bool(real) and int(m[2]) == a and any(e.next_step == m[3] for e in failed)
            return ok, [(e.next_step, dict(e.requirements)) for e in w.of(ev.RequirementsFailed, score=m[1])]
        if (m := re.fullmatch(r"the " + S + r"-point bracket is paired with criterion ([\w.-]+) (kept|dropped|\d+); "
                              r"with you and " + N + r" paired it would have to be (kept|dropped|\d+) "
                              r"\(Article (C\.9|C\.10|C\.11)\)", s)):
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
        if (m := re.fullmatch(r"both pairings of the " + S + r"-point bracket meet the same criteria, and the "
                              r"procedure's exchange comes first in the order of Article D\.2", s)):
            ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                     and tuple(x.exchange) != tuple(y.exchange)
                     for x in f.of(ev.PairingFound, score=m[1]) for y in w.of(ev.PairingFound, score=m[1]))
            return ok, "exchange"
        if (m := re.fullmatch(r"both pairings of the " + S + r"-point bracket meet the same criteria, and the "
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


def check_text(text: str, trace: Trace, player: int,
               what_if: Callable[[int, int], Trace] | None = None,
               pair_under: Callable[[str, str], Trace] | None = None,
               catalogue: Iterable[tuple[str, tuple]] | None = None) -> list[Claim]:
    """Every claim of a reply ``text`` to ``player`` checked against ``trace`` (see
    :func:`..claims.check_text`)."""
    return _check_text(_Checker, text, trace, player, what_if, pair_under, catalogue)
