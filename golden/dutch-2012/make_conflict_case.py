"""The case of reading ``absolute-conflict`` (A.7.a): a colour difference of +2 after two
Blacks (W W W W B B) never came up in the generated tournaments, so this tool takes a
generated 7-round tournament and swaps the colours of whole games (both players' blocks, so
the record stays consistent) until one player has W W W W B B before round 7, then keeps
the first request whose pairing differs between the two readings.

    PYTHONPATH=. python golden/dutch-2012/make_conflict_case.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dubov_explain.records import replace
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.tournament.model import Colour  # noqa: E402
from dubov_explain.tournament.request import request_for_round  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402
from make_cases import BOOK, write_case  # noqa: E402

WANT = "wwwwbb"


class Rec:
    def __init__(self, request, r):
        self.request, self.round = request, r


def recolour(t, who):
    players = {p.number: list(p.entries) for p in t.players}
    for k, want in enumerate(WANT):
        e = players[who][k]
        if e.opponent is None or e.code not in "1=0":
            return None
        if e.colour.value != want:
            o = e.opponent
            players[who][k] = replace(e, colour=e.colour.opposite)
            oe = players[o][k]
            players[o][k] = replace(oe, colour=oe.colour.opposite)
    return t.replace_players(replace(p, entries=tuple(players[p.number])) for p in t.players)


def main():
    for seed in range(1, 200):
        sim = simulate(12, 7, seed, options=GeneratorOptions.quiet(), system="dutch-2012")
        for who in range(1, 13):
            t = recolour(sim.tournament, who)
            if t is None:
                continue
            req = request_for_round(t, 7)
            a = BOOK.pair(req, BOOK.readings(), round_no=7)
            b = BOOK.pair(req, BOOK.readings({"absolute-conflict": "last-two"}), round_no=7)
            if isinstance(a.result, Impossible) or isinstance(b.result, Impossible):
                continue
            if (a.result.boards, a.result.bye) != (b.result.boards, b.result.bye):
                write_case("reading-absolute-conflict", "A.7.a",
                           "reading absolute-conflict: difference and last-two pair differently",
                           Rec(req, 7),
                           readings=("absolute-conflict=difference",
                                     "absolute-conflict=last-two"),
                           notes=(f"player {who} has played W W W W B B (colour difference "
                                  "+2, the last two Black): by difference the absolute "
                                  "preference is Black, by the last two White",
                                  f"a generated 12-player tournament (seed {seed}) with the "
                                  "colours of whole games swapped to make that history"))
                print("seed", seed, "player", who)
                return
    print("not found")


if __name__ == "__main__":
    main()
