"""An absolute check of a Dutch 2026 round-pairing, independent of the rulebook (tests and
the witness runs): it reads the request's round entries itself and nothing of
``rulebooks/``, so that it can judge our pairing and a witness's alike.

What it checks, by article of ``shared/rules/dutch-2026.md`` (and the Basic Rules 2026):

* 1.9.1: every player to be paired appears once, in a game or as the PAB; nobody absent
  (a pre-entered ``H``/``Z``/``F`` block, ``XXZ``) does; nobody unknown; nobody twice;
* Basic Rules 3: a PAB exactly when the number to pair is odd, and one only;
* [C1] (Basic Rules 2): no two players who played each other (played games only: a
  forfeit is not a meeting, ``shared/reference/swiss-general-rules.md``);
* [C2] (Basic Rules 4): the PAB is not given to a player who already had one (``U``) or
  scored a win's points without playing in a round (``F``, or a forfeit win ``+``);
* [C3] (1.7.1, 2.1.3): two non-topscorers with the same absolute colour preference do not
  meet; and (5.2.2, stronger preference granted) a non-topscorer's absolute preference is
  granted (colours compared when the answer has them).  Topscorers (1.8) exist only when
  the final round is paired: this check is for rounds before it and has none.

Colour history: played games only (GHR 3.4), in order.

``edition="2017"``: the same check by the Dutch text of 2017 (``shared/rules/dutch-2017.md``)
and the Basic Rules till 2026, under its article numbers: a complete round-pairing (its
A.9 note and the definition before B: every player paired but at most one, the PAB;
C.04.1.c), C.1 (C.04.1.b), C.2 (C.04.1.d: "already received a pairing-allocated bye, or
has already scored a (forfeit) win due to an opponent not appearing in time": a ``U`` or a
``+``; a requested full-point bye ``F`` is neither, and does not bar the PAB), C.3 with
A.6.a (the same definition of the absolute preference) and E.2 (the stronger preference
granted); topscorers (A.7) exist only when the final round is paired.
"""

from __future__ import annotations

from dubov_explain.tournament.model import Colour, Tournament

__all__ = ["LABELS", "absolute_problems"]

PLAYED = frozenset("10=WDL")
WIN_WITHOUT_PLAYING = frozenset("UF+")
#: the results that bar the PAB, by edition (see the module's docstring)
BARRED = {"2026": WIN_WITHOUT_PLAYING, "2017": frozenset("U+")}
#: each check's article, by edition
LABELS = {"2026": {"1.9.1": "1.9.1", "BR 3": "BR 3", "C1": "C1", "C2": "C2", "C3": "C3",
                   "5.2.2": "5.2.2"},
          "2017": {"1.9.1": "complete (A.9, C.04.1.c)", "BR 3": "C.04.1.c", "C1": "C.1",
                   "C2": "C.2", "C3": "C.3", "5.2.2": "E.2"}}


def _absent(t: Tournament, r: int) -> set[int]:
    out = {p.number for p in t.players if (e := p.entry(r)) is not None and e.opponent is None
           and e.code in "HZF"}
    out |= set(t.absent)
    out |= set(getattr(t, "round_absences", {}).get(r, ()))
    return out


def _history(t: Tournament, r: int, barred_by=WIN_WITHOUT_PLAYING):
    """player -> (opponents played, colours of played games in order, had one of the
    results ``barred_by``: a PAB or a win without playing) over rounds 1 .. r-1."""
    out = {}
    for p in t.players:
        met, colours, barred = set(), [], False
        for k in range(1, r):
            e = p.entry(k)
            if e is None:
                continue
            if e.opponent is not None and e.code in PLAYED:
                met.add(e.opponent)
                if e.colour is not None:
                    colours.append(e.colour)
            if e.code in barred_by:
                barred = True
        out[p.number] = (met, colours, barred)
    return out


def _absolute(colours: list) -> Colour | None:
    """1.7.1: colour difference beyond +-1, or the same colour in the two latest games."""
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if diff > 1:
        return Colour.BLACK
    if diff < -1:
        return Colour.WHITE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite
    return None


def absolute_problems(t: Tournament, r: int, boards, bye: int | None,
                      colours_known: bool = True, edition: str = "2026") -> list[str]:
    """Problems of the pairing ``boards`` ((white, black) pairs) and ``bye`` for round ``r``
    of the request ``t`` (an empty list: the pairing passes), each named by the article of
    ``edition`` (``LABELS``)."""
    a = LABELS[edition]
    numbers = {p.number for p in t.players}
    absent = _absent(t, r)
    to_pair = numbers - absent
    hist = _history(t, r, BARRED[edition])
    out: list[str] = []
    seen: list[int] = [n for b in boards for n in b] + ([bye] if bye is not None else [])
    for n in sorted(set(seen)):
        if seen.count(n) > 1:
            out.append(f"{a['1.9.1']}: player {n} appears {seen.count(n)} times")
        if n not in numbers:
            out.append(f"{a['1.9.1']}: unknown player {n}")
        elif n in absent:
            out.append(f"{a['1.9.1']}: absent player {n} is paired")
    for n in sorted(to_pair - set(seen)):
        out.append(f"{a['1.9.1']}: player {n} is not paired")
    if (bye is not None) != (len(to_pair) % 2 == 1):
        out.append(f"{a['BR 3']}: PAB {bye} with {len(to_pair)} players to pair")
    if bye is not None and bye in hist and hist[bye][2]:
        out.append(f"{a['C2']}: PAB to {bye}, who had a PAB or a win without playing")
    for w, b in boards:
        if w == b or w not in hist or b not in hist:
            continue
        if b in hist[w][0]:
            out.append(f"{a['C1']}: {w} and {b} played each other before")
        aw, ab = _absolute(hist[w][1]), _absolute(hist[b][1])
        if aw is not None and aw is ab:
            out.append(f"{a['C3']}: {w} and {b} both have the absolute preference {aw.name}")
        elif colours_known:
            if aw is Colour.BLACK or ab is Colour.WHITE:
                out.append(f"{a['5.2.2']}: absolute preference denied on {w}-{b}")
    return out
