"""The named readings of the Dutch 2026 text (``text/dutch-2026.txt``): each place the text
can be read two ways, its article, the default and the alternative (see ``golden/dutch-2026``
for the case that tells each apart)."""

from __future__ import annotations

from ..readings import Reading, Readings as _Readings, acceleration_history

__all__ = ["ACCELERATION", "CATALOGUE", "DEFAULT", "Reading", "Readings"]

CATALOGUE: tuple[Reading, ...] = (
    Reading(
        name="absolute-conflict",
        article="1.7.1",
        question="A colour difference beyond +-1 and the last two games can ask opposite "
                 "colours (+2 after two Blacks): which gives the absolute preference?",
        default="difference",
        choices={"difference": "the colour difference (its sign) decides",
                 "last-two": "the colour of the last two games decides"},
    ),
    Reading(
        name="topscorer-max",
        article="1.8",
        question="'Over 50% of the maximum possible score when pairing the final round': "
                 "the maximum of the rounds played so far, or of the whole tournament?",
        default="rounds-before",
        choices={"rounds-before": "a win in every round before the final one",
                 "all-rounds": "a win in every round of the tournament"},
    ),
    Reading(
        name="c14-downfloaters",
        article="2.4.9 [C14], 2.4.11 [C16]",
        question="[C14]/[C16] count 'resident downfloaters' who downfloated one (two) rounds "
                 "before: does an MDP left in the Limbo, who downfloats again, count too?",
        default="residents",
        choices={"residents": "no: the text's words, resident downfloaters only",
                 "all": "yes: every downfloater of the bracket, the Limbo too (as Gacrux "
                        "and bbpPairings v6 pair)"},
    ),
    Reading(
        name="tpn-arrival",
        article="1.1, 5.2.5 (General Handling Rules 2.3-2.5)",
        question="5.2.5 reads the parity of the higher ranked player's TPN: does a player "
                 "listed from the start who has not yet taken part in a pairing (absent or "
                 "on requested byes so far, and absent again) hold a TPN ahead of him?",
        default="arrived",
        choices={"arrived": "no: TPNs count, in the initial order, only the players who "
                            "took part in a pairing or are to be paired now (GHR 2.4: a "
                            "late entry is 'given an appropriate TPN and paired only when "
                            "they actually arrive', and 2.5: the TPNs given at the start "
                            "are provisional; as Gacrux and bbpPairings v6 pair)",
                 "file": "yes: the file's starting numbers are the TPNs (GHR 2.3, the "
                         "initial ranking of the participants listed)"},
    ),
    Reading(
        name="c9-bracket",
        article="2.4.4 [C9] and its note",
        question="[C9]'s note: 'Apply to brackets that downfloat exactly one player, who will "
                 "end up receiving the pairing-allocated bye': only the last bracket, or also "
                 "a bracket above it whose one downfloater the round's completion gives the "
                 "bye (the players below him all paired among themselves)?",
        default="pab-bracket",
        choices={"pab-bracket": "any bracket whose one downfloater receives the bye in every "
                                "completion best by [C5] (as Gacrux and bbpPairings v6 pair)",
                 "last": "the last bracket only, whose downfloater is the bye's assignee "
                         "by 1.9.1"},
    ),
    Reading(
        name="c13-absolute",
        article="2.4.8 [C13]",
        question="Does [C13] ('strong colour preference') count a player whose absolute "
                 "preference is not granted (only possible between topscorers)?",
        default="strong-or-absolute",
        choices={"strong-or-absolute": "yes: an absolute preference is also strong",
                 "strong-only": "no: only the strong preference of 1.7.2"},
    ),
)

#: the acceleration readings (C.04.7): which score the float history reads
ACCELERATION: tuple[Reading, ...] = (
    acceleration_history("acceleration-floats", "1.4.2", "a float", "the brackets the player "
                         "was actually paired in", "float"),
)
CATALOGUE = CATALOGUE + ACCELERATION


class Readings(_Readings):
    catalogue = CATALOGUE


DEFAULT = Readings.from_pairs()
