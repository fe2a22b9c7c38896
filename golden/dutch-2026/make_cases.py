"""Find the golden cases of dutch-2026 in generated tournaments and write them (a tool, run by
hand; the cases it wrote are the reviewed corpus, this script says where they came from).

For each article below (and each named reading) it scans the requests of tournaments the
Dutch 2026 engine itself generated (6-14 players, seeds 1-60) for the first round whose
trace shows that article deciding (for a reading: whose pairing changes with its value),
and writes the request with its ``###`` notes.

    PYTHONPATH=. python golden/dutch-2026/make_cases.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.simulate.generator import GeneratorOptions, simulate  # noqa: E402
from dubov_explain.trace.events import Impossible  # noqa: E402
from dubov_explain.trf.reader import parse_trf  # noqa: E402
from dubov_explain.trf.writer import write_trf  # noqa: E402

BOOK = find_rulebook("dutch-2026")
OUT = Path(__file__).resolve().parent / "cases"


def _requests():
    for players in range(6, 15):
        for seed in range(1, 61):
            opts = GeneratorOptions(forfeit_rate=0.05, half_bye_rate=0.05) if seed % 2 else \
                GeneratorOptions.quiet()
            sim = simulate(players, min(7, players - 1), seed, options=opts,
                           system="dutch-2026", keep_rounds=True)
            for rec in sim.rounds:
                if not isinstance(rec.trace.result, Impossible):
                    yield players, seed, rec


def kinds(trace, kind, **match):
    return [e for e in trace.events if e.kind == kind and
            all(getattr(e, k) == v if not callable(v) else v(getattr(e, k))
                for k, v in match.items())]


def chosen(test):
    return lambda tr: any(test(e) for e in kinds(tr, "candidate-chosen"))


FEATURES = {
    "3.3.1-first-round": ("1.2, 3.2.2, 3.3.1, 5.2.5", "round 1: S1 the top half, S2 the rest, "
                          "S1[i] against S2[i], colours by TPN and the initial-colour",
                          lambda tr: tr.meta["round"] == 1),
    "4.2-transposition": ("4.2, 3.6.1", "a later transposition of S2",
                          chosen(lambda e: e.mdp_set == -1 and not any(e.exchange)
                                 and e.pairs and any(p[1] != e.s2[i] for i, p in enumerate(e.pairs)))),
    "4.3-exchange": ("4.3, 3.6.1", "a resident-exchange between S1 and S2",
                     chosen(lambda e: bool(e.exchange and e.exchange[0]))),
    "4.4-mdp-set": ("4.4.2, 3.7.3", "another set of MDPs in S1, one in the Limbo",
                    chosen(lambda e: e.mdp_set > 0)),
    "3.2.4-limbo": ("3.2.4, 4.4.1, [C7]", "an MDP left in the Limbo double-floats",
                    chosen(lambda e: bool(e.limbo))),
    "3.7.1-remainder": ("3.3.3, 3.7.1", "the remainder of a heterogeneous bracket",
                        chosen(lambda e: e.mdp_set >= 0 and len(e.s1r) > 0)),
    "3.8.1-best-candidate": ("3.8.1, [C12]", "no perfect candidate: the best, earliest",
                             chosen(lambda e: not e.perfect and e.vector["C12"] > 0)),
    "C14-downfloat-again": ("[C14], 1.4.2", "a resident who downfloated the previous round "
                            "downfloats again only when it cannot be helped",
                            chosen(lambda e: e.vector["C14"] > 0)),
    "C2-pab-bar": ("[C2], [C5], 1.5", "the PAB skips a player [C2] bars", None),
    "5.2.2-stronger": ("5.2.2", "the stronger preference granted",
                       lambda tr: bool(kinds(tr, "colour-allocated", rule="5.2.2"))),
    "5.2.3-alternation": ("5.2.3, GHR 3.4", "colours alternated to the last different game",
                          lambda tr: bool(kinds(tr, "colour-allocated", rule="5.2.3"))),
    "5.2.4-higher-ranked": ("5.2.4", "the higher ranked player's preference",
                            lambda tr: bool(kinds(tr, "colour-allocated", rule="5.2.4"))),
}


def bye_case(rec) -> bool:
    st = BOOK.standings(rec.request, rec.round)
    if rec.trace.result.bye is None:
        return False
    low = min(p.score for p in st.players if p.present)
    return any(not p.bye_eligible and p.present and p.score == low for p in st.players)


def write_case(name, articles, purpose, rec, notes=(), readings=()):
    text = write_trf(rec.request)
    head, rest = text.split("\n", 1)
    extra = [f"### case: {name}", f"### articles: {articles}", f"### purpose: {purpose}"]
    extra += [f"### readings: {r}" for r in readings]
    extra += [f"### note: {n}" for n in notes]
    body = "012 golden case " + name + "\n" + "\n".join(extra) + "\n" + rest
    back = write_trf(parse_trf(body, name))
    (OUT / f"{name}.trf").write_text(back, encoding="utf-8")


def main() -> None:
    todo = dict(FEATURES)
    readings = {f"reading-{r.name}": (r.name, (r.default,) + tuple(v for v in r.choices
                                                                    if v != r.default))
                for r in BOOK.catalogue}
    for players, seed, rec in _requests():
        note = f"found in a generated tournament ({players} players, seed {seed}, round {rec.round})"
        for name, (articles, purpose, test) in list(todo.items()):
            ok = bye_case(rec) if test is None else test(rec.trace)
            if ok:
                write_case(name, articles, purpose, rec, notes=(note,))
                del todo[name]
        for name, (rname, values) in list(readings.items()):
            outs = set()
            for v in values:
                alt = BOOK.pair(rec.request, BOOK.readings({rname: v}), round_no=rec.round)
                if isinstance(alt.result, Impossible):
                    break
                outs.add((alt.result.boards, alt.result.bye))
            if len(outs) >= 2:
                write_case(name, BOOK.readings_type.by_name()[rname].article,
                           f"reading {rname}: " + " and ".join(values) + " pair differently",
                           rec, readings=tuple(f"{rname}={v}" for v in values), notes=(note,))
                del readings[name]
        if not todo and not readings:
            break
    print("not found:", sorted(todo) + sorted(readings))


if __name__ == "__main__":
    main()
