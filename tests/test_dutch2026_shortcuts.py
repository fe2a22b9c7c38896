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


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
@pytest.mark.parametrize("n, r", [(16, 15)])
def test_the_exchange_roots_in_bitmasks_change_no_trace(system, n, r, monkeypatch):
    """``SplitMatchings`` (each exchange's root, and whether the walk's repair in ``take``
    has a matching at all, asked in bitmasks, from the last split's matching and kept
    certificates) against a maximum matching of each split: the same traces, and the
    bitmask path answers no there."""
    from dubov_explain import matching
    from dubov_explain.matching.hall import SplitMatchings

    done = rounds(system, n, r)
    asked = {False: 0, True: 0, "refuted": 0}
    real, real_refuted = SplitMatchings.matchable, SplitMatchings.refuted

    def counted(self, one, two, **kw):
        got = real(self, one, two, **kw)
        asked[got] += 1
        return got

    def counted_refuted(self, one, two):
        got = real_refuted(self, one, two)
        asked["refuted"] += got
        return got

    monkeypatch.setattr(SplitMatchings, "matchable", counted)
    monkeypatch.setattr(SplitMatchings, "refuted", counted_refuted)
    book = find_rulebook(system)
    for number, request, trace in done:
        assert book.pair(request).to_json() == trace, number
    assert asked[False] > 0 and asked[True] > 0 and asked["refuted"] > 0, asked

    monkeypatch.setattr(SplitMatchings, "refuted", lambda self, one, two: False)

    def plain(self, one, two, **kw):
        left = [i for i in range(len(self.adj)) if one >> i & 1]
        right = [i for i in range(len(self.adj)) if two >> i & 1]
        got = matching.bipartite_max_matching(left, right,
                                              lambda a, b: bool(self.adj[a] >> b & 1))
        return len(got) == len(left)

    monkeypatch.setattr(SplitMatchings, "matchable", plain)
    for number, request, trace in done:
        assert book.pair(request).to_json() == trace, number


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
def test_the_colour_matching_changes_no_trace(system, monkeypatch):
    """``Generation.colour_matching`` (the colours' bound, and the bipartite search where
    one colour's players are most of the players) against the general search it spares:
    the same traces of every round of three generated tournaments, and its shortcuts
    taken there."""
    from dubov_explain import matching
    from dubov_explain.rulebooks.dutch2026.search import Generation

    taken = {"bound": 0, "bipartite": 0}
    real_bip, real_max = matching.bipartite_max_matching, matching.max_matching
    real = Generation.colour_matching

    def counted(self, players, k, comp, m):
        calls = {"max": 0, "bip": 0}

        def bip(*a, **kw):
            calls["bip"] += 1
            return real_bip(*a, **kw)

        def mx(*a, **kw):
            calls["max"] += 1
            return real_max(*a, **kw)

        monkeypatch.setattr(matching, "bipartite_max_matching", bip)
        monkeypatch.setattr(matching, "max_matching", mx)
        try:
            got = real(self, players, k, comp, m)
        finally:
            monkeypatch.setattr(matching, "bipartite_max_matching", real_bip)
            monkeypatch.setattr(matching, "max_matching", real_max)
        taken["bound"] += not calls["max"] and not calls["bip"]
        taken["bipartite"] += calls["bip"] and not calls["max"]
        # the size is the general search's
        assert len(got) == len(real_max(players, comp)), (players, k)
        return got

    book = find_rulebook(system)
    done = [rr for n, r, seed in ((40, 9, 3), (61, 7, 4), (25, 11, 5))
            for rr in simulate(n, r, seed, keep_rounds=True, pair_rounds=r,
                               options=GeneratorOptions(system=system)).rounds]
    monkeypatch.setattr(Generation, "colour_matching", counted)
    traces = [book.pair(rr.request).to_json() for rr in done]
    assert traces == [rr.trace.to_json() for rr in done]

    monkeypatch.setattr(Generation, "colour_matching",
                        lambda self, players, k, comp, m: matching.max_matching(players, comp,
                                                                                initial=m))
    assert [book.pair(rr.request).to_json() for rr in done] == traces
    assert taken["bound"] > 0 and taken["bipartite"] > 0, taken


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
def test_the_walks_node_numbers_name_the_parents_state(system, monkeypatch):
    """``_from_parent`` trusts a state kept by the walk's parent node (``_node``) without
    comparing the lists: with ``VERIFY_KNOWN`` the lists are compared all the same (an
    assertion in the engine), and with the numbers ignored (every state checked by its
    lists, as before) the traces are the same."""
    from dubov_explain.rulebooks.dutch2026.search import Generation

    done = rounds(system, 40, 8)
    seen = {False: 0, True: 0}
    real = Generation._from_parent

    def counted(self, *a, known=False):
        seen[known] += 1
        return real(self, *a, known=known)

    monkeypatch.setattr(Generation, "_from_parent", counted)
    monkeypatch.setattr(Generation, "VERIFY_KNOWN", True)
    book = find_rulebook(system)
    for number, request, trace in done:
        assert book.pair(request).to_json() == trace, number
    assert seen[True] > 0 and seen[False] > 0, seen

    # a late round of a long tournament, where states of other nodes are met too
    from tests.adversarial_cases import regular

    late, _ = regular(26, 25, 1, 23)
    trace = book.pair(late).to_json()

    monkeypatch.setattr(Generation, "_from_parent",
                        lambda self, *a, known=False: real(self, *a, known=False))
    for number, request, trace_ in done:
        assert book.pair(request).to_json() == trace_, number
    assert book.pair(late).to_json() == trace

    # the comparison has teeth: every state claimed as the parent's is caught there
    monkeypatch.setattr(Generation, "_from_parent",
                        lambda self, *a, known=False: real(self, *a, known=True))
    with pytest.raises(AssertionError, match="not the parent's"):
        book.pair(late)
