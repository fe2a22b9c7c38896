"""The sweep the reply tests of Dubov 1997, Dutch 2012, 2017 and 2026 and the 1992 rating
text share.

A :class:`Round` holds one round to reply on and memoises its pairings (the real one, the
what-if runs of "with you and M paired", the readings' other values), each asked once for
all the players of the round; :func:`sweep` writes every player's plain reply, one
``--against`` and ``--colour``, and gathers the claims the rulebook's checker
(``rulebooks/<room>/claims.py``: ``check_text``, ``mismatches``) re-derives from the trace.
Each test file binds it to its rulebook (:func:`bind`: its golden cases, its rulebook, the
readings' catalogue and ``Round``) and takes the tests every rulebook runs alike from here:
the corpus swept (:func:`corpus_test`), the generated rounds (:func:`sweep_generated`), the
memoised readings (:func:`memo_test`), a wrong template caught (:func:`wrong_own`,
:func:`wrong_words`, :func:`caught`).
"""

from __future__ import annotations

import contextlib
import functools

from pathlib import Path

import jinja2

import pytest

from dubov_explain.explain import why
from dubov_explain.explain.why import outcome, reply
from dubov_explain.render import env as E
from dubov_explain.render.explain import has_reply, reply_text
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.machine import watching
from dubov_explain.trf.reader import read_trf

ROOT = Path(__file__).resolve().parents[1]


class Round:
    """One round to reply on, its pairings memoised."""

    def __init__(self, system: str, claims, t, round_no=None):
        self.book = find_rulebook(system)
        self.claims = claims
        self.catalogue = [(r.name, r.choices) for r in self.book.catalogue]
        self.t, self.round_no = t, round_no
        self.readings = self.book.readings()
        self._real = self.book.pair  # the rulebook's own, also while memo() stands in for it
        self.trace = self._real(t, self.readings, round_no)
        self.pair = functools.lru_cache(maxsize=None)(self._pair)

    def _pair(self, readings: tuple, forced: tuple):
        return self._real(self.t, self.book.readings(dict(readings)), self.round_no, forced)

    @contextlib.contextmanager
    def memo(self):
        """The rulebook's pairings of this round memoised while the replies are written (the
        why-not runs of the bracket-mates repeat from page to page)."""
        book, real = self.book, self._real

        def pair(t, readings=None, round_no=None, forced=()):
            # a what-if run stopped at its parting is no whole run: not kept
            if t is not self.t or round_no != self.round_no or forced and watching():
                return real(t, readings, round_no, forced)
            r = readings if readings is not None else book.readings()
            return self.pair(tuple(sorted(r.as_dict().items())), tuple(map(tuple, forced)))
        book.pair = pair
        try:
            yield
        finally:
            del book.pair

    def what_if(self, a: int, b: int):
        return self.pair(tuple(sorted(self.readings.as_dict().items())), ((a, b),))

    def pair_under(self, name: str, value: str):
        return self.pair(tuple(sorted({**self.readings.as_dict(), name: value}.items())), ())

    def players(self) -> list[int]:
        return sorted(r["number"] for r in self.trace.events[1].rows)

    def readings_that_matter(self, n: int) -> list[dict]:
        """``explain.why.readings_that_matter`` from the memoised pairings (the generated
        rounds ask it of every player; the corpus asks the real function)."""
        mine = outcome(self.trace, n)
        out = []
        for r in self.book.catalogue:
            now = self.readings.value(r.name)
            for value in r.choices:
                if value != now:
                    got = outcome(self.pair_under(r.name, value), n)
                    if got != mine:
                        out.append(dict(name=r.name, value=value, current=now,
                                        article=r.article, outcome=got))
        return out

    def pages(self, n: int, against: int | None, known=None, topic: str | None = None):
        """The reply to ``n`` (``against``: the why-not page) and its claims."""
        r = reply(self.t, n, self.readings, self.round_no, trace=self.trace, against=against,
                  check_readings=known is None, topic=topic)
        if known is not None:
            r.readings = known
        text = reply_text(r, self.trace)
        return r, text, self.claims.check_text(text, self.trace, n, self.what_if,
                                               self.pair_under, self.catalogue, tournament=self.t)


def bind(system: str, claims, keep=lambda stem: True):
    """What a replies test file works with for ``system`` and its checker module
    ``claims``: ``(CASES, SMALL, BOOK, CATALOGUE, Round)``: the golden cases' folder, the
    cases swept (``keep(stem)``), the rulebook, its readings' ``(name, choices)`` and
    :class:`Round` bound to the rulebook and its checker."""
    cases = ROOT / "golden" / system / "cases"
    book = find_rulebook(system)
    return (cases, sorted(p.stem for p in cases.glob("*.trf") if keep(p.stem)), book,
            [(r.name, r.choices) for r in book.catalogue], functools.partial(Round, system, claims))


def corpus_test(rnd_of, cases: Path, small: list[str]):
    """``test_every_reply_of_the_corpus_is_proven``, parametrised over ``small``: every
    player's replies of each case proven, at least five claims a page."""
    @pytest.mark.parametrize("case", small)
    def test_every_reply_of_the_corpus_is_proven(case):
        rnd = rnd_of(read_trf(str(cases / f"{case}.trf")))
        assert has_reply(rnd.trace)
        pages, claims, bad = sweep(rnd, memo=True)
        assert bad == [] and claims >= 5 * pages, (claims, pages, bad[:5])
    return test_every_reply_of_the_corpus_is_proven


def generated_test(rnd_of, system: str):
    """``test_every_reply_of_generated_rounds_is_proven`` with :func:`sweep_generated`'s
    default fields (the Dutch 2026/2017 files): at least 30 rounds and 500 pages, six claims
    a page, and the bye, the floats both ways and the colour all met and proven."""
    def test_every_reply_of_generated_rounds_is_proven():
        rounds, pages, claims, topics = sweep_generated(rnd_of, system)
        assert rounds >= 30 and pages > 500 and claims > 6 * pages, (rounds, pages, claims)
        assert {"bye", "upfloat", "float", "colour"} <= topics, topics
    return test_every_reply_of_generated_rounds_is_proven


def memo_test(rnd_of, path: Path):
    """``test_the_memoised_readings_are_the_real_ones`` on the case ``path``."""
    def test_the_memoised_readings_are_the_real_ones():
        """The sweeps take the readings that matter from memoised pairings: the same list as
        ``explain.why.readings_that_matter`` (asked here of every player of a case that has some)."""
        rnd = rnd_of(read_trf(str(path)))
        lists = [rnd.readings_that_matter(n) for n in rnd.players()]
        assert any(lists)
        for n, got in zip(rnd.players(), lists):
            assert got == why.readings_that_matter(rnd.t, n, rnd.readings, trace=rnd.trace)
    return test_the_memoised_readings_are_the_real_ones


def caught(rnd_of, files) -> int:
    """The false or unproven claims of every player's plain reply and one ``--against`` in
    each of ``files`` (a template made wrong must give some)."""
    count = 0
    for f in files:
        rnd = rnd_of(read_trf(str(f)))
        ps = rnd.players()
        for n in ps:
            for against in (None, other(ps, n)):
                count += len(rnd.claims.mismatches(rnd.pages(n, against, known=[])[2]))
    return count


#: a letter made wrong in one place, alike in every rulebook's letter (each test file's
#: ``WRONG`` adds its own): the colour played, a sentence no claim covers
WRONG_LETTER = {
    "colour": ("play {{ x.colour }} against", "play {{ 'White' if x.colour == 'Black' else 'Black' }} against"),
    "unproven": ("{{ PARA -}}\nBefore this round", "You were the strongest player.{{ PARA -}}\nBefore this round"),
}
#: the colour preference of 1.7 / A.6 / A.7 worded the other way (the Dutch family's)
WRONG_PREFERENCE = {
    "preference": ("your colour preference is {{ row.strength }} for {{ row.preference }}",
                   "your colour preference is {{ row.strength }} for {{ 'White' if row.preference == 'Black' else "
                   "'Black' }}"),
}


def wrong_own(room: str, old: str, new: str, once: bool = False):
    """The macros of ``rulebooks/<room>/templates/why.md.j2`` with ``old`` (found there,
    exactly once when ``once``) replaced by ``new`` (the real template is left as it is)."""
    source = (ROOT / "dubov_explain" / "rulebooks" / room / "templates" / "why.md.j2").read_text()
    assert source.count(old) == 1 if once else old in source, old
    return E.environment().from_string(source.replace(old, new)).module


def other(players: list[int], n: int) -> int | None:
    """One ``--against`` per player: the next player in the list."""
    rest = [m for m in players if m != n]
    return rest[n % len(rest)] if rest else None


def sweep(rnd: Round, memo: bool = False) -> tuple[int, int, list]:
    """Every player of the round: plain reply, one --against and --colour; (pages, claims,
    mismatches)."""
    pages = claims = 0
    bad = []
    ps = rnd.players()
    with rnd.memo():
        for n in ps:
            r, _, cs = rnd.pages(n, None, known=rnd.readings_that_matter(n) if memo else None)
            m = other(ps, n)
            _, _, cs2 = rnd.pages(n, m, known=r.readings) if m is not None else (None, None, [])
            # --colour: the colour topic whatever the player's preference
            _, _, cs3 = rnd.pages(n, None, known=r.readings, topic="colour") \
                if r.explanation.status == "paired" else (None, None, [])
            pages += 1 + (m is not None) + (r.explanation.status == "paired")
            claims += len(cs) + len(cs2) + len(cs3)
            bad += [(n, m, c) for c in rnd.claims.mismatches(cs + cs2 + cs3)]
    return pages, claims, bad


#: the Dutch family's letter, which each Dutch edition reads under its own name
DUTCH_REPLY = ROOT / "dubov_explain" / "rulebooks" / "dutch2026" / "templates" / "reply.md.j2"


def wrong_words(system: str, old: str, new: str):
    """``system``'s why.md.j2 macros with the Dutch family's reply.md.j2 made wrong (``old``
    replaced by ``new``), loaded under ``system``'s name as the real one is (``art()`` and
    ``term()`` then write that text's numbers), in an overlay of the environment: the real
    templates are left as they are."""
    source = DUTCH_REPLY.read_text()
    assert old in source, old
    base = E.environment()
    env = base.overlay(loader=jinja2.ChoiceLoader(
        [jinja2.DictLoader({f"{system}/reply.md.j2": source.replace(old, new)}), base.loader]))
    return env.get_template(f"{system}/why.md.j2").module


def sweep_generated(rnd_of, system: str, seeds=range(1, 9), size=lambda seed: 6 + seed % 4, length: int = 7,
                    first: int = 2, topics: bool = True) -> tuple[int, int, int, set]:
    """Every reply of the rounds from ``first`` on of small generated tournaments (``size(seed)``
    players, ``length`` rounds; by default 6-9 players, 7 rounds, the middle rounds) swept:
    (rounds, pages, claims, the topics the letters answered, when ``topics``).  Fails on the
    first round with a false or unproven sentence."""
    from dubov_explain.simulate import history_before, simulate

    rounds = pages = claims = 0
    seen: set = set()
    for seed in seeds:
        sim = simulate(size(seed), length, seed, system=system)
        for r in range(first, sim.rounds_played + 1):
            rnd = rnd_of(history_before(sim.tournament, r))
            p, c, bad = sweep(rnd, memo=True)
            assert bad == [], (seed, r, bad[:5])
            rounds, pages, claims = rounds + 1, pages + p, claims + c
            for n in rnd.players() if topics else ():
                seen.add(rnd.pages(n, None, known=[])[0].topic)
    return rounds, pages, claims, seen

