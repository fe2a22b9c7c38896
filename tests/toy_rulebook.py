"""A test-only rulebook, ``toy-2025``, to test ``compare`` across two rulebooks before a
second real one exists.

It behaves as another system would, as far as ``compare`` can see:

* its own name, title and edition, its own readings (a ``c9-measure`` of the same name as
  Dubov 2025's but another default, ``max``; a ``bye-eligibility`` likewise, default
  ``article-2.1.1``; and ``toy-colours``, which Dubov 2025 does not have: ``swap`` gives
  every board the other colours);
* its own article numbers: every event cites ``T-`` and the Dubov 2025 number, so a test can
  tell which rulebook an article came from;
* its own events template (``toy_rulebook_templates/events.md.j2``), which words every
  event as ``Toy rule <article>: <kind>``.

Its procedure is Dubov 2025's (under the readings above), so its traces are read by Dubov
2025's ``player_round``, ``decision_key`` and ``bracket_of``.  Registered only inside tests,
by monkeypatching ``dubov_explain.rulebooks._KNOWN`` (see ``toy`` in ``test_compare_systems``).
"""

from __future__ import annotations

from pathlib import Path

from dubov_explain.records import replace
from dubov_explain.rulebooks.dubov2025 import RULEBOOK as BASE
from dubov_explain.rulebooks.dubov2025 import events as ev
from dubov_explain.rulebooks.readings import Reading, Readings
from dubov_explain.trace.events import PairingPublished, RoundOpened, Trace

NAME = "toy-2025"
#: the Dubov 2025 readings the toy passes on, with the toy's own defaults
PASSED_ON = ("c9-measure", "bye-eligibility")


class ToyReadings(Readings):
    catalogue = (
        Reading("c9-measure", "T-3.3.5", "As Dubov 2025's c9-measure", default="max",
                choices={"sum": "as Dubov 2025's sum", "max": "as Dubov 2025's max"}),
        Reading("bye-eligibility", "T-2.1.1", "As Dubov 2025's bye-eligibility",
                default="article-2.1.1",
                choices={"basic-rule-4": "as Dubov 2025's", "article-2.1.1": "as Dubov 2025's"}),
        Reading("toy-colours", "T-5", "Which colours does the toy give?", default="keep",
                choices={"keep": "Dubov 2025's", "swap": "the other colour on every board"}),
    )


class Toy:
    name = NAME
    title = "Toy rules (tests only)"
    edition = "no edition"
    trf_codes: tuple[str, ...] = ()
    trf_words: tuple[str, ...] = ()
    readings_type = ToyReadings
    templates = Path(__file__).resolve().parent / "toy_rulebook_templates"

    @property
    def catalogue(self):
        return ToyReadings.catalogue

    def readings(self, pairs=None):
        return ToyReadings.from_pairs(pairs)

    def pair(self, t, readings=None, round_no=None, forced=()):
        r = readings or ToyReadings.from_pairs()
        inner = BASE.pair(t, BASE.readings_type.from_pairs({k: r.value(k) for k in PASSED_ON}),
                          round_no, forced)
        swap = r.value("toy-colours") == "swap"
        out = []
        for e in inner.events:
            e = replace(e, article="T-" + e.article)
            if isinstance(e, RoundOpened):
                e = replace(e, rulebook=self.title, edition=self.edition,
                            readings=r.as_dict(), readings_detail=r.detail())
            if swap and isinstance(e, ev.ColourAllocated):
                e = replace(e, white=e.black, black=e.white)
            if swap and isinstance(e, PairingPublished):
                e = replace(e, boards=tuple((b, w) for w, b in e.boards))
            out.append(e)
        return Trace(tuple(out), {**inner.meta, "system": NAME})

    def standings(self, t, round_no=None, readings=None):
        return BASE.standings(t, round_no)

    def request_problems(self, t, pairing=True):
        return BASE.request_problems(t, pairing)

    def decision_key(self, e):
        return BASE.decision_key(e)

    def player_round(self, trace, player):
        return BASE.player_round(trace, player)

    def bracket_of(self, trace, index):
        return BASE.bracket_of(trace, index)


RULEBOOK = Toy()
