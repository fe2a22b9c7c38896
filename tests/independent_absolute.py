"""An absolute check of a round-pairing under any registered rulebook, independent of
``rulebooks/`` (the fuzzer's "independent absolute checker", issue 28): it reads the
request's round entries itself and restates, from each text, what no pairing may break.

Common to every text (their completeness articles and the Basic Rules):

* every player to be paired appears once, in a game or as the bye; nobody absent (a
  pre-entered ``H``/``Z``/``F`` block, ``XXZ``, a TRF26 ``240`` bye) and nobody unknown
  does; nobody twice; nobody paired with himself;
* a pairing-allocated bye exactly when the number to pair is odd, and one only;
* no two players who played each other (games over the board: a forfeit is no meeting);
* no forbidden pair (``XXP`` / TRF26 ``260`` groups in force for the round).

By text (the default reading where the text is ambiguous; the bar is what a *stricter*
checker would not wrongly blame: each set is the text's own list):

=================  =========================================  ===============================
system             the bye is barred by an earlier ...         colours (absolute)
=================  =========================================  ===============================
dubov-2025/2026    PAB, forfeit win, or a win's points         see ``independent_checks``
                   without playing ([C2], Basic Rules 4)
dubov-1997         point without playing: U, +, F (2.2)        2.3/2.4 (``dubov1997_checks``)
dutch-2012         point or half point by a bye, forfeit win   B.2: no two with the same
                   (B.1.b: U, F, H, +)                         absolute preference meet
dutch-2017         PAB or forfeit win (C.2: U, +)              C.3, non-topscorers
dutch-2026         a win's points without playing (C2: U F +)  C3, non-topscorers
swiss-rating-1992  point without playing by a bye or forfeit   B.2: difference within +-2,
                   (B.1.b: U, F, H, +)                         no colour three times running
=================  =========================================  ===============================

The 1992 text's B.2 (a: no colour difference beyond +-2; b: no colour three times running)
cannot be kept for a player whose history already broke it (``BBBBWW``: White gives three
Whites running, Black a difference of -3; a constructed or converted file, never a 1992
tournament).  Then no pairing keeps B.2 for him, and the text's own A.7.a ambiguity decides
(the reading ``absolute-conflict``, default ``difference``: "the colour difference decides
... B.2.a protects it"): the checker asks B.2.a alone of such a player.

Topscorers (Dutch 2017 A.7, 2026 1.8, 2012 "Definitions: top scorers" and the note to B.2;
the 1992 note to B): over 50% of the maximum possible score when the final round is paired;
there the colour rule (Dutch, 1992) is not checked on a pair with a topscorer (the score read both from the round
entries, from the points field, and with the acceleration: a file where they differ must
not be blamed for the measure the engine did not take).  Colour history: played games only,
in order (a player's absolute preference: difference beyond +-1, or the same colour in the
two latest games played).
"""

from __future__ import annotations

from dubov_explain.tournament.model import Colour, Tournament

__all__ = ["SYSTEMS", "absolute_problems", "complete_pairing_exists"]

#: entry codes that bar the pairing-allocated bye, per text (see the module's table); a
#: function of (tournament, entry) for the texts that count points
_BYE_BAR = {
    "dubov-1997": "U+F",
    "dutch-2012": "UFH+",
    "dutch-2017": "U+",
    "dutch-2026": "UF+",
    "swiss-rating-1992": "UFH+",
}
_WIN_POINTS = ("dubov-2025", "dubov-2026")
_DUTCH = ("dutch-2012", "dutch-2017", "dutch-2026")
SYSTEMS = tuple(sorted((*_BYE_BAR, *_WIN_POINTS)))


def _absent(t: Tournament, r: int) -> set[int]:
    out = {p.number for p in t.players if (e := p.entry(r)) is not None and e.opponent is None
           and e.code in "HZF"}
    out |= set(t.absent)
    out |= set(getattr(t, "round_absences", {}).get(r, ()))
    return out


def _barred(system: str, t: Tournament, n: int, r: int) -> bool:
    p = t.by_number[n]
    for k in range(1, r):
        e = p.entry(k)
        if e is None or e.played:
            continue
        if system in _WIN_POINTS:
            if e.is_pab or e.code == "+" or (e.opponent is None and e.code in "UFH"
                                             and t.scoring.points(e) >= t.scoring.win):
                return True
        elif e.code in _BYE_BAR[system] and (e.code in "U+" or t.scoring.points(e) > 0):
            return True
    return False


def _colours(t: Tournament, n: int, r: int) -> list[Colour]:
    p = t.by_number[n]
    return [e.colour for k in range(1, r) if (e := p.entry(k)) is not None and e.played
            and e.colour is not None]


def _difference(colours: list[Colour]) -> int:
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def _absolute(colours: list[Colour]) -> Colour | None:
    diff = _difference(colours)
    if diff > 1:
        return Colour.BLACK
    if diff < -1:
        return Colour.WHITE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite
    return None


def _within_1992(colours: list[Colour]) -> bool:
    """B.2.a and B.2.b of the 1992 text after a game of these colours."""
    return abs(_difference(colours)) <= 2 and not (len(colours) >= 3 and colours[-1] is colours[-2]
                                   is colours[-3])


def _topscorers(t: Tournament, r: int) -> set[int]:
    """The topscorers when ``r`` is the final round (none before it): over 50% of the
    maximum possible score, by any of the three measures (see the module's docstring)."""
    top: set[int] = set()
    if t.total_rounds is None or r < t.total_rounds:
        return top
    for p in t.players:
        entries = sum((t.scoring.points(e) for k in range(1, r)
                       if (e := p.entry(k)) is not None), 0)
        accelerated = entries + sum(t.acceleration.get(p.number, ())[:r])
        if max(p.points, entries, accelerated) * 2 > t.scoring.win * (r - 1):
            top.add(p.number)
    return top


def _b2_1992(hist: list[Colour], got: Colour) -> str | None:
    """What ``got`` breaks of the 1992 text's B.2 after ``hist`` (None: nothing)."""
    both = [c for c in Colour if _within_1992(hist + [c])]
    diff = [c for c in Colour if abs(_difference(hist + [c])) <= 2]
    if both and got not in both:
        return "B.2 broken"
    if not both and diff and got not in diff:
        return ("B.2.a broken (no colour keeps both B.2.a and B.2.b; reading "
                "absolute-conflict=difference)")
    return None


def complete_pairing_exists(system: str, t: Tournament, r: int) -> bool:
    """Is there a pairing of round ``r`` that :func:`absolute_problems` passes (some
    colours for each board)?  Decided with networkx, apart from the engine's matching code:
    it confirms a "no valid pairing" (exit 1).  Dubov 2025/2026 and 1997 have their own
    (``independent_checks``, ``dubov1997_checks``)."""
    from independent_checks import perfect_matching_exists

    numbers = {p.number for p in t.players}
    players = sorted(numbers - _absent(t, r))
    met = {frozenset((p.number, e.opponent)) for p in t.players for k in range(1, r)
           if (e := p.entry(k)) is not None and e.played}
    hist = {n: _colours(t, n, r) for n in players}
    top = _topscorers(t, r)

    def ok(u: int, v: int) -> bool:
        if frozenset((u, v)) in met or any(u in g and v in g for g in t.forbidden):
            return False
        if u in top or v in top:
            return True
        if system in _DUTCH:
            a, b = _absolute(hist[u]), _absolute(hist[v])
            return a is None or a is not b
        if system == "swiss-rating-1992":
            return any(_b2_1992(hist[u], c) is None and _b2_1992(hist[v], c.opposite) is None
                       for c in Colour)
        return True

    def perfect(group: list[int]) -> bool:
        return perfect_matching_exists(group, ok)

    if len(players) % 2 == 0:
        return perfect(players)
    return any(not _barred(system, t, n, r) and perfect([m for m in players if m != n])
               for n in players)


def absolute_problems(system: str, t: Tournament, r: int, boards, byes) -> list[str]:
    """Problems of the pairing ``boards`` ((white, black) pairs) and ``byes`` (the players
    ``pair`` printed with ``0``) for round ``r`` of the request ``t`` under ``system``;
    empty: the pairing passes.  Dubov 2025/2026's colour rule and Dubov 1997's are checked
    by their own restatements (``independent_checks``, ``dubov1997_checks``)."""
    numbers = {p.number for p in t.players}
    absent = _absent(t, r)
    to_pair = numbers - absent
    out: list[str] = []
    seen = [n for b in boards for n in b] + list(byes)
    for n in sorted(set(seen)):
        if seen.count(n) > 1:
            out.append(f"player {n} appears {seen.count(n)} times")
        if n not in numbers:
            out.append(f"unknown player {n}")
        elif n in absent:
            out.append(f"absent player {n} is paired")
    for n in sorted(to_pair - set(seen)):
        out.append(f"player {n} is not paired")
    if len(byes) > 1 or (len(byes) == 1) != (len(to_pair) % 2 == 1):
        out.append(f"bye {list(byes)} with {len(to_pair)} players to pair")
    for n in byes:
        if n in numbers and _barred(system, t, n, r):
            out.append(f"bye to {n}, barred by an earlier point without playing")
    met = {frozenset((p.number, e.opponent)) for p in t.players for k in range(1, r)
           if (e := p.entry(k)) is not None and e.played}
    top = _topscorers(t, r)
    for w, b in boards:
        if w == b:
            out.append(f"{w} paired with himself")
            continue
        if w not in numbers or b not in numbers:
            continue
        if frozenset((w, b)) in met:
            out.append(f"{w}-{b}: they played each other before")
        if any(w in g and b in g for g in t.forbidden):
            out.append(f"{w}-{b}: a forbidden pair")
        cw, cb = _colours(t, w, r), _colours(t, b, r)
        if system in _DUTCH and w not in top and b not in top:
            aw, ab = _absolute(cw), _absolute(cb)
            if aw is not None and aw is ab:
                out.append(f"{w}-{b}: both have the absolute preference {aw.name}")
        elif system == "swiss-rating-1992" and w not in top and b not in top:
            for n, hist, got in ((w, cw, Colour.WHITE), (b, cb, Colour.BLACK)):
                why = _b2_1992(hist, got)
                if why:
                    out.append(f"{n} gets {got.name}: {why}")
    return out
