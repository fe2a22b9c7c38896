"""Independent self-checks for generated tournaments and for single round-pairings (tests).

Only the tests use them, so they live here, apart from the rulebook on purpose: an
independent checker restates the absolute rules to catch the engine's mistakes.

Each function returns a list of problems (empty = fine) instead of raising, so a test can
show every problem of a round at once.  The absolute criteria are re-derived from the
round entries here, independently of :mod:`~dubov_explain.rulebooks.dubov2025.standings`, except
[C3], which reads the colour preferences of
:func:`~dubov_explain.rulebooks.dubov2025.standings.compute_standings` (1.5.2 with the reading in
force) and is additionally backed by the Basic Rules 6/7 check on colour histories.
"""

from __future__ import annotations

from fractions import Fraction

from dubov_explain.rulebooks.dubov2025.readings import DEFAULT, Readings
from dubov_explain.rulebooks.dubov2025.events import ByeAssigned, ColourAllocated, Impossible, PairingPublished, Trace
from dubov_explain.tournament.model import COMPLEMENT, Colour, Tournament
from dubov_explain.rulebooks.dubov2025.standings import Strength, compute_standings

__all__ = [
    "absent_in",
    "complete_pairing_exists",
    "pairing_problems",
    "trace_pairing",
    "tournament_problems",
]


def absent_in(t: Tournament, r: int) -> set[int]:
    """Players not to be paired in round r: a pre-entered block, XXZ, or a 240 record."""
    out = {p.number for p in t.players if (e := p.entry(r)) is not None and e.opponent is None
           and e.code in "HZF"}
    out |= set(t.absent)
    out |= set(getattr(t, "round_absences", {}).get(r, ()))
    return out


def trace_pairing(trace: Trace) -> tuple[set[tuple[int, int]], int | None, int]:
    """The pairing as the trace's decisions give it: (boards from ``colour-allocated``
    events, the ``bye-assigned`` player, number of ``colour-allocated`` events)."""
    allocated = trace.of(ColourAllocated)
    byes = trace.of(ByeAssigned)
    bye = byes[-1].player if byes else None
    return {(e.white, e.black) for e in allocated}, bye, len(allocated)


def pairing_problems(
    request: Tournament, r: int, trace: Trace, readings: Readings = DEFAULT
) -> list[str]:
    """What is wrong with the published pairing of round r for ``request``."""
    res = trace.result
    if isinstance(res, Impossible):
        return []
    assert isinstance(res, PairingPublished)
    probs: list[str] = []
    numbers = {p.number for p in request.players}
    to_pair = numbers - absent_in(request, r)
    boards = [tuple(b) for b in res.boards]
    seen: list[int] = [n for b in boards for n in b]
    if res.bye is not None:
        seen.append(res.bye)
    if len(seen) != len(set(seen)):
        dup = sorted({n for n in seen if seen.count(n) > 1})
        probs.append(f"round {r}: players paired more than once: {dup}")
    if set(seen) != to_pair:
        probs.append(
            f"round {r}: paired {sorted(set(seen))} but to pair {sorted(to_pair)} "
            f"(missing {sorted(to_pair - set(seen))}, extra {sorted(set(seen) - to_pair)})"
        )
    if (res.bye is not None) != (len(to_pair) % 2 == 1):
        probs.append(f"round {r}: bye {res.bye} with {len(to_pair)} players to pair")
    for w, b in boards:
        if w == b:
            probs.append(f"round {r}: {w} paired with himself")

    # [C1]: no two players meet twice (played games only; forfeits are no meeting)
    met: dict[frozenset[int], int] = {}
    for p in request.players:
        for k in range(1, r):
            e = p.entry(k)
            if e is not None and e.played:
                met.setdefault(frozenset((p.number, e.opponent)), k)
    for w, b in boards:
        k = met.get(frozenset((w, b)))
        if k is not None:
            probs.append(f"round {r}: [C1] {w}-{b} already played in round {k}")

    # [C2]: no PAB to a player who had one, or scored a win's points without playing
    # (reading bye-eligibility=article-2.1.1: a previous PAB or forfeit win only)
    if res.bye is not None:
        p = request.player(res.bye)
        win = request.scoring.win
        by_points = readings.value("bye-eligibility") == "basic-rule-4"
        for k in range(1, r):
            e = p.entry(k)
            if e is None or e.played:
                continue
            if e.is_pab or e.code == "+" or (by_points and request.scoring.points(e) >= win):
                probs.append(
                    f"round {r}: [C2] bye to {res.bye}, who scored a win's points without "
                    f"playing in round {k} ({e.code})"
                )

    # [C3] and Article 5 for absolute preferences
    st = compute_standings(request, r, readings)
    for w, b in boards:
        pw, pb = st[w], st[b]
        if (
            pw.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE
            and pw.preference is pb.preference
        ):
            probs.append(
                f"round {r}: [C3] {w} and {b} both have an absolute preference for "
                f"{pw.preference.word}"
            )
        for n, got in ((w, Colour.WHITE), (b, Colour.BLACK)):
            ps = st[n]
            if ps.strength is Strength.ABSOLUTE and ps.preference is not got:
                probs.append(
                    f"round {r}: {n} has an absolute preference for {ps.preference.word} but "
                    f"gets {got.word}"
                )

    # the trace alone reproduces the pairing
    pairs, bye, count = trace_pairing(trace)
    if pairs != set(boards) or count != len(boards) or bye != res.bye:
        probs.append(
            f"round {r}: the trace's colour-allocated/bye-assigned events give "
            f"{sorted(pairs)} bye {bye}, the published pairing is {sorted(boards)} bye {res.bye}"
        )
    return probs


def tournament_problems(t: Tournament) -> list[str]:
    """Consistency of a whole generated tournament: points, mirrored games, one PAB per
    round, no rematch, and Basic Rules 6/7 on every colour history."""
    probs: list[str] = []
    by = t.by_number
    pabs: dict[int, list[int]] = {}
    met: dict[frozenset[int], int] = {}
    for p in t.players:
        pts = sum((t.scoring.points(e) for e in p.entries), Fraction(0))
        if pts != p.points:
            probs.append(f"{p.number}: points {p.points} but the entries add up to {pts}")
        for k, e in enumerate(p.entries, start=1):
            if e.opponent is None:
                if e.colour is not None or e.code not in "HZFU":
                    probs.append(f"{p.number}: round {k} bye block {e}")
                if e.code == "U":
                    pabs.setdefault(k, []).append(p.number)
                continue
            o = by.get(e.opponent)
            oe = o.entry(k) if o else None
            if oe is None or oe.opponent != p.number:
                probs.append(f"{p.number}: round {k} opponent {e.opponent} does not name him back")
                continue
            if e.colour is None or oe.colour is not e.colour.opposite:
                probs.append(f"{p.number}: round {k} colours {e.colour}/{oe.colour}")
            double_forfeit = e.code == "-" and oe.code == "-"
            if not double_forfeit and COMPLEMENT.get(e.code) != oe.code:
                probs.append(f"{p.number}: round {k} results {e.code}/{oe.code}")
            if e.played and p.number < e.opponent:
                key = frozenset((p.number, e.opponent))
                if key in met:
                    probs.append(
                        f"[C1] {p.number}-{e.opponent} played in rounds {met[key]} and {k}"
                    )
                met[key] = k
        colours = [e.colour for e in p.entries if e.played]
        diff = 0
        for i, c in enumerate(colours):
            diff += 1 if c is Colour.WHITE else -1
            if abs(diff) > 2:
                probs.append(f"{p.number}: colour difference {diff:+d} after game {i + 1} (BR 6)")
            if i >= 2 and colours[i] is colours[i - 1] is colours[i - 2]:
                probs.append(f"{p.number}: three {c.word} in a row up to game {i + 1} (BR 7)")
    for k, who in pabs.items():
        if len(who) > 1:
            probs.append(f"round {k}: several pairing-allocated byes {who}")
    return probs


def complete_pairing_exists(
    request: Tournament, r: int, readings: Readings = DEFAULT
) -> bool:
    """1.8.1, decided independently of the engine's matching code (networkx): is there a
    pairing of every player to be paired, except at most one who gets the bye, that keeps
    [C1], [C2] and [C3] (and the forbidden pairs)?  Used to confirm an ``Impossible``."""
    st = compute_standings(request, r, readings)
    players = sorted({p.number for p in request.players} - absent_in(request, r))
    forbidden = st.forbidden

    def ok(u: int, v: int) -> bool:
        key = frozenset((u, v))
        if key in st.met or key in forbidden:
            return False
        a, b = st[u], st[v]
        return not (
            a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
            and a.preference is b.preference
        )

    def perfect(group: list[int]) -> bool:
        return len(group) % 2 == 0 and perfect_matching_exists(group, ok)

    if len(players) % 2 == 0:
        return perfect(players)
    by_points = readings.value("bye-eligibility") == "basic-rule-4"
    win = request.scoring.win
    by = request.by_number
    for n in players:
        p = by[n]
        barred = any(
            e is not None and not e.played and (
                e.is_pab or e.code == "+" or (by_points and request.scoring.points(e) >= win))
            for e in (p.entry(k) for k in range(1, r))
        )
        if not barred and perfect([m for m in players if m != n]):
            return True
    return False


def perfect_matching_exists(group: list[int], ok) -> bool:
    """Whether the players of ``group`` can all be paired by pairs ``ok`` allows (networkx's
    maximum matching: no code of the engine's)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(group)
    g.add_edges_from((u, v) for i, u in enumerate(group) for v in group[i + 1:] if ok(u, v))
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(group)
