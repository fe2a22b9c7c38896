"""Every sentence of a Dubov 1997 reply proven: its claims re-derived from the trace.

A reply (``explain --reply``, ``--colour``, ``--against``) is written by the ``reply`` macro
of ``templates/why.md.j2`` from the facts of ``explain/why.py``; this module reads the
*written text* back and checks each claim against the trace (and, for a claim "with you and
M paired", against the what-if trace the caller supplies; for a reading, against the round
paired under the other value).  Every sentence must be matched by a claim: what no pattern
covers is reported as ``unproven``, so a sentence added to the template without its check
here fails too.  The walk, the sentences every rulebook's reply shares and the answer
parser are the shared framework's (``rulebooks/claims.py``); here are this text's own.

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
decision        the bye (Article 4, 5: FirstRound) and no pairing at all (Article 9)
standing        score, position (score, then the list), colours; the due colour
                of Article 1 recomputed from the colours
bye             the ByeAssigned's ``decided_by`` (4), FirstRound's bye (5)
colour          the ColourAllocated of the player's pair: colour and priority
transfer        TransferMade (7.x) / GroupOpened floaters (6.4)
pair            PairMade (6.2/6.3), FloaterPaired (8.2), TransferMade 7.1
why-not         the answer's numbers in the real and the what-if trace
==============  ==============================================================
"""

from __future__ import annotations

import re

from ..claims import (  # noqa: F401  (Claim, mismatches: this checker's API)
    BEFORE, NAME, PTS, SET, Claim, N, ReplyChecker, S, first_parting, ints, mismatches,
)
from . import events as ev
from .why import decision_key

#: Article 4 and Article 3/5 in the reply's words
BYE = {"score": "it goes to a player of the lowest score group",
       "rating": "among the players of the lowest score group it goes to the lowest R",
       "dominating": "among the lowest R it goes to a player due the dominating colour",
       "aro": "with score, R and due colour tied, it goes to the higher ARO",
       "bye-tie": "the text leaves a tie, and the reading bye-tie decides",
       "only": "you were the only player who could have it"}
COLOUR = {"1": "both players get their due colour (first priority)",
          "2": "the colours equalise the numbers of White and Black games (second priority)",
          "3": "the colours alternate at the latest round where the two histories differ (third priority)",
          "4": "White goes to the player with the higher ARO (fourth priority)",
          "5": "White goes to the player with the lower R (fifth priority)",
          "last-tie": "all five priorities tie, and the reading colour-last-tie decides",
          "odd": "in round 1 the upper player of an odd-numbered pair has the colour drawn by lot",
          "even": "in round 1 the upper player of an even-numbered pair has the other colour"}


def due_colour(colours: str) -> str | None:
    """Article 1: White with more Blacks than Whites, or as many and Black last; Black the
    other way; none before any game."""
    if not colours:
        return None
    w, b = colours.count("W"), colours.count("B")
    if w != b:
        return "White" if b > w else "Black"
    return "White" if colours[-1] == "B" else "Black"


class _Checker(ReplyChecker):
    system = "dubov-1997"
    no_pairing = "9"
    ev = ev
    decision_key = staticmethod(decision_key)

    # ------------------------------------------------------------------ patterns
    def opening(self):
        yield "decision", r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the bye \(Article (4|5)\)\.", \
            lambda m: (self._bye_decision(m)[0] and m[5] == ("5" if self.f.of(ev.FirstRound) else "4"), self.f.bye)
        yield "decision", r"Round " + N + r": nobody is paired: the instructions give no complete pairing " \
            r"\(Article 9\)\.", self._nobody
        yield "standing", (BEFORE + r"; your colours so far: ([WB]+|none), so (?:your due colour is "
                           r"(White|Black)|you have no due colour yet) \(Article 1\)\."), self._standing

    def topic(self):
        f, n = self.f, self.n
        yield "bye", r"Article 5: in round 1 the last player of the list has the bye\.", \
            lambda m: (any(e.bye == n for e in f.of(ev.FirstRound)), f.bye)
        yield "bye", r"Article 4: (.*?)\.(?= |$)", self._bye
        yield "colour", (r"You have (White|Black)(?:, not your due colour (White|Black))?: Article (3|5), (.*?)\."
                         r"(?= |$)"), self._colour
        yield "colour", r"You have no colour this round\.", lambda m: (not any(
            n in (e.white, e.black) for e in f.of(ev.ColourAllocated)), "a colour")
        yield "transfer", (r"You were transferred up to the " + S + r"-point score group by Article (7\.\d)"
                           r"(?: for " + NAME + r")?\.(?= |$)"), self._transfer
        yield "transfer", r"You came down as a floater into the " + S + r"-point score group \(Article 6\.4\)\.", \
            lambda m: (any(n in e.floaters for e in f.of(ev.GroupOpened, score=m[1])), "no")
        yield "pair", (r"In the " + S + r"-point score group, row " + N + r" of the (White|Black) column \(" + N
                       + r"\) takes " + N + r" \(Article (6\.[23])\)\."), \
            lambda m: (bool(f.of(ev.PairMade, score=m[1], row=int(m[2]), column=m[3], player=int(m[4]),
                                 opponent=int(m[5]), article=m[6])) and n in (int(m[4]), int(m[5])), "no such pair")
        yield "pair", r"Floater " + N + " meets " + N + r" \(Article 8\.2\)\.", \
            lambda m: (bool(f.of(ev.FloaterPaired, floater=int(m[1]), partner=int(m[2]))), "no")
        yield "pair", r"(?<![\w-])" + N + " was transferred up to meet " + N + r" \(Article 7\.1\)\.", \
            lambda m: (bool(f.of(ev.TransferMade, article="7.1", player=int(m[1]), for_player=int(m[2]))), "no")
        yield "absent", r"Absent players are not paired \(reading absences\)\.", \
            lambda m: (f.opened.readings.get("absences") == "not-paired"
                       and n in [a[0] for a in f.opened.absent], f.opened.readings.get("absences"))
        yield "no-pairing", r"The arbiter decides \(Article 9\)\.", lambda m: (not f.published, "published")

    def barred(self):
        f, n = self.f, self.n
        yield r"you have played each other \(Article 2\.1\), in round ([\d, ]+)", \
            lambda m, a, crit: (crit == "2.1" and ints(m[1]) == f.met(n, a), (crit, f.met(n, a)))
        yield re.escape("no colour for your pair keeps both of you within Articles 2.3 and 2.4"), \
            lambda m, a, crit: (crit == "2.3/2.4", crit)
        yield from super().barred()

    def answers(self):
        yield r"with you and " + N + r" paired, ([\d, ]+) could not all be paired \(Article 9\)", self._impossible
        yield r"the bye goes to " + N + r" \(Article 4\); with you and " + N + r" paired it would go to " + N, \
            self._bye_moves
        yield (r"in the " + S + r"-point score group floater " + N + " meets " + N + r" \(Article 8\.2\); with you "
               r"and " + N + r" paired " + N + " would meet " + N), self._floater
        yield (r"where the procedure transfers " + N + r" up to the " + S + r"-point score group(?: for " + N
               + r")? \(Article (7\.\d)\), with you and " + N + r" paired it would transfer (nobody|(\d+)(?: for "
               r"(\d+))?)"), self._transfers
        yield (r"only with you and " + N + r" paired would the " + S + r"-point score group need a transfer "
               r"\(Article (7\.\d)\)"), self._needs_transfer
        yield (r"the " + S + r"-point score group moves " + SET + r" to the other colour column \(Article (7\.\d)\); "
               r"with you and " + N + r" paired it would move " + SET), self._balance
        yield (r"the " + S + r"-point score group floats " + SET + r" down \(Article 6\.4\); with you and " + N
               + r" paired it would float " + SET), self._floats
        yield (r"in the " + S + r"-point score group row " + N + r" of the (White|Black) column \(" + N + r"\) takes "
               + N + r" \(Article (6\.[23])\); with you and " + N + r" paired it would take " + N), self._row

    # ------------------------------------------------------------------ checks
    def colour_to_come(self, row):
        """Article 1's due colour, recomputed from the colours."""
        return due_colour(row.get("colours") or "")

    def _bye(self, m):
        got = [e for e in self.f.of(ev.ByeAssigned) if e.player == self.n]
        return bool(got) and BYE.get(got[0].decided_by) == m[1], [e.decided_by for e in got]

    def _colour(self, m):
        f, n = self.f, self.n
        e = next((e for e in f.of(ev.ColourAllocated) if n in (e.white, e.black)), None)
        if e is None:
            return False, "no colour"
        mine = "White" if e.white == n else "Black"
        due = due_colour(f.rows.get(n, {}).get("colours") or "")
        ok = (m[1] == mine and COLOUR.get(e.rule) == m[4] and m[3] == ("5" if e.rule in ("odd", "even") else "3")
              and (m[2] is None) == (due is None or due == mine) and (m[2] is None or m[2] == due))
        return ok, (mine, e.rule, due)

    def _transfer(self, m):
        got = self.f.of(ev.TransferMade, player=self.n, score=m[1], article=m[2])
        ok = bool(got) and (got[0].for_player == (int(m[3]) if m[3] else 0)) and (not m[3] or self.named(m[3], m[4]))
        return ok, [(e.article, e.for_player) for e in got]

    # ------------------------------------------------------------------ answers
    def _floater(self, m, a, w):
        ok = (bool(self.f.of(ev.FloaterPaired, score=m[1], floater=int(m[2]), partner=int(m[3])))
              and int(m[4]) == a and m[5] == m[2]
              and bool(w.of(ev.FloaterPaired, score=m[1], floater=int(m[2]), partner=int(m[6]))))
        return ok, "floater"

    def _transfers(self, m, a, w):
        x, y = first_parting(self.f.trace, w.trace, decision_key, both=True)
        key = dict(player=int(m[1]), score=m[2], for_player=int(m[3] or 0), article=m[4])
        ok = isinstance(x, ev.TransferMade) and all(getattr(x, k) == v for k, v in key.items()) and int(m[5]) == a
        if m[6] == "nobody":
            ok = ok and not isinstance(y, ev.TransferMade)
        else:
            ok = ok and isinstance(y, ev.TransferMade) and (y.player, y.for_player) == (int(m[7]), int(m[8] or 0))
        return ok, (x, y)

    def _needs_transfer(self, m, a, w):
        def made(x):
            return [e for e in x.trace.events if isinstance(e, (ev.TransferMade, ev.NoTransfer)) and e.score == m[2]]
        ok = int(m[1]) == a and len(made(w)) > len(made(self.f)) and any(e.article == m[3] for e in made(w))
        return ok, (len(made(self.f)), len(made(w)))

    def _balance(self, m, a, w):
        real = [list(e.moved) for e in self.f.of(ev.ColourBalance, score=m[1], article=m[3])]
        theirs = [list(e.moved) for e in w.of(ev.ColourBalance, score=m[1])]
        return ints(m[2]) in real and int(m[4]) == a and ints(m[5]) in theirs, (real, theirs)

    def _floats(self, m, a, w):
        real = [[p for p, _ in e.players] for e in self.f.of(ev.FloatersChosen, score=m[1])]
        theirs = [[p for p, _ in e.players] for e in w.of(ev.FloatersChosen, score=m[1])]
        return ints(m[2]) in real and int(m[3]) == a and ints(m[4]) in theirs, (real, theirs)

    def _row(self, m, a, w):
        real = self.f.of(ev.PairMade, score=m[1], row=int(m[2]), column=m[3], player=int(m[4]), opponent=int(m[5]),
                         article=m[6])
        theirs = w.of(ev.PairMade, score=m[1], player=int(m[4]), opponent=int(m[8]))
        return bool(real) and bool(theirs) and int(m[7]) == a, "row"


check_text = _Checker.check_text
