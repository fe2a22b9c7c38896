"""Every sentence of a Dutch 2026 reply proven: its claims re-derived from the trace, and its
facts (points, floats, meetings, colour preferences, [C2]'s bars, unplayed games) from the
tournament file itself (``rulebooks/truth.py``) when the checker is given it.

The reply macro of ``templates/why.md.j2`` words the facts of ``explain/why.py``'s
``Reply``; this module reads the written text back.  Every sentence must be matched by a
claim: what no pattern covers is ``unproven``.  The walk and the sentences every rulebook's
reply shares are the framework's (``rulebooks/claims.py``); the checks the Dutch family words
alike (the bracket the player is a resident of, the float of the pair, the colour rule, the
bye left by the last bracket) are Dutch 2012's checker's, read here with this text's events
and article numbers.

==============  ==============================================================
claim           re-derived from
==============  ==============================================================
decision        the PAB (1.5), no pairing at all (1.9.3)
standing        score, position (1.2: score, then TPN), colours, the colour
                preference of 1.7 (the standings' row, and 1.7 applied to the
                file's colours)
bye             1.9.1: ByeAssigned and the last bracket (BracketOpened.last);
                [C2]'s bars from the file's round blocks; [C5]/[C9]: the scores
                and unplayed games of the others of that bracket, from the file
moved-down     BracketOpened (an MDP), why it left the bracket above: alone, all
                met ([C1], the file's rounds), or the candidate's downfloater
float           1.4.2 by the file's scores of the pair
colour          ColourAllocated (5.2.x); the opponent's preference, the higher ranked
pair            CandidateChosen: the pair in the bracket's candidate
why-not         [C1] (the rounds met, from the file), [C3], the first criterion of
                [C5]-[C21] on which the real candidate and the what-if one differ
==============  ==============================================================
"""

from __future__ import annotations

import re

from ..claims import (  # noqa: F401  (Claim, mismatches: this checker's API)
    BEFORE, NAME, PTS, Claim, Facts, N, S, ints, mismatches,
)
from ..dutch2012.claims import _Checker as _DutchChecker
from . import events as ev
from .check import decision_key, first_worse

#: 5.2.1-5.2.5, in the reply's words
COLOUR = {"5.2.1": "both colour preferences are granted",
          "5.2.2": "the stronger colour preference is granted",
          "5.2.3": "the colours alternate to the most recent round in which the two had different colours",
          "5.2.4": "the colour preference of the higher ranked player is granted",
          "5.2.5": "neither has a colour preference, so the colour drawn by lot decides"}

#: the criteria's names as the why-not answer writes them (templates/events.md.j2 NAMES)
NAMES = {
    "C5": "score of the PAB assignee", "C6": "downfloaters", "C7": "scores of the downfloaters",
    "C8": "downfloaters of the following bracket", "C9": "unplayed games of the PAB assignee",
    "C10": "topscorers beyond +-2", "C11": "topscorers with a third colour in a row",
    "C12": "colour preferences not granted", "C13": "strong colour preferences not granted",
    "C14": "resident downfloaters who downfloated the previous round",
    "C15": "MDP opponents who upfloated the previous round",
    "C16": "resident downfloaters who downfloated two rounds before",
    "C17": "MDP opponents who upfloated two rounds before",
    "C18": "score differences of MDPs who downfloated the previous round",
    "C19": "score differences of MDP opponents who upfloated the previous round",
    "C20": "score differences of MDPs who downfloated two rounds before",
    "C21": "score differences of MDP opponents who upfloated two rounds before",
}

#: [C2]'s bar, in the reply's words (templates/events.md.j2 ``bye_bar``) -> the file's codes
BAR = {"received the pairing-allocated bye": "U", "won by forfeit": "+",
       "scored a win's points without playing": "F"}
_BAR = r"(\d+) \((received the pairing-allocated bye|won by forfeit|scored a win's points without playing) in round (\d+)(?: \((\w)\))?\)"


def value(v) -> str:
    """A criterion's value as the answer writes it (``EV.value``)."""
    if isinstance(v, (list, tuple)):
        if len(v) == 2 and isinstance(v[0], (int, float)) and not isinstance(v[0], bool):
            return f"{v[0]}" + (f" ({', '.join(str(x) for x in v[1])})" if v[1] else "")
        return ", ".join(str(x) for x in v) or "none"
    return str(v) if v != "" else "no PAB"


class _Checker(_DutchChecker):
    """The patterns cite the 2026 articles through :meth:`a` and the criteria through
    :meth:`t` (the rulebook's ``cite`` and ``terms``, as ``reply.md.j2``'s ``art()`` and
    ``term()`` write them): an edition that numbers them otherwise (Dutch 2017) names its
    ``system`` and overrides only what its text says otherwise."""

    system = "dutch-2026"
    ev = ev
    decision_key = staticmethod(decision_key)
    #: a criterion of a why-not answer as the text cites it, and the criteria's names
    criterion = r"\[(C\d+)\]"
    names = NAMES
    #: the codes of an unplayed round whose win's points bar the PAB ([C2], 2.1.2)
    unplayed_wins = ("F", "+")

    # ------------------------------------------------------------------ the text's numbers
    @property
    def book(self):
        from .. import find_rulebook
        return find_rulebook(self.system)

    def cite(self, number: str) -> str:
        """A 2026 article number in this text's numbers."""
        return self.book.cite(number)

    def a(self, *numbers: str) -> str:
        """The pattern of one of these articles, in this text's numbers."""
        return "|".join(dict.fromkeys(re.escape(self.cite(x)) for x in numbers))

    def t(self, phrase: str) -> str:
        """The pattern of a citation of the 2026 criteria as this text words it."""
        return re.escape(self.book.term(phrase))

    def code(self, code: str, article: str) -> tuple[str, ...]:
        """An absolute criterion as a why-not answer may name it: 2026's code, its article
        and this text's name of it."""
        return (code, article, self.cite(article), self.book.term(f"[{code}]").strip("[]"))

    @property
    def bye_bar_article(self):
        return self.cite("2.1.2")

    @property
    def even_article(self):
        return self.cite("1.5")

    @property
    def no_pairing(self):
        return self.cite("1.9.3")

    @property
    def colours(self):
        return {self.cite(k): v for k, v in COLOUR.items()}

    # ------------------------------------------------------------------ the file's facts
    @property
    def truth(self):
        from ..truth import Truth
        if not hasattr(self, "_truth"):
            rnd = self.f.opened.round
            self._truth = Truth(self.tournament, rnd, self.unplayed_wins) if self.tournament is not None else \
                Truth.from_rows(self.f.rows, rnd)
        return self._truth

    def _bar(self, p: int):
        """[C2]'s bar of ``p`` from the file: ``(round, code)`` or None (the standings'
        bar without the file)."""
        if self.tournament is not None:
            return self.truth.bye_bar(p)
        bar = self.f.rows.get(p, {}).get("bye_bar")
        return (bar["round"], bar.get("code") or "U") if bar else None

    def _unplayed(self, p: int) -> int:
        if self.tournament is not None:
            return len(self.truth.players[p].no_game)
        return self.f.rows.get(p, {}).get("unplayed", 0)

    def _pairing_score(self, p: int):
        return self.truth.players[p].pairing

    def _last(self):
        last = [e for e in self.f.of(ev.BracketOpened) if e.last]
        return last[-1] if last else None

    def _last_others(self):
        """The other players of the last bracket than the bye's holder: (barred, allowed)."""
        last, n = self._last(), self.n
        members = [p for p in (list(last.mdps) + list(last.residents) if last else ()) if p != n]
        barred = [p for p in members if self._bar(p) is not None]
        return barred, [p for p in members if p not in barred]

    # ------------------------------------------------------------------ patterns
    def opening(self):
        A = self.a
        yield "decision", (r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) have the pairing-allocated bye "
                           r"\(Article " + A("1.5") + r"\)\."), self._bye_decision
        yield "decision", r"Round " + N + r": nobody is paired: no complete pairing exists \(Article " + A("1.9.3") \
            + r"\)\.", self._nobody
        yield "standing", (BEFORE + r"; your colours so far: ([WB]+|none), so (?:your colour preference is "
                           r"(absolute|strong|mild) for (White|Black) \(Article (" + A("1.7.1", "1.7.2", "1.7.3") + r")\)"
                           r"|you have no colour preference \(Article " + A("1.7.4") + r"\))\."), self._standing26

    def topic(self):
        f, n = self.f, self.n
        A, T = self.a, self.t
        yield "bye", (r"Article " + A("1.9.1") + r": the pairing-allocated bye goes to the player who downfloats from the last "
                      r"bracket, the " + S + r"-point bracket, and you are that player\."), self._bye26
        yield "bye", T("[C2] (Article 2.1.2)") + r" bars from it (.*?)\.(?= |$)", self._barred
        yield "bye", r"You are the only player of that bracket allowed it\.", \
            lambda m: (f.bye == n and self._last_others()[1] == [], self._last_others())
        yield "bye", (r"The others of that bracket allowed it have a higher score: (.*?); " + T("[C5] (Article 2.3.1)") +
                      r" gives the bye to the lowest score\."), self._c5
        yield "bye", (r"With your score and allowed it: (.*?); you have " + N + r", and " + T("[C9] (Article 2.4.4)") +
                      r" gives the bye to the fewest unplayed games\."), self._c9
        yield "bye", (r"Others of that bracket were allowed it: ([\d, ]+); of the candidates, the one chosen by the "
                      r"criteria in order \(Article " + A("3.8.1") + r"\) leaves you unpaired\."), \
            lambda m: (f.bye == n and sorted(ints(m[1])) == sorted(self._last_others()[1]), self._last_others())
        yield "bye", (r"With the bye given to ([\d]+(?: or \d+)*) instead, the rest of that bracket could not be paired "
                      r"without a repeated game " + T("([C1], Article 2.1.1; [C4], Article 2.2.1)") + r"\."), self._c4
        yield "no-bye", (r"With the bye given to you, the rest of that bracket, ([\d, ]+), could not be paired without "
                         r"a repeated game " + T("([C1], Article 2.1.1; [C4], Article 2.2.1)") + r"\."), self._c4_mine
        yield "bye", r"A bye counts as a downfloat \(Article " + A("1.4.3") + r"\)\.", lambda m: (f.bye == n, f.bye)
        yield from self.colour_topic()
        yield "moved-down", r"You were moved down into the " + S + r"-point bracket \(Article " + A("1.4.1") + r"\)\.", \
            self._moved_down
        yield "moved-down", r"You were the only player of the " + S + r"-point bracket\.", self._alone
        yield "moved-down", (r"In the " + S + r"-point bracket you had played all the others " + T("([C1], Article 2.1.1)")
                             + r": (.*?)\.(?= |$)"), self._all_met
        yield "moved-down", (r"The candidate chosen for the " + S + r"-point bracket \(Articles " + A("3.4.1") + ", "
                             + A("3.8.1") + r"\) left you unpaired: a downfloater \(Article " + A("1.4.1") + r"\)\."), self._left_unpaired_by
        yield "float", (r"You were not moved: you are a resident of the " + S + r"-point bracket(?:, and your "
                        r"opponent, " + NAME + r" \(" + PTS + r"\), was moved down into it from a higher bracket "
                        r"\(Article " + A("1.4.1") + r"\))?\."), self._resident
        yield "float", (r"Paired with a (lower|higher) score, you receive an? (downfloat|upfloat) \(Article "
                        + A("1.4.2") + r"\)\."), lambda m: self._float(m[1], m[2] + "er")
        yield "float", r"Your opponent has your score: neither of you receives a float \(Article " + A("1.4.2") + r"\)\.", \
            lambda m: self._float("same", "")
        yield "no-bye", (r"It goes to the player who downfloats from the last bracket \(Article " + A("1.9.1") + r"\); you are "
                         r"paired in the " + S + r"-point bracket\."), self._left_unpaired
        yield "no-bye", (r"In the " + S + r"-point bracket, whose one downfloater receives the bye \(the note to "
                         r"Article " + A("2.4.4") + r"\), " + T("[C9] (Article 2.4.4)") + r" decided it: the fewest "
                         r"unplayed games, " + N + r" with " + N + r" against your " + N + r"\."), self._c9_above
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": of the candidates with the best "
                       r"values of the criteria " + T("[C5]-[C21]") + r", the first generated in the order of Articles "
                       + A("4.2-4.4") + r" \(Articles " + A("3.4.1") + ", " + A("3.8.1") + r"\)\."), self._pair26
        yield "pair", (r"In the " + S + r"-point bracket, " + N + " meets " + N + r": the first candidate generated in "
                       r"the order of Articles " + A("4.2-4.4") + r" whose values of the criteria " + T("[C5]-[C21]")
                       + r" are the best any candidate can "
                       r"reach, accepted at once \(a "
                       r"perfect candidate, Article " + A("3.4.1") + r"\)\."), lambda m: self._pair26(m, perfect=True)
        yield "absent", (r"Players known in advance not to play a round are not paired in it \("
                         + T("General Handling Rules, Article 3.3") + r"\)\."), self._absent
        yield "no-pairing", r"Article " + A("1.9.3") + r": no pairing of all the players meets the absolute criteria\.", \
            lambda m: (not f.published, "published")

    def colour_topic(self):
        n, A = self.n, self.a
        yield "colour", r"You have (White|Black)(?:, not (White|Black))?: Article (" + A(*COLOUR) + r"), (.*?)\.(?= |$)", \
            self._colour
        yield "colour", r"In round " + N + r" you had (White|Black) and your opponent (White|Black)\.", self._alternated
        yield "colour", (r"(?:Your opponent's colour preference is (absolute|strong|mild) for (White|Black)|Your "
                         r"opponent has no colour preference); of you two, " + N + r" is the higher ranked \(Article "
                         + A("1.2") + r"\)\."), self._opponent_colour
        yield "colour", r"You have no colour this round\.", lambda m: (not any(
            n in b for p in self.f.of(ev.PairingPublished) for b in p.boards), "a colour")

    def barred(self):
        T, C = self.t, self.code
        yield r"you have played each other before, in rounds? ([\d, ]+) " + T("([C1], Article 2.1.1)"), \
            lambda m, a, crit: (crit in C("C1", "2.1.1") and self._met_in_file(self.n, a) == ints(m[1]),
                                (crit, self._met_in_file(self.n, a)))
        yield r"you both have the same absolute colour preference " + T("([C3], Article 2.1.3)"), \
            lambda m, a, crit: (crit in C("C3", "2.1.3") and self._same_absolute(m, a, "B.2")[0]
                                and self._truth_pref(self.n)[:2] == self._truth_pref(a)[:2]
                                and self._truth_pref(a)[0] == "absolute", crit)
        yield r"you are a forbidden pair \(XXP\)", lambda m, a, crit: (crit == "XXP", crit)

    def answers(self):
        A = self.a
        yield r"with you and " + N + r" paired, ([\d, ]+) could not all be paired \(Article " + A("1.9.1") + r"\)", \
            self._impossible
        yield (r"the bye goes to " + N + r", the player who downfloats from the last bracket \(Article " + A("1.9.1")
               + r"\); with "
               r"you and " + N + r" paired it would go to " + N), \
            self._bye_moves
        yield (r"the procedure's pairing of the " + S + r"-point bracket is better on criterion " + self.criterion + r" \((.*?): "
               r"(.*?) against (.*?) with you and " + N + r" paired\), all earlier criteria being equal \(Article "
               + A("3.8.1") + r"\)"), self._criterion
        yield (r"both pairings of the " + S + r"-point bracket are equally good on every criterion, and the "
               r"procedure's comes first in the order of Articles " + A("4.2-4.4") + r" \(Article " + A("3.8.1")
               + r"\)"), self._order

    # ------------------------------------------------------------------ checks
    def _truth_pref(self, p: int):
        return self.truth.preference(p)

    def _standing26(self, m):
        """The standing as the trace holds it, and its colour preference recomputed from the
        file's colours by 1.7."""
        ok, want = self._standing(m)
        said = tuple(m.groups()[-3:])
        pref = self._truth_pref(self.n)
        mine = (pref[0], pref[1], self.cite(pref[2])) if pref[0] != "none" else (None, None, None)
        return ok and said == mine, (want, pref)

    def _bye26(self, m):
        f, n = self.f, self.n
        last = self._last()
        closed = f.of(ev.BracketClosed)[-1:]
        ok = (f.bye == n and last is not None and last.score == m[1] and (n in last.residents or n in last.mdps)
              and bool(closed) and all(n not in p for p in closed[0].pairs))
        return ok, (f.bye, last.score if last else None)

    def _barred(self, m):
        """Each player named is of the last bracket, other than the holder, and barred by the
        file's rounds as said; every barred player of that bracket is named."""
        said = re.findall(_BAR, m[1])
        ok = self.f.bye == self.n and ", ".join(x[0] for x in said) and \
            sorted(int(p) for p, *_ in said) == sorted(self._last_others()[0])
        for p, words, rnd, code in said:
            bar = self._bar(int(p))
            ok = ok and bar is not None and bar[0] == int(rnd) and bar[1] in BAR[words] and (not code or code == bar[1])
        return bool(ok), self._last_others()[0]

    def _c5(self, m):
        said = re.findall(r"(\d+) \(" + PTS + r"\)", m[1])
        allowed = self._last_others()[1]
        mine = self._pairing_score(self.n)
        ok = self.f.bye == self.n and sorted(int(p) for p, _ in said) == sorted(allowed) and bool(allowed) \
            and all(self._pairing_score(p) > mine for p in allowed)
        return ok, allowed

    def _c9(self, m):
        said = re.findall(r"(\d+) \((\d+) unplayed games?\)", m[1])
        allowed = self._last_others()[1]
        mine = self._pairing_score(self.n)
        same = [p for p in allowed if self._pairing_score(p) == mine]
        ok = (self.f.bye == self.n and sorted(int(p) for p, _ in said) == sorted(same) and bool(same)
              and all(self._pairing_score(p) >= mine for p in allowed)
              and int(m[2]) == self._unplayed(self.n)
              and all(int(u) == self._unplayed(int(p)) > self._unplayed(self.n) for p, u in said))
        return ok, [(p, self._unplayed(p)) for p in same]

    def _c9_above(self, m):
        """[C9] in a bracket above the last (2.4.4's note, reading c9-bracket in force as
        ``pab-bracket``): the bye's holder is that bracket's one downfloater; the player,
        paired in it, is allowed the bye by the file's rounds, has the holder's score and
        more unplayed games (the file's rounds without a game); and the round read with
        [C9] in the last bracket only gives the player the bye: the note decided."""
        f, n = self.f, self.n
        score, h = m[1], int(m[2])
        down = f.of(ev.MovedDown, score=score)
        last = self._last()
        mine = [e for e in f.of(ev.BracketOpened, score=score) if n in e.residents or n in e.mdps]
        ok = (f.bye == h != n and f.opened.readings.get("c9-bracket") == "pab-bracket"
              and last is not None and last.score != score and h in last.mdps
              and bool(down) and tuple(down[-1].players) == (h,) and bool(mine)
              and any(n in b for b in f.boards) and self._bar(n) is None
              and self._pairing_score(n) == self._pairing_score(h)
              and int(m[3]) == self._unplayed(h) < self._unplayed(n) == int(m[4]))
        if ok and self.pair_under is not None:
            ok = Facts(self.pair_under("c9-bracket", "last")).bye == n
        return ok, (f.bye, [(p, self._unplayed(p)) for p in (h, n)])

    def _members(self) -> list[int]:
        last = self._last()
        return list(last.mdps) + list(last.residents) if last else []

    def _c4(self, m):
        """[C4]: each other player of the last bracket allowed the bye leaves a rest that
        the file's games forbid to pair ([C1])."""
        members, allowed = self._members(), self._last_others()[1]
        named = ints(m[1])
        ok = self.f.bye == self.n and sorted(named) == sorted(allowed) and bool(allowed) and all(
            not self.truth.pairable([q for q in members if q != p]) for p in named)
        return ok, allowed

    def _c4_mine(self, m):
        members = self._members()
        rest = [q for q in members if q != self.n]
        ok = (self.n in members and self.f.bye not in (None, self.n) and self._bar(self.n) is None
              and ints(m[1]) == rest and not self.truth.pairable(rest))
        return ok, rest

    def _bracket_of(self, score: str):
        got = [e for e in self.f.of(ev.BracketOpened, score=score) if self.n in e.residents or self.n in e.mdps]
        return got[-1] if got else None

    def _alone(self, m):
        b = self._bracket_of(m[1])
        return b is not None and list(b.residents) + list(b.mdps) == [self.n] and self._moved_from(m[1]), b

    def _moved_from(self, score: str) -> bool:
        return any(self.n in e.players for e in self.f.of(ev.MovedDown, score=score))

    def _all_met(self, m):
        b = self._bracket_of(m[1])
        said = re.findall(r"(\d+) \(rounds? ([\d, ]+)\)", m[2])
        others = sorted(p for p in (list(b.residents) + list(b.mdps) if b else ()) if p != self.n)
        ok = b is not None and self._moved_from(m[1]) and sorted(int(p) for p, _ in said) == others and others
        for p, rs in said:
            ok = ok and self._met_in_file(self.n, int(p)) == ints(rs)
        return bool(ok), others

    def _left_unpaired_by(self, m):
        chosen = self.f.of(ev.CandidateChosen, score=m[1])
        return self._moved_from(m[1]) and any(self.n in c.downfloaters for c in chosen), m[1]

    def _pair26(self, m, perfect: bool = False):
        """The pair in the bracket's candidate chosen (``perfect``: the candidate fulfils
        every criterion, 3.4.1)."""
        pair = [int(m[2]), int(m[3])]
        return self.n in pair and any(pair in [list(p) for p in c.pairs] and (c.perfect or not perfect)
                                      for c in self.f.of(ev.CandidateChosen, score=m[1])), "no such pair"

    def _opponent_colour(self, m):
        o = self._opponent()
        if o is None:
            return False, "no opponent"
        row = self.f.rows.get(o, {})
        said = (m[1], m[2]) if m[1] else ("none", None)
        have = (row.get("strength"), row.get("preference") if row.get("strength") != "none" else None)
        pref = self._truth_pref(o)
        hi = min((self.n, o), key=lambda p: self.f.position(p))
        return said == have == (pref[0], pref[1]) and int(m[3]) == hi, (have, pref, hi)

    def _alternated(self, m):
        """5.2.3: the most recent round both played with different colours, from the file."""
        o = self._opponent()
        if o is None:
            return False, "no opponent"
        r = self.truth.last_different(self.n, o)
        word = {"W": "White", "B": "Black"}
        got = (r, word[self.truth.players[self.n].colour_of[r]], word[self.truth.players[o].colour_of[r]]) \
            if r is not None else None
        return got == (int(m[1]), m[2], m[3]), got

    def _criterion(self, m, a, w):
        crit = m[2]
        for x in self.f.of(ev.CandidateChosen, score=m[1]):
            for y in w.of(ev.CandidateChosen, score=m[1]):
                if first_worse(x.vector, y.vector) == crit and self.names.get(crit) == m[3] \
                        and value(x.vector.get(crit)) == m[4] and value(y.vector.get(crit)) == m[5]:
                    return int(m[6]) == a, crit
        return False, "no such criterion"

    def _order(self, m, a, w):
        ok = any(first_worse(x.vector, y.vector) is None and list(map(list, x.pairs)) != list(map(list, y.pairs))
                 for x in self.f.of(ev.CandidateChosen, score=m[1]) for y in w.of(ev.CandidateChosen, score=m[1]))
        return ok, "order"


check_text = _Checker.check_text
