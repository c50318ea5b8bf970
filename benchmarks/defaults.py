"""Issue 40: is puzzlesat fast by default on workloads nobody tuned for? `python -m benchmarks --defaults`.

Each workload is run as whole processes by every backend of puzzlesat (the default, cp, sat, and z3
on the small ones) and by every peer that answers its kind side by side: CP-SAT with one worker,
MiniZinc + Gecode, a plain PySAT one-hot script (`peer_pysat_grid.py`) and a DLX exact-cover
solver (`peer_dlx.py`, the `exact-cover` package) for sudokus and Latin squares. Runs are
interleaved (round r runs every tool once before round r+1 starts), and the best of the rounds is
kept, so a burst of load from elsewhere hits every tool alike. Every answer is checked with
puzzlesat's plain-Python checker, and the tools' solution sets are compared.

The instances are our own, in benchmarks/data/defaults/ (`python -m benchmarks.defaults --make`
writes them): 16x16 and 25x25 sudokus proved unique (by CP-SAT: two solutions asked, one found),
Latin squares of order 15, 20 and 30 with 40% holes from a shuffled cyclic square; the magic
squares are the catalog's. Hooks: `EXTRA` takes more workloads (the batch helper's hard 9x9
batches and killer/KenKen/futoshiki/kakuro sets) and `PEERS` more peer commands.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlesat.catalog import load as puzzles
from puzzlesat.model.check import verify
from puzzlesat.runtime.atomic import write_atomic

from . import peer_model
from .generate import DIGITS, full_grid
from .runner import PUZZLESAT, ROOT, _rows, peer_commands, timed

DATA = Path(__file__).resolve().parent / "data" / "defaults"
RESULTS = ROOT / "benchmarks" / "results-defaults.json"


@dataclass(frozen=True)
class Case:
    """One workload: a puzzle (catalog name or file, params, givens), what is asked ("first": one
    solution; "unique": every solution, which must be one), and for grids the side and box the
    grid peers take (box 0: a Latin square)."""

    name: str
    title: str
    ref: str
    mode: str
    params: dict[str, str] = field(default_factory=dict)
    givens_file: str | None = None  # a line of characters, for --givens
    side: int = 0  # a grid's side: the grid peers (PySAT, DLX) run
    box: int = 0
    backends: tuple[str, ...] = ("cp", "sat")

    def givens(self) -> str | None:
        return (DATA / self.givens_file).read_text().strip() if self.givens_file else None

    def puzzlesat(self, backend: str | None) -> list[str]:
        args = ["solve", self.ref, *[x for k, v in self.params.items() for x in ("-p", f"{k}={v}")]]
        if self.givens_file:
            args += ["--givens", self.givens() or ""]
        if self.mode == "unique":
            args += ["--all", "--no-symmetry"]
        return [*PUZZLESAT, *args, *(["--backend", backend] if backend else []), "--json"]


CASES: tuple[Case, ...] = (
    *(
        Case(f"sudoku-{n}-{mode}", f"{n}x{n} sudoku, unique, {what}", "sudoku", mode, {"box": str(b)},
             f"sudoku-{n}.txt", n, b)
        for n, b in ((16, 4), (25, 5))
        for mode, what in (("first", "first solution"), ("unique", "proof of uniqueness"))
    ),
    *(
        Case(f"latin-{n}", f"order-{n} Latin square, 40% holes, first solution", str(DATA / f"latin-{n}.toml"),
             "first", side=n, backends=("cp", "sat", "z3") if n == 15 else ("cp", "sat"))
        for n in (15, 20, 30)
    ),
    *(
        Case(f"magic-{n}", f"{n}x{n} magic square, first solution", "magic-square", "first", {"order": str(n)})
        for n in (6, 7, 8)
    ),
)  # fmt: skip
EXTRA: list[Case] = []  # more workloads (the batch helper's)


def _grid_peer(script: str) -> Callable[[Case, Any, Path], list[str] | None]:
    def command(case: Case, puzzle: Any, folder: Path) -> list[str] | None:
        if not case.side:
            return None
        givens = dict(puzzle.givens)
        path = folder / "givens.txt"
        path.write_text(" ".join(str(givens.get(i, 0)) for i in range(case.side * case.side)))
        mode = "first" if case.mode == "first" else "all"
        return [sys.executable, str(ROOT / "benchmarks" / script), str(case.side), str(case.box), str(path), mode]

    return command


def _model_peer(tool: str) -> Callable[[Case, Any, Path], list[str] | None]:
    def command(case: Case, puzzle: Any, folder: Path) -> list[str] | None:
        from .workloads import Workload

        w = Workload(case.name, case.title, case.ref, "first" if case.mode == "first" else "all")
        model = peer_model.to_json(puzzle)
        model["symmetry"] = None  # raw solutions: a first one, or every one of a unique puzzle
        cmds = peer_commands(tool, w, model, folder)
        return None if cmds is None else cmds[0]

    return command


PEERS: dict[str, Callable[[Case, Any, Path], list[str] | None]] = {
    "cpsat": _model_peer("cpsat"),
    "gecode": _model_peer("gecode"),
    "pysat": _grid_peer("peer_pysat_grid.py"),
    "dlx": _grid_peer("peer_dlx.py"),
}


def _answers(tool: str, out: str) -> list[tuple[int, ...]]:
    if tool.startswith("puzzlesat"):
        doc = json.loads(out)
        if not doc["complete"] and doc.get("stopped") != "limit":
            raise RuntimeError("the run did not complete")
        return [tuple(s["values"]) for s in doc["solutions"]]
    return [r for r in _rows(out) if r is not None]


def run_case(case: Case, rounds: int, timeout: float, say: Callable[[str], None]) -> dict[str, Any]:
    """Every tool on one case, `rounds` interleaved rounds, best kept; solutions checked and compared."""
    puzzle = puzzles.load(case.ref, case.params, case.givens())
    with tempfile.TemporaryDirectory(prefix="puzzlesat-defaults-") as tmp:
        folder = Path(tmp)
        cmds: dict[str, list[str]] = {"puzzlesat": case.puzzlesat(None)}
        cmds |= {f"puzzlesat-{b}": case.puzzlesat(b) for b in case.backends}
        for tool, make in PEERS.items():
            cmd = make(case, puzzle, folder)
            if cmd is not None:
                cmds[tool] = cmd
        runs: dict[str, dict[str, Any]] = {tool: {"times": []} for tool in cmds}
        for r in range(rounds):
            for tool, cmd in cmds.items():
                run = runs[tool]
                if "error" in run:
                    continue
                say(f"{case.name}: {tool} (round {r + 1})")
                try:
                    times, out = timed(cmd, 1, timeout)
                    found = _answers(tool, out)
                    for row in found:
                        verify(puzzle, row)
                    if case.mode == "unique" and len(found) != 1:
                        raise RuntimeError(f"{len(found)} solutions where one was expected")
                    if not found:
                        raise RuntimeError("no solution")
                    run["times"].append(round(times[0], 4))
                    run["solutions"] = sorted(found) if case.mode == "unique" else None
                except subprocess.TimeoutExpired:
                    run["error"] = f"timeout: no answer within {timeout:g} s"
                except (RuntimeError, ValueError, KeyError) as e:
                    run["error"] = str(e)[:200]
    for run in runs.values():
        run["best"] = min(run["times"]) if run["times"] and "error" not in run else None
    unique = {tuple(map(tuple, r["solutions"])) for r in runs.values() if r.get("solutions")}
    disagreement = "the tools' solutions differ" if len(unique) > 1 else ""
    for run in runs.values():
        run.pop("solutions", None)
    peers = {t: r["best"] for t, r in runs.items() if not t.startswith("puzzlesat") and r["best"] is not None}
    fastest = min(peers.values(), default=None)
    ratios = {
        t: {"cpsat": _ratio(r["best"], peers.get("cpsat")), "fastest peer": _ratio(r["best"], fastest)}
        for t, r in runs.items()
        if t.startswith("puzzlesat")
    }
    return {"name": case.name, "title": case.title, "runs": runs, "ratios": ratios, "disagreement": disagreement}


def _ratio(mine: float | None, peer: float | None) -> float | None:
    return None if mine is None or peer is None else round(mine / peer, 2)


def table(results: list[dict[str, Any]], timeout: float) -> str:
    tools = ["puzzlesat", "puzzlesat-cp", "puzzlesat-sat", "puzzlesat-z3", *PEERS]
    head = ["workload", "default", "cp", "sat", "z3", *PEERS, "default/CP-SAT", "cp/CP-SAT", "cp/fastest"]
    rows = []
    for res in results:
        cells = [res["name"] + (" DISAGREE" if res["disagreement"] else "")]
        for tool in tools:
            run = res["runs"].get(tool)
            if run is None:
                cells.append("")
            elif run["best"] is not None:
                cells.append(f"{run['best']:.2f}")
            else:
                cells.append(f">{timeout:g}" if run["error"].startswith("timeout") else "FAILED")
        for tool, peer in (("puzzlesat", "cpsat"), ("puzzlesat-cp", "cpsat"), ("puzzlesat-cp", "fastest peer")):
            ratio = res["ratios"].get(tool, {}).get(peer)
            cells.append("-" if ratio is None else f"{ratio:.2f}")
        rows.append(cells)
    widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(x, widths, strict=True)).rstrip() for x in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(names: list[str] | None, rounds: int, timeout: float, out: str, machine: dict[str, Any]) -> int:
    known = {c.name: c for c in (*CASES, *EXTRA)}
    unknown = sorted(set(names or ()) - set(known))
    cases = [known[n] for n in names if n in known] if names else list(known.values())  # in the order named
    if unknown:
        print(f"benchmarks: no such workload: {', '.join(unknown)}", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        print(f"  running {text} ...", file=sys.stderr, flush=True)

    results = []
    for c in cases:  # written after each case: a long run interrupted keeps what it measured
        results.append(run_case(c, rounds, timeout, say))
        doc = {"machine": machine, "rounds": rounds, "timeout": timeout, "results": results}
        write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print(f"{machine['cpu']}, {machine['cores']} cores, Python {machine['python']}, {machine['date']}")
    print(f"whole-process seconds, best of {rounds} interleaved rounds; ratio = puzzlesat / peer")
    print(table(results, timeout))
    print(f"written: {out}", file=sys.stderr)
    return 1 if any(r["disagreement"] for r in results) else 0


# --- the instances ----------------------------------------------------------------------------------


def latin_toml(n: int, holes: float, seed: int) -> str:
    """An order-n Latin square (a cyclic one, rows, columns and symbols shuffled) with `holes` of its
    cells blank, as a puzzle file."""
    rng = random.Random(seed)
    rows, cols, sym = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    grid = [[sym[(rows[r] + cols[c]) % n] for c in range(n)] for r in range(n)]
    blank = set(rng.sample(range(n * n), round(holes * n * n)))
    text = "\n".join(" ".join("." if r * n + c in blank else str(grid[r][c]) for c in range(n)) for r in range(n))
    return (
        f'name = "latin-{n}"\ntitle = "Latin square {n}x{n}, {round(holes * 100)}% holes (seed {seed})"\n'
        f'givens = """\n{text}\n"""\n\n[grid]\nsize = {n}\nboxes = "none"\n'
    )


def _two_solutions(base: type) -> type:
    class Two(base):  # type: ignore[misc,valid-type]
        """Keeps the first two solutions, then stops the search."""

        def __init__(self, x: list[Any]) -> None:
            super().__init__()
            self.x, self.found = x, []

        def on_solution_callback(self) -> None:
            self.found.append([self.value(v) for v in self.x])
            if len(self.found) == 2:
                self.stop_search()

    return Two


def unique_sudoku(box: int, givens: int, seed: int) -> str:
    """A box*box sudoku with one solution: a shuffled full grid with `givens` cells kept at random,
    then, while CP-SAT finds a second solution, the first cell where the two differ given too (so a
    puzzle may end with a few more givens than asked)."""
    from ortools.sat.python import cp_model

    _Two = _two_solutions(cp_model.CpSolverSolutionCallback)
    n = box * box
    rng = random.Random(seed)
    grid = [v for row in full_grid(box, rng) for v in row]
    kept = set(rng.sample(range(n * n), givens))
    while True:
        m = cp_model.CpModel()
        x = [m.new_int_var(1, n, f"x{i}") for i in range(n * n)]
        for i in kept:
            m.add(x[i] == grid[i])
        for k in range(n):
            m.add_all_different([x[k * n + c] for c in range(n)])
            m.add_all_different([x[r * n + k] for r in range(n)])
            br, bc = k // box * box, k % box * box
            m.add_all_different([x[(br + i) * n + bc + j] for i in range(box) for j in range(box)])
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        two = _Two(x)
        solver.solve(m, two)
        found = two.found
        if len(found) == 1:
            return "".join(DIGITS[grid[i] - 1] if i in kept else "." for i in range(n * n))
        kept.add(next(i for i in range(n * n) if found[0][i] != found[1][i]))


def make() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for n in (15, 20, 30):
        (DATA / f"latin-{n}.toml").write_text(latin_toml(n, 0.4, 40))
    for box, givens in ((4, 120), (5, 288)):
        (DATA / f"sudoku-{box * box}.txt").write_text(unique_sudoku(box, givens, 40) + "\n")


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.defaults",
        description="Issue 40's instances (the run itself is python -m benchmarks --defaults).",
    )
    ap.add_argument("--make", action="store_true", help="write benchmarks/data/defaults/ anew (needs ortools)")
    if ap.parse_args().make:
        make()
