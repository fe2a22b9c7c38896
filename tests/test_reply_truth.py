"""Replies that say only what is true (issue 24): each sentence once written false, the
case that showed it, the new words, and the checker catching the old words.

Every case here was worked out by hand from the rule text; the expected article and fact
are written in the test.  The old (false) sentence of each case is fed to the rulebook's
claims checker, which must now find it false.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from dubov_explain import app
from dubov_explain.explain.why import reply
from dubov_explain.render.explain import reply_text
from dubov_explain.rulebooks.claims import mismatches

ROOT = Path(__file__).resolve().parents[1]
#: the claims checker of each rulebook (Dubov 2026's is Dubov 2025's, read on the 2026 numbers)
MODULE = {"dubov-2025": "dubov2025", "dubov-1997": "dubov1997", "dutch-2012": "dutch2012",
          "swiss-rating-1992": "swiss_rating1992", "dutch-2026": "dutch2026", "dubov-2026": "dubov2025",
          "dutch-2017": "dutch2017"}
#: the rulebooks whose letters are checked against the file's own facts (rulebooks/truth.py)
#: as well as the trace (the others: against the trace's rows)
WITH_FILE = {"dutch-2026", "dubov-2026", "dutch-2017"}


def case_file(system: str, case: str) -> str:
    folder = ROOT / "golden" / ("" if system == "dubov-2025" else system) / "cases"
    return str(folder / f"{case}.trf")


def load(system: str, case: str, trf: str | None = None):
    req = app.open_request(trf or case_file(system, case), system=system)
    return req, app.pair(req, None)


def checked(system: str, text: str, req, trace, player: int):
    mod = importlib.import_module(f"dubov_explain.rulebooks.{MODULE[system]}.claims")

    def wi(a, b):
        return req.rulebook.pair(req.tournament, req.readings, None, forced=((a, b),))
    kw = {"tournament": req.tournament} if system in WITH_FILE else {}
    return mod.check_text(text, trace, player, wi, **kw)


def letter(system: str, case: str, player: int, trf: str | None = None, **kw):
    """The reply and its claims, every one of them true."""
    req, tr = load(system, case, trf)
    r = reply(req.tournament, player, req.readings, trace=tr, check_readings=False, **kw)
    text = reply_text(r, tr)
    claims = checked(system, text, req, tr, player)
    assert mismatches(claims) == [], (text, mismatches(claims))
    return r, " ".join(text.split()), req, tr


def caught(system: str, text: str, req, trace, player: int) -> list:
    return mismatches(checked(system, text, req, trace, player))


# ------------------------------------------------------------------ Dubov 2025
def test_own_opponent_is_you_do_play_and_why():
    """--against naming the player's own opponent: "You do play 6", board, and 2.2.6's choice
    (was: "You do not play 6 ...: 8 and 6 are paired")."""
    r, flat, req, tr = letter("dubov-2025", "reading-container-order", 8, against=6)
    assert "You do not play" not in flat
    assert "You do play 6 Ivanov, P. (2 points): board 3." in flat
    assert "(Article 2.2.6)" in flat
    old = flat.replace("You do play 6 Ivanov, P. (2 points): board 3.", "You do play 6 Ivanov, P. (2 points): board 2.")
    assert caught("dubov-2025", old, req, tr, 8)


def test_equal_halves_by_ranking_are_not_the_smaller_colour_group():
    """Round 1, six players: 2.2.3 splits the bracket in halves by initial ranking (nobody has
    played), {1, 2, 3} and {4, 5, 6}, the same size: 2.2.4.1 looks at G1 because the sizes are
    equal, and neither is a colour group (was: "the smaller of the two colour groups")."""
    r, flat, req, tr = letter("dubov-2025", "2.2.3-round-one-groups-by-ranking", 1, against=2)
    assert "{1, 2, 3} (the upper half by initial ranking of the 0-point bracket" in flat
    assert "the halves are the same size, so Article 2.2.4.1 looks at the upper one" in flat
    assert "colour group" not in flat
    old = flat.replace("the upper half by initial ranking of the 0-point bracket",
                       "the smaller of the two colour groups of the 0-point bracket")
    assert caught("dubov-2025", old, req, tr, 1)
    _, tech, req, tr = letter("dubov-2025", "2.2.3-round-one-groups-by-ranking", 1, against=2, technical=True)
    assert "the subgroups are the same size, so the one looked at is G1 ({1, 2, 3}" in tech
    old = tech.replace("the subgroups are the same size, so the one looked at is", "the smaller subgroup is")
    assert caught("dubov-2025", old, req, tr, 1)


# ------------------------------------------------------------------ Dubov 1997
DATA = ROOT / "tests" / "data" / "replies"


def test_1997_bye_passed_over_by_article_9_says_so():
    """A five-player round robin, the resting player absent (no bye): in round 5 the only
    complete pairing leaves 3 out, the leader on 4 points.  Article 4 puts 5, 4 (0 points),
    2, 1 (2 points) first, but with any of them out the rest cannot be paired (§9, reading
    wise): 3 gets the bye because the others are passed over (was: "Article 4: you were the
    only player who could have it", a reason that is not the one)."""
    trf = str(DATA / "dubov1997-bye-passed-over.trf")
    r, flat, req, tr = letter("dubov-1997", "", 3, trf=trf)
    assert r.topic == "bye"
    assert ("Article 9: before you in the order of Article 4 come 5 P5 (score 0), 4 P4 (score 0), 2 P2 (score 2), "
            "1 P1 (score 2), but with the bye given to any of them the rest of the round cannot be paired, so each "
            "is passed over. Article 4: you are the last player left who may have it.") in flat
    old = flat.replace(flat[flat.index("Article 9:"): flat.index("may have it.") + len("may have it.")],
                       "Article 4: you were the only player who could have it.")
    assert caught("dubov-1997", old, req, tr, 3)
    wrong_rival = flat.replace("come 5 P5 (score 0), 4 P4", "come 4 P4 (score 0), 5 P5")
    assert caught("dubov-1997", wrong_rival, req, tr, 3)


def test_1997_bye_by_aro_names_the_rival_both_aros_and_the_colours():
    """4-bye-higher-aro: 12 and 13 have the same score (0) and R (1700); as many players of
    the 0-point group are due White as Black, so no due colour dominates and the higher ARO
    decides, 2237 against 2167 (was: "with score, R and due colour tied, it goes to the
    higher ARO", naming neither the rival nor the AROs, and claiming a tie of due colours)."""
    r, flat, req, tr = letter("dubov-1997", "4-bye-higher-aro", 12)
    c = next(e for e in tr.events if e.kind == "bye-candidates")
    keys = {k[0]: k for k in c.keys}
    assert c.dominating == "" and keys[12][3] != keys[13][3]  # the due colours differ
    assert ("Article 4: you and the next candidate, 13 Nakamura, V., have the same score (0) and R (1700); no due "
            "colour dominates the 0-point score group; the higher ARO has the bye: yours 2237.0 against 2167.0.") in flat
    old = flat.replace(flat[flat.index("Article 4:"): flat.index("2167.0.") + len("2167.0.")],
                       "Article 4: with score, R and due colour tied, it goes to the higher ARO.")
    assert caught("dubov-1997", old, req, tr, 12)
    swapped = flat.replace("yours 2237.0 against 2167.0", "yours 2167.0 against 2237.0")
    assert caught("dubov-1997", swapped, req, tr, 12)
    name14 = next(r["name"] for r in tr.events[1].rows if r["number"] == 14)
    rival = flat.replace("the next candidate, 13 Nakamura, V.,", f"the next candidate, 14 {name14},")
    assert rival != flat and caught("dubov-1997", rival, req, tr, 12)  # a wrong rival in a bye letter


# ------------------------------------------------------------------ Dutch 2012 and 1992
def test_dutch_why_not_gives_the_real_reason_not_the_what_if_artefact():
    """reading-strong-as-absolute, 4 (strong White) and 5 (absolute White) in the 2-point
    bracket: the real pairing keeps A.7.d; with 4–5 held the bracket must drop it (C.10.f).
    That 1 would then have no opponent is a consequence of holding 4–5, never the reason
    (was: "with you and 5 paired, 1 would have no possible opponent ... (Article C.1)")."""
    r, flat, req, tr = letter("dutch-2012", "reading-strong-as-absolute", 4, against=5)
    assert ("You do not play 5 Olsen, W. (2 points): the 2-point bracket is paired with requirement A.7.d kept; "
            "with you and 5 paired it would have to be dropped (Article C.10.f).") in flat
    old = flat.replace("the 2-point bracket is paired with requirement A.7.d kept; with you and 5 paired it would "
                       "have to be dropped (Article C.10.f)", "with you and 5 paired, 1 would have no possible "
                       "opponent in the 2-point bracket and would move down at once (Article C.1)")
    assert caught("dutch-2012", old, req, tr, 4)


def test_dutch_and_1992_pages_call_a_moved_down_player_a_downfloater():
    """C.12-mdp-incompatible, round 5: 2 (3.5), 1 and 3 (2 points) are moved down into the
    1.5-point bracket (A.3); 3 meets 4 (1.5): by A.4 the higher player, 3, is the
    downfloater and 4 the upfloater (was: "3 is paired in the 1.5-point bracket as an
    upfloater", "upfloaters: 2, 1, 3")."""
    from dubov_explain.explain.why import explain_player
    from dubov_explain.render.explain import player_md
    for system in ("dutch-2012", "swiss-rating-1992"):
        req, tr = load(system, "C.12-mdp-incompatible")
        md = player_md(explain_player(req.tournament, 3, req.readings, trace=tr, mates=False, own=False), tr)
        assert "upfloater" not in md.replace("the upfloater of the pair", "")
        assert ("3 is paired in the 1.5-point bracket as a player moved down from a higher bracket (A.3); paired "
                "with a lower score, 3 is the downfloater of the pair (A.4).") in " ".join(md.split())
        md4 = player_md(explain_player(req.tournament, 4, req.readings, trace=tr, mates=False, own=False), tr)
        assert "4 is the upfloater of the pair (A.4)" in " ".join(md4.split())
        # the float letters: the checker reads the file's scores, not the trace's labels
        r, flat, req, tr = letter(system, "C.12-mdp-incompatible", 3, question="float")
        assert "you are the downfloater of your pair (Article A.4)" in flat
        wrong = flat.replace("Paired with a lower score, you are the downfloater", "Paired with a lower score, you "
                             "are the upfloater")
        assert caught(system, wrong, req, tr, 3)
        r, flat, req, tr = letter(system, "C.12-mdp-incompatible", 4)
        assert r.topic == "float"  # a resident paired with a player moved down: asked unprompted
        assert ("You were not moved: you are a resident of the 1.5-point bracket, and your opponent, 3 Xu, H. (2 "
                "points), was moved down into it from a higher bracket (Article A.3). Paired with a higher score, "
                "you are the upfloater of your pair (Article A.4).") in flat


def test_truth_catches_a_downfloater_called_an_upfloater_in_any_text():
    """The file's facts alone (rulebooks/truth.py), no trace label: 3 (2 points) meets 4 (1.5)."""
    from dubov_explain.rulebooks.truth import Truth
    req, tr = load("dutch-2012", "C.12-mdp-incompatible")
    truth = Truth(req.tournament, 5)
    opp = {3: 4, 4: 3}.get
    got = [ok for _k, _w, ok, _x in truth.check_numbers("3 is the downfloater of the pair.", None, opp)]
    assert got == [True]
    got = [ok for _k, _w, ok, _x in truth.check_numbers("3 is the upfloater of the pair.", None, opp)]
    assert got == [False]
    got = [ok for _k, _w, ok, _x in truth.check_numbers("against 4 Euwe, T. (1.5 points), and 3 Xu, H. (2 points)",
                                                       None, opp)]
    assert got == [True, True]
    got = [ok for _k, _w, ok, _x in truth.check_numbers("against 4 Euwe, T. (2 points)", None, opp)]
    assert got == [False]


def test_accelerated_points_are_points_plus_acceleration():
    """Baku round 2: 1 has 1 point and 1 acceleration point, 2 for pairing.  Every letter
    says "1 point + 1 acceleration point" and the standing "2 points for the pairing (1
    scored, 1 added by acceleration)" (was: "You do not play 2 P2 (2 points)")."""
    for system, case, n, m in (("dubov-2025", "1.3.1-baku-round2", 1, 2), ("dubov-1997", "acceleration-round-2", 3, 6),
                               ("dutch-2012", "acceleration-round-2", 1, 2)):
        r, flat, req, tr = letter(system, case, n, against=m)
        assert "acceleration point" in flat and "for the pairing (" in flat
        old = flat.replace(" point + 1 acceleration point)", " points)").replace("1 points)", "2 points)")
        assert caught(system, old, req, tr, n), system


def test_dutch_standings_show_the_float_history_up_and_down():
    """`standings --system dutch-2012`: the float history of A.4 (B.5 and B.6 read its last
    two rounds), recomputed here from the file's scores alone: a bye is a downfloat, of two
    players with unequal scores the higher floats down (was: 0 upfloats for everyone, no
    downfloats, an ARO column of zeros)."""
    import re
    import subprocess
    import sys

    from dubov_explain.trf.reader import read_trf

    f = case_file("dutch-2012", "B.2-same-absolute")
    out = subprocess.run([sys.executable, "-m", "dubov_explain", "standings", f, "--system", "dutch-2012"],
                         capture_output=True, text=True, check=True).stdout
    t = read_trf(f)
    scores = {p.number: [0.0] for p in t.players}
    for r in range(5):
        for p in t.players:
            scores[p.number].append(scores[p.number][-1] + float(t.scoring.points(p.entries[r])))
    rows = {int(m[1]): m for m in re.finditer(r"^(\d+) .*?\s([-UD]{5})\s+(\d+)\s+(up|down|no)\s", out, re.M)}
    assert len(rows) == 9 and "ARO" not in out.splitlines()[2]
    for p in t.players:
        want = ""
        for r, e in enumerate(p.entries[:5]):
            if e.opponent is None:
                want += "D" if e.code == "U" else "-"
                continue
            a, b = scores[p.number][r], scores[e.opponent][r]
            want += "D" if a > b else ("U" if a < b else "-")
        m = rows[p.number]
        assert m[2] == want, (p.number, m[2], want)
        assert int(m[3]) == want.count("U") and m[4] == {"U": "up", "D": "down", "-": "no"}[want[-1]]
    assert rows[9][2] == "D--UU" and rows[9][3] == "2"  # two upfloats, shown


def test_cli_bye_and_float_questions(capsys):
    """``explain --player N --reply --bye`` / ``--float`` in any rulebook; one question at a
    time (a usage error for two)."""
    from dubov_explain.cli import main

    f = case_file("swiss-rating-1992", "B.1.b-no-second-bye")
    assert main(["explain", f, "--system", "swiss-rating-1992", "--player", "6", "--bye"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Dear ") and "You may not have it: you received the bye in round 1 (Article B.1.b)." in out
    f = case_file("dubov-1997", "7.1-transfer-for-a-player")
    assert main(["explain", f, "--system", "dubov-1997", "--player", "1", "--reply", "--float"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "was transferred up into it by Article 7.1" in out
    import pytest
    with pytest.raises(SystemExit) as e:
        main(["explain", f, "--system", "dubov-1997", "--player", "1", "--bye", "--float"])
    assert e.value.code != 0 and "one question at a time" in capsys.readouterr().err


def test_truth_reads_the_player_a_number_of_points_is_about():
    """sim-200p-round9 has two players named "Urban, I.": 6 and 76; "against 76 Urban, I.
    (3.5 points)" is about 76, not 6 (whose name ends that text too)."""
    from dubov_explain.rulebooks.truth import Truth

    req, tr = load("dubov-2025", "sim-200p-round9")
    truth = Truth(req.tournament, tr.events[0].round)
    assert truth.players[6].name == truth.players[76].name == "Urban, I."
    got = list(truth.check_numbers("Board 53: 118 has White against 76 Urban, I. (3.5 points).", None, lambda n: None))
    assert [(w, ok) for _k, w, ok, _x in got] == [("76 (3.5 points)", True)]


def test_dutch_why_not_the_bye_holder_says_he_has_the_bye():
    """B.2-same-absolute: 4 (2.5 points) has the bye (A.5: left unpaired after the last
    bracket). "Why not 4?" is answered by that, not by where a what-if run first parts (was:
    "the procedure decides otherwise at Article C.2")."""
    r, flat, req, tr = letter("dutch-2012", "B.2-same-absolute", 3, against=4)
    assert ("You do not play 4 Olsen, H. (2.5 points): 4 has the bye this round: the player left unpaired after "
            "the last bracket is paired (Article A.5).") in flat
    assert caught("dutch-2012", flat.replace("4 has the bye this round", "6 has the bye this round"), req, tr, 3)
    r, flat, req, tr = letter("dutch-2012", "B.2-same-absolute", 4, against=6)
    assert "You do not play 6 Adams, A. (2.5 points): you have the bye this round" in flat


# ------------------------------------------------------------------ Dutch 2026 and Dubov 2026
def test_dutch2026_letters_once_false_are_caught():
    """Dutch 2026 letters, every sentence read back by ``dutch2026/claims.py`` with the file:
    the old words of each false or half-right sentence are now caught (was: no checker)."""
    # C2-pab-bar round 4: 3 absent (H): GHR 3.3, not Article 1.2 (the order of players)
    r, flat, req, tr = letter("dutch-2026", "C2-pab-bar", 3)
    assert "(General Handling Rules, Article 3.3)" in flat
    assert caught("dutch-2026", flat.replace(
        "Players known in advance not to play a round are not paired in it (General Handling Rules, Article 3.3).",
        "Absent players are not paired (Article 1.2)."), req, tr, 3)
    # 4 has the PAB: the last bracket's downfloater (1.9.1), 5 and 6 barred by [C2]; not
    # "Article 1.5: ... left unpaired by the last bracket" (1.5 only defines the PAB)
    r, flat, req, tr = letter("dutch-2026", "C2-pab-bar", 4)
    old = flat[flat.index("Article 1.9.1:"): flat.index("No named")].strip()
    assert caught("dutch-2026", flat.replace(old, "Article 1.5: the bye goes to the player left unpaired by the last "
                                                  "bracket, and you are that player."), req, tr, 4)
    for wrong in (("in round 1), 5", "in round 2), 5"),                     # the round of the bar
                  ("6 (received", "2 (received"),                           # a player [C2] does not bar
                  ("A bye counts as a downfloat", "A bye counts as an upfloat")):
        assert caught("dutch-2026", flat.replace(*wrong), req, tr, 4), wrong
    # 2 (1.5) meets 1 (2.5), moved down: 2 receives the upfloat (1.4.2), not a downfloat
    r, flat, req, tr = letter("dutch-2026", "C2-pab-bar", 2)
    bad = caught("dutch-2026", flat.replace("you receive an upfloat", "you receive a downfloat"), req, tr, 2)
    assert {c.kind for c in bad} >= {"float", "truth-float"}
    # the rounds two players met, from the file
    r, flat, req, tr = letter("dutch-2026", "3.8.1-best-candidate", 6, against=1)
    assert caught("dutch-2026", flat.replace("in round 2 ([C1]", "in round 1 ([C1]"), req, tr, 6)
    # a colour preference the file's colours do not give (1.7)
    r, flat, req, tr = letter("dutch-2026", "5.2.2-stronger", 4, question="colour")
    assert caught("dutch-2026", flat.replace("preference is strong for White (Article 1.7.2)",
                                             "preference is mild for White (Article 1.7.3)"), req, tr, 4)
    assert caught("dutch-2026", flat.replace("of you two, 2 is the higher", "of you two, 4 is the higher"), req, tr, 4)
    # a candidate called perfect (3.4.1) only when the trace's is: 3.8.1-best-candidate's
    # 0.5-point bracket takes the best of imperfect candidates (3.8.1)
    r, flat, req, tr = letter("dutch-2026", "3.8.1-best-candidate", 5, against=6)
    old = ("of the candidates with the best values of the criteria [C5]-[C21], the first generated in the order of "
           "Articles 4.2-4.4 (Articles 3.4.1, 3.8.1).")
    assert old in flat
    assert caught("dutch-2026", flat.replace(old, "the first candidate generated in the order of Articles 4.2-4.4 "
                                                  "whose values of the criteria [C5]-[C21] are the best any candidate "
                                                  "can reach, accepted at once (a perfect candidate, Article 3.4.1)."),
                  req, tr, 5)
    # 5.2.3 names the round the two last had different colours: round 2 (2 White, 3 Black)
    r, flat, req, tr = letter("dutch-2026", "5.2.3-alternation", 3)
    assert "In round 2 you had Black and your opponent White." in flat
    assert caught("dutch-2026", flat.replace("In round 2 you had", "In round 3 you had"), req, tr, 3)


def test_dutch2026_bye_rival_and_acceleration_are_checked_against_the_file():
    """B.1.b-no-second-bye paired by the 2026 text: the bye to 5 would leave 4 and 6, who
    played in round 3 ([C1], [C4]); a wrong rival is caught.  acceleration-round-2: the
    letter printed the pairing score as points ("you (1 P1, 2 points)"); now caught."""
    b1b = str(ROOT / "golden" / "dutch-2012" / "cases" / "B.1.b-no-second-bye.trf")
    r, flat, req, tr = letter("dutch-2026", "", 4, trf=b1b)
    assert "With the bye given to 5 instead" in flat
    assert caught("dutch-2026", flat.replace("With the bye given to 5 instead", "With the bye given to 6 instead"),
                  req, tr, 4)
    acc = str(ROOT / "golden" / "dutch-2012" / "cases" / "acceleration-round-2.trf")
    r, flat, req, tr = letter("dutch-2026", "", 1, trf=acc, against=2)
    assert "you (1 P1, 1 point + 1 acceleration point) play Black" in flat
    old = flat.replace("1 point + 1 acceleration point", "2 points")
    assert caught("dutch-2026", old, req, tr, 1)


def test_truth_recomputes_preferences_and_bye_bars_from_the_file():
    """1.7 of the Dutch 2026 text and Basic Rule 4 ([C2]) on C2-pab-bar's file, before round 4."""
    from dubov_explain.rulebooks.truth import Truth
    req, tr = load("dutch-2026", "C2-pab-bar")
    t = Truth(req.tournament, 4)
    assert t.preference(4) == ("absolute", "White", "1.7.1")  # WBB: the same colour twice
    assert t.preference(1) == ("mild", "White", "1.7.3")      # (bye) W B
    assert t.preference(3) == ("strong", "Black", "1.7.2")    # WBW
    assert [t.bye_bar(n) for n in range(1, 7)] == [None, None, None, None, (2, "U"), (1, "U")]
    from dubov_explain.trf.reader import read_trf
    b1b = read_trf(str(ROOT / "golden" / "dutch-2012" / "cases" / "B.1.b-no-second-bye.trf"))
    assert not t.pairable([4, 5]) and t.pairable([4, 6]) and not Truth(b1b, 4).pairable([4, 6]) and Truth(b1b, 4).pairable([5, 6])
    assert Truth(req.tournament, 1).preference(1) == ("none", None, "1.7.4")


def test_dubov2026_letters_once_false():
    """XXP is no article ("Article XXP: a pair that no pairing may contain"); 3.1.5 speaks
    of the TPN; from the taken player's side "4 was paired before you" was false (4 was
    paired before 2, the player asked about)."""
    r, flat, req, tr = letter("dubov-2026", "3.2.4.1-unavoidable-pair-shifted", 1, against=2)
    assert "Article XXP" not in flat and "the tournament forbids the pair" in flat
    r, flat, req, tr = letter("dubov-2026", "3.1.5-bye-lowest-ranked-in-round-one", 1, question="bye")
    assert "5 has the larger TPN (TPN 5 against 1; 3.1.5)" in flat
    assert caught("dubov-2026", flat.replace("(TPN 5 against 1", "(TPN 4 against 1"), req, tr, 1)
    r, flat, req, tr = letter("dubov-2026", "1.3.1-baku-round2", 1, against=2)
    assert "4 was paired before 2 and was given 1" in flat and "paired before you" not in flat
