"""Dubov 2026: FIDE C.04.4.1 Dubov System, approved by the Council 28/10/2025, applied from
1 February 2026 (``text/dubov-2026.txt``): an edition of Dubov 2025.

The 2026 text is the 2025 text (approved 13/04/2024, postponed, never in force) re-approved
with its articles renumbered and reworded.  Article by article (2026 -> 2025; "same": the
same rule, possibly other words; "changed": what differs):

========================  ==========================  ==========================================
2026                      2025                        same / changed
========================  ==========================  ==========================================
0 Preface                 0                           same (cites ARO as 1.7)
1.1.1-1.1.2 Rating        1.1.1-1.1.2                 same ("Chief Arbiter" for "arbiter")
1.2 TPN                   1.2 Initial ranking list    same rule, in TPNs: 1.2.1 cites GHR 2
                                                      (2026 GHR), 1.2.2 "recalculate the TPNs"
                                                      for "re-sort the initial ranking list"
1.3.1-1.3.2               1.3.1-1.3.2                 same (2025's note "no downfloaters" gone)
1.4 Pairing-allocated bye 1.4.1                       same; quotes 2026 Basic Rule 3 ("the same
                                                      number of points for all PABs")
1.5 Colour difference     1.5.1                       same
1.6, 1.6.1-1.6.4          1.5.2, 1.5.2.1-1.5.2.4      same
1.7.1-1.7.3 ARO           1.6.1-1.6.3                 same
1.8.1-1.8.2 Max upfloater 1.7.1-1.7.2                 same
1.9.1-1.9.3 Outlook       1.8.1-1.8.3                 same (cross-references renumbered)
2 Pairing criteria        3 (Articles 2 and 3 swap)
2.1.1-2.1.3 [C1]-[C3]     3.1.1-3.1.3                 same ([C2] quotes 2026 Basic Rule 4, as
                                                      2025 did)
2.2.1 [C4]                3.2.1                       changed words, same rule: 2025 "choose the
                                                      set of upfloaters in order to complete the
                                                      round-pairing", 2026 "a pairing complying
                                                      with all the absolute criteria shall always
                                                      exist for all players not yet paired"; the
                                                      engine already tested exactly that (the
                                                      players left can all be paired, 3.1.2 and
                                                      3.2.1-3.2.2)
2.3.1-2.3.6 [C5]-[C10]    3.3.1-3.3.6                 same; [C6] reworded: "minimise the score
                                                      differences (taken in descending order)...
                                                      i.e. maximise the scores (taken in
                                                      ascending order)": 2025's "maximise the
                                                      lowest score..., then the second lowest"
3 Pairing procedures      2
3.1.1-3.1.4 Bye           2.1.1-2.1.4                 same
3.1.5                     2.1.5                       same rule: "largest TPN" for "lowest
                                                      position in the initial ranking list"
3.2.1-3.2.6 Bracket       2.2.1-2.2.6                 same (TPN for initial ranking in 3.2.3 and
                                                      3.2.5; the items of 3.2.3/3.2.4 are
                                                      unnumbered bullets, cited 3.2.3.1, ...)
4.1.1-4.1.2               4.1.1-4.1.2                 same
4.1.3                     4.1.3 (+ 4.2.3.3)           changed words: sets "sorted according to
                                                      the smallest differing sequence number"
                                                      (for sets of one size the lexicographic
                                                      order of 2025), with no exception: it now
                                                      orders the upfloater sets too (2025's
                                                      4.2.3.3 ordered them within a container)
4.2.1                     4.2.1                       same
4.2.2                     4.2.2.1                     same (descending score, then ascending
                                                      TPN)
4.2.3                     4.2.3.1-4.2.3.2             changed: no containers and no example;
                                                      "compliance with [C5] and [C6] determines
                                                      the number of upfloaters and their scores
                                                      in valid sets".  Settles 2025's reading
                                                      container-order at lowest-first
                                                      (readings.py)
4.3.1-4.3.3 Shifters      4.3.1-4.3.3                 same (ascending TPN); 4.4.1 still cites
                                                      "Article 2.2.4" (the 2025 number of the
                                                      re-composition, 3.2.4 in 2026: a stale
                                                      cross-reference of the text)
4.4.1-4.4.2 G2 order      4.4.1-4.4.2                 same (ascending TPN)
5.1, 5.2.1-5.2.5 Colours  5.1, 5.2.1-5.2.5            same (5.2.1 "odd TPN"; the 5.2.4 note
                                                      cites GHR 3.4 for 2025's "GHR 4.5")
========================  ==========================  ==========================================

So the procedure is Dubov 2025's, and what this edition overrides is what its text changes:
its identity and text, its article numbers (``numbering.py``: one table, used by the
engine's trace, the readers and the templates' ``art()``), its readings (``readings.py``:
``container-order`` settled, the rest renumbered), and its engine (``engine.py``), check
(``check.py``) and reader (``why.py``), each Dubov 2025's on the 2026 numbers.  The templates
are Dubov 2025's: every number they write is ``art("...")``, which :meth:`Dubov2026.cite`
renumbers.
"""

from __future__ import annotations

from datetime import date

from ..dubov2025 import Dubov2025
from .numbering import ARTICLES
from .readings import Readings


class Dubov2026(Dubov2025):
    name = "dubov-2026"
    title = "FIDE C.04.4.1 Dubov System"
    edition = "approved by the Council 28/10/2025, applied from 1 February 2026"
    family = "dubov"
    text = "dubov-2026.txt"
    #: ETT26 has no Dubov edition suffix: ``FIDE_DUBOV`` (and a free-text "Dubov") names the
    #: text in force, this one since 01/02/2026; the Baku form is the same system accelerated
    trf_codes = ("FIDE_DUBOV", "FIDE_DUBOV_BAKU")
    trf_words = ()
    trf_family_words = ("dubov",)
    #: the text in force today: bbpPairings' family flag ``--dubov`` names it
    in_force = True
    never_applied = False
    applied_from = date(2026, 2, 1)
    readings_type = Readings

    #: 4.2.3 of 2026 has no "containers" (4.2.3.1-4.2.3.3 of 2025): [C5] and [C6] fix the
    #: number and the scores of a valid set of upfloaters, and 4.1.3 orders the sets; the
    #: family's pages say "container" where this text speaks of the upfloaters' scores
    terms = {
        "in this container": "with these scores",
        "containers by [C6]": "their scores by [C6]",
        "a better container": "better scores",
        "the best container": "the best scores",
        "its container": "the same scores",
        "Container": "scores",
        "the container": "these scores",
        "Same container": "same scores",
        "same container": "same scores",
        "one container": "the same scores",
        "the container with the higher lowest score": "the set with the higher lowest score",
        # 3.1.5: "has the largest TPN" (2025's 2.1.5: "the lowest position in the initial
        # ranking list")
        "is lower in the initial ranking (rank": "has the larger TPN (TPN",
        "is lower in the initial ranking list (rank": "has the larger TPN (TPN",
        "has the lowest position in the initial ranking list": "has the largest TPN",
        "the lowest in the initial ranking": "the largest TPN",
        "then lowest in the initial ranking": "then largest TPN",
        # 1.2: the Tournament Pairing Number where 2025 has the initial ranking list (3.2.3
        # "according to their TPN", 3.2.5, 4.2.2, 4.3.2, 4.4.2 "ascending TPN")
        "initial rank": "TPN",
        "rank": "TPN",
        "by initial ranking": "by TPN",
        "then initial ranking": "then ascending TPN",
        "(initial ranking)": "(ascending TPN)",
        "initial-ranking order": "ascending TPN order",
    }

    def cite(self, citation: str) -> str:
        return ARTICLES.cite(citation)

    def procedure(self):
        from . import engine
        return engine

    def review(self):
        from . import check
        return check
