"""The calling convention of bbpPairings and JaVaFo, translated into our subcommands.

Programs that drive bbpPairings or JaVaFo (``shared/reference/trf.md`` 11.1) call::

    dubov-explain --dubov in.trf -p [out] [-l [list]]      pair in.trf [-o out]
    dubov-explain --dubov in.trf -c [R] [-l [list]]        replay in.trf [--round R]
    dubov-explain --dubov -g [config|seed] -o out.trf [-s seed] [-l [list]]
                                                           generate [--config config] -o out.trf [--seed seed]
    dubov-explain --dubov in.trf -l [list]                 checklist in.trf -o list
    dubov-explain -r ...                                   print the version first (alone:
                                                           only the version, exit 0)
    dubov-explain --dubov --help                           the drop-in syntax and the help

``-l`` writes the check-list in bbpPairings' layout (``render/tables.checklist_text``); with
``-p`` its ``Cur`` column holds the pairing made.

The system flag names the rulebook (``--system``): ``--<name>`` for every rulebook of
:data:`~dubov_explain.rulebooks.RULEBOOKS` (``--dubov-2025``), and ``--<family>`` for the
rulebook of each family whose text is in force (``--dubov``).  ``--dutch`` is refused while
only the 2012 Dutch text is here: bbpPairings' ``--dutch`` means the rules in force.  Without a system flag (JaVaFo's form) the file's ``192``/``092`` chooses,
as for ``pair``.

The translation is a list of ordinary command lines, run in order by ``cli.main``, so a
drop-in call does exactly what the subcommand does (same code, same bytes, same exit
codes).  File names follow bbpPairings: a pairing or check-list file given as a bare name
(no folder) goes next to the input file; ``-l`` without a name writes ``<input>.list``
there.  The pairing without a file name goes to stdout.  What bbpPairings and JaVaFo would
do but we cannot (a model tournament before ``-g``, JaVaFo's ``-b`` acceleration, reading
the tournament from stdin) is refused as a bad command line (exit 3) saying so.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable, Sequence

from .records import dataclass

__all__ = ["DropIn", "DropInError", "SYNTAX", "superseded_families", "system_flags", "translate"]

SYNTAX = """drop-in syntax (bbpPairings / JaVaFo):
  dubov-explain [-r] [--SYSTEM] input.trf -p [pairing-file] [-l [check-list-file]]
  dubov-explain [-r] [--SYSTEM] input.trf -c [round] [-l [check-list-file]]
  dubov-explain [-r] [--SYSTEM] -g [config-file|seed] -o output.trf [-s seed] [-l [check-list-file]]
  dubov-explain [-r] [--SYSTEM] input.trf -l [check-list-file]
  --SYSTEM: {flags}"""

_MODES = ("-p", "-c", "-g", "-l", "-r")


class DropInError(ValueError):
    """A drop-in command line we cannot translate: a bad command line (exit 3)."""


@dataclass(frozen=True)
class DropIn:
    """What a drop-in call means: our command lines, run in order; ``version``: print the
    version first (``-r``)."""

    commands: tuple[tuple[str, ...], ...]
    version: bool = False
    #: ``-h``/``--help`` among the drop-in flags: print the drop-in syntax and the help
    help: bool = False


def system_flags(names: Iterable[str] | None = None,
                 current: Iterable[str] | None = None) -> dict[str, str]:
    """``--flag`` -> rulebook name: ``--<name>`` for each rulebook, and ``--<family>`` (the
    name without its trailing ``-<edition>``) for the rulebook of each family whose text is
    the one in force (``current``: the rulebooks whose ``in_force`` is true).  bbpPairings'
    ``--dutch`` means the Dutch rules in force; pairing such a call by a superseded text
    would silently give another pairing, so a family without its text in force has no
    family flag (:func:`superseded_families` words the refusal)."""
    if names is None:
        names, current = _registry()
    current = set(names if current is None else current)
    flags: dict[str, str] = {}
    for name in names:
        flags[f"--{name}"] = name
        family = _family(name)
        if family != name and name in current:
            flags.setdefault(f"--{family}", name)
    return flags


def superseded_families(names: Iterable[str] | None = None,
                        current: Iterable[str] | None = None) -> dict[str, list[str]]:
    """``--<family>`` -> the rulebooks we have of a family whose text in force we lack."""
    if names is None:
        names, current = _registry()
    names = list(names)
    current = set(names if current is None else current)
    out: dict[str, list[str]] = {}
    for name in names:
        family = _family(name)
        if family != name and not any(_family(n) == family for n in current):
            out.setdefault(f"--{family}", []).append(name)
    return out


def _family(name: str) -> str:
    """A registered rulebook's ``family``; for another name, the name without its edition."""
    from .rulebooks import RULEBOOKS

    book = RULEBOOKS.get(name)
    return book.family if book is not None else re.sub(r"-\d[\w.]*$", "", name)


def _registry() -> tuple[list[str], list[str]]:
    from .rulebooks import RULEBOOKS

    names = list(RULEBOOKS)
    return names, [n for n in names if getattr(RULEBOOKS[n], "in_force", False)]


def _looks_dropin(argv: Sequence[str], flags: dict[str, str]) -> bool:
    superseded = superseded_families()
    return any(a in _MODES or a in flags or a in superseded for a in argv)


def translate(argv: Sequence[str], subcommands: Iterable[str],
              flags: dict[str, str] | None = None) -> DropIn | None:
    """Our command lines for a bbpPairings/JaVaFo-style ``argv``; None when ``argv`` is one
    of ours (it starts with a subcommand or a global option, or has no drop-in flag)."""
    argv = list(argv)
    if not argv or argv[0] in set(subcommands) or argv[0] in ("-h", "--help", "--version"):
        return None
    if flags is None:
        flags = system_flags()
    if not _looks_dropin(argv, flags):
        return None
    if any(a in ("-h", "--help") for a in argv):
        return DropIn((), help=True)
    return _Reader(argv, flags).translate()


class _Reader:
    def __init__(self, argv: list[str], flags: dict[str, str]) -> None:
        self.argv = argv
        self.flags = flags
        self.superseded = superseded_families()
        self.i = 0

    def fail(self, message: str):
        known = ", ".join(self.flags) or "none"
        raise DropInError(f"{message}\n{SYNTAX.format(flags=known)}")

    def optional(self) -> str | None:
        """The next token when it is a value (not a flag), consumed."""
        if self.i < len(self.argv) and not self.argv[self.i].startswith("-"):
            self.i += 1
            return self.argv[self.i - 1]
        return None

    def required(self, flag: str, what: str) -> str:
        value = self.optional()
        if value is None:
            self.fail(f"{flag} needs {what}")
        return value

    def translate(self) -> DropIn:
        system = None
        version = False
        inputs: list[str] = []
        mode = None
        out = check_round = config = output = seed = None
        checklist = False
        checklist_file = None
        while self.i < len(self.argv):
            arg = self.argv[self.i]
            self.i += 1
            if arg in self.superseded:
                self.fail(f"{arg} asks for the rules in force, which this program does not "
                          f"have; it has {', '.join(self.superseded[arg])}: give "
                          f"--{self.superseded[arg][-1]} to pair by that text")
            if arg in self.flags:
                if system is not None and self.flags[arg] != system:
                    self.fail(f"two systems given ({system} and {self.flags[arg]})")
                system = self.flags[arg]
            elif arg == "-r":
                version = True
            elif arg in ("-p", "-c", "-g"):
                if mode is not None:
                    self.fail(f"{arg}: give one of -p, -c and -g, not both {mode} and {arg}")
                mode = arg
                if arg == "-p":
                    out = self.optional()
                elif arg == "-c":
                    check_round = self.optional()
                else:
                    config = self.optional()
            elif arg == "-l":
                checklist = True
                checklist_file = self.optional()
            elif arg == "-o":
                output = self.required("-o", "the file to write")
            elif arg == "-s":
                seed = self.required("-s", "a seed (an integer)")
            elif arg == "-b":
                self.fail("-b (JaVaFo's Baku acceleration) is not supported; accelerations "
                          "are read from the file's XXA/250 records")
            elif arg.startswith("--"):
                self.fail(f"{arg}: no such system here (`dubov-explain systems` lists ours)")
            elif arg.startswith("-") and arg != "-":
                self.fail(f"{arg}: unknown option")
            else:
                if mode is not None:
                    self.fail(f"{arg}: the tournament file comes before {mode}")
                inputs.append(arg)
        sys_args = ["--system", system] if system else []
        commands: list[tuple[str, ...]] = []
        if mode is None and not inputs and not checklist:
            if version:  # bbpPairings' `-r` alone: the version, and nothing else to do
                return DropIn((), version=True)
            self.fail("give the tournament file and one of -p, -c, -g or -l (or -r for the "
                      "version)")
        if mode == "-g":
            commands.append(tuple(self.generate(inputs, config, output, seed) + sys_args))
            base = output
        else:
            trf = self.input(inputs, mode or "-l")
            if output is not None or seed is not None:
                self.fail("-o and -s belong to -g (generate)")
            if mode == "-p":
                cmd = ["pair", trf] + (["-o", _beside(out, trf)] if out else [])
                commands.append(tuple(cmd + sys_args))
            elif mode == "-c":
                cmd = ["replay", trf]
                if check_round is not None:
                    if not check_round.isdigit():
                        self.fail(f"-c {check_round}: a round number, or nothing for every round")
                    cmd += ["--round", check_round]
                commands.append(tuple(cmd + sys_args))
            elif not checklist:
                self.fail("give -p, -c, -g or -l")
            base = trf
        if checklist:
            name = (_beside(checklist_file, base) if checklist_file
                    else str(Path(base).with_suffix(".list")))
            current = ["--current"] if mode == "-p" else []
            commands.append(tuple(["checklist", base, "-o", name] + current + sys_args))
        return DropIn(tuple(commands), version)

    def input(self, inputs: list[str], mode: str) -> str:
        if not inputs or inputs == ["-"]:
            self.fail(f"{mode}: give the tournament file (reading it from standard input is "
                      "not supported)")
        if len(inputs) > 1:
            self.fail(f"one tournament file, not {len(inputs)}: {' '.join(inputs)}")
        return inputs[0]

    def generate(self, inputs: list[str], config: str | None, output: str | None,
                 seed: str | None) -> list[str]:
        if inputs:
            self.fail(f"{inputs[0]} -g: generating from a model tournament is not supported; "
                      "give a configuration file (or nothing) after -g")
        if output is None:
            self.fail("-g needs -o output.trf")
        cmd = ["generate", "-o", output]
        if config is not None and seed is None and config.isdigit() and not os.path.exists(config):
            config, seed = None, config  # JaVaFo: an integer instead of a file is the seed
        if config is not None:
            cmd += ["--config", config]
        if seed is not None:
            if not re.fullmatch(r"\d+", seed):
                self.fail(f"-s {seed}: the seed is a whole number")
            cmd += ["--seed", seed]
        return cmd


def _beside(name: str, trf: str) -> str:
    """bbpPairings: a bare file name (no folder) is put in the input file's folder."""
    if os.path.dirname(name):
        return name
    return str(Path(trf).with_name(name))
