"""The events of the Dutch 2026 procedure: facts only, each naming its article.

Player numbers, scores as decimal strings, counts and criterion codes ([C5]...); the
templates (``templates/events.md.j2``) write the sentences.  An edition registers the same
kinds under its own name (``kinds(name)``).
"""

from __future__ import annotations

from ..common_events import *  # noqa: F401,F403  (the shared vocabulary, re-exported)

NAME = "dutch-2026"
#: each kind below a frozen record registered under NAME
_event = event_kinds(NAME, AccelerationApplied, ByeNotNeeded)


@_event
class BracketOpened(Event):
    """1.3.2: the bracket, its MDPs (from the previous bracket) and resident players."""

    kind: ClassVar[str] = "bracket-opened"
    score: str
    mdps: tuple
    residents: tuple
    #: 1.3.3: "homogeneous" or "heterogeneous"
    nature: str
    #: the last bracket (its downfloater, if any, receives the PAB: 1.9.1)
    last: bool


@_event
class ParametersSet(Event):
    """3.1: M0, MaxPairs, M1, as [C4]-[C7] (with [C8]) allow at best; the Limbo's size."""

    kind: ClassVar[str] = "parameters"
    score: str
    m0: int
    max_pairs: int
    m1: int
    #: the best values of [C5] (the PAB assignee's score, "" without a PAB) and of [C8]
    #: (the following bracket's downfloaters: how many, their scores)
    c5: str
    c8: tuple


@_event
class CandidateChosen(Event):
    """3.4.1 (the perfect candidate, accepted) or 3.8.1 (the best, earliest generated):
    the candidate, where the sequence of Articles 3.6/3.7 and 4.2-4.4 produced it, and
    its values of the criteria."""

    kind: ClassVar[str] = "candidate-chosen"
    score: str
    #: S1 and S2 as the candidate was built (3.3.1), the Limbo (3.2.4)
    s1: tuple
    s2: tuple
    limbo: tuple
    #: the pairs (S1 player first; in a heterogeneous bracket the MDP-Pairing first)
    pairs: tuple
    #: the downfloaters (1.4.1): the Limbo and the players left unpaired
    downfloaters: tuple
    #: heterogeneous: the index of the MDP set (4.4.2, 0 = the first); homogeneous: -1
    mdp_set: int
    #: the exchange (4.3) that formed S1/S2 (or S1R/S2R): ((moved to S2), (moved to S1))
    exchange: tuple
    #: the remainder's S1R, S2R and exchange (heterogeneous brackets)
    s1r: tuple
    s2r: tuple
    exchange_r: tuple
    #: {criterion: value} of the candidate ([C5] score, [C8] pair, counts, lists)
    vector: dict
    #: the candidate is perfect (its values the best any candidate can reach: 3.4.1)
    perfect: bool
    #: how many candidates the search's last walk evaluated before this one was settled
    #: (under a cap, the walk that found it: ``search.Generation.capped_walks``; a count of
    #: the search, not of the text's sequence, which generates every candidate)
    checked: int


@_event
class SearchLimit(Event):
    """3.8.1: the search stopped after ``count`` candidates and took the best found."""

    kind: ClassVar[str] = "search-limit"
    score: str
    count: int


@_event
class MovedDown(Event):
    """1.4.1: the downfloaters of a bracket move to the next one (MDPs there)."""

    kind: ClassVar[str] = "moved-down"
    score: str
    players: tuple


@_event
class BracketClosed(Event):
    """The bracket's pairs stand."""

    kind: ClassVar[str] = "bracket-closed"
    score: str
    pairs: tuple


@_event
class ColourAllocated(Event):
    """Article 5: the colours of a pair and the rule (5.2.1-5.2.5) that decided."""

    kind: ClassVar[str] = "colour-allocated"
    white: int
    black: int
    rule: str


@_event
class ByeAssigned(Event):
    """1.5/1.9.1: the downfloater of the last bracket receives the PAB ([C2], [C5], [C9])."""

    kind: ClassVar[str] = "bye-assigned"
    player: int
    score: str
    unplayed: int


@_event
class NoCandidate(Event):
    """1.9.3: no candidate of the bracket complies with [C1]-[C4] (the Chief Arbiter
    decides)."""

    kind: ClassVar[str] = "no-candidate"
    score: str
    players: tuple


OWN = (BracketOpened, ParametersSet, CandidateChosen, SearchLimit, MovedDown, BracketClosed,
       ColourAllocated, ByeAssigned, NoCandidate)


def register_edition(name: str) -> None:
    """An edition's traces hold the same kinds: registered under its name too."""
    deco = register(name)
    for cls in (AccelerationApplied, ByeNotNeeded) + OWN:
        deco(cls)
