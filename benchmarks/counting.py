"""`python -m benchmarks --counting`: exact counts of issue 15, whole `puzzlesat count` processes.

Each workload is one `puzzlesat count ... --json` run with a time limit; the table gives the
seconds, the count and the classes, and whether they equal the known numbers (OEIS A107739 for
sudoku grids, A002860 for Latin squares, Frenicle's 880 magic squares of order 4). Workloads with
`versus_all` also time `puzzlesat solve ... --all` on the same puzzle, which lists the classes
`count` adds the orbit sizes of (issue 31's target: count at most RATIO_TARGET times solve --all).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .runner import ROOT

EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class CountWorkload:
    name: str
    title: str
    args: tuple[str, ...]  # after `puzzlesat count`
    count: int
    orbits: int | None = None
    seconds: float | None = None  # the target, if any
    versus_all: bool = False  # time `solve --all` too: the ratio count / solve --all

    def solve_all(self, folder: Path) -> list[str]:
        args = [a.replace("{tmp}", str(folder)) for a in self.args]
        return [sys.executable, "-m", "puzzlesat", "solve", *args, "--all", "--json"]

    def command(self, folder: Path) -> list[str]:
        args = [a.replace("{tmp}", str(folder)) for a in self.args]
        return [sys.executable, "-m", "puzzlesat", "count", *args, "--json"]


def latin_file(folder: Path, n: int) -> Path:
    """examples/latin-square-5.toml with another size."""
    text = (EXAMPLES / "latin-square-5.toml").read_text(encoding="utf-8")
    path = folder / f"latin-square-{n}.toml"
    path.write_text(text.replace("size = 5", f"size = {n}").replace('"latin-square-5"', f'"latin-square-{n}"'))
    return path


COUNT_WORKLOADS: tuple[CountWorkload, ...] = (
    CountWorkload("sudoku-4-grids", "4x4 sudoku grids", ("sudoku", "-p", "box=2", "--givens", "." * 16), 288, 2),
    CountWorkload("sudoku-6-grids", "6x6 sudoku grids (2x3 boxes)", (str(EXAMPLES / "sudoku-6x6.toml"),),
                  28_200_960, 49, seconds=10.0),
    CountWorkload("magic-square-4", "4x4 magic squares, and modulo the square's 8 symmetries",
                  ("magic-square", "-p", "order=4"), 7040, 880, versus_all=True),
    CountWorkload("magic-star-8", "8-point magic stars, and modulo the star's 16 symmetries",
                  ("magic-star", "-p", "points=8"), 1792, 112, versus_all=True),
    CountWorkload("magic-star-9", "9-point magic stars, and modulo the star's 18 symmetries",
                  ("magic-star", "-p", "points=9"), 54_252, 3014, versus_all=True),
    CountWorkload("latin-5", "5x5 Latin squares", (str(EXAMPLES / "latin-square-5.toml"),), 161_280, 2),
    CountWorkload("latin-6", "6x6 Latin squares", ("{tmp}/latin-square-6.toml",), 812_851_200),
    CountWorkload("latin-7", "7x7 Latin squares", ("{tmp}/latin-square-7.toml",), 61_479_419_904_000),
    CountWorkload("sudoku-9-grids", "9x9 sudoku grids", ("sudoku", "--givens", "." * 81),
                  6_670_903_752_021_072_936_960),
)  # fmt: skip


RATIO_TARGET = 1.5


def run(workload: CountWorkload, folder: Path, timeout: float) -> dict[str, Any]:
    """One whole process; its document and wall-clock seconds, or what stopped it (and with
    `versus_all`, `solve --all`'s seconds run just before, and the ratio)."""
    versus: dict[str, Any] = {}
    if workload.versus_all:
        start = time.monotonic()
        proc = subprocess.run([*workload.solve_all(folder), "--timeout", str(timeout)], capture_output=True,
                              text=True, cwd=ROOT)  # fmt: skip
        versus["solve_all_seconds"] = round(time.monotonic() - start, 2)
        versus["solve_all_count"] = json.loads(proc.stdout)["count"] if proc.returncode == 0 else None
    start = time.monotonic()
    proc = subprocess.run(
        [*workload.command(folder), "--timeout", str(timeout)], capture_output=True, text=True, cwd=ROOT
    )
    seconds = time.monotonic() - start
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"name": workload.name, "seconds": seconds, "error": proc.stderr.strip()[-200:]}
    right = doc["complete"] and doc["count"] == workload.count and doc["orbits"] == workload.orbits
    if versus.get("solve_all_seconds"):
        versus["ratio"] = round(seconds / versus["solve_all_seconds"], 2)
        versus["ratio_met"] = right and versus["ratio"] <= RATIO_TARGET
    return {
        "name": workload.name,
        "seconds": round(seconds, 2),
        "count": doc["count"],
        "orbits": doc["orbits"],
        "method": doc["method"],
        "complete": doc["complete"],
        "right": right,
        "target_met": None if workload.seconds is None else right and seconds <= workload.seconds,
        **versus,
    }


def table(workloads: list[CountWorkload], rows: list[dict[str, Any]], timeout: float) -> str:
    lines = []
    for w, r in zip(workloads, rows, strict=True):
        if "error" in r:
            lines.append(f"{w.name:<16} FAILED: {r['error']}")
            continue
        if not r["complete"]:
            lines.append(f"{w.name:<16} >{timeout:g} s  (at least {r['count']:,}; expected {w.count:,})")
            continue
        verdict = "right" if r["right"] else f"WRONG (expected {w.count:,}, {w.orbits})"
        target = "" if w.seconds is None else f"; target <= {w.seconds:g} s " + ("met" if r["target_met"] else "missed")
        orbits = "" if r["orbits"] is None else f", {r['orbits']:,} classes"
        if "ratio" in r:
            met = "met" if r["ratio_met"] else "missed"
            all_s = r["solve_all_seconds"]
            target += f"; solve --all {all_s:.2f} s, ratio {r['ratio']:.2f} (<= {RATIO_TARGET:g} {met})"
        lines.append(f"{w.name:<16} {r['seconds']:>7.2f} s  {r['count']:,}{orbits} by {r['method']}: {verdict}{target}")
    return "\n".join(lines)


def main(only: list[str] | None, timeout: float, out: str) -> int:
    """Run the chosen workloads (all by default), write the JSON, print the table; 1 on a wrong count."""
    from puzzlesat.runtime.atomic import write_atomic

    chosen = [w for w in COUNT_WORKLOADS if not only or w.name in only]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for n in (6, 7):
            latin_file(folder, n)
        for w in chosen:
            print(f"  counting {w.name} ...", file=sys.stderr, flush=True)
            rows.append(run(w, folder, timeout))
    write_atomic(out, json.dumps({"timeout": timeout, "results": rows}, indent=1) + "\n")
    print(table(chosen, rows, timeout))
    return 1 if any(r.get("complete") and not r.get("right") for r in rows) else 0
