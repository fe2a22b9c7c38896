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
    todo = {f"reading-{r.name}": (r.name, (r.default,) + tuple(v for v in r.choices
                                                             if v != r.default))
            for r in BOOK.catalogue if r.name in names}
    write_readings(todo)


def write_readings(todo: dict) -> None:
    """For each case ``name: (reading, values)`` (the default first), the first generated
    round of the search whose pairings differ between the values, written as that case."""
    for players, seed, rec in _requests():
        tr = rec.trace
        for name, (rname, values) in list(todo.items()):
            outs = set()
            for v in values:
                alt = tr if v == values[0] else BOOK.pair(
                    rec.request, BOOK.readings({rname: v}), round_no=rec.round)
                if isinstance(alt.result, Impossible):
                    break
                outs.add((alt.result.boards, alt.result.bye))
            if len(outs) >= 2:
                said = " and ".join(values) + " pair differently" if len(values) == 2 else \
                    ", ".join(values) + " do not all pair alike"
                write_case(name, BOOK.readings_type.by_name()[rname].article,
                           f"reading {rname}: {said}", rec,
                           readings=tuple(f"{rname}={v}" for v in values),
                           notes=(f"found in a generated tournament ({players} players, seed "
                                  f"{seed}, round {rec.round})",))
                del todo[name]
        if not todo:
            break
    print("not found:", sorted(todo))


if __name__ == "__main__":
    main(sys.argv[1:])
