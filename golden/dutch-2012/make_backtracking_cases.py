"""Find the golden cases of C.12/C.13 backtracking (and the two cases the literal
backtracking moved) in generated tournaments and write them (a tool, run by hand; the cases
it wrote are the reviewed corpus).

* ``C.12-backtrack-found``: C.12 sends the previous bracket back and it finds another set
  of moved-down players (same size, same scores) that lets the bracket pair P1 pairs;
* ``C.12-backtrack-none``: C.12 finds no such pairing after C.10 (not C.1): the earlier
  pairing stands and the bracket goes on to C.14;
* ``C.13-join``: no pairing of the penultimate bracket lets the lowest be paired: the two
  are joined (C.13), and the joined bracket is paired;
* ``C.10.d-b5-down`` and ``reading-forfeit-float``: found again, since with C.12/C.13 as
  written the rounds make_cases.py had found no longer show them;
* ``reading-backtrack-after-c10``, ``reading-joined-bracket``: a round each reading's two
  values pair differently.

Names on the command line find only those cases (the witness notes of a case written
earlier are added by hand: rewriting it drops them).

    PYTHONPATH=. python golden/dutch-2012/make_backtracking_cases.py [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from make_cases import BOOK, _requests, failed_to, kinds, write_case  # noqa: E402

from dubov_explain.trace.events import Impossible  # noqa: E402


def backtrack(article, trigger=None, found=None):
    def test(tr):
        events = list(tr.events)
        for i, e in enumerate(events):
            if e.kind == "backtracked" and e.article == article and \
                    (trigger is None or e.trigger == trigger):
                end = next(x for x in events[i + 1:] if x.kind == "backtrack-ended")
                if found is None or end.found == found:
                    return True
        return False
    return test


FEATURES = {
    "C.12-backtrack-found": ("C.12, C.1", "C.12: the previous bracket pairs again and moves "
                             "down another set of the same size and scores",
                             backtrack("C.12", found=True)),
    "C.12-backtrack-none": ("C.12, C.10, C.14", "C.12 after C.10: no other set above; the "
                            "earlier pairing stands, on to C.14",
                            backtrack("C.12", "C.10", found=False)),
    "C.13-join": ("C.13", "the two lowest brackets joined into the new lowest",
                  lambda tr: bool(kinds(tr, "brackets-joined"))),
    "C.10.d-b5-down": ("C.10.d", "B.5 for downfloaters dropped", failed_to("C.10.d")),
}
READINGS = {"reading-forfeit-float": ("forfeit-float", "paired", "played"),
            "reading-backtrack-after-c10": ("backtrack-after-c10", "yes", "c1-only"),
            "reading-joined-bracket": ("joined-bracket", "a3", "heterogeneous")}


def main(names=()) -> None:
    todo = {k: v for k, v in FEATURES.items() if not names or k in names}
    readings = {k: v for k, v in READINGS.items() if not names or k in names}
    for players, seed, rec in _requests():
        tr = rec.trace
        for name, (articles, purpose, test) in list(todo.items()):
            if test(tr):
                write_case(name, articles, purpose, rec,
                           notes=(f"found in a generated tournament ({players} players, seed "
                                  f"{seed}, round {rec.round})",))
                del todo[name]
        for name, (rname, default, value) in list(readings.items()):
            alt = BOOK.pair(rec.request, BOOK.readings({rname: value}), round_no=rec.round)
            if not isinstance(alt.result, Impossible) and \
                    (alt.result.boards, alt.result.bye) != (tr.result.boards, tr.result.bye):
                write_case(name, BOOK.readings_type.by_name()[rname].article,
                           f"reading {rname}: {default} and {value} pair differently", rec,
                           readings=(f"{rname}={default}", f"{rname}={value}"),
                           notes=(f"found in a generated tournament ({players} players, seed "
                                  f"{seed}, round {rec.round})",))
                del readings[name]
        if not todo and not readings:
            break
    print("not found:", sorted(todo), sorted(readings))


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
