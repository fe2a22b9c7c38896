"""TRF reader: the shipped examples, column layout, defaults, records (trf.md 1-9, 12)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dubov_explain.errors import EXIT_FILE, FileAccessError, InputError
from dubov_explain.tournament.model import PENDING, Colour, RoundEntry
from dubov_explain.trf.reader import parse_trf, read_trf

EXAMPLES = Path(__file__).resolve().parents[1] / "dubov_explain" / "data" / "examples"
AFTER3 = EXAMPLES / "dubov-example-after-round3.trf"
REQUEST = EXAMPLES / "dubov-example-round4-request.trf"
REQUEST26 = EXAMPLES / "dubov-example-round4-request-trf26.trf"
W, B = Colour.WHITE, Colour.BLACK


def E(opponent, colour, code):  # noqa: N802 - short constructor for tables
    return RoundEntry(opponent, colour, code)


def blocks(*raw):
    """Round blocks from 8-character texts, joined by the two separator blanks (3.2)."""
    assert all(len(b) == 8 for b in raw)
    return "  ".join(raw)


def player_line(number, blocks="", points=" 0.0", name="Test, Player", rating="2000"):
    """A 001 line with exact columns (trf.md 3.1) and the given round blocks from col 92."""
    head = (f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':<10} "
            f"{points:>4} {'':>4}  ")
    assert len(head) == 91
    return head + blocks


@pytest.mark.parametrize("path", [AFTER3, REQUEST, REQUEST26], ids=lambda p: p.name)
def test_examples_load(path):
    t = read_trf(path)
    assert len(t.players) == 9
    assert [p.number for p in t.players] == list(range(1, 10))
    assert t.total_rounds == 5
    assert t.initial_colour is W
    assert t.name == "Worked Example Open"
    assert t.source == str(path)
    assert t.round_to_pair == 4
    assert t.warnings == ()
    p4 = t.player(4)
    # player 4's round 1 is a forfeit loss keeping the scheduled colour: "8 b -"
    assert p4.entries[0] == E(8, B, "-")
    assert p4.entries[0].is_forfeit and not p4.entries[0].played
    assert p4.entries[1:] == (E(7, B, "1"), E(3, W, "1"))
    assert t.player(9).entries[0] == E(None, None, "U")
    assert t.player(6).entries[1] == E(None, None, "H")
    assert t.player(5).entries[2] == E(None, None, "Z")
    p1 = t.player(1)
    assert (p1.name, p1.rating, p1.title, p1.sex, p1.federation) == (
        "Adler, Anton", 2412, "IM", "m", "GER")
    assert (p1.fide_id, p1.birth_date, p1.points, p1.rank) == (
        "4600011", "1990/03/14", Fraction(5, 2), 1)
    assert t.player(2).title == "WGM" and t.player(2).sex == "w"
    # the line numbers of the source file
    assert [p.line for p in t.players] == list(range(11, 20))


def test_request_preentered_byes():
    t = read_trf(REQUEST)
    p3 = t.player(3)
    assert len(p3.entries) == 4 and p3.entries[3] == E(None, None, "H")
    assert p3.points == Fraction(3, 2)  # includes the pre-entered H (trf.md 6)
    assert t.player(7).entries[3] == E(None, None, "Z")
    assert len(t.player(1).entries) == 3
    assert t.round_absences == {}


def test_trf26_records():
    t = read_trf(REQUEST26)
    assert t.total_rounds == 5  # from 142
    assert t.initial_colour is W  # from 152 W
    assert t.round_absences == {4: {3: "H", 7: "Z"}}
    assert ("192", "192 FIDE_DUBOV") in t.records
    # 142/152/240 are interpreted, not kept as raw records
    assert not any(code in ("142", "152", "240") for code, _ in t.records)
    # the players' lines are those of the TRF(x) file after round 3
    assert t.players == read_trf(AFTER3).players


def test_header_records_kept_in_order():
    t = read_trf(AFTER3)
    assert [code for code, _ in t.records] == [
        "012", "022", "032", "042", "052", "062", "072", "092", "102", "122"]
    assert t.records[9] == ("122", "122 90'+30\"")
    assert t.record_positions == (0,) * 10


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_line_ends(newline):
    text = REQUEST.read_text(encoding="utf-8")
    t = parse_trf(text.replace("\n", newline), "x.trf")
    assert t == parse_trf(text, "x.trf")
    assert t.player(9).line == 19


def test_missing_final_newline_and_bom():
    text = REQUEST.read_text(encoding="utf-8")
    t = parse_trf("\ufeff" + text.rstrip("\n"), "x.trf")
    assert t == parse_trf(text, "x.trf")


def test_blank_means_default_and_case():
    # round 1: four blank opponent columns, blank colour, blank result = 0000 - Z;
    # round 2: upper-case colour, lower-case result letter; round 3: '0000' with blank colour
    lines = [
        player_line(1, blocks("        ", "   2 W d", "   3 b l"), points=" 0.5"),
        player_line(2, blocks("0000 - z", "   1 b d", "0000   h"), points=" 1.0"),
        player_line(3, blocks("0000 - H", "0000 - U", "   1 w w"), points=" 2.5"),
    ]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.player(1).entries == (E(None, None, "Z"), E(2, W, "D"), E(3, B, "L"))
    assert t.player(2).entries == (E(None, None, "Z"), E(1, B, "D"), E(None, None, "H"))
    assert t.player(3).entries == (E(None, None, "H"), E(None, None, "U"), E(1, W, "W"))


def test_interior_blank_block_is_absence_trailing_blank_is_nothing():
    lines = [
        player_line(1, blocks("   2 w 1", "        ", "   2 b 0", "        "), points=" 1.0"),
        player_line(2, blocks("   1 b 0", "0000 - Z", "   1 w 1"), points=" 1.0"),
    ]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.player(1).entries == (E(2, W, "1"), E(None, None, "Z"), E(2, B, "0"))
    assert len(t.player(1).entries) == 3  # the trailing blank block records nothing


def test_pending_result_read():
    lines = [player_line(1, "   2 w"), player_line(2, "   1 b  ")]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.player(1).entries == (E(2, W, PENDING),)
    assert t.player(2).entries[0].pending
    assert t.round_to_pair == 2


def test_short_lines_take_defaults():
    text = "001    1 m    Short, Line\n001    2 w    Rated, Player                     2100"
    t = parse_trf(text, "x.trf")
    p1, p2 = t.players
    assert (p1.name, p1.rating, p1.points, p1.rank, p1.entries) == (
        "Short, Line", 0, Fraction(0), None, ())
    assert (p2.name, p2.rating) == ("Rated, Player", 2100)
    assert t.warnings == ()


def test_line_stopping_early_is_padded_with_absences_and_warned():
    lines = [
        player_line(1, blocks("   2 w 1", "   3 b 1", "   2 w ="), points=" 2.5"),
        player_line(2, blocks("   1 b 0", "0000 - U", "   1 b ="), points=" 1.5"),
        player_line(3, blocks("0000 - Z", "   1 w 0"), points=" 0.0"),  # withdrew
    ]
    t = parse_trf("\n".join(lines), "w.trf")
    assert t.player(3).entries == (E(None, None, "Z"), E(1, W, "0"), E(None, None, "Z"))
    assert [str(w) for w in t.warnings] == [
        "w.trf:3:112: no block for round 3; read as 0000 - Z (absent)"]
    assert all(w.severity == "warning" for w in t.warnings)


def test_comments_blank_lines_and_unknown_records_are_kept_in_place():
    lines = [
        "### exported by hand",
        "012 Club Night",
        "",
        player_line(1, "   2 w 1", points=" 1.0"),
        "### between players",
        player_line(2, "   1 b 0"),
        "   ",
        "BBW  3.0",
        "xyz anything at all",
        "XXR 3",
    ]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.records == (
        ("###", "### exported by hand"), ("012", "012 Club Night"), ("", ""),
        ("###", "### between players"), ("", "   "),
        ("xyz", "xyz anything at all"))
    assert t.record_positions == (0, 0, 0, 1, 2, 2)
    # bbpPairings' BBW is read (a win and, without BBU, the PAB are worth 3), not kept
    assert t.scoring.value("WW") == t.scoring.value("PAB") == 3
    # an unknown record is kept, and said: never dropped without a word
    assert [str(w) for w in t.warnings] == [
        "x.trf:9:1: record 'xyz' is not read: this program does not know it; it is kept in "
        "the file as it is but nothing in it changes the pairing (if it should, give the "
        "same information in a record listed in docs/arbiters.md)"]
    assert t.name == "Club Night"
    assert t.total_rounds == 3
    assert t.player(2).line == 6


def test_xx_records():
    lines = [
        player_line(1, "   2 w 1", points=" 3.0"),
        player_line(2, "   1 b 0"),
        player_line(3, "0000 - U", points=" 1.5"),
        player_line(4, "0000 - H", points=" 1.0"),
        "XXR 7",
        "xxc RANK black1",
        "XXS W=3 D=1.5",
        "XXS PAB=1.5 FL=-1",
        "XXP 1 2 3",
        "XXP 2 4",
        "XXZ 3",
        "XXZ 4 1",
        "XXA    1  1.0  0.5      2.5",
        "XXA    4",
    ]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.total_rounds == 7
    assert t.pair_by_rank is True
    assert t.initial_colour is B
    assert t.scoring.values == {
        "WW": 3, "BW": 3, "FW": 3, "FPB": 3, "WD": Fraction(3, 2), "BD": Fraction(3, 2),
        "HPB": Fraction(3, 2), "PAB": Fraction(3, 2), "FL": -1}
    assert t.scoring.value("WL") == 0  # not given: default
    assert t.forbidden == ((1, 2, 3), (2, 4))
    assert t.absent == frozenset({1, 3, 4})
    assert t.acceleration == {
        1: (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(5, 2)), 4: ()}
    assert t.records == ()


def test_xxs_later_values_override_earlier_and_l_shortcut():
    lines = [player_line(1), "XXS W=2 WW=3", "XXS L=0.5 ZPB=0"]
    t = parse_trf("\n".join(lines), "x.trf")
    v = t.scoring.values
    assert (v["WW"], v["BW"], v["WL"], v["BL"], v["FL"], v["ZPB"]) == (3, 2, 0.5, 0.5, 0.5, 0)


def test_trf26_162_scoring():
    lines = [player_line(1), "162  W 3.0    D 1.0    L 0.0    A 0.0"]
    t = parse_trf("\n".join(lines), "x.trf")
    v = t.scoring.values
    assert (v["WW"], v["FW"], v["FPB"], v["HPB"], v["ZPB"], v["FL"]) == (3, 3, 3, 1, 0, 0)
    assert v["PAB"] == 3  # TRF26: P defaults to W
    t = parse_trf("\n".join([player_line(1), "162  W 3.0    P 1.0    X 1.0"]), "x.trf")
    assert t.scoring.values["PAB"] == 1
    assert [str(w) for w in t.warnings] == [
        "x.trf:2:24: 162 code X (unknown result) is not used by this program; ignored"]


def test_trf26_260_applies_only_in_its_round_range():
    lines = [
        player_line(1, "   2 w 1", points=" 1.0"),
        player_line(2, "   1 b 0"),
        player_line(3, "0000 - U", points=" 1.0"),
        "XXP 1 3",
        "260 001 001    1    2",  # round 1 only: not for round 2
        "260 002 005    2    3",
    ]
    t = parse_trf("\n".join(lines), "x.trf")
    assert t.round_to_pair == 2
    assert t.forbidden_rounds == ((1, 1, (1, 2)), (2, 5, (2, 3)))
    assert t.forbidden == ((1, 3), (2, 3))


def test_latin1_fallback_warns_at_the_first_bad_byte(tmp_path):
    line = player_line(1, name="M\xfcller, J\xf6rg")
    path = tmp_path / "latin.trf"
    path.write_bytes(("012 Open\n" + line + "\n").encode("latin-1"))
    t = read_trf(path)
    assert t.player(1).name == "M\xfcller, J\xf6rg"
    assert [str(w) for w in t.warnings] == [
        f"{path}:2:16: not valid UTF-8 (byte 0xfc); the file is read as Latin-1"]


def test_utf8_names_count_characters_not_bytes(tmp_path):
    line = player_line(1, "0000 - U", points=" 1.0", name="Öğüt, Şükrü")
    path = tmp_path / "utf8.trf"
    path.write_text(line + "\n", encoding="utf-8")
    t = read_trf(path)
    assert t.player(1).name == "Öğüt, Şükrü"
    assert t.player(1).entries == (E(None, None, "U"),)


def test_missing_file_is_exit_5(tmp_path):
    with pytest.raises(FileAccessError) as info:
        read_trf(tmp_path / "nope.trf")
    assert info.value.exit_code == EXIT_FILE
    assert str(info.value).startswith(f"{tmp_path / 'nope.trf'}: cannot read")
    with pytest.raises(FileAccessError):
        read_trf(tmp_path)  # a directory


def test_all_problems_of_a_file_are_reported_together():
    lines = [
        player_line(1, "   2 x 1"),
        player_line(2, "   1 b Q"),
        "XXR none",
    ]
    with pytest.raises(InputError) as info:
        parse_trf("\n".join(lines), "t.trf")
    assert info.value.exit_code == 3
    assert str(info.value).splitlines() == [
        "t.trf:1:97: colour must be w, b or -, found 'x'",
        "t.trf:2:99: result must be one of 1 = 0 + - W D L H F U Z, found 'Q'",
        "t.trf:3:5: XXR must give the total number of rounds as a whole number 1 or more, "
        "found 'none'",
    ]
