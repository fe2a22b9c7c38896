"""Witnesses of the Dutch rulebook (``dutch-2012``): bbpPairings and py4swiss (optional).

* **The committed corpus** ``tests/data/dutch-bbp/`` holds small tournaments written byte
  for byte by bbpPairings' random generator (its README gives seed, command and commit).
  Every round in them is bbpPairings' own pairing of the history before it, so the corpus
  tests run **without** bbpPairings: our reader reads every file; once ``dutch-2012`` is
  registered, our engine pairs every middle round without breaking its own absolute test,
  every pairing bbpPairings made passes our absolute test or is in :data:`ALLOWED`, and we
  form the same pairs as bbpPairings on at least half of the middle rounds (issue 15's
  "done when"; the figure is recorded as the test's ``agreement`` property).
* **bbpPairings** (``DUBOV_BBP=/path/to/bbpPairings.exe``; C++, Apache-2.0, builds with
  ``make``; see ``tests/dutch_witness.py``): it reads the requests our writer writes for
  every round of the corpus and pairs each exactly as it paired that round while
  generating (so the request carries all it needs: ranks, ``XXR``, ``XXC``, pre-entered
  byes, forfeits with colours); on the ``golden/dutch-2012`` cases (when that corpus
  exists) every disagreement with us must be written into the case (``### note: witness
  bbpPairings (2025/26 rules): PAIRS; analysis``, or ``### witness bbpPairings: ...``) and
  the pairs a witness note records must be what bbpPairings still answers, as
  ``tests/test_witnesses.py`` demands of py4swiss on the Dubov corpus.
* **py4swiss** (``DUBOV_PY4SWISS`` or on the PATH, ``-e dutch``): reads the same requests
  and pairs them.

The witnesses implement later editions than ours (bbpPairings the 2025 rules, applied from
2026), so they are not oracles: a pairing of theirs that our absolute test rejects is either
an edition change, listed in :data:`ALLOWED` with the article, or a defect (theirs or ours).
``benchmarks/agree_dutch.py`` gives the agreement figures on larger generated tournaments.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dutch_witness as dw
from golden_ext import load_cases
from builders import build
from dubov_explain.tournament.model import Colour, RoundEntry
from dubov_explain.trf.reader import read_trf

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "dutch-bbp"
FILES = sorted(CORPUS.glob("*.trf"))
GOLDEN = ROOT / "golden" / "dutch-2012" / "cases"

BBP = dw.bbp_path()
PY4SWISS = dw.py4swiss_path()
BOOK = dw.dutch_rulebook()

needs_bbp = pytest.mark.skipif(not BBP, reason="DUBOV_BBP does not name an executable "
                               "bbpPairings (optional witness)")
needs_py4swiss = pytest.mark.skipif(not PY4SWISS, reason="py4swiss is neither named by "
                                    "DUBOV_PY4SWISS nor on the PATH (optional witness)")
needs_dutch = pytest.mark.skipif(BOOK is None, reason=f"{dw.SYSTEM} is not registered yet")

#: Pairings of bbpPairings that our absolute test rejects, allowed because the rule changed
#: between the 2012 text and the 2025 rules bbpPairings implements.  Key: (corpus file or
#: golden case, round); value: (the player concerned, the 2012 article our test must cite,
#: why).  A violation is allowed when it names that player and cites that article (or
#: names it as its rule).  Every entry must still occur: no stale entries.
#:
#: All three are the same edition change.  The 2012 text, B.1.b: a player "who has received
#: a point or half point without playing, either through a bye or due to an opponent not
#: appearing in time ... shall not receive a bye"; so an earlier half-point bye (H) bars the
#: PAB.  The 2017 and 2025 rules bar only a player who already had a PAB or scored a win's
#: points without playing (C.04.3 2017 and 2025, criterion C2), and bbpPairings gives the
#: PAB to a player with an earlier H when he is the one the lower criteria choose (its
#: ``eligibleForBye`` in ``src/swisssystems/common.h`` bars only unplayed rounds worth a win
#: or the PAB; its 2017 build, tag v5.0.1, gives the same three PABs:
#: benchmarks/agree_dutch.py --bbp2017).
#: (If the rulebook ever reads B.1.b's "half point" as not barring, these entries go stale
#: and the test says so: remove them then, with the reading named here.)
ALLOWED: dict[tuple[str, int], tuple[int, str, str]] = {
    ("bbp-s1003.trf", 8): (25, "B.1.b", "PAB after the H of round 6 (2012 B.1.b; 2017/2025 C2)"),
    ("bbp-s1007.trf", 5): (12, "B.1.b", "PAB after the H of round 2 (2012 B.1.b; 2017/2025 C2)"),
    ("bbp-s1010.trf", 6): (19, "B.1.b", "PAB after the H of round 1 (2012 B.1.b; 2017/2025 C2)"),
    # golden cases (golden/dutch-2012/cases): the last round of a generated tournament, and
    # the case of the reading bye-bar, whose default (any-bye) is this 2012 B.1.b test
    ("reading-top-scorers", 9): (8, "B.1.b", "PAB after the H of round 7 (2012 B.1.b; "
                                 "2017/2025 C2)"),
    ("reading-bye-bar", 4): (6, "B.1.b", "PAB after the H of round 3 (2012 B.1.b under "
                             "bye-bar=any-bye; 2017/2025 C2 = bye-bar=pairing-bye)"),
    # bbpPairings counts virtual points in its top scorers (our reading
    # acceleration-top-scorers=pairing), whose absolute colours may clash in the last round;
    # our default keeps A.10 on the points scored, so B.2 holds for 1 and 2
    ("reading-acceleration-top-scorers", 3): (2, "B.2", "1-2, both absolute Black, top "
                                              "scorers only by their virtual points (A.10)"),
}


def _token(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def allowed(where: str, r: int, v) -> bool:
    """Whether the violation ``v`` of bbpPairings' pairing of round ``r`` is in ALLOWED."""
    entry = ALLOWED.get((where, r))
    if entry is None:
        return False
    player, article, _why = entry
    return player in v.players and _token(article) in (_token(v.article), _token(v.rule))


def _round_count(t) -> int:
    return dw.rounds_in(t)


def _readme_rows() -> dict[str, tuple[int, int, int]]:
    """file -> (seed, players, rounds) from the corpus README's table."""
    rows = {}
    for line in (CORPUS / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `([^`]+)` \| (\d+) \| (\d+) \| (\d+) \|", line)
        if m:
            rows[m.group(1)] = tuple(int(x) for x in m.group(2, 3, 4))
    return rows


# ------------------------------------------------------------------ the corpus, no witness


def test_the_corpus_is_what_its_readme_says():
    """The files are bbpPairings' own bytes (CR line ends, its ``092`` line, its ``012``
    naming the seed) and exactly the files the README lists: nobody re-saved or added one."""
    rows = _readme_rows()
    assert len(FILES) >= 12 and sorted(rows) == [p.name for p in FILES]
    assert dw.BBP_COMMIT in (CORPUS / "README.md").read_text(encoding="utf-8")
    for p in FILES:
        data = p.read_bytes()
        assert b"\n" not in data and data.count(b"\r") > rows[p.name][1], p.name
        seed = rows[p.name][0]
        assert data.startswith(f"012 AutoTest Tournament {seed}\r".encode()), p.name
        assert b"\r092 FIDE_DUTCH_2025" in data, p.name


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_our_reader_reads_every_corpus_file(path):
    """Our TRF reader takes every file bbpPairings wrote, without a warning, with the size
    the README gives, and every round complete: each player paired, on a bye or absent."""
    seed, players, rounds = _readme_rows()[path.name]
    t = read_trf(path)
    assert t.warnings == ()
    assert len(t.players) == players and _round_count(t) == rounds
    assert t.total_rounds is None and t.initial_colour is None  # bbp's generator writes neither
    for r in range(1, rounds + 1):
        answer = dw.from_round(t, r)
        seen = [n for b in answer.boards for n in b] + ([answer.bye] if answer.bye else [])
        assert len(seen) == len(set(seen)), (path.name, r)
        for p in t.players:
            e = p.entry(r)
            assert e is not None, (path.name, p.number, r)
            assert (p.number in seen) == (e.opponent is not None or e.code == "U")


def test_the_corpus_holds_what_a_dutch_engine_must_handle():
    """Across the corpus: draws, forfeits both ways, PABs, half-point and zero-point byes,
    and a PAB after a half-point bye of the same player (the 2012/2025 difference)."""
    codes = set()
    hpb_then_pab = 0
    for p in FILES:
        t = read_trf(p)
        for q in t.players:
            got = [e.code for e in q.entries]
            codes.update(got)
            if "H" in got and "U" in got[got.index("H"):]:
                hpb_then_pab += 1
    assert {"1", "0", "=", "+", "-", "U", "H", "Z"} <= codes
    # the edition change of ALLOWED must be in the corpus, or that test proves nothing
    assert hpb_then_pab == sum(1 for k in ALLOWED if k[0].endswith(".trf")) == 3


@pytest.mark.parametrize("round1, expected", [
    # everybody paired: player 1's colour
    ([(1, 3, "1"), (4, 2, "0")], Colour.WHITE),
    ([(3, 1, "1"), (2, 4, "0")], Colour.BLACK),
    # player 1 on a half-point bye took no part in the pairing: player 2's colour as it is
    ([(1, "H"), (3, 2, "="), (4, "U")], Colour.BLACK),
    # player 1 got the PAB: he took part without a colour, so player 2's colour reversed
    ([(1, "U"), (3, 2, "="), (4, "Z")], Colour.WHITE),
])
def test_the_inferred_initial_colour_is_bbps_round_f_rule(round1, expected):
    """bbpPairings' rule (README "Round F"): the round-1 colour of the highest player who took
    part in the pairing, reversed once for each higher participant without a colour.  (On
    the corpus, flipping the inferred colour changes bbpPairings' colours in 2 of 69 rounds,
    so test_bbp_reads_our_requests_and_pairs_them_as_it_did checks it too.)"""
    t = build([2000, 1900, 1800, 1700], [round1], initial_colour=None)
    assert dw.inferred_initial_colour(t) is expected


def _middle_rounds():
    for p in FILES:
        t = read_trf(p)
        total = _round_count(t)
        for r in dw.middle_rounds(total):
            yield p, t, total, r


MIDDLE = list(_middle_rounds())


@needs_dutch
def test_ours_pairs_every_middle_round_of_the_corpus_legally():
    """Our engine answers every middle round of the corpus, and its answer passes its own
    absolute test (no rematch, no second bye, no absolute colour clash)."""
    bad = []
    for p, t, total, r in MIDDLE:
        req = dw.request(t, r, total)
        ours = dw.run_ours(BOOK, req, r)
        if not ours.ok:
            bad.append((p.name, r, ours.status))
            continue
        v = dw.violations(BOOK, req, r, ours)
        if v:
            bad.append((p.name, r, [(x.rule, x.case, x.players) for x in v]))
    assert not bad, bad


@needs_dutch
def test_bbp_pairings_pass_our_absolute_test_or_are_allowed():
    """Every round bbpPairings paired in the corpus passes our absolute test, or the
    rejection is an edition change listed in ALLOWED; no ALLOWED entry is stale."""
    unexplained, used = [], set()
    for p, t, total, r in MIDDLE:
        req = dw.request(t, r, total)
        for x in dw.violations(BOOK, req, r, dw.from_round(t, r)):
            if allowed(p.name, r, x):
                used.add((p.name, r))
            else:
                unexplained.append((p.name, r, x.rule, x.case, x.article, x.players))
    assert not unexplained, ("bbpPairings' pairing fails our absolute test; decide by the "
                             f"articles and list edition changes in ALLOWED: {unexplained}")
    stale = {k for k in ALLOWED if (CORPUS / k[0]).exists()} - used
    assert not stale, f"ALLOWED entries our absolute test no longer rejects: {sorted(stale)}"


@needs_dutch
def test_ours_forms_the_same_pairs_as_bbp_on_half_the_middle_rounds(record_property):
    """Issue 15, done when: the same pairs (colours ignored) as bbpPairings on at least half
    of the middle rounds.  The corpus rounds are bbpPairings' own pairings."""
    same = same_colours = 0
    for p, t, total, r in MIDDLE:
        req = dw.request(t, r, total)
        ours, theirs = dw.run_ours(BOOK, req, r), dw.from_round(t, r)
        same += dw.same_pairs(ours, theirs)
        same_colours += dw.same_colours(ours, theirs)
    record_property("agreement", f"{same}/{len(MIDDLE)} same pairs, "
                                 f"{same_colours}/{len(MIDDLE)} same pairs and colours")
    print(f"dutch-2012 vs bbpPairings on the corpus: {same}/{len(MIDDLE)} middle rounds with "
          f"the same pairs, {same_colours} with the same colours too")
    assert 2 * same >= len(MIDDLE), f"only {same} of {len(MIDDLE)} middle rounds agree"


# ------------------------------------------------------------------ bbpPairings, run


@needs_bbp
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_bbp_reads_our_requests_and_pairs_them_as_it_did(path, tmp_path):
    """For every round after the first (the last included): the request as our writer
    writes it is read by bbpPairings, which pairs it exactly as it paired that round while
    generating: same pairs, same colours, same PAB."""
    t = read_trf(path)
    total = _round_count(t)
    for r in range(2, total + 1):
        req = tmp_path / f"{path.stem}-r{r}.trf"
        req.write_text(dw.request_text(dw.request(t, r, total)), encoding="utf-8")
        answer, generated = dw.run_bbp(BBP, req), dw.from_round(t, r)
        assert answer.ok, (path.name, r, answer.status)
        assert dw.same_colours(answer, generated), (path.name, r, answer.text(), generated.text())


_RICH = dict(forfeit_rate=0.06, double_forfeit_rate=0.02, quick_game_rate=0.05,
             half_bye_rate=0.05, zero_bye_rate=0.04, full_bye_rate=0.02, full_point_byes=True,
             withdrawal_rate=0.02, late_entry_rate=0.1)


@needs_bbp
@pytest.mark.parametrize("seed, players, rounds", [(21, 9, 5), (22, 16, 6), (23, 25, 7)])
def test_bbp_reads_the_requests_of_our_own_generated_tournaments(seed, players, rounds,
                                                                   tmp_path):
    """Our generator's tournaments (paired by dutch-2012 when it is registered, else by the
    default system: only the files matter here) hold what bbpPairings' never do: double
    forfeits, games of less than one move (W/D/L), full-point byes, withdrawals, late
    entries, a drawn initial colour.  For every round after the first, the request our
    writer writes is read by bbpPairings (exit 0, or 1 "no valid pairing"; never 3,
    "invalid input") and, when it pairs, its answer covers every player to pair once."""
    from dubov_explain.simulate import GeneratorOptions, simulate
    from dubov_explain.tournament.request import request_for_round

    options = GeneratorOptions(system=dw.SYSTEM if BOOK is not None else "dubov-2025", **_RICH)
    sim = simulate(players, rounds, seed, options=options)
    t = sim.tournament
    codes = {e.code for p in t.players for e in p.entries}
    assert {"+", "-", "H", "Z"} & codes
    for r in range(2, sim.rounds_played + 1):
        req_t = request_for_round(t, r)
        req = tmp_path / f"gen-{seed}-r{r}.trf"
        req.write_text(dw.request_text(req_t), encoding="utf-8")
        answer = dw.run_bbp(BBP, req)
        assert answer.ok or answer.status == "no pairing", (seed, r, answer.status)
        if answer.ok:
            to_pair = {p.number for p in req_t.players if len(p.entries) < r}
            seen = [n for b in answer.boards for n in b] + ([answer.bye] if answer.bye else [])
            assert sorted(seen) == sorted(to_pair), (seed, r)


def _for_bbp(t):
    """A golden case as bbpPairings can read it: ``XXZ`` (which it ignores) as pre-entered
    ``0000 - Z`` blocks of the round to pair, ranks filled."""
    if not t.absent:
        return t
    from dubov_explain.records import replace

    r = t.round_to_pair
    players = []
    for p in t.players:
        if p.number in t.absent and len(p.entries) == r - 1:
            p = replace(p, entries=p.entries + (RoundEntry(None, None, "Z"),))
        players.append(p)
    return replace(t, players=tuple(players), absent=frozenset())


GOLDEN_CASES = load_cases(GOLDEN) if GOLDEN.is_dir() else []


@needs_bbp
@needs_dutch
@pytest.mark.skipif(not GOLDEN_CASES, reason="no golden/dutch-2012 corpus yet")
@pytest.mark.parametrize("info", GOLDEN_CASES, ids=[c.name for c in GOLDEN_CASES])
def test_bbp_disagreements_on_golden_cases_are_examined_in_the_notes(info, tmp_path):
    """bbpPairings on a golden case: its pairing passes our absolute test (or ALLOWED says
    why not); where it differs from ours (default readings) the case carries a witness
    note; and every witness note that records pairs records what bbpPairings still
    answers."""
    t = read_trf(info.path)
    if t.scoring.values:
        pytest.skip("bbpPairings reads neither XXS nor our 162 with A (trf.md 7.2, 7.3)")
    r = t.round_to_pair
    if t.total_rounds is None:
        pytest.skip("no XXR/142: bbpPairings needs the number of rounds to pair")
    if t.initial_colour is None and r == 1:
        pytest.skip("round 1 without XXC/152: bbpPairings needs the initial colour")
    req_t = _for_bbp(t)
    req = tmp_path / info.path.name
    req.write_text(dw.request_text(req_t.with_ranks()), encoding="utf-8")
    theirs, mine = dw.run_bbp(BBP, req), dw.run_ours(BOOK, t, r)
    if theirs.ok:
        v = [x for x in dw.violations(BOOK, t, r, theirs) if not allowed(info.name, r, x)]
        assert not v, (info.name, [(x.rule, x.case, x.article, x.players) for x in v])
    theirs_text = theirs.text() if theirs.ok else theirs.status
    mine_text = mine.text() if mine.ok else mine.status
    notes = bbp_notes(info)
    if not (dw.same_pairs(theirs, mine) or theirs_text == mine_text):
        assert notes, (f"{info.name}: bbpPairings pairs {theirs_text!r}, we pair "
                       f"{mine_text!r}; examine it by the articles and write '### note: "
                       "witness bbpPairings (2025/26 rules): PAIRS; why'")
    # every note that records pairs (a disagreement's, or a reading case's verdict) records
    # what bbpPairings still answers
    current = {frozenset(b) for b in theirs.boards}
    for note in notes:
        pairs, bye = noted_pairing(note)
        if not pairs and bye is None:
            continue
        assert theirs.ok, f"{info.name}: the note records pairs, bbpPairings says {theirs_text!r}"
        stale = [sorted(p) for p in pairs if p not in current] + (
            [f"bye {bye}"] if bye is not None and bye != theirs.bye else [])
        assert not stale, (f"{info.name}: the witness note records {stale}, which bbpPairings "
                           f"no longer pairs ({theirs_text!r}): {note!r}")


#: a witness note: ``### witness bbpPairings: RESULT; why`` (as tests/test_witnesses.py
#: reads py4swiss's) or ``### note: witness bbpPairings (2025/26 rules): RESULT[ instead
#: of ...]. why`` (as the dutch-2012 corpus writes them)
_NOTE = re.compile(r"^witness bbpPairings\b[^:]*:\s*(.*)$")


def bbp_notes(info) -> list[str]:
    """The case's bbpPairings witness notes, each as the text after its colon."""
    found = list(info.witnesses.get("bbpPairings", ()))
    for note in info.notes:
        m = _NOTE.match(note)
        if m:
            found.append(m.group(1))
    return found


def noted_pairing(text: str) -> tuple[set, int | None]:
    """The pairs (colours ignored) and the PAB a witness note records: its text up to
    "instead of", ";" or the first full stop."""
    head = re.split(r" instead of |;|\.(?:\s|$)", text, maxsplit=1)[0]
    pairs = {frozenset((int(a), int(b))) for a, b in re.findall(r"(\d+)\s*-\s*(\d+)", head)}
    m = re.search(r"\bbye (\d+)", head)
    return pairs, int(m.group(1)) if m else None


@pytest.mark.parametrize("text, pairs, bye", [
    ("1-6, 2-4, 3-5 instead of 1-3, 4-5, 2-6. Same score differences", {(1, 6), (2, 4), (3, 5)},
     None),
    ("3-9, 5-15, 7-13, bye 8; this round is the last one", {(3, 9), (5, 15), (7, 13)}, 8),
    ("1-7, 2-8, 3-4, 5-6. The 2012 text treats", {(1, 7), (2, 8), (3, 4), (5, 6)}, None),
])
def test_a_witness_note_is_read_up_to_its_analysis(text, pairs, bye):
    assert noted_pairing(text) == ({frozenset(p) for p in pairs}, bye)


# ------------------------------------------------------------------ py4swiss, run


@needs_py4swiss
def test_py4swiss_reads_our_dutch_requests(tmp_path):
    """py4swiss (``-e dutch``) reads the request of every middle round of the corpus as our
    writer writes it and answers a pairing that covers every player to pair."""
    for p, t, total, r in MIDDLE:
        req_t = dw.request(t, r, total)
        req = tmp_path / f"{p.stem}-r{r}.trf"
        req.write_text(dw.request_text(req_t), encoding="utf-8")
        answer = dw.run_py4swiss(PY4SWISS, req)
        assert answer.ok, (p.name, r, answer.status)
        to_pair = {q.number for q in req_t.players if len(q.entries) < r}
        seen = [n for b in answer.boards for n in b] + ([answer.bye] if answer.bye else [])
        assert sorted(seen) == sorted(to_pair), (p.name, r)


#: the bbpPairings build of each Dutch edition: v6.0.0 (``DUBOV_BBP``) the 2026 rules,
#: v5.0.1 (``DUBOV_BBP5``, the tag ``v5.0.1``) the 2017 rules
CHECK_LIST_WITNESSES = [
    pytest.param("dutch-2026", BBP, id="2026-bbp6",
                 marks=pytest.mark.skipif(not BBP, reason="DUBOV_BBP names no binary")),
    pytest.param("dutch-2017", dw.executable(dw.os.environ.get("DUBOV_BBP5")), id="2017-bbp5",
                 marks=pytest.mark.skipif(not dw.executable(dw.os.environ.get("DUBOV_BBP5")),
                                          reason="DUBOV_BBP5 names no binary"))]


@pytest.mark.parametrize("system,bbp", CHECK_LIST_WITNESSES)
@pytest.mark.parametrize("path", FILES[:8], ids=[p.name for p in FILES[:8]])
def test_the_dutch_check_list_is_bbps(path, system, bbp, tmp_path):
    """``checklist --system S --current`` writes what bbpPairings writes with ``-p -l`` for
    the same request (v6.0.0 for Dutch 2026, v5.0.1 for Dutch 2017), cell by cell: the
    score, the colours played, the preference, the PAB bar and the floats of the last two
    rounds (1.4 of the 2026 text, A.4 of 2017's; headed ``C2 C14 C16`` and ``C2 C12 C14`` as
    each build heads them), ``Cur`` (the
    pairing made: ours and bbpPairings' agree on this corpus), the opponents; the layout is
    parsed by the drop-in tests' parser (widths, groups)."""
    from test_dropin import parse_checklist
    from dubov_explain.render.tables import checklist_text, current_cells
    from dubov_explain.rulebooks import find_rulebook

    book = find_rulebook(system)
    t = read_trf(path)
    total = _round_count(t)
    compared = 0
    for r in range(2, total + 1):
        req = dw.request(t, r, total)
        file = tmp_path / f"{path.stem}-r{r}.trf"
        file.write_text(dw.request_text(req), encoding="utf-8")
        listing = tmp_path / f"{path.stem}-r{r}.list"
        done = dw.subprocess.run([bbp, "--dutch", str(file), "-p", str(tmp_path / "p.txt"),
                                  "-l", str(listing)],
                                 capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        text = listing.read_text()  # the table, then a line naming bbpPairings' build
        text = text[:text.rindex("\n\n\n") + 3]
        theirs = {row["ID"]: row for row in parse_checklist(text)[2]}
        mine = read_trf(file)
        result = book.pair(mine).result
        ours_cols, _, rows = parse_checklist(checklist_text(
            book.standings(mine), mine, current_cells(result.boards, result.bye), book))
        ours = {row["ID"]: row for row in rows}
        # bbpPairings lists only the players to pair; ours lists the absent too (their
        # round's entry is the pre-entered bye), so that an arbiter sees the whole field
        standing = book.standings(mine)
        assert theirs.keys() <= ours.keys(), (path.name, r)
        assert all(not standing[int(pid)].present for pid in ours.keys() - theirs.keys())
        assert ours_cols == [c.strip() for c in text.split("\n")[1].rstrip("\t").split("\t")]
        for pid, row in theirs.items():
            row, theirs_row = ours[pid], row
            for col in ours_cols:
                assert row[col] == theirs_row.get(col), (path.name, r, pid, col,
                                                         row[col], theirs_row.get(col))
        compared += 1
    assert compared == total - 1
