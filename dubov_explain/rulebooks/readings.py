"""Named readings: the machinery every rulebook uses for the places its text is ambiguous.

A :class:`Reading` names the article it interprets, its default value and the alternatives,
with a note that says what each value means.  A rulebook lists its readings in a catalogue
and subclasses :class:`Readings` with it; its engine never branches on a bare boolean but
asks ``readings.is_("name", "value")`` (or ``readings.value("name")``), and every trace
header lists the readings in force.

A reading or a value the catalogue does not list is a programming error, never a silent
``False``: :meth:`Readings.value` and :meth:`Readings.is_` raise :class:`NotInCatalogue`,
and ``tests/test_readings_catalogue.py`` checks every comparison written in the package's
source against the catalogues.
"""

from __future__ import annotations

from typing import ClassVar, Mapping

from ..errors import EXIT_INVALID_INPUT, DubovError
from ..records import dataclass, field


@dataclass(frozen=True)
class Reading:
    name: str
    article: str
    question: str
    default: str
    choices: Mapping[str, str]

    def describe(self, value: str) -> str:
        return self.choices[value]

    @property
    def code(self) -> str:
        """The article the reading interprets, as a bare code: the first of ``article``
        ("4.2.3.2" of "4.2.3.2 with the example of 4.2.3.1 and 3.3.2 [C6]")."""
        return self.article.split()[0].rstrip(",;") if self.article else ""


class ReadingError(DubovError, ValueError):
    """An unknown reading or value (a user's input: exit code 3)."""

    exit_code = EXIT_INVALID_INPUT


class NotInCatalogue(KeyError):
    """A reading or value asked for in code that the rulebook's catalogue does not list (a
    misspelling in the package, not the user's input)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


#: Readings subclass -> its catalogue by name (built once per class)
_INDEX: dict[type, dict[str, Reading]] = {}


@dataclass(frozen=True)
class Readings:
    """The readings in force: ``name -> value`` over a rulebook's catalogue."""

    #: the rulebook's readings, set by its subclass
    catalogue: ClassVar[tuple[Reading, ...]] = ()

    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def by_name(cls) -> dict[str, Reading]:
        return {r.name: r for r in cls.catalogue}

    @classmethod
    def from_pairs(cls, pairs: Mapping[str, str] | None = None) -> "Readings":
        known = cls.by_name()
        chosen = {r.name: r.default for r in cls.catalogue}
        for name, value in (pairs or {}).items():
            if name not in known:
                raise ReadingError(
                    f"unknown reading {name!r}; known: {', '.join(sorted(known)) or 'none'}"
                )
            if value not in known[name].choices:
                raise ReadingError(
                    f"reading {name!r} has no value {value!r}; choose one of "
                    f"{', '.join(known[name].choices)}"
                )
            chosen[name] = value
        return cls(chosen)

    @classmethod
    def parse(cls, items: list[str] | None) -> "Readings":
        """``NAME=VALUE`` strings, as ``--reading`` gives them."""
        pairs: dict[str, str] = {}
        for item in items or []:
            if "=" not in item:
                raise ReadingError(f"--reading expects NAME=VALUE, found {item!r}")
            name, value = item.split("=", 1)
            pairs[name.strip()] = value.strip()
        return cls.from_pairs(pairs)

    @classmethod
    def _index(cls) -> dict[str, Reading]:
        index = _INDEX.get(cls)
        if index is None:
            index = _INDEX[cls] = {r.name: r for r in cls.catalogue}
        return index

    @classmethod
    def reading(cls, name: str) -> Reading:
        """The catalogue's reading ``name``; :class:`NotInCatalogue` for a name it lacks."""
        found = cls._index().get(name)
        if found is None:
            raise NotInCatalogue(f"{cls.__module__}.{cls.__qualname__} has no reading {name!r}; "
                                 f"known: {', '.join(sorted(cls._index())) or 'none'}")
        return found

    def value(self, name: str) -> str:
        """The value in force of reading ``name`` (a name the catalogue lacks raises:
        ``values`` holds only names of the catalogue, :meth:`from_pairs` sees to it)."""
        got = self.values.get(name)
        return got if got is not None else self.reading(name).default

    def is_(self, name: str, value: str) -> bool:
        """Whether reading ``name`` has ``value`` in force: the test every branch on a reading
        makes.  A name or a value the catalogue does not list raises :class:`NotInCatalogue`
        (so a misspelt value is an error, not a silent ``False``)."""
        r = (_INDEX.get(type(self)) or self._index()).get(name)
        if r is None or value not in r.choices:
            r = self.reading(name)
            raise NotInCatalogue(f"reading {name!r} has no value {value!r}; its values: "
                                 f"{', '.join(r.choices)}")
        got = self.values.get(name)
        return (got if got is not None else r.default) == value

    def as_dict(self) -> dict[str, str]:
        return {r.name: self.value(r.name) for r in self.catalogue}

    def non_default(self) -> dict[str, str]:
        known = self.by_name()
        return {k: v for k, v in self.as_dict().items() if v != known[k].default}

    def detail(self) -> tuple[tuple[str, str, str, str], ...]:
        """``((name, value, default, article code), ...)`` for trace headers (facts: the
        full citation of each article stays in the catalogue, see :attr:`Reading.code`)."""
        return tuple((r.name, self.value(r.name), r.default, r.code) for r in self.catalogue)


#: what the pairing scores of an earlier round were, for floats (``acceleration_history``)
PAIRED_IN_BRACKETS = ("the brackets the player was actually paired in (JaVaFo's manual: "
                      "floats are judged on the accelerated scores)")


def acceleration_history(name: str, article: str, what: str, paired_in: str, no: str
                         ) -> Reading:
    """The acceleration reading every rulebook has for its articles that judge an earlier
    round by the two players' scores (a float, an upfloat, a transfer: ``what``, and ``no``
    its short name): the pairing scores of that round (the default: ``paired_in`` says
    what they were) or the points actually scored."""
    return Reading(
        name=name,
        article=article,
        question=f"With acceleration points, which scores tell whether an earlier round was "
        f"{what}?",
        default="pairing",
        choices={
            "pairing": "the pairing scores before that round (points plus that round's "
            f"acceleration points): {paired_in}",
            "real": "the points actually scored before that round: meeting a player with "
            f"more virtual points only is no {no}",
        },
    )
