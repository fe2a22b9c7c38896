"""How the dutch-2017 golden cases were made: rounds of tournaments bbpPairings v5.0.1
generated (``bbpPairings --dutch -g``, the configuration of
``tests/dutch_witness.config_for_seed(seed, 10, 24)``; every round paired by the 2017
rules), and one round of the bbpPairings corpus, where dutch-2017 and dutch-2026 pair
differently; each case's request is written by our writer, with the ``###`` notes.

    PYTHONPATH=. python golden/dutch-2017/make_cases.py BBP5 [SOURCE_DIR]

(``SOURCE_DIR``: where the generated tournaments are written, ``gen-SEED.trf``.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))
from dutch_witness import config_for_seed, generate, load, request, rounds_in  # noqa: E402

from dubov_explain.trf.reader import parse_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

#: name, source (a seed of the generator, or a corpus file), round, articles, purpose
CASES = [
    ("A9-pab-no-criterion", 113, 3, "A.9, A.5, C.5 (2026: [C5])",
     "2017 has no PAB criterion: the PAB is the last bracket's downfloater, and the 1-point "
     "bracket makes as many pairs as it can (C.5); 2026's [C5] downfloats one more player "
     "there to give the PAB to a lower score"),
    ("A9-collapsed-last-bracket", "bbp-s1002.trf", 7, "A.9, C.4, C.6",
     "the 2-point bracket is the PPB: its best candidate leaves the four players below "
     "unable to complete the round; it is re-paired by C.4, and the players below collapse "
     "into one bracket paired by its PSD (both editions pair this round alike)"),
    ("C12-every-downfloat", 136, 4, "C.12, A.4.b, B.8 (2026: [C14])",
     "C.12 counts every player who receives the same downfloat again (an MDP paired with a "
     "lower score too): both candidates count alike, and B.8 takes the earlier; 2026's "
     "[C14] counts resident downfloaters only and prefers the other"),
    ("C7-following-bracket", 130, 6, "C.7, C.10, A.9 (2026: [C8])",
     "C.7 weighs the following bracket alone, where both candidates are alike, so C.10 "
     "(colours) decides; 2026's [C8] weighs the following bracket within a completion of "
     "the round and prefers the other"),
    ("reading-tpn-arrival", (9032, 12, 90), 2, "A.2.b, E.5, C.04.2.C.2",
     "reading tpn-arrival: arrived (as bbpPairings v5.0.1) and file pair differently "
     "(E.5: players who have not arrived yet numbered or not)"),
    ("reading-c7-last-bracket", (9138, 12, 90), 6, "C.7, C.2, A.9",
     "reading c7-last-bracket: pab (as bbpPairings v5.0.1) and pairs pair differently (the "
     "2-point bracket's C.7, its following bracket being the last)"),
    ("no-C9-unplayed", 156, 5, "A.9, C.10 (2026: [C9])",
     "2017 does not weigh the PAB assignee's unplayed games: C.10 (colours) decides the last "
     "bracket; 2026's [C9] gives the PAB to the player with fewer unplayed games"),
    ("C6-clb-psd", "dutch2017-bbp5/seed1827-r11.trf", 11, "A.9, A.8, C.6, B.3, D.3 "
     "(2026: [C5])",
     "the CLB {2, 5, 4 | 13, 14}, whose residents have two scores: its PSD (C.6) is least "
     "with 5 in the Limbo (2-13, 4-14: 6.5, 6, 3.5), not 4 (2-14, 5-13: 7, 4.5, 4.5), so "
     "5 gets the PAB, as bbpPairings v5.0.1 gives it; 2026's [C5] gives it to the lower "
     "score, 4"),
]


#: the values each reading case is paired under, the default first
VALUES = {"tpn-arrival": ("arrived", "file"), "c7-last-bracket": ("pab", "pairs")}


def main(argv: list[str]) -> int:
    bbp = argv[0]
    src = Path(argv[1]) if len(argv) > 1 else Path("/tmp/d17gen")
    src.mkdir(exist_ok=True)
    for name, source, r, articles, purpose in CASES:
        if not isinstance(source, str):
            seed, lo, hi = (source, 10, 24) if isinstance(source, int) else source
            path = src / f"gen-{seed}-{lo}-{hi}.trf"
            if not path.exists():
                generate(bbp, config_for_seed(seed, lo, hi), seed, path)
            how = (f"a round of a tournament bbpPairings v5.0.1 generated (seed {seed}, "
                   f"config_for_seed(seed, {lo}, {hi})), round {r}")
        else:
            path = HERE.parents[1] / "tests" / "data" / (source if "/" in source
                                                         else f"dutch-bbp/{source}")
            how = (f"tests/data/{source} (the dutch-2017 witness run), round {r}"
                   if "/" in source else f"the bbpPairings corpus, {source}, round {r}")
        t = load(path)
        req = request(t, r, rounds_in(t))
        lines = write_trf(req).splitlines(keepends=True)
        notes = [f"012 golden case {name}\n", f"### case: {name}\n",
                 f"### articles: {articles}\n", f"### purpose: {purpose}\n",
                 f"### note: {how}\n"]
        if name.startswith("reading-"):
            reading = name[len("reading-"):]
            notes[4:4] = [f"### readings: {reading}={v}\n" for v in VALUES[reading]]
        body = [ln for ln in lines if not ln.startswith(("012", "###", "092", "192"))]
        text = "".join(notes + ["092 FIDE_DUTCH_2017\n"] + body)
        text = write_trf(parse_trf(text, name))
        (HERE / "cases" / f"{name}.trf").write_text(text, encoding="utf-8")
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
