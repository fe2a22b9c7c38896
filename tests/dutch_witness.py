"""Running the Dutch witnesses (bbpPairings, py4swiss) on our requests, and comparing pairings.

Shared by ``tests/test_witness_dutch.py`` and ``benchmarks/agree_dutch.py``.  Nothing here
pairs: it builds the request for a round of a tournament, writes it with our TRF writer,
hands it to a witness program and reads the witness's pairing file back (the JaVaFo
format both write: the number of boards, then one ``white black`` line a board, the PAB as
``player 0``).  Our own engine is asked through the rulebook registry
(``find_rulebook("dutch-2012")``), so this module works before and after that rulebook
exists: :func:`dutch_rulebook` answers None while it is not registered.

The witnesses are not oracles.  bbpPairings implements the Dutch rules of 2025 (applied from
2026; the build used here says ``092 FIDE_DUTCH_2025`` in the files it generates) and
py4swiss 0.3.1 a recent edition; our rulebook implements the 2012 text.  Where editions
differ the pairings may differ legitimately; see the allow-list in
``tests/test_witness_dutch.py``.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from dubov_explain.explain.audit import Pair, Published
from dubov_explain.records import replace
from dubov_explain.rulebooks import RULEBOOKS, find_rulebook
from dubov_explain.trace.events import Impossible, PairingPublished
from dubov_explain.tournament.model import Colour, Tournament
from dubov_explain.tournament.request import request_for_round
from dubov_explain.trf.reader import read_trf
from dubov_explain.trf.writer import write_trf

SYSTEM = "dutch-2012"

#: the bbpPairings commit the committed corpus was generated with (tests/data/dutch-bbp)
BBP_COMMIT = "16a000f9811de322b0e835d5643198226165b5a9"


def executable(path: str | None) -> str | None:
    """``path`` if it names an executable file, else None."""
    if path and os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return None


def bbp_path() -> str | None:
    """The bbpPairings binary named by ``DUBOV_BBP`` (None when unset or not executable)."""
    return executable(os.environ.get("DUBOV_BBP"))


def py4swiss_path() -> str | None:
    """The py4swiss command named by ``DUBOV_PY4SWISS``, else the one on the PATH (as
    ``tests/test_witnesses.py`` finds it); None when there is none."""
    return executable(os.environ.get("DUBOV_PY4SWISS") or shutil.which("py4swiss"))


def dutch_rulebook(system: str = SYSTEM):
    """Our ``dutch-2012`` rulebook (or the one named), or None while it is not registered."""
    return find_rulebook(system) if system in RULEBOOKS else None


# --------------------------------------------------------------------------- generation


@dataclass(frozen=True)
class GenConfig:
    """One bbpPairings generator configuration (its ``-g`` file; rates are "one in N")."""

    players: int
    rounds: int
    draw_percentage: int
    forfeit_rate: int
    half_point_bye_rate: int
    retired_rate: int
    highest_rating: int = 2700
    lowest_rating: int = 1400

    def text(self) -> str:
        return "".join(f"{k}={v}\n" for k, v in (
            ("PlayersNumber", self.players),
            ("RoundsNumber", self.rounds),
            ("DrawPercentage", self.draw_percentage),
            ("ForfeitRate", self.forfeit_rate),
            ("HalfPointByeRate", self.half_point_bye_rate),
            ("RetiredRate", self.retired_rate),
            ("HighestRating", self.highest_rating),
            ("LowestRating", self.lowest_rating),
        ))


def config_for_seed(seed: int, min_players: int = 12, max_players: int = 90) -> GenConfig:
    """The configuration of tournament ``seed``: drawn with ``random.Random(seed)`` alone, so
    the same seed gives the same configuration (and bbpPairings the same tournament)."""
    rng = random.Random(seed)
    players = rng.randint(min_players, max_players)
    rounds = rng.randint(5, 7 if players < 20 else 9)
    return GenConfig(
        players=players,
        rounds=rounds,
        draw_percentage=rng.randint(15, 45),
        forfeit_rate=rng.randint(10, 30),      # one game in 10-30 forfeited
        half_point_bye_rate=rng.randint(4, 12),  # one player in 4-12 takes half-point byes
        retired_rate=rng.randint(6, 20),       # one player in 6-20 takes zero-point byes
    )


def generate(bbp: str, config: GenConfig, seed: int, out: Path) -> subprocess.CompletedProcess:
    """``bbpPairings --dutch -g CONFIG -o OUT -s SEED``: a random tournament that bbpPairings
    paired round by round (the file is written as bbpPairings writes it, CR line ends)."""
    with tempfile.TemporaryDirectory() as d:
        cfg = Path(d) / "config.txt"
        cfg.write_text(config.text(), encoding="ascii")
        return subprocess.run([bbp, "--dutch", "-g", str(cfg), "-o", str(out), "-s", str(seed)],
                              capture_output=True, text=True, timeout=600)


def generator_command(config_name: str, out: str, seed: int) -> str:
    return f"bbpPairings.exe --dutch -g {config_name} -o {out} -s {seed}"


# --------------------------------------------------------------------------- requests


def inferred_initial_colour(t: Tournament) -> Colour | None:
    """The initial colour as bbpPairings infers it when a file is silent (its README,
    "Let Round F refer to the first round where a color assignment is listed"): the
    round-F colour of the highest player (by starting number) paired up to round F; if he
    has none in round F, the second highest player's colour reversed, and so on.  Written
    into the request (``XXC white1/black1``) so that every engine sees the same one."""
    rounds = max((len(p.entries) for p in t.players), default=0)
    for f in range(1, rounds + 1):
        if not any((e := p.entry(f)) is not None and e.colour is not None for p in t.players):
            continue
        flip = False
        for p in sorted(t.players, key=lambda q: q.number):
            took_part = any((e := p.entry(k)) is not None
                            and (e.opponent is not None or e.code == "U")
                            for k in range(1, f + 1))
            if not took_part:
                continue
            e = p.entry(f)
            if e is not None and e.colour is not None:
                return e.colour.opposite if flip else e.colour
            flip = not flip
        return None
    return None


def request(t: Tournament, r: int, total_rounds: int) -> Tournament:
    """The request to pair round ``r`` of the generated tournament ``t``: the history before
    the round and the round's pre-entered byes (``request_for_round``), the total number of
    rounds (``XXR``; bbpPairings' generator does not write it) and the initial colour."""
    req = request_for_round(t, r)
    return replace(req, total_rounds=total_rounds,
                   initial_colour=req.initial_colour or inferred_initial_colour(t))


def request_text(req: Tournament) -> str:
    """The request as our writer writes it, in TRF(x) (``XXR``, ``XXC``: both witnesses read
    them; py4swiss skips the TRF26 ``142``/``152``)."""
    return write_trf(req, "trfx")


# --------------------------------------------------------------------------- pairings


@dataclass(frozen=True)
class Answer:
    """One engine's answer for a round: ``status`` is ``ok``, ``no pairing`` or
    ``error: ...``; ``boards`` are ``(white, black)``; ``bye`` the PAB recipient."""

    status: str
    boards: tuple[tuple[int, int], ...] = ()
    bye: int | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def pairs(self) -> frozenset:
        """The pairing ignoring colours (and the bye)."""
        return frozenset(frozenset(b) for b in self.boards) | {("bye", self.bye)}

    def with_colours(self) -> frozenset:
        return frozenset(self.boards) | {("bye", self.bye)}

    def text(self) -> str:
        if not self.ok:
            return self.status
        s = " ".join(f"{w}-{b}" for w, b in sorted(self.boards, key=lambda x: min(x)))
        return s + (f", bye {self.bye}" if self.bye is not None else "")


def same_pairs(a: Answer, b: Answer) -> bool:
    return a.ok and b.ok and a.pairs() == b.pairs()


def same_colours(a: Answer, b: Answer) -> bool:
    return a.ok and b.ok and a.with_colours() == b.with_colours()


def read_pairing_file(text: str) -> Answer:
    nums = [int(x) for x in text.split()]
    if not nums:
        return Answer("error: empty pairing file")
    n = nums[0]
    rows = [(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(n)]
    byes = [w for w, b in rows if b == 0]
    return Answer("ok", tuple((w, b) for w, b in rows if b != 0), byes[0] if byes else None)


def _last_line(r: subprocess.CompletedProcess) -> str:
    lines = (r.stderr or r.stdout or "").strip().splitlines()
    return lines[-1] if lines else f"exit {r.returncode}"


def run_bbp(bbp: str, request_file: Path) -> Answer:
    """``bbpPairings --dutch REQUEST -p OUT``; exit 1 is "no valid pairing" (its README)."""
    out = request_file.with_suffix(".bbp.txt")
    r = subprocess.run([bbp, "--dutch", str(request_file), "-p", str(out)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode == 1:
        return Answer("no pairing")
    if r.returncode != 0:
        return Answer("error: " + _last_line(r))
    return read_pairing_file(out.read_text())


def run_py4swiss(py4swiss: str, request_file: Path) -> Answer:
    """``py4swiss -t REQUEST -e dutch -p OUT``."""
    out = request_file.with_suffix(".p4s.txt")
    r = subprocess.run([py4swiss, "-t", str(request_file), "-e", "dutch", "-p", str(out)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        last = _last_line(r)
        return Answer("no pairing" if "can not be paired" in last else "error: " + last)
    return read_pairing_file(out.read_text())


def pair_ours(book, req: Tournament, r: int):
    """Our rulebook's pairing of round ``r`` (its trace's last event) and the trace."""
    try:
        trace = book.pair(req, round_no=r)
        result = trace.result
    except Exception as exc:  # a witness harness reports, it does not stop on one round
        return Answer(f"error: {type(exc).__name__}: {exc}"), None
    if isinstance(result, Impossible):
        return Answer("no pairing"), trace
    if isinstance(result, PairingPublished):
        return Answer("ok", tuple(tuple(b) for b in result.boards), result.bye), trace
    return Answer(f"error: unexpected result {type(result).__name__}"), trace


def run_ours(book, req: Tournament, r: int) -> Answer:
    return pair_ours(book, req, r)[0]


def departures(book, req: Tournament, r: int, answer: Answer, trace) -> list:
    """Where the witness's (legal) ``answer`` leaves our procedure, by our rulebook:
    ``Departure`` s (kind, article, criterion); what classifies a disagreement."""
    deps, _what_if = book.analyse_departures(req, r, published(answer, r), trace)
    return list(deps)


def from_round(t: Tournament, r: int) -> Answer:
    """The pairing of round ``r`` as the file holds it (bbpPairings' own, in a generated
    tournament): games with their colours (forfeits keep the scheduled colours) and the PAB."""
    boards, bye = [], None
    for p in t.players:
        e = p.entry(r)
        if e is None:
            continue
        if e.opponent is None:
            if e.code == "U":
                bye = p.number
            continue
        if e.colour is Colour.WHITE:
            boards.append((p.number, e.opponent))
        elif e.colour is None and p.number < e.opponent:
            boards.append((p.number, e.opponent))
    return Answer("ok", tuple(boards), bye)


def published(answer: Answer, r: int, source: str = "") -> Published:
    """An engine's answer as the published pairing our absolute test reads."""
    return Published(round=r, pairs=tuple(Pair(w, b) for w, b in answer.boards),
                     byes=(answer.bye,) if answer.bye is not None else (), source=source)


def violations(book, req: Tournament, r: int, answer: Answer) -> list:
    """What our rulebook's absolute test finds in ``answer`` (an empty list: legal)."""
    return list(book.absolute_test(req, r, published(answer, r)))


def middle_rounds(total: int) -> range:
    """The middle rounds of a ``total``-round tournament: neither the first (no history)
    nor the last (top-scorer rules)."""
    return range(2, total)


def rounds_in(t: Tournament) -> int:
    return max((len(p.entries) for p in t.players), default=0)


def load(path: Path) -> Tournament:
    return read_trf(path)
