"""Dutch 2017: FIDE C.04.3 (Dutch) System, Baku 2016 (terms and guidelines added at Goynuk
2017), in force until 31 January 2026 (``text/dutch-2017.txt``): an edition of Dutch 2026.

The two texts share their structure (brackets, MDPs and the Limbo, candidates, quality
criteria in order, sequential generation, colours), so the 2026 package is the family and
this edition overrides what 2017 words otherwise.  Article by article (2017 -> 2026; "same":
the same rule under other numbers or words; "differs": what 2017 says, and where it is
implemented here):

==================  =====================  =============================================
2017                2026                   same / differs
==================  =====================  =============================================
A.1 initial list    1.1 TPN                same (2017 "pairing numbers", GHR C.04.2.B)
A.2 order           1.2                    same: score, then pairing number; A.2.b's
                                           numbers follow late entries (C.04.2.C.2: a
                                           number "only when he actually arrives"):
                                           reading ``tpn-arrival``, which only E.5's
                                           parity can tell apart (``standings``)
A.3 scoregroups     1.3.1-1.3.4            differs: A.3 allows the "collapsed" scoregroup
                                           of A.9 (several scores); 2026 has none
A.4.a downfloater   1.4.1                  same
A.4.b floats        1.4.2-1.4.4            differs: "a player who, for whatever reason,
                                           does not play in a round, also receives a
                                           downfloat" -- every unplayed round; 2026 only a
                                           PAB or an unplayed round scoring more than a
                                           loss (``standings.Rules.unplayed_float``)
A.5 byes            1.5                    same (the PAB: a win's points)
A.6.a-d colours     1.6, 1.7.1-1.7.4       same
A.7 topscorers      1.8                    same
A.8 PSD             [C6]+[C7]              differs in form: C.6 minimises the list of score
                                           differences of pairs and downfloaters (a
                                           downfloater's against one point less than the
                                           bracket's lowest score); with C.5's pairs this
                                           is the same order as 2026's downfloater scores
                                           in a bracket of one score (``search``), not in
                                           the collapsed last bracket, whose candidates
                                           are compared on the PSD itself
A.9 outlook         1.9.1-1.9.3            differs: the PPB and the collapsed last bracket
                                           (CLB): a bracket whose downfloaters cannot
                                           complete the round-pairing is re-paired by C.4
                                           and every player below it forms one bracket
                                           (``engine.Engine.pair_brackets``); 2026 pairs
                                           every scoregroup as a bracket under [C4]
B.1-B.8             3.1-3.8                same sequence; B.4 perfect = 3.4.1, B.8 = 3.8.1
                                           without [C5]
C.1, C.3            [C1], [C3]             same
C.2 PAB bar         [C2]                   differs: a PAB or a forfeit win bars it; a
                                           full-point bye does not (2026: any win's points
                                           scored without playing)
                                           (``standings.Rules.bars_bye``)
C.4 completion      [C4]                   differs: binds the PPB only (2026: every
                                           bracket)
(none)              [C5] PAB's score       differs: 2017 has no PAB criterion: the PAB is
                                           the last bracket's downfloater (A.9's note)
C.5 pairs           [C6]                   same
C.6 PSD             [C7]                   see A.8
C.7 next bracket    [C8]                   differs: the following bracket alone (its
                                           pairs, then its PSD), not a completion of the
                                           round; not in the PPB or the CLB; when it is
                                           the last bracket, reading ``c7-last-bracket``
                                           (its leftovers allowed the PAB by C.2, or not
                                           read)
(none)              [C9] PAB's unplayed    differs: no such criterion in 2017
C.8-C.11 colours    [C10]-[C13]            same
C.12-C.15 floats    [C14]-[C17]            differs: "players who receive the same
                                           downfloat": every downfloater (the Limbo's too)
                                           and every MDP paired with a lower score; 2026
                                           counts resident downfloaters (``criteria``)
C.16-C.19 SDs       [C18]-[C21]            differs: the score differences of those same
                                           players, a downfloater's by A.8 (``criteria``)
D.1 transpositions  4.2                    same
D.2 exchanges       4.3                    same (rules a-d = 1-4)
D.3 MDP-exchanges   4.4                    same order: the highest different score, then
                                           the lowest BSNs = 4.4.2's smallest differing BSN
                                           (the MDP sets that are not C.6's best lose on
                                           C.6 and 4.4.1 leaves them out)
E.1-E.5 colours     5.2.1-5.2.5            same (E.3 cites C.04.2.D.5, 5.2.3 GHR 3.4: the
                                           games played; E.5 "pairing number" for TPN)
==================  =====================  =============================================

``numbering.py`` maps the 2026 numbers to these (the engine's trace, the readers and the
templates' ``art()``); the engine's own events cite 2017's numbers directly.
"""

from __future__ import annotations

from datetime import date

from ..dutch2026 import Dutch2026
from .numbering import ARTICLES
from .readings import Readings


class Dutch2017(Dutch2026):
    name = "dutch-2017"
    title = "FIDE C.04.3 (Dutch) System"
    edition = ("approved at the 87th FIDE Congress, Baku 2016 (terms and guidelines added at "
               "Goynuk 2017), in force until 31 January 2026")
    family = "dutch"
    text = "dutch-2017.txt"
    #: ETT26's code for this edition (trf.md 7.3); ``FIDE_DUTCH`` names the text in force
    trf_codes = ("FIDE_DUTCH_2017", "FIDE_DUTCH_2017_BAKU")
    trf_words = ("FIDE_DUTCH_2017", "Dutch 2017")
    trf_family_words = ()
    #: the check-list's bye and float columns, headed by C.2, C.12, C.14 as bbpPairings
    #: v5.0.1 heads them
    checklist_columns = ("C2", "C12", "C14")
    in_force = False
    applied_from = date(2017, 7, 1)
    applied_until = date(2026, 1, 31)
    readings_type = Readings
    #: the family's citations of its criteria (its templates' ``term()``: the reply of
    #: ``dutch-2026/reply.md.j2``) as this text cites them: C.1-C.19 are articles of
    #: section C; a rematch left for the bye's rivals breaks A.9's complete round-pairing
    #: (C.4 binds the PPB alone); the absent player's rule is C.04.2.D.4
    terms = {
        "[C1]": "C.1", "[C3]": "C.3",
        "([C1], Article 2.1.1)": "(Article C.1)",
        "([C3], Article 2.1.3)": "(Article C.3)",
        "[C2] (Article 2.1.2)": "C.2",
        "([C1], Article 2.1.1; [C4], Article 2.2.1)": "(Articles C.1, A.9)",
        "[C5]-[C21]": "C.5-C.19",
        "General Handling Rules, Article 3.3": "General Handling Rules C.04.2, Article D.4",
    }

    def cite(self, citation: str) -> str:
        return ARTICLES.cite(citation)

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check
