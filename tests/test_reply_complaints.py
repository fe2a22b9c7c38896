"""A corpus of complaints, at least eight per rulebook: the player's question (stated, or
none), the topic the letter must answer, and the deciding article and fact, each written
by hand from the rule text and the case's file (issue 24).

Every letter is also read back by its rulebook's claims checker with the tournament file
(``tests/test_reply_truth.py``'s ``letter``): no sentence false, none unproven, every number
of points and every float checked against the file's own facts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reply_truth import DATA, ROOT, letter

BYE9 = str(DATA / "dubov1997-bye-passed-over.trf")
#: Dutch 2012 cases paired by the 2026 text (the request is the same file)
B1B = str(ROOT / "golden" / "dutch-2012" / "cases" / "B.1.b-no-second-bye.trf")
ACC = str(ROOT / "golden" / "dutch-2012" / "cases" / "acceleration-round-2.trf")
#: a Dutch 2026 case paired by the 2017 text (the request is the same file)
C2BAR = str(ROOT / "golden" / "dutch-2026" / "cases" / "C2-pab-bar.trf")

#: (system, case, player, question, topic, the article and facts the letter must state)
COMPLAINTS = [
    # ---------------------------------------------------------------- Dubov 2025
    ("dubov-2025", "2.1.1-c2-bye-barred-by-pab-fpb-and-forfeit-win", 5, {}, "bye",
     ["(Article 2.1.1)", "1 (received the pairing-allocated bye in round 2)", "2 (won by forfeit in round 2)"]),
    ("dubov-2025", "2.1.3-bye-lowest-score", 1, {"question": "bye"}, "no-bye",
     ["it goes to 2 P2 (0 points)", "2 has a lower score (0 points against 1 point; 2.1.3)"]),
    ("dubov-2025", "2.1.4-bye-most-games-played", 5, {}, "no-bye",
     ["it goes to 4 P4 (0 points)", "with equal scores, 4 has played more games (1 against 0; 2.1.4)"]),
    ("dubov-2025", "2.1.5-bye-lowest-ranked-in-round-one", 1, {"question": "bye"}, "no-bye",
     ["5 is lower in the initial ranking (rank 5 against 1; 2.1.5)"]),
    ("dubov-2025", "reading-container-order", 5, {}, "upfloat",
     ["5 (1 point) is upfloated into the 2.5-point bracket (2.2.2)", "worse on [C6]"]),
    ("dubov-2025", "reading-container-order", 3, {"question": "float"}, "upfloat",
     ["3 (2 points) is upfloated into the 3-point bracket (2.2.2)", "worse on [C7]"]),
    ("dubov-2025", "reading-container-order", 1, {}, "float",
     ["your opponent, 7 Petrov, M. (2.5 points), was upfloated into it from a lower bracket (Article 2.2.2)"]),
    ("dubov-2025", "2.2.1-worked-example-two-upfloaters", 8, {}, "upfloat",
     ["8 (2 points) is upfloated into the 2.5-point bracket", "2 upfloater(s) needed"]),
    ("dubov-2025", "5.2.3-stronger-preference-wins", 1, {"question": "colour"}, "colour",
     ["Article 5.2.3", "2 (strong Black) over 1 (mild Black)"]),
    ("dubov-2025", "reading-container-order", 8, {"against": 6}, "opponent",
     ["You do play 6 Ivanov, P. (2 points): board 3.", "(Article 2.2.6)"]),
    ("dubov-2025", "2.2.3-round-one-groups-by-ranking", 1, {"against": 2}, "opponent",
     ["the upper half by initial ranking", "Article 2.2.4.1"]),
    ("dubov-2025", "1.3.1-baku-round2", 1, {"against": 2}, "opponent",
     ["2 P2 (1 point + 1 acceleration point)", "2 points for the pairing (1 scored, 1 added by acceleration)"]),
    # ---------------------------------------------------------------- Dubov 1997
    ("dubov-1997", "4-bye-higher-aro", 12, {}, "bye",
     ["13 Nakamura, V., have the same score (0) and R (1700)", "yours 2237.0 against 2167.0"]),
    ("dubov-1997", "4-bye-higher-aro", 13, {"question": "bye"}, "no-bye",
     ["12 has the higher ARO: 2237.0 against your 2167.0"]),
    ("dubov-1997", "4-bye-dominating-colour", 15, {}, "bye",
     ["the dominating due colour of the 0-point score group is Black, and you are due it, 14 is due White"]),
    ("dubov-1997", "4-bye-lowest-rating", 4, {}, "bye",
     ["you have the lower R: 2025 against 2140"]),
    ("dubov-1997", "", 3, {"trf": BYE9}, "bye",
     ["Article 9: before you in the order of Article 4 come 5 P5 (score 0)"]),
    ("dubov-1997", "2.2-bye-bar", 6, {"question": "bye"}, "no-bye",
     ["You may not have it: you received the bye in round 1 (Article 2.2)."]),
    ("dubov-1997", "2.2-bye-bar", 2, {"question": "bye"}, "no-bye",
     ["Article 4: 4 has a lower score: 0 against your 2."]),
    ("dubov-1997", "7.1-transfer-for-a-player", 4, {}, "upfloat",
     ["You were transferred up to the 0.5-point score group by Article 7.1 for 1 Tal, I."]),
    ("dubov-1997", "7.1-transfer-for-a-player", 1, {}, "float",
     ["your opponent, 4 Adams, A. (0 points), was transferred up into it by Article 7.1"]),
    ("dubov-1997", "2.1-6.3-rematch-black-lower-white-pair", 1, {"against": 2}, "opponent",
     ["you have played each other (Article 2.1), in round 2"]),
    ("dubov-1997", "1-due-colour-aro", 1, {"question": "colour"}, "colour",
     ["Article 3, both players get their due colour (first priority)"]),
    ("dubov-1997", "5-first-round-odd", 1, {"question": "bye"}, "no-bye",
     ["Article 5: in round 1 the last player of the list, 6, has the bye."]),
    # ---------------------------------------------------------------- Dutch 2012
    ("dutch-2012", "B.1.b-no-second-bye", 6, {"question": "bye"}, "no-bye",
     ["it goes to 4 Quinteros, C. (2 points)", "you received the bye in round 1 (Article B.1.b)"]),
    ("dutch-2012", "B.1.b-no-second-bye", 5, {}, "no-bye",
     ["the player left unpaired after the last bracket is paired (Article A.5)"]),
    ("dutch-2012", "B.1.b-no-second-bye", 4, {}, "bye", ["Article A.5"]),
    ("dutch-2012", "C.12-mdp-incompatible", 3, {}, "upfloat",
     ["moved down into the 1.5-point bracket (Article A.3)", "you are the downfloater of your pair (Article A.4)"]),
    ("dutch-2012", "C.12-mdp-incompatible", 4, {}, "float",
     ["3 Xu, H. (2 points), was moved down", "you are the upfloater of your pair (Article A.4)"]),
    ("dutch-2012", "B.6-downfloater", 1, {}, "float",
     ["2 Dubov, P. (3 points), was moved down", "you are the upfloater of your pair (Article A.4)"]),
    ("dutch-2012", "reading-strong-as-absolute", 4, {"against": 5}, "opponent",
     ["requirement A.7.d kept; with you and 5 paired it would have to be dropped (Article C.10.f)"]),
    ("dutch-2012", "C.13-lowest-bracket", 2, {}, "opponent", ["you have met before (Article B.1.a)"]),
    ("dutch-2012", "E.2-stronger-preference", 1, {"question": "colour"}, "colour",
     ["Article E.2, the stronger colour preference is granted"]),
    ("dutch-2012", "acceleration-round-2", 1, {"against": 2}, "opponent",
     ["2 P2 (1 point + 1 acceleration point)", "2 points for the pairing (1 scored, 1 added by acceleration)"]),
    # ---------------------------------------------------------------- Swiss 1992 (rating)
    ("swiss-rating-1992", "B.1.b-no-second-bye", 6, {"question": "bye"}, "no-bye",
     ["it goes to 2 Zhou, W. (3 points)", "you received the bye in round 1 (Article B.1.b)"]),
    ("swiss-rating-1992", "B.1.b-no-second-bye", 5, {}, "no-bye",
     ["the player left unpaired after the last bracket is paired (Article A.5)"]),
    ("swiss-rating-1992", "C.13-lowest-bracket", 6, {}, "no-bye",
     ["you received the bye in round 1 (Article B.1.b)"]),
    ("swiss-rating-1992", "B.2-same-absolute", 2, {}, "bye", ["Article A.5: the number of players to pair is odd"]),
    ("swiss-rating-1992", "C.12-mdp-incompatible", 3, {}, "upfloat",
     ["moved down into the 1.5-point bracket", "you are the downfloater of your pair (Article A.4)"]),
    ("swiss-rating-1992", "C.12-mdp-incompatible", 4, {}, "float",
     ["3 Xu, H. (2 points), was moved down", "you are the upfloater of your pair (Article A.4)"]),
    ("swiss-rating-1992", "F.2-forfeit-may-repeat", 6, {}, "upfloat",
     ["moved down into the 0-point bracket", "you are the downfloater of your pair (Article A.4)"]),
    ("swiss-rating-1992", "B.6-downfloat", 1, {"question": "float"}, "float",
     ["2 Dubov, P. (3 points), was moved down", "you are the upfloater of your pair (Article A.4)"]),
    ("swiss-rating-1992", "E.2-stronger-preference", 1, {"question": "colour"}, "colour",
     ["Article E.2, the stronger colour preference is granted"]),
    # ---------------------------------------------------------------- Dutch 2026
    # C2-pab-bar, round 4: 3 absent (H); 1 (2.5) alone floats into the 1.5-point bracket
    # {1; 2, 4, 6} and meets 2; 4 and 6 float on into {4, 6; 5}; 5 and 6 had the PAB (rounds
    # 2 and 1: [C2]), so 4 has it (1.9.1), and 6 plays 5
    ("dutch-2026", "C2-pab-bar", 4, {}, "bye",
     ["Article 1.9.1: the pairing-allocated bye goes to the player who downfloats from the last bracket, the "
      "1-point bracket, and you are that player.", "[C2] (Article 2.1.2) bars from it 6 (received the "
      "pairing-allocated bye in round 1), 5 (received the pairing-allocated bye in round 2).",
      "You are the only player of that bracket allowed it.", "A bye counts as a downfloat (Article 1.4.3)."]),
    ("dutch-2026", "C2-pab-bar", 5, {}, "no-bye",
     ["it goes to 4 Quinteros, C. (1.5 points)",
      "You may not have it: you received the pairing-allocated bye in round 2 (Article 2.1.2)."]),
    # B.1.b-no-second-bye, round 4 by the 2026 text: 2 (3) meets 1; 4 floats into {4; 5, 6};
    # 6 had the PAB ([C2]); the bye to 5 would leave 4-6, who met in round 3 ([C1], [C4])
    ("dutch-2026", "", 5, {"trf": B1B}, "no-bye",
     ["It goes to the player who downfloats from the last bracket (Article 1.9.1)", "With the bye given to you, "
      "the rest of that bracket, 4, 6, could not be paired without a repeated game ([C1], Article 2.1.1; [C4], "
      "Article 2.2.1)."]),
    ("dutch-2026", "", 4, {"trf": B1B, "question": "bye"}, "bye",
     ["[C2] (Article 2.1.2) bars from it 6 (received the pairing-allocated bye in round 1).", "With the bye given "
      "to 5 instead, the rest of that bracket could not be paired without a repeated game"]),
    ("dutch-2026", "C2-pab-bar", 1, {}, "upfloat",
     ["You were moved down into the 1.5-point bracket (Article 1.4.1). You were the only player of the 2.5-point "
      "bracket.", "Paired with a lower score, you receive a downfloat (Article 1.4.2)."]),
    # 5.2.3-alternation, round 5: 1 (4) alone, then in the 3- and 2-point brackets with
    # players all met (4 round 1, 2 round 2, 3 round 3): down to the 1-point bracket, meets 5
    ("dutch-2026", "5.2.3-alternation", 1, {"question": "float"}, "upfloat",
     ["You were moved down into the 1-point bracket (Article 1.4.1).", "In the 2-point bracket you had played all "
      "the others ([C1], Article 2.1.1): 4 (round 1), 2 (round 2), 3 (round 3)."]),
    ("dutch-2026", "C2-pab-bar", 2, {}, "float",
     ["You were not moved: you are a resident of the 1.5-point bracket, and your opponent, 1 Quinteros, T. (2.5 "
      "points), was moved down into it from a higher bracket (Article 1.4.1).",
      "Paired with a higher score, you receive an upfloat (Article 1.4.2)."]),
    # 5.2.2-stronger, round 4: 2 and 4 (2 points) both BWB, strong White (1.7.2); never
    # different colours (5.2.3); 2 is higher ranked (TPN): 5.2.4
    ("dutch-2026", "5.2.2-stronger", 4, {"question": "colour"}, "colour",
     ["You have Black, not White: Article 5.2.4, the colour preference of the higher ranked player is granted.",
      "Your opponent's colour preference is strong for White; of you two, 2 is the higher ranked (Article 1.2)."]),
    # 5.2.3-alternation, round 5: 2 BWBW and 3 WBBW, both mild Black; in round 2 2 had White
    # and 3 Black, so they alternate: 3 White
    ("dutch-2026", "5.2.3-alternation", 3, {}, "colour",
     ["You have White, not Black: Article 5.2.3, the colours alternate to the most recent round in which the two "
      "had different colours. In round 2 you had Black and your opponent White.",
      "Your opponent's colour preference is mild for Black"]),
    ("dutch-2026", "3.8.1-best-candidate", 6, {"against": 1}, "opponent",
     ["You do not play 1 Dubov, P. (0.5 points): you have played each other before, in round 2 ([C1], Article "
      "2.1.1)."]),
    # 3.7.1-remainder, round 2: 1 and 5 both strong White (Black in round 1); with 1-5 held
    # the 0-point bracket also pairs 4 and 6, both strong Black: [C12] 2 against 0
    ("dutch-2026", "3.7.1-remainder", 1, {"against": 5}, "opponent",
     ["the procedure's pairing of the 0-point bracket is better on criterion [C12] (colour preferences not "
      "granted: 0 against 2 with you and 5 paired), all earlier criteria being equal (Article 3.8.1)"]),
    ("dutch-2026", "4.2-transposition", 2, {"against": 6}, "opponent",
     ["You do play 6 Yusupov, C. (1 point): board 1.", "accepted at once (a perfect candidate, Article 3.4.1)"]),
    ("dutch-2026", "C2-pab-bar", 3, {}, "absent",
     ["Players known in advance not to play a round are not paired in it (General Handling Rules, Article 3.3)."]),
    ("dutch-2026", "", 1, {"trf": ACC, "against": 2}, "opponent",
     ["2 P2 (1 point + 1 acceleration point)", "2 points for the pairing (1 scored, 1 added by acceleration)"]),
    # ---------------------------------------------------------------- Dutch 2017
    # A9-pab-no-criterion, round 3 (6 absent, 9 to pair): the 0.5-point bracket {8, 9} cannot
    # pair (they met in round 2: C.1), so both move down to the last bracket {8, 9; 10}; 10
    # met neither; 8 and 10 both mild Black (BW), 9 mild White (WB): 9-10 grants both (C.10),
    # 8 is left unpaired and has the PAB (A.9's note: it is part of the last bracket's pairing)
    ("dutch-2017", "A9-pab-no-criterion", 8, {}, "bye",
     ["Article A.9: the pairing-allocated bye goes to the player who downfloats from the last bracket, the 0-point "
      "bracket, and you are that player.", "In the 0.5-point bracket you had played all the others (Article C.1): 9 "
      "(round 2).", "Others of that bracket were allowed it: 9, 10; of the candidates, the one chosen by the criteria "
      "in order (Article B.8) leaves you unpaired.", "A bye counts as a downfloat (Article A.4.b)."]),
    # the same round, 10 (0 points, last): with the PAB to 10, 8 and 9 (met in round 2, C.1)
    # would be left to pair: no complete round-pairing (A.9); 2017 has no PAB-score criterion
    ("dutch-2017", "A9-pab-no-criterion", 10, {"question": "bye"}, "no-bye",
     ["You do not have the bye: it goes to 8 Test0008 Player0008 (0.5 points).", "With the bye given to you, the rest "
      "of that bracket, 8, 9, could not be paired without a repeated game (Articles C.1, A.9)."]),
    # C2-pab-bar, round 4 by the 2017 text (3 absent): the 1.5-point bracket {1; 2, 4, 6} could
    # pair all four, but then 5 alone (PAB in round 2, C.2) could not complete the round (A.9):
    # it is the PPB, re-paired by C.4 with 1-2 and 4, 6 down; 6 (PAB round 1) and 5 are barred
    # by C.2, 6 plays 5, and 4 has the PAB
    ("dutch-2017", "", 4, {"trf": C2BAR}, "bye",
     ["the 1-point bracket, and you are that player.", "The 1.5-point bracket is the Penultimate Pairing Bracket "
      "(Article A.9): with the downfloaters of its best candidate by C.5-C.19, none, the players below it, 5, could "
      "not complete the round, so it is paired by C.4, which left you unpaired: a downfloater (Article A.4.a).",
      "C.2 bars from it 6 (received the pairing-allocated bye in "
      "round 1), 5 (received the pairing-allocated bye in round 2).", "You are the only player of that bracket "
      "allowed it."]),
    ("dutch-2017", "", 5, {"trf": C2BAR}, "no-bye",
     ["it goes to 4 Quinteros, C. (1.5 points)",
      "You may not have it: you received the pairing-allocated bye in round 2 (Article C.2)."]),
    # C12-every-downfloat, round 4: 1 (3 points) alone in the top bracket, moved down to the
    # 2.5-point bracket (A.4.a), meets 5: the higher score receives the downfloat (A.4.b)
    ("dutch-2017", "C12-every-downfloat", 1, {"question": "float"}, "upfloat",
     ["You were moved down into the 2.5-point bracket (Article A.4.a). You were the only player of the 3-point "
      "bracket.", "Paired with a lower score, you receive a downfloat (Article A.4.b)."]),
    ("dutch-2017", "C12-every-downfloat", 5, {}, "float",
     ["You were not moved: you are a resident of the 2.5-point bracket, and your opponent, 1 Test0001 Player0001 (3 "
      "points), was moved down into it from a higher bracket (Article A.4.a).",
      "Paired with a higher score, you receive an upfloat (Article A.4.b)."]),
    # A9-pab-no-criterion, round 3: 1 and 3 (2 points) both WB, mild White (A.6.c); never
    # different colours (E.3 cannot alternate); 1 is higher ranked (A.2: pairing number): E.4
    ("dutch-2017", "A9-pab-no-criterion", 3, {"question": "colour"}, "colour",
     ["You have Black, not White: Article E.4, the colour preference of the higher ranked player is granted.",
      "Your opponent's colour preference is mild for White; of you two, 1 is the higher ranked (Article A.2)."]),
    ("dutch-2017", "A9-pab-no-criterion", 1, {"against": 4}, "opponent",
     ["You do not play 4 Test0004 Player0004 (1 point): you have played each other before, in round 2 (Article "
      "C.1)."]),
    # the 1-point bracket {5; 2, 4, 7}: 2 and 4 mild Black (BW), 5 and 7 mild White (WB):
    # 5-2 and 4-7 grant all four; 4-2 and 5-7 leave two preferences not granted (C.10)
    ("dutch-2017", "A9-pab-no-criterion", 4, {"against": 2}, "opponent",
     ["the procedure's pairing of the 1-point bracket is better on criterion C.10 (colour preferences not granted: 0 "
      "against 2 with you and 2 paired), all earlier criteria being equal (Article B.8)"]),
    # A9-collapsed-last-bracket, round 7: below 2 points, 23 and 28 (1.5), 26 and 27 (1): 23
    # met 26 (round 3) and 27 (round 5), 26 met 27 (round 4): 28 can take one of them and the
    # other two cannot meet, so the 2-point bracket is the PPB (A.9), re-paired by C.4
    ("dutch-2017", "A9-collapsed-last-bracket", 23, {"against": 25}, "opponent",
     ["A.9: in the procedure's round the 2-point bracket is the Penultimate Pairing Bracket (the downfloaters of its "
      "best candidate by C.5-C.19, none, with the players below it, 23, 28, 26, 27, could not complete the round), "
      "so it is paired by C.4"]),
    ("dutch-2017", "A9-pab-no-criterion", 6, {}, "absent",
     ["Players known in advance not to play a round are not paired in it (General Handling Rules C.04.2, Article "
      "D.4)."]),
    # ---------------------------------------------------------------- Dubov 2026
    ("dubov-2026", "3.1.1-c2-bye-barred-by-pab-fpb-and-forfeit-win", 5, {}, "bye",
     ["(Article 3.1.1)", "1 (received the pairing-allocated bye in round 2)", "2 (won by forfeit in round 2)",
      "3 (scored a win's points without playing in round 1 (F))"]),
    ("dubov-2026", "3.1.3-bye-lowest-score", 1, {"question": "bye"}, "no-bye",
     ["it goes to 2 P2 (0 points)", "2 has a lower score (0 points against 1 point; 3.1.3)"]),
    ("dubov-2026", "3.1.4-bye-most-games-played", 5, {}, "no-bye",
     ["it goes to 4 P4 (0 points)", "with equal scores, 4 has played more games (1 against 0; 3.1.4)"]),
    ("dubov-2026", "3.1.5-bye-lowest-ranked-in-round-one", 1, {"question": "bye"}, "no-bye",
     ["with equal scores and games, 5 has the larger TPN (TPN 5 against 1; 3.1.5)"]),
    ("dubov-2026", "3.1.2-c4-bye-passes-over-lowest-score", 1, {}, "no-bye",
     ["it goes to 2 P2 (1.5 points)", "received the pairing-allocated bye in round 2 ([C2], 3.1.1)"]),
    ("dubov-2026", "3.2.1-worked-example-two-upfloaters", 8, {}, "upfloat",
     ["8 (2 points) is upfloated into the 2.5-point bracket (3.2.2)", "worse on [C6] (upfloater scores 1, 2 against 2, 2"]),
    ("dubov-2026", "2.3.6-c10-previous-round-upfloater-spared", 4, {}, "upfloat",
     ["4 (1.5 points) is upfloated into the 2-point bracket (3.2.2)",
      "worse on [C10] (1 upfloater(s) who upfloated in the previous round against 0)"]),
    ("dubov-2026", "2.3.4-c8-maximum-upfloaters-spared", 5, {}, "upfloat",
     ["worse on [C8] (2 maximum upfloater(s) against 0)"]),
    ("dubov-2026", "3.2.1-worked-example-two-upfloaters", 1, {}, "float",
     ["your opponent, 4 Dahl, Dora (2 points), was upfloated into it from a lower bracket (Article 3.2.2)"]),
    ("dubov-2026", "2.1.3-c3-same-absolute-colour", 5, {}, "colour",
     ['Article 5.2.3, "Grant the stronger colour preference"', "4 (absolute Black) over 5 (mild Black)",
      "an absolute preference for Black"]),
    ("dubov-2026", "3.2.4.1-unavoidable-pair-shifted", 1, {"against": 2}, "opponent",
     ["1 and 2 are a forbidden pair (XXP): the tournament forbids the pair, so no pairing may contain it"]),
    ("dubov-2026", "1.3.1-baku-round2", 1, {"against": 2}, "opponent",
     ["2 P2 (1 point + 1 acceleration point)", "2 points for the pairing (1 scored, 1 added by acceleration)",
      "4 was paired before 2 and was given 1"]),
]


def test_the_corpus_covers_every_rulebook_and_question():
    systems = [c[0] for c in COMPLAINTS]
    assert len(COMPLAINTS) >= 40 and all(systems.count(s) >= 8 for s in set(systems)) and len(set(systems)) == 7
    topics = {c[4] for c in COMPLAINTS}
    assert {"bye", "no-bye", "upfloat", "float", "colour", "opponent"} <= topics


@pytest.mark.parametrize("system,case,player,question,topic,facts", COMPLAINTS,
                         ids=[f"{c[0]}:{c[1] or Path(c[3]['trf']).stem}:{c[2]}:{c[4]}" for c in COMPLAINTS])
def test_the_letter_answers_the_complaint(system, case, player, question, topic, facts):
    kw = dict(question)
    trf = kw.pop("trf", None)
    r, flat, _req, _tr = letter(system, case, player, trf=trf, **kw)
    assert r.topic == topic, flat
    for fact in facts:
        assert fact in flat, (fact, flat)
