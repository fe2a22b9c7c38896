"""The brackets from the highest score (C, first line), with C.12's and C.13's backtracking.

C.12 and C.13: backtracking, as the text does it
================================================

A bracket is paired on its own requirements (C.6: "if now P pairings are obtained in
compliance with the current requirements the pairing of this score bracket is considered
complete"): nothing below is looked at.  The bracket loop (:meth:`DutchEngine.brackets`)
is the state machine of C.12 and C.13, each step an event (``backtracked``, the bracket
paired again with its own events, ``backtrack-ended``, ``brackets-joined``):

* **C.12**, reached from C.1 (a moved-down player with no opponent in the bracket) and after
  C.10 (no pairing of P1 pairs at any level, in a bracket with moved-down players; the text
  runs C.10, C.12, C.13, C.14 in that order): the previous bracket is paired again, and a
  pairing is accepted only if it moves down "another set of players of the same size and
  with the same scores" after which the current bracket "allows P1 pairings".  If one is
  found it replaces the previous bracket's pairing and the current bracket starts again
  with the new players; if not, the previous pairing stands and the bracket goes on (C.1:
  the player moves down, its third case; C.10: on to C.13/C.14).
* **C.13**, when the lowest bracket cannot be paired (its own procedure, which reduces M1
  as C.14.b.2 says, finds nothing; a lowest bracket with fewer pairs is no pairing, A.5
  allowing one bye; or at once from C.1, reading lowest-c1): the penultimate bracket is
  paired again, a pairing being accepted only if the lowest bracket can then be paired; if
  none with P above zero does (reading c13-p-zero), the two are joined into the new lowest
  bracket and C.13 repeats one bracket higher.

"Another pairing" of the previous bracket is the first candidate of *its own procedure*
(C.3 to C.14, in the order above) that meets its requirements and what the backtrack
wants.  That is the text's "try to find another pairing": the pairing undone was the first
candidate meeting the requirements alone, every candidate before it fails them (and so
fails the stronger test too), and it fails what the backtrack wants, so the first candidate
meeting both comes after it, the next one the text would try.  The search needs no other
change: what the backtrack wants is a test of the players moved down, asked where the leaf
test of the bracket already asks about them (``leftover_check``), and every pruning of the
search that reads the leaf test (one player left over; ``must``; the empty leftover) reads
it exactly.

C.13's "which will allow a pairing in the lowest score bracket" is decided by an oracle:
one perfect-matching test (``completable``) on the lowest bracket's players with the ones
moved down, B.1 and B.2 (not B.2 when the bracket holds top scorers, whose C.10.g drops
it), one bye to a player allowed one (B.1.b) when their number is odd.  It answers as the
lowest bracket's procedure would: the procedure's last level asks only B.1 and (unless
dropped) B.2, X reaching P1 and Z reaching X, B.5/B.6 dropped; and its exchanges (D.2, every
size) and transpositions (D.1) reach every set of pairs: a complete pairing of the bracket
is the higher players of its pairs as S1, which is S1 after an exchange, and the lower ones
in the matching order, which is a transposition of S2.  A heterogeneous lowest bracket comes
down to a homogeneous one through C.14.b.2 (M1 to 0).  So the lowest bracket has a pairing
iff the oracle says so (D.2's listing limit aside, see below).  C.12's "allows P1 pairings"
is read the same way: P1 pairs among the bracket's players by B.1 and B.2 (a maximum
matching).  ``tests/dutch2012_literal.py`` does all of this by brute force, deciding C.13
by pairing the lowest bracket with the text's own procedure, and agrees with the engine on
every generated round of ``tests/test_dutch2012_backtracking.py`` and
``tests/test_dutch2012_bruteforce.py``, event for event on the backtracks.  (The completion
check this engine used before, accepting a bracket's pairing only if the round could still
be completed, is not the same: it paired 72 of 1,063 generated rounds of 6-14 players
otherwise.  Where the text backtracks and its backtracking changes nothing, the two agree.)

The readings taken where the text leaves a choice (all in the twin too):

* C.12 after C.10 (not only where C.1 names it): reading ``backtrack-after-c10`` (default
  ``yes``: the articles' order; ``c1-only``), golden case ``reading-backtrack-after-c10``.
* C.12's P1 when C.1 sends the bracket back: P0 of the bracket (C.2 has not run yet).
* A set already sent to the bracket is not asked for again ("another set"), so C.12 ends.
* C.12's last line, "backtracking is disallowed when already backtracking", is read as:
  the bracket paired again may not itself send its previous bracket back.  (The 1992 text
  has no such line: its reading c12-nested may let it, its engine's ``c12_again``.)
* C.13's "If in the penultimate score bracket P becomes zero (i.e. no pairing can be found
  which will allow a correct pairing for the lowest score bracket) then the two lowest
  score brackets are joined": reading ``c13-p-zero``, default ``join``: the pairing that
  moves the whole penultimate bracket down (P1 = 0, C.14.a) does not count as one allowing
  the lowest bracket to be paired, and the brackets are joined; ``counts``: it is tried like
  the others (last, as C.14.a comes), the brackets joined only when no pairing of the
  penultimate bracket allows the lowest one (the Backtracked event's ``wanted`` is then
  ``lowest-pairable+p0``).  The bracket moved down whole brings the lowest bracket the
  players a join would, so the values pair differently only where the joined bracket and
  the lowest bracket with those players moved down are paired differently: where the lowest
  bracket is already a joined one (its earlier joined players stay its moved-down players
  under ``counts``, and become residents of the new join under ``join``, which A.3 and C.4
  count differently), or where D.4 (reading d4-scope=joined) or reading joined-bracket tell
  a joined bracket apart.  Golden case ``reading-c13-p-zero`` (the first such round of
  ``make_cases.py``'s search, its 1,279th: the lowest bracket is already a joined one).
* The joined bracket ("treated as a heterogeneous score bracket with the latest added score
  bracket as S1"): the penultimate bracket's residents (and the players an earlier join
  brought in) are its moved-down players beside the ones moved down to it, S1 as A.3 and
  C.4 make it; with at least half of its players so it is treated as homogeneous (A.3, as
  D.4 also says): reading ``joined-bracket`` (default ``a3``; ``heterogeneous``: C.13's
  words, whatever the count), golden case ``reading-joined-bracket``.  The events name a
  joined bracket by its residents' score.
* C.1 in the lowest bracket ("if this score bracket is the lowest one apply C13"):
  reading ``lowest-c1``, default ``when-unpaired``: not applied on its own; the player may
  be the one left for the bye, and if the bracket cannot be paired C.13 runs anyway;
  ``at-once``: when the lowest bracket has a penultimate one, a player without an opponent
  there (B.1, and B.2 unless top scorers are paired, as C.1 reads elsewhere; in a what-if
  run the forced pairs bar as they do in C.1 elsewhere) sends it to C.13 at once (the
  Backtracked event's trigger is then "C.1" with that player), and C.13 then wants a pairing
  after which every player of the lowest bracket has an opponent there and it can be paired
  (``wanted`` ``lowest-pairable+c1``; a lowest bracket of one player is such a bracket).
  Golden case ``reading-lowest-c1``.
* C.12 from the lowest bracket: reading ``lowest-c12``, default ``c13-only`` (C.13 is the
  lowest bracket's backtrack, as before); ``c12-first``: C.1's first case comes before its
  second there too (a player moved down into it without an opponent there sends it to
  C.12: the previous bracket paired again for another set of the same size and scores
  after which the lowest bracket allows its P0 pairs), and C.12 runs after C.10 there as
  elsewhere; when C.12 finds nothing the bracket goes on (the reading lowest-c1, C.13).
  Never from a bracket C.13 joined (C.13 "can be repeated").  Golden cases
  ``reading-lowest-c12`` (C.1) and ``reading-lowest-c12-after-c10`` (C.10).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ... import matching
from ...records import dataclass
from ..machine import NoPairing  # noqa: F401  (B.1: no complete pairing; raised by the engine)
from .events import fmt


class Backtrack(Exception):
    """C.12: the bracket asks its previous bracket for another pairing (``trigger``: the
    step that led here, ("C.1", player) or ("C.10", P1); ``p1``: the pairs it must allow)."""

    def __init__(self, p1: int, trigger: tuple):
        super().__init__(trigger)
        self.p1 = p1
        self.trigger = trigger


class LowestUnpaired(Exception):
    """C.13: the lowest bracket cannot be paired (``player``: the one C.1 found without an
    opponent there, when that sent it to C.13 at once; reading lowest-c1)."""

    def __init__(self, player: int | None = None):
        super().__init__(player)
        self.player = player


class NoCandidate(Exception):
    """A bracket paired again by C.12/C.13 has no pairing meeting what is wanted."""


@dataclass
class Again:
    """C.12/C.13: the bracket is paired again, and may not backtrack itself (C.12's last
    line).  ``wants``: what the players it moves down must allow below (None: nothing, the
    bracket paired only to see whether it can be); ``article``: the backtrack's article,
    the criterion a candidate failing ``wants`` is rejected by; ``no_zero``: C.13's "if in
    the penultimate score bracket P becomes zero" (reading c13-p-zero)."""

    wants: Callable[[list[int]], bool] | None
    article: str
    no_zero: bool = False
    #: the fewest players a pairing must move down for ``wants`` to hold (a necessary
    #: condition, ``c13_need``; 0: none known)
    need: int = 0


class Backtracking:
    """C's bracket loop, C.12 and C.13 (the hooks an edition's words change: ``c12_another``,
    ``c12_p``, ``c12_code``, ``c13_wants``, ``c13_code``)."""

    #: C.1 sends a bracket to C.12 once per player in a round (False: every time C.1
    #: finds the player without an opponent, after C.12 brought the bracket new players)
    c1_once = True
    #: C.12 after C.11 (the 1992 text) runs once for each p of a bracket (False: every time
    #: the bracket reaches it, after C.12 brought it new players too)
    c11_once = True
    #: a lowest bracket C.13 joined, joined again: its earlier joined players stay moved
    #: down in the new bracket (False: they become its residents)
    rejoined_moved_down = False

    def brackets(self) -> None:
        """The brackets from the highest score (C), with C.12's and C.13's backtracking."""
        rest = list(self.remaining)
        #: [players joined in by C.13 (S1 of the joined bracket), residents]
        groups: list[list[list[int]]] = []
        while rest:
            top = self.st[rest[0]].score
            groups.append([[], [n for n in rest if self.st[n].score == top]])
            rest = [n for n in rest if self.st[n].score != top]
        carried: dict[int, list[int]] = {0: []}
        result: dict[int, list[tuple[int, int]]] = {}
        skips: dict[int, set] = {}
        sent: dict[int, set] = {}
        #: C.13's memory over the round (``c13_wants``)
        c13_memo: dict = {}
        i = 0
        steps = 0
        while i < len(groups):
            steps += 1
            # each step sends a bracket a set of players it was never sent, or joins two
            assert steps < 100000, "C.12/C.13 do not terminate"
            lowest = i == len(groups) - 1
            joined, residents = groups[i]
            sent.setdefault(i, set()).add(frozenset(carried[i]))
            try:
                out, moved = self.pair_bracket(carried[i] + joined, residents, lowest,
                                               joined=bool(joined),
                                               skip=frozenset(skips.get(i, ())),
                                               penultimate=i > 0)
            except Backtrack as bt:
                skips.setdefault(i, set()).add(bt.trigger)
                j = i - 1
                if j < 0:  # cannot happen: the highest bracket has no moved-down players
                    continue
                wants = self.c12_wants(list(carried[i]), set(sent[i]), joined, residents,
                                       bt.p1)
                self.emit(self.ev.Backtracked(
                    article="C.12", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger=bt.trigger[0], player=bt.trigger[1] if bt.trigger[0] == "C.1"
                    else None, moved=tuple(carried[i]), p1=bt.p1, wanted=self.c12_code()))
                got = self.c12_again(groups, carried, result, sent, j, Again(wants, "C.12"))
                if got is not None:
                    result[j], carried[i] = got
                    # C.1 (and, by ``again_steps``, other steps) may send the bracket, with
                    # its new players, back again
                    skips[i] = {t for t in skips[i] if t[0] not in self.again_steps()}
                continue
            except LowestUnpaired as lu:
                j = i - 1
                wants = self.c13_wants(joined, residents, carried[i], c13_memo)
                lonely = lu.player
                self.emit(self.ev.Backtracked(
                    article="C.13", score=self.label(groups[i]), to_score=self.label(groups[j]),
                    trigger="C.1" if lonely is not None else "C.13", player=lonely,
                    moved=tuple(carried[i]), p1=None, wanted=self.c13_code()))
                # "if in the penultimate score bracket P becomes zero" (reading c13-p-zero)
                got = self.again(groups[j], carried[j],
                                 Again(wants, "C.13", no_zero=not self.c13_zero,
                                       need=self.c13_need(joined + residents)))
                if got is not None:
                    result[j], carried[i] = got
                    continue
                i = self.join_lowest(groups, carried, result, skips, i)
                continue
            result[i] = out
            carried[i + 1] = moved
            i += 1
        self.finish_brackets(groups, carried, result)

    def c12_again(self, groups, carried, result, sent, j: int, again: Again):
        """C.12: the previous bracket ``j`` paired again (``again``): (pairs, moved) of
        bracket ``j`` or None.  An edition whose text lets the bracket paired again
        backtrack in turn overrides this (the 1992 text's reading c12-nested); here, C.12's
        last line disallows it."""
        return self.again(groups[j], carried[j], again)

    def again_steps(self) -> tuple[str, ...]:
        """The steps that may send a bracket back to C.12 again once C.12 brought it new
        players (``c1_once``, ``c11_once``)."""
        return (() if self.c1_once else ("C.1",)) + (() if self.c11_once else ("C.11",))

    def again(self, group, carried: list[int], again: Again):
        """C.12/C.13: the previous bracket paired again from the start of its procedure,
        accepting only a pairing whose players moved down meet ``again.wants``; it may not
        backtrack itself (C.12's last line).  (pairs, moved) or None."""
        try:
            got = self.pair_bracket(carried + group[0], group[1], False,
                                    joined=bool(group[0]), again=again)
        except NoCandidate:
            got = None
        self.emit(self.ev.BacktrackEnded(article=again.article, score=self.label(group),
                                         found=got is not None,
                                         moved=tuple(got[1]) if got is not None else ()))
        return got

    # ------------------------------------------------------------------ C.12
    def c12_wants(self, old: list[int], tried: set, joined: list[int], residents: list[int],
                  p1: int) -> Callable[[list[int]], bool]:
        """C.12: what the previous bracket paired again must move down instead of ``old``
        (the sets ``tried`` were sent before): another set (``c12_another``) after which
        the bracket (``joined`` + ``residents``) allows its pairs (``c12_p``)."""
        others = joined + residents

        def wants(moved) -> bool:
            if not self.c12_another(moved, tried, old):
                return False
            return self.allows(list(moved) + others, self.c12_p(moved, joined, residents, p1))

        return wants

    def c12_another(self, moved, tried: set, old: list[int]) -> bool:
        """C.12's "another set of players of the same size and with the same scores" (one
        not sent before: "another")."""
        if len(moved) != len(old) or self.scores(moved) != self.scores(old):
            return False
        return frozenset(moved) not in tried

    def c12_p(self, moved, joined: list[int], residents: list[int], p1: int) -> int:
        """C.12's "allows P1 pairings": P1 as it stood when C.12 was reached."""
        return p1

    def c12_code(self) -> str:
        """The Backtracked event's code for what C.12 accepts."""
        return "same-size-and-scores"

    def scores(self, players) -> list:
        return sorted(self.st[n].score for n in players)

    def allows(self, players: list[int], p1: int) -> bool:
        """C.12's "allows P1 pairings": P1 pairs among ``players`` by B.1 and B.2 (as C.1
        asks them, ``b1_b2``).  Asked once per set of players and P1 in a round: the
        backtrack asks the same sets again and again (570 sets in 38,617 questions in a
        1992 round of 30 players), and the answer is a matching's size, which depends on
        the set alone (B.1 and B.2 read the pair and the set's top scorers)."""
        key = (frozenset(players), p1)
        got = self._allows_cache.get(key)
        if got is None:
            test = self.b1_b2(players)
            m = matching.max_matching(sorted(players, key=self.key),
                                      lambda a, b: test(a, b) is None)
            got = self._allows_cache[key] = len(m) // 2 >= p1
        return got

    # ------------------------------------------------------------------ C.13
    def c13_wants(self, joined: list[int], residents: list[int], moved_now: list[int],
                  memo: dict) -> Callable[[list[int]], bool]:
        """C.13: what the penultimate bracket paired again must move down to the lowest
        (``joined`` + ``residents``, sent ``moved_now``): players with whom the lowest
        bracket's own procedure can pair it, decided by the oracle (``completable``; the
        module docstring); ``memo`` keeps, over the round, the sets each lowest bracket was
        sent and could not pair."""
        lowest_players = joined + residents
        # a set the lowest bracket was sent and could not pair is not wanted again
        # (only D.2's listing limit can make the oracle say yes to such a set)
        failed = memo.setdefault(frozenset(lowest_players), set())
        failed.add(frozenset(moved_now))

        def wants(moved) -> bool:
            # the lowest bracket's own procedure pairs it iff this holds: its last
            # level asks B.1 and (without top scorers, C.10.g) B.2 only, and its
            # exchanges and transpositions reach every pairing (module docstring);
            # under reading lowest-c1=at-once its C.1 first sends it to C.13 when a
            # player has no opponent there
            players = list(moved) + lowest_players
            b2 = not self.top_scorers(players)
            if frozenset(moved) in failed:
                return False
            if self.lowest_c1 and self.lonely(players, self.b1_b2(players)) is not None:
                return False
            return self.completable(players, b2=b2)

        return wants

    def c13_need(self, lowest_players: list[int]) -> int:
        """C.13: the fewest players the penultimate bracket must move down for the lowest
        one (``lowest_players``) to be paired.  A pairing of the lowest bracket pairs all
        its players but at most one (the bye, A.5); of its own players at most nu can meet
        each other, nu the maximum matching among them by B.1 alone (B.2 dropped: every
        pairing the lowest bracket's procedure or the oracle accepts is one of B.1's), so at
        least len - nu - 1 of them meet a player moved down, each a different one.  A
        necessary condition of every edition's ``c13_wants`` (each asks at least that the
        lowest bracket be paired); it proves a whole P1 hopeless at once (``hopeless``)."""
        vs = sorted(lowest_players, key=self.key)
        m = matching.max_matching(vs, lambda a, b: self.absolute(a, b, False) is None)
        return len(vs) - len(m) - 1

    def c13_code(self) -> str:
        """The Backtracked event's code for what C.13 accepts (readings lowest-c1,
        c13-p-zero)."""
        return "lowest-pairable" + ("+c1" if self.lowest_c1 else "") + \
            ("+p0" if self.c13_zero else "")

    def join_lowest(self, groups, carried, result, skips, i: int) -> int:
        """C.13: the two lowest brackets (``i`` the lowest) joined into the new lowest one,
        the penultimate's players as its S1; the index of the joined bracket."""
        j = i - 1
        pj, rj = groups[j]
        # the lowest bracket's own joined players stay moved down (``rejoined_moved_down``)
        # or become residents of the new join
        kept = groups[i][0] if self.rejoined_moved_down else []
        s1 = sorted(pj + rj + kept, key=self.key)
        low = sorted([n for n in groups[i][0] + groups[i][1] if n not in kept], key=self.key)
        self.emit(self.ev.BracketsJoined(article="C.13", score=self.label(groups[j]),
                                         lowest_score=self.label(groups[i]), s1=tuple(s1),
                                         players=tuple(sorted(carried[j] + s1 + low,
                                                              key=self.key))))
        groups[j] = [s1, low]
        del groups[i]
        result.pop(i, None)
        skips.pop(j, None)
        return j

    def finish_brackets(self, groups, carried, result) -> None:
        """The round's pairs, bracket by bracket, and the lowest bracket's leftover: the bye
        of A.5 (its eligibility was required, B.1.b)."""
        self.pairs = [p for k in sorted(result) for p in result[k]]
        left = carried.get(len(groups), [])
        if left:
            assert len(left) == 1, left
            self.bye = left[0]
            self.emit(self.ev.ByeAssigned(article="A.5", player=self.bye))

    def label(self, group) -> str:
        """A bracket's score as its events name it: its residents' (the highest)."""
        return fmt(self.st[sorted(group[1], key=self.key)[0]].score)

    # ------------------------------------------------------------------ C.1's test
    def incompatible(self, n: int, players: Sequence[int], test) -> bool:
        """C.1: no opponent for ``n`` among ``players`` by ``test`` (``b1_b2``)."""
        return not any(test(n, o) is None for o in players if o != n)

    def lonely(self, players: Sequence[int], test) -> int | None:
        """C.1: the first player (A.2 order) of ``players`` with no opponent among them by
        ``test`` (and counted so, ``c1_counts``), or None."""
        return next((n for n in sorted(players, key=self.key)
                     if self.incompatible(n, players, test) and self.c1_counts(n, players)),
                    None)
