"""The rulebook registry, --system, the system a file names, and the public API."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import dubov_explain as d
from dubov_explain.cli import main
from dubov_explain.examples import example_text
from dubov_explain.rulebooks import RULEBOOKS, Rulebook, find_rulebook, system_named_by
from dubov_explain.trf.reader import parse_trf

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "dubov-example-round4-request.trf"
PAIRING = "4\n4 1\n2 8\n6 9\n5 0\n"


def _with_092(text: str) -> str:
    """The worked example with its 092 line replaced by ``text`` (None: removed)."""
    lines = example_text(EXAMPLE).splitlines(keepends=True)
    out = [ln for ln in lines if not ln.startswith("092")]
    if text is not None:
        out.insert(7, text + "\n")
    return "".join(out)


@pytest.fixture
def write(tmp_path):
    def _write(content: str) -> Path:
        p = tmp_path / "t.trf"
        p.write_text(content, encoding="utf-8")
        return p

    return _write


def test_find_rulebook_from_any_directory():
    out = subprocess.run(
        [sys.executable, "-c",
         "import dubov_explain as d; print(d.find_rulebook('dubov-2025').title)"],
        cwd="/", capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    ).stdout
    assert out == "FIDE C.04.4.1 Dubov System\n"


def test_every_rulebook_satisfies_the_protocol():
    # the Dubov text in force first: the default of a file that names no system nor date
    assert list(RULEBOOKS)[:2] == ["dubov-2026", "dubov-2025"]
    for name in RULEBOOKS:
        book = find_rulebook(name)
        assert isinstance(book, Rulebook), name
        assert book.name == name and book.title and book.edition
        assert (book.templates / "events.md.j2").is_file(), f"{name}: no events template"
        assert book.readings_type.catalogue == book.catalogue
        # every reading's default is one of its choices
        for r in book.catalogue:
            assert r.default in r.choices, (name, r.name)


def test_unknown_system_is_an_input_error(capsys):
    assert main(["pair", "--example", "--system", "dutch-1066"]) == 3
    err = capsys.readouterr().err
    assert "unknown system 'dutch-1066'" in err and "dubov-2025" in err
    with pytest.raises(d.UnknownSystem):
        d.find_rulebook("dutch-1066")


def test_system_option_gives_the_same_pairing(capsys):
    assert main(["pair", "--example", "--system", "dubov-2025"]) == 0
    assert capsys.readouterr().out == PAIRING


@pytest.mark.parametrize("line,system", [
    ("092 Individual: Swiss Dubov", "family dubov"),  # no edition: the date chooses it
    ("192 FIDE_DUBOV", "dubov-2026"),
    ("192 fide_dubov_baku", "dubov-2026"),
    ("092 Individual: Swiss-System", None),   # names no system: the default applies
    (None, None),
])
def test_the_system_a_file_names(line, system):
    t = parse_trf(_with_092(line), "t.trf")
    named = system_named_by(t)
    assert ((named.system or f"family {named.family}") if named else None) == system
    # the named system, else the edition in force on the file's first day (042 2026/03/01)
    assert d.system_for(t)[0].name == "dubov-2026"


@pytest.mark.parametrize("line", ["192 FIDE_DOUBLESWISS", "092 Swiss Burstein System",
                                  "092 Lim", "192 FIDE_BURSTEIN"])
def test_a_file_naming_another_system_is_refused_unless_system_is_given(line, write, capsys):
    path = write(_with_092(line))
    assert main(["pair", str(path)]) == 3
    err = capsys.readouterr().err
    assert f"{path}:8:5: record {line[:3]} names the pairing system {line[4:]!r}" in err
    assert "--system" in err
    assert main(["pair", str(path), "--system", "dubov-2025"]) == 0
    out, err = capsys.readouterr()
    assert out == PAIRING
    assert f"warning: {path}:8:5: the file's {line[:3]} names {line[4:]!r}; pairing by " \
           "dubov-2025 as --system asks" in err


def test_systems_and_readings_commands(capsys):
    assert main(["systems"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dubov-2026  FIDE C.04.4.1 Dubov System, approved by the Council")
    assert "(default" in next(ln for ln in out.splitlines() if ln.startswith("dubov-2026"))
    assert "(default" not in next(ln for ln in out.splitlines() if ln.startswith("dubov-2025"))
    lines = out.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("dutch-2017  "))
    assert lines[at + 1].strip() == "status: in force from 01/07/2017 until 31/01/2026"
    assert main(["readings", "--system", "dubov-2025"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# dubov-2025: FIDE C.04.4.1 Dubov System")
    for r in find_rulebook("dubov-2025").catalogue:
        assert f"\n{r.name}  (article {r.article})\n" in out
        assert f"  * {r.default}: " in out


def test_public_api_names_all_resolve_and_pair_agrees_with_the_rulebook():
    for name in d.__all__:
        assert getattr(d, name) is not None, name
    t = d.load_example(EXAMPLE)
    book = d.find_rulebook("dubov-2026")  # the file names Dubov: the text in force
    api, own = json.loads(d.pair(t).to_json()), json.loads(book.pair(t).to_json())
    # the API says why that rulebook: the file's 092 names the Dubov system without an
    # edition, and its 042 starts it on 2026-03-01, when the 2026 text was in force
    assert api["meta"].pop("chosen") == {"system": "dubov-2026", "by": "042", "day": "2026-03-01",
                                         "line": 4, "text": "Individual: Swiss Dubov",
                                         "named": "092"}
    assert api == own
    listed = d.pair(t, system="dubov-2025", readings={"container-order": "listed"})
    assert listed.events[0].readings["container-order"] == "listed"
    with pytest.raises(d.ReadingError) as exc:
        d.pair(t, readings={"no-such-reading": "x"})
    assert exc.value.exit_code == 3 and isinstance(exc.value, d.DubovError)


def test_a_bad_reading_exits_3_without_traceback(capsys):
    assert main(["pair", "--example", "--reading", "c9-measure=most"]) == 3
    err = capsys.readouterr().err
    assert "reading 'c9-measure' has no value 'most'" in err and "Traceback" not in err


def _after_round3() -> str:
    return example_text("dubov-example-after-round3.trf")


@pytest.mark.parametrize("argv", [
    ["standings", "--example"],
    ["explain", "--example", "--player", "1"],
    ["compare", "--example", "--reading", "container-order=listed"],
    ["check", "{after}", "--round", "3"],
    ["replay", "{after}"],
    ["generate", "--players", "8", "--rounds", "3", "--seed", "1", "-o", "{out}"],
])
def test_every_command_takes_system(argv, tmp_path, capsys):
    after = tmp_path / "after.trf"
    after.write_text(_after_round3(), encoding="utf-8")
    argv = [a.format(after=after, out=tmp_path / "g.trf") for a in argv]
    assert main(argv + ["--system", "dubov-2025"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(argv + ["--system", "dutch-1066"]) == 3
    assert "unknown system 'dutch-1066'" in capsys.readouterr().err


def test_replay_and_check_refuse_a_file_naming_another_system(tmp_path, capsys):
    text = _after_round3()
    lines = [ln for ln in text.splitlines(keepends=True) if not ln.startswith("092")]
    lines.insert(1, "192 FIDE_BURSTEIN\n")
    path = tmp_path / "burstein.trf"
    path.write_text("".join(lines), encoding="utf-8")
    assert main(["check", str(path), "--round", "3"]) == 3
    assert "record 192 names the pairing system 'FIDE_BURSTEIN'" in capsys.readouterr().err
    assert main(["replay", str(path)]) == 3
    assert "record 192 names the pairing system 'FIDE_BURSTEIN'" in capsys.readouterr().err
    assert main(["replay", str(path), "--system", "dubov-2025"]) == 0
    assert "as --system asks" in capsys.readouterr().err


def test_api_checks_a_round_and_answers_why_not():
    t = parse_trf(_after_round3(), "after.trf")
    pub = d.published_from_round(t, 3)
    res = d.check_round(d.request_for_round(t, 3), 3, pub)
    assert res.verdict == "identical" and res.exit_code == 0
    swapped = d.published_from_pairs(3, [(b, w) for w, b in ((p.white, p.black) for p in pub.pairs)],
                                     pub.byes)
    bad = d.check_round(d.request_for_round(t, 3), 3, swapped)
    assert bad.verdict != "identical" and bad.exit_code in (6, 7)
    x = d.explain_player(d.load_example(EXAMPLE), 5)
    # the example names Dubov: paired by the 2026 text, whose bye articles are 3.1
    assert x.player == 5 and x.bye and x.bye["article"].startswith("3.1")


@pytest.mark.parametrize("name", list(RULEBOOKS))
def test_the_round_report_shows_every_event_of_every_rulebook(name):
    # each rulebook divides its own trace into the report's sections; an event no section
    # holds would be a decision the report silently leaves out
    from dubov_explain.render.report import round_report_md
    from dubov_explain.simulate.generator import history_before, simulate

    book = find_rulebook(name)
    for players, rounds, seed in ((9, 4, 1), (14, 5, 2), (7, 3, 3)):
        sim = simulate(players, rounds, seed, system=name)
        for r in range(1, rounds + 1):
            trace = book.pair(history_before(sim.tournament, r))
            placed = [e for s in book.report_sections(trace) for e in s.events]
            assert len({id(e) for e in placed}) == len(placed), "an event in two sections"
            kinds = ("round-opened", "standings", "pairing-published", "impossible")
            missing = [e.kind for e in trace.events
                       if e.kind not in kinds and all(e is not p for p in placed)]
            assert missing == [], (name, players, r)
            text = round_report_md(trace, "t")
            assert text.count("\n## ") >= 3



@pytest.mark.parametrize("name, heading", [
    ("dubov-2025", "Not eligible for the pairing-allocated bye ([C2]):"),
    ("dubov-1997", "Barred from the bye by 2.2 (a point without playing):"),
    ("dutch-2012", "Not eligible for the bye (B.1.b):"),
])
def test_standings_word_the_bye_bars_in_the_chosen_rulebooks_words(name, heading, capsys):
    assert main(["standings", "--example", "--system", name]) == 0
    out = capsys.readouterr().out
    bars = out.split(heading + "\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert bars and all(line.startswith("  ") for line in bars)
    if name == "dutch-2012":  # 6 took a half-point bye in round 2: B.1.b's own words
        assert "  6: scored without playing in round 2 (H)" in bars
    other = {"dubov-2025": "[C2]", "dubov-1997": "2.2", "dutch-2012": "B.1.b"}
    assert not any(tag in out for n, tag in other.items() if n != name)


@pytest.mark.parametrize("name", list(RULEBOOKS))
def test_every_rulebook_finds_a_player_paired_with_himself(name):
    # the completeness part of the absolute test is shared (rulebooks/completeness.py); the
    # Dutch check used to skip a self-pairing silently
    t = parse_trf(_after_round3(), "after.trf")
    pub = d.published_from_round(t, 3)
    rest = [(p.white, p.black) for p in pub.pairs if 1 not in (p.white, p.black)]
    bad = d.published_from_pairs(3, [(1, 1)] + rest, pub.byes)
    res = d.check_round(d.request_for_round(t, 3), 3, bad, system=name)
    cases = {(v.rule, v.case) for v in res.violations}
    assert {("completeness", "self"), ("completeness", "repeated")} <= cases
    assert res.exit_code == 7


@pytest.mark.parametrize("day, system", [("2026/03/01", "dutch-2026"), ("2026/01/31", "dutch-2017"),
                                         ("2025/03/01", "dutch-2017")])
def test_a_file_naming_the_dutch_system_is_paired_by_the_edition_of_its_first_day(day, system, write,
                                                                                   capsys):
    """``092 Swiss Dutch System`` names the family, not an edition: the Dutch text in force on
    the tournament's first day pairs it: the 2017 text until 31 January 2026, the 2026 text
    since 1 February 2026; no warning either way."""
    text = _with_092("092 Swiss Dutch System").replace("042 2026/03/01", f"042 {day}")
    path = write(text)
    assert main(["pair", str(path)]) == 0
    err = capsys.readouterr().err
    assert "does not have" not in err
    t = parse_trf(text, "t.trf")
    from dubov_explain.rulebooks import edition_choice

    choice, _ = edition_choice(t)
    assert (choice.system, choice.named, choice.by) == (system, "092", "042")
    assert choice.missing == ""


@pytest.mark.parametrize("line, system", [("192 FIDE_DUTCH_2017", "dutch-2017"),
                                          ("192 FIDE_DUTCH_2017_BAKU", "dutch-2017"),
                                          ("092 FIDE_DUTCH_2017", "dutch-2017"),
                                          ("192 FIDE_DUTCH_2025", "dutch-2026"),
                                          ("192 FIDE_DUTCH", "dutch-2026")])
def test_the_dutch_edition_a_file_names(line, system):
    """ETT26's ``FIDE_DUTCH_2017`` names the 2017 text whatever the dates (trf.md 7.3);
    ``FIDE_DUTCH`` names the text in force, as ``FIDE_DUBOV`` does."""
    t = parse_trf(_with_092(line).replace("042 2026/03/01", "042 2025/03/01"), "t.trf")
    assert system_named_by(t).system == system
    assert d.system_for(t)[0].name == system


@pytest.mark.parametrize("system", sorted(RULEBOOKS))
def test_standings_before_the_last_round_in_every_rulebook(system, tmp_path, capsys):
    """``standings`` of a round that is the tournament's last: the Dutch family's head names
    the topscorers' bar (Dutch 2026 1.8, 2017 A.7, 2012 A.10, 1992 the note to B), which the
    2026 standings did not hold (the fuzzer found `standings --system dutch-2017` exiting 2
    on such a file; dutch-2026 did the same)."""
    from dubov_explain.cli import main

    lines = [
        "001    1      P1                                2200                             1.0          2 b 1     7 b 0",
        "001    2      P2                                2100                             0.0          1 w 0     8 b -",
        "001    3      P3                                1900                             1.5          6 b =     5 b 1",
        "001    4      P4                                1700                             0.0          8 w 0     6 w 0",
        "001    5      P5                                1700                             0.0          7 b 0     3 w 0",
        "001    6      P6                                1600                             1.5          3 w =     4 b 1",
        "001    7      P7                                1500                             2.0          5 w 1     1 w 1",
        "001    8      P8                                1400                             2.0          4 b 1     2 w +",
    ]
    trf = tmp_path / "last.trf"
    trf.write_text("\n".join(["012 last round", *lines, "XXR 3", "XXC white1", ""]))
    assert main(["standings", str(trf), "--system", system]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.startswith("Standings before round 3 of 3")
    if RULEBOOKS[system].family != "dubov":
        assert "over 1 points" in head
