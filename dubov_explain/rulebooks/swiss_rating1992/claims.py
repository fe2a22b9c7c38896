"""Every sentence of a 1992 rating-based reply proven: its claims re-derived from the trace.

A reply (``explain --system swiss-rating-1992 --reply``, ``--colour``, ``--against``) is
written by the ``reply`` macro of ``templates/why.md.j2`` from the facts of
``explain/why.py``; this module reads the *written text* back and checks each claim against
the trace (and, for a claim "with you and M paired", against the what-if trace the caller
supplies; for a reading, against the round paired under the other value).  Every sentence
must be matched by a claim: what no pattern covers is reported as ``unproven``.

The sentences every reply shares (the greeting, the board, the rounds without a game, the
readings) and the answer parser are the framework's (``rulebooks/claims.py``); the trace
shapes are the Dutch 2012 ones (``events.py``), so this checker extends Dutch 2012's and
keeps its checks that only read shapes; every sentence of its own cites this text's
articles:

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
decision        the bye (A.5) and no pairing at all (B.1)
standing        score, position (A.2: score, then pairing number), colours, the
                colour preference of A.7.a-c as the standings hold it (none: A.7)
bye             ByeAssigned (A.5): an odd number to pair, the player left in the
                last bracket
colour          the ColourAllocated of the player's pair: colour and rule of E.1-E.5
moved-down      BracketOpened: the player among the bracket's moved-down players
pair            PairingFound: the pair, its bracket and its transposition (D.1, C.7)
why-not         the case's numbers in the real and the what-if trace: the criteria
                C.9 (B.6, B.5 for downfloats), C.10 (for upfloats), C.11 (x) lower,
                C.14's fewer pairs, D.1's and D.2's orders, C.1
==============  ==============================================================
"""

from __future__ import annotations

from ..claims import (  # noqa: F401  (Claim, mismatches: this checker's API)
    BEFORE, NAME, PTS, Claim, N, S, mismatches,
)
from ..dutch2012.claims import _Checker as _DutchChecker
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


class _Checker(_DutchChecker):
    system = "swiss-rating-1992"
    ev = ev
    colours = COLOUR
    term = "criteria"
    steps = _STEP

    # ------------------------------------------------------------------ patterns
    def opening(self):
        yield "decision", r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the bye \(Article A\.5\)\.", \
            self._bye_decision
        yield "decision", r"Round " + N + r": nobody is paired: no complete pairing exists \(Article B\.1\)\.", \
            self._nobody
        yield "standing", (BEFORE + r" in the order of Article A\.2 \(score, then pairing number\); your "
                           r"colours so far: ([WB]+|none), so (?:your colour preference is (absolute|strong|mild) "
                           r"for (White|Black) \(Article (A\.7\.[abc])\)|you have no colour preference "
                           r"\(Article A\.7\))\."), self._standing

    def topic(self):
        yield "bye", (r"Article A\.5: the number of players to pair is odd, so one player ends up unpaired after "
                      r"the last bracket, and you are that player\."), self._bye
        yield from self.colour_topic()
        yield "moved-down", (r"You were moved down into the " + S + r"-point bracket, where the players moved "
                             r"down are paired first \(Article A\.3\)\."), self._moved_down
        yield from self.float_topic()
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": transposition #" + N
                       + r" of Article D\.1, the first pairing that meets the criteria \(Article C\.7\)\."), \
            self._pair_first
        yield "absent", r"Players known in advance not to play in a round are not paired in it \(Article F\.5\)\.", \
            self._absent
        yield "no-pairing", r"Article B\.1: no pairing of all the players meets the absolute criteria\.", \
            lambda m: (not self.f.published, "published")

    def answers(self):
        yield r"with you and " + N + r" paired, ([\d, ]+) could not (all )?be paired \(Article B\.1\)", \
            self._impossible
        yield (r"the " + S + r"-point bracket is paired meeting criteria that no pairing with you and " + N
               + r" paired meets, so the procedure would go on to Article (C\.9|C\.10|C\.11|C\.14)"), self._criteria
        yield (r"the " + S + r"-point bracket is paired with criterion ([\w.-]+) (kept|dropped|\d+); with you and "
               + N + r" paired it would have to be (kept|dropped|\d+) \(Article (C\.9|C\.10|C\.11)\)"), \
            self._kept_dropped
        yield (r"both pairings of the " + S + r"-point bracket meet the same criteria, and the procedure's exchange "
               r"comes first in the order of Article D\.2"), self._exchange
        yield from self.family_answers()

    # ------------------------------------------------------------------ checks
    def _bye(self, m):
        """A.5: an odd number to pair, and the player the one left after the last bracket
        (the Dutch 2012 check of the last bracket)."""
        f = self.f
        ok = len(f.opened.to_pair) % 2 == 1 and super()._bye(m)[0]
        return ok, (len(f.opened.to_pair), f.bye)

    def _criteria(self, m, a, w):
        """The real run paired the bracket where the what-if run, at the same criteria, found
        nothing and went on to the named step."""
        real = [e for e in self.f.of(ev.PairingFound, score=m[1])]
        failed = [e for e in w.of(ev.RequirementsFailed, score=m[1])
                  if any(dict(e.requirements) == dict(r.requirements) for r in real)]
        ok = bool(real) and int(m[2]) == a and any(e.next_step == m[3] for e in failed)
        return ok, [(e.next_step, dict(e.requirements)) for e in w.of(ev.RequirementsFailed, score=m[1])]

    def _exchange(self, m, a, w):
        """D.2 (the 1992 text has no D.3): the same criteria, another exchange."""
        ok = any(x.part == y.part and dict(x.requirements) == dict(y.requirements)
                 and tuple(x.exchange) != tuple(y.exchange)
                 for x in self.f.of(ev.PairingFound, score=m[1]) for y in w.of(ev.PairingFound, score=m[1]))
        return ok, "exchange"


check_text = _Checker.check_text
