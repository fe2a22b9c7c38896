"""Section 2 and section 5 of the Dutch 2026 text, for one pair and one candidate.

* :meth:`Criteria.absolute`: [C1] (Basic Rules 2: not twice; GHR 3.5: a game not played
  does not count), [C3] (non-topscorers with the same absolute preference), the file's
  forbidden pairs (XXP) and a what-if run's forced pairs;
* :meth:`Criteria.allocate`: Article 5's colours (5.2.1-5.2.5), with the article used;
* :meth:`Criteria.quality`: a candidate's values of [C10]-[C21] (the counts and the lists of
  score differences, taken in descending order);

A candidate's whole vector (``VECTOR``) is [C5], [C8], [C9], then [C10]-[C21]: [C6] and
[C7] are the same for every candidate the generation of Article 3 makes (MaxPairs and M1
are fixed, and 4.4.1 keeps only Limbos compliant with [C7]), so they are settled once per
bracket (``engine.Engine.optimum``).  An edition words its criteria in its own numbers by
overriding ``VECTOR`` (the names only: the quality it measures is its text's).
"""

from __future__ import annotations

from fractions import Fraction
from operator import add

from ...tournament.model import Colour
from .standings import Pref, Strength

#: the criteria a candidate is compared on, in the text's order (3.8.1); [C6]/[C7] are equal
#: for every candidate generated (see the module's docstring)
VECTOR = ("C5", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C18",
          "C19", "C20", "C21")


#: a part that adds to none of the lists
NO_LISTS: tuple = ((), (), (), ())


def lists_of(lists: list) -> tuple:
    """A part's lists as a tuple (``NO_LISTS`` itself when all are empty)."""
    return tuple(tuple(x) for x in lists) if any(lists) else NO_LISTS


def summed(parts) -> list:
    """A candidate's criteria from its parts ((counts, lists) each): the counts added, each
    list taken in descending order."""
    q = [0] * 8
    lists: list[list] = [[], [], [], []]
    for counts, more in parts:
        for i, v in enumerate(counts):
            q[i] += v
        if more is not NO_LISTS:
            for i, x in enumerate(more):
                lists[i].extend(x)
    return q + [tuple(sorted(x, reverse=True)) for x in lists]


def plus(total: tuple, part: tuple) -> tuple:
    """A sum (counts, lists in descending order) with one more part."""
    counts = tuple(map(add, total[0], part[0]))
    if part[1] is NO_LISTS:
        return counts, total[1]
    if total[1] is NO_LISTS:
        return counts, tuple([tuple(sorted(x, reverse=True)) for x in part[1]])
    return counts, tuple([tuple(sorted(x + y, reverse=True)) if y else x
                          for x, y in zip(total[1], part[1])])


class Criteria:
    """A mixin of the engine: ``self.st`` the standings, ``self.fmap`` the forced pairs."""

    def absolute(self, a: int, b: int) -> str | None:
        """The absolute criterion pair ``a``-``b`` breaks, or None."""
        f = self.fmap
        if (a in f and f[a] != b) or (b in f and f[b] != a):
            return "forced"
        key = frozenset((a, b))
        if key in self.st.met:
            return "C1"
        if key in self.st.forbidden:
            return "XXP"
        return self.colour_absolute(a, b)

    def colour_absolute(self, a: int, b: int) -> str | None:
        """[C3]: two players with the same absolute colour preference (neither a topscorer,
        1.8) do not meet.  Reads only what :meth:`colour_class` holds."""
        pa, pb = self.st[a], self.st[b]
        if not (pa.topscorer or pb.topscorer) and pa.strength is Strength.ABSOLUTE and \
                pb.strength is Strength.ABSOLUTE and pa.preference is pb.preference:
            return "C3"
        return None

    def colour_class(self, n: int) -> tuple:
        """What :meth:`colour_absolute`, :meth:`allocate` and :meth:`pair_quality` read of
        player ``n`` besides his rank (1.2: which of two is the higher): his preference and
        its strength, colour difference, colours (5.2.3 compares them back from the last),
        whether a topscorer, and the parity of his TPN (5.2.5).  Two pairs whose players
        have the same classes, the higher player in the same place, get the same colours
        by Article 5 and the same [C3], [C10]-[C13]: the search reads them once per such
        class pair (``search._CleanRows``).  A rule that comes to read more of a player
        must add it here."""
        p = self.st[n]
        return (p.preference, p.strength, p.colour_difference, p.colours, p.topscorer,
                p.initial_rank % 2)

    # ------------------------------------------------------------------ Article 5
    def higher(self, a: int, b: int) -> int:
        """1.2: the higher ranked of two players (score, then TPN)."""
        pa, pb = self.st[a], self.st[b]
        return a if (-pa.score, pa.initial_rank) < (-pb.score, pb.initial_rank) else b

    def allocate(self, a: int, b: int) -> tuple[int, int, str]:
        """(White, Black, the article of 5.2 that decided)."""
        pa, pb = self.st[a], self.st[b]
        wa, wb = pa.preference, pb.preference

        def give(x: int, colour: Pref, rule: str) -> tuple[int, int, str]:
            y = b if x == a else a
            return (x, y, rule) if colour is Pref.WHITE else (y, x, rule)

        # 5.2.1 both preferences (1.7.4: a player without one grants the other's)
        if wa is not Pref.NONE and wb is not Pref.NONE and wa is not wb:
            return give(a, wa, "5.2.1")
        if wa is Pref.NONE and wb is not Pref.NONE:
            return give(b, wb, "5.2.1")
        if wb is Pref.NONE and wa is not Pref.NONE:
            return give(a, wa, "5.2.1")
        if wa is not Pref.NONE:
            # 5.2.2 the stronger preference; both absolute: the wider colour difference
            if pa.strength.rank != pb.strength.rank:
                x = a if pa.strength.rank > pb.strength.rank else b
                return give(x, self.st[x].preference, "5.2.2")
            if pa.strength is Strength.ABSOLUTE and \
                    abs(pa.colour_difference) != abs(pb.colour_difference):
                x = a if abs(pa.colour_difference) > abs(pb.colour_difference) else b
                return give(x, self.st[x].preference, "5.2.2")
        # 5.2.3 alternate to the most recent time they had different colours (GHR 3.4:
        # the games played, counted back from the last)
        for ca, cb in zip(reversed(pa.colours), reversed(pb.colours)):
            if ca is not cb:
                return give(a, Pref.BLACK if ca is Colour.WHITE else Pref.WHITE, "5.2.3")
        h = self.higher(a, b)
        ph = self.st[h]
        # 5.2.4 the preference of the higher ranked player
        if ph.preference is not Pref.NONE:
            return give(h, ph.preference, "5.2.4")
        # 5.2.5 odd TPN: the initial-colour; even: the other
        first = Pref.WHITE if self.initial_colour is Colour.WHITE else Pref.BLACK
        other = Pref.BLACK if first is Pref.WHITE else Pref.WHITE
        return give(h, first if ph.initial_rank % 2 else other, "5.2.5")

    # ------------------------------------------------------------------ 2.4 per pair
    def pair_quality(self, a: int, b: int) -> tuple[int, int, int, int]:
        """[C10], [C11], [C12], [C13] of one pair, under the colours Article 5 gives it."""
        key = (a, b) if a < b else (b, a)
        got = self._pq.get(key)
        if got is not None:
            return got
        w, bl, _ = self.allocate(a, b)
        c10 = c11 = c12 = c13 = 0
        top = self.st[a].topscorer or self.st[b].topscorer
        for n, colour in ((w, Pref.WHITE), (bl, Pref.BLACK)):
            p = self.st[n]
            diff = p.colour_difference + (1 if colour is Pref.WHITE else -1)
            if top and abs(diff) > 2:
                c10 += 1
            mine = Colour.WHITE if colour is Pref.WHITE else Colour.BLACK
            if top and len(p.colours) >= 2 and p.colours[-1] is mine and p.colours[-2] is mine:
                c11 += 1
            if p.preference is not Pref.NONE and p.preference is not colour:
                c12 += 1
                if p.strength is Strength.STRONG or (
                        p.strength is Strength.ABSOLUTE and self.c13_absolute):
                    c13 += 1
        got = self._pq[key] = (c10, c11, c12, c13)
        return got

    def colour_sides(self, players, k: int) -> tuple[list, list, list] | None:
        """For [C12] (``k`` 2) or [C13] (``k`` 3): ``players`` parted into those who prefer
        White, those who prefer Black (for [C13]: those whose unmet preference it counts,
        :meth:`pair_quality`) and the others, each in the given order; None for [C10] and
        [C11].

        Article 5 gives a pair one White and one Black, so of two players of one side one
        does not get his colour, and the pair breaks the criterion: a pair that does not
        joins two sides, or holds one of the others.  So such pairs are at most
        min(n // 2, n - |White|, n - |Black|), n = len(players); and without others they
        join White to Black, a bipartite graph."""
        if k not in (2, 3):
            return None
        st = self.st
        white, black, others = [], [], []
        for n in players:
            p = st[n]
            if p.preference is Pref.NONE or (k == 3 and not (
                    p.strength is Strength.STRONG or (p.strength is Strength.ABSOLUTE
                                                      and self.c13_absolute))):
                others.append(n)
            elif p.preference is Pref.WHITE:
                white.append(n)
            else:
                black.append(n)
        return white, black, others

    def float_marks(self, n: int) -> tuple[str, str]:
        """The player's floats one and two rounds before (1.4.3, 1.4.4), read once."""
        got = self._marks.get(n)
        if got is None:
            p = self.st[n]
            got = self._marks[n] = (p.float_before(1), p.float_before(2))
        return got

    def quality(self, pairs, downfloaters, mdps: frozenset, s: Fraction) -> list:
        """[C10]-[C21] of a candidate: ``pairs`` (MDP first in an MDP pair), the resident
        ``downfloaters`` (Limbo excluded), ``mdps`` the bracket's MDPs, ``s`` the residents'
        score: the sum of each pair's and each downfloater's part."""
        return summed([self.pair_terms(a, b, mdps, s) for a, b in pairs]
                      + [self.floater_terms(n) for n in downfloaters])

    def pair_terms(self, a: int, b: int, mdps: frozenset, s: Fraction) -> tuple:
        """One pair's part of [C10]-[C21]: its counts, and the score differences it adds to
        each list ([C18]-[C21])."""
        q = list(self.pair_quality(a, b)) + [0] * 4
        lists: list[list[Fraction]] = [[], [], [], []]
        if a in mdps:
            self.mdp_pair(a, b, s, q, lists)
        return tuple(q), lists_of(lists)

    def floater_terms(self, n: int) -> tuple:
        """One resident downfloater's part: [C14], [C16]."""
        f1, f2 = self.float_marks(n)
        return (0, 0, 0, 0, int(f1 == "down"), 0, int(f2 == "down"), 0), NO_LISTS

    def mdp_pair(self, m: int, r: int, s: Fraction, q: list, lists: list) -> None:
        """[C15], [C17]-[C21] of an MDP ``m`` paired with the resident ``r``."""
        m1, m2 = self.float_marks(m)
        r1, r2 = self.float_marks(r)
        sd = self.st[m].score - s
        q[5] += r1 == "up"  # [C15]
        q[7] += r2 == "up"  # [C17]
        if m1 == "down":
            lists[0].append(sd)  # [C18]
        if r1 == "up":
            lists[1].append(sd)  # [C19]
        if m2 == "down":
            lists[2].append(sd)  # [C20]
        if r2 == "up":
            lists[3].append(sd)  # [C21]
