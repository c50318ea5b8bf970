"""Runs the workloads as whole processes, checks every answer, and builds the result table.

Each tool is timed as a user would run it: a fresh process, start-up included, median (or best)
of `repeat` runs. puzzlesat's answer is its --json document. Gecode enumerates under one
`lex_lesseq` per element of the puzzle's group (`peer_model`), so it must print each class once,
as its canonical member; CP-SAT (and Gecode on the raw model, `gecode-raw`) print raw solutions,
which the runner canonicalises. Every solution is checked with puzzlesat's plain-Python checker
and every tool's list of classes (or each first solution) is compared, not just counts.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlesat.catalog import load as puzzles
from puzzlesat.model.check import verify
from puzzlesat.model.model import Puzzle

from . import peer_model
from .workloads import Target, Workload

ROOT = Path(__file__).resolve().parent.parent
PUZZLESAT = [sys.executable, "-m", "puzzlesat"]
# Every process runs as a user's would: with its bytecode cached. A shell that sets
# PYTHONDONTWRITEBYTECODE (some sandboxes do) makes Python compile every module on every start,
# measured at 76 ms of a 0.39 s puzzlesat run; the caches are written by the first run.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
Pick = Callable[[list[float]], float]  # statistics.median, or min for "best of R"


class Rejected(RuntimeError):
    """The command line refused an option (exit 2, "No such option"): a row for a feature this
    checkout does not have yet, skipped rather than failed."""


@dataclass
class Run:
    """One tool on one workload: median seconds (None if it failed), what it found, why it failed."""

    tool: str
    seconds: float | None
    classes: frozenset[tuple[int, ...]] | None = None  # "all": the canonical solutions
    solved: int | None = None  # "first"/"batch": instances with a checked solution
    config: str = ""
    error: str = ""
    times: list[float] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "seconds": None if self.seconds is None else round(self.seconds, 4),
            "times": [round(t, 4) for t in self.times],
            "count": None if self.classes is None else len(self.classes),
            "solved": self.solved,
            "config": self.config,
            "error": self.error,
        }


def kill_session(sid: int) -> None:
    """SIGKILL every process of session `sid`. Not only its process group: minizinc starts
    fzn-gecode in a group of its own, which outlived a killed minizinc (measured: two orphaned
    solvers ran on for minutes and slowed the rows after them)."""
    pids = {sid}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid:  # after "pid (comm)": state, ppid, pgrp, session
            pids.add(int(stat.parent.name))
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def run_once(cmd: Sequence[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """One process in a session of its own: at the timeout the whole session is killed
    (minizinc's fzn-gecode child, puzzlesat's workers), so nothing keeps running after a row."""
    proc = subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_session(proc.pid)
        proc.communicate()
        raise
    return subprocess.CompletedProcess(list(cmd), proc.returncode, out, err)


def timed(cmd: Sequence[str], repeat: int, timeout: float) -> tuple[list[float], str]:
    """Wall-clock seconds of `repeat` runs of `cmd`, and the last run's stdout; raises on failure."""
    times: list[float] = []
    out = ""
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = run_once(cmd, timeout)
        times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            tail = (proc.stderr.strip().splitlines() or [""])[-1]
            if proc.returncode == 2 and "no such option" in proc.stderr.lower():
                raise Rejected(tail[:200])
            raise RuntimeError(f"exit {proc.returncode}: {tail[:200]}")
        out = proc.stdout
    return times, out


class Checker:
    """Turns any tool's solutions for one workload into comparable, checked facts."""

    def __init__(self, workload: Workload, puzzle: Puzzle, instances: list[Puzzle]) -> None:
        self.workload = workload
        self.puzzle = puzzle
        self.instances = instances or [puzzle]

    def classes(self, rows: list[tuple[int, ...]], *, canonical: bool) -> frozenset[tuple[int, ...]]:
        """Check every solution; canonicalise raw ones. With `canonical` (one solution per class
        expected: puzzlesat, Gecode + lex) a member that is not its class's canonical one, or a
        class found twice, is an error."""
        group = self.puzzle.group
        out: set[tuple[int, ...]] = set()
        for row in rows:
            verify(self.puzzle, row)
            canon = group.canonical(row)
            if canonical and canon != row:
                raise RuntimeError(f"solution {list(row)} is not its class's canonical member {list(canon)}")
            if canonical and canon in out:
                raise RuntimeError(f"solution {list(row)} is printed twice: one solution per class was expected")
            out.add(canon)
        return frozenset(out)

    def solved(self, answers: list[tuple[int, ...] | None]) -> int:
        """Check the first solution of each instance; count the instances solved."""
        if len(answers) != len(self.instances):
            raise RuntimeError(f"{len(answers)} answers for {len(self.instances)} instances")
        for p, row in zip(self.instances, answers, strict=True):
            if row is not None:
                verify(p, row)
        return sum(1 for row in answers if row is not None)


def _rows(text: str) -> list[tuple[int, ...] | None]:
    out: list[tuple[int, ...] | None] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("-----") or line.startswith("====="):
            if "UNSATISFIABLE" in line:
                out.append(None)
            continue
        out.append(None if line == "none" else tuple(int(t) for t in line.split()))
    return out


def puzzlesat_run(
    label: str,
    workload: Workload,
    checker: Checker,
    flags: list[str],
    folder: Path,
    repeat: int,
    timeout: float,
    pick: Pick = statistics.median,
) -> Run:
    args = workload.cli_args(folder / "instances.txt") + flags
    try:
        times, out = timed([*PUZZLESAT, *args], repeat, timeout)
        doc = json.loads(out)
        run = Run(label, pick(times), times=times, config=" ".join(flags) or "default")
        if workload.mode == "all":
            if not doc["complete"]:
                raise RuntimeError("the enumeration did not complete")
            run.classes = checker.classes([tuple(s["values"]) for s in doc["solutions"]], canonical=True)
        elif workload.mode == "first":
            run.solved = checker.solved([tuple(doc["solutions"][0]["values"]) if doc["solutions"] else None])
        else:
            answers = [tuple(r["solutions"][0]["values"]) if r["solutions"] else None for r in doc["results"]]
            run.solved = checker.solved(answers)
        return run
    except subprocess.TimeoutExpired:
        return Run(label, None, config=" ".join(flags) or "default", error=f"timeout: no answer within {timeout:g} s")
    except Rejected as e:
        return Run(label, None, config=" ".join(workload.extra), error=f"skipped: {e}")
    except (RuntimeError, ValueError, KeyError) as e:
        return Run(label, None, config=" ".join(flags) or "default", error=str(e))


def peer_commands(tool: str, workload: Workload, model: dict[str, Any], folder: Path) -> list[list[str]] | None:
    """The process(es) a peer runs for this workload; None when the peer is not installed."""
    if tool == "cpsat":
        try:
            import ortools  # noqa: F401
        except ImportError:
            return None
        path = folder / "model.json"
        path.write_text(json.dumps(model))
        return [[sys.executable, str(ROOT / "benchmarks" / "peer_cpsat.py"), str(path), workload.mode]]
    exe = shutil.which("minizinc")
    if exe is None:
        return None
    flags = ["--solver", "gecode"] + (["-a"] if workload.mode == "all" else [])
    givens_sets = model["instances"] if workload.mode == "batch" else [model["givens"]]
    cmds = []
    for i, givens in enumerate(givens_sets):  # MiniZinc has no batch mode: one process per instance
        path = folder / f"{tool}{i}.mzn"
        path.write_text(peer_model.to_minizinc(model, givens, lex=gecode_lex(tool, workload, model)))
        cmds.append([exe, *flags, str(path)])
    return cmds


def gecode_lex(tool: str, workload: Workload, model: dict[str, Any]) -> bool:
    """Gecode enumerates under the lex-leader constraints of the puzzle's group ("all" workloads,
    a group with listed elements), answering puzzlesat's question, one solution per class;
    `gecode-raw` enumerates raw solutions (the runner canonicalises them). A first solution is
    asked of the model alone: any solution answers it."""
    return tool == "gecode" and workload.mode == "all" and model.get("symmetry") is not None


def peer_run(
    tool: str,
    workload: Workload,
    checker: Checker,
    model: dict[str, Any],
    folder: Path,
    repeat: int,
    timeout: float,
    pick: Pick = statistics.median,
) -> Run | None:
    cmds = peer_commands(tool, workload, model, folder)
    if cmds is None:
        return None
    try:
        totals: list[float] = []
        outputs: list[str] = []
        for _ in range(repeat):
            total, outputs = 0.0, []
            for cmd in cmds:
                times, out = timed(cmd, 1, timeout)
                total += times[0]
                outputs.append(out)
            totals.append(total)
        rows = [r for out in outputs for r in _rows(out)]
        run = Run(tool, pick(totals), times=totals)
        if workload.mode == "all":
            lex = gecode_lex(tool, workload, model)
            run.classes = checker.classes([r for r in rows if r is not None], canonical=lex)
        else:
            run.solved = checker.solved(rows)
        return run
    except subprocess.TimeoutExpired:
        return Run(tool, None, error=f"timeout: no answer within {timeout:g} s")
    except (RuntimeError, ValueError) as e:
        return Run(tool, None, error=str(e) or type(e).__name__)


def best_flags(workload: Workload, folder: Path, timeout: float) -> list[str]:
    """The fastest configuration `puzzlesat compare` finds for this workload (on its first instance)."""
    args = workload.cli_args(folder / "instances.txt")
    args = [a for a in args if a not in ("--json", "solve")]
    if workload.mode == "batch":
        i = args.index("--givens-file")
        args[i : i + 2] = ["--givens", workload.instances()[0]]  # type: ignore[misc]
    cmd = [*PUZZLESAT, "compare", *args, "--encodings", "onehot,order,log", "--timeout", f"{timeout:g}", "--json"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=ENV)
    if proc.returncode != 0:
        return []
    rows = [r for r in json.loads(proc.stdout)["rows"] if r["status"] == "ok"]
    if not rows:
        return []
    key = "all_seconds" if workload.mode == "all" else "first_seconds"
    best = min(rows, key=lambda r: (r["build_seconds"] or 0) + (r[key] or 0))
    flags = ["--encoding", best["encoding"]]
    for opt in ("card", "pb", "solver"):
        if best.get(opt):
            flags += [f"--{opt}", best[opt]]
    return flags


@dataclass
class Result:
    workload: Workload
    runs: list[Run]
    disagreement: str = ""

    def get(self, tool: str) -> Run | None:
        return next((r for r in self.runs if r.tool == tool and r.seconds is not None), None)

    def peer_seconds(self, peer: str) -> float | None:
        if peer == "best":
            times = [r.seconds for r in self.runs if r.tool in ("cpsat", "gecode") and r.seconds is not None]
            return min(times) if times else None
        run = self.get(peer)
        return run.seconds if run else None

    def ratio(self, peer: str = "best", tool: str = "puzzlesat") -> float | None:
        ours, theirs = self.get(tool), self.peer_seconds(peer)
        return None if ours is None or not theirs else ours.seconds / theirs  # type: ignore[operator]

    def verdict(self, target: Target) -> str:
        ours = self.get("puzzlesat")
        if ours is None or self.disagreement:
            return "failed"
        if target.peer is None:
            return "met" if ours.seconds <= target.seconds else "missed"  # type: ignore[operator]
        ratio = self.ratio(target.peer)
        if ratio is None:
            return "no peer"
        return "met" if ratio <= target.ratio else "missed"

    def as_json(self) -> dict[str, Any]:
        return {
            "workload": self.workload.name,
            "title": self.workload.title,
            "runs": [r.as_json() for r in self.runs],
            "ratio_vs_best_peer": _round(self.ratio()),
            "best_config_ratio_vs_best_peer": _round(self.ratio(tool="puzzlesat-best")),
            "targets": [{"target": t.text(), "verdict": self.verdict(t)} for t in self.workload.targets],
            "disagreement": self.disagreement,
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def consistency(workload: Workload, runs: list[Run]) -> str:
    """Every finished run must report the same classes ("all") or solve every instance."""
    done = [r for r in runs if r.seconds is not None]
    if workload.mode == "all":
        lists = {r.tool: r.classes for r in done}
        counts = {t: len(c) for t, c in lists.items() if c is not None}
        if len(set(lists.values())) > 1:
            return "different solutions: " + ", ".join(f"{t} {n}" for t, n in counts.items())
        if workload.expected is not None and any(n != workload.expected for n in counts.values()):
            return f"expected {workload.expected} classes: " + ", ".join(f"{t} {n}" for t, n in counts.items())
        return ""
    solved = {r.tool: r.solved for r in done}
    if len(set(solved.values())) > 1:
        return "different numbers solved: " + ", ".join(f"{t} {n}" for t, n in solved.items())
    return ""


def run_workload(
    workload: Workload,
    repeat: int,
    timeout: float,
    peers: Sequence[str],
    say: Callable[[str], None],
    *,
    best: bool = True,
    pick: Pick = statistics.median,
    peer_runs: dict[str, list[Run]] | None = None,
) -> Result:
    """Every tool on one workload: puzzlesat (default, and with `best` the fastest configuration
    `compare` finds), then each peer. `peer_runs` caches the peers' runs by workload, for a row
    that repeats another's question with other puzzlesat options (`Workload.peers_of`)."""
    timeout = workload.timeout or timeout
    base = puzzles.load(workload.ref, workload.params, workload.givens() if workload.givens else None)
    lines = workload.instances() if workload.instances else []
    instances = [puzzles.load(workload.ref, workload.params, g) for g in lines]
    checker = Checker(workload, base, instances)
    model = peer_model.to_json(base, instances)
    with tempfile.TemporaryDirectory(prefix="puzzlesat-bench-") as tmp:
        folder = Path(tmp)
        (folder / "instances.txt").write_text("\n".join(lines) + "\n")
        say(f"{workload.name}: puzzlesat {' '.join(workload.extra) or '(default)'}")
        runs = [puzzlesat_run("puzzlesat", workload, checker, [], folder, repeat, timeout, pick)]
        default = runs[0].seconds
        if runs[0].error.startswith("skipped"):
            return Result(workload, runs)
        if best:
            say(f"{workload.name}: puzzlesat compare (best configuration)")
            flags = best_flags(workload, folder, max(1.0, 3 * (default or timeout / 3)))
            if flags:
                say(f"{workload.name}: puzzlesat {' '.join(flags)}")
                runs.append(puzzlesat_run("puzzlesat-best", workload, checker, flags, folder, repeat, timeout, pick))
        cached = None if peer_runs is None else peer_runs.get(workload.peers_of or "")
        if cached is not None:
            runs += cached
        else:
            mine = []
            for peer in peers:
                if peer == "gecode-raw" and not gecode_lex("gecode", workload, model):
                    continue  # the same model as "gecode": a first solution, or no listed group
                say(f"{workload.name}: {peer}")
                run = peer_run(peer, workload, checker, model, folder, repeat, timeout, pick)
                if run is not None:
                    mine.append(run)
            runs += mine
            if peer_runs is not None:
                peer_runs[workload.name] = mine
    return Result(workload, runs, consistency(workload, runs))


def run_startup(cases: Sequence[tuple[str, list[str], float]], repeat: int) -> list[dict[str, Any]]:
    out = []
    for label, args, limit in cases:
        times, _ = timed([*PUZZLESAT, *args], max(repeat, 5), 30)
        median = statistics.median(times)
        out.append({"command": label, "seconds": round(median, 4), "target": f"<= {limit} s", "met": median <= limit})
    return out
