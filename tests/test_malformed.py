"""Malformed and inconsistent TRF files: exact message, line and column for each defect.

Every case starts from the worked example's round-4 request (trf.md section 12) and
breaks one thing. Line numbers of that file: 1-10 header records, 11-19 the players 1-9,
20 ``XXR 5``, 21 ``XXC white1``. Round r of a 001 line: opponent at column
``92 + 10(r-1)``, colour at ``97 + 10(r-1)``, result at ``99 + 10(r-1)`` (trf.md 3.2).

"read" cases must make the reader raise one InputError with exactly these problems;
"check" cases must read fine and make the consistency checker report exactly these.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dubov_explain.errors import InputError
from dubov_explain.records import replace
from dubov_explain.tournament.consistency import _history_words, check_consistency
from dubov_explain.trf.reader import parse_trf
from dubov_explain.trf.writer import write_trf

EXAMPLES = Path(__file__).resolve().parents[1] / "dubov_explain" / "data" / "examples"
BASE = (EXAMPLES / "dubov-example-round4-request.trf").read_text(encoding="utf-8")
BASE_LINES = BASE.splitlines()


def set_(line, col, text):
    """Overwrite ``text`` at 1-based ``col`` of 1-based ``line``."""
    return ("set", line, col, text)


def line_(line, text):
    return ("line", line, text)


def append(text):
    return ("append", text)


def insert(line, text):
    return ("insert", line, text)


def apply(edits):
    lines = list(BASE_LINES)
    for edit in edits:
        kind = edit[0]
        if kind == "set":
            _, ln, col, text = edit
            s = lines[ln - 1]
            assert len(s) >= col - 1 + len(text), "edit past the end of the line"
            lines[ln - 1] = s[:col - 1] + text + s[col - 1 + len(text):]
        elif kind == "line":
            lines[edit[1] - 1] = edit[2]
        elif kind == "append":
            lines.append(edit[1])
        elif kind == "insert":
            lines.insert(edit[1] - 1, edit[2])
    return "\n".join(lines) + "\n"


READ, CHECK = "read", "check"
#: what the strict points-mismatch error adds (the lenient warning does not)

def history(r: int) -> str:
    """The end of a refused past round that breaks an absolute rule (names the override)."""
    return _history_words(r, False)


def accepted(r: int) -> str:
    return _history_words(r, True)

HINT = ("; scores for pairing are recomputed from the results, so --lenient (or "
        "lenient=True) lets the file be paired with this as a warning")
ALL_XXS = "WW BW WD BD WL BL ZPB HPB FPB PAB FW FL"

CASES = [
    # ---- reader: fields of the 001 line (trf.md 3.1, 3.2)
    ("colour-not-wb", READ, [set_(14, 97, "x")],
     ["14:97: colour must be w, b or -, found 'x'"]),
    ("result-code-unknown", READ, [set_(12, 109, "Q")],
     ["12:109: result must be one of 1 = 0 + - W D L H F U Z, found 'Q'"]),
    ("opponent-not-a-number", READ, [set_(11, 92, "  5x")],
     ["11:92: opponent (columns 92-95) must be a starting rank or 0000, found '  5x'"]),
    ("starting-rank-blank", READ, [set_(13, 5, "    ")],
     ["13:5: starting rank (columns 5-8) is missing"]),
    ("starting-rank-not-a-number", READ, [set_(13, 5, "  3a")],
     ["13:5: starting rank (columns 5-8) must be a number 1-9999, found '  3a'"]),
    ("starting-rank-zero", READ, [set_(13, 5, "   0")],
     ["13:5: starting rank (columns 5-8) must be a number 1-9999, found '   0'"]),
    ("rating-not-a-number", READ, [set_(11, 49, "24l2")],
     ["11:49: rating (columns 49-52) must be a number or blank, found '24l2'"]),
    ("points-decimal-comma", READ, [set_(11, 81, " 2,5")],
     ["11:81: points (columns 81-84) must be a number like 12.5, found ' 2,5'"]),
    ("rank-not-a-number", READ, [set_(11, 86, "   I")],
     ["11:86: rank (columns 86-89) must be a number or blank, found '   I'"]),
    ("name-overflows-separator", READ, [set_(11, 48, "x")],
     ["11:48: column 48 must be blank (fields of a 001 line are at fixed columns), found 'x'"]),
    ("round-block-separator", READ, [set_(11, 98, "=")],
     ["11:98: column 98 must be blank (round block separator), found '='"]),
    ("tab-in-player-line", READ, [set_(15, 47, "\t")],
     ["15:47: tab character in a fixed-column record; use spaces"]),
    ("player-line-with-a-mistyped-code", READ, [set_(17, 1, "101")],
     ["17:1: record code '101' is not one this program knows, but the line has the layout of "
      "a player (001) line: read as it is, that player would be left out of the pairing; "
      "correct the code to 001, or delete the line"]),
    ("no-player-records", READ, [("line", i, "### removed") for i in range(11, 20)],
     ["1:1: no player records (001 lines) found"]),
    # ---- reader: XX / TRF26 records (trf.md 7)
    ("code-not-followed-by-blank", READ, [line_(20, "XXR5")],
     ["20:4: column 4 must be blank after the record code 'XXR', found '5'"]),
    ("xxr-not-a-number", READ, [line_(20, "XXR five")],
     ["20:5: XXR must give the total number of rounds as a whole number 1 or more, "
      "found 'five'"]),
    ("xxr-and-142-disagree", READ, [append("142 7")],
     ["22:5: total number of rounds given again as 7 (line 20 gave 5)"]),
    ("xxc-unknown-word", READ, [line_(21, "XXC white")],
     ["21:5: XXC word must be rank, white1 or black1, found 'white'"]),
    ("xxc-and-152-disagree", READ, [append("152 B")],
     ["22:5: initial colour given again as black (line 21 gave white)"]),
    ("152-not-w-or-b", READ, [line_(21, "152 white")],
     ["21:5: 152 must be W or B, found 'white'"]),
    ("xxs-without-equals", READ, [append("XXS WW:1")],
     ["22:5: XXS entries must be CODE=VALUE, found 'WW:1'"]),
    ("xxs-unknown-code", READ, [append("XXS W=1 QQ=2")],
     [f"22:9: unknown XXS code 'QQ'; expected one of {ALL_XXS} or the shortcuts W D L"]),
    ("xxs-bad-value", READ, [append("XXS WW=one")],
     ["22:8: XXS value must be a number like 0.5, found 'one'"]),
    ("162-unknown-code", READ, [append("162  Q 1.0")],
     ["22:6: 162 result code must be one of W D L A P X, found 'Q'"]),
    ("xxp-single-player", READ, [append("XXP 3")],
     ["22:5: XXP needs at least two starting ranks, found 1"]),
    ("xxz-unknown-player", READ, [append("XXZ 4 12")],
     ["22:7: XXZ names player 12, who has no 001 line"]),
    ("xxz-not-a-number", READ, [append("XXZ 4 x")],
     ["22:7: XXZ entry must be a number 1-9999, found 'x'"]),
    ("xxa-bad-value", READ, [append("XXA    1  1.x")],
     ["22:10: XXA points (columns 10-13) must be a number like 1.0, found ' 1.x'"]),
    ("xxa-twice", READ, [append("XXA    1  1.0"), append("XXA    1  0.5")],
     ["23:5: acceleration of player 1 given again (line 22)"]),
    ("240-bad-type", READ, [append("240 Q 004    3")],
     ["22:5: 240 bye type must be F, H or Z, found 'Q'"]),
    ("240-bad-round", READ, [append("240 H 0x4    3")],
     ["22:7: 240 round (columns 7-9) must be a round number like 004, found '0x4'"]),
    ("240-misaligned-ids", READ, [append("240 H 004 3  7")],
     ["22:11: 240 player (columns 11-14) must be a number 1-9999, found '3  7'"]),
    ("260-range-reversed", READ, [append("260 005 002    1    2")],
     ["22:9: 260 last round 2 is before the first round 5"]),
    # ---- consistency (trf.md 3.2, 4, 6, 13.6)
    ("game-on-one-side-only", CHECK, [set_(11, 92, "   6")],
     ["11:92: round 1: game against 6 is recorded on this side only (player 6 shows "
      "opponent 2 in round 1)",
      "15:92: round 1: game against 1 is recorded on this side only (player 1 shows "
      "opponent 6 in round 1)"]),
    ("colours-not-complementary", CHECK, [set_(11, 97, "b")],
     ["11:97: round 1: both players have colour 'b' (player 5, line 15)"]),
    ("forfeit-same-colour-twice", CHECK, [set_(14, 97, "w")],
     ["14:97: round 1: both players have colour 'w' (player 8, line 18)"]),
    ("results-not-complementary", CHECK, [set_(12, 99, "="), set_(12, 81, " 2.0")],
     ["12:99: round 1: result '=' does not match '0' of player 6 (line 16); expected '='"]),
    ("quick-win-against-loss", CHECK, [set_(11, 99, "W")],
     ["11:99: round 1: result 'W' does not match '0' of player 5 (line 15); expected 'L'"]),
    ("points-field-wrong", CHECK, [set_(11, 81, " 3.0")],
     ["11:81: points field says 3.0 but the results add up to 2.5" + HINT]),
    ("preentered-bye-not-in-points", CHECK, [set_(13, 81, " 1.0")],
     ["13:81: points field says 1.0 but the results add up to 1.5" + HINT]),
    ("two-pabs-in-a-round", CHECK,
     [set_(13, 129, "U"), set_(13, 81, " 2.0"), set_(17, 129, "U"), set_(17, 81, " 2.0")],
     ["17:129: round 4: second pairing-allocated bye (U); player 3 already has one"
      + history(4)]),
    ("duplicate-starting-rank", CHECK, [insert(20, BASE_LINES[18])],
     ["20:5: starting rank 9 is used again (first on line 19)"]),
    ("opponent-does-not-exist", CHECK, [set_(19, 92, "  12 w 1")],
     ["19:92: round 1: opponent 12 has no 001 line"]),
    ("opponent-is-oneself", CHECK, [set_(19, 92, "   9 w 1")],
     ["19:92: round 1: opponent is the player himself (9)"]),
    ("rematch-of-played-game", CHECK,
     [set_(11, 112, "   5 w ="), set_(15, 112, "   1 b ="), set_(12, 112, "0000 - Z"),
      set_(12, 81, " 2.0"), set_(15, 81, " 1.0")],
     ["11:112: round 3: 1 and 5 already played each other in round 1" + history(3)]),
    ("played-result-without-colour", CHECK, [set_(11, 97, "-")],
     ["11:97: round 1: played result '1' needs colour w or b, found '-'"]),
    ("bye-with-colour", CHECK, [set_(19, 97, "w")],
     ["19:97: round 1: bye 'U' must have colour '-', found 'w'"]),
    ("bye-code-with-opponent", CHECK, [set_(19, 92, "   2")],
     ["19:99: round 1: result 'U' is a bye but an opponent (2) is given"]),
    ("game-result-without-opponent", CHECK, [set_(19, 99, "1")],
     ["19:92: round 1: result '1' needs an opponent, found 0000"]),
    ("more-blocks-than-rounds", CHECK, [line_(20, "XXR 3")],
     ["13:122: 4 round blocks but the tournament has 3 rounds (XXR/142)",
      "17:122: 4 round blocks but the tournament has 3 rounds (XXR/142)"]),
    ("pending-against-result", CHECK, [set_(11, 99, " "), set_(11, 81, " 1.5")],
     ["11:99: round 1: result pending does not match '0' of player 5 (line 15)"]),
]


def test_cases_are_distinct_and_many():
    assert "--accept-history" in history(3)
    names = [c[0] for c in CASES]
    assert len(set(names)) == len(names) >= 25
    assert len({c[3][0] for c in CASES}) == len(CASES)  # no two cases test the same message
    assert sum(c[1] == CHECK for c in CASES) >= 10


def test_base_file_is_clean():
    t = parse_trf(apply([]), "t.trf")
    assert check_consistency(t) == []


@pytest.mark.parametrize("name,kind,edits,expected", CASES, ids=[c[0] for c in CASES])
def test_defect(name, kind, edits, expected):
    text = apply(edits)
    want = [f"t.trf:{e}" for e in expected]
    if kind == READ:
        with pytest.raises(InputError) as info:
            parse_trf(text, "t.trf")
        assert [str(p) for p in info.value.problems] == want
        assert str(info.value).splitlines() == want
        assert all(p.severity == "error" and p.file == "t.trf" for p in info.value.problems)
    else:
        t = parse_trf(text, "t.trf")
        problems = check_consistency(t)
        assert [str(p) for p in problems] == want
        assert all(p.severity == "error" for p in problems)


@pytest.mark.parametrize("name", ["points-field-wrong", "bye-with-colour",
                                  "preentered-bye-not-in-points"])
def test_lenient_downgrades_documented_cases(name):
    _, _, edits, expected = next(c for c in CASES if c[0] == name)
    t = parse_trf(apply(edits), "t.trf")
    problems = check_consistency(t, lenient=True)
    assert [str(p) for p in problems] == [f"t.trf:{e}".replace(HINT, "") for e in expected]
    assert [p.severity for p in problems] == ["warning"] * len(expected)


@pytest.mark.parametrize("name", ["two-pabs-in-a-round", "rematch-of-played-game"])
def test_accept_history_lets_a_past_round_that_breaks_a_rule_stand(name):
    """A past round that breaks an absolute rule is refused naming --accept-history; with
    it, the same problem is a located warning that says it was accepted."""
    _, _, edits, expected = next(c for c in CASES if c[0] == name)
    problems = check_consistency(parse_trf(apply(edits), "t.trf"), accept_history=True)
    assert [p.severity for p in problems] == ["warning"]
    r = problems[0].round
    assert str(problems[0]) == f"t.trf:{expected[0]}".replace(history(r), accepted(r))
    assert problems[0].rule in ("rematch", "second-pab") and len(problems[0].players) == 2


@pytest.mark.parametrize("name", ["colours-not-complementary", "two-pabs-in-a-round",
                                  "rematch-of-played-game", "game-on-one-side-only"])
def test_lenient_keeps_other_errors(name):
    _, _, edits, expected = next(c for c in CASES if c[0] == name)
    problems = check_consistency(parse_trf(apply(edits), "t.trf"), lenient=True)
    assert [p.severity for p in problems] == ["error"] * len(expected)


# ---------------------------------------------------------------- fuzzing: never a traceback

ALPHABET = " 0123456789wbWB-+=ZHUFLDX.,\t#xé\x00"
EXTRA = ["XXR 5", "XXC rank black1", "XXS W=3 D=1 PAB=1.5", "XXP 1 2 3", "XXZ 4",
         "XXA    1  1.0  0.5", "162  W 3.0    D 1.0    A 0.0", "240 H 004    3",
         "260 001 005    1    2", "152 B", "142 5", "### note", ""]


def _strip_lines(t):
    return replace(t, players=tuple(replace(p, line=0) for p in t.players))


def _check_survivor(text):
    """Parsing gives a Tournament or InputError; a Tournament can be checked and written,
    and the written text reads back to the same content and the same text."""
    try:
        t = parse_trf(text, "f.trf")
    except InputError as exc:
        assert exc.problems and all(p.is_error for p in exc.problems)
        assert all(p.line >= 1 and p.column >= 1 for p in exc.problems)
        return
    check_consistency(t)
    check_consistency(t, lenient=True)
    out = write_trf(t)
    t2 = parse_trf(out, "f.trf")
    assert _strip_lines(t2) == _strip_lines(t)
    assert write_trf(t2) == out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    extra=st.lists(st.sampled_from(EXTRA), max_size=4),
    edits=st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 160), st.sampled_from(ALPHABET),
                  st.sampled_from(["set", "insert", "delete", "cut"])),
        min_size=1, max_size=6),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_fuzz_mutated_example(extra, edits, newline):
    lines = BASE_LINES + extra
    for ln, col, ch, op in edits:
        i = ln % len(lines)
        s = lines[i]
        c = min(col, len(s))
        if op == "set":
            s = s[:c] + ch + s[c + 1:]
        elif op == "insert":
            s = s[:c] + ch + s[c:]
        elif op == "delete":
            s = s[:c] + s[c + 1:]
        else:
            s = s[:c]
        lines[i] = s
    _check_survivor(newline.join(lines))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_fuzz_arbitrary_text(text):
    _check_survivor(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_from_disk(tmp_path_factory, data):
    from dubov_explain.trf.reader import read_trf

    path = tmp_path_factory.mktemp("fuzz") / "f.trf"
    path.write_bytes(data)
    try:
        read_trf(path)
    except InputError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, max_size=140).map(lambda s: "001 " + s),
                min_size=1, max_size=5))
def test_fuzz_player_lines(lines):
    _check_survivor("\n".join(lines))
