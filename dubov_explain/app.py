"""What the commands do, as functions that return result objects.

The command line (``cli.py``) parses arguments, calls these, renders what they return and
sets the exit code; the public API (``dubov_explain/__init__.py``) exposes them to Python.
Nothing here knows a rule: every rule question goes to the rulebook chosen for the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from .errors import (MAX_PLAYERS, DubovError, FileAccessError, InputError, Problem,
                     SizeLimitError, too_many_players)
from .records import dataclass, field
from .rulebooks import EditionChoice, Rulebook, edition_choice, find_rulebook, system_for
from .rulebooks.readings import Readings
from .tournament.consistency import check_consistency, pending_results
from .tournament.model import Tournament
from .trace.events import Trace


@dataclass(frozen=True)
class Request:
    """A tournament ready to be paired: the file, the rulebook and the readings in force."""

    tournament: Tournament
    rulebook: Rulebook
    readings: Readings
    #: what a report calls the tournament: its ``012`` name, else the file or example name
    title: str = ""
    #: problems that do not stop the pairing, as ``file:line:column: message``
    warnings: tuple[str, ...] = field(default=())
    #: which rulebook pairs the file and why (the trace's ``meta["chosen"]``)
    choice: EditionChoice | None = None
    #: past rounds that break an absolute rule, let stand by ``accept_history``: facts
    #: (``{"rule", "round", "players", "file", "line", "column"}``), recorded in the trace
    accepted_history: tuple[dict, ...] = field(default=())


def read_tournament(trf: str | None = None, example: str | None = None) -> Tournament:
    """A TRF file, or an example shipped with the package (``dubov-explain examples``)."""
    from .trf.reader import read_trf

    if example:
        from .examples import example_names, load_example

        if example not in example_names():
            raise FileAccessError(example, "no such example; see `dubov-explain examples`")
        return load_example(example)
    if not trf:
        raise ValueError("give a TRF file or an example")
    return read_trf(trf)


def prepare(t: Tournament, *, system: str | None = None, readings: Sequence[str] = (),
            lenient: bool = False, title: str = "", rounds: int | None = None,
            initial_colour: str | None = None, pairing: bool = True,
            accept_history: bool = False) -> Request:
    """Check ``t`` for pairing its next round and choose its rulebook and readings.

    ``rounds`` (``--rounds``) and ``initial_colour`` (``--initial-colour``, ``white`` or
    ``black``) complete a file that lacks ``XXR``/``142`` or ``XXC``/``152``; a file that says
    otherwise is refused rather than overridden, since one of the two is wrong and either
    changes the pairing.  ``pairing=False`` (the standings) allows a tournament whose rounds
    are all paired.  ``accept_history`` (``--accept-history``) lets a past round that breaks
    an absolute rule (a rematch, two pairing-allocated byes in a round) stand, with a
    warning, and the request carries it as facts for the trace; without it such a round is
    refused with the override named.

    Raises :class:`InputError` with every problem located (the file's own, pending results,
    what the rulebook needs of a request); warnings are returned in the request.
    """
    if len(t.players) > MAX_PLAYERS:  # a tournament built in code; files are refused on reading
        raise SizeLimitError(t.source or "<tournament>", too_many_players(f"{len(t.players):,}"))
    from .tournament.request import with_options

    t = with_options(t, rounds=rounds, initial_colour=initial_colour)
    choice, override = edition_choice(t, system)
    book = find_rulebook(choice.system)
    chosen = book.readings_type.parse(list(readings))
    problems = list(getattr(t, "warnings", ())) + check_consistency(
        t, lenient=lenient, accept_history=accept_history)
    problems += pending_results(t, lambda k: True, "pairing the next round")
    if pairing:
        problems += finished_problems(t)
    problems += book.request_problems(t, pairing=pairing)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise InputError(errors)
    warnings = tuple(str(p) for p in problems if not p.is_error)
    if override:
        warnings += (override,)
    return Request(t, book, chosen, title or t.name, warnings, choice,
                   accepted_facts(problems))


def accepted_facts(problems: Sequence[Problem]) -> tuple[dict, ...]:
    """The past rounds let stand by ``accept_history``, as facts for the trace's meta."""
    return tuple(dict(rule=p.rule, round=p.round, players=list(p.players), file=p.file,
                      line=p.line, column=p.column)
                 for p in problems if p.rule and not p.is_error)


def finished_problems(t: Tournament) -> list[Problem]:
    """Pairing after the last round: every round of the tournament already has games."""
    total, r = t.total_rounds, t.round_to_pair
    if total is None or r <= total:
        return []
    where = (f"XXR/142 on line {t.total_rounds_line}" if t.total_rounds_line
             else "--rounds")
    return [Problem(
        t.source, t.total_rounds_line or 1, 5 if t.total_rounds_line else 1,
        f"round {r} of {total}: the tournament has {total} rounds ({where}) and all of them "
        f"are paired, so there is no round to pair; if it has more rounds, correct the total "
        f"number of rounds")]


def open_request(trf: str | None = None, example: str | None = None,
                 tournament: Tournament | None = None, **kw) -> Request:
    """:func:`read_tournament` then :func:`prepare`; ``tournament``: the one already read
    from ``trf`` or ``example`` (a file of thousands of players takes a second to read)."""
    t = tournament if tournament is not None else read_tournament(trf, example)
    title = t.name or example or (Path(trf).name if trf else "")
    return prepare(t, title=title, **kw)


def pair(req: Request, round_no: int | None = None,
         forced: Sequence[tuple[int, int]] = ()) -> Trace:
    """Pair the request's round by its rulebook: the trace, whose last event is the pairing.

    Its ``meta["chosen"]`` says why that rulebook (:class:`~.rulebooks.EditionChoice`). A
    request that let a past round stand (``accept_history``) says so in the trace's meta,
    ``history_accepted``: the rule broken, the round, the players and where the file says
    it (facts; the report words them)."""
    trace = req.rulebook.pair(req.tournament, req.readings, round_no, tuple(forced))
    if req.choice is not None:
        trace = Trace(trace.events, {**trace.meta, "chosen": req.choice.as_dict()})
    return with_history(trace, req.accepted_history)


def with_history(trace: Trace, accepted: Sequence[dict]) -> Trace:
    """``trace`` with the accepted past rounds in its meta (the same trace when none)."""
    if not accepted:
        return trace
    from .records import replace

    return replace(trace, meta={**trace.meta, "history_accepted": [dict(a) for a in accepted]})


def standings(req: Request):
    """The rulebook's standings before the round to pair."""
    return req.rulebook.standings(req.tournament, None, req.readings)


def ranked_standings(req: Request, tiebreaks: str | None = None):
    """The standings by points and tie-breaks (FIDE C.07) after the rounds with every
    result in: the list from ``tiebreaks`` (``--tiebreaks``), else the file's ``212``/``202``
    record, else ``tiebreaks.DEFAULT_LIST``.  A bad list raises (exit 3): from the command
    line with what is accepted, from the file located at its record."""
    from .tiebreaks import DEFAULT_LIST, final_standings, from_records, parse_list

    t = req.tournament
    if tiebreaks is not None:
        tbs, source = parse_list(tiebreaks), "--tiebreaks"
    else:
        tbs, source, problems = from_records(t)
        if problems:
            raise InputError(problems)
        if not tbs:
            tbs, source = parse_list(DEFAULT_LIST), "default"
    return final_standings(t, tbs, source)


def finished(t: Tournament) -> bool:
    """Every round of the tournament played, every result in (the final standings)."""
    from .tiebreaks.compute import completed_rounds

    return bool(t.total_rounds) and completed_rounds(t) >= t.total_rounds


def systems() -> list[Rulebook]:
    """The rulebooks this program has, the default first."""
    from .rulebooks import RULEBOOKS

    return [RULEBOOKS[name] for name in RULEBOOKS]


def readings_catalogue(system: str | None = None):
    """The named readings of one rulebook (default: every rulebook), as (rulebook, readings)."""
    books = [find_rulebook(system)] if system else systems()
    return [(b, b.catalogue) for b in books]


@dataclass(frozen=True)
class Checked:
    """A checked round: the result and the warnings met on the way."""

    result: object  # explain.audit.CheckResult
    warnings: tuple[str, ...] = ()


def check(trf: str | Tournament, pairing: str | None = None, round_no: int | None = None, *,
          system: str | None = None, readings: Sequence[str] = (),
          rounds: int | None = None, budget: float | None = None,
          accept_history: bool = False) -> Checked:
    """Check one round of ``trf``: the round entered in the file (default: the last with
    games), or, with ``pairing`` (a JaVaFo/bbpPairings pairing file), that pairing of the
    round to pair (or of ``round_no``).  The absolute test, then the comparison with the
    rulebook's own pairing; ``budget``: at most that many seconds of CPU for explaining
    a difference (``explain.audit.check_round``).  ``trf`` is a file name or a tournament
    already read.  ``accept_history``: a round before the checked one that breaks an
    absolute rule is a warning instead of an error (the checked round itself is always
    judged, and reported)."""
    from .records import replace

    from .explain.audit import (check_round, input_problems, parse_pairing_file,
                                published_from_pairs, published_from_round)
    from .tournament.request import request_for_round, with_options
    from .trf.reader import read_trf

    t = with_options(trf if isinstance(trf, Tournament) else read_trf(trf), rounds=rounds)
    book, override = system_for(t, system)
    chosen = book.readings_type.parse(list(readings))
    warnings = [override] if override else []
    last = t.rounds_with_games
    if pairing:
        r = round_no or t.round_to_pair
        if r < 1 or r > t.round_to_pair:
            raise InputError([Problem(t.source, 1, 1, f"--round {r}: the file can be paired "
                                      f"up to round {t.round_to_pair}")])
        pairs, byes = parse_pairing_file(read_text(pairing), pairing)
        pub = published_from_pairs(r, pairs, byes, source=pairing, ordered=True)
    else:
        if last == 0:
            raise InputError([Problem(t.source, 1, 1, "the file has no round with games; "
                                      "give the pairing to check with --pairing")])
        r = round_no or last
        if r < 1 or r > last:
            raise InputError([Problem(t.source, 1, 1, f"--round {r}: the file has pairings "
                                      f"for rounds 1-{last}; give --pairing to check another")])
        pub = published_from_round(t, r)
    errors, found = input_problems(t, [r], accept_history=accept_history)
    warnings += [str(w) for w in found]
    if errors:
        raise InputError(errors)
    if t.total_rounds is None:
        t = replace(t, total_rounds=max(last, r))
        warnings.append(f"no total number of rounds (XXR/142); {t.total_rounds} assumed "
                        "(give --rounds N if the tournament has more)")
    res = check_round(request_for_round(t, r), r, pub, chosen, system=book.name, budget=budget,
                      cpu=True)
    return Checked(res, tuple(warnings))


def read_text(path: str) -> str:
    """A text file the user named (a pairing file, a configuration, results); exit 5 if
    unreadable, exit 4 past the input size limit (``trf.reader.read_bounded``)."""
    from .trf.reader import read_bounded

    return read_bounded(path).decode("utf-8", errors="replace")


@dataclass(frozen=True)
class Results:
    """A round's results entered: the new tournament and what was entered on each board."""

    tournament: Tournament
    round: int
    #: (white, black, token as written) in board order
    boards: tuple[tuple[int, int, str], ...]
    warnings: tuple[str, ...] = ()


def pending_rounds(t: Tournament) -> list[int]:
    """The rounds that have at least one game without a result, in order."""
    return sorted({r for p in t.players for r, e in enumerate(p.entries, start=1)
                   if e.pending})


def round_games(t: Tournament, r: int) -> list[tuple[int, int]]:
    """The games of round ``r`` as (white, black), each once; a forfeit written without
    colours has the lower starting rank first."""
    games: list[tuple[int, int]] = []
    seen: set[int] = set()
    for p in t.players:
        e = p.entry(r)
        if e is None or e.opponent is None or p.number in seen:
            continue
        seen.update((p.number, e.opponent))
        if e.colour is not None:
            white_first = e.colour.value == "w"
        else:
            white_first = p.number < e.opponent
        games.append((p.number, e.opponent) if white_first else (e.opponent, p.number))
    return games


def rounds_in_file(t: Tournament) -> int:
    """How many rounds the file holds (paired or pending): ``--round R`` may name any of
    them (paired again from the rounds before it) or the next one."""
    return max([len(p.entries) for p in t.players] + [0])


class ReadingChanges(list):
    """:func:`readings_that_change`'s list, with the values its budget left unpaired
    (``unasked``: ``"name=value"``) and the budget's CPU seconds (``budget``)."""

    unasked: list[str]
    budget: float | None = None


def readings_that_change(req: Request, round_no: int | None, trace: Trace,
                         seconds: float | None = None) -> ReadingChanges:
    """Each other value of each named reading of the request's rulebook under which the
    round pairs otherwise (the round report's "readings that mattered"): ``[{name, value,
    current, article, players}, ...]``, ``players`` those whose opponent, colour or bye
    changes (all of them when the other value gives no pairing).  One pairing per value,
    as ``explain``'s readings that matter for one player, within ``seconds`` of CPU."""
    from .explain.budget import share
    from .explain.why import other_readings

    seconds = None if seconds is None else share(seconds)
    mine = _outcomes(trace)
    out = ReadingChanges()
    out.unasked = []
    for r, now, value, other in other_readings(req.tournament, req.rulebook, req.readings,
                                               round_no, trace, seconds, out.unasked):
        theirs = _outcomes(other)
        changed = tuple(sorted(n for n in set(mine) | set(theirs)
                               if mine.get(n) != theirs.get(n)))
        if changed:
            out.append(dict(name=r.name, value=value, current=now, article=r.article,
                            players=changed, paired=bool(theirs)))
    out.budget = seconds if out.unasked else None
    return out


def _outcomes(trace: Trace) -> dict[int, tuple]:
    """Each player's (opponent, colour) or ("bye",) in the trace's pairing ({} if none)."""
    pub = trace.events[-1] if trace.events else None
    out: dict[int, tuple] = {}
    for w, b in getattr(pub, "boards", None) or ():
        out[w], out[b] = (b, "White"), (w, "Black")
    if getattr(pub, "bye", None) is not None:
        out[pub.bye] = ("bye",)
    return out


def round_byes(t: Tournament, r: int) -> list[int]:
    """The players the file gives the pairing-allocated bye (``U``) in round ``r``."""
    out = []
    for p in t.players:
        e = p.entry(r)
        if e is not None and e.opponent is None and e.code == "U":
            out.append(p.number)
    return out


def enter_round_results(t: Tournament, results_text: str, round_no: int | None = None, *,
                        results_source: str = "<stdin>", system: str | None = None,
                        readings: Sequence[str] = (), lenient: bool = False,
                        accept_history: bool = False) -> Results:
    """Enter the results of round ``round_no`` (default: the last round with pending
    results) from ``results_text``, one token per board in the round's board order (the
    order ``pair`` prints; :mod:`dubov_explain.trf.results` lists the tokens).

    The board order is the rulebook's (``Rulebook.board_order``) by the standings before the
    round. The pairing-allocated bye and other byes need no result. Entering a round that
    already has results corrects them. Raises :class:`InputError` with located problems
    (``file:line:column``): an inconsistent file, no such round, a token that is not a
    result, more or fewer results than boards.  ``accept_history``: a past round that
    breaks an absolute rule is a warning, as for :func:`prepare`.
    """
    from .records import replace

    from .tournament.request import request_for_round
    from .trf.results import parse_results
    from .trf.writer import enter_results

    problems = list(getattr(t, "warnings", ())) + check_consistency(
        t, lenient=lenient, accept_history=accept_history)
    errors = [p for p in problems if p.is_error]
    if errors:
        raise InputError(errors)
    warnings = [str(p) for p in problems]
    last = t.rounds_with_games
    pending = pending_rounds(t)
    if round_no is None:
        if not pending:
            raise InputError([Problem(t.source, 1, 1, "no round has pending results; give "
                                      "--round R to enter (or correct) the results of a round")])
        r = pending[-1]
    else:
        r = round_no
        if not 1 <= r <= last:
            raise InputError([Problem(t.source, 1, 1, f"--round {r}: the file has pairings "
                                      f"for rounds 1-{last}" if last else
                                      f"--round {r}: the file has no round with games")])
    games = round_games(t, r)
    if not games:
        raise InputError([Problem(t.source, 1, 1, f"round {r} has no games (only byes); "
                                  "there is no result to enter")])
    tokens = parse_results(results_text, results_source)
    book, override = system_for(t, system)
    if override:
        warnings.append(override)
    chosen = book.readings_type.parse(list(readings))
    request = request_for_round(t, r)
    if request.total_rounds is None or request.total_rounds < r:
        request = replace(request, total_rounds=max(last, r))
    boards = book.board_order(games, book.pair(request, chosen, r))
    if len(tokens) != len(boards):
        if len(tokens) > len(boards):
            extra = tokens[len(boards)]
            where = (extra.line, extra.column)
            what = f"result {len(boards) + 1} ({extra.text!r}) has no board"
        else:
            lines = results_text.splitlines()
            where = (len(lines) + 1, 1)
            w, b = boards[len(tokens)]
            what = f"board {len(tokens) + 1} ({w} - {b}) has no result"
        raise InputError([Problem(results_source, *where,
                                  f"round {r} has {len(boards)} board(s), the results list "
                                  f"gives {len(tokens)}: {what}")])
    entered: dict[int, str] = {}
    for (w, b), tok in zip(boards, tokens):
        entered[w], entered[b] = tok.white, tok.black
    try:
        new = enter_results(t, r, entered)
    except ValueError as exc:  # the checks above leave nothing for it to refuse
        raise InputError([Problem(t.source, 1, 1, str(exc))]) from None
    return Results(new, r, tuple((w, b, tok.text) for (w, b), tok in zip(boards, tokens)),
                   tuple(warnings))


# --------------------------------------------------------------------------- replay
@dataclass(frozen=True)
class FileOutcome:
    """What a worker sends back for one file: texts and counts (picklable)."""

    path: str
    report: str = ""
    explanation: str = ""
    summary: str = ""
    rounds: int = 0
    identical: int = 0
    different: int = 0
    illegal: int = 0
    violations: int = 0
    unexplained: int = 0
    cut_short: int = 0
    error: str = ""
    exit_code: int = 0
    warnings: tuple[str, ...] = field(default=())


def replay_file(path: str, readings: Sequence[str] = (),
                rounds: Sequence[int] | None = None, lenient: bool = True,
                system: str | None = None, total_rounds: int | None = None,
                explain: bool = True, budget: float | None = None,
                on_round: Callable[[int, int], None] | None = None) -> FileOutcome:
    """Read, validate and replay one file; errors come back as text with their exit code.

    ``explain``, ``budget`` and ``on_round`` as for
    :func:`~dubov_explain.explain.replay.replay_tournament`; the texts are rendered here, in
    the worker, so that what comes back is small and picklable.

    ``system`` names the rulebook; None: the one the file's 192/092 names, else the
    default.  ``readings`` are ``NAME=VALUE`` strings of that rulebook's readings.
    ``total_rounds`` (``--rounds``) completes a file without ``XXR``/``142``.
    """
    from .explain.audit import input_problems
    from .explain.replay import replay_tournament, stem
    from .render.replay import explanation_text, report_text, summary_line
    from .tournament.request import with_options
    from .trf.reader import read_trf

    try:
        t = with_options(read_trf(path), rounds=total_rounds)
        book, override = system_for(t, system)
        chosen = book.readings_type.parse(list(readings))
        todo = list(rounds) if rounds is not None else list(range(1, t.rounds_with_games + 1))
        bad = [r for r in todo if r < 1 or r > t.rounds_with_games]
        if bad:
            raise InputError([Problem(t.source, 1, 1, f"round {bad[0]} has no pairing in "
                                      f"this file (rounds with games: 1-{t.rounds_with_games})")])
        errors, warnings = input_problems(t, todo, lenient=lenient)
        if errors:
            raise InputError(errors)
        if override:
            warnings = list(warnings) + [override]
        res = replay_tournament(t, chosen, todo, name=stem(path), system=book.name,
                                explain=explain, budget=budget, on_round=on_round)
    except DubovError as exc:
        return FileOutcome(path, error=str(exc), exit_code=exc.exit_code)
    return FileOutcome(
        path, report_text(res), explanation_text(res), summary_line(res), len(res.rounds),
        res.identical, res.different, res.illegal, res.violations, res.unexplained,
        res.cut_short, warnings=tuple(str(w) for w in warnings),
    )

