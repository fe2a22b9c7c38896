"""The ``dubov-explain`` command: parse arguments, call the API, print.  Nothing else.

Exit codes (bbpPairings' convention, ``shared/reference/fide-endorsement.md`` 4.1):
0 success, 1 no valid pairing, 2 internal error, 3 invalid input (a bad command line
included), 4 a size limit exceeded (more than 9,999 players) or a limit reached during the
work (``explain``'s budget; a Dutch search that found no candidate within its limit: the
round is "not paired", no impossibility claimed), 5 file access error.
``check`` adds 6 (the published pairing is legal but not the engine's) and 7 (it fails the
absolute test); 0 means identical.  ``replay`` exits 0 even when rounds differ, like
bbpPairings' checker, unless ``--strict`` (then 6 / 7 as for ``check``).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import os
import sys
from pathlib import Path

from . import __version__
from .explain.budget import ANSWER_SECONDS
from .errors import (
    EXIT_FILE,
    EXIT_INTERNAL,
    EXIT_INVALID_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_SIZE_LIMIT,
    DubovError,
    FileAccessError,
)


def _add_input(p: argparse.ArgumentParser) -> None:
    p.add_argument("trf", nargs="?", help="tournament file (TRF16 / TRF(x) / TRF26)")
    p.add_argument(
        "--example",
        nargs="?",
        const="dubov-example-round4-request.trf",
        metavar="NAME",
        help="use an example tournament shipped with the package instead of a file "
        "(default: the worked example, round 4)",
    )
    p.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="choose a reading of an ambiguous article (see `dubov-explain readings`)",
    )
    p.add_argument("--lenient", action="store_true", help="downgrade documented consistency problems to warnings")
    _add_accept_history(p)
    _add_rounds(p)
    p.add_argument("--initial-colour", choices=("white", "black"),
                   help="the initial colour drawn by lot, for a file without XXC white1|black1 "
                   "or 152 W|B (needed to pair round 1)")
    _add_system(p)


def _add_accept_history(p: argparse.ArgumentParser) -> None:
    p.add_argument("--accept-history", action="store_true",
                   help="a past round that breaks an absolute rule (a rematch, two "
                   "pairing-allocated byes in one round) is refused; with this it stands as "
                   "played, with a warning at its line, and the trace records that it was "
                   "accepted")


def _add_rounds(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rounds", type=int, metavar="N", dest="total_rounds",
                   help="the total number of rounds, for a file without XXR/142 (a file that "
                   "gives another number is refused)")


def _add_system(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--system", metavar="NAME",
        help="the rulebook to pair by (see `dubov-explain systems`); default: the system the "
        "file's 192/092 record names, else the Dubov edition in force on the tournament's "
        "first day (042, or 132's round dates), else the one in force today (dubov-2026)",
    )


FORMATS = ("text", "md", "html", "json")
STANDINGS_FORMATS = ("text", "md", "html", "csv", "json")


def _add_tiebreaks(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tiebreaks", metavar="LIST",
                   help="the tie-breaks, in order: FIDE C.07 acronyms with their modifiers, "
                   "comma-separated, e.g. BH/C1,BH,SB (default: the file's 212 or 202 record, "
                   "else BH/C1,BH,SB); accepted: AOB, ARO, BH, BPG, BWG, DE, FB, PS, PTP, REP, "
                   "RTNG, SB, STD, TPN, TPR, WIN, WON; /Cn (cut), /Mn (median), /R (reverse)")


#: the TRF dialects a command that writes a TRF can write (trf/writer.py TRF_FORMATS)
TRF_FORMATS = ("trf26", "trfx")


class _Parser(argparse.ArgumentParser):
    """argparse with bbpPairings' exit code for a bad command line: 3 (invalid request),
    not argparse's 2, which is our "internal error".  Subcommand parsers inherit it."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dubov-explain",
        description="Pair a Swiss tournament by the FIDE Dubov or Dutch system (the edition in "
        "force, or the one the file or --system names) and explain every step.",
    )
    parser.add_argument("--version", action="version", version=f"dubov-explain {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("pair", help="pair the next round (JaVaFo/bbpPairings output format)")
    _add_input(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write the pairing here instead of stdout")
    p.add_argument(
        "--write-trf",
        metavar="FILE",
        help="also write the tournament with this round's pairings entered (results pending; "
        "the input file is never overwritten)",
    )
    p.add_argument("--trf-format", choices=TRF_FORMATS, metavar="trf26|trfx",
                   help="the dialect of --write-trf (default: the input's: TRF26 when it "
                   "has 142/152/162 records, else TRF(x))")
    p.add_argument("--trace", metavar="FILE.json", help="write the full trace as JSON")
    p.add_argument("--baku", action="store_true",
                   help="accelerate by the Baku Acceleration Method (FIDE C.04.5.1, C.04.7 "
                   "from 2026): group GA gets virtual points in the first rounds; "
                   "--write-trf writes them (XXA in TRF(x), 250 in TRF26)")
    p.add_argument("--baku-reading", action="append", default=[], metavar="NAME=VALUE",
                   help="a reading of the Baku text: baku-ga-size=even-half|half-up, "
                   "baku-late-entries=last-ga-player|recount, baku-field=registered|to-pair, "
                   "baku-scoring=standard-only|scaled "
                   "(defaults first)")
    p.add_argument(
        "--format", choices=FORMATS, default="text",
        help="what goes to stdout (or -o): text = the pairing (JaVaFo format), md / html = "
        "the round report, json = the trace",
    )
    p.add_argument("--report", metavar="FILE.md|FILE.html",
                   help="also write the round report (Markdown or HTML by the file's suffix)")
    p.add_argument("--round", type=int, metavar="R",
                   help="pair round R (default: the round to pair); a round already in the file "
                   "is paired from the rounds before it, and the report says where the file's "
                   "own pairing differs (not with --write-trf)")
    p.add_argument("--step-through", metavar="FILE.html",
                   help="also write the step-through page: one self-contained HTML file that "
                   "steps through every decision (arrow keys)")

    s = sub.add_parser(
        "standings", help="the final standings with tie-breaks and a crosstable (a finished "
        "tournament), or the check list before the round to pair",
        description="A finished tournament: the final standings, by points then the tie-breaks "
        "(FIDE C.07), and a crosstable. A tournament in progress: the arbiter's check list "
        "before the round to pair, unless --current, --tiebreaks or a --format other than "
        "text asks for the standings after the rounds played.")
    _add_input(s)
    s.add_argument("-o", "--output", metavar="FILE",
                   help="write here instead of stdout (the drop-in -l check list)")
    _add_tiebreaks(s)
    s.add_argument("--format", choices=STANDINGS_FORMATS, default="text",
                   help="text (default), md, html (one self-contained page), csv (one row per "
                   "player, a column per tie-break) or json")
    s.add_argument("--current", action="store_true",
                   help="a tournament in progress: the standings with tie-breaks after the "
                   "rounds with every result in, instead of the check list")

    k = sub.add_parser(
        "checklist",
        help="the check-list of JaVaFo and bbpPairings (-l), tab-separated, in bbpPairings' "
        "layout",
        description="The check-list before the round to pair, in bbpPairings' layout (its "
        "README, 'Checklist'): a header row (ID, Pts, colours, Pref, then the system's columns: "
        "for Dubov PAB = may receive the pairing-allocated bye, ARO, Upf = upfloats; for the "
        "Dutch family bbpPairings' own three (may receive the bye, float U/D of the last and "
        "of the next-to-last round); Cur = the round paired, then R1..Rn = opponents) and "
        "one row per player, each cell right-aligned and followed by a tab, "
        "a blank line between score groups.")
    _add_input(k)
    k.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    k.add_argument("--current", action="store_true",
                   help="fill the Cur column with the pairing of the round to pair (the "
                   "drop-in's -p ... -l)")

    _add_check_parsers(sub)

    e = sub.add_parser(
        "explain",
        help="explain one player's round, or why two players did not meet",
        description="Explain one player's round in plain language (standing, bye, bracket, "
        "upfloat, whom they could have met, colour), or with --against why the two did not "
        "meet: the criterion that forbids it, or the first decision of the procedure that "
        "chose otherwise (found by pairing the round again with the two held for each other).",
    )
    _add_input(e)
    e.add_argument("--player", type=int, required=True, metavar="N", help="the player to explain")
    e.add_argument("--against", type=int, metavar="M", help="why did N not meet M?")
    e.add_argument("--budget", type=float, default=EXPLAIN_BUDGET, metavar="SECONDS",
                   help="at most this many seconds of CPU for the explanation (a why-not or "
                   "reply pairs the round again with pairs forced), 0 for no limit; when it runs "
                   f"out the command says so and exits {EXIT_SIZE_LIMIT} "
                   f"(default {EXPLAIN_BUDGET:g})")
    e.add_argument("--reply", action="store_true",
                   help="a short letter to hand to the player: the decision, the facts, the "
                   "alternative the player most likely expected (--against M chooses it) and why "
                   "it was worse, and the readings that would change it")
    e.add_argument("--colour", "--color", action="store_true", dest="colour",
                   help="reply about the player's colour: which rule of the colour allocation gave it")
    e.add_argument("--bye", action="store_true",
                   help="reply about the bye: why the player has it, or why not")
    e.add_argument("--float", action="store_true", dest="float_",
                   help="reply about the player's float: why they moved to another score group "
                   "(or why their opponent did)")
    e.add_argument("--technical", action="store_true",
                   help="with --reply: keep the procedure's own terms (subgroups, S1, transpositions)")
    e.add_argument("--round", type=int, metavar="R",
                   help="explain round R (default: the round to pair); a round already in the file "
                   "is paired from the rounds before it, and the page says where the file differs")
    e.add_argument("--standing", action="store_true",
                   help="why the player is ranked where he is in the standings: which "
                   "tie-break decided against the neighbour above and below, each value "
                   "built from its games")
    _add_tiebreaks(e)
    e.add_argument("--format", choices=FORMATS, default="text",
                   help="text and md are the same Markdown; html is it rendered; json the data")
    e.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")

    rd = sub.add_parser("readings", help="list the named readings of each rulebook's text")
    rd.add_argument("--system", metavar="NAME", help="only this rulebook's readings")
    sub.add_parser("systems", help="list the rulebooks (pairing systems and editions)")
    sub.add_parser("examples", help="list the example tournaments shipped with the package")
    _add_compare_parser(sub)
    _add_result_parser(sub)
    return parser


def _add_result_parser(sub) -> None:
    r = sub.add_parser(
        "result",
        help="enter a round's results and write the tournament to a new file",
        description="Enter the results of a round, one per board in the round's board order "
        "(the order `pair` prints), White's result first: 1-0, 0-1, 1/2 (also ½-½ or =), "
        "+- and -+ (forfeits), -- (both forfeited). Blank lines and lines starting with # "
        "are skipped. The byes need no result. A round that has results already is "
        "corrected. The input file is never changed unless --in-place is given; every file "
        "is written whole or not at all.",
    )
    r.add_argument("trf", help="tournament file with the round's pairings (pair --write-trf)")
    r.add_argument("--round", type=int, metavar="R",
                   help="the round (default: the last round with pending results)")
    r.add_argument("--results", metavar="FILE",
                   help="the results list (default, or '-': standard input)")
    _add_accept_history(r)
    r.add_argument("-o", "--output", metavar="OUT.trf", help="write the tournament here")
    r.add_argument("--in-place", action="store_true",
                   help="replace the input file instead (atomically: a new file renamed over it)")
    r.add_argument("--format", "--trf-format", dest="trf_format", choices=TRF_FORMATS,
                   metavar="trf26|trfx",
                   help="the dialect written (default: the input's)")
    r.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help="a reading of an ambiguous article (the standings that order the "
                   "boards)")
    r.add_argument("--lenient", action="store_true",
                   help="downgrade documented consistency problems to warnings")
    _add_system(r)


def _add_compare_parser(sub) -> None:
    c = sub.add_parser(
        "compare",
        conflict_handler="resolve",  # its --system takes two rulebooks, not one
        help="pair under two readings, or by two rulebooks, and show where they part",
        description="Pair the round twice and show both pairings side by side. "
        "ONE RULEBOOK, TWO READINGS (no --system, or one): the first decision where the "
        "traces differ (the header aside). A reading given twice (--reading NAME=A "
        "--reading NAME=B) sets the left and the right side; a reading given once applies "
        "to both, or, when no reading is given twice, to the right side only, against the "
        "defaults. TWO RULEBOOKS (--system A --system B, left and right): their traces are "
        "of different procedures, so they are not compared event by event; instead each "
        "player whose opponent, colour or bye differs is traced, on each side, to the first "
        "decision of that side's own trace that concerns the player and fixed a fact (bye, "
        "bracket, opponent, colour) the other side fixed otherwise, citing that side's own "
        "article. A --reading given once applies to each side whose rulebook has it (a "
        "name neither has is refused); given twice, first value left, second right. "
        "--left/--right set one side only (the name must be of that side's rulebook). "
        "The same rulebook twice needs readings that differ.",
    )
    _add_input(c)
    c.add_argument(
        "--system", action="append", default=[], metavar="NAME",
        help="the rulebook to pair by (see `dubov-explain systems`); give it twice to compare "
        "two rulebooks, the first on the left (default: the file's 192/092 system, else "
        "dubov-2025, on both sides)",
    )
    c.add_argument("--left", action="append", default=[], metavar="NAME=VALUE",
                   help="a reading of the left side only")
    c.add_argument("--right", action="append", default=[], metavar="NAME=VALUE",
                   help="a reading of the right side only")
    c.add_argument("--round", type=int, metavar="R",
                   help="compare round R (default: the round to pair); a round already in the "
                   "file is paired on both sides from the rounds before it")
    c.add_argument("--all-rounds", action="store_true",
                   help="compare every round of the file instead, each paired by both sides from "
                   "the rounds before it, and list the rounds the two pair otherwise (a "
                   "lecturer's choice of rounds; --round R then shows one in full)")
    c.add_argument("--format", choices=FORMATS, default="text",
                   help="text, md (Markdown), html, or json (the comparison as data)")
    c.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    c.add_argument("--steps", metavar="DIR",
                   help="also write each side's step-through page into DIR (left-steps.html, "
                   "right-steps.html) and link every event the Markdown or HTML page cites to "
                   "its step there")


#: replay --budget: seconds for explaining one round's differences
DEFAULT_BUDGET = 5.0
#: explain --budget: CPU seconds for one explanation (why-not, reply, a player's round); the
#: budgets of its optional parts (``explain.why``) are CPU time too, and nest inside it
EXPLAIN_BUDGET = 30.0
#: check --budget: CPU seconds for explaining the one round a check explains (a forced walk
#: of the Dutch engine along a far-off pairing can otherwise take minutes: at 1,000 players
#: the whole check stays within 5 s of CPU)
CHECK_BUDGET = 3.0


def _add_check_parsers(sub) -> None:
    from .batch import default_jobs

    c = sub.add_parser(
        "check",
        help="check a published pairing: absolute test, then comparison with the engine",
        description="Check one round's published pairing: first the absolute test (everyone "
        "paired once, at most one bye and only when odd, and the rulebook's absolute "
        "criteria: no rematch, bye eligibility, colour limits), then the comparison with the "
        "engine: the smallest set of board changes to the engine's pairing, and every "
        "point where the published pairing leaves the procedure. Exit codes: 0 identical, 6 legal but different, "
        "7 illegal (1 no valid pairing, 2 internal error, 3 invalid input, 5 file access).",
    )
    c.add_argument("trf", help="tournament file (TRF16 / TRF(x) / TRF26)")
    c.add_argument("--pairing", metavar="FILE",
                   help="the published pairing in the JaVaFo/bbpPairings format (count, then "
                   "'white black', the bye as 'id 0'); without it the round entered in the "
                   "TRF is checked")
    c.add_argument("--round", type=int, metavar="R",
                   help="the round to check (default: with --pairing the round to pair, "
                   "otherwise the last round with games)")
    c.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help="choose a reading of an ambiguous article")
    c.add_argument("--trace", metavar="FILE.json", help="write the engine's trace as JSON")
    c.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="at most this many seconds of CPU for explaining where a legal but "
                   "different pairing leaves the procedure; the absolute test and the board "
                   f"changes are always given (default {CHECK_BUDGET:g}, or less: what is left "
                   f"of the answer's {ANSWER_SECONDS:g} s after the pairing; 0 for no limit)")
    _add_accept_history(c)
    _add_rounds(c)
    _add_system(c)

    r = sub.add_parser(
        "replay",
        help="re-pair every round from its history and compare (the free pairings checker)",
        description="Re-pair every round of each file from the history before it (at engine "
        "speed) and report each round identical or different in the JaVaFo/bbpPairings "
        "checker format on stdout; the verdict of each differing round (with its absolute "
        "violations) and a summary line go to stderr. Explaining where a published pairing "
        "leaves the procedure costs far more than pairing: it is done only with --explain "
        "FILE, within --budget seconds a round. A progress bar per round on a terminal. "
        "Exit 0 even when rounds differ (bbpPairings' behaviour) unless --strict: then 6 "
        "when a round differs, 7 when a round fails the absolute test.",
    )
    r.add_argument("trf", nargs="+", help="tournament file(s)")
    r.add_argument("--round", type=int, action="append", metavar="R",
                   help="check only this round (repeatable; JaVaFo's -c R)")
    r.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help="choose a reading of an ambiguous article")
    r.add_argument("--explain", metavar="FILE",
                   help="explain each difference (where the published pairing leaves the "
                   "procedure) and write the explanations and summary here ('-': stderr)")
    r.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help="time for explaining one round's differences; a line says when it "
                   f"cut an explanation short (default {DEFAULT_BUDGET:g}; 0: no limit)")
    r.add_argument("--strict", action="store_true",
                   help="exit 6 when a round differs, 7 when one is illegal")
    _add_rounds(r)
    _add_system(r)
    r.add_argument("-j", "--jobs", type=int, default=default_jobs(), metavar="N",
                   help="worker processes for several files (default: all cores)")
    _add_dask(r, "files")

    g = sub.add_parser(
        "generate",
        help="generate random tournaments paired round by round by the engine (RTG)",
        description="Generate reproducible random tournaments (TRF(x)), every round paired "
        "by the engine: Elo-based results with draws, forfeits, quick games, requested "
        "byes (H/Z), full-point byes behind a switch, withdrawals, late entries, provisional "
        "ratings. The seed is written into the 012 line. A batch (--count) uses seeds S, "
        "S+1, ...; -o is then a pattern with {i} and/or {seed} (without one, -{i:0Nd} is "
        "added before the extension).",
    )
    g.add_argument("--players", metavar="N|MIN-MAX",
                   help="number of players, or a range drawn per file (default 15-215)")
    g.add_argument("--rounds", metavar="N|MIN-MAX",
                   help="number of rounds, or a range drawn per file (default 5-15)")
    g.add_argument("--seed", type=int, help="seed (default: a random one, printed)")
    g.add_argument("-o", "--output", required=True, metavar="FILE|PATTERN")
    g.add_argument("--count", type=int, default=1, metavar="K", help="number of files")
    g.add_argument("--config", metavar="FILE",
                   help="JaVaFo/bbpPairings-style configuration (key = value; see "
                   "dubov_explain/simulate/batch.py for the keys)")
    g.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="set a generator option by name, e.g. --set forfeit_rate=0.05")
    g.add_argument("--full-point-byes", action="store_true",
                   help="also generate requested full-point byes (F); off by default, as FIDE "
                   "discourages them")
    g.add_argument("--regular", action="store_true",
                   help="no forfeits, byes, absences or quick games")
    g.add_argument("-j", "--jobs", type=int, default=default_jobs(), metavar="N",
                   help="worker processes for a batch (default: all cores)")
    _add_dask(g, "the batch")
    g.add_argument("--format", "--trf-format", dest="trf_format", choices=TRF_FORMATS,
                   default="trfx", metavar="trf26|trfx",
                   help="the dialect written (default: trfx, read by JaVaFo, bbpPairings and "
                   "py4swiss)")
    _add_system(g)


def _add_dask(parser, what: str) -> None:
    parser.add_argument(
        "--dask", metavar="ADDRESS",
        help=f"run {what} on Dask distributed instead of local processes: a scheduler's "
        "address (tcp://scheduler:8786; its workers set the parallelism) or 'local' for a "
        "LocalCluster of -j N workers; same output in the same order as -j N. The workers "
        "read and write the files: give paths they all see (a shared file system). Needs "
        "dubov-explain[dask] (exit 3 without it, 5 when the scheduler cannot be reached)")


def _load(args, pairing: bool = True, tournament=None):
    """The request of the command's input: file or example, rulebook, readings; warnings
    printed, errors raised (exit 3).  ``tournament``: the input already read."""
    from . import app

    if not args.trf and not args.example:
        raise _Usage("give a TRF file or --example")
    req = app.open_request(args.trf, args.example, system=args.system, readings=args.reading,
                           lenient=args.lenient, rounds=args.total_rounds,
                           initial_colour=args.initial_colour, pairing=pairing,
                           accept_history=args.accept_history, tournament=tournament)
    for w in req.warnings:
        _say(f"warning: {w}")
    return req


def _round_in_range(args, t) -> bool:
    """``--round R`` names a round of the file or the next one (a message if not)."""
    from . import app

    rnd = getattr(args, "round", None)
    if rnd is not None and not 1 <= rnd <= app.rounds_in_file(t) + 1:
        _say(f"dubov-explain: round {rnd} is neither in the file nor the next round to pair")
        return False
    return True


def _load_round(args):
    """The request of ``--round R`` (explain, pair): a round already in the file is paired
    from the rounds before it, so a finished tournament is no error then; None (after a
    message) when R is neither in the file nor the next round."""
    from . import app

    if getattr(args, "round", None) is None:
        return _load(args)
    if not args.trf and not args.example:
        raise _Usage("give a TRF file or --example")
    t = app.read_tournament(args.trf, args.example)
    if not _round_in_range(args, t):
        return None
    return _load(args, pairing=args.round > app.rounds_in_file(t), tournament=t)


def _filed(req, trace, rnd):
    """The file's own pairing of round ``rnd`` against the trace's (None for the round to
    pair): what the report says under "The file's own round"."""
    from . import app

    t = req.tournament
    if rnd is None or rnd > app.rounds_in_file(t):
        return None
    from .render.report import filed_against

    games = app.round_games(t, rnd)
    entries = {p.number: p.entry(rnd) for p in t.players}
    uncoloured = [g for g in games if entries[g[0]] is None or entries[g[0]].colour is None]
    return filed_against(trace, games, app.round_byes(t, rnd), uncoloured)


class _Usage(Exception):
    pass


def _say(text: str) -> None:
    """One message for the person at the terminal (stderr), control characters escaped."""
    from .safetext import escape_controls

    print(escape_controls(text, document=True), file=sys.stderr)


def _out(text: str, *, json: bool = False) -> None:
    """A command's output on stdout, control characters of user data escaped (``\\uXXXX``
    in JSON, which reads back as the same text)."""
    from .safetext import escape_controls

    sys.stdout.write(escape_controls(text, document=True, json=json))


def _inputs(args) -> list[tuple[str, str]]:
    """The files a command reads, with the words of a refusal to write over one."""
    out = []
    for attr, words in (("trf", "the input file"), ("pairing", "the --pairing file"),
                        ("results", "the --results file"), ("config", "the --config file")):
        value = getattr(args, attr, None)
        for path in value if isinstance(value, list) else [value]:
            if path and path != "-":
                out.append((path, words))
    return out


def _guard(outputs: list[str], inputs: list[tuple[str, str]]) -> None:
    """Refuse, before any work is written, an output that would replace an input file, the
    packaged examples, or another output of the same command."""
    if not outputs:
        return
    from .examples import examples_dir

    protected = examples_dir()
    seen: dict[str, str] = {}
    for out in outputs:
        real = os.path.realpath(out)
        regular = not os.path.exists(real) or os.path.isfile(real)
        if regular and real in seen:
            raise _Usage(f"{seen[real]} and {out}: two outputs of one command name the same file")
        seen[real] = out
        if protected and (real == protected or real.startswith(protected + os.sep)):
            raise FileAccessError(out, "refusing to write into the examples shipped with the "
                                       "package; give a file elsewhere")
        if not os.path.isfile(real):
            continue
        for src, words in inputs:
            try:
                same = os.path.exists(src) and os.path.samefile(src, real)
            except OSError:
                same = False
            if same:
                raise FileAccessError(out, f"refusing to overwrite {words}")


def _write_outputs(args, files: list[tuple[str, str]]) -> None:
    """Write a command's output files all or nothing (``trf.writer.write_files``), after
    :func:`_guard`."""
    from .trf.writer import write_files

    _guard([path for path, _ in files], _inputs(args))
    write_files(files)


def _safe_file(text: str, path: str) -> str:
    from .safetext import escape_controls

    return escape_controls(text, document=True, json=path.lower().endswith(".json"))


def _emit(args, text: str, *, json: bool = False, also: list[tuple[str, str]] = ()) -> None:
    """Write a command's output to ``-o FILE`` (never over an input) or stdout; ``also``
    are further files of the same command, written with it all or nothing."""
    from .safetext import escape_controls

    files = list(also)
    if args.output:
        files.append((args.output, escape_controls(text, document=True, json=json)))
    if files:
        _write_outputs(args, files)
    if not args.output:
        _out(text, json=json)


def pairing_text(result) -> str:
    """The JaVaFo/bbpPairings pairing format: count, then `white black`, the bye as `N 0`."""
    lines = [f"{w} {b}" for w, b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


def _no_pairing(trace) -> str:
    from .render.env import event_plain

    head = "not paired" if trace.result.context == "search-limit" else "no valid pairing"
    return f"{head}: {event_plain(trace.result, trace)}"


def _budget_warning(trace) -> None:
    """Say on stderr when the round's search reached its budget (a ``search-limit`` event of
    article ``budget``): the pairing is the engine's stated fallback, not the text's."""
    for e in trace.events:
        if getattr(e, "kind", "") == "search-limit" and getattr(e, "article", "") == "budget":
            _say(f"warning: round {trace.meta.get('round')}: the search stopped at its limit of "
                 f"{e.count} steps; the pairing is the {trace.meta.get('system')} engine's "
                 "fallback, not the text's procedure (the report says which)")


def cmd_pair(args) -> int:
    from . import app
    from .trace.events import Impossible

    if args.report and not args.report.lower().endswith((".md", ".markdown", ".html", ".htm")):
        raise _Usage(f"--report {args.report}: the file name must end in .md or .html")
    outputs = [p for p in (args.output, args.trace, args.report, args.step_through,
                           args.write_trf) if p]
    _guard(outputs, _inputs(args))
    req = _load_round(args)
    if req is None:
        return EXIT_INVALID_INPUT
    from . import app as _app

    past = args.round is not None and args.round <= _app.rounds_in_file(req.tournament)
    if past and args.write_trf:
        raise _Usage(f"--write-trf enters the round to pair; round {args.round} is already in "
                     "the file")
    if args.baku:
        req = _baku(req, args.baku_reading, args.trf_format)
    elif args.baku_reading:
        raise _Usage("--baku-reading goes with --baku")
    else:
        _baku_named_but_absent(req.tournament)
    t, title = req.tournament, req.title
    if args.write_trf:
        from .trf.writer import points_limit

        limit = points_limit(t)
        if limit is not None:
            raise limit
    trace = app.pair(req, args.round)
    _budget_warning(trace)
    filed = _filed(req, trace, args.round)
    source = Path(args.trf).name if args.trf else f"--example {args.example}"
    # the report's readings that mattered: the round paired under each other value
    from .explain.why import READINGS_SECONDS

    changes = (app.readings_that_change(req, args.round, trace, READINGS_SECONDS)
               if args.report or args.format in ("md", "html") else None)
    files: list[tuple[str, str]] = []  # written together, all or nothing, after the work
    if args.trace:
        files.append((args.trace, _safe_file(trace.to_json(), ".json")))
    if args.report:
        from .render.report import report_for_path

        files.append((args.report, _safe_file(
            report_for_path(trace, args.report, title, filed=filed, source=source,
                            changes=changes),
            args.report)))
    if args.step_through:
        from .render.steps import step_through_html

        files.append((args.step_through, _safe_file(step_through_html(trace, title), ".html")))
    result = trace.result
    if args.write_trf and not isinstance(result, Impossible):
        from .trf.writer import append_round, write_trf

        entered = append_round(t, trace.events[0].round, list(result.boards), result.bye)
        files.append((args.write_trf, write_trf(entered, args.trf_format)))
    if args.format != "text":
        from .render.report import round_output

        _emit(args, round_output(trace, args.format, title, filed=filed, source=source,
                                 changes=changes),
              json=args.format == "json", also=files)
    elif not isinstance(result, Impossible):
        _emit(args, pairing_text(result), also=files)
    elif files:
        _write_outputs(args, files)
    if isinstance(result, Impossible):
        _say(_no_pairing(trace))
        # a search that reached its limit proves no impossibility: not exit 1 ("no valid
        # pairing"), but 4, the limits' code (bbpPairings': the request is beyond the
        # program's limits)
        return EXIT_SIZE_LIMIT if result.context == "search-limit" else EXIT_NO_PAIRING
    return EXIT_OK


def _baku(req, readings: list[str], fmt: str | None):
    """The request with the Baku virtual points of the round to pair (``--baku``)."""
    from .records import replace

    from .rulebooks.acceleration.baku import BakuReadings, accelerate

    return replace(req, tournament=accelerate(req.tournament, BakuReadings.parse(readings), fmt))


def _baku_named_but_absent(t) -> None:
    """A warning when the file's ``192`` names a Baku-accelerated system but gives no
    acceleration points (XXA / 250) for the round to pair: the pairing is made without
    them unless ``--baku`` computes them (bbpPairings computes them itself)."""
    from .rulebooks import system_named_by

    named = system_named_by(t)
    r = t.round_to_pair
    if named is None or named.code != "192" or not named.text.upper().endswith("_BAKU"):
        return
    if any(len(v) >= r and v[r - 1] for v in t.acceleration.values()):
        return
    _say(f"warning: {t.source}:{named.line or 1}:5: 192 names {named.text} (Baku acceleration) "
         f"but the file gives no XXA/250 points for round {r}: paired without acceleration; "
         "--baku computes them")


def cmd_explain(args) -> int:
    _guard([args.output] if args.output else [], _inputs(args))
    if args.standing:
        if args.against is not None or args.reply or args.colour or args.bye or args.float_ \
                or args.round is not None:
            raise _Usage("--standing explains the standings: not with --against, --reply, "
                         "--colour or --round")
        return _explain_standing(args)
    if args.tiebreaks is not None:
        raise _Usage("--tiebreaks goes with --standing")
    req = _load_round(args)
    if req is None:
        return EXIT_INVALID_INPUT
    t, readings, title = req.tournament, req.readings, req.title
    known = {p.number for p in t.players}
    for n in (args.player, args.against):
        if n is not None and n not in known:
            _say(f"dubov-explain: there is no player {n} in this tournament")
            return EXIT_INVALID_INPUT
    if args.budget < 0:
        raise _Usage(f"--budget {args.budget:g}: seconds, 0 for no limit")
    from .explain.budget import BudgetExceeded, time_limit

    try:
        with time_limit(args.budget or None, cpu=True):
            return _explain(args, req, t, readings, title)
    except BudgetExceeded:
        _say(f"dubov-explain: the explanation was cut short: its budget of {args.budget:g} s "
             "of CPU ran out (--budget SECONDS gives it more, 0 no limit); nothing was written")
        return EXIT_SIZE_LIMIT


def _explain(args, req, t, readings, title) -> int:
    """explain's work, within its budget (``cmd_explain``)."""
    from . import app
    from .explain.budget import share
    from .explain.why import explain_player, why_not
    from .render import explain as R

    rnd = args.round
    trace = app.pair(req, rnd)
    questions = [q for q, on in (("colour", args.colour), ("bye", args.bye), ("float", args.float_)) if on]
    if len(questions) + (args.against is not None) > 1:
        raise _Usage("ask one question at a time: --against, --colour, --bye or --float")
    if args.reply or questions:
        from .explain.why import reply

        if not R.has_reply(trace):
            _say(f"dubov-explain: --reply and --colour are not written for the "
                 f"{trace.meta.get('system', '?')} rulebook yet; explain --player N gives its page")
            return EXIT_INVALID_INPUT

        from .explain.why import READINGS_SECONDS

        answer = reply(t, args.player, readings, rnd, trace=trace, against=args.against,
                       technical=args.technical, question=questions[0] if questions else None,
                       readings_seconds=READINGS_SECONDS)
        text = (R.to_json(answer) if args.format == "json" else
                R.reply_html(answer, trace) if args.format == "html" else R.reply_text(answer, trace))
        _emit(args, text, json=args.format == "json")
        return EXIT_OK
    if args.against is not None:
        from .explain.why import WHY_NOT_SECONDS

        answer = why_not(t, args.player, args.against, readings, rnd, trace=trace,
                         seconds=share(WHY_NOT_SECONDS))
        render = {"html": R.why_not_html, "json": None}.get(args.format, R.why_not_md)
    else:
        answer = explain_player(t, args.player, readings, rnd, trace=trace)
        render = {"html": R.player_html, "json": None}.get(args.format, R.player_md)
    from .explain.why import READINGS_SECONDS, readings_that_matter

    seconds = share(READINGS_SECONDS)
    answer.readings = readings_that_matter(t, args.player, readings, rnd, trace,
                                           seconds=seconds, unasked=answer.readings_unasked)
    answer.readings_budget = seconds if answer.readings_unasked else None
    text = R.to_json(answer) if render is None else render(answer, trace, title)
    _emit(args, text, json=render is None)
    return EXIT_OK


def cmd_standings(args) -> int:
    from . import app
    from .render.text import standings_table

    _guard([args.output] if args.output else [], _inputs(args))
    req = _load(args, pairing=False)
    ranked = (app.finished(req.tournament) or args.current or args.tiebreaks is not None
              or args.format != "text")
    if not ranked:
        _emit(args, standings_table(app.standings(req), req.tournament, req.rulebook.name))
        return EXIT_OK
    from .render.standings import RENDER

    s = app.ranked_standings(req, args.tiebreaks)
    _emit(args, RENDER[args.format](s), json=args.format == "json")
    return EXIT_OK


def _explain_standing(args) -> int:
    """``explain --player N --standing``: why N is where he is in the standings."""
    from . import app
    from .render import standings as R
    from .tiebreaks import why_standing

    req = _load(args, pairing=False)
    if args.player not in {p.number for p in req.tournament.players}:
        _say(f"dubov-explain: there is no player {args.player} in this tournament")
        return EXIT_INVALID_INPUT
    answer = why_standing(app.ranked_standings(req, args.tiebreaks), args.player)
    render = {"html": R.standing_html, "json": R.standing_json}.get(args.format, R.standing_md)
    _emit(args, render(answer), json=args.format == "json")
    return EXIT_OK


def cmd_checklist(args) -> int:
    from . import app
    from .render.tables import checklist_text, current_cells
    from .trace.events import Impossible

    _guard([args.output] if args.output else [], _inputs(args))
    req = _load(args, pairing=False)
    current = None
    if args.current and req.tournament.total_rounds is not None and (
            req.tournament.round_to_pair <= req.tournament.total_rounds):
        result = app.pair(req).result
        if not isinstance(result, Impossible):
            current = current_cells(result.boards, result.bye)
    _emit(args, checklist_text(app.standings(req), req.tournament, current, req.rulebook))
    return EXIT_OK


def cmd_check(args) -> int:
    from . import app
    from .render.check import render_check

    from .explain.budget import answer_clock

    if args.budget is not None and args.budget < 0:
        raise _Usage(f"--budget {args.budget:g}: seconds, 0 for no limit")
    if args.trace:
        _guard([args.trace], _inputs(args))
    # the default budget is the answer's (issue 29): what the pairing leaves of its clock;
    # a budget given is the arbiter's, whole
    chosen = args.budget is not None
    with (answer_clock(None) if chosen else contextlib.nullcontext()):
        done = app.check(args.trf, args.pairing, args.round, system=args.system,
                         readings=args.reading, rounds=args.total_rounds,
                         budget=(args.budget if chosen else CHECK_BUDGET) or None,
                         accept_history=args.accept_history)
    for w in done.warnings:
        _say(f"warning: {w}")
    res = done.result
    if args.trace:
        _write_outputs(args, [(args.trace, _safe_file(res.trace.to_json(), ".json"))])
    _out(render_check(res, Path(args.trf).stem))
    return res.exit_code


def cmd_replay(args) -> int:
    from functools import partial

    from .batch import Progress, parallel_map
    from .explain.audit import EXIT_DIFFERENT, EXIT_ILLEGAL
    from .app import replay_file

    if args.system:  # a bad reading of a chosen system is refused once, not per file
        from .rulebooks import find_rulebook

        find_rulebook(args.system).readings_type.parse(args.reading)
    rounds = sorted(set(args.round)) if args.round else None
    paths = list(args.trf)
    if args.budget < 0:
        raise _Usage(f"--budget {args.budget:g}: seconds, 0 for no limit")
    out_file: list[str] | None = None  # the --explain FILE's text, written whole at the end
    if args.explain and args.explain != "-":
        _guard([args.explain], _inputs(args))
        out_file = []
    totals = dict(files=0, rounds=0, identical=0, different=0, illegal=0, violations=0)
    error_code = 0
    one = len(paths) == 1
    progress = Progress(len(paths), "replay", sys.stderr)
    fn = partial(replay_file, readings=args.reading, rounds=rounds, system=args.system,
                 total_rounds=args.total_rounds, explain=bool(args.explain),
                 budget=args.budget or None,  # one file here: a bar per round
                 on_round=progress.set if one and not args.dask else None)
    def say(text: str) -> None:
        from .safetext import escape_controls

        progress.write(escape_controls(text, document=True))

    explain = out_file.append if out_file is not None else say
    try:
        with progress:
            # the budget is a SIGALRM timer: on Dask each file then runs in a child process
            for outcome in parallel_map(fn, paths, max(1, args.jobs), dask=args.dask,
                                        main_thread=bool(args.explain and args.budget)):
                if not one or args.dask:
                    progress.update()
                for w in outcome.warnings:
                    say(f"warning: {w}")
                if outcome.error:
                    say(outcome.error)
                    error_code = error_code or outcome.exit_code
                    continue
                _out(outcome.report)
                sys.stdout.flush()
                hint = ""
                if outcome.different and not args.explain:
                    hint = "(differences not explained: --explain FILE, or - for stderr)\n"
                explain(outcome.explanation + outcome.summary + "\n" + hint)
                totals["files"] += 1
                for k in ("rounds", "identical", "different", "illegal", "violations"):
                    totals[k] += getattr(outcome, k)
            if len(paths) > 1:
                explain(
                    f"replay: {totals['files']} file(s), {totals['rounds']} round(s): "
                    f"{totals['identical']} identical, {totals['different']} legal but "
                    f"different, {totals['illegal']} illegal ({totals['violations']} absolute "
                    f"violation(s))"
                    + (f"; {len(paths) - totals['files']} file(s) not checked" if error_code else "")
                    + "\n"
                )
    finally:
        if out_file is not None:  # what was explained, whole (a failure above ends here too)
            from .safetext import escape_controls
            from .trf.writer import write_files

            write_files([(args.explain, escape_controls("".join(out_file), document=True))])
    if error_code:
        return error_code
    if args.strict:
        if totals["illegal"]:
            return EXIT_ILLEGAL
        if totals["different"]:
            return EXIT_DIFFERENT
    return EXIT_OK


def cmd_generate(args) -> int:
    import random
    from .records import replace

    from .batch import Progress, parallel_map
    from .simulate.batch import make_jobs, parse_range, read_config, run_job
    from .safetext import escape_controls
    from .simulate.generator import GeneratorOptions

    try:
        base = GeneratorOptions.quiet() if args.regular else GeneratorOptions()
        if args.full_point_byes:
            base = replace(base, full_point_byes=True)
        if args.system:
            from .rulebooks import find_rulebook

            base = replace(base, system=find_rulebook(args.system).name)
        players = rounds = None
        if args.config:
            from .app import read_text

            cfg = read_config(read_text(args.config), args.config, base)
            base, players, rounds = cfg.options, cfg.players, cfg.rounds
        if args.set:
            cfg = read_config("\n".join(args.set), "--set", base)
            base = cfg.options
            players = cfg.players or players
            rounds = cfg.rounds or rounds
        if args.players:
            players = parse_range(args.players, "--players")
        if args.rounds:
            rounds = parse_range(args.rounds, "--rounds")
        players = players or (15, 215)
        rounds = rounds or (5, 15)
        if rounds[0] < 1:
            raise ValueError("--rounds: at least 1")
        if args.count < 1:
            raise ValueError("--count: at least 1")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
        jobs = make_jobs(args.output, seed, args.count, players, rounds, base)
        jobs = [replace(j, trf_format=args.trf_format) for j in jobs]
    except ValueError as exc:
        _say(f"dubov-explain generate: {exc}")
        return EXIT_INVALID_INPUT
    from .trf.writer import scoring_limit

    limit = scoring_limit(base.scoring, rounds[1], args.config if args.config and not args.set
                          else "--config/--set")
    if limit is not None:
        raise limit
    _guard([j.path for j in jobs], _inputs(args))
    last = seed + args.count - 1
    print(f"seed {seed}" if args.count == 1 else f"seeds {seed}-{last}", file=sys.stderr)
    error_code = 0
    stopped = written = 0
    with Progress(len(jobs), "generate", sys.stderr) as progress:
        for g in parallel_map(run_job, jobs, max(1, args.jobs), dask=args.dask):
            progress.update()
            if g.error:
                progress.write(escape_controls(g.error, document=True))
                error_code = error_code or EXIT_FILE
                continue
            written += 1
            if g.stopped_round is not None:
                stopped += 1
                progress.write(
                    f"warning: {g.path} (seed {g.seed}, {g.players} players, {g.rounds} "
                    f"rounds): round {g.stopped_round} has no valid pairing; the file "
                    f"is the request for that round"
                )
    if args.count > 1:
        print(f"generated {written} of {args.count} file(s)"
              + (f", {stopped} stopped early" if stopped else ""), file=sys.stderr)
    return error_code


def cmd_result(args) -> int:
    from . import app
    from .trf.reader import read_trf
    from .trf.writer import save_trf

    if args.in_place and args.output:
        raise _Usage("give -o OUT or --in-place, not both")
    if not args.in_place and not args.output:
        raise _Usage("give -o OUT.trf for the new file (or --in-place to replace the input)")
    if args.output and os.path.exists(args.output) and os.path.exists(args.trf) \
            and os.path.samefile(args.output, args.trf):
        raise FileAccessError(args.output, "refusing to overwrite the input file (give "
                                           "--in-place instead of -o to replace it)")
    if args.output:
        _guard([args.output], _inputs(args))
    elif args.in_place:
        _guard([args.trf], [(p, w) for p, w in _inputs(args) if p != args.trf])
    if args.results and args.results != "-":
        text, source = app.read_text(args.results), args.results
    else:
        if sys.stdin.isatty():
            print("reading the results from standard input, one per board (end with "
                  "Ctrl-D)", file=sys.stderr)
        from .errors import MAX_INPUT_BYTES, SizeLimitError, too_large

        text, source = sys.stdin.read(MAX_INPUT_BYTES + 1), "<stdin>"
        if len(text) > MAX_INPUT_BYTES:
            raise SizeLimitError(source, too_large(f"more than {MAX_INPUT_BYTES:,} characters"))
    t = read_trf(args.trf)
    from .trf.writer import points_limit

    limit = points_limit(t)
    if limit is not None:
        raise limit
    done = app.enter_round_results(t, text, args.round, results_source=source,
                                   system=args.system, readings=args.reading,
                                   lenient=args.lenient,
                                   accept_history=args.accept_history)
    for w in done.warnings:
        _say(f"warning: {w}")
    out = args.trf if args.in_place else args.output
    save_trf(done.tournament, out, args.trf_format, in_place=args.in_place)
    lines = [f"round {done.round}: {len(done.boards)} result(s) written to {out}"]
    lines += [f"{i:>4}  {w:>4} - {b:<4}  {token}"
              for i, (w, b, token) in enumerate(done.boards, start=1)]
    _out("\n".join(lines) + "\n")
    return EXIT_OK


def cmd_readings(args) -> int:
    from . import app

    for book, catalogue in app.readings_catalogue(args.system):
        print(f"# {book.name}: {book.title} ({book.edition})")
        print()
        for r in catalogue:
            print(f"{r.name}  (article {r.article})")
            print(f"  {r.question}")
            for value, text in r.choices.items():
                mark = "*" if value == r.default else " "
                print(f"  {mark} {value}: {text}")
            print()
    return EXIT_OK


def cmd_systems(args) -> int:
    from . import app

    from .rulebooks import today_edition

    today = today_edition().name
    for book in app.systems():
        default = ("  (default: the Dubov text in force today, for a file that names no system "
                   "nor date)") if book.name == today else ""
        print(f"{book.name}  {book.title}, {book.edition}{default}")
        print(f"    {_status_words(book.status())}")
    return EXIT_OK


def _status_words(status: dict) -> str:
    """A rulebook's status (``Rulebook.status``) with the Handbook's dates, in words."""
    day = lambda d: d.strftime("%d/%m/%Y")  # noqa: E731
    if status["state"] == "never-applied":
        return "status: approved but never applied (postponed, then replaced)"
    if status["state"] == "in-force":
        return f"status: in force from {day(status['from'])}"
    if status["state"] == "superseded":
        since = f"from {day(status['from'])} " if status["from"] else ""
        return f"status: in force {since}until {day(status['until'])}"
    return "status: historical (no Handbook dates recorded for it)"


def cmd_examples(args) -> int:
    from .examples import example_names

    for name in example_names():
        print(name)
    return EXIT_OK


def cmd_compare(args) -> int:
    from . import app
    from .explain.compare import compare_sides, parse_sides
    from .render.compare import render
    from .rulebooks import find_rulebook

    _guard([args.output] if args.output else [], _inputs(args))
    if len(args.system) > 2:
        raise _Usage(f"--system given {len(args.system)} times: give one rulebook, or two to "
                     "compare (left, right)")
    if not args.trf and not args.example:
        raise _Usage("give a TRF file or --example")
    if args.all_rounds and args.round is not None:
        raise _Usage("give --all-rounds or --round R, not both")
    names = [find_rulebook(s).name for s in args.system] or [None]
    t = app.read_tournament(args.trf, args.example)
    if not _round_in_range(args, t):
        return EXIT_INVALID_INPUT
    if args.all_rounds and app.rounds_in_file(t) == 0:
        raise _Usage("--all-rounds compares the rounds of the file, and it has none yet")
    pairing = not args.all_rounds and (args.round is None or args.round > app.rounds_in_file(t))
    title = t.name or args.example or (Path(args.trf).name if args.trf else "")
    reqs = []
    for name in (names[0], names[-1]):
        if reqs and name == names[0]:
            reqs.append(reqs[0])
            continue
        reqs.append(app.prepare(t, system=name, lenient=args.lenient, title=title,
                                rounds=args.total_rounds, initial_colour=args.initial_colour,
                                pairing=pairing, accept_history=args.accept_history))
    seen: set[str] = set()
    for w in reqs[0].warnings + reqs[1].warnings:
        if w not in seen:
            seen.add(w)
            _say(f"warning: {w}")
    ls, rs = reqs[0].rulebook.name, reqs[1].rulebook.name
    left, right = parse_sides(args.reading, args.left, args.right, system=ls, right_system=rs)
    if args.all_rounds:
        from .explain.compare import compare_rounds, side_labels
        from .render.compare import render_rounds

        lines = compare_rounds(reqs[0].tournament, (ls, left), (rs, right),
                               range(1, app.rounds_in_file(t) + 1))
        labels = side_labels(ls, left, rs, right)
        _emit(args, render_rounds(lines, args.format, reqs[0].title, *labels),
              json=args.format == "json")
        return EXIT_OK
    c = compare_sides(reqs[0].tournament, (ls, left), (rs, right), round_no=args.round)
    filed = None
    if not pairing:  # a round the file has: each side against the file's own pairing
        filed = (_filed(reqs[0], c.left.trace, args.round),
                 _filed(reqs[1], c.right.trace, args.round))
    steps, also = None, []
    if args.steps:
        if args.format not in ("md", "html"):
            raise _Usage("--steps links the events of a Markdown or HTML page: give --format md or html")
        from .render.steps import step_through_html

        Path(args.steps).mkdir(parents=True, exist_ok=True)
        base = Path(args.output).resolve().parent if args.output else Path.cwd()
        pages = [Path(args.steps) / f"{name}-steps.html" for name in ("left", "right")]
        also = [(str(f), step_through_html(side.trace, f"{reqs[0].title} ({side.label})"))
                for f, side in zip(pages, (c.left, c.right))]
        steps = tuple(Path(os.path.relpath(f.resolve(), base)).as_posix() for f in pages)
    _emit(args, render(c, args.format, reqs[0].title, filed, steps), json=args.format == "json", also=also)
    return EXIT_OK


#: the allocations between two young collections of the garbage collector in a command
GC_YOUNG = 100_000


def main(argv: list[str] | None = None) -> int:
    """Run one command line: ours (``pair in.trf ...``), or bbpPairings'/JaVaFo's
    (``--dubov in.trf -p out``), which :mod:`dubov_explain.dropin` translates into ours
    before argparse sees it, so that both take one code path."""
    argv = list(sys.argv[1:] if argv is None else argv)
    stdout, stderr = sys.stdout, sys.stderr
    # started with stderr closed (``2>&-``), Python's sys.stderr is None and print(file=None)
    # would put our messages into the pairing on stdout: say them to nobody instead; the
    # exit code still tells
    quiet = open(os.devnull, "w", encoding="utf-8") if stderr is None else None
    sys.stdout, sys.stderr = _Stdout(stdout), quiet or stderr
    # the searches keep many small containers until their round is paired (memos, the
    # walk's states): at CPython's default, a young collection every 700 allocations, the
    # collector went over them again and again (about 14 % of a 9,999-player Dutch round,
    # paired runs); cycles are still collected, less often; nothing printed depends on it
    collect = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, *collect[1:])
    try:
        return _main(argv)
    finally:
        gc.set_threshold(*collect)
        sys.stdout, sys.stderr = stdout, stderr
        if quiet is not None:
            quiet.close()


def _main(argv: list[str]) -> int:
    from .dropin import DropInError, translate

    parser = build_parser()
    try:
        drop = translate(argv, _HANDLERS)
    except DropInError as exc:
        parser.error(str(exc))
    if drop is None:
        return _run(parser, argv)
    if drop.help:
        from .dropin import SYNTAX, system_flags

        print(SYNTAX.format(flags=", ".join(system_flags())) + "\n")
        parser.print_help()
        return EXIT_OK
    if drop.version:
        print(f"dubov-explain {__version__}")
    code = EXIT_OK
    for command in drop.commands:
        code = _run(parser, list(command))
        if code != EXIT_OK:
            break
    return code


def _run(parser: argparse.ArgumentParser, argv: list[str]) -> int:
    from .rulebooks import UnknownSystem
    from .rulebooks.readings import ReadingError

    from .explain import budget

    try:
        args = parser.parse_args(argv)
        # the optional parts of an answer share what the required work leaves of its clock
        with budget.answer_clock(budget.ANSWER_SECONDS):
            code = _HANDLERS[args.command](args)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return code
    except _StdoutError as exc:
        exc.silence()
        if not exc.closed:
            _say(str(exc))
        return EXIT_FILE
    except (ReadingError, UnknownSystem) as exc:
        _say(f"dubov-explain: {exc}")
        return exc.exit_code
    except DubovError as exc:
        _say(str(exc))
        return exc.exit_code
    except _Usage as exc:
        parser.error(str(exc))
        return EXIT_INVALID_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # pragma: no cover - a bug; say so without a traceback
        return _internal(exc)


#: the subcommands and what runs them; a command line that starts with one is ours, not a
#: drop-in call
_HANDLERS = {
    "pair": cmd_pair,
    "standings": cmd_standings,
    "checklist": cmd_checklist,
    "explain": cmd_explain,
    "readings": cmd_readings,
    "examples": cmd_examples,
    "check": cmd_check,
    "replay": cmd_replay,
    "generate": cmd_generate,
    "compare": cmd_compare,
    "systems": cmd_systems,
    "result": cmd_result,
}


class _StdoutError(FileAccessError):
    """Standard output could not be written: a file error (exit 5), one line.  A closed
    pipe (``dubov-explain pair big.trf | head -1``) ends the program quietly, as the Unix
    tools do when their reader goes away (they die of SIGPIPE): the reader chose to stop,
    so a message would be noise, but the exit code still says the output was cut short."""

    def __init__(self, exc: OSError, stream) -> None:
        super().__init__("<stdout>", f"cannot write: {exc.strerror or exc}"
                         + ("" if stream is not None else "; give -o FILE or open it"))
        self.closed = isinstance(exc, BrokenPipeError)
        self.stream = stream

    def silence(self) -> None:
        """Point the real standard output at the null device, so that the interpreter's
        last flush of what is still buffered finds nowhere to fail."""
        try:
            fd = self.stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
        except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
            pass


class _Stdout:
    """``sys.stdout`` while a command runs: a failed write or flush is a
    :class:`_StdoutError`, not an internal error or a message at exit."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is None:  # started with stdout closed (``>&-``)
            raise _StdoutError(OSError(errno.EBADF, "standard output is closed"), None)
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise _StdoutError(exc, self._stream) from None

    def flush(self) -> None:
        if self._stream is None:  # nothing was written, so nothing was lost
            return
        try:
            self._stream.flush()
        except OSError as exc:
            raise _StdoutError(exc, self._stream) from None

    def __getattr__(self, name: str):
        if self._stream is None:
            raise _StdoutError(OSError(errno.EBADF, "standard output is closed"), None)
        return getattr(self._stream, name)


def _internal(exc: BaseException) -> int:
    if os.environ.get("DUBOV_EXPLAIN_DEBUG"):
        raise exc
    print(
        f"dubov-explain: internal error ({type(exc).__name__}: {exc}); "
        "set DUBOV_EXPLAIN_DEBUG=1 for the traceback and please report it",
        file=sys.stderr,
    )
    return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
