"""JaVaFo 1.4 as a witness of ``dutch-2012`` (optional: Java and the jar, ``DUBOV_JAVAFO``).

JaVaFo 1.4 (build 1913, rrweb.org/javafo) is the engine FIDE endorsed for the Dutch rules
of 2012: its generator writes ``092 Individual  Swiss Dutch (Istanbul 2012 rules)``.  It is
free to run but not ours to ship, so it is named by ``DUBOV_JAVAFO=/path/to/javafo.jar``
(Java on the PATH); without both, the tests and the benchmark that need it skip.

JaVaFo 1.4's own generator (``-g``) makes forfeits and pairing-allocated byes but no
absences or half-point byes, and it cannot be seeded.  So the corpus is grown here, round
by round, with JaVaFo pairing every round: :func:`grow` draws players, absences (half-point
and zero-point byes entered before the round, players who leave) and results (draws,
forfeits) from ``random.Random(seed)``, writes the round's request as JaVaFo's own files
look (the TRF of 2006: :data:`UNPLAYED`), asks ``java -jar javafo.jar REQUEST -p OUT`` for the pairing
and enters it.  Every round of a grown file is JaVaFo's pairing of the history before it;
the grown files are committed (``tests/data/dutch-javafo/``), so the corpus tests need no
Java: they compare our pairing of each middle round with the one the file holds.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import dutch_witness as dw

#: the FIDE-endorsed build (``java -jar javafo.jar`` prints it)
VERSION = "JaVaFo (rrweb.org/javafo) - Rel. 1.4 (Build 1913)"
SYSTEM_LINE = "092 Individual  Swiss Dutch (Istanbul 2012 rules)"


def javafo_jar() -> str | None:
    """The jar named by ``DUBOV_JAVAFO``, when it is a file and Java is on the PATH."""
    jar = os.environ.get("DUBOV_JAVAFO")
    if jar and os.path.isfile(jar) and shutil.which("java"):
        return jar
    return None


def run_javafo(jar: str, request_file: Path) -> dw.Answer:
    """``java -jar javafo.jar REQUEST -p OUT``: JaVaFo writes no file when it cannot pair."""
    out = request_file.with_suffix(".javafo.txt")
    if out.exists():
        out.unlink()
    r = subprocess.run(["java", "-jar", jar, str(request_file), "-p", str(out)],
                       capture_output=True, text=True, timeout=600)
    if not out.exists():
        last = (r.stderr or r.stdout or "").strip().splitlines()
        return dw.Answer("no pairing" if r.returncode == 0 else
                         "error: " + (last[-1] if last else f"exit {r.returncode}"))
    return dw.read_pairing_file(out.read_text())


# --------------------------------------------------------------------------- growing


@dataclass
class _Player:
    number: int
    rating: int
    #: one block a round: (opponent or 0, colour "w"/"b"/"-", result code)
    blocks: list = field(default_factory=list)

    def points(self) -> Fraction:
        value = {"1": 1, "+": 1, "=": Fraction(1, 2), "H": Fraction(1, 2), "F": 1}
        return sum((Fraction(value.get(b[2], 0)) for b in self.blocks), Fraction(0))


@dataclass(frozen=True)
class GrowConfig:
    """A grown tournament's parameters, drawn from its seed alone (:func:`config_for_seed`)."""

    players: int
    rounds: int
    draw: float       # share of played games drawn
    forfeit: float    # share of paired games forfeited
    absent: float     # chance a player is absent from a round (H or Z entered before it)
    half: float       # of the absences, the share that are half-point byes
    leave: float      # chance a player leaves for good after a round


def config_for_seed(seed: int, low: int = 10, high: int = 120) -> GrowConfig:
    rng = random.Random(seed)
    players = rng.randint(low, high)
    return GrowConfig(players=players, rounds=rng.randint(5, 9), draw=rng.uniform(0.15, 0.45),
                      forfeit=rng.uniform(0.0, 0.06), absent=rng.uniform(0.0, 0.08),
                      half=rng.uniform(0.3, 0.8), leave=rng.uniform(0.0, 0.02))


#: the unplayed rounds as JaVaFo 1.4 reads them (the TRF of 2006: no ``H``, ``Z``, ``U``;
#: it takes ``0000 - H`` for a round without points, and ignores the points column): a
#: half-point bye ``0000 - =``, an absence ``0000 - -``, the PAB ``0000 - +`` (our reader
#: reads them so, with a warning)
UNPLAYED = {"H": "=", "Z": "-", "+": "+"}


def dialect(text: str) -> str:
    """A TRF(x) request (our writer's) in JaVaFo 1.4's dialect: the unplayed rounds
    ``0000 - U/H/Z/F`` written as it reads them (:data:`UNPLAYED`; F, a full point without
    playing, as ``+``)."""
    codes = {**UNPLAYED, "U": "+", "F": "+"}
    return re.sub(r"0000 - ([UHZF])", lambda m: "0000 - " + codes[m.group(1)], text)


def trf_text(seed: int, cfg: GrowConfig, players: list[_Player], upto: int) -> str:
    """The tournament after ``upto`` rounds as JaVaFo's own files look (plus ``XXR`` and
    ``XXC``), with the entries already made for the round after (the byes entered before
    it)."""
    lines = [f"012 JaVaFo witness corpus, seed {seed}", SYSTEM_LINE,
             f"062 {len(players)}", f"XXR {cfg.rounds}", "XXC white1"]
    for p in players:
        pts = sum((Fraction({"1": 1, "+": 1, "=": Fraction(1, 2), "H": Fraction(1, 2),
                             "F": 1}.get(b[2], 0)) for b in p.blocks[:upto]), Fraction(0))
        name = f"Test{p.number:04d} Player{p.number:04d}"
        # TRF16 columns: 5-8 number, 15-47 name, 49-52 rating, 81-84 points, 86-89 rank
        head = (f"001 {p.number:4d} {'':4s} {name:33s} {p.rating:4d} {'':3s} {'':11s} "
                f"{'':10s} {float(pts):4.1f} {p.number:4d}")
        body = "".join(f"  {o:4d} {c} {r}" if o else f"  0000 - {UNPLAYED[r]}"
                       for o, c, r in p.blocks)
        lines.append(head + body)
    return "\n".join(lines) + "\n"


def grow(jar: str, seed: int, work: Path) -> str:
    """A tournament of seed ``seed``, every round paired by JaVaFo: its TRF text."""
    cfg = config_for_seed(seed)
    rng = random.Random(seed * 7919 + 1)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(cfg.players)), reverse=True)
    players = [_Player(i + 1, ratings[i]) for i in range(cfg.players)]
    gone: set[int] = set()
    for r in range(1, cfg.rounds + 1):
        for p in players:
            if p.number in gone:
                p.blocks.append((0, "-", "Z"))
            elif r > 1 and rng.random() < cfg.absent:
                p.blocks.append((0, "-", "H" if rng.random() < cfg.half else "Z"))
        path = work / f"s{seed}-r{r}.trf"
        path.write_text(trf_text(seed, cfg, players, r - 1))
        answer = run_javafo(jar, path)
        if not answer.ok:
            raise RuntimeError(f"seed {seed} round {r}: JaVaFo: {answer.status}")
        by = {p.number: p for p in players}
        for w, b in answer.boards:
            pw, pb = by[w], by[b]
            if rng.random() < cfg.forfeit:
                x = rng.random()
                rw, rb = ("+", "-") if x < 0.45 else ("-", "+") if x < 0.9 else ("-", "-")
            else:
                d = (pw.rating - pb.rating) / 400
                e = 1 / (1 + 10 ** -d)
                x = rng.random()
                if x < cfg.draw:
                    rw, rb = "=", "="
                elif rng.random() < e:
                    rw, rb = "1", "0"
                else:
                    rw, rb = "0", "1"
            pw.blocks.append((b, "w", rw))
            pb.blocks.append((w, "b", rb))
        if answer.bye is not None:
            by[answer.bye].blocks.append((0, "-", "+"))
        for p in players:
            if len(p.blocks) < r:  # not paired, no bye: cannot happen (JaVaFo pairs all)
                raise RuntimeError(f"seed {seed} round {r}: {p.number} left out")
            if p.number not in gone and rng.random() < cfg.leave:
                gone.add(p.number)
    return trf_text(seed, cfg, players, cfg.rounds)


def grow_corpus(jar: str, seeds, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as d:
        for seed in seeds:
            path = out / f"javafo-{seed:03d}.trf"
            path.write_text(grow(jar, seed, Path(d)))
            made.append(path)
    return made
