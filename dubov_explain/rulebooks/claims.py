"""What the reply checkers of the rulebooks share (``dubov1997/claims.py``,
``dutch2012/claims.py``): the claim record, the regex atoms a reply's numbers and names are
read with, the facts of a trace a claim is checked against, the checker's bookkeeping, and
the walk over a reply's paragraphs (every span a claim's pattern covers is checked; what no
pattern covers is ``unproven``).  Each rulebook's checker adds its own patterns: which
sentences its replies make and which events prove them.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ..records import dataclass
from ..trace import events as ev
from ..trace.events import Trace

PLAYED = frozenset("1=0WDL")
NOGAME = {"H": "half-point bye", "F": "full-point bye", "U": "pairing-allocated bye",
          "Z": "zero-point bye", "": "not paired (zero-point bye)",
          "+": "won by forfeit (not played)", "-": "lost by forfeit (not played)"}
ABSENCE = {"H": "half-point bye", "Z": "zero-point bye", "F": "full-point bye",
           "XXZ": "listed absent (XXZ)", "240": "absent (TRF26 240)"}
N = r"(\d+)"
S = r"(\d+(?:\.\d+)?)"
NAME = r"(\d+) (.*?)"
SET = r"\{([\d, ]*)\}"
PTS = S + r" points?"


@dataclass
class Claim:
    kind: str
    text: str
    ok: bool
    expected: str = ""

    def __str__(self) -> str:
        mark = "ok" if self.ok else f"FALSE (the trace says: {self.expected})"
        return f"[{self.kind}] {self.text!r}: {mark}"


def ints(s: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", s)]


class Facts:
    def __init__(self, trace: Trace):
        self.trace = trace
        self.opened = trace.events[0]
        self.rows = {r["number"]: r for e in trace.of(ev.StandingsSnapshot) for r in e.rows}
        res = trace.result
        self.published = isinstance(res, ev.PairingPublished)
        self.boards = [tuple(b) for b in res.boards] if self.published else []
        self.bye = res.bye if self.published else None

    def of(self, cls, **kw) -> list:
        return [e for e in self.trace.of(cls) if all(getattr(e, k) == v for k, v in kw.items())]

    def score(self, n: int) -> str | None:
        return self.rows.get(n, {}).get("score")

    def position(self, n: int) -> int | None:
        order = sorted(self.rows.values(), key=lambda r: (-float(r["score"]), r["initial_rank"], r["number"]))
        return next((i for i, r in enumerate(order, 1) if r["number"] == n), None)

    def met(self, a: int, b: int) -> list[int]:
        return [r for r, o, _c, k in self.rows.get(a, {}).get("history", ()) if o == b and k in PLAYED]

    def outcome(self, n: int) -> str:
        """What the round gives ``n``, in the reply's words."""
        if not self.published:
            return "not be paired (no complete pairing)"
        if self.bye == n:
            return "have the pairing-allocated bye"
        for w, b in self.boards:
            if n in (w, b):
                o = b if n == w else w
                return f"play {'White' if n == w else 'Black'} against {o} " + " ".join(
                    str(self.rows[o]["name"]).split())
        return "not be paired"


class CheckerBase:
    def __init__(self, trace, player, what_if, pair_under, catalogue):
        self.f = Facts(trace)
        self.n = player
        self._what_if = what_if
        self._wi: dict = {}
        self.pair_under = pair_under
        self.catalogue = catalogue
        self.claims: list[Claim] = []

    def add(self, kind: str, text: str, ok: bool, expected: object = "") -> None:
        self.claims.append(Claim(kind, text, bool(ok), "" if ok else str(expected)))

    def wi(self, m: int) -> Facts | None:
        if m not in self._wi:
            self._wi[m] = Facts(self._what_if(self.n, m)) if self._what_if else None
        return self._wi[m]

    def named(self, n: str, name: str) -> bool:
        # a name that ends a sentence loses its own full stop (render.explain.reply_text)
        want = " ".join(str(self.f.rows.get(int(n), {}).get("name", "")).split())
        return want.rstrip(".") == name.strip().rstrip(".")

def paragraphs(text: str) -> list[str]:
    """The reply's paragraphs, each joined into one line (a reply wraps its lines)."""
    return [" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip()]


def check_text(checker: type, text: str, trace: Trace, player: int,
               what_if: Callable[[int, int], Trace] | None = None,
               pair_under: Callable[[str, str], Trace] | None = None,
               catalogue: Iterable[tuple[str, tuple]] | None = None) -> list[Claim]:
    """Every claim of a reply ``text`` to ``player`` checked against ``trace``.

    ``what_if(n, m)``: the what-if trace with n and m held for each other (for the why-not
    answer); ``pair_under(name, value)``: the round paired with one reading changed, and
    ``catalogue`` the readings' ``(name, choices)`` (for the readings paragraph; without
    them the outcome of a reading is not checked).  What no claim covers is ``unproven``.
    """
    c = checker(trace, player, what_if, pair_under, list(catalogue) if catalogue is not None else None)
    pats = list(c.patterns())
    for p in paragraphs(text):
        covered = [False] * len(p)
        for kind, rx, check in pats:
            for m in re.finditer(rx, p):
                if any(covered[m.start():m.end()]):
                    continue
                ok, want = check(m)
                c.add(kind, m[0], ok, want)
                covered[m.start():m.end()] = [True] * (m.end() - m.start())
        rest = "".join(ch for ch, k in zip(p, covered) if not k).strip(" .,;:")
        if rest:
            c.add("unproven", rest, False, "no claim of the reply covers these words")
    return c.claims


def mismatches(claims: Iterable[Claim]) -> list[Claim]:
    return [c for c in claims if not c.ok]
