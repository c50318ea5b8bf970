"""`python -m benchmarks.explain_catalog [--timeout S] [--json FILE]`: explain on every grid puzzle.

Issue 29's target: `explain` reaches the solution on every catalog grid puzzle with one solution
(sudoku and its variants, KenKen, kakuro, futoshiki) and on the seed sudoku, every step re-checked
(`explain` re-checks each one before printing it). Each catalog grid puzzle and each grid file of
`examples/` is first checked for uniqueness, then explained as a whole process
(`puzzlesat explain REF --json`); the table gives seconds, steps, whether it was solved, and the
grade. Puzzles with more than one solution are listed as such (explain stops where nothing more
follows on them).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "puzzlesat"]


def grid_refs() -> list[str]:
    import puzzlesat

    refs = [n for n in puzzlesat.catalog_names() if puzzlesat.load(n).grid is not None]
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").glob("*.toml"))
    return refs + [f for f in files if puzzlesat.load(str(ROOT / f)).grid is not None]


def run(ref: str, timeout: float) -> dict:
    check = subprocess.run([*CLI, "check", ref, "--json"], cwd=ROOT, capture_output=True, text=True)
    status = json.loads(check.stdout)["status"] if check.stdout.strip() else "error"
    start = time.monotonic()
    try:
        done = subprocess.run([*CLI, "explain", ref, "--json", "--timeout", str(timeout)], cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout + 60)
        doc = json.loads(done.stdout)
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        doc = {"steps": [], "solved": False, "complete": False, "grade": {"score": 0, "level": "-"}}
    seconds = time.monotonic() - start
    return {"ref": ref, "status": status, "seconds": round(seconds, 2), "steps": len(doc.get("steps", [])),
            "solved": doc.get("solved", False), "complete": doc.get("complete", False),
            "grade": doc.get("grade", {"score": 0, "level": "-"})}  # fmt: skip


def table(rows: list[dict]) -> str:
    out = [f"{'puzzle':32} {'unique':8} {'seconds':>8} {'steps':>6} {'solved':7} grade"]
    for r in rows:
        g = r["grade"]
        out.append(f"{r['ref']:32} {r['status']:8} {r['seconds']:8.2f} {r['steps']:6} "
                   f"{'yes' if r['solved'] else 'no':7} {g['level']} ({g['score']})")  # fmt: skip
    unique = [r for r in rows if r["status"] == "unique"]
    solved = sum(r["solved"] for r in unique)
    out.append(f"explain reached the solution on {solved} of {len(unique)} puzzles with one solution")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.explain_catalog", description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds a puzzle (default 300)")
    ap.add_argument("--json", metavar="FILE", default=str(ROOT / "benchmarks" / "results-explain-catalog.json"))
    ap.add_argument("--only", help="comma-separated references")
    args = ap.parse_args(argv)
    refs = args.only.split(",") if args.only else grid_refs()
    rows = []
    for ref in refs:
        rows.append(run(ref, args.timeout))
        print(table(rows[-1:]).splitlines()[1], flush=True)
    Path(args.json).write_text(json.dumps({"rows": rows}, indent=1) + "\n", encoding="utf-8")
    print(table(rows))
    unique = [r for r in rows if r["status"] == "unique"]
    return 0 if all(r["solved"] for r in unique) else 1


if __name__ == "__main__":
    raise SystemExit(main())
