"""`python -m benchmarks --issue 16`: enumeration modulo symmetry against Gecode given the same
lex-leader constraints, and first solutions of larger squares (benchmarks/workloads.py, ISSUE16).

Whole processes, best of `--repeat`, side by side in one run; a row that ran out of its time is
shown as "> T s" and its ratio as a bound ("< 0.05" when Gecode ran out, "> 8" when puzzlesat
did). A row whose puzzlesat options this checkout refuses (`--workers 2` before it exists) is
skipped with one line. Results go to benchmarks/results-enumeration.json.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from puzzlesat.runtime.atomic import write_atomic

from .runner import Result, Run, run_workload
from .workloads import ISSUE16, by_name

TOOLS = (("gecode", "Gecode + lex"), ("puzzlesat", "puzzlesat"))


def seconds(run: Run | None, timeout: float) -> str:
    if run is None:
        return "n/a"
    if run.seconds is not None:
        return f"{run.seconds:.3g} s" if run.seconds < 10 else f"{run.seconds:.1f} s"
    if run.error.startswith("timeout"):
        return f"> {timeout:g} s"
    return "skipped" if run.error.startswith("skipped") else "FAILED"


def ratio(ours: Run | None, theirs: Run | None, timeout: float) -> tuple[str, float | None, str]:
    """puzzlesat / Gecode as text, its value, and "=", "<" or ">" (a bound when one side ran out
    of time: the side that ran out took at least `timeout`)."""
    if ours is None or theirs is None:
        return "-", None, ""
    out_ours, out_theirs = ours.error.startswith("timeout"), theirs.error.startswith("timeout")
    if ours.seconds is not None and theirs.seconds is not None:
        r = ours.seconds / theirs.seconds
        return f"{r:.2f}", r, "="
    if ours.seconds is not None and out_theirs:
        r = ours.seconds / timeout
        return f"< {r:.2g}", r, "<"
    if theirs.seconds is not None and out_ours:
        r = timeout / theirs.seconds
        return f"> {r:.2g}", r, ">"
    return "-", None, ""


def _run(result: Result, tool: str) -> Run | None:
    return next((r for r in result.runs if r.tool == tool), None)


def _timeout(result: Result, default: float) -> float:
    return result.workload.timeout or default


def table(results: Sequence[Result], timeout: float, raw: bool) -> str:
    """A Markdown table, as docs/benchmarks.md shows it."""
    head = ["workload", *(label for _, label in TOOLS), "ratio"] + (["Gecode raw"] if raw else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        t = _timeout(r, timeout)
        cells = [r.workload.title, *(seconds(_run(r, tool), t) for tool, _ in TOOLS)]
        cells.append(ratio(_run(r, "puzzlesat"), _run(r, "gecode"), t)[0])
        if raw:
            cells.append(seconds(_run(r, "gecode-raw"), t))
        if r.disagreement:
            cells[0] += f" (DISAGREE: {r.disagreement})"
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def as_json(result: Result, timeout: float) -> dict[str, Any]:
    t = _timeout(result, timeout)
    text, value, kind = ratio(_run(result, "puzzlesat"), _run(result, "gecode"), t)
    return {
        **result.as_json(),
        "timeout": t,
        "extra_args": list(result.workload.extra),
        "ratio_vs_gecode": None if value is None else round(value, 3),
        "ratio_kind": kind,
        "ratio_text": text,
    }


def main(
    names: list[str] | None, repeat: int, timeout: float, out: str, raw: bool, info: dict[str, Any]
) -> int:
    """Run the issue-16 workloads (`names`: some of them), print the table, write `out`."""
    workloads = by_name(names, ISSUE16)
    peers = ["gecode", *(["gecode-raw"] if raw else [])]

    def say(text: str) -> None:
        print(f"  running {text} ...", file=sys.stderr, flush=True)

    shared: dict[str, list[Run]] = {}
    results = []
    for w in workloads:
        result = run_workload(w, repeat, timeout, peers, say, best=False, pick=min, peer_runs=shared)
        ours = _run(result, "puzzlesat")
        if ours is not None and ours.error.startswith("skipped"):
            print(f"benchmarks: {w.name} skipped: puzzlesat refused {' '.join(w.extra)} ({ours.error[9:]})")
        results.append(result)
    doc = {"machine": info, "repeat": repeat, "statistic": "min", "results": [as_json(r, timeout) for r in results]}
    write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, {info['date']}")
    print(f"whole-process seconds, best of {repeat}; ratio = puzzlesat / Gecode + lex")
    print(table(results, timeout, raw))
    print(f"written: {out}", file=sys.stderr)
    return 1 if any(r.disagreement for r in results) else 0
