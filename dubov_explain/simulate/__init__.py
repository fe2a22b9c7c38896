"""Random tournament generation paired by our own Dubov engine (see :mod:`.generator`)."""

from .generator import (
    GeneratorOptions,
    RoundRecord,
    Simulation,
    generate,
    history_before,
    simulate,
)

__all__ = [
    "GeneratorOptions", "RoundRecord", "Simulation", "generate", "history_before", "simulate",
]
