"""The Dutch 2026/2017 walk's Hall certificates (``HallCertificates`` in
``dubov_explain/matching/hall.py``) change no answer: every round of late, crowded
tournaments (most pairs already met) paired with them and without them gives the same
trace, byte for byte, ``checked`` and the search-limit events included (a refuted root
counts the node the walk would have counted).  And they are used there: a test that could
not tell them apart from their absence would prove nothing."""

from __future__ import annotations

from functools import lru_cache

import pytest

from dubov_explain.matching.hall import HallCertificates
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.simulate.generator import GeneratorOptions, simulate


@lru_cache(maxsize=None)
def rounds(system: str, n: int, r: int):
    sim = simulate(n, r, 1, keep_rounds=True, pair_rounds=r,
                   options=GeneratorOptions.quiet(system=system))
    return tuple((rr.round, rr.request, rr.trace.to_json()) for rr in sim.rounds)


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
@pytest.mark.parametrize("n, r", [(16, 15), (12, 11)])
def test_the_certificates_change_no_trace(system, n, r, monkeypatch):
    done = rounds(system, n, r)
    asked = {"refuted": 0}
    real = HallCertificates.refuted

    def counted(self, left, right):
        got = real(self, left, right)
        asked["refuted"] += got
        return got

    monkeypatch.setattr(HallCertificates, "refuted", counted)
    book = find_rulebook(system)
    for number, request, trace in done:
        assert book.pair(request).to_json() == trace, number
    with_them = asked["refuted"]

    monkeypatch.setattr(HallCertificates, "refuted", lambda self, left, right: False)
    for number, request, trace in done:
        assert book.pair(request).to_json() == trace, number
    # the tournaments above reach rounds where most pairs have met: the certificates
    # refute roots there
    assert with_them > 0
