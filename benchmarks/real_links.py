"""`python -m benchmarks --issue 30`: the real f-puzzles links (tests/data/real_links.json) side by
side with CP-SAT and MiniZinc/Gecode, each asked for every solution (a proof of uniqueness).

puzzlesat runs as a user would, `solve LINK --all --json`, default configuration, whole process
(start-up, decompressing the link, encoding and search); the peers get the same model
(`peer_model`, the position-dependent clues included). Issue 30's target is under 2 s a puzzle.
Results go to benchmarks/results-real-links.json.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from puzzlesat.runtime.atomic import write_atomic

from .enumeration import seconds
from .runner import Result, Run, run_workload
from .workloads import REAL_LINKS, by_name

TOOLS = (("puzzlesat", "puzzlesat"), ("cpsat", "CP-SAT"), ("gecode", "Gecode"))


def _run(result: Result, tool: str) -> Run | None:
    return next((r for r in result.runs if r.tool == tool), None)


def table(results: Sequence[Result], timeout: float) -> str:
    """A Markdown table, one row a puzzle, and a closing line: how many met the target, the slowest."""
    head = ["puzzle", *(label for _, label in TOOLS), "ratio to the best peer", "< 2 s"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        ratio = r.ratio()
        t = r.workload.timeout or timeout
        cells = [r.workload.title, *(seconds(_run(r, tool), t) for tool, _ in TOOLS)]
        cells += ["-" if ratio is None else f"{ratio:.2f}", r.verdict(r.workload.targets[0])]
        if r.disagreement:
            cells[0] += f" (DISAGREE: {r.disagreement})"
        lines.append("| " + " | ".join(cells) + " |")
    ours = [run.seconds for r in results if (run := r.get("puzzlesat")) is not None]
    met = sum(r.verdict(r.workload.targets[0]) == "met" for r in results)
    if ours:
        lines.append(
            f"\n{met} of {len(results)} under 2 s; puzzlesat median {statistics.median(ours):.2f} s, "
            f"slowest {max(ours):.2f} s"
        )
    return "\n".join(lines)


def main(names: list[str] | None, peers: list[str], repeat: int, timeout: float, out: str, info: dict[str, Any]) -> int:
    """Run the real links (`names`: some of them), print the table, write `out`."""
    workloads = by_name(names, REAL_LINKS)

    def say(text: str) -> None:
        print(f"  running {text} ...", file=sys.stderr, flush=True)

    results = [run_workload(w, repeat, timeout, peers, say, best=False) for w in workloads]
    doc = {"machine": info, "repeat": repeat, "statistic": "median", "results": [r.as_json() for r in results]}
    write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, {info['date']}")
    print(f"whole-process seconds, median of {repeat}; every solution (uniqueness); ratio = puzzlesat / best peer")
    print(table(results, timeout))
    print(f"written: {out}", file=sys.stderr)
    return 1 if any(r.disagreement for r in results) else 0
