"""FIDE C.07 tie-breaks computed by hand on small tournaments, every tie-break of the list
and Article 16's unplayed rounds (a forfeit, a half-point bye, a PAB, a withdrawal whose
later rounds the file leaves blank), the ranking (4.2, DE's 6.2 and 6.3), the list's
parsing and the file's 212/202 records."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from dubov_explain.tiebreaks import final_standings, from_records, parse_list, why_standing
from dubov_explain.tiebreaks.spec import TieBreakError
from dubov_explain.trf.reader import parse_trf

#: 6 players, 4 rounds.  R1: 1-4 1-0, 2-5 =, 3-6 1-0.  R2: 1-2 forfeit (+/-), 4 beats 3
#: (Black), 5-6 1-0.  R3: 2 takes a half-point bye; 6 withdraws (R3, R4 left blank);
#: 3-1 =, 4-5 1-0.  R4: 5-1 0-1, 2-4 0-1, 3 the PAB.
#: Points: 1: 3.5, 2: 1.0, 3: 2.5, 4: 3.0, 5: 1.5, 6: 0.
SMALL = """\
012 Hand-made
001    1      One                               2400                             3.5    1     4 w 1     2 w +     3 b =     5 b 1
001    2      Two                               2300                             1.0    5     5 w =     1 b -  0000 - H     4 w 0
001    3      Three                             2200                             2.5    3     6 w 1     4 w 0     1 w =  0000 - U
001    4      Four                              2100                             3.0    2     1 b 0     3 b 1     5 w 1     2 b 1
001    5      Five                              2000                             1.5    4     2 b =     6 w 1     4 b 0     1 w 0
001    6      Six                               1900                             0.0    6     3 b 0     5 b 0
XXR 4
XXC white1
"""


def small():
    return parse_trf(SMALL, "small.trf")


def values(text: str):
    s = final_standings(small(), parse_list(text))
    return {r.number: tuple(v.value for v in r.values) for r in s.rows}


def column(text: str):
    return {n: v[0] for n, v in values(text).items()}


def test_buchholz_with_article_16():
    # adjusted scores (16.3): 6's blank rounds 3-4 follow only VURs: draws, 6 counts 1.0;
    # 2's half-point bye is followed by a game (16.2.3): 2 counts 1.0 as scored.
    # 1's forfeit win: a virtual opponent at min(3.5, 2's adjusted 1.0) (16.4.1);
    # 2's forfeit loss and bye: at its own 1.0 (16.4); 3's PAB: min(2.5, 0.5 x 4) (16.4.2)
    assert column("BH") == {1: 8, 2: F(13, 2), 3: F(19, 2), 4: F(17, 2), 5: F(17, 2), 6: 4}


def test_buchholz_cut_and_median():
    # Cut-1: 2's lowest value is a VUR (round 2, 1.0): cut it (16.5.1); 6's VUR 0
    assert column("BH/C1") == {1: 7, 2: F(11, 2), 3: F(17, 2), 4: F(15, 2), 5: F(15, 2), 6: 4}
    # Median-1: 1 loses 1.0 and 3.0; 3 loses 1.0 and 3.5; 4 loses 1.0 and 3.5
    m = column("BH/M1")
    assert (m[1], m[3], m[4]) == (4, 5, 4)


def test_sonneborn_berger():
    # 1: 3.0x1 + virtual 1.0x1 + 2.5x0.5 + 1.5x1; 3: 1.0x1 + 0 + 3.5x0.5 + PAB 2.0x1
    assert column("SB") == {1: F(27, 4), 2: F(5, 4), 3: F(19, 4), 4: 5, 5: F(3, 2), 6: 0}
    # SB Cut-1: 1 cuts the lowest-scored opponent (the virtual 1.0 -> 1); 2 cuts its
    # round-2 VUR (score 1.0, contribution 0), which is also the least significant value
    c = column("SB/C1")
    assert (c[1], c[2]) == (F(23, 4), F(5, 4))


def test_fore_buchholz():
    # round 4's paired games (1-5, 2-4) as draws; 3's PAB stays: 1's FB 2.5 + min(3.0,
    # 2's 1.5) + 2.5 + 2.0; 3's 1.0 + 2.5 + 3.0 + min(2.5, 2.0); 4's 3.0 + 2.5 + 2.0 + 1.5
    fb = column("FB")
    assert (fb[1], fb[3], fb[4]) == (F(17, 2), F(17, 2), 9)


def test_average_of_opponents_buchholz():
    # over games played: 1 played 4, 3, 5 (BH 8.5, 9.5, 8.5); 6 played 3 and 5
    aob = column("AOB")
    assert aob[1] == F(53, 6) and aob[6] == 9


def test_type_b_counts_and_progressive_scores():
    v = values("WIN,WON,BPG,BWG,REP,PS,PS/C1,STD,TPN,RTNG")
    assert v[1] == (3, 2, 2, 1, 4, 9, 8, F(7, 2), 1, 2400)  # the forfeit win is a WIN
    assert v[2] == (0, 0, 0, 0, 2, 3, F(5, 2), 1, 2, 2300)  # REP: less a forfeit and a bye
    assert v[3] == (2, 1, 0, 0, 4, 6, 5, F(5, 2), 3, 2200)  # the PAB is a WIN, not WON
    assert v[4] == (3, 3, 3, 2, 4, 6, 6, 3, 4, 2100)
    assert v[6] == (0, 0, 2, 0, 2, 0, 0, 0, 6, 1900)  # blank rounds: zero-point byes


def test_rating_based():
    v = values("ARO,ARO/C1,TPR,PTP")
    assert v[1][:3] == (2100, 2150, 2373)  # 2.5/3 -> p 0.83 -> dp 273
    assert v[2] == (2050, 2100, 1857, 1855)  # 0.5/2 -> dp -193; PTP by table 8.1(b)
    assert v[3][0] == 2133  # 6400 / 3, rounded
    assert v[4][2] == 2418  # 2225 + dp(0.75) 193
    assert v[6][2:] == (1300, 1200)  # zero score: -800; PTP: lowest opponent - 800


def test_rating_based_dropped_when_a_player_is_unrated():
    t = parse_trf(SMALL.replace("Six                               1900",
                                "Six                                  0"), "u.trf")
    s = final_standings(t, parse_list("ARO,BH"))
    assert s.dropped == ("ARO",)
    assert all(r.values[0].value is None for r in s.rows)


def test_ranking_by_points_then_the_list():
    s = final_standings(small(), parse_list("BH/C1,BH,SB"))
    assert [r.number for r in s.rows] == [1, 4, 3, 5, 2, 6]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4, 5, 6]


#: DE: 1, 2, 3 tie on 2 points; 1 beat 2 and 3, who never met: 1 is alone at the top
#: whatever their missing game gives (6.3), then 2 and 3 stay tied (6.3 reapplied);
#: 5 leads with 3 points
DE_FILE = """\
012 DE
001    1      One                               2400                             2.0    2     2 w 1     3 w 1     5 b 0
001    2      Two                               2300                             2.0    3     1 b 0  0000 - U     4 w 1
001    3      Three                             2200                             2.0    4     4 w 1     1 b 0  0000 - F
001    4      Four                              2100                             0.0    5     3 b 0     5 w 0     2 b 0
001    5      Five                              2000                             3.0    1  0000 - U     4 b 1     1 w 1
XXR 3
"""


def test_direct_encounter_swiss_article_6_3():
    t = parse_trf(DE_FILE, "de.trf")
    s = final_standings(t, parse_list("DE"))
    assert [(r.number, r.rank, r.values[0].value) for r in s.rows] == \
        [(5, 1, 0), (1, 2, 1), (2, 3, 2), (3, 3, 2), (4, 5, 0)]
    s = final_standings(t, parse_list("DE,TPN"))
    assert [r.rank for r in s.rows] == [1, 2, 3, 4, 5]
    a = why_standing(s, 1)
    assert a.below.by == "tiebreak" and s.tiebreaks[a.below.index].code == "DE"


def test_tied_after_the_list_share_the_rank():
    t = parse_trf(DE_FILE, "de.trf")
    s = final_standings(t, parse_list("DE"))
    a = why_standing(s, 2)
    assert a.below.by == "tied" and a.player.tied


def test_why_standing_names_the_deciding_tiebreak():
    s = final_standings(small(), parse_list("BH,SB"))
    a = why_standing(s, 5)  # 5: 1.5 points, between 3 (2.5) and 2 (1.0)
    assert a.above.by == "points" and a.below.by == "points"
    # 1, 2, 3 tie on 2 points and on WIN (2 each: a PAB and a full-point bye are wins);
    # BH decides: 1 has 2.0 + 2.0 + 3.0 = 7, 2 has 2.0 + a virtual min(2.0, 0.5 x 3) + 0 =
    # 3.5, and so has 3 (0 + 2.0 + a virtual 1.5): 2 and 3 stay tied
    s = final_standings(parse_trf(DE_FILE, "de.trf"), parse_list("WIN,BH"))
    a = why_standing(s, 2)
    assert (a.above.above.number, a.above.by, a.above.equal) == (1, "tiebreak", (0,))
    assert s.tiebreaks[a.above.index].code == "BH"
    assert (a.above.above.values[1].value, a.player.values[1].value) == (7, F(7, 2))
    virtual = a.player.values[1].elements[1]
    assert virtual.opponent is None and virtual.score == F(3, 2) and virtual.article == (16, 4, 2)
    assert (a.below.below.number, a.below.by) == (3, "tied")


def test_parse_list_modifiers_and_errors():
    assert [t.text for t in parse_list("PTS bh-c1 BH/M2;sb tpn/r")] == \
        ["BH/C1", "BH/M2", "SB", "TPN/R"]
    for bad, words in (("XYZ", "accepted"), ("BH/C0", "takes"), ("WIN/C1", "no modifier"),
                       ("TPN/C1", "/R"), ("", "empty"), ("BH/C1/M1", "one modifier")):
        with pytest.raises(TieBreakError) as exc:
            parse_list(bad)
        assert words in str(exc.value) and exc.value.exit_code == 3


def test_the_files_212_record_then_202():
    t = parse_trf(SMALL + "212 PTS,BH/C1,SB\n202 WIN\n", "r.trf")
    tbs, source, problems = from_records(t)
    assert [x.text for x in tbs] == ["BH/C1", "SB"] and source == "212" and problems == []
    t = parse_trf(SMALL + "202 WIN DE\n", "r.trf")
    assert [x.text for x in from_records(t)[0]] == ["WIN", "DE"]
    t = parse_trf(SMALL + "212 PTS,BH,XYZ\n", "r.trf")
    _, _, problems = from_records(t)
    assert len(problems) == 1 and problems[0].line == 10 and "XYZ" in problems[0].message
