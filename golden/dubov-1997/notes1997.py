"""Hand-check notes of the Dubov 1997 golden cases (``### note:`` lines of each case).

Each note re-derives the decisive facts of the snapshot from the standings and the text
of the 1997 rules; a case without a note here has been read but its round is ordinary.
"""

NOTES: dict[str, tuple[str, ...]] = {
    "2.1-6.3-rematch-black-lower-white-pair": (
        "2 points: 1 alone; 7.2 brings up from 1 point the player due Black (opposite of 1's due White) "
        "with the highest R among those who may come: 2 has met 1, 4 was transferred in round 2 (2.5, "
        "two times running), 3 and 5 are due White, so by R: 3 (1900) before 5 (1800); 7.3 moves 3 "
        "(lower ARO) to Black; 1-3, White to the higher ARO (priorities 1-3 tie).",
        "1 point: 2, 4, 5 and 6 from 0 (7.2); 7.4 moves 4 (highest ARO 2100.5) to White; columns W 5, 4 "
        "/ B 2, 6.  5 has met both Blacks (2.1), so 6.3's last sentence: 5 meets White 4 (row 2), and "
        "the Blacks left over meet: 2-6, White to the higher ARO.",
    ),
    "2.2-bye-bar": (
        "6 had the bye in round 1 (2.2).  Lowest group with an eligible player: 0 points, only 4; "
        "4 gets the bye.",
    ),
    "2.3-2.4-colours-reversed": (
        "2.5 points: 3 (BBWW) and 6 (WBW), both due Black; 7.4 would move the higher ARO, 3 (2344), "
        "but a White would be 3's third in a row: 2.6 keeps 3 and moves 6.  3 then has colour "
        "difference 0 against 6's +1, so priority 2 gives 3 White: 2.4 again, the colours reverse.",
    ),
    "2.5-transfer-limit": (
        "Round 6 of 7 (limit 3 transfers, 2.5).  4.5 points: 1 and 10 have met.  7.1 for 1: nobody "
        "below may come (3 transferred in round 5, 5 three times, the rest met 1 or transferred the "
        "round before).  7.1 for 10: 2 (2.5 points).  1 is left alone, 7.2 finds nobody, so 1 floats "
        "down (6.4) group by group (8.2 finds no partner) until the 1.5-point group, where 8.2 pairs "
        "5 with 4 (1 would leave 4-9, who met: 9) and 1 with 9.",
    ),
    "2.6-7.3-7.4-balance": (
        "Bye: 1 (0.5 points, the lowest group) would leave the rest unpairable (9), so 2 (the next in "
        "the order of 4: lowest score, then R).  3 points: 6 and 5 (7.2) both due Black; 7.4 would "
        "move 6 (highest ARO) but White would be 6's third in a row: 2.6 keeps 6, 5 moves.",
    ),
    "4-bye-lowest-rating": (
        "0.5 points is the lowest group; 4 (R 2025) and 3 (R 2140): the lowest R, 4, gets the bye.  "
        "1.5 points: 5 alone, no lower player may come (7.2), 5 floats (6.4, category 1) and meets 3 "
        "(8.2).  With absences=stop the absent players stop the engine (9); with wise=literal the "
        "choices do not look ahead and the lowest group cannot be paired (9).",
    ),
    "4-bye-dominating-colour": (
        "0 points: 15 (due Black) and 14 (due White) share the lowest R 1697; the group has more "
        "players due Black, so 15 gets the bye (4, dominating colour).",
    ),
    "4-bye-higher-aro": (
        "0 points: 12 (due White, ARO 2237) and 13 (due Black, ARO 2167) share the lowest R 1700; as "
        "many due White as due Black (no dominating colour: reading bye-tie skips the step), so the "
        "higher ARO, 12.",
    ),
    "5-first-round-odd": (
        "5 players (4 absent): 6, the last of the list, has the bye; halves 1, 2 / 3, 5; the lot is "
        "Black for the first pair's upper player, so 3-1 and 2-5.",
    ),
    "6.3-lower-and-upper-rows": (
        "1 point: 2, 3, 4 and 1 from 0 (7.2).  Columns W 3, 1 / B 2, 4.  Row 1 3-2 would leave row 2 "
        "1-4, who met (2.1, the last row), so the last but one row changes (6.3): 3 takes 4 (lower "
        "row), 1 takes 2 (the upper row's Black).",
    ),
    "6.3-rematch-lower-and-upper": (
        "2 points: columns W 9, 12 / B 4, 7; 9 has met 4 (2.1), so 9 takes the lower row's 7 and 12 "
        "the upper row's 4 (6.3).",
    ),
    "7.1-transfer-for-a-player": (
        "0.5 points: 1 and 3 have met; 7.1 for 1 (due White) brings the 0-point player due Black of "
        "the highest R: 4.  3 is then alone: 7.2 brings 5.",
    ),
    "7.1-transfer-due-colour": (
        "2 points: 1 has met 3 and 5; 7.1 for 1 (due Black) brings first a player due White: 6 "
        "(1.5 points) before 2, who has a higher R but is due Black.",
    ),
    "7.2-odd-group": (
        "2 points: 2 alone, due White; 7.2 brings first a player due Black: 3 before 4.",
    ),
    "9-no-complete-pairing": (
        "No complete pairing of the six players exists (5 and 6 can meet nobody left).  wise=round "
        "says so at once (9); wise=literal walks the groups and stops at the lowest one (9).",
    ),
    "9-no-bye": (
        "Seven players, four barred by 2.2; each of 1, 3, 2 would leave the others unpairable: the "
        "arbiter decides (9).",
    ),
    "7-no-supply": (
        "3 points: 1 alone and nobody below may come up (7.2).  transfer-no-supply=float lets 1 "
        "float down (6.4); =stop stops the engine (9).",
    ),
    "reading-bye-tie": (
        "0 points: 3 and 4, both R 2000 and ARO 2200, one due White and one due Black (no dominating "
        "colour): lowest-in-list gives the bye to 4, highest-in-list to 3.",
    ),
    "reading-colour-last-tie": (
        "1 and 4 both won with White in round 1 against players of the same R: due colours, colour "
        "numbers, histories, ARO and R all tie when they meet; lower-number gives 1 White, "
        "higher-number gives 4 White.  7.4 moved 1 to White (alphabetically first: P1).",
    ),
    "reading-floater-history": (
        "1.5 points: the group could pair 1-3 and 7-5 but the lower group (9, 10) would then be stuck "
        "(9): two floaters.  this-round: nobody came down this round, all of category 1, 7 and 5 "
        "(lowest R); earlier-rounds: 7 and 5 had floated down before (categories 3), so 3 (category "
        "1) floats with 7.",
    ),
    "reading-acceleration-first-round": (
        "XXA gives 1-4 one point in round 1: by score groups 5 divides the 1 point list 1-4 "
        "(1-3, 2-4) and the 0 points list 5-10 (5-8, 6-9, 7-10), pairs numbered on for the lot; "
        "on the whole list 5 pairs 1-6, 2-7, 3-8, 4-9, 5-10 as without acceleration.",
    ),
    "reading-acceleration-bye": (
        "4, 6 and 7 are barred (2.2). By the pairing score the lowest group with an eligible "
        "player is 5 alone (2 points, no virtual points): 5 gets the bye. By the real score 3 "
        "(1.5 scored + 1 virtual) is lowest: 3 gets it.",
    ),
    "reading-acceleration-transfers": (
        "In round 2, 3 met a player with more real points but not more pairing points (3's "
        "own virtual point): on real scores a transfer up, on pairing scores none; so by the "
        "real scores 2.5 passes 3 over ('two times running') and 7.1 brings up 6 for 1 "
        "instead of 3.",
    ),
    "acceleration-points-drop": (
        "1-4's virtual points drop from 1 to 0.5 in round 3: the trace lists the drop and the "
        "score groups are built on real score + 0.5.",
    ),
}
