"""dutch-2026 against Gacrux and bbpPairings v6 on generated tournaments, at scale (issue 25:
2,000 tournaments against Gacrux, 50,000 against bbpPairings v6 with Gacrux on a sample and
on every disagreement).

Tournament ``seed`` is drawn from ``random.Random(f"dutch2026-agree-{seed}")`` alone (see
:func:`config_for`): 6-200 players, 5-13 rounds, forfeits (one-sided and double), games of
less than one move, requested half-point, zero-point and (in some) full-point byes,
withdrawals, late entries, and in about a quarter the Baku acceleration (C.04.7 1, 2026;
``XXA`` records).  Our generator pairs it with ``dutch-2026`` (default readings) round by
round up to the penultimate round; every middle round (2 .. last-1) is then

* written as the request a TRF carries (TRF(x): ``XXR``, ``XXC``, ``XXA``),
* paired by bbpPairings v6 (``XXA``; ``--bbp``, else the ``DUBOV_BBP6`` environment variable) and
  by Gacrux (the acceleration as TRF-2026 ``250`` records: Gacrux 1.11.65 does not apply
  ``XXA``; ``--gacrux all``, the default; ``sample:K``: one round in K, and every round
  where bbpPairings differs from us or is absent; ``off``),
* compared with ours (pairs, and pairs with colours),
* and each answer (ours and the witnesses') checked by ``tests/dutch2026_absolute.py``, an
  absolute check independent of the rulebook (bbpPairings v6 can give a second PAB).

Where Gacrux differs from us the round is paired again under the named readings the
witnesses were seen to follow (``ALTERNATIVES``: ``c14-downfloaters=all``,
``tpn-arrival=arrived``) and the request is kept in the record (to reproduce and classify).

Output: one JSON line per tournament, appended as each finishes; a second run with the same
file skips the seeds already in it (resumable).  ``--summary`` prints the figures.

A run longer than a session (the 50,000: about 12 CPU hours) is kept in the repository in
chunks: ``--pack DIR`` writes each complete block of ``BLOCK`` (1,000) seeds of OUT as
``DIR/SYSTEM-seeds-FIRST-LAST.jsonl.gz`` (sorted by seed; without what :func:`config_for`
gives back and the empty problem lists: :func:`compact`; a deterministic gzip; never over a
chunk with other records).  Every reader (a resumed run, ``--summary``, ``--classify``,
``--under``, ``--extract``) reads the chunks of ``--packed DIR`` (default:
``benchmarks/results/dutch2026-scale``, when it exists; ``none``: OUT alone) and OUT as one
run, the chunks' records expanded back (:func:`expand`): a run in a new session skips the
packed seeds.  ``benchmarks/results/dutch2026-scale/README.md``: how to resume and pack.

``--system dutch-2017`` runs the same machinery for the Dutch text of 2017 (issue 25: "as
bbpPairings v5.0.1"): the same seeded configurations (so the same numbers of players and
rounds, the same rates, Baku in the same quarter: C.04.5.1, in force with the 2017 text,
and bbpPairings v5.0.1 reads ``XXA``), each round paired by ``dutch-2017``; the witness is
bbpPairings v5.0.1 (``--bbp``, else ``DUBOV_BBP5``), no Gacrux (it pairs by the 2026
text); the absolute check is the same module with the 2017 articles (C.1-C.3, E.2; C.2
bars a PAB or a forfeit win, not a requested full-point bye: C.04.1.d of the Basic Rules
till 2026); a disagreement is paired again under each other value of the 2017 readings
(``ALTERNATIVES_2017``) and the first that pairs as the witness is recorded
(``as_bbp_under``).  Records carry ``"system"``.

    PYTHONPATH=. nice python benchmarks/agree_dutch2026_scale.py OUT.jsonl --count 2000
        [--first-seed 0] [--jobs 2 | --dask local | --dask tcp://HOST:8786]
        [--gacrux all|sample:K|off] [--bbp PATH] [--system dutch-2026|dutch-2017]
    PYTHONPATH=. python benchmarks/agree_dutch2026_scale.py OUT.jsonl --summary
        [--packed DIR|none]
    PYTHONPATH=. python benchmarks/agree_dutch2026_scale.py OUT.jsonl --pack DIR
    PYTHONPATH=. nice python benchmarks/agree_dutch2026_scale.py OUT.jsonl \
        --under c14-downfloaters=all --under-out UNDER.jsonl [--first-seed S --count N]
    PYTHONPATH=. python benchmarks/agree_dutch2026_scale.py OUT.jsonl --under-summary \
        --under-out UNDER.jsonl

``--under`` generates OUT's tournaments again and pairs every recorded middle round under
the readings named, against each witness's recorded pairing (the figure of a reading over
every round, not only over the disagreements); with ``c14-downfloaters=all`` it pairs
again only the rounds with a Limbo (:func:`_limbo_in`).

Dask workers need this checkout at the same path (they import ``tests/`` helpers).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = str(ROOT / "tests")
SYSTEM = "dutch-2026"
#: per system: the environment variable naming the bbpPairings binary, the witness's name,
#: whether Gacrux pairs by its text, the absolute check's edition
PROFILES = {
    "dutch-2026": dict(bbp_env="DUBOV_BBP6", bbp_name="bbpPairings v6", gacrux=True,
                       edition="2026"),
    "dutch-2017": dict(bbp_env="DUBOV_BBP5", bbp_name="bbpPairings v5.0.1", gacrux=False,
                       edition="2017"),
}


def config_for(seed: int, players: tuple[int, int] = (6, 200),
               rounds: tuple[int, int] = (5, 13)) -> dict:
    """The generator's options of tournament ``seed`` (reproducible: one seeded stream)."""
    rng = random.Random(f"dutch2026-agree-{seed}")
    full = rng.random() < 0.3
    return dict(
        players=rng.randint(*players),
        rounds=rng.randint(*rounds),
        options=dict(
            draw_rate=round(rng.uniform(0.2, 0.5), 3),
            forfeit_rate=round(rng.uniform(0.0, 0.05), 4),
            double_forfeit_rate=round(rng.uniform(0.0, 0.01), 4),
            quick_game_rate=round(rng.uniform(0.0, 0.02), 4),
            half_bye_rate=round(rng.uniform(0.0, 0.05), 4),
            zero_bye_rate=round(rng.uniform(0.0, 0.05), 4),
            full_bye_rate=round(rng.uniform(0.0, 0.02), 4) if full else 0.0,
            full_point_byes=full,
            withdrawal_rate=round(rng.uniform(0.0, 0.015), 4),
            late_entry_rate=round(rng.uniform(0.0, 0.06), 4),
            late_entry_last_round=rng.randint(2, 4),
            unrated_rate=round(rng.uniform(0.0, 0.1), 4),
            baku=rng.random() < 0.25,
        ),
    )


def _answer_of(result):
    from dubov_explain.trace.events import PairingPublished
    if isinstance(result, PairingPublished):
        return {"status": "ok", "boards": [list(b) for b in result.boards],
                "byes": [result.bye] if result.bye is not None else []}
    return {"status": "no pairing"}


def _read_pairing(text: str) -> dict:
    nums = [int(x) for x in text.split() if x.lstrip("-").isdigit()]
    if not nums:
        return {"status": "error: no pairing in the output"}
    rows = [(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(nums[0])]
    return {"status": "ok", "boards": [[w, b] for w, b in rows if b != 0],
            "byes": [w for w, b in rows if b == 0]}


def _run_witness(cmd: list[str], timeout: int):
    """The witness's completed process, or ``None`` when it ran past ``timeout`` twice.
    The timeout is wall-clock time: a machine suspended while a witness runs (as between
    two working sessions) expires it without the witness being slow, so one retry."""
    import subprocess
    for _ in range(2):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            continue
    return None


def _bbp(bbp: str, path: Path) -> dict:
    out = path.with_suffix(".bbp")
    r = _run_witness([bbp, "--dutch", str(path), "-p", str(out)], 600)
    if r is None:
        return {"status": "error: timeout (600 s, twice)"}
    if r.returncode == 1:
        return {"status": "no pairing"}
    if r.returncode != 0:
        return {"status": f"error: exit {r.returncode}: {(r.stderr or '').strip()[-200:]}"}
    return _read_pairing(out.read_text())


def _gacrux(path: Path, r: int) -> dict:
    cmd = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-m", "dutch", "-i", str(path),
           "-f", "TRF", "-n", str(r), "-d", "T"]
    out = _run_witness(cmd, 900)
    if out is None:
        return {"status": "error: timeout (900 s, twice)"}
    got = _read_pairing(out.stdout)
    if got["status"] == "ok" and not got["boards"] and not got["byes"]:
        return {"status": "no pairing"}  # Gacrux prints 0 boards when it finds none
    if got["status"] != "ok":
        err = (out.stderr.strip().splitlines() or ["no output"])[-1]
        return {"status": f"error: {err[:200]}"}
    return got


def pairs_key(a: dict):
    return (frozenset(frozenset(b) for b in a["boards"]), tuple(sorted(a["byes"])))


def colours_key(a: dict):
    return (frozenset(tuple(b) for b in a["boards"]), tuple(sorted(a["byes"])))


def compare(a: dict, b: dict) -> str:
    """``same`` (pairs and colours), ``colours`` (same pairs, other colours), ``pairs``
    (other pairs), ``none`` (neither has a pairing) or ``unpaired`` (one only)."""
    if a["status"] != "ok" or b["status"] != "ok":
        return "none" if a["status"] == b["status"] == "no pairing" else "unpaired"
    if colours_key(a) == colours_key(b):
        return "same"
    return "colours" if pairs_key(a) == pairs_key(b) else "pairs"


def text(a: dict) -> str:
    if a["status"] != "ok":
        return a["status"]
    s = " ".join(f"{w}-{b}" for w, b in sorted(a["boards"], key=lambda x: min(x)))
    return s + "".join(f", bye {n}" for n in a["byes"])


def _problems(req, r: int, a: dict, system: str = SYSTEM) -> list[str]:
    from dutch2026_absolute import LABELS, absolute_problems
    if a["status"] != "ok":
        return []
    edition = PROFILES[system]["edition"]
    out = absolute_problems(req, r, [tuple(b) for b in a["boards"]],
                            a["byes"][0] if a["byes"] else None, edition=edition)
    if len(a["byes"]) > 1:
        out.append(f"{LABELS[edition]['BR 3']}: {len(a['byes'])} PABs ({a['byes']})")
    return out


#: the named readings of dutch-2026 under which Gacrux's and bbpPairings' pairings were
#: seen to be ours (DIFFERENCES.md), tried in this order on a disagreement
ALTERNATIVES = ({"c14-downfloaters": "all"}, {"tpn-arrival": "file"},
                {"c14-downfloaters": "all", "tpn-arrival": "file"})
#: dutch-2017: each other value of each of its named readings (readings.py), one at a time
ALTERNATIVES_2017 = ({"c7-last-bracket": "pairs"}, {"tpn-arrival": "file"},
                     {"absolute-conflict": "last-two"}, {"topscorer-max": "all-rounds"},
                     {"c13-absolute": "strong-only"}, {"acceleration-floats": "real"})


def alternatives_of(system: str) -> tuple:
    return ALTERNATIVES_2017 if system == "dutch-2017" else ALTERNATIVES


def as_witness_under(book, req, r: int, witness: dict, alternatives=ALTERNATIVES) -> str:
    """The first reading set of ``alternatives`` under which we pair as ``witness``
    (``NAME=VALUE,...``), or ``""``."""
    for alt in alternatives:
        got = _answer_of(book.pair(req, book.readings(alt), round_no=r).result)
        if compare(got, witness) in ("same", "none"):
            return ",".join(f"{k}={v}" for k, v in alt.items())
    return ""


def run_tournament(job: tuple) -> dict:
    """One tournament: generate, pair every middle round by the witnesses, compare, check."""
    seed, gacrux_mode, bbp, players, rounds, *rest = job
    system = rest[0] if rest else SYSTEM
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    from dubov_explain.records import replace
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.simulate.generator import GeneratorOptions, simulate
    from dubov_explain.trf.writer import write_trf

    cfg = config_for(seed, players, rounds)
    n, total = cfg["players"], cfg["rounds"]
    rec: dict = {"seed": seed, **cfg, "rounds_checked": []}
    if system != SYSTEM:
        rec["system"] = system
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        sim = simulate(n, total, seed, keep_rounds=True, pair_rounds=total - 1,
                       options=GeneratorOptions(system=system, **cfg["options"]))
    except Exception as exc:  # a harness reports, it does not stop on one tournament
        rec["error"] = f"generator: {type(exc).__name__}: {exc}"
        return rec
    rec["ours_wall"] = round(time.perf_counter() - t0, 3)
    rec["ours_cpu"] = round(time.process_time() - c0, 3)
    rec["ours_rounds"] = len(sim.rounds)
    rec["stopped_round"] = sim.stopped_round
    book = find_rulebook(system)
    every = None
    if gacrux_mode.startswith("sample:"):
        every = int(gacrux_mode.split(":", 1)[1])
    sample = random.Random(f"dutch2026-sample-{seed}")
    with tempfile.TemporaryDirectory() as d:
        for rr in sim.rounds:
            r = rr.round
            if not 2 <= r <= total - 1:
                continue
            req = rr.request
            row: dict = {"r": r}
            ours = _answer_of(rr.trace.result)
            path = Path(d) / f"s{seed}-r{r}.trf"
            trf = write_trf(req, "trfx")
            path.write_text(trf, encoding="utf-8")
            # Gacrux 1.11.65 reads XXA but does not apply it (its reader stores result
            # letters where its scorer looks for points): it is given the acceleration as
            # the TRF-2026 250 records it applies; bbpPairings reads XXA
            gpath = path
            if req.acceleration:
                gpath = Path(d) / f"s{seed}-r{r}-250.trf"
                gpath.write_text(write_trf(replace(req, acceleration_250=frozenset(
                    req.acceleration)), "trfx"), encoding="utf-8")
            row["ours_problems"] = _problems(req, r, ours, system)
            theirs = {}
            if bbp:
                t1 = time.perf_counter()
                theirs["bbp"] = _bbp(bbp, path)
                row["t_bbp"] = round(time.perf_counter() - t1, 3)
            ask = gacrux_mode == "all" or (every is not None and (
                sample.randrange(every) == 0 or "bbp" not in theirs
                or compare(ours, theirs["bbp"]) != "same"))
            if ask:
                t1 = time.perf_counter()
                theirs["gacrux"] = _gacrux(gpath, r)
                row["t_gacrux"] = round(time.perf_counter() - t1, 3)
            differs = False
            for name, a in theirs.items():
                row[name] = compare(ours, a)
                row[f"{name}_problems"] = _problems(req, r, a, system)
                if row[name] not in ("same", "none"):
                    differs = True
                    row[f"{name}_pairing"] = text(a)
            if differs:
                row["ours_pairing"] = text(ours)
                row["request"] = trf
                if "gacrux" in theirs and row["gacrux"] != "same":
                    row["as_gacrux_under"] = as_witness_under(book, req, r, theirs["gacrux"])
                if system == "dutch-2017" and row.get("bbp") not in (None, "same", "none"):
                    row["as_bbp_under"] = as_witness_under(book, req, r, theirs["bbp"],
                                                           ALTERNATIVES_2017)
            rec["rounds_checked"].append(row)
    rec["wall"] = round(time.perf_counter() - t0, 3)
    return rec


def read_records(path: Path) -> list[dict]:
    """The records of a JSONL file of this script, skipping a line an interrupted run cut
    (not JSON, or without a seed: that seed runs again on resuming)."""
    recs = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict) and "seed" in rec:
                recs.append(rec)
    return recs


def open_records(path: Path):
    """``path`` opened to append records: after a line an interrupted run cut (the file
    does not end with a newline), the next record starts a line of its own."""
    cut = path.exists() and path.stat().st_size > 0 and \
        not path.read_bytes().endswith(b"\n")
    f = path.open("a", encoding="utf-8")
    if cut:
        f.write("\n")
    return f


#: the packed chunks of the 50,000-tournament run, committed (``--pack``, ``--packed``)
PACKED = ROOT / "benchmarks" / "results" / "dutch2026-scale"
#: seeds per packed chunk: a chunk holds the seeds [BLOCK * k, BLOCK * (k + 1))
BLOCK = 1000
#: gzip level of a chunk (fixed, with mtime 0 and no file name: packing again gives the
#: same bytes)
GZIP_LEVEL = 9


def compact(rec: dict) -> dict:
    """A record as a chunk keeps it: without ``players``, ``rounds`` and ``options`` when
    they are :func:`config_for`'s of its seed for the default ranges, and without the empty
    problem lists :func:`expand` gives back (``ours_problems`` of each row, ``X_problems``
    of a row that has witness ``X``)."""
    out = dict(rec)
    cfg = config_for(rec["seed"])  # the default ranges
    if all(k in rec and rec[k] == v for k, v in cfg.items()):
        for k in cfg:
            del out[k]
    if "rounds_checked" in rec:
        rows = []
        for row in rec["rounds_checked"]:
            row = dict(row)
            for k in [k for k, v in row.items() if v == [] and k.endswith("_problems")]:
                if k == "ours_problems" or k[:-len("_problems")] in row:
                    del row[k]
            rows.append(row)
        out["rounds_checked"] = rows
    return out


def expand(rec: dict) -> dict:
    """A record of a chunk back in the full form the run writes (:func:`compact`'s
    inverse)."""
    out = dict(rec)
    if not any(k in rec for k in ("players", "rounds", "options")):
        out.update(config_for(rec["seed"]))
    if "rounds_checked" in rec:
        rows = []
        for row in rec["rounds_checked"]:
            row = dict(row)
            row.setdefault("ours_problems", [])
            for name in ("gacrux", "bbp"):
                if name in row:
                    row.setdefault(f"{name}_problems", [])
            rows.append(row)
        out["rounds_checked"] = rows
    return out


def chunk_name(system: str, first: int, last: int) -> str:
    return f"{system}-seeds-{first:05d}-{last:05d}.jsonl.gz"


def _chunk_bytes(recs: list[dict]) -> bytes:
    import gzip
    import io
    text = "".join(json.dumps(compact(rec), sort_keys=True, separators=(",", ":")) + "\n"
                   for rec in recs)
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=GZIP_LEVEL,
                       mtime=0) as f:
        f.write(text.encode("utf-8"))
    return buf.getvalue()


def read_chunk(path: Path) -> list[dict]:
    """The records of a packed chunk, expanded."""
    import gzip
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [expand(json.loads(line)) for line in f if line.strip()]


class PackConflict(Exception):
    """A chunk is already there with other records: it is never overwritten."""


def pack(out: Path, where: Path, block: int | None = None) -> list[tuple[Path, str]]:
    """The complete blocks of seeds of ``out`` (each seed of [block * k, block * (k + 1))
    there; of a seed there twice, the first record) written in ``where`` as chunks
    ``SYSTEM-seeds-FIRST-LAST.jsonl.gz``: records sorted by seed, :func:`compact`, gzip
    with fixed parameters; written to a temporary file then linked to its name (a chunk is
    whole or absent, and a chunk that appeared meanwhile is not overwritten).  A chunk
    already there with the same records is left as it is; one with other records raises
    :class:`PackConflict` (nothing is overwritten).  Returns each complete block's chunk
    and ``written`` or ``already there``.  ``block``: :data:`BLOCK`."""
    block = block or BLOCK
    firsts: dict[tuple[str, int], dict] = {}
    for rec in read_records(out):
        firsts.setdefault((rec.get("system", SYSTEM), rec["seed"]), rec)
    blocks: dict[tuple[str, int], list[dict]] = {}
    for (system, seed), rec in firsts.items():
        if seed >= 0:
            blocks.setdefault((system, seed // block), []).append(rec)
    done = []
    for (system, k), recs in sorted(blocks.items()):
        if len(recs) != block:
            continue
        recs.sort(key=lambda rec: rec["seed"])
        for rec in recs:
            if expand(compact(rec)) != rec:
                raise PackConflict(f"seed {rec['seed']} of {out}: its record does not read "
                                   f"back from its compact form; not packed")
        path = where / chunk_name(system, block * k, block * (k + 1) - 1)
        data = _chunk_bytes(recs)
        if not path.exists():
            where.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=where, prefix=f".{path.name}.", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.chmod(tmp, 0o644)
                os.link(tmp, path)  # unlike a rename, fails if the chunk appeared meanwhile
                done.append((path, "written"))
                continue
            except FileExistsError:
                pass
            finally:
                os.unlink(tmp)
        # a zlib of another version may compress the same records to other bytes
        if path.read_bytes() != data and read_chunk(path) != recs:
            raise PackConflict(f"{path} is already there with other records than {out}'s "
                               f"seeds {block * k}-{block * (k + 1) - 1}: not overwritten")
        done.append((path, "already there"))
    return done


def packed_records(packed: Path | None, system: str | None = None) -> list[dict]:
    """The records of the chunks in ``packed`` (of ``system``'s only, when named), expanded,
    by seed."""
    if packed is None or not packed.is_dir():
        return []
    pattern = f"{system}-seeds-*.jsonl.gz" if system else "*-seeds-*.jsonl.gz"
    recs = [rec for path in sorted(packed.glob(pattern)) for rec in read_chunk(path)]
    return sorted(recs, key=lambda rec: rec["seed"])


def run_records(out: Path, packed: Path | None = None, system: str | None = None) -> list[dict]:
    """The run's records: those of the working file ``out`` and those of the chunks in
    ``packed`` (see :func:`packed_records`) of the seeds ``out`` does not hold, as one list
    by seed (a seed in both: ``out``'s record, which the chunk was packed from; where the
    two differ, ``out`` is another run than the chunks': said on stderr)."""
    recs = read_records(out)
    if packed is not None:
        have = {rec["seed"]: rec for rec in recs}
        chunks = packed_records(packed, system)
        other = [rec["seed"] for rec in chunks if have.get(rec["seed"], rec) != rec]
        if other:
            print(f"warning: {len(other)} seeds of {out} (the first {other[0]}) are packed in "
                  f"{packed} with other records: another run? (--packed none: {out} alone)",
                  file=sys.stderr)
        recs += [rec for rec in chunks if rec["seed"] not in have]
        recs.sort(key=lambda rec: rec["seed"])
    return recs


def done_seeds(out: Path, packed: Path | None = None, system: str | None = None) -> set[int]:
    return {rec["seed"] for rec in run_records(out, packed, system)}


def summary(out: Path, packed: Path | None = None, system: str | None = None) -> str:
    recs = run_records(out, packed, system)
    rows = [row for rec in recs for row in rec["rounds_checked"]]
    lines = [f"tournaments {len(recs)} (players {min(r['players'] for r in recs)}-"
             f"{max(r['players'] for r in recs)}, rounds {min(r['rounds'] for r in recs)}-"
             f"{max(r['rounds'] for r in recs)}; Baku {sum(r['options']['baku'] for r in recs)}, "
             f"full-point byes {sum(r['options']['full_point_byes'] for r in recs)}; "
             f"generator errors {sum('error' in r for r in recs)}; stopped early "
             f"{sum(r.get('stopped_round') is not None for r in recs)})",
             f"middle rounds {len(rows)}"]
    systems = sorted({r.get("system", SYSTEM) for r in recs})
    lines[0] = f"{', '.join(systems)}: " + lines[0]
    label = {"gacrux": "Gacrux", "bbp": " / ".join(PROFILES[s]["bbp_name"] for s in systems)}
    for name in ("gacrux", "bbp"):
        asked = [row for row in rows if name in row]
        if not asked:
            continue
        k = {v: sum(row[name] == v for row in asked)
             for v in ("same", "colours", "pairs", "unpaired", "none")}
        agree = k["same"] + k["none"]
        pairs = agree + k["colours"]
        lines.append(f"{label[name]}: rounds {len(asked)}; same pairs and colours {agree} "
                     f"({100 * agree / len(asked):.2f} %); same pairs {pairs} "
                     f"({100 * pairs / len(asked):.2f} %); same pairs, other colours "
                     f"{k['colours']}; other pairs {k['pairs']}; one side unpaired "
                     f"{k['unpaired']}")
        bad = [row for row in asked if row.get(f"{name}_problems")]
        lines.append(f"{label[name]}: answers failing the absolute check {len(bad)}")
    bad = [row for row in rows if row.get("ours_problems")]
    lines.append(f"ours: answers failing the absolute check {len(bad)}")
    c14 = [row for row in rows if "c14_all" in row and "as_gacrux_under" not in row]
    if c14:
        lines.append(f"Gacrux disagreements paired as Gacrux under c14-downfloaters=all "
                     f"(recorded by the first runs): "
                     f"{sum(row['c14_all'] == 'same' for row in c14)} of {len(c14)}")
    for name in ("gacrux", "bbp"):
        under = [row[f"as_{name}_under"] for row in rows if f"as_{name}_under" in row]
        for alt in sorted(set(under)):
            lines.append(f"{label[name]} disagreements paired as {label[name]} under "
                         f"{alt or 'no reading'}: {under.count(alt)}")
    cpu = [r["ours_cpu"] / max(1, r["ours_rounds"]) for r in recs if r.get("ours_rounds")]
    tg = [row["t_gacrux"] for row in rows if "t_gacrux" in row]
    tb = [row["t_bbp"] for row in rows if "t_bbp" in row]
    if cpu:
        lines.append(f"ours: median CPU seconds per round (by tournament) "
                     f"{statistics.median(cpu):.3f}, total CPU "
                     f"{sum(r.get('ours_cpu', 0) for r in recs):.0f} s")
    if tg:
        lines.append(f"Gacrux: median wall seconds per round {statistics.median(tg):.3f} "
                     f"(a process), total {sum(tg):.0f} s")
    if tb:
        lines.append(f"bbpPairings: median wall seconds per round {statistics.median(tb):.3f}, "
                     f"total {sum(tb):.0f} s")
    lines.append(f"wall seconds per tournament, summed over workers: "
                 f"{sum(r.get('wall', 0) for r in recs):.0f}")
    return "\n".join(lines)


def classify(out: Path, packed: Path | None = None, system: str | None = None) -> str:
    """Each disagreement with a witness, with where the witness's pairing leaves our
    procedure by our rulebook (``analyse_departures``: the article and the criterion that
    prefers ours) and whether ``c14-downfloaters=all`` pairs it as Gacrux."""
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    from dubov_explain.explain.audit import Pair, Published
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.trf.reader import parse_trf

    lines: list[str] = []
    tally: dict[str, int] = {}
    for rec in run_records(out, packed, system):
        book = find_rulebook(rec.get("system", SYSTEM))
        for row in rec["rounds_checked"]:
            if "request" not in row:
                continue
            r = row["r"]
            req = parse_trf(row["request"])
            lines.append(f"seed {rec['seed']} round {r} of {rec['rounds']} "
                         f"({rec['players']} players{', Baku' if rec['options']['baku'] else ''})"
                         f": Gacrux {row.get('gacrux', '-')}, bbpPairings {row.get('bbp', '-')}"
                         + (f", c14-downfloaters=all {row['c14_all']}" if "c14_all" in row
                            else ""))
            lines.append(f"  ours        {row['ours_pairing']}")
            if row.get("gacrux") not in (None, "same", "none"):
                g = _parse_text(row["gacrux_pairing"])
                under = row.get("as_gacrux_under", as_witness_under(book, req, r, g))
                tally[under] = tally.get(under, 0) + 1
                lines.append(f"  as Gacrux under: {under or 'no named reading'}")
            elif rec.get("system") == "dutch-2017" and \
                    row.get("bbp") not in (None, "same", "none"):
                under = row.get("as_bbp_under", "")
                tally[under] = tally.get(under, 0) + 1
                lines.append(f"  as bbpPairings v5.0.1 under: {under or 'no named reading'}")
            trace = book.pair(req, round_no=r)
            for name in ("gacrux", "bbp"):
                if row.get(name) in (None, "same", "none"):
                    continue
                got = row[f"{name}_pairing"]
                lines.append(f"  {name:<11} {got}")
                if name == "bbp" and row.get("gacrux") == "same":
                    continue
                a = _parse_text(got)
                pub = Published(round=r, pairs=tuple(Pair(w, b) for w, b in a["boards"]),
                                byes=tuple(a["byes"]), source=name)
                deps, _ = book.analyse_departures(req, r, pub, trace)
                for d in deps:
                    lines.append(f"    departs at {d.article} ({d.kind}), {d.criterion} "
                                 f"prefers ours{' (as good: order only)' if d.order_only else ''}")
    lines += [f"disagreements paired as the witness under {k or 'no named reading'}: {v}"
              for k, v in sorted(tally.items())]
    return "\n".join(lines)


def _limbo_in(trace) -> bool:
    """Whether a bracket of the round had a Limbo (3.1: M1 < M0).  The Limbo's size comes
    from [C4]-[C8] (the bracket's optimum), which no reading of [C14]/[C16] moves; so when
    no bracket of our default pairing had one, every bracket is built and judged alike
    under ``c14-downfloaters=all`` (it counts the Limbo's MDPs too, here none) and the
    round's pairing is the same: no need to pair it again."""
    from dubov_explain.rulebooks.dutch2026.events import ParametersSet
    return any(isinstance(e, ParametersSet) and e.m1 < e.m0 for e in trace.events)


def under_tournament(job: tuple) -> dict:
    """Tournament ``rec["seed"]`` of a run's records generated again (the same generator
    call: the generator is deterministic) and each middle round the record holds paired
    again under the readings ``alt`` ({name: value}); compared with each witness's pairing
    (the record's, or ours of the defaults where the witness paired as we did)."""
    rec, alt, *rest = job
    full = bool(rest and rest[0])  # pair every round again, Limbo or not (to test the above)
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    from dubov_explain.rulebooks import find_rulebook
    from dubov_explain.simulate.generator import GeneratorOptions, simulate

    system = rec.get("system", SYSTEM)
    sim = simulate(rec["players"], rec["rounds"], rec["seed"], keep_rounds=True,
                   pair_rounds=rec["rounds"] - 1,
                   options=GeneratorOptions(system=system, **rec["options"]))
    book = find_rulebook(system)
    readings = book.readings(alt)
    rows = {row["r"]: row for row in rec["rounds_checked"]}
    out: dict = {"seed": rec["seed"], "under": alt, "rounds": []}
    for rr in sim.rounds:
        row = rows.get(rr.round)
        if row is None:
            continue
        ours = _answer_of(rr.trace.result)
        res = {"r": rr.round, "default_as_recorded": text(ours) == row.get(
            "ours_pairing", text(ours))}
        if alt == {"c14-downfloaters": "all"} and not _limbo_in(rr.trace) and not full:
            got, res["no_limbo"] = ours, True
        else:
            got = _answer_of(book.pair(rr.request, readings, round_no=rr.round).result)
        res["moved"] = compare(got, ours) not in ("same", "none")
        for name in ("gacrux", "bbp"):
            if name not in row:
                continue
            witness = ours if row[name] in ("same", "none") else _parse_text(
                row[f"{name}_pairing"])
            res[name] = compare(got, witness)
            if res[name] not in ("same", "none"):
                res[f"{name}_pairing"], res["pairing"] = text(witness), text(got)
        out["rounds"].append(res)
    return out


def under_summary(path: Path) -> str:
    recs = read_records(path)
    rows = [row for rec in recs for row in rec["rounds"]]
    alt = ",".join(f"{k}={v}" for k, v in recs[0]["under"].items()) if recs else "-"
    lines = [f"under {alt}: tournaments {len(recs)}, middle rounds {len(rows)} (no Limbo, not "
             f"paired again: {sum(r.get('no_limbo', False) for r in rows)}); our default "
             f"pairing regenerated as recorded (where the record holds it: the "
             f"disagreements) in {sum(r['default_as_recorded'] for r in rows)}; pairing "
             f"moved by the reading in {sum(r['moved'] for r in rows)}"]
    for name in ("gacrux", "bbp"):
        asked = [row for row in rows if name in row]
        if asked:
            same = sum(row[name] in ("same", "none") for row in asked)
            lines.append(f"{name}: rounds {len(asked)}; same pairs and colours {same} "
                         f"({100 * same / len(asked):.2f} %); other {len(asked) - same}: "
                         + ", ".join(f"seed {rec['seed']} r{row['r']}" for rec in recs
                                     for row in rec["rounds"]
                                     if row.get(name) not in (None, "same", "none")))
    return "\n".join(lines)


def _parse_text(got: str) -> dict:
    """An answer back from :func:`text`."""
    head, *byes = got.split(",")
    return {"status": "ok", "boards": [[int(x) for x in b.split("-")] for b in head.split()],
            "byes": [int(b.split()[-1]) for b in byes]}


def extract(out: Path, seed: int, r: int, where: Path, article: str,
            packed: Path | None = None, system: str | None = None) -> Path:
    """The request of a disagreement as a case file (``tests/data/dutch-gacrux``): the
    request with ``###`` lines naming each engine's pairing, the readings under which we
    pair as Gacrux (if any) and the article it is attributed to."""
    for rec in run_records(out, packed, system):
        for row in rec["rounds_checked"]:
            if rec["seed"] != seed or row["r"] != r or "request" not in row:
                continue
            head = [f"### case: seed {seed} round {r} of {rec['rounds']} of "
                    f"benchmarks/agree_dutch2026_scale.py ({rec['players']} players)",
                    f"### round: {r}",
                    f"### article: {article}",
                    f"### ours: {row['ours_pairing']}",
                    f"### gacrux: {row.get('gacrux_pairing', row['ours_pairing'])}"]
            if row.get("c14_all") == "same":
                head.append("### as-gacrux-under: c14-downfloaters=all")
            first, rest = row["request"].split("\n", 1)
            path = where / f"seed{seed}-r{r}.trf"
            path.write_text("\n".join([first, *head, rest]), encoding="utf-8")
            return path
    raise SystemExit(f"no disagreement at seed {seed} round {r} in {out}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dask", metavar="ADDRESS")
    ap.add_argument("--system", default=SYSTEM, choices=sorted(PROFILES))
    ap.add_argument("--gacrux", help="all|sample:K|off (default: all for dutch-2026, off for "
                                     "dutch-2017: Gacrux pairs by the 2026 text)")
    ap.add_argument("--bbp", help="the bbpPairings binary (default: DUBOV_BBP6, or DUBOV_BBP5 "
                                  "for dutch-2017)")
    ap.add_argument("--players", default="6-200", help="range of the number of players")
    ap.add_argument("--rounds", default="5-13", help="range of the number of rounds")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--classify", action="store_true",
                    help="print each disagreement and where it leaves our procedure")
    ap.add_argument("--under", metavar="NAME=VALUE[,...]",
                    help="pair every middle round of OUT's tournaments again under these "
                         "readings; results appended to --under-out (resumable)")
    ap.add_argument("--under-out", type=Path, help="the --under results (JSONL)")
    ap.add_argument("--under-summary", action="store_true",
                    help="print the figures of --under-out")
    ap.add_argument("--pack", metavar="DIR", type=Path,
                    help=f"write each complete block of {BLOCK:,} seeds of OUT as a chunk "
                         f"in DIR (SYSTEM-seeds-FIRST-LAST.jsonl.gz), unless already there")
    ap.add_argument("--packed", metavar="DIR",
                    help="the packed chunks read with OUT as one run (their seeds are not "
                         "run again); default: benchmarks/results/dutch2026-scale when it "
                         "exists and --players, --rounds are the defaults; 'none': OUT alone")
    ap.add_argument("--extract", nargs=3, metavar=("SEED:ROUND", "DIR", "ARTICLE"),
                    help="write the request of one disagreement as a case file in DIR")
    args = ap.parse_args(argv)
    if args.pack:
        try:
            for path, what in pack(args.out, args.pack):
                print(f"{path}: {what}")
        except PackConflict as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if args.packed is None:  # the chunks hold tournaments of the default ranges
        default = (args.players, args.rounds) == ("6-200", "5-13")
        packed = PACKED if default and PACKED.is_dir() else None
    else:
        packed = None if args.packed == "none" else Path(args.packed)
    if packed is not None:
        n = len(list(packed.glob(f"{args.system}-seeds-*.jsonl.gz")))
        if n:
            print(f"(with the {n} chunks of {args.system} packed in {packed})",
                  file=sys.stderr)
    if args.extract:
        seed, r = (int(x) for x in args.extract[0].split(":"))
        print(extract(args.out, seed, r, Path(args.extract[1]), args.extract[2],
                      packed, args.system))
        return 0
    if args.under_summary:
        print(under_summary(args.under_out))
        return 0
    if args.under:
        from dubov_explain.batch import parallel_map
        alt = dict(x.split("=", 1) for x in args.under.split(","))
        done = done_seeds(args.under_out)
        recs = run_records(args.out, packed, args.system)
        span = range(args.first_seed, args.first_seed + args.count)
        jobs = [(rec, alt) for rec in recs
                if rec["seed"] in span and rec["seed"] not in done and "error" not in rec]
        print(f"{len(done)} done; {len(jobs)} to pair under {alt}", flush=True)
        with open_records(args.under_out) as f:
            for k, res in enumerate(parallel_map(under_tournament, jobs, max(1, args.jobs)), 1):
                f.write(json.dumps(res, sort_keys=True) + "\n")
                f.flush()
                print(f"[{k}/{len(jobs)}] seed {res['seed']}", flush=True)
        return 0
    if args.summary or args.classify:
        print(summary(args.out, packed, args.system) if args.summary
              else classify(args.out, packed, args.system))
        return 0
    from dubov_explain.batch import ClusterError, parallel_map
    profile = PROFILES[args.system]
    if args.gacrux is None:
        args.gacrux = "all" if profile["gacrux"] else "off"
    if args.gacrux != "off" and not profile["gacrux"]:
        ap.error(f"Gacrux does not pair by the text of {args.system}: --gacrux off")
    bbp = args.bbp or os.environ.get(profile["bbp_env"])
    bbp = bbp if bbp and os.access(bbp, os.X_OK) else None
    done = done_seeds(args.out, packed, args.system)
    seeds = [s for s in range(args.first_seed, args.first_seed + args.count) if s not in done]
    print(f"{len(done)} tournaments already in {args.out}"
          + (f" and {packed}" if packed else "") + f"; {len(seeds)} to run "
          f"({args.system}; bbpPairings: {bbp or 'none'}; Gacrux: {args.gacrux})", flush=True)
    from dubov_explain.simulate.batch import parse_range
    span = parse_range(args.players, "--players"), parse_range(args.rounds, "--rounds")
    jobs = [(s, args.gacrux, bbp, *span, args.system) for s in seeds]
    try:
        with open_records(args.out) as f:
            for k, rec in enumerate(parallel_map(run_tournament, jobs, max(1, args.jobs),
                                                 dask=args.dask), 1):
                f.write(json.dumps(rec, sort_keys=True) + "\n")
                f.flush()
                bad = [row["r"] for row in rec["rounds_checked"]
                       if any(row.get(x) not in (None, "same", "none") for x in ("gacrux", "bbp"))]
                print(f"[{k}/{len(jobs)}] seed {rec['seed']} players {rec['players']} rounds "
                      f"{rec['rounds']}: {len(rec['rounds_checked'])} middle rounds, "
                      f"{rec.get('wall', 0):.1f} s" + (f"; differ in {bad}" if bad else "")
                      + (f"; {rec['error']}" if "error" in rec else ""), flush=True)
    except ClusterError as exc:
        print(exc, file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
