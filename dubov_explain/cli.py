"""The ``dubov-explain`` command: parse arguments, call the API, print.  Nothing else.

Exit codes (bbpPairings' convention, ``shared/reference/fide-endorsement.md`` 4.1):
0 success, 1 no valid pairing, 2 internal error, 3 invalid input, 5 file access error.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import __version__
from .errors import (
    EXIT_FILE,
    EXIT_INTERNAL,
    EXIT_INVALID_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
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


FORMATS = ("text", "md", "html", "json")


def _title(args, t) -> str:
    if getattr(t, "name", ""):
        return t.name
    if args.example:
        return args.example
    return Path(args.trf).name if args.trf else ""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dubov-explain",
        description="Pair a Swiss tournament by the FIDE Dubov System (2025) and explain every step.",
    )
    parser.add_argument("--version", action="version", version=f"dubov-explain {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("pair", help="pair the next round (JaVaFo/bbpPairings output format)")
    _add_input(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write the pairing here instead of stdout")
    p.add_argument("--trace", metavar="FILE.json", help="write the full trace as JSON")
    p.add_argument(
        "--format", choices=FORMATS, default="text",
        help="what goes to stdout (or -o): text = the pairing (JaVaFo format), md / html = "
        "the round report, json = the trace",
    )
    p.add_argument("--report", metavar="FILE.md|FILE.html",
                   help="also write the round report (Markdown or HTML by the file's suffix)")
    p.add_argument("--step-through", metavar="FILE.html",
                   help="also write the step-through page: one self-contained HTML file that "
                   "steps through every decision (arrow keys)")

    s = sub.add_parser("standings", help="print the standings before the round to pair")
    _add_input(s)

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
    e.add_argument("--format", choices=FORMATS, default="text",
                   help="text and md are the same Markdown; html is it rendered; json the data")
    e.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")

    sub.add_parser("readings", help="list the named readings of the rule text")
    sub.add_parser("examples", help="list the example tournaments shipped with the package")
    return parser


def _load(args):
    from .examples import example_names, load_example
    from .tournament.consistency import check_consistency
    from .trf.reader import read_trf

    if args.example:
        if args.example not in example_names():
            raise FileAccessError(args.example, "no such example; see `dubov-explain examples`")
        t = load_example(args.example)
    elif args.trf:
        t = read_trf(args.trf)
    else:
        raise _Usage("give a TRF file or --example")
    problems = list(getattr(t, "warnings", ())) + check_consistency(t, lenient=args.lenient)
    problems += pending_problems(t)
    errors = [p for p in problems if p.is_error]
    for w in (p for p in problems if not p.is_error):
        print(f"warning: {w}", file=sys.stderr)
    if errors:
        from .errors import InputError

        raise InputError(errors)
    return t


def pending_problems(t) -> list:
    """A round cannot be paired while an earlier round still has pending results."""
    from .errors import Problem
    from .tournament.model import PENDING

    out = []
    for p in t.players:
        for r, e in enumerate(p.entries, start=1):
            if e.code == PENDING:
                out.append(
                    Problem(t.source, p.line, 99 + 10 * (r - 1),
                            f"round {r} of player {p.number} has no result yet; enter the "
                            "results before pairing the next round")
                )
    return out


class _Usage(Exception):
    pass


def _write(path: str, text: str, inputs: list[str]) -> None:
    target = Path(path)
    for src in inputs:
        if src and target.exists() and Path(src).exists() and os.path.samefile(src, target):
            raise FileAccessError(path, "refusing to overwrite the input file")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise FileAccessError(path, exc.strerror or str(exc)) from None


def pairing_text(result) -> str:
    """The JaVaFo/bbpPairings pairing format: count, then `white black`, the bye as `N 0`."""
    lines = [f"{w} {b}" for w, b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


def cmd_pair(args) -> int:
    from .dubov.engine import pair_round
    from .dubov.readings import Readings
    from .trace.events import Impossible

    readings = Readings.parse(args.reading)
    t = _load(args)
    if args.report and not args.report.lower().endswith((".md", ".markdown", ".html", ".htm")):
        raise _Usage(f"--report {args.report}: the file name must end in .md or .html")
    trace = pair_round(t, readings)
    if args.trace:
        _write(args.trace, trace.to_json(), [args.trf])
    title = _title(args, t)
    if args.report:
        from .render.report import report_for_path

        _write(args.report, report_for_path(trace, args.report, title), [args.trf])
    if args.step_through:
        from .render.steps import step_through_html

        _write(args.step_through, step_through_html(trace, title), [args.trf])
    result = trace.result
    if args.format != "text":
        from .render.report import round_output

        text = round_output(trace, args.format, title)
        if args.output:
            _write(args.output, text, [args.trf])
        else:
            sys.stdout.write(text)
        if isinstance(result, Impossible):
            print(f"no valid pairing: {result.reason}", file=sys.stderr)
            return EXIT_NO_PAIRING
        return EXIT_OK
    if isinstance(result, Impossible):
        print(f"no valid pairing: {result.reason}", file=sys.stderr)
        return EXIT_NO_PAIRING
    text = pairing_text(result)
    if args.output:
        _write(args.output, text, [args.trf])
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_explain(args) -> int:
    from .dubov.engine import pair_round
    from .dubov.readings import Readings
    from .explain.why import explain_player, why_not
    from .render import explain as R

    readings = Readings.parse(args.reading)
    t = _load(args)
    known = {p.number for p in t.players}
    for n in (args.player, args.against):
        if n is not None and n not in known:
            print(f"dubov-explain: there is no player {n} in this tournament", file=sys.stderr)
            return EXIT_INVALID_INPUT
    trace = pair_round(t, readings)
    title = _title(args, t)
    if args.against is not None:
        answer = why_not(t, args.player, args.against, readings, trace=trace)
        render = {"html": R.why_not_html, "json": None}.get(args.format, R.why_not_md)
    else:
        answer = explain_player(t, args.player, readings, trace=trace)
        render = {"html": R.player_html, "json": None}.get(args.format, R.player_md)
    text = R.to_json(answer) if render is None else render(answer, trace, title)
    if args.output:
        _write(args.output, text, [args.trf])
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_standings(args) -> int:
    from .dubov.readings import Readings
    from .tournament.standings import compute_standings
    from .render.text import standings_table

    readings = Readings.parse(args.reading)
    t = _load(args)
    st = compute_standings(t, readings=readings)
    sys.stdout.write(standings_table(st, t))
    return EXIT_OK


def cmd_readings(args) -> int:
    from .dubov.readings import CATALOGUE

    for r in CATALOGUE:
        print(f"{r.name}  (article {r.article})")
        print(f"  {r.question}")
        for value, text in r.choices.items():
            mark = "*" if value == r.default else " "
            print(f"  {mark} {value}: {text}")
        print()
    return EXIT_OK


def cmd_examples(args) -> int:
    from .examples import example_names

    for name in example_names():
        print(name)
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = {
        "pair": cmd_pair,
        "standings": cmd_standings,
        "explain": cmd_explain,
        "readings": cmd_readings,
        "examples": cmd_examples,
    }
    try:
        return handlers[args.command](args)
    except DubovError as exc:
        print(str(exc), file=sys.stderr)
        return exc.exit_code
    except _Usage as exc:
        parser.error(str(exc))
        return EXIT_INVALID_INPUT
    except ValueError as exc:  # bad --reading values and the like
        from .dubov.readings import ReadingError

        if isinstance(exc, ReadingError):
            print(f"dubov-explain: {exc}", file=sys.stderr)
            return EXIT_INVALID_INPUT
        return _internal(exc)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # pragma: no cover - a bug; say so without a traceback
        return _internal(exc)


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
