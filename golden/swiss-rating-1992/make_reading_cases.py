"""The two reading cases generated tournaments do not show (a tool, run by hand):

* ``reading-absolute-conflict``: the Dutch 2012 corpus's request whose player 1 has played
  W W W W B B (difference +2, the last two Black): A.7.a reads the same facts in both texts.
* ``reading-unrated-estimate``: a generated round 1 whose 4th player is made unrated (rating
  0): with no estimate he is ranked last (A.2.b); by the starting list he keeps his place.
* ``reading-national-rating``: the same round with players 4 and 7 made unrated and given
  national ratings (TRF26 National Rating Support records, ``GER`` in place of ``001``): 60
  and 180.  Not read, both are ranked last; as Ingo numbers 4 becomes 2360 and 7 1400; as
  BCF grades 4 becomes 1080 and 7 2040 (A.1): three orders, three pairings.

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

    out = []
    for line in lines:
        if line.startswith("001    4 ") or line.startswith("001    7 "):
            national = "  60" if line.startswith("001    4 ") else " 180"
            out.append(line[:48] + "   0" + line[52:])
            out.append("GER" + line[3:48] + national + line[52:])
        else:
            out.append(line)
    head = ["012 golden case reading-national-rating", "### case: reading-national-rating",
            "### articles: A.1, A.2",
            "### purpose: reading national-rating: not-read, ingo and bcf pair differently",
            "### readings: national-rating=not-read",
            "### readings: national-rating=ingo",
            "### readings: national-rating=bcf",
            "### note: round 1 of a generated 10-player tournament (seed 41) with players 4 "
            "and 7 made unrated (rating 0) and given national ratings 60 and 180 in GER "
            "records: not read, both come last (7 Muller before 4 Yusupov, A.2.d); as Ingo "
            "numbers (2840 - 8 x INGO) 4 is 2360, second, and 7 is 1400, last; as BCF grades "
            "(600 + 8 x BCF) 7 is 2040, third, and 4 is 1080, last"]
    body = [x for x in out if not x.startswith("012 ")]
    text = write_trf(parse_trf("\n".join(head + body), "reading-national-rating"))
    (OUT / "reading-national-rating.trf").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
