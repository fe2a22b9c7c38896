"""Write the golden cases of Dubov 1997 (``golden/dubov-1997/cases/*.trf``) and their index.

Run from the repository root::

    PYTHONPATH=. python golden/dubov-1997/make_cases.py          # rewrite cases and index
    PYTHONPATH=. python golden/dubov-1997/make_cases.py --check  # say which would change

A case is the request of one round of a tournament generated with ``--system dubov-1997``
(:func:`~dubov_explain.simulate.simulate` with ``keep_rounds``: the very request the
engine was given), or a small history built in code (``tests/builders.py``).  Each was
picked because its round shows the article named (found by a search over small generated
tournaments), or because two values of a reading pair it differently.  The ``###`` lines
carry the name, articles, purpose, reading variants and the hand-check notes; the
snapshots are written by ``pytest tests/test_dubov1997_golden.py --snapshot-update`` and
read by a person, never by this script.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(HERE)]

from builders import build  # noqa: E402

from dubov_explain.records import replace
from dubov_explain.simulate import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.tournament.model import Tournament  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

from notes1997 import NOTES  # noqa: E402  (golden/dubov-1997/notes1997.py)


@dataclass
class Case:
    name: str
    articles: str
    purpose: str
    make: Callable[[], Tournament]
    variants: list[dict[str, str]] = field(default_factory=list)


def cut(players: int, rounds: int, seed: int, r: int, full_point_byes: bool) -> Callable[[], Tournament]:
    """The request of round ``r`` as the engine got it in the generated tournament."""

    def make() -> Tournament:
        o = GeneratorOptions(system="dubov-1997", full_point_byes=full_point_byes)
        sim = simulate(players, rounds, seed, options=o, keep_rounds=True)
        return sim.rounds[r - 1].request

    return make


def quiet_cut(players: int, rounds: int, seed: int, r: int) -> Callable[[], Tournament]:
    """The request of round ``r`` of a tournament generated with the quiet options (no
    forfeits, byes or absences)."""

    def make() -> Tournament:
        sim = simulate(players, rounds, seed, options=GeneratorOptions.quiet(),
                       system="dubov-1997", keep_rounds=True)
        return sim.rounds[r - 1].request

    return make


def both(name: str, default: str, other: str) -> list[dict[str, str]]:
    return [{name: default}, {name: other}]


def colour_tie() -> Tournament:
    """Four players of equal R: 1 and 4 both won with White in round 1, so 3's priorities
    all tie when they meet."""
    return build([2000, 2000, 2000, 2000], [[(1, 3, "1"), (4, 2, "1")]], total_rounds=5)


def bye_tie() -> Tournament:
    """Five players; 3 and 4 lost in round 1 (5 had the bye): the same R, the same ARO,
    one due White and one due Black."""
    return build([2200, 2200, 2000, 2000, 1900], [[(1, 3, "1"), (4, 2, "0"), (5, "U")]],
                 total_rounds=5)


def with_acceleration(make: Callable[[], Tournament], ga: int, points: tuple) -> Callable[[], Tournament]:
    """``make``'s request with XXA acceleration points: players 1..``ga`` get ``points``
    (one value per round up to the one to pair); the history stays as it was paired."""

    def accelerated() -> Tournament:
        t = make()
        pts = tuple(Fraction(x) for x in points)
        return replace(t, acceleration={n: pts for n in range(1, ga + 1)})

    return accelerated


def paired_with_acceleration(ratings: list[int], total: int, r: int, ga: int,
                             points: tuple) -> Callable[[], Tournament]:
    """The request of round ``r`` of a tournament whose rounds 1..r-1 were paired by
    ``dubov-1997`` with XXA points (players 1..``ga`` get ``points[k-1]`` in round k): the
    higher rated player wins, every third board is drawn."""

    def make() -> Tournament:
        from dubov_explain.rulebooks import find_rulebook

        book = find_rulebook("dubov-1997")
        rounds: list[list[tuple]] = []
        pts = tuple(Fraction(x) for x in points)
        for k in range(1, r):
            t = replace(build(ratings, rounds, total_rounds=total),
                        acceleration={n: pts[:k] for n in range(1, ga + 1)})
            res = book.pair(t).result
            games: list[tuple] = []
            for i, (w, b) in enumerate(res.boards, start=1):
                games.append((w, b, "=" if i % 3 == 0 else "1" if ratings[w - 1] > ratings[b - 1] else "0"))
            if res.bye:
                games.append((res.bye, "U"))
            rounds.append(games)
        t = build(ratings, rounds, total_rounds=total)
        acc = {n: pts[:r] for n in range(1, ga + 1)}
        return replace(t, acceleration={n: v for n, v in acc.items() if any(v)})

    return make


CASES: list[Case] = [
    # ---- one per article
    Case("1-due-colour-aro", "1, 6.1, 6.2, 3", "due colours and AROs after one round; the columns of 6.2 read them",
         cut(6, 4, 0, 2, True)),
    Case("2.1-6.3-rematch-black-lower-white-pair", "2.1, 2.5, 6.3",
         "a row's Black was met before: the next lower row; a White who met every Black meets a White; a transfer passed over as transferred the round before (2.5)",
         cut(6, 4, 2, 3, False)),
    Case("2.2-bye-bar", "2.2, 4", "players with a point without playing are barred from the bye",
         cut(6, 4, 11, 3, False)),
    Case("2.3-2.4-colours-reversed", "2.3, 2.4, 3", "a priority of 3 would break 2.3 or 2.4: the colours are reversed",
         cut(6, 5, 11, 5, False)),
    Case("2.5-transfer-limit", "2.5, 7.1, 6.4, 8.1, 8.2, 9", "candidates for 7.1 transferred up as often as 2.5 allows, or the round before; floaters go down group by group (6.4, 8)",
         cut(10, 7, 4, 6, False)),
    Case("2.6-7.3-7.4-balance", "2.6, 7.3, 7.4, 3, 4", "colour subgroups balanced both ways; 2.6 keeps a player back; the bye passed over by 9",
         cut(6, 4, 0, 4, True)),
    Case("3-colour-priority-5", "3, 7.2, 7.3, 7.4", "colours by the fifth priority of 3 (lower R); a transfer of 7.2 passed over by 9",
         cut(6, 4, 5, 4, False)),
    Case("4-bye-lowest-rating", "4, 3, 6.4, 8.1, 8.2", "the bye to the lowest R of the lowest group; floaters (6.4, 8)",
         cut(6, 4, 0, 3, True),
         [{}, {"absences": "stop"}, {"wise": "literal"}]),
    Case("4-bye-dominating-colour", "4", "the lowest R in both colour subgroups: the bye goes to the dominating due colour",
         cut(16, 4, 6, 2, True)),
    Case("4-bye-higher-aro", "4", "equal R: the bye goes to the higher ARO", cut(14, 4, 1, 2, False)),
    Case("5-first-round-even", "5", "round 1 by halves, colours by lot, odd and even pairs", cut(6, 4, 0, 1, True)),
    Case("5-first-round-odd", "5", "round 1 with an odd number: the last of the list gets the bye", cut(6, 4, 5, 1, False)),
    Case("6.3-lower-and-upper-rows", "6.3", "improvements: a lower row's Black, an upper row's Black, a choice that leaves the group unpairable",
         cut(6, 4, 1, 2, False)),
    Case("6.3-rematch-lower-and-upper", "2.1, 6.3", "a row's Black was met before: a lower row's Black, then an upper row's",
         cut(12, 7, 8, 6, False)),
    Case("7.1-transfer-for-a-player", "7.1", "a player who has met his whole group gets a player transferred up for him",
         cut(6, 4, 5, 2, False)),
    Case("7.1-transfer-due-colour", "7.1", "the transferred player has the opposite due colour", cut(7, 4, 3, 4, True)),
    Case("7.2-odd-group", "7.2", "an odd group: the player of the opposite due colour to the dominating one, the highest R",
         cut(6, 4, 1, 3, False)),
    Case("9-no-complete-pairing", "9", "no complete pairing exists: the arbiter decides (at once, or, read literally, when the lowest group cannot be paired)",
         cut(6, 4, 4, 4, False), both("wise", "round", "literal")),
    Case("9-no-bye", "9, 2.2", "nobody can take the bye and leave the rest pairable", cut(7, 6, 3, 6, True)),
    Case("7-no-supply", "7.1, 7.2, 6.4", "no lower group can supply the player",
         cut(6, 5, 2, 4, False), both("transfer-no-supply", "float", "stop")),
    # ---- simulated rounds
    Case("sim-60p-round5", "simulated", "60 players, round 5 of 9 (seed 1)", cut(60, 9, 1, 5, False)),
    Case("sim-300p-round4", "simulated", "300 players, round 4 of 7 (seed 2)", cut(300, 7, 2, 4, False)),
    # ---- one per reading: its values pair differently
    Case("reading-aro-no-games", "1", "ARO of a player without a game", cut(8, 4, 9, 2, False),
         both("aro-no-games", "zero", "own-rating")),
    Case("reading-aro-unplayed", "1", "forfeits in ARO", cut(10, 4, 2, 3, True),
         both("aro-unplayed", "played", "paired")),
    Case("reading-bye-bar", "2.2", "a half-point bye as 'a point without playing'", cut(7, 4, 5, 4, False),
         both("bye-bar", "full-point", "any-points")),
    Case("reading-bye-tie", "4", "a full tie for the bye", bye_tie,
         both("bye-tie", "lowest-in-list", "highest-in-list")),
    Case("reading-cannot-pair", "6.3, 7.1", "'has played with all' as rematches or all limitations",
         cut(19, 7, 2, 7, True), both("cannot-pair", "limitations", "rematch")),
    Case("reading-colour-history", "3", "the third priority by round or by games", cut(7, 4, 1, 4, False),
         both("colour-history", "by-round", "played-only")),
    Case("reading-colour-last-tie", "3, 9", "all five priorities tie", colour_tie,
         both("colour-last-tie", "lower-number", "higher-number")),
    Case("reading-displaced-black", "6.3", "in the 1-point group White 1 (row 1) takes 8, the Black of row 2; his own Black 5 stays in row 1 (6 takes 9 of row 3, then 3 takes 5 as the Black of an upper row, no earlier row changing) or takes row 2 (6 meets 5, 3 meets 9)",
         quiet_cut(9, 5, 84, 3), both("displaced-black", "stays", "takes-row")),
    Case("reading-floater-history", "6.4", "who 'was floater from higher score groups'", cut(11, 4, 3, 4, False),
         both("floater-history", "this-round", "earlier-rounds")),
    Case("reading-floater-tie", "6.4", "which floater within a category", cut(7, 4, 5, 3, False),
         both("floater-tie", "lowest-rating", "highest-rating")),
    Case("reading-improvement-exhausted", "6.3, 6.4, 9", "6.3 finds no complete pairing of the group",
         cut(6, 5, 2, 4, True), both("improvement-exhausted", "float", "stop")),
    Case("reading-no-due-colour-black", "1, 6.2", "players without a due colour", cut(9, 4, 0, 2, True),
         both("no-due-colour", "balance", "black")),
    Case("reading-no-due-colour-white", "1, 6.2", "players without a due colour", cut(7, 4, 4, 2, True),
         both("no-due-colour", "balance", "white")),
    Case("reading-transfer-history", "2.5", "forfeits as transfers", cut(6, 5, 1, 4, False),
         both("transfer-history", "played-higher", "paired-higher")),
    Case("reading-transfer-order", "7", "7.1 before 7.2 or the other way", cut(7, 4, 3, 4, False),
         both("transfer-order", "listed", "parity-first")),
    Case("reading-transfer-running", "2.5", "'two times running' by calendar or by paired rounds",
         cut(7, 7, 5, 5, False), both("transfer-running", "calendar", "last-paired")),
    # ---- acceleration (XXA points, C.04.5): the readings, round 2, the points dropping
    Case("reading-acceleration-first-round", "5", "an accelerated round 1: 5 per score group or on the whole list",
         paired_with_acceleration([2400 - 50 * i for i in range(10)], 7, 1, 4, (1,)),
         both("acceleration-first-round", "score-groups", "whole-list")),
    Case("reading-acceleration-bye", "4", "the lowest score group of the bye by pairing or real score",
         with_acceleration(cut(7, 4, 2, 4, False), 4, (1, 1, 1, 1)),
         both("acceleration-bye", "pairing", "real")),
    Case("reading-acceleration-transfers", "2.5", "earlier transfers judged on pairing or real scores",
         with_acceleration(cut(6, 4, 10, 3, False), 3, (1, 1, 1)),
         both("acceleration-transfers", "pairing", "real")),
    Case("acceleration-round-2", "6, 4", "round 2 of an accelerated tournament: the score groups of the pairing score",
         paired_with_acceleration([2400 - 40 * i for i in range(9)], 7, 2, 4, (1, 1, 0.5))),
    Case("acceleration-points-drop", "6", "the round where virtual points drop (1, 1, then 0.5)",
         paired_with_acceleration([2400 - 40 * i for i in range(9)], 7, 3, 4, (1, 1, 0.5))),
    Case("acceleration-late-entrant", "6, 4", "a late entrant in a Baku tournament (TRF26, 250 records): "
         "GA is 1-7 in round 2, the entrant among them",
         lambda: read_trf(ROOT / "golden" / "cases" / "1.3.1-baku-late-entrant.trf")),
]


def case_text(c: Case) -> str:
    t = c.make()
    lines = [f"### case: {c.name}", f"### articles: {c.articles}", f"### purpose: {c.purpose}"]
    for v in c.variants:
        if v:
            lines.append("### readings: " + ", ".join(f"{k}={val}" for k, val in v.items()))
        else:
            lines.append("### readings: wise=round")
    for note in NOTES.get(c.name, ()):
        lines.append(f"### note: {note}")
    kept = [(code, text) for code, text in t.records if code not in ("###", "012")]
    positions = list(t.record_positions)[: len(t.records)]
    kept_pos = [pos for (code, _), pos in zip(t.records, positions) if code not in ("###", "012")]
    records = tuple(("###", line) for line in lines) + tuple(kept)
    t = replace(t, name=f"golden case {c.name}", records=records,
                record_positions=(0,) * len(lines) + tuple(kept_pos))
    return write_trf(t)


def index_text() -> str:
    out = [
        "# Golden corpus of Dubov 1997",
        "",
        "Each case is the request of one round (`cases/`), paired by `dubov-1997` under each",
        "of its reading variants; `snapshots/` holds the round report with every decision in",
        "the 1997 rulebook's words (`ID.md`) and the decisions without wording",
        "(`ID.decisions.json`).  Cases are written by `make_cases.py` (hand-check notes in",
        "`notes1997.py`); snapshots only by `pytest tests/test_dubov1997_golden.py --snapshot-update`.",
        "",
        "| case | article(s) | purpose |",
        "| --- | --- | --- |",
    ]
    for c in CASES:
        out.append(f"| [{c.name}](cases/{c.name}.trf) | {c.articles} | {c.purpose} |")
    out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    d = HERE / "cases"
    d.mkdir(exist_ok=True)
    wanted = {d / f"{c.name}.trf": case_text(c) for c in CASES}
    wanted[HERE / "README.md"] = index_text()
    changed = [p for p, text in wanted.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    stale = [p for p in d.glob("*.trf") if p not in wanted]
    if check:
        for p in changed + stale:
            print(p.relative_to(ROOT))
        return 1 if changed or stale else 0
    for p in stale:
        p.unlink()
    for p in changed:
        p.write_text(wanted[p], encoding="utf-8")
    print(f"{len(changed)} file(s) written, {len(stale)} removed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
