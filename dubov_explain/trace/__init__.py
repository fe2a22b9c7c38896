"""The trace: the engine's only product (see :mod:`dubov_explain.trace.events`)."""

from .events import SCHEMA_VERSION, Event, Trace

__all__ = ["SCHEMA_VERSION", "Event", "Trace"]
