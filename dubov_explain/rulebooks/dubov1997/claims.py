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
bye             the ByeAssigned's ``decided_by``, rival and ``passed_over`` (4, 9) and
                the candidates' keys (score, R, due colour, ARO); FirstRound's bye (5)
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

#: Article 3/5 in the reply's words
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
    bye_bar_article = "2.2"
    even_article = "4"
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
        yield "no-bye", r"Article 5: in round 1 the last player of the list, " + N + r", has the bye\.", \
            lambda m: (f.bye == int(m[1]) != n and any(e.bye == int(m[1]) for e in f.of(ev.FirstRound)), f.bye)
        yield "bye", r"Article 5: in round 1 the last player of the list has the bye\.", \
            lambda m: (any(e.bye == n for e in f.of(ev.FirstRound)), f.bye)
        yield "bye", (r"Article 9: before you in the order of Article 4 come (.*?), but with the bye given to any of "
                      r"them the rest of the round cannot be paired, so each is passed over\."), self._bye_passed
        yield "bye", r"Article 4: (no other player may have it|you are the last player left who may have it)\.", \
            lambda m: self._bye_key(m, "only")
        yield "bye", (r"Article 4: you have a lower score than the next candidate, " + NAME + ": " + S + " against "
                      + S + r"\."), lambda m: self._bye_key(m, "score")
        yield "bye", (r"Article 4: you and the next candidate, " + NAME + r", have the same score \(" + S
                      + r"\); you have the lower R: " + N + " against " + N + r"\."), lambda m: self._bye_key(m, "rating")
        yield "bye", (r"Article 4: you and the next candidate, " + NAME + r", have the same score \(" + S
                      + r"\) and R \(" + N + r"\); the dominating due colour of the " + S + r"-point score group is "
                      r"(White|Black), and you are due it, " + N + r" is due (White|Black|none)\."), \
            lambda m: self._bye_key(m, "dominating")
        yield "bye", (r"Article 4: you and the next candidate, " + NAME + r", have the same score \(" + S
                      + r"\) and R \(" + N + r"\); (no due colour dominates|both are due the dominating colour of"
                      r"|neither is due the dominating colour of) the " + S + r"-point score group(?:, (White|Black))?; "
                      r"the higher ARO has the bye: yours (\S+) against (\S+)\."), lambda m: self._bye_key(m, "aro")
        yield "bye", (r"Article 4 leaves you and " + NAME + r" tied on score, R, due colour and ARO, and the reading "
                      r"bye-tie decides\."), \
            lambda m: self._bye_key(m, "bye-tie") if f.bye == n else self._bye_before(m, "tie")
        yield "no-bye", (r"You were passed over for it: with the bye given to you the rest of the round could not "
                         r"have been paired \(Article 9\)\."),\
            lambda m: (any(e.player == n for e in f.of(ev.ByeRejected)) and f.bye != n, "not passed over")
        yield "no-bye", r"Article 4: " + N + r" has a lower score: " + S + " against your " + S + r"\.", \
            lambda m: self._bye_before(m, "score")
        yield "no-bye", (r"Article 4: with the same score \(" + S + r"\), " + N + r" has the lower R: " + N
                         + " against your " + N + r"\."), lambda m: self._bye_before(m, "rating")
        yield "no-bye", (r"Article 4: with the same score \(" + S + r"\) and R \(" + N + r"\), " + N + r" is due the "
                         r"dominating colour of the " + S + r"-point score group, (White|Black); you are due "
                         r"(White|Black|none)\."), lambda m: self._bye_before(m, "dominating")
        yield "no-bye", (r"Article 4: with the same score \(" + S + r"\) and R \(" + N + r"\), and the due colours "
                         r"not deciding, " + N + r" has the higher ARO: (\S+) against your (\S+)\."), \
            lambda m: self._bye_before(m, "aro")
        yield "float", (r"You did not change score group: you are a resident of the " + S + r"-point score group"
                        r"(?:, and your opponent, " + NAME + r" \(" + PTS + r"\), (?:was transferred up into it by "
                        r"Article (7\.\d)|came down into it as a floater \(Article (6\.4)\))|, and so is your "
                        r"opponent, " + NAME + r")\."), self._resident
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

    def _bye_before(self, m, decided: str):
        """Article 4's order put the bye holder before the player: the first of its values
        that differs between the two (score, R, due to the dominating colour, ARO), each
        value stated checked against the candidates' keys."""
        f, n = self.f, self.n
        _e, c, keys = self._assigned()
        h = f.bye
        me, th = keys.get(n), keys.get(h)
        if c is None or me is None or th is None or h == n:
            return False, (h, me, th)
        dom = bool(c.dominating) and (me[3] == c.dominating) != (th[3] == c.dominating)
        first = ("score" if me[1] != th[1] else "rating" if me[2] != th[2] else "dominating" if dom
                 else "aro" if me[4] != th[4] else "tie")
        if first != decided:
            return False, first
        if decided == "score":
            ok = (int(m[1]), m[2], m[3]) == (h, th[1], me[1])
        elif decided == "rating":
            ok = m[1] == me[1] and (int(m[2]), int(m[3]), int(m[4])) == (h, th[2], me[2])
        elif decided == "dominating":
            ok = ((m[1], int(m[2]), int(m[3]), m[4], m[5], m[6])
                  == (me[1], me[2], h, c.score, c.dominating, me[3]) and th[3] == c.dominating)
        elif decided == "aro":
            ok = (m[1], int(m[2]), int(m[3]), m[4], m[5]) == (me[1], me[2], h, th[4], me[4])
        else:  # tied on every value of 4: the reading bye-tie put the holder first
            ok = int(m[1]) == h and self.named(m[1], m[2])
        return ok, (me, th)

    def _resident(self, m):
        """The player a resident of that group; the opponent transferred up into it (7.x),
        floated down into it (6.4), or a resident too."""
        f, n = self.f, self.n
        groups = [e for e in f.of(ev.GroupOpened) if n in e.residents]
        o = next((b if n == w else w for w, b in f.boards if n in (w, b)), None)
        ok = bool(groups) and groups[-1].score == m[1]
        if not ok:
            return False, groups[-1].score if groups else None
        g = groups[-1]
        if m[7]:
            return int(m[7]) == o and self.named(m[7], m[8]) and o in g.residents, g
        ok = int(m[2]) == o and self.named(m[2], m[3]) and f.score(o) == m[4]
        if m[5]:
            return ok and bool(f.of(ev.TransferMade, player=o, score=m[1], article=m[5])), g
        return ok and o in g.floaters, g

    def _assigned(self):
        got = [e for e in self.f.of(ev.ByeAssigned) if e.player == self.n]
        cands = next(iter(self.f.of(ev.ByeCandidates)), None)
        keys = {k[0]: k for k in (cands.keys if cands else ())}
        return (got[0] if got else None), cands, keys

    def _bye_passed(self, m):
        """"before you in the order of Article 4 come A Name (score x), ...": the players
        passed over by 9 before the bye was given to the player, with their scores."""
        e, _c, keys = self._assigned()
        said = [(int(p), sc) for p, sc in re.findall(r"(\d+) [^()]*\(score " + S + r"\)", m[1])]
        want = [(p, keys.get(p, (p, None))[1]) for p in (e.passed_over if e else ())]
        rejected = [x.player for x in self.f.of(ev.ByeRejected)]
        return bool(want) and said == want and all(p in rejected for p, _ in want), want

    def _bye_key(self, m, decided: str):
        """Article 4's comparison with the next candidate: what decided, the rival, and each
        value the sentence states, from the candidates' keys (score, R, due colour, ARO)."""
        e, c, keys = self._assigned()
        if e is None or e.decided_by != decided:
            return False, e and e.decided_by
        if decided == "only":
            return (m[1] == "you are the last player left who may have it") == bool(e.passed_over), e.passed_over
        o = int(m[1])
        me, ko = keys.get(self.n), keys.get(o)
        ok = o == e.runner_up and self.named(m[1], m[2]) and me is not None and ko is not None
        if not ok:
            return False, (e.runner_up, me, ko)
        if decided == "score":
            ok = (m[3], m[4]) == (me[1], ko[1])
        elif decided == "rating":
            ok = m[3] == me[1] == ko[1] and (int(m[4]), int(m[5])) == (me[2], ko[2])
        elif decided == "dominating":
            ok = (m[3] == me[1] == ko[1] and int(m[4]) == me[2] == ko[2] and m[5] == c.score
                  and m[6] == c.dominating == me[3] and int(m[7]) == o and m[8] == ko[3])
        elif decided == "aro":
            dom = ("no due colour dominates" if not c.dominating else
                   "both are due the dominating colour of" if me[3] == c.dominating else
                   "neither is due the dominating colour of")
            ok = (m[3] == me[1] == ko[1] and int(m[4]) == me[2] == ko[2] and m[5] == dom and m[6] == c.score
                  and (m[7] or "") == c.dominating and (m[8], m[9]) == (me[4], ko[4]))
        return ok, (me, ko, c.dominating)

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
