"""Every sentence of a Dutch 2017 reply proven: Dutch 2026's checker
(``dutch2026/claims.py``), read in the 2017 numbers.

The letter is the family's (``dutch2026/templates/reply.md.j2``, taken under this rulebook's
name: ``art()`` and ``term()`` write the 2017 numbers), so its checker is the family's too,
its patterns citing the articles through ``Dutch2017.cite`` (``numbering.ARTICLES``) and the
criteria through ``Dutch2017.terms``.  What the 2017 text says otherwise, and only that, is
overridden here:

==================  ==============================================================
2017                overridden
==================  ==============================================================
C.1-C.19            the why-not answer names a criterion as the text does (C.10,
                    not [C12]), with its words (``NAMES``)
C.2                 the PAB is barred by a PAB received or a forfeit win; a
                    full-point bye does not bar it (``unplayed_wins``): the file's
                    bars are recomputed so (``rulebooks/truth.py``)
(no [C5], [C9])     2017 has no criterion on the PAB's score or unplayed games: a
                    letter that gives either as the bye's reason is not proven (the
                    facts of ``check.player_round`` give the candidate chosen, B.8)
A.9 PPB             a why-not parting at the Penultimate Pairing Bracket of the real
                    round: the trace's ``PenultimateBracket``, none in the what-if run, its
                    collapsed players those of the file below the bracket's score,
                    and, from the file's games, the downfloaters with them unable to
                    complete the round (C.1; at most one left, allowed the PAB by C.2)
==================  ==============================================================
"""

from __future__ import annotations

from ..claims import N, S, Claim, ints, mismatches  # noqa: F401  (Claim, mismatches: this checker's API)
from ..dutch2026 import claims as family
from . import events as ev

#: C.5-C.19 as the why-not answer names them (``templates/events.md.j2`` NAMES), from the
#: 2017 text's section C
NAMES = {
    "C.5": "downfloaters (pairs maximised)", "C.6": "PSD (A.8)",
    "C.7": "downfloaters of the following bracket",
    "C.8": "topscorers beyond +-2", "C.9": "topscorers with a third colour in a row",
    "C.10": "colour preferences not granted", "C.11": "strong colour preferences not granted",
    "C.12": "players receiving the same downfloat as the previous round",
    "C.13": "players receiving the same upfloat as the previous round",
    "C.14": "players receiving the same downfloat as two rounds before",
    "C.15": "players receiving the same upfloat as two rounds before",
    "C.16": "score differences of the players of C.12",
    "C.17": "score differences of the players of C.13",
    "C.18": "score differences of the players of C.14",
    "C.19": "score differences of the players of C.15",
}


class _Checker(family._Checker):
    system = "dutch-2017"
    criterion = r"(C\.\d+)"
    names = NAMES
    #: C.2 (C.04.1.d): "already scored a (forfeit) win due to an opponent not appearing"
    unplayed_wins = ("+",)

    def topic(self):
        """The family's sentences but [C5]'s and [C9]'s, which this text does not have; a
        player left unpaired by A.9's PPB is told of its pairing by C.4."""
        for kind, rx, check in super().topic():
            if check not in (self._c5, self._c9, self._c9_above):
                yield kind, rx, check
        yield "moved-down", (r"The " + S + r"-point bracket is the Penultimate Pairing Bracket \(Article A\.9\): with "
                             r"the downfloaters of its best candidate by C\.5-C\.19, ([\d, ]+|none), the players below "
                             r"it, ([\d, ]+), could not complete the round, so it is paired by C\.4, which left you "
                             r"unpaired: a downfloater \(Article A\.4\.a\)\."), self._left_by_ppb

    def _left_unpaired_by(self, m):
        """The family's "the candidate chosen ... left you unpaired", but not for the PPB,
        whose candidate C.4 chose."""
        ok, want = super()._left_unpaired_by(m)
        return ok and not [e for e in self.f.of(ev.PenultimateBracket) if e.score == m[1]], want

    def _left_by_ppb(self, m):
        """A.9: the bracket is the real round's PPB (its event); the downfloaters named are
        its best candidate's by C.5-C.19 (the trace's), the players below every player to
        pair below its score, and with them the file's games allow no complete round
        (``_completes``); the candidate chosen then left the player unpaired."""
        score, down, collapsed = m[1], ints(m[2]), ints(m[3])
        got = [e for e in self.f.of(ev.PenultimateBracket) if e.score == score]
        if len(got) != 1 or not self._moved_from(score):
            return False, "no such PPB"
        e = got[0]
        below = sorted(p for p in self.f.opened.to_pair if self._pairing_score(p) < self._pairing_score(
            self._resident_of(score)))
        chosen = self.f.of(ev.CandidateChosen, score=score)
        ok = (down == list(e.downfloaters) and collapsed == list(e.collapsed) and sorted(collapsed) == below
              and not self._completes(down + collapsed) and bool(chosen) and self.n in chosen[-1].downfloaters)
        return ok, (list(e.downfloaters), list(e.collapsed), below)

    def answers(self):
        yield from super().answers()
        yield (r"A\.9: in the procedure's round the " + S + r"-point bracket is the Penultimate Pairing Bracket \(the "
               r"downfloaters of its best candidate by C\.5-C\.19, ([\d, ]+|none), with the players below it, ([\d, ]+), "
               r"could not complete the round\), so it is paired by C\.4 and the players below it collapse into the last bracket; with " + N + "–" + N
               + r" forced it is paired by C\.5-C\.19 alone"), self._ppb

    def _ppb(self, m, a, w):
        """A.9: the bracket is the PPB of the real round (its event there, none at that score
        in the what-if run); its collapsed scoregroup is every player to pair below its
        score; the downfloaters of its best candidate (the trace's), with them, cannot
        complete the round-pairing by the file's games."""
        score, down, collapsed, pair = m[1], ints(m[2]), ints(m[3]), {int(m[4]), int(m[5])}
        got = [e for e in self.f.of(ev.PenultimateBracket) if e.score == score]
        ok = (pair == {self.n, a} and len(got) == 1 and not [e for e in w.of(ev.PenultimateBracket)
                                                             if e.score == score])
        if not ok:
            return False, "no such PPB"
        e = got[0]
        below = sorted(p for p in self.f.opened.to_pair if self._pairing_score(p) < self._pairing_score(
            self._resident_of(score)))
        ok = (down == list(e.downfloaters) and sorted(collapsed) == sorted(e.collapsed) == below
              and not self._completes(down + collapsed))
        return ok, (sorted(e.collapsed), below, list(e.downfloaters))

    def _resident_of(self, score: str) -> int:
        return next(p for b in self.f.of(ev.BracketOpened) if b.score == score for p in b.residents)

    def _completes(self, players: list[int]) -> bool:
        """A.9: a complete round-pairing of ``players`` by the file's games (C.1), at most
        one left out, one C.2 allows the PAB."""
        if len(players) % 2 == 0:
            return self.truth.pairable(players)
        return any(self._bar(p) is None and self.truth.pairable([q for q in players if q != p]) for p in players)


check_text = _Checker.check_text
