"""The Dutch walk under a cap (``dutch2026.search.Generation.capped_walks``) chooses what
the walk without one chooses: every round below is paired both ways (``CAPPED`` on and
off) and the traces are equal event for event once the one fact the cap is meant to change
is set aside, the number of candidates the walk evaluated (``checked``), which never grows.
Rounds: generated tournaments of both editions (byes, forfeits, absences, acceleration:
the witness corpus's configurations) and the adversarial rounds of issue 28 at small
sizes (a losers' XXP group, a winners' one)."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
import adversarial_cases as cases  # noqa: E402
from agree_dutch2026_scale import config_for  # noqa: E402

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2026 import search  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402

SYSTEMS = ("dutch-2026", "dutch-2017")
CHECKED = re.compile(r'"checked": (\d+)')


def tournament_traces(system: str, seed: int) -> list[str]:
    cfg = config_for(seed, (8, 40), (5, 9))
    sim = simulate(cfg["players"], cfg["rounds"], seed, keep_rounds=True,
                   pair_rounds=cfg["rounds"] - 1,
                   options=GeneratorOptions(system=system, **cfg["options"]))
    return [r.trace.to_json() for r in sim.rounds]


def both(monkeypatch, run):
    """``run()`` under the cap, and without it; and how many walks each capped search ran
    (``_walks``: more than one when a cap was raised)."""
    walks = []
    real = search.Generation.capped_walks

    def counted(self, *a, **k):
        try:
            return real(self, *a, **k)
        finally:
            walks.append(self._walks)

    with monkeypatch.context() as m:
        m.setattr(search.Generation, "capped_walks", counted)
        capped = run()
    with monkeypatch.context() as m:
        m.setattr(search.Generation, "CAPPED", False)
        plain = run()
    return capped, plain, walks


def same_but_checked(capped: str, plain: str) -> tuple[int, int]:
    """Asserts the two traces equal but for ``checked``, never larger under the cap;
    returns the candidates evaluated in all (capped, plain)."""
    a = [int(x) for x in CHECKED.findall(capped)]
    b = [int(x) for x in CHECKED.findall(plain)]
    assert len(a) == len(b)
    assert all(x <= y for x, y in zip(a, b)), (a, b)
    assert CHECKED.sub('"checked": N', capped) == CHECKED.sub('"checked": N', plain)
    return sum(a), sum(b)


@pytest.mark.parametrize("system", SYSTEMS)
def test_generated_tournaments(monkeypatch, system):
    capped, plain, walks = both(
        monkeypatch, lambda: [t for seed in range(100, 112) for t in tournament_traces(system, seed)])
    assert len(capped) == len(plain) > 40
    got = [same_but_checked(x, y) for x, y in zip(capped, plain)]
    # the cap spares candidates (else this test shows nothing), and some search raised its
    # cap at least once (the second walk's path is exercised)
    assert sum(a for a, _ in got) < sum(b for _, b in got)
    assert max(walks) >= 2


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("make", [lambda: cases.losers_group(30)[0],
                                  lambda: cases.winners_group(40, 6, 22)[0],
                                  lambda: cases.xxp_round2(40, 10)[0]],
                         ids=["losers-30", "winners-40", "xxp-40"])
def test_adversarial_rounds(monkeypatch, system, make):
    book = find_rulebook(system)
    t = make()
    capped, plain, _ = both(monkeypatch, lambda: book.pair(t).to_json())
    same_but_checked(capped, plain)


def test_spent_budget_gives_the_walk_without_a_cap(monkeypatch):
    """Capped walks that pass their budget give way to the walk without a cap: with no
    budget at all every search is that walk, and the trace is the same, ``checked`` too."""
    monkeypatch.setattr(search, "CAPPED_NODES", 0)
    monkeypatch.setattr(search, "CAPPED_PER_PLAYER", 0)
    capped, plain, walks = both(monkeypatch, lambda: tournament_traces("dutch-2026", 101))
    assert capped == plain
    assert walks and max(walks) >= 2


def test_the_cap_is_in_force_by_default():
    assert search.Generation.CAPPED is True


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_childs_free_list_is_its_parents_less_his_partner(monkeypatch, system):
    """A node of the walk lists its free S2 players from its parent's list less the partner
    its pair took (``pfree``), and its matching is its parent's changed in place
    (``take``, undone after the child): on every node of generated rounds, the list handed
    down less that player is exactly the S2 players not used, in S2's order, and the
    matching pairs each S1 player left with a distinct free S2 player who fits him, its
    sets (``right``, ``free``) those of the node.  The bounds' matchings read these."""
    seen = {"pfree": 0, "mates": 0}
    real = search.Generation.transpositions

    signature = inspect.signature(real)

    def checked(self, s1, s2, i, pairs, used, *rest, **named):
        args = signature.bind(self, s1, s2, i, pairs, used, *rest, **named).arguments
        pfree, mates = args.get("pfree"), args.get("mate")
        if pfree is not None:
            listed, taken = pfree
            assert pairs[-1][1] == taken
            j = listed.index(taken)
            assert listed[:j] + listed[j + 1:] == [b for b in s2 if b not in used]
            seen["pfree"] += 1
        if mates is not None:
            left = {x: mates.mate[x] for x in s1[i:]}
            assert len(set(left.values())) == len(left)
            assert all(w not in used and self.fits(x, w) for x, w in left.items())
            assert mates.right == set(s2) - used
            assert mates.free == mates.right - set(left.values())
            assert all(mates.back[w] == x for x, w in left.items())
            seen["mates"] += 1
        return real(self, s1, s2, i, pairs, used, *rest, **named)

    monkeypatch.setattr(search.Generation, "transpositions", checked)
    for seed in range(3):
        tournament_traces(system, seed)
    assert seen["pfree"] > 50 and seen["mates"] > 50, seen


@pytest.mark.parametrize("system", SYSTEMS)
def test_rows_asked_of_the_classes_walk_the_same(monkeypatch, system):
    """In a bracket larger than ``ROWS_UP_TO`` each row is asked of the classes
    (``_ClassRow``) instead of listed as a set: the same members, so the same walk.  With
    the bound at 0, every bracket of generated rounds of both editions is walked that way,
    and the traces are the same, byte for byte (``checked`` too)."""
    asked = []
    real, real_members = search._ClassRow.__contains__, search._ClassRow.members

    def counted(self, w):
        asked.append("in")
        return real(self, w)

    def built(self):
        asked.append("members")
        return real_members(self)

    want = [t for seed in range(4) for t in tournament_traces(system, seed)]
    monkeypatch.setattr(search, "ROWS_UP_TO", 0)
    monkeypatch.setattr(search._ClassRow, "__contains__", counted)
    monkeypatch.setattr(search._ClassRow, "members", built)
    got = [t for seed in range(4) for t in tournament_traces(system, seed)]
    assert got == want
    # the rows were asked of the classes, player by player and built as sets for a pass
    # over many players (the matchings' searches, ``matching.as_set``)
    assert asked.count("in") > 200 and asked.count("members") > 20, \
        (asked.count("in"), asked.count("members"))
