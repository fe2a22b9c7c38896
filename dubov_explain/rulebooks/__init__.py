"""The rulebooks, found by name: ``find_rulebook("dubov-2025")``.

Each rulebook lives in its own folder behind the :class:`~.base.Rulebook` protocol.  A new
rulebook adds its folder and one line to :data:`_KNOWN` below.
"""

from __future__ import annotations

from importlib import import_module
from typing import Mapping

from ..errors import EXIT_INVALID_INPUT, DubovError
from .base import Rulebook

#: name -> module that defines ``RULEBOOK``; the default system comes first
_KNOWN: dict[str, str] = {
    "dubov-2025": "dubov_explain.rulebooks.dubov2025",
}

DEFAULT_SYSTEM = "dubov-2025"


class UnknownSystem(DubovError, ValueError):
    """A system name we do not have (on the command line or in a file): exit code 3."""

    exit_code = EXIT_INVALID_INPUT


def _load(name: str) -> Rulebook:
    return import_module(_KNOWN[name]).RULEBOOK


class _Registry(Mapping[str, Rulebook]):
    """``RULEBOOKS``: name -> rulebook, in the order of :data:`_KNOWN`."""

    def __getitem__(self, name: str) -> Rulebook:
        if name not in _KNOWN:
            raise KeyError(name)
        return _load(name)

    def __iter__(self):
        return iter(_KNOWN)

    def __len__(self) -> int:
        return len(_KNOWN)

    def __repr__(self) -> str:
        return f"RULEBOOKS({', '.join(_KNOWN)})"


RULEBOOKS: Mapping[str, Rulebook] = _Registry()


def find_rulebook(name: str) -> Rulebook:
    """The rulebook called ``name`` (see ``dubov-explain systems``)."""
    try:
        return RULEBOOKS[name]
    except KeyError:
        raise UnknownSystem(
            f"unknown system {name!r}; known: {', '.join(RULEBOOKS)} "
            "(dubov-explain systems lists them)"
        ) from None


__all__ = ["DEFAULT_SYSTEM", "RULEBOOKS", "Rulebook", "UnknownSystem", "find_rulebook"]
