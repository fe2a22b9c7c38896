"""A deliberately naive, exponential, LITERAL pairing of one Dubov 2025 round.

This is the test oracle for :mod:`dubov_explain.rulebooks.dubov2025.engine`.  It was written from
``shared/rules/dubov-2025.txt`` (and ``shared/reference/swiss-general-rules.md`` section 4)
without reading the engine.  It walks every article in the order the text gives and
enumerates every set / permutation in the order Article 4 defines, checking each candidate
by brute force.  Only for small rounds (<= 12 players to pair): the searches are exponential.

Shared facts are taken from :mod:`dubov_explain.rulebooks.dubov2025.standings` (scores, colour
preferences and their strength, ARO, upfloats, [C2] bye eligibility, ``met``, ``forbidden``)
and colours from :func:`dubov_explain.rulebooks.dubov2025.colours.allocate` (Article 5).  The Article 4
orders are re-implemented here (containers, middle-out) rather than imported, so that they
are checked independently; the middle-out order was checked against the example of 4.3.3.

Every interpretation the text leaves open is decided in a comment marked ``DECISION`` that
cites the article.  Named readings (:mod:`dubov_explain.rulebooks.dubov2025.readings`) are honoured where
they apply: ``bye-games-played`` (2.1.4), ``container-order`` (4.2.3.2), ``c9-measure``
([C9]), ``unavoidable-pairs`` (2.2.4.1); the others act through ``compute_standings`` and
``allocate``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from dubov_explain.rulebooks.dubov2025.colours import allocate
from dubov_explain.rulebooks.dubov2025.readings import DEFAULT, Readings
from dubov_explain.tournament.model import Colour, Tournament
from dubov_explain.rulebooks.dubov2025.standings import Strength, compute_standings


class NoPairing(Exception):
    """1.8.3: the round-pairing cannot be completed (the arbiter shall decide)."""


def middle_out(sorted_list):
    """4.3.3: #1 to the (remaining) middle; of two middles, the one higher in the list."""
    remaining = list(sorted_list)
    out = []
    while remaining:
        out.append(remaining.pop((len(remaining) - 1) // 2))
    return out


def pair_literal(t: Tournament, readings: Readings = DEFAULT, stats=None, edition: int = 2025):
    """Pair the next round of ``t`` literally. Returns ``(boards, bye)``.

    ``edition=2026`` reads the upfloater sets as the Dubov 2026 text words them (the only
    place where its words prescribe otherwise: 4.2.3 and 4.1.3, see below); the rest of
    the 2026 text is the 2025 text renumbered, read here in the 2025 numbers.

    ``boards`` is a frozenset of (white, black); ``bye`` the player number or None.
    Raises :class:`NoPairing` when no complete round-pairing exists (1.8.3).
    ``stats``, if given (a ``collections.Counter``), counts which decisions were exercised,
    so the tests can show that the random histories reach every step.
    """
    if stats is None:
        from collections import Counter

        stats = Counter()
    st = compute_standings(t, readings=readings)
    to_pair = st.to_pair()
    if len(to_pair) > 12:
        raise ValueError("the literal oracle is for at most 12 players to pair")
    P = {p.number: p for p in to_pair}
    last = st.last_round
    initial_colour = t.initial_colour or Colour.WHITE

    # ------------------------------------------------------------------ legality
    # DECISION (2.2.1 Note, 3.1): a pair is *legal* when it respects [C1] (the two have not
    # played each other over the board: ``standings.met`` only holds played games, GHR 3.5:
    # a forfeited pairing may be repeated), [C3] (not both with an ABSOLUTE preference for
    # the same colour, 1.5.2.1) and the tournament's forbidden pairs (XXP).  [C2] concerns
    # only the bye.  [C4] is a property of a whole set of players (everyone paired), checked
    # by ``complete`` below.
    def legal(a: int, b: int) -> bool:
        if a == b:
            return False
        key = frozenset((a, b))
        if key in st.met or key in st.forbidden:
            return False
        pa, pb = P[a], P[b]
        if (
            pa.strength is Strength.ABSOLUTE
            and pb.strength is Strength.ABSOLUTE
            and pa.preference is pb.preference
        ):
            return False
        return True

    # DECISION ([C7], 3.3.3): the number of players who do not get their colour preference
    # is counted on the colours Article 5 would actually give.  For one pair this is 0 when
    # the preferences differ (5.2.2 grants both) and 1 when they are equal (only one can
    # have it; this includes two players who have yet to play, both with the mild Black
    # preference of 1.5.2.4, coloured by 5.2.1).  Computed literally with ``allocate``.
    @lru_cache(maxsize=None)
    def c7_pair(a: int, b: int) -> int:
        white, black, _, _ = allocate(P[a], P[b], initial_colour, readings)
        return int(P[white].preference is not Colour.WHITE) + int(
            P[black].preference is not Colour.BLACK
        )

    def perfect_matchings(ids: tuple[int, ...]):
        """Every legal perfect matching of ``ids`` (all paired: [C4] inside the set)."""
        if not ids:
            yield ()
            return
        a = ids[0]
        for j in range(1, len(ids)):
            b = ids[j]
            if legal(a, b):
                rest = ids[1:j] + ids[j + 1 :]
                for m in perfect_matchings(rest):
                    yield ((a, b),) + m

    @lru_cache(maxsize=None)
    def complete(ids: frozenset) -> bool:
        """True when every player of ``ids`` can be paired legally (1.8.1, [C4])."""
        return next(perfect_matchings(tuple(sorted(ids))), None) is not None

    @lru_cache(maxsize=None)
    def best_c7(ids: frozenset):
        """[C7] of the best legal pairing of ``ids`` (min over ALL its legal pairings)."""
        best = None
        for m in perfect_matchings(tuple(sorted(ids))):
            c = sum(c7_pair(a, b) for a, b in m)
            if best is None or c < best:
                best = c
        return best

    # ------------------------------------------------------------------ 2.1 the bye
    everybody = frozenset(P)
    bye = None
    if len(everybody) % 2 == 1:
        # 2.1.1 [C2] eligibility (standings.bye_eligible honours reading bye-eligibility);
        # 2.1.2 the remaining players can all be paired ([C4] with [C1], [C3], 1.8.1).
        # DECISION (2.1.2): "allows a complete pairing of all the remaining players" means a
        # legal pairing of all the others exists; the bracket procedure that follows always
        # finds one then, because every bracket chooses its upfloaters by [C4].
        candidates = [
            p for p in to_pair if p.bye_eligible and complete(everybody - {p.number})
        ]
        if not candidates:
            raise NoPairing("no player can receive the pairing-allocated bye (2.1.1-2.1.2)")
        by_paired = readings.value("bye-games-played") == "paired"

        def games(p):
            return p.games_paired if by_paired else p.games_played

        # DECISION (2.1.3 with acceleration, reading acceleration-bye): the standings hold
        # the score 2.1.3 reads (the real score under "real"), else it is the score.
        def low(p):
            return p.score if p.bye_score is None else p.bye_score

        # 2.1.3 lowest score, 2.1.4 most games played, 2.1.5 lowest in the initial ranking
        keyed = sorted(candidates, key=lambda p: (low(p), -games(p), -p.initial_rank))
        bye = keyed[0].number
        if len(keyed) > 1:
            a, b = keyed[0], keyed[1]
            stats["bye decided by " + (
                "2.1.3" if low(a) != low(b) else "2.1.4" if games(a) != games(b) else "2.1.5"
            )] += 1
        if len(candidates) < sum(1 for p in to_pair if p.bye_eligible):
            stats["bye: 2.1.2 excluded someone"] += 1
    elif not complete(everybody):
        raise NoPairing("the players to pair cannot all be paired (1.8.1)")

    remaining = set(everybody) - ({bye} if bye is not None else set())
    real_upfloaters = readings.value("acceleration-upfloaters") == "real"
    boards: set[tuple[int, int]] = set()

    # ------------------------------------------------------------------ 2.2 brackets
    # 1.8.2: scoregroups in descending order of score.  The (remaining) residents of a
    # scoregroup are its players not already taken as upfloaters by a higher bracket.
    while remaining:
        top = max(P[x].score for x in remaining)
        residents = sorted(
            (x for x in remaining if P[x].score == top), key=lambda x: P[x].initial_rank
        )
        # 4.2.1 the pool: every (remaining) player with a lower score.
        # 4.2.2 sequence numbers: score descending, then initial ranking.
        # DECISION (4.2.2 and [C6] with acceleration, reading acceleration-upfloaters): the
        # score that numbers the pool and forms the containers is the pairing score, or
        # the real score (``points``) under "real"; the pool itself is by pairing score.
        def up(x):
            return P[x].points if real_upfloaters else P[x].score

        pool = sorted(
            (x for x in remaining if P[x].score < top),
            key=lambda x: (-up(x), P[x].initial_rank),
        )
        res_set = frozenset(residents)
        rest_all = frozenset(remaining)

        def set_legal(ups) -> bool:
            # 2.2.1 Note: legal = [C1], [C3] inside the bracket, every bracket player paired,
            # and [C4] (3.2.1): the players left below can still complete the round-pairing.
            bracket = res_set | frozenset(ups)
            return complete(bracket) and complete(rest_all - bracket)

        # 2.2.1 the minimum number of upfloaters, by brute force over sets of growing size.
        k_min = None
        for k in range(len(pool) + 1):
            if (len(residents) + k) % 2:
                continue
            if any(set_legal(u) for u in combinations(pool, k)):
                k_min = k
                break
        if k_min is None:
            raise NoPairing(f"no legal bracket for the scoregroup {top}")

        # 4.2.3 order: every k-set, in lexicographic order of sequence numbers
        # (combinations of the sequence list are generated in that order), then grouped by
        # container with a STABLE sort, so the lexicographic order survives inside each
        # container (4.2.3.3).
        # DECISION (4.2.3.2, reading container-order): "lowest-first" sorts containers by
        # [C6] as 3.3.2 words it -- the higher lowest score first, then the second lowest...
        # -- i.e. by the ascending score tuple, larger first.  "listed" sorts them as the
        # example of 4.2.3.1 lists them: by the descending score tuple, larger first.
        listed = edition == 2025 and readings.value("container-order") == "listed"

        def container_key(ups):
            scores = sorted((up(x) for x in ups), reverse=listed)
            return tuple(-s for s in scores)

        if edition == 2026:
            # Dubov 2026: no containers.  4.2.3: [C5] and [C6] fix "the number of
            # upfloaters and their scores in valid sets"; [C6] (2.3.2) "maximise the scores
            # (taken in ascending order) of the upfloaters", so the key of a set is its
            # ascending score tuple, larger first (container_key without "listed").  4.1.3:
            # "the sets are sorted according to the smallest differing sequence number of
            # their members" -- read word by word, not as a lexicographic order.
            number = {x: i for i, x in enumerate(pool, 1)}

            def smallest_differing(a, b):
                differ = {number[x] for x in a} ^ {number[x] for x in b}
                if not differ:
                    return 0
                return -1 if min(differ) in {number[x] for x in a} else 1

            from functools import cmp_to_key

            ordered = sorted(sorted(combinations(pool, k_min), key=cmp_to_key(smallest_differing)),
                             key=container_key)
        else:
            ordered = sorted(combinations(pool, k_min), key=container_key)

        c9_max = readings.value("c9-measure") == "max"

        def quality(ups):
            # 2.2.2 Note: the bracket (residents + upfloaters) is compared on [C5]..[C10].
            # [C5] is the same for every candidate (k_min).
            # DECISION ([C6] with 4.2.3.2): the [C6] measure of a set is the rank of its
            # container in the container order in force, so that the reading
            # container-order decides [C6] too (under the default reading this is exactly
            # "maximise the lowest score, then the second lowest, ...").
            c6 = container_key(ups)
            # [C7]: players not getting their preference in the BEST legal pairing of the
            # bracket (the bracket is "paired better" if its best pairing is better).
            c7 = best_c7(res_set | frozenset(ups))
            if last:
                # [C8]-[C10] do not apply in the last round.
                return (c6, c7, 0, 0, 0)
            maxups = [P[x] for x in ups if P[x].max_upfloater]
            c8 = len(maxups)
            # [C9] reading c9-measure: sum (default) or max of the upfloats of the maximum
            # upfloaters of the set.
            if not maxups:
                c9 = 0
            elif c9_max:
                c9 = max(p.upfloats for p in maxups)
            else:
                c9 = sum(p.upfloats for p in maxups)
            # [C10]: upfloaters who upfloated in the previous round (standings honours the
            # reading upfloat-previous-round).
            c10 = sum(1 for x in ups if P[x].upfloated_previous)
            return (c6, c7, c8, c9, c10)

        # 2.2.2: the FIRST set (4.2 order) whose bracket complies at best with the criteria.
        chosen, chosen_q = None, None
        for ups in ordered:
            if not set_legal(ups):
                continue
            q = quality(ups)
            if chosen_q is None or q < chosen_q:
                chosen, chosen_q = ups, q
        bracket = list(residents) + list(chosen)
        if k_min:
            stats["upfloaters > 0"] += 1
            legal_sets = [u for u in ordered if set_legal(u)]
            first = legal_sets[0]
            if chosen != first:
                qf = quality(first)
                crit = next(i for i in range(5) if qf[i] != chosen_q[i])
                stats[f"upfloaters: not first legal set, decided by C{crit + 6}"] += 1
            if ordered[0] != first:
                stats["upfloaters: first set in order illegal"] += 1
            if len({container_key(u) for u in ordered}) > 1:
                stats["upfloaters: several containers"] += 1

        for w, b in _pair_bracket(bracket, P, legal, c7_pair, readings, initial_colour, stats):
            boards.add((w, b))
        remaining -= set(bracket)

    return frozenset(boards), bye


def _pair_bracket(bracket, P, legal, c7_pair, readings, initial_colour, stats):
    """2.2.3-2.2.6 and Article 5 for one bracket (an even number of players)."""
    n = len(bracket)
    by_rank = sorted(bracket, key=lambda x: P[x].initial_rank)

    # 2.2.3 G1 / G2.
    # DECISION (2.2.3.1): "have yet to play a game" = no game played over the board
    # (games_played == 0; forfeits and byes are not games, GHR 3.4-3.5).  If the bracket is
    # all such players, G1 is the first half by initial ranking; otherwise G1 holds the
    # players whose colour preference is White (of any strength) and G2 everybody else.
    first_round_mode = all(not P[x].has_played for x in bracket)
    stats["bracket"] += 1
    if first_round_mode:
        stats["bracket: all yet to play (2.2.3)"] += 1
    if first_round_mode:
        g1, g2 = by_rank[: n // 2], by_rank[n // 2 :]
    else:
        g1 = [x for x in bracket if P[x].preference is Colour.WHITE]
        g2 = [x for x in bracket if P[x].preference is not Colour.WHITE]

    # 4.3 the shifter pools.
    # DECISION (4.3, 4.3.1): players are shifted from a subgroup "to the subgroup of players
    # initially seeking the other colour", so the pool of a subgroup is made of its players
    # who seek that subgroup's colour: White shifters (preference White) when shifting out
    # of G1, Black shifters (preference Black) when shifting out of G2.  A player shifted in
    # step 1 is therefore never shifted back in step 2 (that would undo a shift 2.2.4.1 says
    # "must" happen).
    # DECISION (4.3 in the all-yet-to-play bracket of 2.2.3.1): every player there seeks
    # Black (1.5.2.4), so 4.3.1 taken to the letter would leave G1 without any (White)
    # shifter.  The text does not cover this case; the pool is then the players 2.2.3 put
    # in the source subgroup (its initial members), which is what the rule above amounts
    # to in the colour case: again a step-1 shifter is not a step-2 candidate.  (A first
    # version took every current member of G2 and so gave the step-1 shifter a sequence
    # number in step 2; seed 521 of the normal profile showed the difference.)  All of
    # them have ARO 0 (1.6.3), so both sortings of 4.3.2 reduce to the initial ranking.
    # 4.3.2: White seekers by ascending ARO, ties highest initial ranking first; Black
    # seekers by initial ranking.  4.3.3: middle-out sequence numbers.  4.1.3: sets in
    # lexicographic order of those numbers (= itertools.combinations of the middle-out list).
    initial_g1 = frozenset(g1)

    def pool_of(group, seeks: Colour):
        if first_round_mode:
            members = [x for x in group if (x in initial_g1) == (seeks is Colour.WHITE)]
        else:
            members = [x for x in group if P[x].preference is seeks]
        if seeks is Colour.WHITE and not first_round_mode:
            members.sort(key=lambda x: (P[x].aro, P[x].initial_rank))
        else:
            members.sort(key=lambda x: P[x].initial_rank)
        return middle_out(members)

    def best_bipartite(a_side, b_side):
        """Min [C7] over legal pairings with every pair across the two sides, or None."""
        if len(a_side) != len(b_side):
            return None
        best = None
        for perm in permutations(b_side):
            if all(legal(x, y) for x, y in zip(a_side, perm)):
                c = sum(c7_pair(x, y) for x, y in zip(a_side, perm))
                if best is None or c < best:
                    best = c
        return best

    def step2_options(g1_, g2_):
        """2.2.4.2: ((set, new G1, new G2, best C7) ...) for every equalising set, in 4.3 order."""
        if len(g1_) == len(g2_):
            return [((), g1_, g2_, best_bipartite(g1_, g2_))]
        if len(g1_) > len(g2_):
            source, seeks = g1_, Colour.WHITE
        else:
            source, seeks = g2_, Colour.BLACK
        need = abs(len(g1_) - len(g2_)) // 2
        out = []
        for s in combinations(pool_of(source, seeks), need):
            moved = set(s)
            if source is g1_:
                n1 = [x for x in g1_ if x not in moved]
                n2 = list(g2_) + list(s)
            else:
                n1 = list(g1_) + list(s)
                n2 = [x for x in g2_ if x not in moved]
            out.append((s, n1, n2, best_bipartite(n1, n2)))
        return out

    def first_best(options):
        """Note under 2.2.4: the FIRST set that can yield a legal pairing with the best [C7]."""
        best = None
        for opt in options:
            c = opt[-1]
            if c is None:
                continue
            if best is None or c < best[-1]:
                best = opt
        return best

    # 2.2.4.1 step 1: the smaller subgroup (G1 if the sizes are equal).
    if len(g1) <= len(g2):
        small, small_is_g1 = g1, True
    else:
        small, small_is_g1 = g2, False
    small_set = frozenset(small)

    # DECISION (2.2.4.1, reading unavoidable-pairs): the number of players of the smaller
    # subgroup that "must unavoidably be paired together" is, by default ("minimum"), the
    # least number of pairs inside the smaller subgroup over ALL legal pairings of the
    # bracket ([C1], [C3], everybody paired).  Under "isolated": the players of the smaller
    # subgroup without any legal opponent in the other subgroup, halved and rounded up;
    # when no shift of that size can yield a legal pairing, the minimum is used.
    def min_inside_pairs():
        best = None
        for m in _all_matchings(tuple(sorted(bracket)), legal):
            c = sum(1 for a, b in m if a in small_set and b in small_set)
            if best is None or c < best:
                best = c
        return best

    other = g2 if small_is_g1 else g1

    def step1(count):
        if count == 0:
            return [((), g1, g2, first_best(step2_options(g1, g2)))]
        seeks = Colour.WHITE if small_is_g1 else Colour.BLACK
        out = []
        for s in combinations(pool_of(small, seeks), count):
            moved = set(s)
            if small_is_g1:
                n1 = [x for x in g1 if x not in moved]
                n2 = list(g2) + list(s)
            else:
                n1 = list(g1) + list(s)
                n2 = [x for x in g2 if x not in moved]
            # "can yield a legal pairing" after step 1 = some equalising set of step 2
            # then admits a legal S1/T2 pairing; its [C7] is the best such one.
            out.append((s, n1, n2, first_best(step2_options(n1, n2))))
        return out

    def with_c7(options):
        return [o[:3] + (o[3][-1] if o[3] is not None else None,) for o in options]

    if readings.value("unavoidable-pairs") == "isolated":
        isolated = [x for x in small if not any(legal(x, y) for y in other)]
        count = (len(isolated) + 1) // 2
        pick = first_best(with_c7(step1(count)))
        if pick is None:
            count = min_inside_pairs()
            pick = first_best(with_c7(step1(count)))
    else:
        count = min_inside_pairs()
        pick = first_best(with_c7(step1(count)))
    if pick is None:
        raise NoPairing("no G1/G2 re-composition yields a legal pairing (2.2.4)")
    if count:
        stats["2.2.4.1 shift"] += 1
        seeks = Colour.WHITE if small_is_g1 else Colour.BLACK
        if tuple(pick[0]) != tuple(pool_of(small, seeks)[:count]):
            stats["2.2.4.1 shift: not the first set"] += 1
    g1, g2 = pick[1], pick[2]

    # 2.2.4.2 step 2: equalise, the first best set from the larger subgroup.
    pick2 = first_best(step2_options(g1, g2))
    if pick2 is None:
        raise NoPairing("no equalising shift yields a legal pairing (2.2.4.2)")
    if pick2[0]:
        stats["2.2.4.2 shift"] += 1
        if pick2[0] != step2_options(g1, g2)[0][0]:
            stats["2.2.4.2 shift: not the first set"] += 1
    g1, g2 = pick2[1], pick2[2]

    # 2.2.5 S1: G1 by ascending ARO, ties by initial ranking (highest first).
    s1 = sorted(g1, key=lambda x: (P[x].aro, P[x].initial_rank))
    # 2.2.6 / 4.4: transpositions of G2 sorted by initial ranking, in lexicographic order;
    # the first that yields a legal pairing ([C1], [C3]; everybody paired).
    g2_sorted = sorted(g2, key=lambda x: P[x].initial_rank)
    for i, t2 in enumerate(permutations(g2_sorted)):
        if all(legal(a, b) for a, b in zip(s1, t2)):
            if i:
                stats["2.2.6: not the first transposition"] += 1
            break
    else:
        raise NoPairing("no transposition of G2 yields a legal pairing (2.2.6)")
    # Article 5.
    out = []
    for a, b in zip(s1, t2):
        w, bl, _, _ = allocate(P[a], P[b], initial_colour, readings)
        out.append((w, bl))
    return out


def _all_matchings(ids, legal):
    if not ids:
        yield ()
        return
    a = ids[0]
    for j in range(1, len(ids)):
        b = ids[j]
        if legal(a, b):
            for m in _all_matchings(ids[1:j] + ids[j + 1 :], legal):
                yield ((a, b),) + m
