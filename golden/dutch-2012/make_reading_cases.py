"""Find a golden case for named readings added after ``make_cases.py`` ran (same search,
only the readings given on the command line; the other cases are left as they are).

    PYTHONPATH=. python golden/dutch-2012/make_reading_cases.py bye-bar bye-downfloat
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dubov_explain.trace.events import Impossible  # noqa: E402
from make_cases import BOOK, _requests, write_case  # noqa: E402


def main(names):
    todo = {}
    for r in BOOK.catalogue:
        if r.name in names:
            for value in r.choices:
                if value != r.default:
                    todo[f"reading-{r.name}"] = (r.name, r.default, value)
    for players, seed, rec in _requests():
        tr = rec.trace
        for name, (rname, default, value) in list(todo.items()):
            alt = BOOK.pair(rec.request, BOOK.readings({rname: value}), round_no=rec.round)
            if isinstance(alt.result, Impossible):
                continue
            if (alt.result.boards, alt.result.bye) != (tr.result.boards, tr.result.bye):
                write_case(name, BOOK.readings_type.by_name()[rname].article,
                           f"reading {rname}: {default} and {value} pair differently", rec,
                           readings=(f"{rname}={default}", f"{rname}={value}"),
                           notes=(f"found in a generated tournament ({players} players, seed "
                                  f"{seed}, round {rec.round})",))
                del todo[name]
        if not todo:
            break
    print("not found:", sorted(todo))


if __name__ == "__main__":
    main(sys.argv[1:])
