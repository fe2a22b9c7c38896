"""Independent checks of a Dubov 1997 round (tests only): the limitations restated from the
round entries, apart from the rulebook's own ``limits`` and ``standings``.

* 2.1: two players who have played each other (a game over the board) are not paired again;
* 2.2: no bye to a player who has received a point without playing (U, +, F: the default
  reading ``bye-bar=full-point``);
* 2.3: Blacks minus Whites stays within -2..2 after the round;
* 2.4: no colour three times in a row (games played);
* everyone to be paired exactly once, one bye exactly when the number is odd.
"""

from __future__ import annotations

from dubov_explain.tournament.model import Colour, Tournament
from dubov_explain.trace.events import Impossible, PairingPublished, Trace

PLAYED = set("1=0WDL")


def to_pair(t: Tournament, r: int) -> set[int]:
    out = set()
    for p in t.players:
        e = p.entry(r)
        if e is not None and e.opponent is None and e.code in "HZF":
            continue
        if p.number in t.absent or p.number in getattr(t, "round_absences", {}).get(r, ()):
            continue
        out.add(p.number)
    return out


def colours_played(t: Tournament, n: int, r: int) -> list[str]:
    p = t.player(n)
    out = []
    for k in range(1, r):
        e = p.entry(k)
        if e is not None and e.opponent is not None and e.code in PLAYED and e.colour is not None:
            out.append("w" if e.colour is Colour.WHITE else "b")
    return out


def met(t: Tournament, r: int) -> set[frozenset[int]]:
    out = set()
    for p in t.players:
        for k in range(1, r):
            e = p.entry(k)
            if e is not None and e.opponent is not None and e.code in PLAYED:
                out.add(frozenset((p.number, e.opponent)))
    return out


def barred(t: Tournament, n: int, r: int) -> bool:
    p = t.player(n)
    return any((e := p.entry(k)) is not None and e.code in ("U", "+", "F") for k in range(1, r))


def colour_ok(history: list[str], c: str) -> bool:
    h = history + [c]
    diff = h.count("w") - h.count("b")
    if abs(diff) > 2:
        return False
    return not (len(h) >= 3 and h[-1] == h[-2] == h[-3])


def pair_ok(t: Tournament, r: int, a: int, b: int, played: set | None = None) -> bool:
    """2.1, XXP, and some colour assignment within 2.3/2.4 for both."""
    played = played if played is not None else met(t, r)
    if frozenset((a, b)) in played:
        return False
    if any(a in g and b in g for g in t.forbidden):
        return False
    ha, hb = colours_played(t, a, r), colours_played(t, b, r)
    return (colour_ok(ha, "w") and colour_ok(hb, "b")) or (colour_ok(ha, "b") and colour_ok(hb, "w"))


def round_problems(t: Tournament, r: int, trace: Trace) -> list[str]:
    res = trace.result
    if isinstance(res, Impossible):
        return []
    assert isinstance(res, PairingPublished)
    probs = []
    players = to_pair(t, r)
    seen: list[int] = [n for b in res.boards for n in b]
    if res.bye is not None:
        seen.append(res.bye)
    if sorted(seen) != sorted(players):
        probs.append(f"round {r}: paired {sorted(seen)} but to pair {sorted(players)}")
    if (res.bye is not None) != (len(players) % 2 == 1):
        probs.append(f"round {r}: bye {res.bye} with {len(players)} players")
    if res.bye is not None and barred(t, res.bye, r):
        probs.append(f"round {r}: bye to {res.bye}, barred by 2.2")
    played = met(t, r)
    for w, b in res.boards:
        if frozenset((w, b)) in played:
            probs.append(f"round {r}: {w}-{b} rematch (2.1)")
        if not colour_ok(colours_played(t, w, r), "w"):
            probs.append(f"round {r}: {w} White breaks 2.3/2.4")
        if not colour_ok(colours_played(t, b, r), "b"):
            probs.append(f"round {r}: {b} Black breaks 2.3/2.4")
    return probs


def complete_pairing_exists(t: Tournament, r: int) -> bool:
    """Some bye (if odd, to an unbarred player) and perfect matching within 2.1-2.4
    (networkx, apart from the engine's matching code)."""
    import networkx as nx

    players = sorted(to_pair(t, r))
    played = met(t, r)
    g = nx.Graph()
    g.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if pair_ok(t, r, a, b, played):
                g.add_edge(a, b)
    need = len(players) // 2
    if len(players) % 2 == 0:
        return len(nx.max_weight_matching(g, maxcardinality=True)) == need
    for bye in players:
        if barred(t, bye, r):
            continue
        h = g.subgraph([n for n in players if n != bye])
        if len(nx.max_weight_matching(h, maxcardinality=True)) == need:
            return True
    return False
