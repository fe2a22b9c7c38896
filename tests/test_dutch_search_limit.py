"""A Dutch 2026/2017 search that reaches its limit before it finds any candidate of a bracket
(issue 28: `dutch-2017` on the adversarial regular-60-r29 said "No complete round-pairing
exists under C.1-C.3", which is false: A.9 had found a completion).  The round is not
paired, the trace says why (an ``impossible`` event of context ``search-limit``), `pair`
exits 4 (a limit), and no sentence claims that no pairing exists."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from dubov_explain import cli
from dubov_explain.render.env import event_plain
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dutch2026 import search
from dubov_explain.simulate import history_before
from dubov_explain.simulate.generator import GeneratorOptions, simulate
from dubov_explain.trace.events import Impossible
from dubov_explain.trf.writer import write_trf


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
def test_a_search_stopped_before_any_candidate_claims_no_impossibility(system, monkeypatch,
                                                                       tmp_path):
    sim = simulate(16, 5, 3, options=GeneratorOptions(system=system))
    req = history_before(sim.tournament, 4)
    book = find_rulebook(system)
    assert not isinstance(book.pair(req).result, Impossible)  # a pairing exists
    monkeypatch.setattr(search, "NODE_LIMIT", 0)  # every walk stops at its first step
    trace = book.pair(req)
    result = trace.result
    assert isinstance(result, Impossible) and result.context == "search-limit"
    words = event_plain(result, trace)
    assert "limit" in words and "does not prove" in words
    assert "no complete round-pairing exists" not in words.lower()
    path = tmp_path / "r4.trf"
    path.write_text(write_trf(req, "trfx"))
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["pair", str(path), "--system", system])
    assert code == 4, err.getvalue()
    assert err.getvalue().startswith("not paired:") and "no valid pairing" not in err.getvalue()
    # the round report says so too, and nowhere that no pairing exists
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        cli.main(["pair", str(path), "--system", system, "--format", "md"])
    assert "search's limit" in out.getvalue()
    assert "no complete round-pairing exists" not in out.getvalue().lower()
    # and the step-through page's heading of that step
    page = tmp_path / "steps.html"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        cli.main(["pair", str(path), "--system", system, "-o", str(tmp_path / "out.txt"),
                  "--step-through", str(page)])
    html = page.read_text(encoding="utf-8")
    assert "Not paired: the search reached its limit" in html
    assert "No complete round-pairing" not in html
