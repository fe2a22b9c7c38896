"""The shared jinja2 environment with a rulebook's own templates folder on the loader.

The page shells (``templates/``) import the rulebook's macros by name (``why.md.j2``,
``steps.md.j2``); this overlay of :func:`~dubov_explain.render.env.environment` looks in
the rulebook's ``templates`` folder after the shells' folders.  Same filters and globals.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from ..rulebooks import DEFAULT_SYSTEM, find_rulebook
from ..trace.events import Trace
from . import env as E


def system_of(trace: Trace | None) -> str:
    """The rulebook a trace was made by (its ``meta.system``), else the default."""
    return (trace.meta.get("system") if trace is not None else None) or DEFAULT_SYSTEM


@lru_cache(maxsize=None)
def rulebook_environment(system: str = DEFAULT_SYSTEM) -> jinja2.Environment:
    base = E.environment()
    folder = str(find_rulebook(system).templates)
    return base.overlay(loader=jinja2.ChoiceLoader([base.loader, jinja2.FileSystemLoader(folder)]))


def render(name: str, system: str = DEFAULT_SYSTEM, **context) -> str:
    return rulebook_environment(system).get_template(name).render(**context)
