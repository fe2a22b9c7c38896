"""The events of the Dubov 1997 procedure: one per decision, each naming its 1997 article.

Facts only (player numbers, scores as decimal strings, counts, codes such as ``7.2`` or
``2.3/2.4``); ``templates/events.md.j2`` words them.  The shared kinds (the round opened,
the standings, a what-if header, the published pairing, no pairing) come from
:mod:`dubov_explain.trace.events`.
"""

from __future__ import annotations

from ..common_events import *  # noqa: F401,F403  (the shared vocabulary, re-exported)

NAME = "dubov-1997"
#: how many rejected alternatives one event lists explicitly
EXPLICIT = 12

#: each kind below a frozen record registered under NAME
_event = event_kinds(NAME, AccelerationApplied, ByeNotNeeded)


@_event
class FirstRoundGroup(Event):
    """5 in an accelerated round 1 (reading acceleration-first-round=score-groups): one
    score group's list in two halves."""

    kind: ClassVar[str] = "first-round-group"
    score: str
    upper: tuple
    lower: tuple
    #: the last player of the higher group's odd list, now first of this list
    came_down: tuple
    #: this group's odd last player, going down to the next group's list
    goes_down: tuple
    bye: int | None
    #: the number of this group's first pair, counted on through the groups (for the lot)
    first_pair: int
    lot: str
    lot_source: str


@_event
class FirstRound(Event):
    """5: the list in two halves, the first of each paired, colours by lot."""

    kind: ClassVar[str] = "first-round"
    upper: tuple
    lower: tuple
    bye: int | None
    lot: str  # the colour drawn for the first pair's upper player ("White"/"Black")
    lot_source: str  # "file", "option", "inferred" or "assumed"


@_event
class ByeCandidates(Event):
    kind: ClassVar[str] = "bye-candidates"
    #: ((player, bar kind, round, result code), ...) barred by 2.2
    ineligible: tuple
    #: the lowest score group with an eligible player, and its dominating due colour
    #: ("White", "Black" or "" when the two are equal)
    score: str
    dominating: str
    #: eligible players in the order of 4: ((player, score, R, due colour, ARO), ...)
    keys: tuple


@_event
class ByeRejected(Event):
    """9 (reading wise=round): the bye would leave the rest of the round unpairable."""

    kind: ClassVar[str] = "bye-rejected"
    player: int


@_event
class ByeAssigned(Event):
    kind: ClassVar[str] = "bye-assigned"
    player: int
    #: what set the player before the next one in the order of 4: "score" (a lower
    #: group), "rating" (lower R), "dominating" (due to the dominating colour), "aro"
    #: (higher ARO), "bye-tie" (the reading), "only" (nobody else), or "first" in round 1
    decided_by: str
    runner_up: int | None = None
    passed_over: tuple = ()


@_event
class GroupOpened(Event):
    """6: a score group to pair, with the floaters it receives (6.4)."""

    kind: ClassVar[str] = "group-opened"
    score: str
    residents: tuple
    floaters: tuple
    lower: int  # players in lower score groups


@_event
class FloaterOrder(Event):
    """8.1: the floaters by due colour, each column as 6.2 arranges it, alternated."""

    kind: ClassVar[str] = "floater-order"
    score: str
    whites: tuple
    blacks: tuple
    order: tuple


@_event
class FloaterPaired(Event):
    """8.2: a floater meets the player of highest R, opposite due colour if possible."""

    kind: ClassVar[str] = "floater-paired"
    score: str
    floater: int
    partner: int
    opposite: bool  # the partner has the opposite due colour
    #: ((player, code, facts), ...) passed over first: "2.1", "2.3/2.4", "XXP",
    #: "what-if" (limitations) or "9" (the rest of the round could not be paired)
    rejected: tuple
    rejected_count: int = 0


@_event
class FloaterPasses(Event):
    """8.2 finds nobody: the floater goes on to the next lower score group (6.4)."""

    kind: ClassVar[str] = "floater-passes"
    score: str
    floater: int
    rejected_count: int


@_event
class RequirementChecked(Event):
    """6.1: is the standard requirement met (an even number, as many due White as due
    Black, everyone with a possible opponent in the group)?  If not, 7 transfers."""

    kind: ClassVar[str] = "requirement-checked"
    score: str
    players: int
    whites: int
    blacks: int
    #: players without a due colour (placed by the reading no-due-colour)
    undecided: int
    #: players with no possible opponent in the group (7.1)
    isolated: tuple


@_event
class TransferMade(Event):
    """7.1 / 7.2: a player of a lower score group transferred to this one."""

    kind: ClassVar[str] = "transfer-made"
    score: str
    player: int
    from_score: str
    #: 7.1: the player who had played (or could meet) nobody of his group; 0 for 7.2
    for_player: int
    #: the colour the transfer sought first: the opposite of the player's due colour
    #: (7.1) or of the dominating due colour (7.2); "" when there is none
    sought: str
    #: what set the player before the next candidate: "colour", "rating", "aro",
    #: "number" (the text runs out), "only"
    decided_by: str
    runner_up: int | None
    #: candidates of higher groups or higher in the order turned down:
    #: ((player, code), ...) with code "2.5-limit", "2.5-running", "2.1", "2.3/2.4",
    #: "XXP", "none-met" (7.2: can meet nobody of the group) or "9"
    rejected: tuple
    rejected_count: int = 0


@_event
class NoTransfer(Event):
    """7.1 / 7.2 needed but no lower group can supply the player (reading
    ``transfer-no-supply``)."""

    kind: ClassVar[str] = "no-transfer"
    score: str
    for_player: int
    reading: str


@_event
class ColourBalance(Event):
    """7.3 / 7.4: n players moved to the other colour subgroup; 2.6 keeps some back."""

    kind: ClassVar[str] = "colour-balance"
    score: str
    whites: int  # before the move
    blacks: int
    moved: tuple
    #: ((player, limitation "2.3"/"2.4"), ...) that 2.6 keeps in their subgroup
    kept: tuple


@_event
class ColumnsWritten(Event):
    """6.2: the White column by increasing ARO, the Black column by decreasing R."""

    kind: ClassVar[str] = "columns-written"
    score: str
    whites: tuple  # ((player, ARO, R), ...)
    blacks: tuple  # ((player, R, ARO), ...)
    #: players with no due colour and the column they were put in (reading no-due-colour)
    placed: tuple = ()


@_event
class FloatersChosen(Event):
    """6.4: the players the score group cannot pair, by the four-step preference."""

    kind: ClassVar[str] = "floaters-chosen"
    score: str
    #: ((player, category 1-4), ...)
    players: tuple
    #: how many the group must leave unpaired at least (its own pairing)
    minimum: int
    #: players of an earlier, better category passed over: ((player, category), ...)
    passed_over: tuple = ()
    #: the next lower score group, whose players decide "can be paired in the lower score
    #: group" (categories 1/2 against 3/4 ... and 1 against 2)
    next_lower: tuple = ()


@_event
class PairMade(Event):
    """6.2 / 6.3: row ``row`` of the columns gets its opponent."""

    kind: ClassVar[str] = "pair-made"
    score: str
    row: int
    column: str  # "White" or "Black": the column of ``player``
    player: int
    opponent: int
    #: "row" (the Black of the same row, 6.2), "lower" (a Black of a lower row, 6.3),
    #: "upper" (the Black of an upper row: rows k-1, k-2, ...), "white-lower" / "white-upper"
    #: (another White, 6.3's last sentence), "black-lower" / "black-upper" (Blacks left
    #: over pair among themselves the same way)
    how: str
    rejected: tuple  # ((player, code), ...): code a limitation or "6.3" (the rest fails)
    rejected_count: int = 0
    #: "lower" / "upper": the row of the Black taken (as the column stands then)
    black_row: int | None = None
    #: "upper": True when that row's White passed over his own Black only because the rest
    #: could not be paired (the row changed, 6.3: k-1, k-2, ...); False when he could not
    #: meet it or took a lower row's Black first (no earlier row changes)
    changed: bool | None = None
    #: "white-lower" / "white-upper": True when ``player`` has played with all the Blacks
    #: (6.3), False when ``opponent`` has; None when no change of rows pairs the group with
    #: such pairs only (6.3 gives no further instruction; the group is paired as 6.4 found)
    all_blacks: bool | None = None


@_event
class ColourAllocated(Event):
    """3 (or 5 in round 1): the colours of one pair."""

    kind: ClassVar[str] = "colour-allocated"
    white: int
    black: int
    rule: str  # "1".."5" (priority of 3), "last-tie", or "odd"/"even" (5, by lot)
    #: ((number, due colour, colour difference, ARO, R), ...) of the two players
    players: tuple = ()
    forced: str = ""  # "2.3"/"2.4": the priority's choice broke it, so reversed
    differed_round: int | None = None
    games_back: int | None = None


@_event
class GroupClosed(Event):
    kind: ClassVar[str] = "group-closed"
    score: str
    pairs: tuple
    floaters: tuple  # going down to the next lower score group (6.4)


@_event
class ArbiterDecides(Event):
    """9: a situation the instructions do not resolve; the arbiter decides."""

    kind: ClassVar[str] = "arbiter-decides"
    #: "lowest-group" (the lowest score group cannot be paired), "no-complete-pairing"
    #: (reading wise=round: no complete pairing of the round exists), "no-supply" (7.1/7.2),
    #: "improvement-exhausted" (6.3), "absence" (H/Z/F), "first-round" (5: a forbidden
    #: pair), "no-bye" (nobody can take the bye)
    situation: str
    players: tuple
    score: str = ""
