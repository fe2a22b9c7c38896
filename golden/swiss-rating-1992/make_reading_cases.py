"""The two reading cases generated tournaments do not show (a tool, run by hand):

* ``reading-absolute-conflict``: the Dutch 2012 corpus's request whose player 1 has played
  W W W W B B (difference +2, the last two Black): A.7.a reads the same facts in both texts.
* ``reading-unrated-estimate``: a generated round 1 whose 4th player is made unrated (rating
  0): with no estimate he is ranked last (A.2.b); by the starting list he keeps his place.

    PYTHONPATH=. python golden/swiss-rating-1992/make_reading_cases.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trf.reader import parse_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "cases"


def main() -> None:
    src = (HERE.parent / "dutch-2012" / "cases" / "reading-absolute-conflict.trf").read_text(
        encoding="utf-8")
    src = src.replace("### articles: A.7.a", "### articles: A.7.a, B.2")
    src = re.sub(r"### note: a generated", "### note: taken from the dutch-2012 corpus: a "
                 "generated", src)
    (OUT / "reading-absolute-conflict.trf").write_text(src, encoding="utf-8")

    sim = simulate(10, 5, 41, options=GeneratorOptions.quiet(), system="swiss-rating-1992",
                   keep_rounds=True)
    text = write_trf(sim.rounds[0].request)
    lines = text.split("\n")
    out = []
    for line in lines:
        if line.startswith("001    4 "):
            line = line[:48] + "   0" + line[52:]
        out.append(line)
    head = ["012 golden case reading-unrated-estimate", "### case: reading-unrated-estimate",
            "### articles: A.1, A.2",
            "### purpose: reading unrated-estimate: no-estimate and start-list pair differently",
            "### readings: unrated-estimate=no-estimate",
            "### readings: unrated-estimate=start-list",
            "### note: round 1 of a generated 10-player tournament (seed 41) with player 4 "
            "made unrated (rating 0)"]
    body = [x for x in out if not x.startswith("012 ")]
    text = write_trf(parse_trf("\n".join(head + body), "reading-unrated-estimate"))
    (OUT / "reading-unrated-estimate.trf").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
