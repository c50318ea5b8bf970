"""`python -m benchmarks --grading`: puzzlesat's `grade` against hodoku-py's rating, CPU side by side.

Issue 43 asks grading CPU <= 1.0x hodoku-py's (median) on classic sudoku. Both graders rate every
puzzle of benchmarks/data/rated_sudokus.txt in one process, interleaved puzzle by puzzle (the
order swapped every puzzle, so a burst of load from elsewhere hits both alike), after one warm-up
puzzle each (imports, hodoku's tables, puzzlesat's solver start): CPU seconds of the process
(`time.process_time`, every thread) plus any child process, per puzzle. Then, on every
`--whole`-th puzzle, both as whole processes, start-up included (`python
benchmarks/peer_hodoku.py LINE` and `python -m puzzlesat grade LINE --json`), CPU from the
children's rusage. hodoku-py's level and score are compared with the rated set's (HoDoKu 2.2.0's
own), and puzzlesat's score with both (Spearman, overall and inside each level).
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from puzzlesat.runtime.atomic import write_atomic

from . import peer_hodoku
from .grading import LEVELS, OURS, rated, spearman
from .runner import ENV, PUZZLESAT, ROOT

RESULTS = ROOT / "benchmarks" / "results-grading-peer.json"
PEER = [sys.executable, str(ROOT / "benchmarks" / "peer_hodoku.py")]


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(call: Callable[[], Any]) -> tuple[Any, float]:
    """The call's result and the CPU seconds it took: this process's (every thread) and its children's."""
    start = time.process_time() + _children()
    out = call()
    return out, time.process_time() + _children() - start


def in_process(rows: list[tuple[str, str, int]], timeout: float) -> Iterator[dict[str, Any]]:
    """One record a puzzle: both graders' level, score and CPU seconds, in the same process."""
    import puzzlesat

    solver = peer_hodoku.rater()

    def ours(line: str):
        e = puzzlesat.explain(puzzlesat.load(line), timeout=timeout)
        return e.grade.level, e.grade.score, e.solved, len(e.steps)

    def theirs(line: str):
        return peer_hodoku.rate(solver, line)

    warm = rows[0][0]
    ours(warm), theirs(warm)  # imports, tables and first solver start: not a puzzle's cost
    for i, (line, level, score) in enumerate(rows):
        if i % 2:
            (ours_out, ours_cpu), (peer_out, peer_cpu) = cpu_of(partial(ours, line)), cpu_of(partial(theirs, line))
        else:
            (peer_out, peer_cpu), (ours_out, ours_cpu) = cpu_of(partial(theirs, line)), cpu_of(partial(ours, line))
        yield {
            "line": line, "level": level, "hodoku": score,
            "peer_level": peer_out[0], "peer_score": peer_out[1], "peer_cpu": round(peer_cpu, 4),
            "ours": ours_out[0], "score": ours_out[1], "solved": ours_out[2], "steps": ours_out[3],
            "cpu": round(ours_cpu, 4),
        }  # fmt: skip


def whole_process(lines: list[str], timeout: float) -> Iterator[dict[str, Any]]:
    """Both graders as fresh processes on each line, start-up counted: CPU and wall seconds."""
    for i, line in enumerate(lines):
        runs: dict[str, Any] = {"line": line}
        order = [("peer", [*PEER, line]), ("ours", [*PUZZLESAT, "grade", line, "--json"])]
        for name, cmd in order if i % 2 == 0 else order[::-1]:
            wall = time.monotonic()
            proc, cpu = cpu_of(lambda cmd=cmd: subprocess.run(cmd, capture_output=True, text=True, env=ENV,
                                                              cwd=ROOT, timeout=timeout))  # fmt: skip
            if proc.returncode != 0:
                raise RuntimeError(f"{' '.join(cmd[:4])} ... failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
            doc = json.loads(proc.stdout.splitlines()[-1] if name == "peer" else proc.stdout)
            score = doc["score"]
            runs[name] = {"cpu": round(cpu, 4), "wall": round(time.monotonic() - wall, 4), "score": score}
        yield runs


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def summary(doc: dict[str, Any]) -> list[str]:
    rows = doc["in_process"]
    lines = [f"{len(rows)} classic sudokus of benchmarks/data/rated_sudokus.txt, in one process, interleaved"]
    same = sum(r["peer_level"] == r["level"] and r["peer_score"] == r["hodoku"] for r in rows)
    lines.append(f"hodoku-py against the rated set (HoDoKu 2.2.0): level and score equal on {same} of {len(rows)}")
    hod, peer, ours = [r["hodoku"] for r in rows], [r["peer_score"] for r in rows], [r["score"] for r in rows]
    if len(rows) > 2:
        lines.append(f"Spearman, puzzlesat's score against the rated set's: {spearman(hod, ours):.3f}; "
                     f"against hodoku-py's: {spearman(peer, ours):.3f}")  # fmt: skip
    agree = sum(OURS.get(r["level"], r["level"]) == r["ours"] for r in rows)
    lines.append(f"levels agreeing with the rated set (unfair read as expert): {agree} of {len(rows)}")
    ours_cpu, peer_cpu = [r["cpu"] for r in rows], [r["peer_cpu"] for r in rows]
    ratio = _median(ours_cpu) / _median(peer_cpu) if peer_cpu else float("nan")
    per = [o / p for o, p in zip(ours_cpu, peer_cpu, strict=True) if p > 0]
    lines.append(f"CPU per puzzle, in-process after warm-up: puzzlesat median {_median(ours_cpu):.3f} s, max "
                 f"{max(ours_cpu, default=0):.2f} s; hodoku-py median {_median(peer_cpu):.3f} s, max "
                 f"{max(peer_cpu, default=0):.2f} s; ratio of medians {ratio:.2f}, median of ratios "
                 f"{_median(per):.2f}, total {sum(ours_cpu):.1f} s against {sum(peer_cpu):.1f} s")  # fmt: skip
    for level in LEVELS:
        mine = [r for r in rows if r["level"] == level]
        if not mine:
            continue
        scores = [r["score"] for r in mine]
        inside = spearman([r["hodoku"] for r in mine], scores) if len(set(scores)) > 1 else float("nan")
        o, p = _median([r["cpu"] for r in mine]), _median([r["peer_cpu"] for r in mine])
        lines.append(f"  {level:8} {len(mine):3} puzzles: Spearman inside {inside:.2f}; CPU median puzzlesat "
                     f"{o:.3f} s, hodoku-py {p:.3f} s, ratio {o / p:.2f}")  # fmt: skip
    whole = doc.get("whole_process", [])
    if whole:
        o, p = _median([w["ours"]["cpu"] for w in whole]), _median([w["peer"]["cpu"] for w in whole])
        ow, pw = _median([w["ours"]["wall"] for w in whole]), _median([w["peer"]["wall"] for w in whole])
        lines.append(f"whole processes, start-up counted, {len(whole)} puzzles: CPU median puzzlesat {o:.3f} s, "
                     f"hodoku-py {p:.3f} s, ratio {o / p:.2f}; wall median {ow:.3f} s against {pw:.3f} s")  # fmt: skip
        differ = sum(w["ours"]["score"] != next(r["score"] for r in rows if r["line"] == w["line"]) for w in whole)
        lines.append(f"  puzzlesat's score differing between the process and in-process runs: {differ}")
    return lines


def main(every: int, whole: int, timeout: float, out: str, machine: dict[str, Any], source: str | None = None) -> int:
    """Grade, write `out` after each puzzle (a cut run keeps what it measured), print the summary."""
    if source:
        doc = json.loads(Path(source).read_text(encoding="utf-8"))
        print("\n".join(summary(doc)))
        return 0
    rows = rated()[::every]
    doc: dict[str, Any] = {"machine": machine, "every": every, "whole_every": whole, "in_process": [],
                           "whole_process": []}  # fmt: skip
    for record in in_process(rows, timeout):
        doc["in_process"].append(record)
        print(f"  {record['level']:8} hodoku-py {record['peer_cpu']:7.3f} s  puzzlesat {record['cpu']:7.3f} s",
              file=sys.stderr, flush=True)  # fmt: skip
        write_atomic(out, json.dumps(doc, indent=1) + "\n")
    if whole:
        for runs in whole_process([line for line, _, _ in rows][::whole], timeout):
            doc["whole_process"].append(runs)
            write_atomic(out, json.dumps(doc, indent=1) + "\n")
    doc["summary"] = summary(doc)
    write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print("\n".join(doc["summary"]))
    print(f"written: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    import argparse

    from .__main__ import machine

    ap = argparse.ArgumentParser(prog="python -m benchmarks.grading_peer", description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=1, help="every N-th puzzle of the rated set (default all)")
    ap.add_argument("--whole", type=int, default=4, help="whole processes on every N-th of those (0: none)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle for puzzlesat")
    ap.add_argument("--json", default=str(RESULTS), help="where to write the results")
    ap.add_argument("--from", dest="source", metavar="FILE", help="summarise FILE instead of grading")
    a = ap.parse_args()
    sys.exit(main(a.every, a.whole, a.timeout, a.json, machine(), a.source))
