"""Find the golden cases of the readings of C.1, C.12 and C.13 (backtracking) in generated
tournaments and write them (a tool, run by hand; the cases it wrote are the reviewed
corpus, this script only says where they came from).

* ``reading-another-player``: a round where C.12's "another player" read as a set of
  players with a player never sent before (new-player), or as a set of the same size
  (same-size), pairs otherwise than as any set never sent before (any-set), each of the
  three values a variant;
* ``reading-c12-p``: a round where C.12's p as it stood (as-reached) and A.6's p for the
  bracket with the new players (recomputed) pair differently;
* ``reading-joined-bracket``: a round where the bracket joined by C.13 is paired
  otherwise when it is heterogeneous whatever its count;
* ``reading-c13-p-zero``: a round where C.13, repeated after a join, accepts the
  penultimate bracket moved down whole (p zero, counts) instead of joining it too (join):
  the players the first join brought in are then moved down players of the lowest
  bracket, not residents of the joined one (A.3).  None of the requests make_cases.py
  scans shows it: the round is taken from a tournament of
  ``tests/test_swiss_rating1992_backtracking.py`` (9 players, seed 7, quiet, round 6);
* ``reading-lowest-c1``: a round where a player of the lowest bracket without an opponent
  there sends it to C.13 at once (at-once) rather than being left for the bye.

Names on the command line find only those cases.

    PYTHONPATH=. python golden/swiss-rating-1992/make_backtracking_cases.py [NAME ...]
"""

from __future__ import annotations

import sys
from itertools import chain
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from make_cases import BOOK, _requests, write_case  # noqa: E402

from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402

#: case -> (reading, its values; the round wanted pairs otherwise under every value but
#: the default, and, when ``distinct``, under each a pairing of its own)
READINGS = {
    "reading-another-player": ("another-player", ("any-set", "new-player", "same-size")),
    "reading-c12-p": ("c12-p", ("as-reached", "recomputed")),
    "reading-joined-bracket": ("joined-bracket", ("a3", "heterogeneous")),
    "reading-c13-p-zero": ("c13-p-zero", ("join", "counts")),
    "reading-lowest-c1": ("lowest-c1", ("when-unpaired", "at-once")),
}
#: cases taken from a given generated tournament: (players, rounds, seed, round)
SOURCES = {"reading-c13-p-zero": (9, 7, 7, 6)}


def result(trace):
    return None if isinstance(trace.result, Impossible) else \
        (tuple(map(tuple, trace.result.boards)), trace.result.bye)


def _sources():
    for name, (players, rounds, seed, round_no) in SOURCES.items():
        sim = simulate(players, rounds, seed, options=GeneratorOptions.quiet(),
                       system="swiss-rating-1992", keep_rounds=True)
        yield name, players, seed, sim.rounds[round_no - 1]


def main(names=()) -> None:
    todo = {k: v for k, v in READINGS.items() if not names or k in names}
    scans = ((None, players, seed, rec) for players, seed, rec in _requests())
    for only, players, seed, rec in chain(_sources(), scans):
        for name, (rname, values) in list(todo.items()):
            if (name in SOURCES) != (only == name):
                continue
            got = [result(BOOK.pair(rec.request, BOOK.readings({rname: v}),
                                    round_no=rec.round)) for v in values]
            if None in got or len(set(got)) < len(got):
                continue
            write_case(name, BOOK.readings_type.by_name()[rname].article,
                       f"reading {rname}: " + ", ".join(values[:-1]) + f" and {values[-1]} "
                       "pair differently", rec,
                       readings=tuple(f"{rname}={v}" for v in values),
                       notes=(f"found in a generated tournament ({players} players, seed "
                              f"{seed}, round {rec.round})",))
            print("wrote", name, players, seed, rec.round, flush=True)
            del todo[name]
        if not todo:
            break
    print("not found:", sorted(todo))


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
