"""The one claims framework: every sentence a rulebook writes, read back and re-derived from
the trace.

An explanation page or a reply is written by a rulebook's templates from facts; its
``claims.py`` reads the *written text* back, finds each claim by its wording and checks it
against the trace the text was written from (and, for a claim about a what-if run, against
the what-if trace the caller supplies; for a reading, against the round paired under the
other value).  This module holds what every rulebook's checker shares:

- :class:`Claim`, one claim found and its verdict; :func:`mismatches`, the false ones;
- the regex atoms numbers and names are read with (``N``, ``S``, ``NAME``, ``SET``, ``PTS``)
  and the words of the rounds without a game (``NOGAME``, ``ABSENCE``);
- :class:`Facts`, a trace indexed for the checks (a rulebook subclasses it for its events);
- :class:`Checker`, the bookkeeping (``add``, the what-if facts ``wi``, ``named``) and the
  walk: the text cut into paragraphs (:func:`paragraphs` for a reply,
  :func:`page_paragraphs` for a Markdown page), each paragraph searched with the rulebook's
  ``patterns()``, ``(kind, regex, check)``; a strict checker (a reply: every sentence must be
  proven) gives each span to the first pattern that covers it and reports the words no
  pattern covers as ``unproven``;
- :class:`ReplyChecker`, the sentences every rulebook's reply makes alike (the greeting, the
  board, the absence, the rounds without a game, "You do (not) play", the readings, the
  pointer) and the answer parser of "You do not play M: ...": the rulebook adds its
  decision and topic sentences and the answers its articles give.

A rulebook's ``claims.py`` holds only its own patterns (the sentences its templates make)
and the events that prove them, and exports the same entry points::

    check_text(text, trace, player=None, what_if=None, pair_under=None, catalogue=None) -> list[Claim]
    mismatches(claims) -> list[Claim]
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator

from ..records import dataclass
from ..trace import events as ev
from ..trace.events import Trace

#: games that count as a meeting (forfeits and byes do not)
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
#: "x point(s)", and "+ y acceleration point(s)" in an accelerated round (the number of
#: acceleration points is checked by ``Checker.read_truth``)
PTS = S + r" points?(?: \+ \d+(?:\.\d+)? acceleration points?)?"
#: the standing's opening words, "Before this round you had x points[ for the pairing (y
#: scored, z added by acceleration)], position p of q" (groups 1-5; ``_acceleration`` reads 2-3)
BEFORE = (r"Before this round you had " + PTS + r"(?: for the pairing \(" + S + r" scored, " + S
          + r" added by acceleration\))?, position " + N + " of " + N)

#: a check: the match -> ``(ok, what the trace says)`` for one claim of the pattern's kind
#: over the match, or ``None`` when the check added its own claims (or none)
Check = Callable[[re.Match], "tuple[object, object] | None"]
Pattern = tuple[str, str, Check]


@dataclass
class Claim:
    kind: str
    text: str
    ok: bool
    expected: str = ""

    def __str__(self) -> str:
        mark = "ok" if self.ok else f"FALSE (the trace says: {self.expected})"
        return f"[{self.kind}] {self.text!r}: {mark}"


def mismatches(claims: Iterable[Claim]) -> list[Claim]:
    return [c for c in claims if not c.ok]


def ints(s: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", s)]


def plain(text: str) -> str:
    """Markdown escapes and emphasis removed: the words as read."""
    return re.sub(r"\\(.)", r"\1", text.replace("**", ""))


def paragraphs(text: str) -> list[str]:
    """A reply's paragraphs, each joined into one line (a reply wraps its lines)."""
    return [" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip()]


def page_paragraphs(lines: list[str]) -> list[str]:
    """A Markdown page's paragraphs, each one claim's context: wrapped lines joined, each
    list item its own paragraph, each table row its own (``|`` first), headings dropped."""
    paras, cur = [], []
    for ln in lines:
        if not ln.strip() or ln.lstrip().startswith(("- ", "|", "#")):
            if cur:
                paras.append(" ".join(cur))
            cur = [ln.strip()] if ln.strip() and not ln.lstrip().startswith(("|", "#")) else []
            if ln.lstrip().startswith("|"):
                paras.append(ln.strip())
        else:
            cur.append(ln.strip())
    if cur:
        paras.append(" ".join(cur))
    return paras


def first_parting(real: Trace, what_if: Trace, decision_key: Callable, both: bool = False):
    """The real run's first decision (the rulebook's ``decision_key``) that the what-if run
    decides otherwise, re-derived here: the two runs' decisions compared in order (``both``:
    and the what-if run's decision there)."""
    a = [e for e in real.events if decision_key(e) is not None]
    b = [e for e in what_if.events if decision_key(e) is not None]
    for x, y in zip(a, b):
        if decision_key(x) != decision_key(y):
            return (x, y) if both else x
    x = a[len(b)] if len(a) > len(b) else None
    return (x, None) if both else x


class Facts:
    """The facts of one trace, indexed for the checks: the standings' rows, the published
    boards and bye; a rulebook's subclass indexes its own events."""

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
        """``n``'s points as a letter states them: the points scored (in an accelerated
        round, the row's score less its acceleration points)."""
        row = self.rows.get(n, {})
        return row.get("real_score") if row.get("virtual") not in (None, "0", 0) else row.get("score")

    def position(self, n: int) -> int | None:
        """``n``'s place in the list: score, then initial rank, then number."""
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


class Checker:
    """The bookkeeping and the walk of one text's claims; a rulebook's checker gives its
    ``patterns()``.

    ``strict``: every word must be claimed (a reply): a span is read by the first pattern
    that covers it and what no pattern covers is ``unproven``.  Not strict (an explanation
    page, whose sentences join their claims with words of their own): every pattern reads
    every match.
    """

    facts: type[Facts] = Facts
    strict = True

    def __init__(self, trace: Trace, player: int | None = None,
                 what_if: Callable[[int, int], Trace] | None = None,
                 pair_under: Callable[[str, str], Trace] | None = None,
                 catalogue: Iterable[tuple[str, tuple]] | None = None, tournament=None):
        self.f = self.facts(trace)
        self.tournament = tournament
        self.n = player
        self._what_if = what_if
        self._wi: dict[tuple[int, int], Facts | None] = {}
        self.pair_under = pair_under
        self.catalogue = list(catalogue) if catalogue is not None else None
        self.claims: list[Claim] = []

    @classmethod
    def check_text(cls, text: str, trace: Trace, player: int | None = None,
                   what_if: Callable[[int, int], Trace] | None = None,
                   pair_under: Callable[[str, str], Trace] | None = None,
                   catalogue: Iterable[tuple[str, tuple]] | None = None,
                   tournament=None) -> list[Claim]:
        """Every claim of ``text`` (to or about ``player``) checked against ``trace``.

        ``what_if(n, m)``: the what-if trace with n and m held for each other (for the
        claims made "with n–m" and the why-not answer); ``pair_under(name, value)``: the
        round paired with one reading changed, and ``catalogue`` the readings' ``(name,
        choices)`` (for the readings paragraph; without them the outcome of a reading is not
        checked).  ``tournament``: the file the round was paired from; every number of
        points and every float the text states is then also checked against the facts
        :class:`~dubov_explain.rulebooks.truth.Truth` recomputes from it, independently of
        the engine (without it, against the trace's rows).
        """
        c = cls(trace, player, what_if, pair_under, catalogue, tournament)
        c.read(text)
        c.read_truth(text)
        return c.claims

    def read_truth(self, text: str) -> None:
        """The numbers of points and the floats of ``text``, each checked against the file's
        facts (:mod:`~dubov_explain.rulebooks.truth`)."""
        from .truth import Truth

        f = self.f
        rnd = f.opened.round
        truth = Truth(self.tournament, rnd) if self.tournament is not None else Truth.from_rows(f.rows, rnd)

        def opponent_of(n: int) -> int | None:
            return next((b if n == w else w for w, b in f.boards if n in (w, b)), None)
        for kind, words, ok, want in truth.check_numbers(" ".join(plain(text).split()), self.n, opponent_of):
            self.add(kind, words, ok, want)

    def add(self, kind: str, text: str, ok: object, expected: object = "") -> None:
        self.claims.append(Claim(kind, text, bool(ok), "" if ok else str(expected)))

    def wi(self, *pair: int) -> Facts | None:
        """The facts of the what-if run with the pair held for each other: ``wi(m)`` the
        player's pair with ``m``, ``wi(a, b)`` any pair; ``None`` without a what-if."""
        key = (self.n, pair[0]) if len(pair) == 1 else pair
        if key not in self._wi:
            self._wi[key] = self.facts(self._what_if(*key)) if self._what_if else None
        return self._wi[key]

    def named(self, n: str, name: str) -> bool:
        # a name that ends a sentence loses its own full stop (render.explain.reply_text)
        want = " ".join(str(self.f.rows.get(int(n), {}).get("name", "")).split())
        return want.rstrip(".") == name.strip().rstrip(".")

    # ------------------------------------------------------------------ shared sentences
    #: "Also unusual this round: ...": each item's words and the fact it names
    ALSO = {"the bye (--bye)": "no-bye", "your opponent's score (--float)": "float",
            "your colour (--colour)": "colour"}

    def _also(self, m):
        """Each other unusual fact named is one: the bye went to a player with as many points
        or more while the player's score is the lowest paired; the opponent's score differs;
        the colour is not the preference."""
        f, n = self.f, self.n
        items = [x.strip() for x in m[1].split(", ")]
        if not items or any(x not in self.ALSO for x in items):
            return False, items
        row = f.rows.get(n, {})
        board = next(((w, b) for w, b in f.boards if n in (w, b)), None)
        if board is None:
            return False, "not paired"
        o = board[1] if board[0] == n else board[0]
        colour = "White" if board[0] == n else "Black"
        paired = [p for b in f.boards for p in b] + ([f.bye] if f.bye is not None else [])
        mine = float(row.get("score", 0))
        facts = {
            "no-bye": f.bye is not None and f.bye != n and float(f.rows[f.bye]["score"]) >= mine
            and mine == min(float(f.rows[p]["score"]) for p in paired),
            "float": float(f.rows[o]["score"]) != mine,
            "colour": row.get("preference") in ("White", "Black") and row.get("preference") != colour,
        }
        return all(facts[self.ALSO[x]] for x in items), facts

    # ------------------------------------------------------------------ the walk
    def patterns(self) -> Iterable[Pattern]:
        """``(kind, regex, check)``, in the order a span is given to them."""
        raise NotImplementedError(f"{type(self).__name__} gives no claim patterns")

    def read(self, text: str) -> None:
        pats = list(self.patterns())
        for p in paragraphs(text):
            self.paragraph(p, pats)

    def paragraph(self, p: str, pats: list[Pattern]) -> None:
        """Every claim of one paragraph (its text is ``m.string`` for a check)."""
        covered = [False] * len(p) if self.strict else None
        for kind, rx, check in pats:
            for m in re.finditer(rx, p):
                if covered is not None:
                    if any(covered[m.start():m.end()]):
                        continue
                    covered[m.start():m.end()] = [True] * (m.end() - m.start())
                got = check(m)
                if got is not None:
                    self.add(kind, m[0], *got)
        if covered is not None:
            rest = "".join(ch for ch, k in zip(p, covered) if not k).strip(" .,;:")
            if rest:
                self.add("unproven", rest, False, "no claim of the reply covers these words")


class ReplyChecker(Checker):
    """A reply's sentences that every rulebook words alike, and the answer parser of "You do
    not play M: ...":

    ==============  ==============================================================
    claim           re-derived from
    ==============  ==============================================================
    greeting        the standings' name of the player
    decision        the published board, colour and scores; the round's absences
    history         the rounds without a game: the standings' history codes
    why-not         "You do play": the board; "You do not play": the player's absence,
                    the criterion that bars the pair (the what-if run's header), the
                    first decision the what-if run takes otherwise; the rest is the
                    rulebook's ``answers()``
    reading         the round paired under the other value of the reading
    pointer         the player of the step-by-step command
    ==============  ==============================================================

    A rulebook's reply checker gives:

    - ``system``: its ``--system`` name (the pointer to the step-by-step page);
    - ``ev``: its events module;
    - ``no_pairing``: the article that says no complete pairing exists;
    - ``decision_key``: its ``why.decision_key`` (the first decision two runs part at);
    - ``opening()``: its decision sentences (the bye, no pairing) and the standing (``BEFORE``
      and its own words on the colours, checked by ``_standing`` with its ``colour_to_come``);
    - ``topic()``: its sentences of the topic (bye, colour, floats, pairs);
    - ``barred()`` and ``answers()``: the answers "You do not play M: ..." its articles give
      when the pair breaks a criterion (``check(m, a, crit)``) and otherwise
      (``check(m, a, w)``: ``a`` the other player, ``w`` the what-if facts).
    """

    system = ""
    no_pairing = ""
    ev = ev
    decision_key: Callable = staticmethod(lambda e: None)

    def patterns(self) -> Iterator[Pattern]:
        f, n = self.f, self.n
        row = f.rows.get(n, {})
        yield "greeting", r"^Dear (.*),$", lambda m: (m[1] == " ".join(str(row.get("name") or f"player {n}").split()),
                                                      row.get("name"))
        yield "decision", (r"Round " + N + r": you \(" + NAME + ", " + PTS + r"\) play (White|Black) against "
                           + NAME + r" \(" + PTS + r"\), board " + N + r"\."), self._board
        yield "decision", r"Round " + N + r": you \(" + NAME + r"\) are not paired: (.*?)\.", \
            lambda m: (int(m[1]) == f.opened.round and (n, self._absence(m[4])) in [tuple(a) for a in f.opened.absent],
                       f.opened.absent)
        yield from self.opening()
        yield "history", r"Rounds without a game: (.*?)\.(?= |$)", self._history
        yield from self.topic()
        yield from self.bye_topic()
        yield "why-not", r"You do play " + NAME + r" \(" + PTS + r"\): board " + N + r"\.(?= |$)", \
            lambda m: (self.named(m[1], m[2]) and f.score(int(m[1])) == m[3] and 0 < int(m[4]) <= len(f.boards)
                       and set(f.boards[int(m[4]) - 1]) == {n, int(m[1])}, f.boards)
        yield "why-not", r"You do not play " + NAME + r" \(" + PTS + r"\): (.*)\.$", self._why_not
        yield "also", r"Also unusual this round: (.*?)\.$", self._also
        yield "reading", (r"This rests on a reading of an unclear article \((.*?), \"([\w-]+)\"\): read as \"([\w-]+)\""
                          r" instead of \"([\w-]+)\", you would (.*?)\.(?= This|$)"), self._reading
        yield "reading", r"No named reading of an unclear article changes this\.", self._no_reading
        yield "pointer", r"Step by step: dubov-explain explain --system " + re.escape(self.system) + " --player " \
            + N + r"\.", lambda m: (int(m[1]) == n, n)

    def opening(self) -> Iterable[Pattern]:
        return ()

    #: the article that bars a second bye ("You may not have it: ... (Article X)"), and the
    #: one that gives no bye to an even number of players
    bye_bar_article = ""
    even_article = ""

    def bye_topic(self) -> Iterator[Pattern]:
        """The bye the player did not get: who has it, and the bar that keeps the player
        from it (the round and kind of the point scored without playing, checked in the
        file's own round blocks when the checker has the file)."""
        f, n = self.f, self.n
        yield "no-bye", r"You do not have the (?:pairing-allocated )?bye: it goes to " + NAME + r" \(" + PTS + r"\)\.", \
            lambda m: (f.bye == int(m[1]) != n and self.named(m[1], m[2]) and f.score(int(m[1])) == m[3], f.bye)
        yield "bye-bar", (r"You may not have it: you (received the (?:pairing-allocated )?bye|won by forfeit|had a "
                          r"full-point bye|had a half-point bye|scored without playing|scored a win's points without playing) in round " + N
                          + r"(?: \([^)]*\))? \(Article ([\w.]+)\)\."), self._bye_bar
        yield "no-bye", r"Nobody has the bye this round: the number of players to pair is even \(Article ([\w.]+)\)\.", \
            lambda m: (m[1] == self.even_article and f.published and f.bye is None
                       and len(f.opened.to_pair) % 2 == 0, (f.bye, len(f.opened.to_pair)))

    #: the result codes each bar's words stand for (a bye of the round's pairing, a forfeit
    #: won, a bye asked for)
    BAR_CODES = {"received the bye": "U", "received the pairing-allocated bye": "U", "won by forfeit": "+",
                 "had a full-point bye": "F", "had a half-point bye": "H", "scored without playing": "UF+H",
                 "scored a win's points without playing": "F+"}

    def _bye_bar(self, m):
        row = self.f.rows.get(self.n, {})
        bar = row.get("bye_bar") or {}
        rnd = int(m[2])
        ok = m[3] == self.bye_bar_article and not row.get("bye_eligible", True) and bar.get("round") == rnd
        code = self._file_code(self.n, rnd)
        return ok and code is not None and code in self.BAR_CODES[m[1]], (bar, code)

    def _file_code(self, n: int, rnd: int) -> str | None:
        """The result code of ``n``'s round ``rnd``: the file's own block when the checker has
        the file, else the standings' history."""
        if self.tournament is not None:
            p = next((p for p in self.tournament.players if p.number == n), None)
            e = p.entry(rnd) if p is not None else None
            return e.code if e is not None else None
        return next((k for r, _o, _c, k in self.f.rows.get(n, {}).get("history", ()) if r == rnd), None)

    def topic(self) -> Iterable[Pattern]:
        return ()

    def barred(self) -> Iterator[tuple[str, Callable]]:
        yield r"you are a forbidden pair \(XXP\)", lambda m, a, crit: (crit == "XXP", crit)

    def answers(self) -> Iterable[tuple[str, Callable]]:
        return ()

    # ------------------------------------------------------------------ checks
    def _absence(self, words: str) -> str:
        return next((k for k, w in ABSENCE.items() if w == words), words)

    def _board(self, m):
        f = self.f
        p, col, o, b = int(m[2]), m[5], int(m[6]), int(m[9])
        want = (p, o) if col == "White" else (o, p)
        ok = (int(m[1]) == f.opened.round and p == self.n and 0 < b <= len(f.boards) and f.boards[b - 1] == want
              and f.score(p) == m[4] and f.score(o) == m[8] and self.named(m[2], m[3]) and self.named(m[6], m[7]))
        return ok, (f.boards, f.score(p), f.score(o))

    def _bye_decision(self, m):
        """"Round R: you (N Name, x points) have the ... bye ...": ``n`` has it, at that score."""
        f, n = self.f, self.n
        return (int(m[1]) == f.opened.round and int(m[2]) == n and self.named(m[2], m[3]) and f.bye == n
                and f.score(n) == m[4], f.bye)

    def _nobody(self, m):
        return int(m[1]) == self.f.opened.round and not self.f.published, "published"

    def _acceleration(self, m) -> tuple[bool, object]:
        """The "for the pairing (x scored, y added by acceleration)" of the standing (its
        groups 2 and 3): the points of acceleration, when the round has them."""
        row = self.f.rows.get(self.n, {})
        virtual = row.get("virtual") if row.get("virtual") not in (None, "0") else None
        ok = (m[2], m[3]) == ((row.get("real_score"), virtual) if virtual else (None, None))
        return ok, (row.get("real_score"), virtual)

    def _standing(self, m):
        """"BEFORE; your colours so far: C, so ...": score, position, number of players and
        colours (groups 1, 4-6), the acceleration (2-3), and the groups after: the rulebook's
        ``colour_to_come(row)`` (one value, or a tuple of as many groups)."""
        f, n = self.f, self.n
        acc = self._acceleration(m)
        if not acc[0]:
            return acc
        row = f.rows.get(n, {})
        g = [m[0], m[1]] + list(m.groups()[3:])
        cols = row.get("colours") or "none"
        want = self.colour_to_come(row)
        ok = (row.get("score") == g[1] and f.position(n) == int(g[2]) and len(f.rows) == int(g[3]) and cols == g[4]
              and (want == tuple(g[5:]) if isinstance(want, tuple) else want == g[5]))
        return ok, (row.get("score"), f.position(n), cols, want)

    def colour_to_come(self, row: dict) -> object:
        raise NotImplementedError(f"{type(self).__name__} says nothing of the colour to come")

    def _history(self, m):
        want = "; ".join(f"round {r} {NOGAME[k]}" for r, _o, _c, k in self.f.rows.get(self.n, {}).get("history", ())
                         if k in NOGAME)
        return m[1] == want, want

    def _why_not(self, m):
        a = int(m[1])
        ok = self.named(m[1], m[2]) and self.f.score(a) == m[3]
        got = self.answer(a, m[4])
        if got is None:
            return False, f"unproven answer: {m[4]}"
        return ok and got[0], got[1]

    def answer(self, a: int, s: str):
        """The answer ``s`` to "why do I not play ``a``?" checked: ``(ok, what the trace
        says)``, or ``None`` when no answer of the rulebook reads so."""
        f, n = self.f, self.n
        if (m := re.fullmatch(N + r" is not paired this round \((.*?)\)", s)):
            return (int(m[1]) in (n, a) and (int(m[1]), self._absence(m[2])) in [tuple(x) for x in f.opened.absent],
                    f.opened.absent)
        if any({n, a} == set(b) for b in f.boards):
            return False, "they are paired"
        if re.fullmatch(r"no complete pairing exists this round \(Article " + re.escape(self.no_pairing) + r"\)", s):
            return not f.published, "published"
        w = self.wi(a)
        if w is None:
            return None
        header = next(iter(w.trace.of(ev.WhatIf)), None)
        crit = header.pairs[0][2] if header is not None and header.pairs else ""
        for rx, check in self.barred():
            if (m := re.fullmatch(rx, s)):
                return check(m, a, crit)
        if crit:
            return False, crit
        for rx, check in self.answers():
            if (m := re.fullmatch(rx, s)):
                return check(m, a, w)
        if (m := re.fullmatch(r"the procedure decides otherwise at Article (.+)", s)):
            first = first_parting(f.trace, w.trace, self.decision_key)
            return first is not None and first.article == m[1], first
        return None

    def _impossible(self, m, a, w):
        """"with you and A paired, X, Y could not (all) be paired": the what-if run's
        impossible players (groups: A, the players, "all " when the text may say it)."""
        res = w.trace.result
        ok = int(m[1]) == a and isinstance(res, ev.Impossible) and sorted(ints(m[2])) == sorted(res.players)
        if m.re.groups >= 3:
            ok = ok and bool(m[3]) == (len(res.players) > 1)
        return ok, res.kind

    def _bye_moves(self, m, a, w):
        """"the bye goes to X ...; with you and A paired it would go to Y"."""
        wb = [e.player for e in w.of(self.ev.ByeAssigned)]
        return int(m[1]) == self.f.bye and int(m[2]) == a and wb == [int(m[3])], (self.f.bye, wb)

    def _reading(self, m):
        f = self.f
        name, value, cur, said = m[2], m[3], m[4], m[5]
        ok = f.opened.readings.get(name) == cur and value != cur
        if self.pair_under is None:
            return ok, "no check"
        got = Facts(self.pair_under(name, value)).outcome(self.n)
        # a name that ends the sentence loses its own full stop (render.explain.reply_text)
        return ok and got.rstrip(".") == said.rstrip(".") and got != f.outcome(self.n), got

    def _no_reading(self, m):
        if self.pair_under is None or self.catalogue is None:
            return True, ""
        mine = self.f.outcome(self.n)
        for name, choices in self.catalogue:
            for value in choices:
                if value != self.f.opened.readings.get(name):
                    got = Facts(self.pair_under(name, value)).outcome(self.n)
                    if got != mine:
                        return False, (name, value, got)
        return True, ""
