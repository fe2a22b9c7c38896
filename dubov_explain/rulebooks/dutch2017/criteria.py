"""Section C of the Dutch 2017 text, for one candidate, where it words otherwise than
section 2 of 2026 (``dutch2026/criteria.py``: the absolute criteria C.1-C.3 and the colour
criteria C.8-C.11 are 2026's [C1]-[C3] and [C10]-[C13] under other numbers, and section E
is 2026's Article 5, E.1-E.5 = 5.2.1-5.2.5).

The float criteria C.12-C.19 speak of "players who receive the same downfloat (upfloat)
as the previous round (two rounds before)", where 2026's [C14]-[C21] speak of resident
downfloaters and of MDPs and their opponents.  By A.4.b a player receives a downfloat
when he is left unpaired (a downfloater, of the Limbo too, and the PAB's assignee: A.9's
note) or is paired with a lower score (an MDP, or in the collapsed last bracket of A.9 any
higher player of a pair), and an upfloat when paired with a higher score.  So:

* C.12/C.14 count every such downfloat repeated (2026's [C14]/[C16] count resident
  downfloaters only, and the paired MDPs only in [C18]/[C20]'s score differences);
* C.13/C.15 count the repeated upfloats (2026's [C15]/[C17], the same players);
* C.16/C.18 list the score differences of the repeated downfloats, a downfloater's being
  A.8's: his score minus one point less than the lowest score of the bracket; C.17/C.19
  those of the repeated upfloats (a pair's: the difference of its scores).

A candidate's vector keeps 2026's shape (``search.Generation`` compares it): a slot that
2017 does not have ([C5], [C9]: the pairing-allocated bye has no criterion of its own in
2017) is constant, C.7 stands where [C8] stands, and C.8-C.19 where [C10]-[C21] stand.
"""

from __future__ import annotations

from fractions import Fraction

from ..dutch2026.criteria import Criteria as _Criteria, lists_of

#: the names of a candidate's vector, in 2026's slots: "" a slot 2017 has not
VECTOR = ("", "C.7", "", "C.8", "C.9", "C.10", "C.11", "C.12", "C.13", "C.14", "C.15",
          "C.16", "C.17", "C.18", "C.19")


class Criteria(_Criteria):
    """2026's criteria mixin with C.12-C.19 as 2017 words them; ``self._lowest`` is the
    lowest score of the bracket being paired (A.8's artificial value is one point less).
    A candidate's C.8-C.19 are the sum of its pairs' and its downfloaters' parts (2026's
    ``quality``): every player it leaves unpaired is a downfloater."""

    def pair_terms(self, a: int, b: int, mdps: frozenset, s: Fraction) -> tuple:
        """One pair's part of C.8-C.19 (the pairs of a candidate; every player it leaves
        unpaired is a downfloater, :meth:`floater_terms`)."""
        q = list(self.pair_quality(a, b)) + [0] * 4  # C.8-C.11
        lists: list[list[Fraction]] = [[], [], [], []]
        st = self.st
        sa, sb = st[a].score, st[b].score
        if sa != sb:  # A.4.b: the higher score floats down, the lower up
            hi, lo = (a, b) if sa > sb else (b, a)
            self.repeated(hi, lo, abs(sa - sb), q, lists)
        return tuple(q), lists_of(lists)

    def floater_terms(self, n: int) -> tuple:
        """A.4.b: one player left unpaired receives a downfloat; A.8: its score difference."""
        q = [0] * 8
        lists: list[list[Fraction]] = [[], [], [], []]
        self.repeated_down(n, self.st[n].score - (self._lowest - 1), q, lists)  # A.8
        return tuple(q), lists_of(lists)

    def repeated_down(self, n: int, sd: Fraction, q: list, lists: list) -> None:
        """C.12, C.14, C.16, C.18 of a player who receives a downfloat (score difference
        ``sd``)."""
        h1, h2 = self.float_marks(n)
        if h1 == "down":
            q[4] += 1  # C.12
            lists[0].append(sd)  # C.16
        if h2 == "down":
            q[6] += 1  # C.14
            lists[2].append(sd)  # C.18

    def repeated(self, hi: int, lo: int, sd: Fraction, q: list, lists: list) -> None:
        """C.12-C.19 of a pair whose ``hi`` receives a downfloat and ``lo`` an upfloat."""
        self.repeated_down(hi, sd, q, lists)
        l1, l2 = self.float_marks(lo)
        if l1 == "up":
            q[5] += 1  # C.13
            lists[1].append(sd)  # C.17
        if l2 == "up":
            q[7] += 1  # C.15
            lists[3].append(sd)  # C.19
