"""`python -m benchmarks --explain`: issue 29's explain speed targets, puzzlesat beside CPMpy.

Each puzzle of `benchmarks/data/explain_sudokus.txt` (HoDoKu-rated 9x9s) and a 4x4 is explained
twice, one whole process each, one run: `puzzlesat explain LINE --json`, and CPMpy's step-wise
explanation (`benchmarks/peer_explain.py`, cut at `--timeout`; it prints its steps as it goes, so
a cut run says how far it got). Every placement either tool deduces is checked against the
solution. Targets: singles-only ("easy") 9x9s under 2 s, "extreme" ones under 30 s, and
ahead of CPMpy on every row.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .runner import ENV, PUZZLESAT, ROOT, kill_session

DATA = ROOT / "benchmarks" / "data" / "explain_sudokus.txt"
PEER = [sys.executable, str(ROOT / "benchmarks" / "peer_explain.py")]
FOUR = ".34.4..21..3.21."  # the 4x4 of CPMpy's sudoku explanation notebook
TARGETS = {"easy": 2.0, "extreme": 30.0}  # seconds, whole process (issue 29)


@dataclass(frozen=True)
class Puzzle:
    line: str
    level: str
    score: int | None = None

    @property
    def name(self) -> str:
        size = "4x4" if len(self.line) == 16 else "9x9"
        return f"{size} {self.level}" + ("" if self.score is None else f" {self.score}")


def puzzles(path: Path = DATA) -> list[Puzzle]:
    """The 4x4, then the rated 9x9s in file order."""
    rows = [Puzzle(FOUR, "notebook")]
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.strip() and not text.startswith("#"):
            line, level, _, score = text.split()
            rows.append(Puzzle(line, level, int(score)))
    return rows


def run_partial(cmd: list[str], timeout: float) -> tuple[float, str, str, bool]:
    """Seconds, stdout, stderr and whether it was cut: what it printed before the cut is kept."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout)
        cut = False
    except subprocess.TimeoutExpired:
        kill_session(proc.pid)
        out, err = proc.communicate()
        cut = True
    return time.perf_counter() - start, out, err, cut


def solution(line: str) -> dict[str, int]:
    """The solution by cell name (r1c1 ...), from puzzlesat's solver."""
    import puzzlesat

    n = 4 if len(line) == 16 else 9
    out = puzzlesat.solve(puzzlesat.load("sudoku", {"box": str(int(n**0.5))}, line))
    values = out.solutions[0].values
    return {f"r{i // n + 1}c{i % n + 1}": v for i, v in enumerate(values)}


def run_puzzlesat(p: Puzzle, sol: dict[str, int], timeout: float) -> dict[str, Any]:
    seconds, out, err, cut = run_partial([*PUZZLESAT, "explain", p.line, "--json"], timeout)
    if cut:
        return {"seconds": None, "error": f"timeout after {timeout:g} s"}
    try:
        doc = json.loads(out)
    except json.JSONDecodeError:
        return {"seconds": None, "error": (err.strip().splitlines() or ["no output"])[-1][:200]}
    placed = [f for s in doc["steps"] for f in s["deduced"] if f["kind"] == "place"]
    wrong = [f"{f['cell']}={f['value']}" for f in placed if sol[f["cell"]] != f["value"]]
    return {"seconds": round(seconds, 2), "steps": len(doc["steps"]), "solved": doc["solved"], "wrong": wrong}


def run_cpmpy(p: Puzzle, sol: dict[str, int], timeout: float) -> dict[str, Any]:
    seconds, out, err, cut = run_partial([*PEER, p.line], timeout)
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    steps = [x for x in lines if "cell" in x]
    done = any(x.get("done") for x in lines)
    if not cut and not done:
        return {"seconds": None, "error": (err.strip().splitlines() or ["no output"])[-1][:200]}
    wrong = [f"{s['cell']}={s['value']}" for s in steps if sol[s["cell"]] != s["value"]]
    givens = sum(ch not in ".0" for ch in p.line)
    return {
        "seconds": None if cut else round(seconds, 2),
        "steps": len(steps),
        "solved": done and givens + len(steps) == len(p.line),
        "timed_out": cut,
        "wrong": wrong,
        "max_rules": max((len(s["rules"]) for s in steps), default=None),
    }


def ratio(ours: dict[str, Any], peer: dict[str, Any], timeout: float) -> str:
    """puzzlesat / CPMpy; a bound when CPMpy was cut."""
    if ours.get("seconds") is None:
        return "-"
    if peer.get("timed_out"):
        return f"< {ours['seconds'] / timeout:.3f}"
    if peer.get("seconds") is None:
        return "-"
    return f"{ours['seconds'] / peer['seconds']:.3f}"


def verdict(p: Puzzle, ours: dict[str, Any], peer: dict[str, Any]) -> str:
    """The issue's targets for this row: its level's time, and ahead of CPMpy."""
    if ours.get("seconds") is None or not ours["solved"]:
        return "missed (not solved)"
    parts = []
    if p.level in TARGETS and len(p.line) == 81:
        limit = TARGETS[p.level]
        parts.append(f"<= {limit:g} s " + ("met" if ours["seconds"] <= limit else "missed"))
    ahead = peer.get("timed_out") or (peer.get("seconds") is not None and ours["seconds"] < peer["seconds"])
    parts.append("ahead of CPMpy " + ("met" if ahead else "missed"))
    return "; ".join(parts)


def _cpmpy_cell(peer: dict[str, Any], timeout: float) -> list[str]:
    if "error" in peer:
        return ["FAILED", "-", "-"]
    if peer["timed_out"]:
        return [f"> {timeout:g}", f"timed out after {peer['steps']} steps", "no"]
    return [f"{peer['seconds']:.2f}", str(peer["steps"]), "yes" if peer["solved"] else "no"]


def table(rows: list[dict[str, Any]], timeout: float) -> str:
    head = ["puzzle", "puzzlesat s", "steps", "solved", "CPMpy s", "steps", "solved", "ratio", "targets"]
    body = []
    for r in rows:
        ours, peer = r["puzzlesat"], r["cpmpy"]
        mine = (
            ["FAILED", "-", "-"]
            if ours.get("seconds") is None
            else [f"{ours['seconds']:.2f}", str(ours["steps"]), "yes" if ours["solved"] else "no"]
        )
        body.append([r["name"], *mine, *_cpmpy_cell(peer, timeout), r["ratio"], r["targets"]])
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(x, widths, strict=True)).rstrip() for x in [head, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(only: list[str] | None, timeout: float, out: str, info: dict[str, Any]) -> int:
    """Run every puzzle (or those whose level is in `only`), write the JSON, print the table;
    1 when a placement disagrees with the solution."""
    from puzzlesat.runtime.atomic import write_atomic

    try:
        import cpmpy  # noqa: F401
    except ImportError:
        print("benchmarks: cpmpy is not installed; to add it: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    rows = []
    for p in puzzles():
        if only and p.level not in only:
            continue
        print(f"  explaining {p.name} ...", file=sys.stderr, flush=True)
        sol = solution(p.line)
        ours, peer = run_puzzlesat(p, sol, timeout), run_cpmpy(p, sol, timeout)
        rows.append(
            {
                "name": p.name,
                "line": p.line,
                "level": p.level,
                "hodoku_score": p.score,
                "puzzlesat": ours,
                "cpmpy": peer,
                "ratio": ratio(ours, peer, timeout),
                "targets": verdict(p, ours, peer),
            }
        )
    doc = {"machine": info, "timeout": timeout, "results": rows}
    write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, {info['date']}")
    print(f"whole-process seconds, one run each; CPMpy cut at {timeout:g} s; ratio = puzzlesat / CPMpy")
    print(table(rows, timeout))
    print(f"written: {out}", file=sys.stderr)
    bad = [r["name"] for r in rows if r["puzzlesat"].get("wrong") or r["cpmpy"].get("wrong")]
    for name in bad:
        print(f"DISAGREE {name}: a placement differs from the solution", file=sys.stderr)
    return 1 if bad else 0
