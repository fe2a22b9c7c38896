"""The fast engine against a literal, exponential reading of the Dubov 2025 text.

``tests/literal.py`` pairs one round by walking the articles word by word and enumerating
every set and permutation in the order of Article 4; ``tests/gen_small.py`` draws small
random histories.  For every seed the engine (``pair_round(t).result``) must give the same
boards (as a set of (white, black)) and the same bye, or be ``Impossible`` exactly when the
literal pairing raises ``NoPairing``.

A failing seed is reported with both outputs and a command that reproduces it:

    PYTHONPATH=. python -m tests.test_engine_bruteforce SEED [hard] [NAME=VALUE ...]

Known disagreements go into ``KNOWN_ENGINE_BUGS`` (seed -> analysis), which marks them
``xfail(strict=True)`` -- only when the analysis against the text shows the engine is wrong.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dubov_explain.rulebooks.dubov2025.engine import pair_round  # noqa: E402
from dubov_explain.rulebooks.dubov2025.readings import Readings  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402
from tests.gen_small import random_tournament  # noqa: E402
from tests.literal import NoPairing, pair_literal  # noqa: E402

#: ordinary histories (4-12 players, 0-6 rounds)
NORMAL_SEEDS = range(600)
#: denser histories: shifts (2.2.4) and [C4] bind more often
HARD_SEEDS = range(300)
#: every non-default reading, each on its own, on the first seeds of both profiles
NON_DEFAULT = [
    {"container-order": "listed"},
    {"c9-measure": "max"},
    {"unavoidable-pairs": "isolated"},
    {"bye-games-played": "paired"},
    {"bye-eligibility": "article-2.1.1"},
    {"upfloat-history": "paired"},
    {"upfloat-previous-round": "last-paired"},
    {"colour-history-5.2.4": "by-round"},
    {"absolute-conflict": "last-two"},
]
READING_SEEDS = range(40)

#: (profile, seed, readings as a tuple of pairs) -> why the engine is wrong by the text
KNOWN_ENGINE_BUGS: dict[tuple[str, int, tuple], str] = {}


def engine_result(t, readings=None):
    try:
        trace = pair_round(t, readings) if readings is not None else pair_round(t)
    except Exception as exc:  # a crash is a failure, reported with the literal result
        return ("engine crashed", repr(exc))
    r = trace.result
    if isinstance(r, Impossible):
        return None
    return frozenset(tuple(b) for b in r.boards), r.bye


def literal_result(t, readings=None):
    try:
        if readings is not None:
            return pair_literal(t, readings)
        return pair_literal(t)
    except NoPairing:
        return None


def _show(result):
    if result is None:
        return "no pairing (Impossible / NoPairing)"
    if result[0] == "engine crashed":
        return f"CRASH {result[1]}"
    boards, bye = result
    return f"boards {sorted(boards)} bye {bye}"


def _check(profile: str, seed: int, pairs: dict | None):
    t = random_tournament(seed, hard=(profile == "hard"))
    readings = Readings.from_pairs(pairs) if pairs else None
    lit = literal_result(t, readings)
    eng = engine_result(t, readings)
    if eng != lit:
        extra = " ".join(f"{k}={v}" for k, v in (pairs or {}).items())
        cmd = f"PYTHONPATH=. python -m tests.test_engine_bruteforce {seed} {profile} {extra}"
        pytest.fail(
            f"FAILING SEED {seed} ({profile}{', ' + extra if extra else ''}):\n"
            f"  engine : {_show(eng)}\n  literal: {_show(lit)}\n  reproduce: {cmd.strip()}",
            pytrace=False,
        )


def _params(profile, seeds, pairs=None):
    out = []
    for seed in seeds:
        key = (profile, seed, tuple(sorted((pairs or {}).items())))
        marks = ()
        if key in KNOWN_ENGINE_BUGS:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_ENGINE_BUGS[key]),)
        ident = f"{profile}-{seed}" + "".join(f"-{k}={v}" for k, v in (pairs or {}).items())
        out.append(pytest.param(profile, seed, pairs, marks=marks, id=ident))
    return out


@pytest.mark.parametrize(
    "profile, seed, pairs",
    _params("normal", NORMAL_SEEDS) + _params("hard", HARD_SEEDS),
)
def test_engine_equals_literal(profile, seed, pairs):
    _check(profile, seed, pairs)


@pytest.mark.parametrize("profile, seed, pairs", _params("hard", HARD_SEEDS))
def test_engine_equals_literal_with_every_upfloater_pruning_on(profile, seed, pairs, monkeypatch):
    # the pruning of type vectors (and of [C4] failures) that large searches use, switched
    # on for every search, still gives the literal pairing
    from dubov_explain.rulebooks.dubov2025.upfloaters import UpfloaterSearch

    monkeypatch.setattr(UpfloaterSearch, "PRUNE_TYPES_FROM", -1)
    _check(profile, seed, pairs)


@pytest.mark.parametrize(
    "profile, seed, pairs",
    [
        p
        for pairs in NON_DEFAULT
        for profile in ("normal", "hard")
        for p in _params(profile, READING_SEEDS, pairs)
    ],
)
def test_engine_equals_literal_under_readings(profile, seed, pairs):
    _check(profile, seed, pairs)


def test_random_histories_reach_every_step():
    """The seeds above are only worth something if they exercise each decision of the text."""
    stats: Counter = Counter()
    for profile, seeds in (("normal", NORMAL_SEEDS), ("hard", HARD_SEEDS)):
        for seed in seeds:
            try:
                pair_literal(random_tournament(seed, hard=(profile == "hard")), stats=stats)
            except NoPairing:
                stats["no pairing"] += 1
    for step in (
        "no pairing",
        "bye decided by 2.1.3",
        "bye decided by 2.1.4",
        "bye decided by 2.1.5",
        "bye: 2.1.2 excluded someone",
        "upfloaters: first set in order illegal",
        "upfloaters: several containers",
        "upfloaters: not first legal set, decided by C7",
        "upfloaters: not first legal set, decided by C10",
        "bracket: all yet to play (2.2.3)",
        "2.2.4.1 shift",
        "2.2.4.2 shift: not the first set",
        "2.2.6: not the first transposition",
    ):
        assert stats[step] > 0, (step, dict(stats))


def test_literal_orders_follow_the_examples_of_article_4():
    """The oracle's own Article 4 orders against the text's examples (and order.py)."""
    from itertools import permutations

    from dubov_explain.rulebooks.dubov2025 import order
    from tests.literal import middle_out

    # 4.3.3: A..G -> D, C, E, B, F, A, G
    assert middle_out("ABCDEFG") == list("DCEBFAG")
    for n in range(9):
        assert middle_out(range(n)) == order.middle_out(range(n))
    # 4.4.2 note: {A,B,C} {A,C,B} {B,A,C} {B,C,A} {C,A,B} {C,B,A}
    assert ["".join(p) for p in permutations("ABC")] == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]


def _main(argv):  # pragma: no cover - a debugging aid
    seed = int(argv[0])
    profile = "hard" if "hard" in argv[1:] else "normal"
    pairs = dict(a.split("=", 1) for a in argv[1:] if "=" in a)
    readings = Readings.from_pairs(pairs) if pairs else None
    t = random_tournament(seed, hard=(profile == "hard"))
    print("engine :", _show(engine_result(t, readings)))
    print("literal:", _show(literal_result(t, readings)))
    trace = pair_round(t, readings) if readings is not None else pair_round(t)
    for e in trace.events:
        if e.kind != "standings":
            print(e.to_dict())


if __name__ == "__main__":  # pragma: no cover
    _main(sys.argv[1:])
