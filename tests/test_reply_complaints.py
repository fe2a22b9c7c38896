"""A corpus of complaints, at least eight per rulebook: the player's question (stated, or
none), the topic the letter must answer, and the deciding article and fact, each written
by hand from the rule text and the case's file (issue 24).

Every letter is also read back by its rulebook's claims checker with the tournament file
(``tests/test_reply_truth.py``'s ``letter``): no sentence false, none unproven, every number
of points and every float checked against the file's own facts.
"""

from __future__ import annotations

import pytest

from test_reply_truth import DATA, letter

BYE9 = str(DATA / "dubov1997-bye-passed-over.trf")

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
]


def test_the_corpus_covers_every_rulebook_and_question():
    systems = [c[0] for c in COMPLAINTS]
    assert len(COMPLAINTS) >= 40 and all(systems.count(s) >= 8 for s in set(systems)) and len(set(systems)) == 4
    topics = {c[4] for c in COMPLAINTS}
    assert {"bye", "no-bye", "upfloat", "float", "colour", "opponent"} <= topics


@pytest.mark.parametrize("system,case,player,question,topic,facts", COMPLAINTS,
                         ids=[f"{c[0]}:{c[1] or 'bye9'}:{c[2]}:{c[4]}" for c in COMPLAINTS])
def test_the_letter_answers_the_complaint(system, case, player, question, topic, facts):
    kw = dict(question)
    trf = kw.pop("trf", None)
    r, flat, _req, _tr = letter(system, case, player, trf=trf, **kw)
    assert r.topic == topic, flat
    for fact in facts:
        assert fact in flat, (fact, flat)
