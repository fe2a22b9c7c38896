"""D.4 (the B.3-factor in the lowest score bracket) on the text's own example and Warning.

The example's lowest bracket (A 3.0; B, C 2.5; D 2.0; E 1.5; F 1.0; F can only play A), with
A, B, C the players C.13 joined in above D, E, F (three of six: treated as homogeneous, A.3),
is paired by the engine and by the literal twin: the first candidate in the order of D.1/D.2
is the text's Png1, A-F, B-D, C-E (B3-factor 5.25), and D.4 takes Png2, A-F, B-C, D-E (4.25).
With the Warning's seventh player G (the only one who may get the bye) the bracket is
heterogeneous and no exchange in S1 is allowed: A-F, B-D, C-E, G the bye.  The players are
those of the golden cases ``D.4-example`` and ``D.4-warning`` (built by
``golden/dutch-2012/make_d4_cases.py``).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "golden" / "dutch-2012"))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.rulebooks.dutch2012 import events as ev  # noqa: E402
from dubov_explain.rulebooks.dutch2012.engine import DutchEngine  # noqa: E402
from dubov_explain.rulebooks.dutch2012.search import assignment_bound  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

from tests.dutch2012_literal import LiteralBacktracking  # noqa: E402

BOOK = find_rulebook("dutch-2012")
CASES = ROOT / "golden" / "dutch-2012" / "cases"
A, B, C, D, E, F, G = range(1, 8)
PNG1 = {frozenset(p) for p in ((A, F), (B, D), (C, E))}
PNG2 = {frozenset(p) for p in ((A, F), (B, C), (D, E))}


def _lowest(name: str, readings: dict):
    """The example's lowest bracket paired by the engine: (pairs, left over, D.4's events)."""
    t = read_trf(CASES / f"{name}.trf")
    eng = DutchEngine(t, BOOK.readings(readings))
    eng.open_round()
    residents = [D, E, F] + ([G] if name == "D.4-warning" else [])
    pairs, left = eng.pair_bracket([A, B, C], residents, True, joined=True)
    return {frozenset(p) for p in pairs}, left, [e for e in eng.events if isinstance(e, ev.B3Factor)]


def _twin(name: str, readings: dict):
    t = read_trf(CASES / f"{name}.trf")
    lit = LiteralBacktracking(t, None, BOOK.readings(readings))
    residents = [D, E, F] + ([G] if name == "D.4-warning" else [])
    pairs, left = lit.bracket([A, B, C], residents, True, joined=True)
    return {frozenset(p) for p in pairs}, left


def test_the_example_scores():
    st = read_trf(CASES / "D.4-example.trf")
    scores = {n: BOOK.standings(st, None, BOOK.readings())[n].score for n in (A, B, C, D, E, F)}
    assert scores == {A: 3, B: Fraction(5, 2), C: Fraction(5, 2), D: 2, E: Fraction(3, 2), F: 1}


def test_d4_takes_png2_where_the_procedure_reaches_png1_first():
    pairs, left, d4 = _lowest("D.4-example", {})
    assert pairs == PNG2 and left == []
    assert len(d4) == 1
    got = d4[0]
    assert (got.b3, got.first_b3, got.least) == ("4.25", "5.25", "4.25")
    assert {frozenset(p) for p in got.first_pairs} == PNG1
    assert _twin("D.4-example", {}) == (PNG2, [])


def test_without_d4_the_first_candidate_is_png1():
    pairs, left, d4 = _lowest("D.4-example", {"d4-scope": "never"})
    assert pairs == PNG1 and d4 == []
    assert _twin("D.4-example", {"d4-scope": "never"}) == (PNG1, [])


@pytest.mark.parametrize("scope", ["joined", "several-scores", "never"])
def test_the_warning_heterogeneous_bracket_has_no_exchange_in_s1(scope):
    pairs, left, _ = _lowest("D.4-warning", {"d4-scope": scope})
    assert pairs == PNG1 and left == [G]
    assert _twin("D.4-warning", {"d4-scope": scope}) == (PNG1, [G])


def test_the_rounds_pair_as_the_text_answers_by_c13():
    """As whole rounds, C.13's backtrack (B-C in the 2.5-point bracket, A moved down) pairs
    the example before any join: the text's Png2.  D.4 pairs the last lowest bracket (joined:
    A, D moved down with E, F) but only confirms its first candidate."""
    for name, bye in (("D.4-example", None), ("D.4-warning", G)):
        tr = BOOK.pair(read_trf(CASES / f"{name}.trf"), BOOK.readings())
        assert {frozenset(p) for p in tr.result.boards} == PNG2 and tr.result.bye == bye
        assert any(e.kind == "backtracked" and e.article == "C.13" for e in tr.events)
        assert not any(e.kind == "b3-factor" and e.first_pairs for e in tr.events)


def test_assignment_bound_is_the_least_assignment():
    cost = {(1, 3): 4, (1, 4): 1, (2, 3): 2, (2, 4): 9}
    assert assignment_bound([1, 2], [3, 4], lambda a, b: cost[a, b], None) == 3
    assert assignment_bound([1, 2], [3, 4], lambda a, b: None if (a, b) == (2, 3) else cost[a, b],
                            None) == 13
    # one column left over, at its own cost
    spare = lambda q: 10 if q == 4 else 0  # noqa: E731
    assert assignment_bound([1], [3, 4], lambda a, b: cost[a, b], spare) == 1
    assert assignment_bound([1], [3, 4], lambda a, b: None if b == 4 else cost[a, b], spare) == 14


def test_several_scores_covers_a_lowest_bracket_no_join_made():
    """Reading d4-scope: the example's bracket as a lowest bracket that C.13 did not join (A,
    B, C moved down into it): ``joined`` leaves it to C.6's first candidate (Png1),
    ``several-scores`` pairs it by D.4 (Png2).  (In the generated rounds searched, such a
    bracket never had a pairing D.4 would change: see golden/dutch-2012/README.md.)"""
    for scope, want in (("joined", PNG1), ("several-scores", PNG2), ("never", PNG1)):
        t = read_trf(CASES / "D.4-example.trf")
        eng = DutchEngine(t, BOOK.readings({"d4-scope": scope}))
        eng.open_round()
        pairs, left = eng.pair_bracket([A, B, C], [D, E, F], True, joined=False)
        assert {frozenset(p) for p in pairs} == want, scope
        lit = LiteralBacktracking(t, None, BOOK.readings({"d4-scope": scope}))
        got = lit.bracket([A, B, C], [D, E, F], True, joined=False)
        assert {frozenset(p) for p in got[0]} == want, scope


def test_the_bye_counts_against_one_point_below_the_lowest_ranked_player():
    """Reading d4-bye-score on the Warning's bracket paired as homogeneous (every player moved
    down: no C.13 join needed for several-scores): the bye's cost differs by reading."""
    t = read_trf(CASES / "D.4-warning.trf")
    for value, bye_score in (("lowest-ranked", "0"), ("bye-player", None)):
        eng = DutchEngine(t, BOOK.readings({"d4-scope": "several-scores", "d4-bye-score": value}))
        eng.open_round()
        eng.pair_bracket([A, B, C, D], [E, F, G], True)
        d4 = [e for e in eng.events if isinstance(e, ev.B3Factor)]
        assert d4 and d4[-1].bye_score == bye_score and d4[-1].left == (G,)


@pytest.mark.parametrize("players, rounds, seed, quiet, round_no",
                         [(10, 7, 10, False, 6), (12, 9, 2, True, 8), (13, 9, 3, False, 9)])
def test_generated_rounds_where_d4_takes_another_candidate(players, rounds, seed, quiet, round_no):
    """Rounds of the engine-vs-twin tests where D.4 takes a later candidate than the first:
    the twin (every candidate enumerated) pairs them alike, and without D.4 both differ."""
    from dubov_explain.simulate.generator import GeneratorOptions, simulate
    from tests.dutch2012_literal import literal_round
    opts = GeneratorOptions.quiet() if quiet else GeneratorOptions(forfeit_rate=0.05,
                                                                  half_bye_rate=0.05)
    rec = next(r for r in simulate(players, rounds, seed, options=opts, system="dutch-2012",
                                   keep_rounds=True).rounds if r.round == round_no)
    d4 = [e for e in rec.trace.events if isinstance(e, ev.B3Factor) and e.first_pairs]
    assert d4 and Fraction(d4[0].b3) < Fraction(d4[0].first_b3)
    ours = ({frozenset(p) for p in rec.trace.result.boards}, rec.trace.result.bye)
    assert literal_round(rec.request, rec.round) == ours
    never = BOOK.readings({"d4-scope": "never"})
    other = BOOK.pair(rec.request, never, round_no=rec.round)
    theirs = ({frozenset(p) for p in other.result.boards}, other.result.bye)
    assert theirs != ours and literal_round(rec.request, rec.round, never) == theirs


# ---- reading d4-level: the least B3-factor at the accepting level, or over later levels too

def _make_cases_round(players: int, seed: int, round_no: int):
    """A round of the search of ``golden/dutch-2012/make_cases.py`` (its generator options)."""
    from dubov_explain.simulate.generator import GeneratorOptions, simulate
    opts = GeneratorOptions(forfeit_rate=0.04, half_bye_rate=0.04) if seed % 2 else \
        GeneratorOptions.quiet()
    return next(r for r in simulate(players, min(9, players - 1), seed, options=opts,
                                    system="dutch-2012", keep_rounds=True).rounds
                if r.round == round_no)


def _level(requirements):
    """A level's requirements without the caps C.10's last sentence may add to them (the
    pairing found at that level by the fewest breaches of a dropped criterion)."""
    return {k: v for k, v in requirements.items() if not k.endswith(" at most")}


def _level_story(trace):
    """The b3-level events of the last lowest bracket and the PairingFound after them; the
    story told must be the one the numbers prove."""
    events = trace.events
    levels = [e for e in events if isinstance(e, ev.B3Level)]
    if not levels:
        return None
    first = max(i for i, e in enumerate(events)
                if isinstance(e, ev.B3Level) and e.outcome == "first")
    story = [e for e in events[first:] if isinstance(e, ev.B3Level)]
    found = next(e for e in events[first:] if isinstance(e, ev.PairingFound))
    d4 = next(e for e in events[first:] if isinstance(e, ev.B3Factor))
    head = story[0]
    assert head.best is None
    kept = trace.events[0].readings["a7d-proviso"] == "kept"
    stage = (head.requirements["B.2"], head.requirements["A.7.d"] if kept else None)
    for e in story[1:]:
        # only later levels with B.2 as at the first (and A.7.d: reading a7d-proviso=kept;
        # by its proviso A.7.d yields to a lower B3-factor)
        assert (e.requirements["B.2"], e.requirements["A.7.d"] if kept else None) == stage
    if len(story) == 1:  # the first level is the last of its stage
        assert _level(found.requirements) == head.requirements
        return Fraction(head.b3)
    loosest = story[1]
    assert Fraction(loosest.best) == Fraction(head.b3)
    if loosest.outcome == "loosest-stands":
        assert len(story) == 2
        assert loosest.b3 is None or Fraction(loosest.b3) >= Fraction(head.b3)
        assert _level(found.requirements) == head.requirements
        assert Fraction(d4.b3) == Fraction(head.b3)
        return Fraction(head.b3)
    assert loosest.outcome == "loosest" and Fraction(loosest.b3) < Fraction(head.b3)
    least = Fraction(loosest.b3)
    *between, taken = story[2:]
    for e in between:
        assert Fraction(e.best) == least and e.b3 is None
        assert e.outcome in ("higher", "floor", "none")
        if e.outcome == "floor":
            assert Fraction(e.least) > least
    assert taken.outcome == "taken" and Fraction(taken.b3) == least
    assert _level(found.requirements) == taken.requirements and Fraction(d4.b3) == least
    return least


#: rounds of make_cases.py's search where the two values pair differently (the first is the
#: golden case reading-d4-level)
D4_LEVEL_ROUNDS = [(7, 5, 6), (7, 78, 4), (8, 4, 5), (8, 5, 5), (8, 16, 5)]


@pytest.mark.parametrize("players, seed, round_no", D4_LEVEL_ROUNDS)
def test_b3_first_takes_a_lower_b3_factor_at_a_later_level(players, seed, round_no):
    rec = _make_cases_round(players, seed, round_no)
    from tests.dutch2012_literal import literal_round
    tr = rec.trace  # the default, b3-first
    assert tr.events[0].readings["d4-level"] == "b3-first"
    accepting = BOOK.readings({"d4-level": "accepting"})
    acc = BOOK.pair(rec.request, accepting, round_no=round_no)
    ours = ({frozenset(p) for p in tr.result.boards}, tr.result.bye)
    other = ({frozenset(p) for p in acc.result.boards}, acc.result.bye)
    assert ours != other
    # the twin (every candidate of every level enumerated) agrees under both values
    assert literal_round(rec.request, round_no) == ours
    assert literal_round(rec.request, round_no, accepting) == other
    best = _level_story(tr)
    accepted = [e for e in acc.events if isinstance(e, ev.B3Factor)][-1]
    assert best < Fraction(accepted.b3)
    # accepting compares no later level
    assert not any(isinstance(e, ev.B3Level) for e in acc.events)


def test_b3_first_against_the_twin_on_generated_rounds():
    """Every round of small generated tournaments in which D.4 applies: the engine under
    each value of d4-level pairs as the twin does, b3-first's story is consistent, and where
    the two values differ, b3-first's B3-factor is strictly lower (never higher)."""
    from dubov_explain.simulate.generator import GeneratorOptions, simulate
    from dubov_explain.trace.events import Impossible
    from tests.dutch2012_literal import literal_round
    first = BOOK.readings({"d4-level": "b3-first"})
    accepting = BOOK.readings({"d4-level": "accepting"})
    applied = differ = 0
    for players in (6, 7, 8, 9):
        for seed in range(1, 21):
            opts = GeneratorOptions(forfeit_rate=0.04, half_bye_rate=0.04) if seed % 2 else \
                GeneratorOptions.quiet()
            for rec in simulate(players, min(9, players - 1), seed, options=opts,
                                system="dutch-2012", keep_rounds=True).rounds:
                acc = BOOK.pair(rec.request, accepting, round_no=rec.round)
                if not any(isinstance(e, ev.B3Factor) for e in acc.events):
                    continue
                applied += 1
                assert literal_round(rec.request, rec.round, accepting) == (
                    {frozenset(p) for p in acc.result.boards}, acc.result.bye)
                tr = BOOK.pair(rec.request, first, round_no=rec.round)
                if isinstance(tr.result, Impossible):
                    assert literal_round(rec.request, rec.round, first) is None
                    continue
                ours = ({frozenset(p) for p in tr.result.boards}, tr.result.bye)
                assert literal_round(rec.request, rec.round, first) == ours, \
                    (players, seed, rec.round)
                best = _level_story(tr)
                last = [e for e in acc.events if isinstance(e, ev.B3Factor)][-1]
                if best is None:
                    # D.4 paired a remainder: it keeps its heterogeneous bracket's level
                    assert last.part == "remainder"
                    assert (tr.result.boards, tr.result.bye) == \
                        (acc.result.boards, acc.result.bye)
                    continue
                accepted = Fraction(last.b3)
                assert best <= accepted
                if (tr.result.boards, tr.result.bye) != (acc.result.boards, acc.result.bye):
                    differ += 1
                    assert best < accepted
    print("d4-level sweep:", applied, "rounds with D.4,", differ, "paired otherwise")
    assert applied >= 20 and differ >= 1, (applied, differ)


def test_the_b3_level_why_not_is_proven(capsys):
    """Under d4-level=b3-first, "why did I not play M?" in the golden case: the reply says
    the bracket took the least B3-factor over the levels compared (27.25) and what the
    least is with the two paired (31.25); the claims checker re-derives both numbers from
    the two traces, and a reply with the numbers swapped is caught."""
    from dubov_explain.cli import main
    from dubov_explain.rulebooks.dutch2012.claims import check_text, mismatches
    path = CASES / "reading-d4-level.trf"
    t = read_trf(path)
    values = {"d4-level": "b3-first"}
    trace = BOOK.pair(t, BOOK.readings(values))
    catalogue = [(r.name, r.choices) for r in BOOK.catalogue]

    def what_if(a, b):
        return BOOK.pair(t, BOOK.readings(values), None, ((a, b),))

    def pair_under(name, value):
        return BOOK.pair(t, BOOK.readings({**values, name: value}))

    for n, m in ((2, 5), (5, 2)):
        assert main(["explain", str(path), "--system", "dutch-2012", "--reading",
                     "d4-level=b3-first", "--player", str(n), "--against", str(m),
                     "--reply"]) == 0
        out = capsys.readouterr().out
        said = ("the 1-point bracket is paired by the least B3-factor over the levels of "
                "requirements compared (Article D.4, reading d4-level): the procedure's pairing "
                f"has 27.25; with you and {m} paired the least is 31.25")
        assert said in " ".join(out.split())
        cs = check_text(out, trace, n, what_if, pair_under, catalogue)
        assert mismatches(cs) == [] and any(c.kind == "why-not" and "27.25" in c.text
                                            for c in cs)
        flat = out.replace("\n\n", "\0").replace("\n", " ").replace("\0", "\n\n")
        assert mismatches(check_text(flat, trace, n, what_if, pair_under, catalogue)) == []
        wrong = flat.replace("has 27.25; with", "has 31.25; with") \
            .replace("the least is 31.25", "the least is 27.25")
        assert [c.kind for c in mismatches(check_text(wrong, trace, n, what_if, pair_under,
                                                      catalogue))] == ["why-not"]
