"""Every sentence of a Dubov 1997 reply proven: its claims re-derived from the trace.

A reply (``explain --reply``, ``--colour``, ``--against``) is written by the ``reply`` macro
of ``templates/why.md.j2`` from the facts of ``explain/why.py``; this module reads the
*written text* back and checks each claim against the trace (and, for a claim "with you and
M paired", against the what-if trace the caller supplies; for a reading, against the round
paired under the other value).  Every sentence must be matched by a claim: what no pattern
covers is reported as ``unproven``, so a sentence added to the template without its check
here fails too.

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
greeting        the standings' name of the player
decision        the published boards, the bye, the round's absences, the scores
standing        score, position (score, then the list), colours; the due colour
                of Article 1 recomputed from the colours
history         the rounds without a game: the standings' history codes
bye             the ByeAssigned's ``decided_by`` (4), FirstRound's bye (5)
colour          the ColourAllocated of the player's pair: colour and priority
transfer        TransferMade (7.x) / GroupOpened floaters (6.4)
pair            PairMade (6.2/6.3), FloaterPaired (8.2), TransferMade 7.1
why-not         the case's numbers in the real and the what-if trace
reading         the round paired under the other value of the reading
==============  ==============================================================
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ...trace.events import Trace
from ..claims import (  # noqa: F401  (Claim, paragraphs, mismatches: this checker's API)
    ABSENCE, NAME, NOGAME, PTS, SET, CheckerBase, Claim, Facts, N, S, ints,
    mismatches, paragraphs,
)
from ..claims import check_text as _check_text
from . import events as ev
from .why import decision_key

#: games that count as a meeting (forfeits and byes do not)
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
        yield "decision", r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the bye \(Article (4|5)\)\.", \
            lambda m: (int(m[1]) == rnd and int(m[2]) == n and self.named(m[2], m[3]) and f.bye == n
                       and f.score(n) == m[4] and m[5] == ("5" if f.of(ev.FirstRound) else "4"), f.bye)
        yield "decision", r"Round " + N + r": you \(" + NAME + r"\) are not paired: (.*?)\.", \
            lambda m: (int(m[1]) == rnd and (n, self._absence(m[4])) in [tuple(a) for a in f.opened.absent],
                       f.opened.absent)
        yield "decision", r"Round " + N + r": nobody is paired: the instructions give no complete pairing " \
            r"\(Article 9\)\.", lambda m: (int(m[1]) == rnd and not f.published, "published")
        yield "standing", (r"Before this round you had " + PTS + r"(?: for the pairing \(" + S + r" scored, " + S
                           + r" added by acceleration\))?, position " + N + " of " + N
                           + r"; your colours so far: ([WB]+|none), so (?:your due colour is (White|Black)|you have "
                           r"no due colour yet) \(Article 1\)\."), self._standing
        yield "history", r"Rounds without a game: (.*?)\.(?= |$)", self._history
        # the topic
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
        yield "why-not", r"You do play " + NAME + r" \(" + PTS + r"\): board " + N + r"\.$", \
            lambda m: (self.named(m[1], m[2]) and f.score(int(m[1])) == m[3] and 0 < int(m[4]) <= len(f.boards)
                       and set(f.boards[int(m[4]) - 1]) == {n, int(m[1])}, f.boards)
        yield "why-not", r"You do not play " + NAME + r" \(" + PTS + r"\): (.*)\.$", self._why_not
        yield "reading", (r"This rests on a reading of an unclear article \((.*?), \"([\w-]+)\"\): read as \"([\w-]+)\""
                          r" instead of \"([\w-]+)\", you would (.*?)\.(?= This|$)"), self._reading
        yield "reading", r"No named reading of an unclear article changes this\.", self._no_reading
        yield "pointer", r"Step by step: dubov-explain explain --system dubov-1997 --player " \
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
        due = due_colour(row.get("colours") or "")
        ok = (row.get("score") == m[1] and f.position(n) == int(m[2]) and len(f.rows) == int(m[3])
              and cols == m[4] and due == m[5])
        return ok, (row.get("score"), f.position(n), cols, due)

    def _history(self, m):
        want = "; ".join(f"round {r} {NOGAME[k]}" for r, _o, _c, k in self.f.rows.get(self.n, {}).get("history", ())
                         if k in NOGAME)
        return m[1] == want, want

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
        if (m := re.fullmatch(r"no complete pairing exists this round \(Article 9\)", s)):
            return not f.published, "published"
        w = self.wi(a)
        if w is None:
            return None
        header = next(iter(w.trace.of(ev.WhatIf)), None)
        crit = header.pairs[0][2] if header is not None and header.pairs else ""
        if (m := re.fullmatch(r"you have played each other \(Article 2\.1\), in round ([\d, ]+)", s)):
            return crit == "2.1" and ints(m[1]) == f.met(n, a), (crit, f.met(n, a))
        if s == "no colour for your pair keeps both of you within Articles 2.3 and 2.4":
            return crit == "2.3/2.4", crit
        if s == "you are a forbidden pair (XXP)":
            return crit == "XXP", crit
        if crit:
            return False, crit
        if (m := re.fullmatch(r"with you and " + N + r" paired, ([\d, ]+) could not all be paired \(Article 9\)", s)):
            res = w.trace.result
            return (int(m[1]) == a and isinstance(res, ev.Impossible)
                    and sorted(ints(m[2])) == sorted(res.players), res.kind)
        if (m := re.fullmatch(r"the bye goes to " + N + r" \(Article 4\); with you and " + N
                              + r" paired it would go to " + N, s)):
            wb = [e.player for e in w.of(ev.ByeAssigned)]
            return int(m[1]) == f.bye and int(m[2]) == a and wb == [int(m[3])], (f.bye, wb)
        if (m := re.fullmatch(r"in the " + S + r"-point score group floater " + N + " meets " + N
                              + r" \(Article 8\.2\); with you and " + N + r" paired " + N + " would meet " + N, s)):
            ok = (bool(f.of(ev.FloaterPaired, score=m[1], floater=int(m[2]), partner=int(m[3])))
                  and int(m[4]) == a and m[5] == m[2]
                  and bool(w.of(ev.FloaterPaired, score=m[1], floater=int(m[2]), partner=int(m[6]))))
            return ok, "floater"
        if (m := re.fullmatch(r"where the procedure transfers " + N + r" up to the " + S + r"-point score group(?: for "
                              + N + r")? \(Article (7\.\d)\), with you and " + N + r" paired it would transfer "
                              r"(nobody|(\d+)(?: for (\d+))?)", s)):
            x, y = _first_parting(f.trace, w.trace, both=True)
            key = dict(player=int(m[1]), score=m[2], for_player=int(m[3] or 0), article=m[4])
            ok = isinstance(x, ev.TransferMade) and all(getattr(x, k) == v for k, v in key.items()) and int(m[5]) == a
            if m[6] == "nobody":
                ok = ok and not isinstance(y, ev.TransferMade)
            else:
                ok = ok and isinstance(y, ev.TransferMade) and (y.player, y.for_player) == (int(m[7]), int(m[8] or 0))
            return ok, (x, y)
        if (m := re.fullmatch(r"only with you and " + N + r" paired would the " + S + r"-point score group need a "
                              r"transfer \(Article (7\.\d)\)", s)):
            def made(x):
                return [e for e in x.trace.events
                        if isinstance(e, (ev.TransferMade, ev.NoTransfer)) and e.score == m[2]]
            ok = int(m[1]) == a and len(made(w)) > len(made(f)) and any(e.article == m[3] for e in made(w))
            return ok, (len(made(f)), len(made(w)))
        if (m := re.fullmatch(r"the " + S + r"-point score group moves " + SET + r" to the other colour column "
                              r"\(Article (7\.\d)\); with you and " + N + r" paired it would move " + SET, s)):
            real = [list(e.moved) for e in f.of(ev.ColourBalance, score=m[1], article=m[3])]
            theirs = [list(e.moved) for e in w.of(ev.ColourBalance, score=m[1])]
            return ints(m[2]) in real and int(m[4]) == a and ints(m[5]) in theirs, (real, theirs)
        if (m := re.fullmatch(r"the " + S + r"-point score group floats " + SET + r" down \(Article 6\.4\); with you "
                              r"and " + N + r" paired it would float " + SET, s)):
            real = [[p for p, _ in e.players] for e in f.of(ev.FloatersChosen, score=m[1])]
            theirs = [[p for p, _ in e.players] for e in w.of(ev.FloatersChosen, score=m[1])]
            return ints(m[2]) in real and int(m[3]) == a and ints(m[4]) in theirs, (real, theirs)
        if (m := re.fullmatch(r"in the " + S + r"-point score group row " + N + r" of the (White|Black) column \("
                              + N + r"\) takes " + N + r" \(Article (6\.[23])\); with you and " + N
                              + r" paired it would take " + N, s)):
            real = f.of(ev.PairMade, score=m[1], row=int(m[2]), column=m[3], player=int(m[4]), opponent=int(m[5]),
                        article=m[6])
            theirs = w.of(ev.PairMade, score=m[1], player=int(m[4]), opponent=int(m[8]))
            return bool(real) and bool(theirs) and int(m[7]) == a, "row"
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


def _first_parting(real: Trace, what_if: Trace, both: bool = False):
    """The real run's first decision (``why.decision_key``) that the what-if run decides
    otherwise, re-derived here: the two runs' decisions compared in order (``both``: and the
    what-if run's decision there)."""
    a = [e for e in real.events if decision_key(e) is not None]
    b = [e for e in what_if.events if decision_key(e) is not None]
    for x, y in zip(a, b):
        if decision_key(x) != decision_key(y):
            return (x, y) if both else x
    x = a[len(b)] if len(a) > len(b) else None
    return (x, None) if both else x


def check_text(text: str, trace: Trace, player: int,
               what_if: Callable[[int, int], Trace] | None = None,
               pair_under: Callable[[str, str], Trace] | None = None,
               catalogue: Iterable[tuple[str, tuple]] | None = None) -> list[Claim]:
    """Every claim of a reply ``text`` to ``player`` checked against ``trace`` (see
    :func:`..claims.check_text`)."""
    return _check_text(_Checker, text, trace, player, what_if, pair_under, catalogue)
