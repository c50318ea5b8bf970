"""Start-up, whole process: `puzzlesat --version`, `--help`, `list` and two small solves against
`python -c pass`.

`python -m benchmarks.startup [--repeat N] [--label NAME] [--puzzlesat PATH] [--save]`: each command
run N times (5 by default) in turn, the best wall and CPU (user + system, of the child) kept, and
the ratio to `python -c pass` of the same interpreter. `--save` adds the run to
benchmarks/results-startup.json under its label, so a change's before and after sit side by side
(issue 42: the one import name must not cost more than 10 ms).

The package's bytecode is compiled first (`compiled`): where PYTHONDONTWRITEBYTECODE is set (this
machine's sessions) no run writes a cache, and each would compile our sources again, 0.1-0.2 s of
CPU that no installed copy pays (docs/decisions/start-up.md D4).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results-startup.json"
KENKEN = ROOT / "benchmarks" / "data" / "kenken-9.toml"


def compiled(python: str) -> None:
    """Write the bytecode caches of puzzlesat's sources, as `pip install` does for an installed copy."""
    folders = [str(ROOT / name) for name in ("src", "encoders", "solvers")]
    subprocess.run([python, "-m", "compileall", "-q", *folders], stdout=subprocess.DEVNULL, check=True)


def _once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the child's user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(puzzlesat: str, python: str, repeat: int) -> list[dict[str, object]]:
    """Best of `repeat` for each command, the commands interleaved so that load hits all alike."""
    cases = {
        "python -c pass": [python, "-c", "pass"],
        "puzzlesat --version": [puzzlesat, "--version"],
        "puzzlesat --help": [puzzlesat, "--help"],
        "puzzlesat list": [puzzlesat, "list"],
        "puzzlesat solve sudoku -p box=2": [puzzlesat, "solve", "sudoku", "-p", "box=2"],
        "puzzlesat solve kenken-9 --limit 2": [puzzlesat, "solve", str(KENKEN), "--limit", "2", "--json"],
    }
    best = {name: (float("inf"), float("inf")) for name in cases}
    for _ in range(repeat):
        for name, argv in cases.items():
            wall, cpu = _once(argv)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    base_wall, base_cpu = best["python -c pass"]
    return [
        {"command": name, "wall": round(wall, 4), "cpu": round(cpu, 4),
         "wall_ratio": round(wall / base_wall, 2), "cpu_ratio": round(cpu / base_cpu, 2)}
        for name, (wall, cpu) in best.items()
    ]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--label", default="now")
    ap.add_argument("--puzzlesat", default=shutil.which("puzzlesat", path=os.path.dirname(sys.executable)))
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()
    if not args.puzzlesat:
        sys.exit("benchmarks.startup: no puzzlesat command beside this interpreter; pass --puzzlesat PATH")
    python = str(Path(args.puzzlesat).parent / "python")
    compiled(python)
    rows = measure(args.puzzlesat, python, args.repeat)
    for r in rows:
        wall, cpu = f"{r['wall']:.3f} s ({r['wall_ratio']:.1f}x)", f"{r['cpu']:.3f} s ({r['cpu_ratio']:.1f}x)"
        print(f"{r['command']:<36} wall {wall}  cpu {cpu}")
    if args.save:
        doc = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        doc[args.label] = {"repeat": args.repeat, "load": round(os.getloadavg()[0], 2), "rows": rows}
        RESULTS.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
