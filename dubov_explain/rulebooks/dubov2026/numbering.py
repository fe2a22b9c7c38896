"""Dubov 2026's numbers for Dubov 2025's articles: the one table the edition's engine,
readers and templates renumber by (``rulebooks/renumber.py``).

Each pair is ``(2025 number, 2026 number)`` in the order of the 2025 text.  Where the 2025
text has an article the 2026 text does not (the containers of 4.2.3.1-4.2.3.3, the item
4.2.2.1), the pair names the 2026 article that now says it; where two 2025 numbers become
one 2026 number, the first listed is the one a 2025 reader is given back.
``tests/test_dubov2026.py`` checks that every 2025 number is here and that every 2026
number is an article of the 2026 text.
"""

from __future__ import annotations

from ..renumber import ArticleMap

PAIRS: tuple[tuple[str, str], ...] = (
    ("0", "0"),
    # 1 Introductory remarks: 1.1-1.3 keep their numbers; 1.4 Byes loses its only
    # sub-article; 1.5 splits into 1.5 (colour difference) and 1.6 (preferences), so ARO,
    # the maximum upfloater and the outlook move one down
    ("1", "1"), ("1.1", "1.1"), ("1.1.1", "1.1.1"), ("1.1.2", "1.1.2"),
    ("1.2", "1.2"), ("1.2.1", "1.2.1"), ("1.2.2", "1.2.2"),
    ("1.3", "1.3"), ("1.3.1", "1.3.1"), ("1.3.2", "1.3.2"),
    ("1.4.1", "1.4"), ("1.4", "1.4"),
    ("1.5.1", "1.5"), ("1.5", "1.5"),
    ("1.5.2", "1.6"), ("1.5.2.1", "1.6.1"), ("1.5.2.2", "1.6.2"), ("1.5.2.3", "1.6.3"),
    ("1.5.2.4", "1.6.4"),
    ("1.6", "1.7"), ("1.6.1", "1.7.1"), ("1.6.2", "1.7.2"), ("1.6.3", "1.7.3"),
    ("1.7", "1.8"), ("1.7.1", "1.8.1"), ("1.7.2", "1.8.2"),
    ("1.8", "1.9"), ("1.8.1", "1.9.1"), ("1.8.2", "1.9.2"), ("1.8.3", "1.9.3"),
    # 2 Pairing procedures (2025) is Article 3 of 2026
    ("2", "3"), ("2.1", "3.1"), ("2.1.1", "3.1.1"), ("2.1.2", "3.1.2"), ("2.1.3", "3.1.3"),
    ("2.1.4", "3.1.4"), ("2.1.5", "3.1.5"),
    ("2.2", "3.2"), ("2.2.1", "3.2.1"), ("2.2.2", "3.2.2"), ("2.2.3", "3.2.3"),
    ("2.2.3.1", "3.2.3.1"), ("2.2.3.2", "3.2.3.2"), ("2.2.4", "3.2.4"),
    ("2.2.4.1", "3.2.4.1"), ("2.2.4.2", "3.2.4.2"), ("2.2.5", "3.2.5"), ("2.2.6", "3.2.6"),
    # 3 Pairing criteria (2025) is Article 2 of 2026
    ("3", "2"), ("3.1", "2.1"), ("3.1.1", "2.1.1"), ("3.1.2", "2.1.2"), ("3.1.3", "2.1.3"),
    ("3.2", "2.2"), ("3.2.1", "2.2.1"),
    ("3.3", "2.3"), ("3.3.1", "2.3.1"), ("3.3.2", "2.3.2"), ("3.3.3", "2.3.3"),
    ("3.3.4", "2.3.4"), ("3.3.5", "2.3.5"), ("3.3.6", "2.3.6"),
    # 4 Sorting criteria: the same numbers, but 4.2.2 has no item and the containers of
    # 4.2.3 are gone: [C5]/[C6] fix the valid sets (4.2.3), 4.1.3 orders the sets
    ("4", "4"), ("4.1", "4.1"), ("4.1.1", "4.1.1"), ("4.1.2", "4.1.2"),
    ("4.2.3.3", "4.1.3"), ("4.1.3", "4.1.3"),
    ("4.2", "4.2"), ("4.2.1", "4.2.1"), ("4.2.2", "4.2.2"), ("4.2.2.1", "4.2.2"),
    ("4.2.3.2", "4.2.3"), ("4.2.3", "4.2.3"), ("4.2.3.1", "4.2.3"),
    ("4.3", "4.3"), ("4.3.1", "4.3.1"), ("4.3.2", "4.3.2"), ("4.3.3", "4.3.3"),
    ("4.4", "4.4"), ("4.4.1", "4.4.1"), ("4.4.2", "4.4.2"),
    # 5 Colour allocation: unchanged numbers
    ("5", "5"), ("5.1", "5.1"), ("5.2", "5.2"), ("5.2.1", "5.2.1"), ("5.2.2", "5.2.2"),
    ("5.2.3", "5.2.3"), ("5.2.4", "5.2.4"), ("5.2.5", "5.2.5"),
)

ARTICLES = ArticleMap(PAIRS)
