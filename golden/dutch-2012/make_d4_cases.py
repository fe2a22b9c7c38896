"""The golden cases of D.4 (the B.3-factor in the lowest score bracket) and its readings.

* ``D.4-example`` and ``D.4-warning``: the players of D.4's own example (A 3.0; B, C 2.5;
  D 2.0; E 1.5; F 1.0; F can only play A) and of its Warning (a seventh player G below 2.5
  points, the only one who may get the bye), as a round to pair.  The text gives no history,
  so this tool builds one: four rounds against six (seven) other players who are absent now
  (XXZ), with results giving the example's scores, a forfeit win in round 1 for A-F (B.1.b:
  no bye for them, so that only G may get it), mild colour preferences chosen so that no pair
  of either pairing of the example is against the colour preferences, and "F can only play
  A" as forbidden pairs (XXP: F with B, C, D, E and G).  The whole round is paired as the
  text's procedure pairs it: C.13 sends the 2.5-point bracket back, and its pairing B-C,
  moving A down, lets the rest be paired, before any join makes the example's lowest bracket
  (see the cases' notes); ``tests/test_dutch2012_d4.py`` pairs the example's lowest bracket
  itself and finds the text's answers.
* ``reading-d4-scope``, ``reading-d4-bye-score`` and ``reading-d4-level``: the first
  generated rounds (the search of ``make_cases.py``) whose pairings differ between the
  values of each reading.
* ``reading-c13-p-zero`` and ``reading-lowest-c1`` (readings of C.13 and C.1, not of D.4):
  found the same way.  c13-p-zero can change a pairing only where the default joins two
  brackets (its ``counts`` accepts the penultimate bracket moved down whole instead): the
  first such round of the search is the 1,279th (8 players, seed 72, round 5), where the
  lowest bracket is already a joined one.

    PYTHONPATH=. python golden/dutch-2012/make_d4_cases.py [CASE ...]

With case names, only those cases are written (the others keep their hand-added notes).

(The witness notes of the cases are added by hand: rewriting a case drops them.)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from make_cases import OUT  # noqa: E402
from make_reading_cases import write_readings  # noqa: E402

from dubov_explain.trf.reader import parse_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

RESULT = {"1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0}
OTHER = {"1": "0", "0": "1", "=": "=", "+": "-"}
#: the example's scores over four rounds (a forfeit win first for A-F: no bye for them)
RESULTS = {"A": "+110", "B": "+1=0", "C": "+1=0", "D": "+100", "E": "+=00", "F": "+000",
           "G": "1=00"}
#: mild preferences: White for A, B, E (and G), Black for C, D, F: no pair of A-F, B-D, C-E
#: or of A-F, B-C, D-E is against them
WHITE = "ABEG"


def _line(n, name, rating, games):
    pts = sum(RESULT[r] for _, _, r in games)
    s = f"001 {n:4d}      {name:33} {rating:4d}                            {pts:4.1f}     "
    return s + "".join(f"  {o:4d} {c} {r}" for o, c, r in games)


def example_trf(name: str, with_g: bool, header: list[str]) -> str:
    main = list("ABCDEF") + (["G"] if with_g else [])
    k = len(main)
    games: dict[int, list] = {i: [] for i in range(1, 2 * k + 1)}
    for r in range(4):
        for i, who in enumerate(main):
            other = k + 1 + (i + r) % k
            colour = ("wbwb" if who in WHITE else "bwbw")[r]
            res = RESULTS[who][r]
            games[i + 1].append((other, colour, res))
            games[other].append((i + 1, "b" if colour == "w" else "w", OTHER[res]))
    lines = [f"012 golden case {name}"] + header
    lines += [_line(i + 1, f"Player {who}", 2400 - 10 * i, games[i + 1])
              for i, who in enumerate(main)]
    lines += [_line(k + j, f"Opponent {j}", 2000 - 10 * j, games[k + j]) for j in range(1, k + 1)]
    f = main.index("F") + 1
    lines += ["XXR 9", "XXC white1", "XXZ " + " ".join(str(k + j) for j in range(1, k + 1))]
    lines += [f"XXP {f} {main.index(x) + 1}" for x in main if x not in "AF"]
    return write_trf(parse_trf("\n".join(lines) + "\n", name))


def write_example(name, with_g, purpose, notes):
    header = [f"### case: {name}", "### articles: D.4, C.13", f"### purpose: {purpose}"]
    header += [f"### note: {n}" for n in notes]
    (OUT / f"{name}.trf").write_text(example_trf(name, with_g, header), encoding="utf-8")


READINGS = {"reading-d4-scope": ("d4-scope", ("joined", "several-scores", "never")),
            "reading-d4-bye-score": ("d4-bye-score", ("lowest-ranked", "bye-player")),
            "reading-d4-level": ("d4-level", ("b3-first", "accepting")),
            # C.13 and C.1's readings, found by the same search (they are no D.4 matter,
            # but their cases are made the same way)
            "reading-c13-p-zero": ("c13-p-zero", ("join", "counts")),
            "reading-lowest-c1": ("lowest-c1", ("when-unpaired", "at-once"))}


def main(only: tuple = ()) -> None:
    if only:
        todo = {k: v for k, v in READINGS.items() if k in only}
        write_readings(todo)
        return
    write_example(
        "D.4-example", False,
        "D.4's example as a round: A-F, B-C, D-E (the text's Png2), here by C.13's backtrack",
        ("built by make_d4_cases.py from D.4's example (the text gives no history: see there)",
         "the text's answer A-F, B-C, D-E comes out, but C.13 finds it by backtracking to the "
         "2.5-point bracket (B-C, A moved down) before any join, so D.4 never decides here; "
         "the example's lowest bracket itself is paired in tests/test_dutch2012_d4.py"))
    write_example(
        "D.4-warning", True,
        "D.4's Warning as a round: G the only player who may get the bye",
        ("built by make_d4_cases.py from D.4's Warning (F can only play A, only G may get the "
         "bye)",
         "the text's answer for its heterogeneous lowest bracket is A-F, B-D, C-E, G bye; as a "
         "round, C.13 backtracks to the 2.5-point bracket first (B-C, A moved down) and the "
         "round is A-F, B-C, D-E, G bye: the Warning's bracket is never formed; it is paired "
         "in tests/test_dutch2012_d4.py"))
    write_readings(dict(READINGS))


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
