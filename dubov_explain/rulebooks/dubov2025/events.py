"""The events of the Dubov 2025 procedure: one per decision, each naming its article.

Facts only: player numbers, scores as decimal strings, counts, and codes (an article such
as ``2.1.3``, a criterion such as ``C4``).  The sentences a person reads are written by
the rulebook's templates (``templates/events.md.j2`` beside this file).
"""

from __future__ import annotations

from ..common_events import *  # noqa: F401,F403  (the shared vocabulary, re-exported)
from ...records import field

NAME = "dubov-2025"
#: how many rejected alternatives a single event lists explicitly before summarising
EXPLICIT = 12


#: each kind below a frozen record registered under NAME
_event = event_kinds(NAME, AccelerationApplied, ByeNotNeeded)


@_event
class ByeCandidates(Event):
    kind: ClassVar[str] = "bye-candidates"
    #: ((player, bar kind, round, result code), ...) barred by [C2] / 2.1.1; the kind is
    #: "pab", "forfeit-win" or "win-points-unplayed" (see standings.ByeBar)
    ineligible: tuple
    order: tuple  # eligible players in the order of 2.1.3-2.1.5
    keys: tuple  # ((player, score, games, initial_rank), ...)
    held: tuple = ()  # players held for a forced partner in a what-if run


@_event
class ByeRejected(Event):
    kind: ClassVar[str] = "bye-rejected"
    player: int
    #: the criterion the bye would break: "[C4]" (the others could not all be paired)
    criterion: str = "[C4]"


@_event
class ByeAssigned(Event):
    kind: ClassVar[str] = "bye-assigned"
    player: int
    decided_by: str  # the step of 2.1 that set this player before the runner-up
    runner_up: int | None
    #: the 2.1.3-2.1.5 key of the player and of the runner-up: (score, games, initial rank)
    key: tuple = ()
    runner_up_key: tuple = ()
    #: eligible players passed over by 2.1.2 before this one, in order
    passed_over: tuple = ()


@_event
class BracketOpened(Event):
    kind: ClassVar[str] = "bracket-opened"
    score: str
    residents: tuple
    pool: int  # number of possible upfloaters (4.2.1)


@_event
class MinimumUpfloaters(Event):
    kind: ClassVar[str] = "minimum-upfloaters"
    score: str
    count: int
    #: the bracket's residents, and how many of them a maximum pairing among themselves
    #: leaves unpaired (the lower bound of 2.2.1; its parity is that of ``residents``)
    residents: int = 0
    unmatched: int = 0
    #: how the count was found: "no-lower" (no lower scoregroup), "bound" (a pairing
    #: reaches the lower bound) or "exact" (an exact minimum-cost matching)
    method: str = "bound"
    #: what makes upfloaters necessary: "odd", "[C1]/[C3]", "[C4]" (none when count is 0)
    forced_by: tuple = ()


@_event
class UpfloatersChosen(Event):
    kind: ClassVar[str] = "upfloaters-chosen"
    score: str
    players: tuple
    scores: tuple
    sequence: tuple  # 4.2.2 sequence numbers of the chosen set
    criteria: dict  # {"C6": [...], "C7": n, "C8": n, "C9": n, "C10": n}
    #: ((scores, "no-legal-set"), ...): containers of [C6] passed over before this one
    containers_skipped: tuple
    #: verdict -> how many sets got it: "legal", "[C1]/[C3]" (the bracket cannot be
    #: paired), "[C4]" (the lower scoregroups could not all be paired)
    examined: dict
    #: the first set of the container in 4.2 order, if not chosen: players, sequence and
    #: verdict ("[C1]/[C3]", "[C4]" or "legal"; a legal one also has its criteria)
    first_in_order: dict
    decided_by: str
    #: the next-best legal set: players, sequence, criteria, beaten_on; or only a verdict,
    #: "none" (no other legal set) or "budget-spent" (the explanation's search stopped)
    runner_up: dict = field(default_factory=dict)


@_event
class GroupsFormed(Event):
    kind: ClassVar[str] = "groups-formed"
    score: str
    mode: str  # "colour" or "initial-ranking"
    g1: tuple
    g2: tuple


@_event
class ShiftNeeded(Event):
    kind: ClassVar[str] = "shift-needed"
    score: str
    step: int
    count: int
    source: str  # "G1" / "G2"
    #: step 1: the reading of "unavoidable" that gave ``count`` ("minimum" or "isolated")
    reading: str = ""
    #: step 1, reading "isolated": the players of the smaller subgroup with no legal
    #: opponent in the other one
    isolated: tuple = ()
    #: step 1, reading "isolated" when its count leaves no legal pairing: the minimum
    #: that is shifted instead
    minimum: int | None = None
    #: step 2: the sizes of G1 and G2 before the equalising shift
    sizes: tuple = ()


@_event
class Shift(Event):
    kind: ClassVar[str] = "shift"
    score: str
    step: int
    source: str
    target: str
    players: tuple
    pool: tuple  # ((player, sequence number), ...) per 4.3
    rejected: tuple  # sets tried before, each ((players...), "no-legal-pairing")
    rejected_count: int
    g1: tuple
    g2: tuple


@_event
class S1Sorted(Event):
    kind: ClassVar[str] = "s1-sorted"
    score: str
    s1: tuple  # ((player, aro, initial_rank), ...)
    g2: tuple  # G2 in initial-ranking order (4.4.2)


@_event
class OpponentChosen(Event):
    kind: ClassVar[str] = "opponent-chosen"
    score: str
    s1_index: int
    player: int
    opponent: int
    #: ((g2 player, criterion, facts), ...): criterion "[C1]" (facts: rounds), "[C3]"
    #: (colour), "XXP", "what-if" (held, partner) or "2.2.6" (the rest of S1 could not
    #: be paired)
    rejected: tuple


@_event
class TranspositionChosen(Event):
    kind: ClassVar[str] = "transposition-chosen"
    score: str
    t2: tuple
    index: str  # 1-based position of T2 among the transpositions of 4.4 (decimal string)
    skipped: str  # how many transpositions before it were illegal


@_event
class ColourAllocated(Event):
    kind: ClassVar[str] = "colour-allocated"
    white: int
    black: int
    rule: str  # "5.2.1" .. "5.2.5"
    #: ((number, strength, preference), ...) of the S1 player and of their opponent
    players: tuple = ()
    #: the higher-ranked player of the two (5.2.1: more points, else higher initial rank)
    higher: int = 0
    #: 5.2.1: "odd"/"even" pairing number of the higher-ranked player; the initial colour
    parity: str = ""
    initial_colour: str = ""
    #: 5.2.4: where the two colours last differed -- a round (reading by-round) or a
    #: number of played games back -- and the two players' colours then
    differed_round: int | None = None
    games_back: int | None = None
    then: tuple = ()


@_event
class BracketClosed(Event):
    kind: ClassVar[str] = "bracket-closed"
    score: str
    pairs: tuple
