"""What the Dutch family's property tests (Dutch 2012, 2017, 2026 and the 1992 rating text)
check alike of a round a rulebook paired: the published pairing the trace gives, no
absolute criterion broken by the rulebook's own absolute test, everyone to pair exactly
once with one bye exactly when their number is odd, and the same request paired again
giving the same bytes.  Each test file adds what its own text says beside."""

from __future__ import annotations

from dubov_explain.explain.audit import Pair, Published


def published(trace) -> Published:
    """The pairing of ``trace`` as the absolute test reads a published one."""
    res = trace.result
    return Published(trace.meta["round"], tuple(Pair(w, b) for w, b in res.boards),
                     (res.bye,) if res.bye is not None else ())


def check_round(book, rec, where: tuple = ()):
    """``rec`` (a simulated round, its request and trace) keeps ``book``'s absolute
    criteria and pairs everyone to pair exactly once, with a bye exactly when odd; its
    standings and the players to pair, for what the caller checks beside.  ``where`` heads
    the failure message."""
    trace = rec.trace
    violations = book.absolute_test(rec.request, rec.round, published(trace))
    assert violations == [], (*where, rec.round, violations)
    st = book.standings(rec.request, rec.round)
    to_pair = sorted(p.number for p in st.players if p.present)
    seen = sorted([n for pr in trace.result.boards for n in pr] +
                  ([trace.result.bye] if trace.result.bye is not None else []))
    assert seen == to_pair
    assert (trace.result.bye is not None) == (len(to_pair) % 2 == 1)
    return st, to_pair


def same_bytes(book, recs) -> None:
    """Each round of ``recs`` paired again from its request gives the same trace, byte for
    byte."""
    for rec in recs:
        again = book.pair(rec.request, round_no=rec.round)
        assert again.to_json() == rec.trace.to_json()
