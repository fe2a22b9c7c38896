"""The Dutch 2017 numbers of the 2026 articles the two texts share: the one map the
edition's engine (the trace of the 2026 states it keeps), its readers and the templates'
``art()`` renumber by (``rulebooks/renumber.py``).

Each pair is ``(2026 number, 2017 number)`` in the order of the 2026 text.  2026's
criteria [C1]-[C21] are not dotted numbers and are not mapped here: 2017 names its own
criteria (C.1-C.19) in its engine's events, and ``CRITERIA`` below says which 2026
criterion each is.
"""

from __future__ import annotations

from ..renumber import ArticleMap

PAIRS: tuple[tuple[str, str], ...] = (
    # 1 Introductory remarks (2017: section A)
    ("1.1", "A.1"), ("1.2", "A.2"), ("1.2.1", "A.2.a"), ("1.2.2", "A.2.b"),
    ("1.3", "A.3"), ("1.3.1", "A.3"), ("1.3.2", "A.3"), ("1.3.3", "A.3"), ("1.3.4", "A.3"),
    ("1.4", "A.4"), ("1.4.1", "A.4.a"), ("1.4.2", "A.4.b"), ("1.4.3", "A.4.b"),
    ("1.5", "A.5"), ("1.6", "A.6"), ("1.7", "A.6"), ("1.7.1", "A.6.a"), ("1.7.2", "A.6.b"),
    ("1.7.3", "A.6.c"), ("1.7.4", "A.6.d"), ("1.8", "A.7"),
    ("1.9", "A.9"), ("1.9.1", "A.9"), ("1.9.2", "A.9"), ("1.9.3", "A.9"),
    # 2 Criteria (2017: section C, dotted "C.n" names)
    ("2.1", "C"), ("2.1.1", "C.1"), ("2.1.2", "C.2"), ("2.1.3", "C.3"), ("2.2.1", "C.4"),
    ("2.4.1", "C.5"), ("2.4.2", "C.6"), ("2.4.3", "C.7"),
    ("2.4.5", "C.8"), ("2.4.6", "C.9"), ("2.4.7", "C.10"), ("2.4.8", "C.11"),
    ("2.4.9", "C.12"), ("2.4.10", "C.13"), ("2.4.11", "C.14"), ("2.4.12", "C.15"),
    ("2.4.13", "C.16"), ("2.4.14", "C.17"), ("2.4.15", "C.18"), ("2.4.16", "C.19"),
    # 3 Pairing process (2017: section B)
    ("3.1", "B.1"), ("3.1.1", "B.1.a"), ("3.1.2", "B.1.b"), ("3.1.3", "B.1.c"),
    ("3.2", "B.2"), ("3.2.1", "B.2"), ("3.2.2", "B.2"), ("3.2.3", "B.2"), ("3.2.4", "B.2"),
    ("3.3", "B.3"), ("3.3.1", "B.3"), ("3.3.2", "B.3"), ("3.3.3", "B.3"), ("3.3.4", "B.3"),
    ("3.4", "B.4"), ("3.4.1", "B.4"), ("3.5", "B.5"), ("3.6", "B.6"), ("3.6.1", "B.6"),
    ("3.7", "B.7"), ("3.7.1", "B.7"), ("3.7.2", "B.7"), ("3.7.3", "B.7"),
    ("3.8", "B.8"), ("3.8.1", "B.8"),
    # 4 Sequential generation (2017: section D)
    ("4.1", "D"), ("4.1.1", "D"), ("4.2", "D.1"), ("4.2.1", "D.1"), ("4.2.2", "D.1"),
    ("4.3", "D.2"), ("4.3.1", "D.2"), ("4.3.2", "D.2"), ("4.4", "D.3"), ("4.4.1", "D.3"),
    ("4.4.2", "D.3"), ("4.5.1", "D"),
    # 5 Colours (2017: section E)
    ("5.1", "E"), ("5.2", "E"), ("5.2.1", "E.1"), ("5.2.2", "E.2"), ("5.2.3", "E.3"),
    ("5.2.4", "E.4"), ("5.2.5", "E.5"),
)

ARTICLES = ArticleMap(PAIRS)

#: 2026 criterion -> the 2017 criterion that says it ("" none: the PAB criteria [C5] and
#: [C9] are new in 2026; [C6] and [C7] together are C.5 and C.6, the PSD of A.8)
CRITERIA = {"C1": "C.1", "C2": "C.2", "C3": "C.3", "C4": "C.4", "C5": "", "C6": "C.5",
            "C7": "C.6", "C8": "C.7", "C9": "", "C10": "C.8", "C11": "C.9", "C12": "C.10",
            "C13": "C.11", "C14": "C.12", "C15": "C.13", "C16": "C.14", "C17": "C.15",
            "C18": "C.16", "C19": "C.17", "C20": "C.18", "C21": "C.19"}
