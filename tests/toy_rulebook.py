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

It is an edition of Dubov 2025 in the way a real one is: a subclass of its rulebook that
overrides only its identity, its readings, its ``pair`` and its events template (the other
templates and every other hook are Dubov 2025's, so its traces are read by Dubov 2025's
``player_round``, ``decision_key`` and ``bracket_of``).  Registered only inside tests, by
monkeypatching ``dubov_explain.rulebooks._KNOWN`` (see ``toy`` in ``test_compare_systems``).
"""

from __future__ import annotations

from pathlib import Path

from dubov_explain.records import replace
from dubov_explain.rulebooks import find_rulebook
from dubov_explain.rulebooks.dubov2025 import Dubov2025
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


BASE = find_rulebook("dubov-2025")


class Toy(Dubov2025):
    name = NAME
    title = "Toy rules (tests only)"
    edition = "no edition"
    family = "toy"
    #: the toy has no text of its own: it cites Dubov 2025's articles with a T- prefix
    text = Dubov2025.text
    readings_type = ToyReadings

    @classmethod
    def folder(cls):
        return Dubov2025.folder()

    @classmethod
    def template_folders(cls):
        return [Path(__file__).resolve().parent / "toy_rulebook_templates",
                *Dubov2025.template_folders()]

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


RULEBOOK = Toy()
