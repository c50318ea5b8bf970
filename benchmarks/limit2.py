"""Grid puzzles with `--limit 2` (the uniqueness question), whole process: puzzlesat's default, cp
and sat against MiniZinc + Gecode on the same model (`benchmarks/peer_model.py`), issue 40.

`python -m benchmarks.limit2 [--repeat N] [--only NAME,...] [--label L] [--save]`: the instances of
`benchmarks/data` (a hard killer, KenKen, futoshiki 9x9, kakuro 15x15), each command run N times
(2 by default) in turn; the best wall and CPU (user + system of the child and its children) kept,
and the ratio to Gecode's wall. Both must find 1 solution (the instances are unique); a
disagreement is printed and exits 1. `--save` adds the run to benchmarks/results-limit2.json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results-limit2.json"
INSTANCES = ("kenken-9", "futoshiki-9", "kakuro-15x15", "killer-hard")
TIMEOUT = 120.0


def _once(argv: list[str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT, check=False).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _count(tool: str, out: str) -> int:
    """How many solutions a run printed: puzzlesat's JSON count, MiniZinc's `----------` lines."""
    return json.loads(out)["count"] if tool != "gecode" else out.count("----------")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", default=",".join(INSTANCES))
    ap.add_argument("--label", default="now")
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()
    import puzzlesat
    from benchmarks import peer_model
    from benchmarks.startup import compiled

    compiled(sys.executable)  # as installed: no run compiles our sources (benchmarks/startup.py)
    minizinc = shutil.which("minizinc")
    puzzlesat_exe = str(Path(sys.executable).parent / "puzzlesat")
    rows, bad = [], []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only.split(","):
            path = ROOT / "benchmarks" / "data" / f"{name}.toml"
            model = Path(folder) / f"{name}.mzn"
            model.write_text(peer_model.to_minizinc(peer_model.to_json(puzzlesat.load(str(path)))))
            solve = [puzzlesat_exe, "solve", str(path), "--limit", "2", "--json"]
            cases = {"puzzlesat": solve, "puzzlesat cp": [*solve, "--backend", "cp"],
                     "puzzlesat sat": [*solve, "--backend", "sat"]}  # fmt: skip
            if minizinc:
                cases["gecode"] = [minizinc, "--solver", "gecode", "-n", "2", str(model)]
            best = {tool: (float("inf"), float("inf")) for tool in cases}
            for _ in range(args.repeat):
                for tool, argv in cases.items():
                    wall, cpu, out = _once(argv)
                    best[tool] = (min(best[tool][0], wall), min(best[tool][1], cpu))
                    if _count(tool, out) != 1:
                        bad.append(f"{name}: {tool} found {_count(tool, out)} solutions, not 1")
            base = best.get("gecode", (None, None))[0]
            for tool, (wall, cpu) in best.items():
                ratio = None if base is None else round(wall / base, 2)
                rows.append({"instance": name, "tool": tool, "wall": round(wall, 3), "cpu": round(cpu, 3),
                             "ratio_to_gecode": ratio})  # fmt: skip
                print(f"{name:<14} {tool:<14} wall {wall:7.3f} s  cpu {cpu:7.3f} s  {ratio}x")
    for line in bad:
        print("DISAGREE:", line)
    if args.save:
        doc = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        doc[args.label] = {"repeat": args.repeat, "load": round(os.getloadavg()[0], 2), "rows": rows}
        RESULTS.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
