"""``compare --all-rounds``: every round of a file paired by both sides from the rounds before
it, and exactly the rounds whose pairings differ listed (the lecturer's choice of rounds)."""

from __future__ import annotations

import json

import pytest

from dubov_explain.cli import main
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.trace.events import PairingPublished
from dubov_explain.trf.reader import read_trf


def _pairing(system: str, t, r: int):
    """Round ``r`` paired by ``system`` from the rounds before it: boards (White first) and
    the bye, read from the trace's result alone."""
    res = find_rulebook(system).pair(t, None, r).result
    return (tuple(res.boards), res.bye) if isinstance(res, PairingPublished) else None


@pytest.mark.parametrize("left, right, seed", [("dubov-2025", "dubov-1997", 4),
                                               ("dutch-2012", "swiss-rating-1992", 7),
                                               ("dutch-2012", "dutch-2026", 11)])
def test_all_rounds_lists_exactly_the_rounds_whose_pairings_differ(left, right, seed, tmp_path,
                                                                   capsys):
    trf = tmp_path / "g.trf"
    assert main(["generate", "--players", "14", "--rounds", "6", "--seed", str(seed),
                 "--system", left, "-o", str(trf)]) == 0
    capsys.readouterr()
    assert main(["compare", str(trf), "--all-rounds", "--system", left, "--system", right,
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    t = read_trf(str(trf))
    want = [r for r in range(1, 7) if _pairing(left, t, r) != _pairing(right, t, r)]
    assert doc["differ"] == want
    assert [x["round"] for x in doc["rounds"]] == list(range(1, 7))
    for x in doc["rounds"]:
        assert x["same_pairing"] == (x["round"] not in want)
        assert (x["boards_differ"] == 0) == x["same_pairing"]


def test_two_rulebooks_that_part_are_listed_and_the_text_says_where(tmp_path, capsys):
    trf = tmp_path / "g.trf"
    assert main(["generate", "--players", "14", "--rounds", "6", "--seed", "4", "-o", str(trf),
                 "--system", "dubov-2025"]) == 0
    capsys.readouterr()
    assert main(["compare", str(trf), "--all-rounds", "--system", "dubov-2025",
                 "--system", "dubov-1997"]) == 0
    out = capsys.readouterr().out
    t = read_trf(str(trf))
    differ = [r for r in range(1, 7)
              if _pairing("dubov-2025", t, r) != _pairing("dubov-1997", t, r)]
    assert differ, "the two texts pair every round of this tournament alike: pick another seed"
    assert f"The pairings differ in {len(differ)} round" in out
    assert ": " + ", ".join(map(str, differ)) in out


def test_all_rounds_and_round_are_not_given_together(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["compare", "--example", "--all-rounds", "--round", "2"])
    assert exc.value.code == 3
    assert "give --all-rounds or --round R, not both" in capsys.readouterr().err
