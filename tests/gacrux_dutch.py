"""Gacrux (PyPI ``gacrux``, the reference engine of FIDE's Technical Commission) as a witness
of the Dutch 2026 rulebook: ``python -m gacrux.pairingchecker -p -m dutch -i FILE -f TRF -n
ROUND -d T`` pairs a request (it prints the number of boards, then ``white black`` per
board, the PAB as ``player 0``).  Shared by ``tests/test_dutch2026_gacrux.py`` and
``benchmarks/agree_dutch2026.py``.  Gacrux is a witness, not an authority: a disagreement
is attributed to an article or a reading.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from dutch_witness import Answer, load, request, request_text, rounds_in

from dubov_explain.rulebooks import find_rulebook
from dubov_explain.trace.events import PairingPublished


def available() -> bool:
    return importlib.util.find_spec("gacrux") is not None


def gacrux_pairing(path: Path, r: int) -> Answer:
    cmd = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-m", "dutch", "-i", str(path),
           "-f", "TRF", "-n", str(r), "-d", "T"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    nums = [int(x) for x in out.stdout.split() if x.lstrip("-").isdigit()]
    if not nums:
        return Answer("error: " + (out.stderr.strip().splitlines() or ["no output"])[-1])
    n = nums[0]
    rows = [(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(n)]
    byes = [w for w, b in rows if b == 0]
    return Answer("ok", tuple((w, b) for w, b in rows if b != 0), byes[0] if byes else None)


def compare_file(path: Path, work: Path, rounds: range | None = None,
                 system: str = "dutch-2026", readings: dict | None = None
                 ) -> list[tuple[str, int, Answer, Answer]]:
    """(file, round, ours, Gacrux's) for each round of ``path`` (default: the middle ones),
    ours under ``readings`` (the defaults when None)."""
    book = find_rulebook(system)
    chosen = book.readings(readings)
    t = load(path)
    total = rounds_in(t)
    out = []
    for r in rounds or range(2, total):
        req = request(t, r, total)
        f = work / f"{path.stem}-r{r}.trf"
        f.write_text(request_text(req), encoding="utf-8")
        res = book.pair(req, chosen, round_no=r).result
        ours = Answer("ok", tuple(res.boards), res.bye) if isinstance(res, PairingPublished) \
            else Answer("no pairing")
        out.append((path.name, r, ours, gacrux_pairing(f, r)))
    return out
