"""Cases for the articles the generated scans of ``make_cases.py`` do not single out (a tool,
run by hand; the cases it wrote are the reviewed corpus):

* ``A.2-rating-title-name``: the round 1 of ``C.4-C.6-first-round`` with four players of
  one rating: A.2.c's title order (IM before FM before no title) and A.2.d's names give the
  pairing numbers, and so the pairing of F.4 (top half against bottom half).
* ``F.2-forfeit-may-repeat``: a generated round (6 players, seed 1, forfeits at 15%,
  round 3) in which 1 and 6, whose round 2 game was forfeited, are paired again: "such a
  pairing is not considered to be illegal in future rounds", and the forfeited game gives
  neither a colour (F.2).

    PYTHONPATH=. python golden/swiss-rating-1992/make_article_cases.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dubov_explain.records import replace
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trf.reader import parse_trf, read_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "cases"


def write(name: str, t, articles: str, purpose: str, notes: list[str]) -> None:
    body = [x for x in write_trf(t).split("\n") if not x.startswith("012 ")
            and not x.startswith("### case:") and not x.startswith("### articles:")
            and not x.startswith("### purpose:") and not x.startswith("### note:")]
    head = [f"012 golden case {name}", f"### case: {name}", f"### articles: {articles}",
            f"### purpose: {purpose}"] + [f"### note: {n}" for n in notes]
    text = write_trf(parse_trf("\n".join(head + body), name))
    (OUT / f"{name}.trf").write_text(text, encoding="utf-8")


def main() -> None:
    t = read_trf(OUT / "C.4-C.6-first-round.trf")
    change = {2: dict(rating=1800, title="FM", name="Bauer, B."),
              3: dict(rating=1800, title="IM", name="Zhou, Z."),
              4: dict(rating=1800, title="", name="Adams, A."),
              5: dict(rating=1800, title="FM", name="Adams, B.")}
    t = replace(t, players=tuple(replace(p, **change[p.number]) if p.number in change else p
                                 for p in t.players))
    write("A.2-rating-title-name", t, "A.2.b, A.2.c, A.2.d, F.4",
          "equal ratings ordered by FIDE title, then by name: the pairing numbers and round 1",
          ["the round 1 of C.4-C.6-first-round with players 2-5 rated 1800: 3 (IM), then the "
           "two FMs by name (5 Adams, B. before 2 Bauer, B.), then 4 (no title); the order "
           "1, 3, 5, 2, 4, 6 gives S1 = 1, 3, 5 and S2 = 2, 4, 6 (F.4), so 1-2, 3-4, 5-6, "
           "where the file's own order would give 1-4, 2-5, 3-6"])

    sim = simulate(6, 5, 1, options=GeneratorOptions(forfeit_rate=0.15, half_bye_rate=0.0),
                   system="swiss-rating-1992", keep_rounds=True)
    rec = sim.rounds[2]
    write("F.2-forfeit-may-repeat", rec.request, "F.2, B.1.a",
          "a pairing whose game was forfeited may be made again, and gave no colour",
          ["found in a generated tournament (6 players, seed 1, forfeits at 15%, round 3): "
           "1 and 6 were paired in round 2 and 1 lost by forfeit (1 '6 w -'); B.1.a counts "
           "games played only (F.2), so they meet again, and round 2 is left out of both "
           "players' colours"])


if __name__ == "__main__":
    main()
