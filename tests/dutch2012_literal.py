"""A literal twin of the Dutch 2012 procedure, written from the text, for small brackets.

It enumerates what the text enumerates, in the text's order, and takes the first candidate
that meets the requirements; no oracle, no pruning:

* C.10 as a state machine of requirements (each step "restart from C.3.x" re-sets what
  C.3.x onwards sets), C.14 as written;
* D.2 by its "exact procedure" (DELTA from DIFFMIN; I over S1LIST, J over S2LIST);
* D.3 as the lexicographic list of its table;
* D.1 as every permutation of S2 in lexicographic order (``itertools.permutations`` of
  the A.2-ordered S2), the first len(S1) paired (D.1.2);
* C.12 and C.13 as backtracking (``LiteralBacktracking``): a bracket is paired on its own
  requirements, without looking below; a bracket that cannot go on sends the previous one
  back to pair again, and C.13's "will allow a pairing in the lowest score bracket" is
  decided by pairing the lowest bracket with the text's own procedure.

The criteria are read from the text too (B.1, B.2, A.7.d, B.5, B.6, X/Z of A.8 and C.10.e),
on the facts of the rulebook's standings (scores, colour preferences, float history, bye
eligibility): only the facts are shared with the engine, never its search.
"""

from __future__ import annotations

from itertools import combinations, permutations

from dubov_explain.rulebooks import find_rulebook

BOOK = find_rulebook("dutch-2012")


class Stop(Exception):
    pass


def d2_exchanges(n1: int, n2: int, size: int):
    """D.2's exact procedure for N = ``size``: positions 1..n1 in S1, n1+1..n1+n2 in S2."""
    s1list = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, n1 + 1), size)),
                    reverse=True)
    s2list = list(combinations(range(n1 + 1, n1 + n2 + 1), size))
    if not s1list or not s2list:
        return []

    def differenz(i, j):
        return sum(s2list[j]) - sum(s1list[i])

    diffmin, diffmax = differenz(0, 0), differenz(len(s1list) - 1, len(s2list) - 1)
    out = []
    delta = diffmin
    while delta <= diffmax:
        for i in range(len(s1list)):
            for j in range(len(s2list)):
                if differenz(i, j) == delta:
                    out.append((s1list[i], s2list[j]))
        delta += 1
    return out


class Literal:
    def __init__(self, t, round_no=None, readings=None):
        self.st = BOOK.standings(t, round_no, readings)
        self.readings = readings or BOOK.readings()
        self.odd = self.st.round % 2 == 1
        self.d4 = False
        self.d4_low = 0

    # ---- facts (A.2, A.7, A.4, B.1.b)
    def key(self, n):
        return (-self.st[n].score, self.st[n].initial_rank)

    def pref(self, n):
        p = self.st[n].preference.value
        return None if p == "-" else p

    def strength(self, n):
        return self.st[n].strength.value

    def may_meet(self, a, b, b2=True):
        k = frozenset((a, b))
        if k in self.st.met or k in self.st.forbidden:
            return False
        if b2 and self.strength(a) == "absolute" and self.strength(b) == "absolute" \
                and self.pref(a) == self.pref(b):
            return False
        return True

    def completable(self, players):
        players = list(players)
        if not players:
            return True
        if len(players) % 2:
            return any(self.st[q].bye_eligible and
                       self.completable([x for x in players if x != q]) for q in players)
        a = players[0]
        return any(self.may_meet(a, b) and self.completable([x for x in players[1:] if x != b])
                   for b in players[1:])

    # ---- A.8
    def x1_z1(self, players, p0):
        W = B = w = b = a = 0
        for n in players:
            pr = self.pref(n)
            if pr is None:
                a += 1
            elif not self.odd and self.strength(n) == "mild" and self.st[n].unplayed % 2:
                if pr == "w":
                    w += 1
                else:
                    b += 1
            elif pr == "w":
                W += 1
            else:
                B += 1
        x1 = p0 - W - w - a if B + b > W + w else p0 - B - b - a
        x1 = max(0, x1)
        if self.odd:
            return x1, None
        z1 = p0 - W - b - w - a if B > W else p0 - B - b - w - a
        return x1, max(0, z1)

    # ---- a candidate against the requirements in force
    def pair_ok(self, a, b, req):
        if not self.may_meet(a, b, req["B2"]):
            return False
        if req["A7d"] and self.pref(a) is not None and self.pref(a) == self.pref(b) and \
                self.strength(a) in ("strong", "absolute") and \
                self.strength(b) in ("strong", "absolute"):
            return False
        sa, sb = self.st[a].score, self.st[b].score
        if sa != sb:
            low = b if sa > sb else a
            fl = self.st[low].floats
            if req["B5u"] and fl and fl[-1] == "up":
                return False
            if req["B6u"] and len(fl) >= 2 and fl[-2] == "up":
                return False
        return True

    def spend(self, pairs):
        x = sum(1 for a, b in pairs if self.pref(a) is not None and self.pref(a) == self.pref(b))
        z = sum(1 for a, b in pairs if self.pref(a) is not None and self.pref(a) == self.pref(b)
                and self.strength(a) in ("strong", "absolute")
                and self.strength(b) in ("strong", "absolute"))
        return x, z

    # ---- C.10's last sentence: "Any criterion may be dropped only for the minimum number
    # of pairs in the score bracket"
    # (several dropped: reading c10-fewest-order, "importance" the most important first,
    # "dropping" C.10's own order, the first dropped first)
    DROPPED = {"importance": ("B2", "A7d", "B5d", "B6d", "B5u", "B6u"),
               "dropping": ("B6u", "B5u", "B6d", "B5d", "A7d", "B2")}

    def breaks(self, name, pairs, left):
        """How many pairs (players left over, for downfloaters) break ``name``."""
        if name == "B2":
            return sum(1 for a, b in pairs if self.strength(a) == "absolute" and
                       self.strength(b) == "absolute" and self.pref(a) == self.pref(b))
        if name == "A7d":
            return sum(1 for a, b in pairs if self.pref(a) is not None and
                       self.pref(a) == self.pref(b) and
                       self.strength(a) in ("strong", "absolute") and
                       self.strength(b) in ("strong", "absolute"))
        back = 1 if name[1] == "5" else 2
        if name.endswith("d"):
            return sum(1 for q in left if len(self.st[q].floats) >= back and
                       self.st[q].floats[-back] == "down")
        n = 0
        for a, b in pairs:
            sa, sb = self.st[a].score, self.st[b].score
            if sa != sb:
                fl = self.st[b if sa > sb else a].floats
                n += len(fl) >= back and fl[-back] == "up"
        return n

    def within(self, pairs, left, caps):
        return caps is None or all(self.breaks(c, pairs, left) <= k for c, k in caps.items())

    def spent(self, pairs, caps):
        """The caps left after ``pairs`` (the pair criteria; None: no caps)."""
        if caps is None:
            return None
        return {c: (k - self.breaks(c, pairs, ()) if not c.endswith("d") else k)
                for c, k in caps.items()}

    # ---- C.4-C.8.a, homogeneous (or remainder)
    def homogeneous(self, players, p, req, x, z, below, lowest, caps=None):
        acceptable = []
        for pairs, left in self.homogeneous_all(players, p, req, x, z, below, lowest):
            if not self.within(pairs, left, caps):
                continue
            if not (lowest and self.d4):
                return pairs, left
            acceptable.append((pairs, left))
        if not acceptable:
            return None
        # D.4: "the best pairing for such a homogeneous score bracket or remainder is the
        # one that minimizes the sum of the squared differences between the scores of the
        # two players in each pair (B3-factor). Getting the bye is equivalent to face an
        # opponent with one point less than the lowest ranked player"; among equals, the
        # first in the order above (min keeps the first)
        return min(acceptable, key=lambda c: self.b3_factor(*c))

    def homogeneous_all(self, players, p, req, x, z, below, lowest):
        """Every candidate meeting the requirements, in the order of D.2 and D.1."""
        players = sorted(players, key=self.key)
        s1, s2 = players[:p], players[p:]
        tries = [(s1, s2)]
        for size in range(1, min(p, len(s2)) + 1):
            for a, b in d2_exchanges(p, len(s2), size):
                out1 = [players[i - 1] for i in a]
                in2 = [players[i - 1] for i in b]
                tries.append((sorted([q for q in s1 if q not in out1] + in2, key=self.key),
                              sorted([q for q in s2 if q not in in2] + out1, key=self.key)))
        for t1, t2 in tries:
            seen = set()
            for perm in permutations(t2):
                head = perm[:p]
                if head in seen:
                    continue
                seen.add(head)
                pairs = list(zip(t1, head))
                if not all(self.pair_ok(a, b, req) for a, b in pairs):
                    continue
                sx, sz = self.spend(pairs)
                if sx > x or (z is not None and sz > z):
                    continue
                if not self.leftover_ok(perm[p:], req, below, lowest):
                    continue
                yield pairs, list(perm[p:])

    def b3_factor(self, pairs, left):
        total = sum((self.st[a].score - self.st[b].score) ** 2 for a, b in pairs)
        for q in left:
            if self.readings.value("d4-bye-score") == "lowest-ranked":
                total += (self.st[q].score - (self.d4_low - 1)) ** 2
            else:
                total += 1
        return total

    # ---- C.4-C.9, heterogeneous
    def heterogeneous(self, players, mdps, m1, p1, req, below, lowest, reached, caps=None,
                      every=False):
        """The first candidate (the MDPs' pairs, then the remainder's); with ``every``, the
        list of every candidate of the bracket (each MDP arrangement with each candidate of
        its remainder), in that order."""
        out = []
        mdps = sorted(mdps, key=self.key)
        for s1 in combinations(mdps, m1):
            s2 = sorted([q for q in players if q not in s1], key=self.key)
            if len(s2) < m1:  # S1 cannot all be paired (A.6.a: S2 is equal or bigger)
                continue
            seen = set()
            for perm in permutations(s2):
                head = perm[:m1]
                if head in seen:
                    continue
                seen.add(head)
                pairs = list(zip(s1, head))
                if not all(self.pair_ok(a, b, req) for a, b in pairs):
                    continue
                sx, sz = self.spend(pairs)
                if sx > req["X"] or (req["Z"] is not None and sz > req["Z"]):
                    continue
                left = self.spent(pairs, caps)
                if left is not None and any(v < 0 for v in left.values()):
                    continue
                reached[0] = True
                whole = self.readings.value("remainder-budget") == "bracket"
                args = (list(perm[m1:]), p1 - m1, req,
                        req["X"] - sx if whole else req["X"],
                        (None if req["Z"] is None else req["Z"] - sz if whole else req["Z"]),
                        below, lowest)
                if every:
                    out.extend((pairs + r[0], r[1]) for r in self.homogeneous_all(*args))
                    continue
                rest = self.homogeneous(*args, caps=left)
                if rest is not None:
                    return pairs + rest[0], rest[1]
        return out if every else None

    def fewest(self, req, het, moves, top, every):
        """C.10's last sentence: the criteria ``req`` dropped, each only for the least
        number of pairs any candidate of the level needs (in the order of reading
        c10-fewest-order: by default the most important first); the
        candidates are ``every()`` (D.4's: those of the least B3-factor only, B.3 outranking
        B.5 and B.6).  The caps, or None when nothing is dropped.

        No candidate breaks a dropped criterion fewer than once (the level with it in
        force, the rest as here, came before in C.10's order and had no candidate), so the
        candidates are read only until one breaks each once."""
        odd_a7d = self.odd and self.readings.value("strong-as-absolute") == "forbid"
        applies = {"B2": top, "A7d": odd_a7d, "B5d": moves, "B6d": moves, "B5u": het,
                   "B6u": het}
        order = self.DROPPED[self.readings.value("c10-fewest-order")]
        dropped = [c for c in order if applies[c] and not req[c]]
        if not dropped:
            return None
        least, ones = None, (1,) * len(dropped)
        for cand in every():
            v = tuple(self.breaks(c, *cand) for c in dropped)
            if least is None or v < least:
                least = v
            if least == ones:
                break
        return dict(zip(dropped, least))

    # ---- C.3 and C.10 as a state machine
    def requirements(self, p1, x1, z1, het, down, top):
        odd_a7d = self.odd and self.readings.value("strong-as-absolute") == "forbid"
        req = dict(B2=True, A7d=odd_a7d, X=x1, Z=z1, B5d=down, B6d=down, B5u=het, B6u=het)

        def reset_from(letter):  # C.3.<letter> onwards
            order = "cdefgh"
            for c in order[order.index(letter):]:
                if c == "c":
                    req["A7d"] = odd_a7d
                elif c == "d":
                    req["X"], req["Z"] = x1, z1
                elif c == "e":
                    req["B5d"] = down
                elif c == "f":
                    req["B6d"] = down
                elif c == "g":
                    req["B5u"] = het
                elif c == "h":
                    req["B6u"] = het

        yield dict(req)
        while True:
            if het and req["B6u"]:
                req["B6u"] = False
            elif het and req["B5u"]:
                req["B5u"] = False
                reset_from("h")
            elif down and req["B6d"]:
                req["B6d"] = False
                reset_from("g")
            elif down and req["B5d"]:
                req["B5d"] = False
                reset_from("f")
            elif self.odd and req["X"] < p1:
                req["X"] += 1
                reset_from("e")
            elif not self.odd and req["Z"] < req["X"]:
                req["Z"] += 1
                reset_from("e")
            elif not self.odd and req["Z"] == req["X"] and req["X"] < p1:
                req["X"] += 1
                req["Z"] = z1
                reset_from("e")
            elif req["A7d"]:
                req["A7d"] = False
                reset_from("d")
            elif top and req["B2"]:
                req["B2"] = False
                reset_from("c")
            else:
                return
            yield dict(req)


# ---------------------------------------------------------------------------------------
# C.12 and C.13 as written: no look-ahead, backtracking
# ---------------------------------------------------------------------------------------


class Backtrack(Exception):
    """Raised by a bracket that asks its previous bracket for another pairing (C.12)."""

    def __init__(self, p1, trigger):
        super().__init__(trigger)
        self.p1 = p1
        self.trigger = trigger


class LiteralBacktracking(Literal):
    """The text's own C.12 and C.13 (the procedure of ``Literal`` for one bracket).

    A bracket's candidate is accepted on the bracket's own requirements (C.6: "If now P
    pairings are obtained in compliance with the current requirements the pairing of this
    score bracket is considered complete"): nothing below is looked at.  Then:

    * C.12 ("Backtrack to previous Score bracket"), reached from C.1 (a moved-down player
      without an opponent in the bracket) and after C.10 (no pairing of P1 pairs at any
      level, in a bracket with moved-down players): the previous bracket is paired again,
      from the start of its own procedure, accepting only a pairing that moves down another
      set of players of the same size and the same scores after which the current bracket
      allows P1 pairings (P1 pairs allowed by B.1/B.2; from C.1, P1 = P0 of the bracket).
      The previous bracket may not backtrack while doing so (C.12's last line); a set once
      sent is not asked for again.  When it fails: C.1 moves the player down (its third
      case), C.10 goes on to C.13/C.14.
    * C.13, when the lowest bracket cannot be paired (its own procedure, which reduces M1
      as C.14.b.2 says, finds nothing; with reading lowest-c1=at-once also when C.1 finds
      a player of the lowest bracket without an opponent there and there is a penultimate
      bracket): the penultimate bracket is paired again from the start, accepting only a
      pairing after which the lowest bracket can be paired (by its own procedure, C.1
      included); when no pairing with P > 0 does ("P becomes zero"; reading
      c13-p-zero=counts: no pairing at all, the bracket moved down whole included) the two
      are joined into the new lowest
      bracket, the penultimate's players (its residents and the players an earlier C.13
      joined in) as S1 beside the players moved down to it, and C.13 is repeated.
    * D.4 (the B.3-factor), in the lowest bracket the reading d4-scope names (default: one
      C.13 joined): of all candidates of the level that meet the requirements, the least
      sum of squared score differences (the bye: an opponent one point below the lowest
      ranked player, reading d4-bye-score), the first in the order among equals; with the
      reading d4-level=b3-first, of the candidates of that level and of every later level
      with B.2 as there (A.7.d too by reading a7d-proviso=kept), the least, the earliest
      level among equals.

    ``changed`` records every backtrack that changed a pairing and every merge: when it is
    empty the round is paired as no backtracking would pair it.
    """

    def __init__(self, t, round_no=None, readings=None):
        super().__init__(t, round_no, readings)
        self.changed: list[tuple] = []
        self.attempts: list[tuple] = []
        #: every backtrack in order, ("C.12", trigger, found) / ("C.13", found), and every
        #: join, ("C.13-join",)
        self.log: list[tuple] = []
        #: for each C.13: the player of the lowest bracket C.1 found without an opponent
        #: (reading lowest-c1=at-once), or None (the bracket could not be paired)
        self.c13_from: list = []
        self.c1_lonely = None

    def leftover_ok(self, rest, req, below, lowest):
        # ``below``: the players C.1 moved down from this bracket (they move down too)
        if lowest and not (len(rest) == 0 or (len(rest) == 1 and self.st[rest[0]].bye_eligible)):
            return False
        for q in rest:
            fl = self.st[q].floats
            if req["B5d"] and fl and fl[-1] == "down":
                return False
            if req["B6d"] and len(fl) >= 2 and fl[-2] == "down":
                return False
        if self.cond is not None:
            return self.cond(sorted(list(rest) + list(below), key=self.key))
        return True

    def allows(self, players, p1, top):
        """P1 pairs among ``players`` by B.1 and B.2 (B.2 not for top scorers)."""
        players = list(players)

        def best(ps):
            if len(ps) < 2:
                return 0
            a, rest = ps[0], ps[1:]
            got = best(rest)
            for b in rest:
                if self.may_meet(a, b, not top):
                    got = max(got, 1 + best([x for x in rest if x != b]))
                    if got >= p1:
                        return got
            return got

        return best(players) >= p1

    def is_top(self, players):
        over = self.st.top_over
        real_top = self.readings.value("acceleration-top-scorers") == "real"
        return over is not None and any(
            (self.st[n].points if real_top else self.st[n].score) > over for n in players)

    def bracket(self, mdps, residents, lowest, cond=None, no_zero=False, may_backtrack=True,
                skip=frozenset(), joined=False, penultimate=False):
        """One bracket, C.1-C.14: (pairs, moved) or None (lowest: no pairing; or, with
        ``no_zero``, no pairing with P > 0).  ``penultimate``: the lowest bracket has a
        bracket above it, so C.13 can be applied."""
        self.cond = cond
        players = sorted(mdps + residents, key=self.key)
        top = self.is_top(players)
        down = []
        # C.1: "if the score bracket contains a player for whom no opponent can be found
        # within this score bracket without violating B1 (or B2, except when pairing top
        # scorers) then ... if this score bracket is the lowest one apply C13" (reading
        # lowest-c1=at-once; when-unpaired: that player may be the one left for the bye)
        self.c1_lonely = None
        c12_low = self.readings.value("lowest-c12") == "c12-first"
        if lowest and may_backtrack and not joined and c12_low:
            # reading lowest-c12=c12-first: C.1's bullets in their order, "if this player was
            # moved down from a higher score bracket apply C12" before "if this score
            # bracket is the lowest one apply C13", in the lowest bracket too
            for n in mdps:
                if not any(self.may_meet(n, o, not top) for o in players if o != n) and \
                        ("C.1", n) not in skip:
                    raise Backtrack(len(players) // 2, ("C.1", n))
        if lowest and penultimate and self.readings.value("lowest-c1") == "at-once":
            for n in players:
                if not any(self.may_meet(n, o, not top) for o in players if o != n):
                    self.c1_lonely = n
                    return None
        if not lowest:
            for n in list(players):
                if not any(self.may_meet(n, o, not top) for o in players if o != n):
                    if n in mdps and may_backtrack and ("C.1", n) not in skip:
                        raise Backtrack(len(players) // 2, ("C.1", n))
                    down.append(n)
            players = [n for n in players if n not in down]
            mdps = [n for n in mdps if n not in down]
        # D.4 ("after repeated applications of rule C13 ... the lowest score bracket"):
        # reading d4-scope
        scope = self.readings.value("d4-scope")
        self.d4 = lowest and ((scope == "joined" and joined) or (
            scope == "several-scores" and len({self.st[q].score for q in players}) > 1))
        self.d4_low = self.st[players[-1]].score if players else 0
        n = len(players)
        m0 = len(mdps)
        # C.13's joined bracket: heterogeneous by its words, or by A.3's count
        het = joined and self.readings.value("joined-bracket") == "heterogeneous"
        homogeneous = m0 == 0 or (2 * m0 >= n and not het)
        p0 = n // 2
        p1, m1 = p0, (0 if homogeneous else m0)
        x1, z1 = self.x1_z1(players, p0)
        reached = [False]
        while True:
            if p1 < 0 or (p1 == 0 and no_zero):
                return None
            if p1 == 0 and not lowest:
                moved = sorted(down + players, key=self.key)
                if cond is not None and not cond(moved):
                    return None
                return [], moved
            moves = n - 2 * p1 > 0 and (
                not lowest or self.readings.value("bye-downfloat") == "downfloat")
            reqs = list(self.requirements(p1, x1, z1, not homogeneous, moves, top))
            for i, req in enumerate(reqs):
                self.cond = cond
                if homogeneous:
                    got = self.homogeneous(players, p1, req, req["X"], req["Z"], down, lowest)
                else:
                    got = self.heterogeneous(players, mdps, m1, p1, req, down, lowest, reached)
                taken = req
                if got is not None and homogeneous and lowest and self.d4 and \
                        self.readings.value("d4-level") == "b3-first":
                    # reading d4-level=b3-first: B.3 outranks B.4-B.6 (the relative
                    # criteria "are in descending priority"), not B.2 or A.7.d: the least
                    # B3-factor over this level and every later one with B.2 and A.7.d as
                    # here, the earliest level having it
                    # A.7.d's proviso ("as long as this does not result in ... pairs with a
                    # higher score difference"): reading a7d-proviso
                    yields = self.readings.value("a7d-proviso") == "yields"
                    for later in reqs[i + 1:]:
                        if later["B2"] != req["B2"] or (not yields and
                                                        later["A7d"] != req["A7d"]):
                            break
                        other = self.homogeneous(players, p1, later, later["X"], later["Z"],
                                                 down, lowest)
                        if other is not None and self.b3_factor(*other) < self.b3_factor(*got):
                            got, taken = other, later
                if got is not None:
                    # C.10's last sentence: the dropped criteria for the fewest pairs
                    lv = taken
                    if homogeneous:
                        def every(lv=lv):
                            cands = self.homogeneous_all(players, p1, lv, lv["X"], lv["Z"],
                                                         down, lowest)
                            if not (lowest and self.d4):
                                return cands
                            cands = list(cands)
                            least = min(self.b3_factor(*c) for c in cands)
                            return [c for c in cands if self.b3_factor(*c) == least]

                        caps = self.fewest(lv, False, moves, top, every)
                        if caps is not None:
                            got = self.homogeneous(players, p1, lv, lv["X"], lv["Z"], down,
                                                   lowest, caps=caps)
                    else:
                        def every(lv=lv):
                            return self.heterogeneous(players, mdps, m1, p1, lv, down, lowest,
                                                      reached, every=True)

                        caps = self.fewest(lv, True, moves, top, every)
                        if caps is not None:
                            got = self.heterogeneous(players, mdps, m1, p1, lv, down, lowest,
                                                     reached, caps=caps)
                    return got[0], sorted(down + got[1], key=self.key)
            # C.12 after C.10, when there are moved-down players (the lowest bracket too by
            # reading lowest-c12: C.10, C.12, C.13 in the text's order; not one C.13 joined)
            if mdps and may_backtrack and (not lowest or (c12_low and not joined)) and \
                    ("C.10", p1) not in skip and \
                    self.readings.value("backtrack-after-c10") == "yes":
                raise Backtrack(p1, ("C.10", p1))
            if lowest and homogeneous:
                return None  # C.13: no fewer pairs will do in the lowest bracket
            if homogeneous or (reached[0] and not lowest and p1 > m1):
                p1 -= 1
                x1 = max(0, x1 - 1)
                z1 = max(0, z1 - 1) if z1 is not None else None
            elif m1 > 1:
                m1 -= 1
            else:
                m1, homogeneous, p1 = 0, True, p0
                x1, z1 = self.x1_z1(players, p0)

    def scores(self, players):
        return sorted(self.st[n].score for n in players)

    def round(self):
        rest = sorted((p.number for p in self.st.players if p.present), key=self.key)
        if not self.completable(rest):
            return None
        groups = []  # [mdps-from-merge, residents]
        while rest:
            top = self.st[rest[0]].score
            groups.append([[], [n for n in rest if self.st[n].score == top]])
            rest = [n for n in rest if self.st[n].score != top]
        carried = {0: []}
        result = {}
        skips: dict[int, set] = {}
        sent: dict[int, set] = {}
        i = 0
        steps = 0
        while i < len(groups):
            steps += 1
            if steps > 10000:
                raise Stop
            lowest = i == len(groups) - 1
            merged, residents = groups[i]
            mdps = sorted(carried[i] + merged, key=self.key)
            sent.setdefault(i, set()).add(frozenset(carried[i]))
            try:
                got = self.bracket(mdps, residents, lowest, skip=frozenset(skips.get(i, ())),
                                   joined=bool(merged), penultimate=i > 0)
            except Backtrack as bt:
                skips.setdefault(i, set()).add(bt.trigger)
                j = i - 1
                if j < 0:
                    continue
                old = carried[i]
                tried = sent[i]
                theirs = groups[i][1]
                me_merged = groups[i][0]

                def c12(moved, old=old, tried=tried, theirs=theirs, me_merged=me_merged,
                        p1=bt.p1):
                    if len(moved) != len(old) or self.scores(moved) != self.scores(old):
                        return False
                    if frozenset(moved) in tried:
                        return False
                    players = list(moved) + me_merged + theirs
                    return self.allows(players, p1, self.is_top(players))

                pm, pr = groups[j]
                again = self.bracket(sorted(carried[j] + pm, key=self.key), pr,
                                     False, cond=c12, may_backtrack=False)
                self.attempts.append(("C.12", bt.trigger, again is not None))
                self.log.append(("C.12", bt.trigger, again is not None))
                if again is not None:
                    self.changed.append(("C.12", bt.trigger))
                    result[j] = again[0]
                    carried[i] = again[1]
                continue
            if got is None:
                # C.13 (the lowest bracket)
                j = i - 1
                if j < 0:
                    return None
                self.c13_from.append(self.c1_lonely)
                low_joined, low_residents = groups[i]

                def c13(moved, low_joined=low_joined, low_residents=low_residents):
                    # "which will allow a pairing in the lowest score bracket": pair it
                    saved = self.cond
                    try:
                        # paired while backtracking: no C.12 of its own (C.12's last line)
                        return self.bracket(sorted(list(moved) + low_joined, key=self.key),
                                            low_residents, True, joined=bool(low_joined),
                                            penultimate=True, may_backtrack=False) is not None
                    finally:
                        self.cond = saved

                pm, pr = groups[j]
                # "If in the penultimate score bracket P becomes zero (i.e. no pairing can be
                # found which will allow a correct pairing for the lowest score bracket) then
                # the two lowest score brackets are joined": reading c13-p-zero, join (P zero
                # is no such pairing) or counts (the bracket moved down whole is tried too)
                zero = self.readings.value("c13-p-zero") == "counts"
                again = self.bracket(sorted(carried[j] + pm, key=self.key), pr, False,
                                     cond=c13, no_zero=not zero, may_backtrack=False)
                self.attempts.append(("C.13", i, again is not None))
                self.log.append(("C.13", again is not None))
                if again is not None:
                    self.changed.append(("C.13", i))
                    result[j] = again[0]
                    carried[i] = again[1]
                    continue
                # join the two lowest brackets: the penultimate's players as S1
                self.changed.append(("C.13-merge", j))
                self.log.append(("C.13-join",))
                groups[j] = [sorted(pm + pr, key=self.key),
                             sorted(groups[i][0] + groups[i][1], key=self.key)]
                del groups[i]
                result.pop(i, None)
                skips.pop(j, None)
                i = j
                continue
            result[i] = got[0]
            carried[i + 1] = got[1]
            i += 1
        pairs = [p for k in sorted(result) for p in result[k]]
        bye = carried.get(len(groups), [])
        return {frozenset(p) for p in pairs}, (bye[0] if bye else None)


def literal_backtracking_round(t, round_no=None, readings=None):
    """(result, changed): the round paired with the text's C.12/C.13, and what changed."""
    lit = LiteralBacktracking(t, round_no, readings)
    got = lit.round()
    return got, lit.changed


def literal_round(t, round_no=None, readings=None):
    """(set of unordered pairs, bye) by the text, or None when no complete pairing exists."""
    return LiteralBacktracking(t, round_no, readings).round()
