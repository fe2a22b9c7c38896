"""The events of the Dutch 2012 procedure: facts only, each naming its article.

Player numbers, scores as decimal strings, counts and codes (``C.10.e``, ``B.2``); the
templates (``templates/events.md.j2``) write the sentences.
"""

from __future__ import annotations

from ..common_events import *  # noqa: F401,F403  (the shared vocabulary, re-exported)

NAME = "dutch-2012"
#: each kind below a frozen record registered under NAME
_event = event_kinds(NAME, AccelerationApplied)


@_event
class BracketOpened(Event):
    """A.3: the score bracket, its moved-down players (MDPs) and residents."""

    kind: ClassVar[str] = "bracket-opened"
    score: str
    mdps: tuple
    residents: tuple
    #: "homogeneous", "heterogeneous" or "as-homogeneous" (A.3: at least half moved down)
    nature: str
    lowest: bool


@_event
class IncompatibleMoved(Event):
    """C.1: a player with no possible opponent in the bracket (B.1, B.2)."""

    kind: ClassVar[str] = "incompatible-moved"
    score: str
    player: int
    #: "resident" (moved down) or "mdp" (moved on after C.12 found no other pairing above,
    #: or when C.12 may not be tried: see the engine's docstring)
    case: str


@_event
class ParametersSet(Event):
    """C.2: P0, P1, M0, M1, X1, Z1 and the colour counts of A.8."""

    kind: ClassVar[str] = "parameters"
    score: str
    p0: int
    p1: int
    m0: int
    m1: int
    x1: int
    z1: int | None
    #: A.8's counts: W, B, w, b, a
    counts: dict
    #: "homogeneous" or "heterogeneous": how the bracket is being paired now
    mode: str


@_event
class RequirementsFailed(Event):
    """C.10: no candidate met the requirements in force; the next step of C.10 lowers them."""

    kind: ClassVar[str] = "requirements-failed"
    score: str
    #: the requirements that could not be met: {"P", "X", "Z", "B2", "A7d", "B5d", ...}
    requirements: dict
    #: the step of C.10 that comes next ("C.10.a" ... "C.10.g"), or "C.14" when none is left
    next_step: str
    #: how many complete candidates the search checked at this level (the rest were
    #: proved unable to complete: see the engine's docstring)
    checked: int


@_event
class LevelsFailed(Event):
    """C.3-C.10 at one P1, every level proved to fail at once, without listing them one by
    one: each candidate at P1 moves down ``moved`` players, and what the backtrack wants
    needs at least ``need`` (C.13: the lowest bracket pairs at most ``need`` fewer of its
    own players than it has, bar the bye; ``c13_need``).  Emitted instead of the levels'
    RequirementsFailed events only where they would be more than ``LEVELS_LISTED``."""

    kind: ClassVar[str] = "levels-failed"
    score: str
    p1: int
    #: the levels of C.3-C.10 at this P1 that were not tried one by one
    levels: int
    moved: int
    need: int
    #: the step that comes next ("C.12", "C.13", "C.14")
    next_step: str


@_event
class Reduced(Event):
    """C.14: P1, X1, Z1 decreased, or M1 decreased, or the bracket made homogeneous."""

    kind: ClassVar[str] = "reduced"
    score: str
    #: "C.14.a", "C.14.b.1", "C.14.b.2", "C.14.b.2-homogeneous"
    step: str
    p1: int
    m1: int
    x1: int
    z1: int | None


@_event
class BracketMovedDown(Event):
    """C.14.a: P1 reached zero: the whole bracket moves down."""

    kind: ClassVar[str] = "bracket-moved-down"
    score: str
    players: tuple


@_event
class PairingFound(Event):
    """C.6: P pairings obtained in compliance with the current requirements."""

    kind: ClassVar[str] = "pairing-found"
    score: str
    #: "heterogeneous" (the MDPs of S1), "homogeneous" or "remainder"
    part: str
    s1: tuple
    #: S2 in the order of the accepted transposition (the first len(s1) are paired)
    s2: tuple
    pairs: tuple
    #: D.2: (number of players, S1 players, S2 players, sequence number) or () for none;
    #: D.3: the MDPs chosen for S1 and their sequence number
    exchange: tuple
    #: D.1: the transposition's lexicographic index among the arrangements of S2 (prefix)
    transposition: int
    requirements: dict
    #: pairs not fulfilling all colour preferences (counted against X), and for Z
    x_used: int
    z_used: int
    #: (S1 player, ((S2 candidate, criterion), ...)): the candidates the search passed over
    #: for each S1 player on the way to the accepted one
    rejected: tuple


@_event
class MovedDown(Event):
    """A.3 / C.6: players left unpaired by the bracket move down to the next one."""

    kind: ClassVar[str] = "moved-down"
    score: str
    players: tuple


@_event
class ColourAllocated(Event):
    kind: ClassVar[str] = "colour-allocated"
    white: int
    black: int
    #: "E.1" ... "E.5"
    rule: str


@_event
class BracketClosed(Event):
    kind: ClassVar[str] = "bracket-closed"
    score: str
    pairs: tuple


@_event
class ByeAssigned(Event):
    """A.5: the player left unpaired by the lowest bracket receives the bye (B.1.b)."""

    kind: ClassVar[str] = "bye-assigned"
    player: int


@_event
class SearchLimit(Event):
    """D.2: the exchanges of N players were too many to list (``n`` players, more than
    ``count``); or D.4 (article "D.4"): its search stopped after ``count`` branches
    (``n`` entered); see the engine's docstring."""

    kind: ClassVar[str] = "search-limit"
    score: str
    n: int
    count: int


@_event
class Backtracked(Event):
    """C.12 or C.13: the bracket at ``score`` cannot go on, and the previous bracket
    (``to_score``) is paired again, accepting only a pairing that meets ``wanted``."""

    kind: ClassVar[str] = "backtracked"
    score: str
    to_score: str
    #: what led here: "C.1" (a moved-down player without an opponent, C.12; with article
    #: C.13, a player of the lowest bracket without an opponent there, reading
    #: lowest-c1=at-once), "C.10" (no pairing of P1 pairs at any level, C.12) or "C.13"
    #: (the lowest bracket unpaired)
    trigger: str
    #: the player C.1 found without an opponent (trigger "C.1"), else None
    player: int | None
    #: the players moved down to this bracket now
    moved: tuple
    #: C.12: P1, the pairs the bracket must then allow; C.13: None
    p1: int | None
    #: "same-size-and-scores" (C.12) or "lowest-pairable" (C.13), with "+c1" when
    #: reading lowest-c1 is at-once (every player of the lowest bracket must then have an
    #: opponent there) and "+p0" when reading c13-p-zero counts the penultimate bracket
    #: moved down whole (P zero)
    wanted: str


@_event
class BacktrackEnded(Event):
    """The end of a C.12/C.13 backtrack: whether the previous bracket found such a pairing
    (then it replaces the one before and ``moved`` go down), or not."""

    kind: ClassVar[str] = "backtrack-ended"
    score: str
    found: bool
    moved: tuple


@_event
class BracketsJoined(Event):
    """C.13: no pairing of the penultimate bracket (P > 0) lets the lowest be paired: the
    two are joined into the new lowest bracket, the penultimate's players as S1."""

    kind: ClassVar[str] = "brackets-joined"
    score: str
    lowest_score: str
    s1: tuple
    players: tuple


@_event
class B3Factor(Event):
    """D.4: a homogeneous lowest bracket (or its remainder) paired by the least B.3-factor,
    the sum of the squared score differences of its pairs (the bye: an opponent one point
    below the lowest ranked player, reading d4-bye-score), among the candidates meeting the
    requirements of the PairingFound before it; the first reached (D.2, D.1) among equals."""

    kind: ClassVar[str] = "b3-factor"
    score: str
    #: "homogeneous" or "remainder", as the PairingFound
    part: str
    #: the pairs taken (S1 player, S2 player) and the player left over (the bye), if any
    pairs: tuple
    left: tuple
    #: their B.3-factor, a decimal string
    b3: str
    #: the B.3-factor of the first candidate in the order of D.2/D.1 meeting the
    #: requirements (the one C.6 takes without D.4); its pairs and player left over when
    #: they are not the ones taken (else empty)
    first_b3: str
    first_pairs: tuple
    first_left: tuple
    #: the least B.3-factor of any set of pairs allowed at this level (B.1, B.2 and what
    #: the level asks of single pairs; not X, Z): no candidate can be lower
    least: str
    #: the score the bye counts as facing (None: one point below the bye's own player)
    bye_score: str | None
    #: acceptable candidates the search reached, and complete candidates it checked (the
    #: others were proved not lower than one already found, or unacceptable)
    accepted: int
    checked: int


@_event
class DroppedFewest(Event):
    """C.10's last sentence, "Any criterion may be dropped only for the minimum number of
    pairs in the score bracket": the level's first pairing broke the dropped ``criterion``
    (a requirement's name as PairingFound's requirements name it) in ``first`` pairs
    (players left over, for downfloaters), and the least any pairing of the level needs is
    ``least``; the pairing that follows is the first with that many (the criteria before it
    in this list at their least too)."""

    kind: ClassVar[str] = "dropped-fewest"
    score: str
    criterion: str
    first: int
    least: int


@_event
class B3Level(Event):
    """D.4 under the reading d4-level=b3-first, level by level in C.10's order, B.2 and
    A.7.d as at the first level a candidate meets: that level (``outcome`` "first", its
    least B.3-factor), the last of them ("loosest": it asks the least, so its least is the
    least of every level), and, when that is lower than the first's, the levels between in
    order until the first with a candidate of it ("taken"; the loosest is taken when none
    between has one).  The pairing taken is the PairingFound and B3Factor that follow."""

    kind: ClassVar[str] = "b3-level"
    score: str
    #: the level's requirements (as PairingFound's) and the step of C.3/C.10 that set them
    requirements: dict
    step: str
    #: "first", "loosest" (its least is below the first's), "loosest-stands" (it is not:
    #: the first level's pairing stands), "taken", "higher" (searched: no candidate of the
    #: least),
    #: "floor" (no set of pairs allowed there reaches the least, ``least``: no search),
    #: "none" (no candidate meets the level)
    outcome: str
    #: "first", "loosest", "loosest-stands", "taken": the level's least B.3-factor (None:
    #: the loosest level's search found no candidate)
    b3: str | None
    #: "loosest": the first level's least; later: the least sought (the loosest level's)
    best: str | None
    #: the least B.3-factor of any set of pairs allowed at the level (None: not computed)
    least: str | None
