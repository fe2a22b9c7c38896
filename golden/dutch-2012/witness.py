"""Run bbpPairings (``--dutch``: the Dutch rules of 2025/26, a witness only) on every
dutch-2012 golden case and print where its pairs differ from ours (default readings).

    PYTHONPATH=. python golden/dutch-2012/witness.py [/path/to/bbpPairings.exe]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dubov_explain.rulebooks import find_rulebook  # noqa: E402
from dubov_explain.trf.reader import read_trf  # noqa: E402

BOOK = find_rulebook("dutch-2012")


def bbp(exe: str, path: Path):
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "out.txt"
        r = subprocess.run([exe, "--dutch", str(path), "-p", str(out)], capture_output=True,
                           text=True, timeout=60)
        if r.returncode != 0 or not out.exists():
            return None, r.returncode
        lines = out.read_text().split()
        nums = [int(x) for x in lines[1:]]
        pairs = {frozenset(nums[i:i + 2]) for i in range(0, len(nums), 2) if 0 not in nums[i:i + 2]}
        byes = [a or b for a, b in zip(nums[::2], nums[1::2]) if 0 in (a, b)]
        return (pairs, byes[0] if byes else None), 0


def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else "/tmp/bbp/bbpPairings.exe"
    home = Path(__file__).resolve().parent / "cases"
    same = 0
    cases = sorted(home.glob("*.trf"))
    for path in cases:
        theirs, rc = bbp(exe, path)
        res = BOOK.pair(read_trf(path)).result
        ours = ({frozenset(p) for p in res.boards}, res.bye)
        if theirs == ours:
            same += 1
            print(f"{path.stem}: same")
        elif theirs is None:
            print(f"{path.stem}: bbpPairings exit {rc}")
        else:
            only_ours = sorted(tuple(sorted(p)) for p in ours[0] - theirs[0])
            only_theirs = sorted(tuple(sorted(p)) for p in theirs[0] - ours[0])
            print(f"{path.stem}: differs; ours {only_ours} bye {ours[1]}; "
                  f"bbpPairings {only_theirs} bye {theirs[1]}")
    print(f"{same} of {len(cases)} the same")


if __name__ == "__main__":
    main()
