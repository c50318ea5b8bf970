"""A batch of hard 9x9 sudokus, whole process: `puzzlesat solve sudoku --givens-file` against the
plain PySAT script (`benchmarks/peer_pysat.py`: one-hot, pairwise, CaDiCaL, givens as assumptions).

`python -m benchmarks.batch [--file F] [--repeat N] [--label NAME] [--save]`: each command run N
times (3 by default) in turn, so that the machine's load hits all alike; the best wall and CPU
(user + system of the child) kept, the rate in puzzles a second and the ratio to the peer. Every
command's solutions are compared with the peer's, line by line (a disagreement exits 1). `--save`
adds the run to benchmarks/results-batch.json under its label (issue 40: at least the peer's rate).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results-batch.json"
DATA = ROOT / "benchmarks" / "data" / "top1465.txt"
DIGITS = "123456789"


def _once(argv: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (the child's user + system) of one run, and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _grids(tool: str, out: str) -> list[str]:
    """The solutions a run printed, one 81-digit string a puzzle."""
    if tool == "peer":
        return out.split()
    return ["".join(DIGITS[v - 1] for v in json.loads(line)["solutions"][0]["values"])
            for line in out.splitlines() if not line.startswith('{"summary"')]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", default=str(DATA))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--label", default="now")
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()
    bin_dir = Path(sys.executable).parent
    puzzlesat = [str(bin_dir / "puzzlesat"), "solve", "sudoku", "--givens-file", args.file]
    cases = {
        "peer": [sys.executable, str(ROOT / "benchmarks" / "peer_pysat.py"), args.file],
        "puzzlesat --jsonl (default: cp)": [*puzzlesat, "--jsonl"],
        "puzzlesat text (default: cp)": puzzlesat,
        "puzzlesat --jsonl --backend sat": [*puzzlesat, "--jsonl", "--backend", "sat"],
    }
    best = {name: (float("inf"), float("inf")) for name in cases}
    solved: dict[str, list[str]] = {}
    for _ in range(args.repeat):
        for name, argv in cases.items():
            wall, cpu, out = _once(argv)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
            if "text" not in name:
                solved[name] = _grids("peer" if name == "peer" else "puzzlesat", out)
    n = len(solved["peer"])
    bad = [name for name, grids in solved.items() if grids != solved["peer"]]
    base = best["peer"][0]
    rows = [{"command": name, "wall": round(wall, 3), "cpu": round(cpu, 3), "per_second": round(n / wall),
             "ratio": round(wall / base, 2)} for name, (wall, cpu) in best.items()]  # fmt: skip
    for r in rows:
        times = f"wall {r['wall']:.3f} s  cpu {r['cpu']:.3f} s"
        print(f"{r['command']:<34} {times}  {r['per_second']:>6}/s  {r['ratio']:.2f}x")
    if bad:
        print(f"DISAGREE with the peer: {', '.join(bad)}")
    if args.save:
        doc = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        doc[args.label] = {"file": Path(args.file).name, "puzzles": n, "repeat": args.repeat,
                           "load": round(os.getloadavg()[0], 2), "rows": rows}  # fmt: skip
        RESULTS.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
