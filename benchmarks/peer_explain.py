"""CPMpy's step-wise explanation of a sudoku, run as its own process: `python benchmarks/peer_explain.py LINE`.

The algorithm of Bogaerts, Gamba and Guns ("A framework for step-wise explaining how to solve
constraint satisfaction problems", AIJ 2021) as CPMpy's sudoku examples run it: the cells' values
as integer variables, one AllDifferent per row, column and box, the givens and the values found so
far as facts; a step is the cheapest unsatisfiable subset of constraints + facts + the negation of
one value not yet explained (so: the cheapest minimal reason for some next value), found by CPMpy's
own `cpmpy.tools.explain.ocus` with the meta-constraint "exactly one negated value" (Gamba,
Bogaerts, Guns, IJCAI 2021: one OCUS call gives the cheapest step over every remaining value).
Weights: 60 per constraint and 1 per fact, the constants of CPMpy's `examples/advanced/sudoku_explain.py`.
Repeat until every value of the solution is explained.

Prints one JSON line per step as it is found (so a run killed at its time cap still tells how far
it got) and a last line `{"done": true, ...}`. It imports only the standard library and cpmpy
(PySAT for the SAT checks, OR-Tools CP-SAT for the hitting sets: the fastest pair measured on
this machine; the authors advise Gurobi for the hitting sets, which is not free), so its time is
the peer's own. `--solver ortools` is CPMpy's default pair, about 2.6x slower on a 4x4.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from typing import Any

CONSTRAINT_WEIGHT = 60
FACT_WEIGHT = 1


def cell_name(index: int, n: int) -> str:
    return f"r{index // n + 1}c{index % n + 1}"


def houses(n: int) -> list[tuple[str, list[int]]]:
    """The sudoku's rules by name, as lists of cell indices (row-major)."""
    b = math.isqrt(n)
    rows = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    cols = [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    boxes = [
        (f"box {k + 1}", [(k // b * b + i) * n + k % b * b + j for i in range(b) for j in range(b)]) for k in range(n)
    ]
    return rows + cols + boxes


def parse(line: str) -> tuple[int, dict[int, int]]:
    """The size and the givens of a sudoku line (digits, `.` or `0` for a blank)."""
    line = line.strip()
    n = math.isqrt(len(line))
    if n * n != len(line) or math.isqrt(n) ** 2 != n:
        raise ValueError(f"a sudoku line has a square number of cells of a square side, not {len(line)}")
    return n, {i: int(ch) for i, ch in enumerate(line) if ch not in ".0"}


def explain(line: str, solver: str = "pysat", hs_solver: str = "ortools") -> Iterator[dict[str, Any]]:
    """Yield the steps of CPMpy's step-wise explanation, cheapest first, one value each."""
    import cpmpy as cp
    from cpmpy.tools.explain import ocus

    n, givens = parse(line)
    x = cp.intvar(1, n, shape=n * n, name="x")
    rules = houses(n)
    constraints = [cp.AllDifferent([x[i] for i in cells]) for _, cells in rules]
    names = {id(c): name for c, (name, _) in zip(constraints, rules, strict=True)}

    # The values every solution shares (here: the solution), as CPMpy's examples intersect them.
    model = cp.Model(constraints, [x[i] == v for i, v in givens.items()])
    if not model.solve(solver=solver):
        raise ValueError("the sudoku has no solution")
    sol = {i: int(x[i].value()) for i in range(n * n)}
    shared = set(sol)
    while True:
        model += cp.any([x[i] != sol[i] for i in sorted(shared)])
        if not model.solve(solver=solver):
            break
        shared = {i for i in shared if int(x[i].value()) == sol[i]}

    known = dict(givens)
    while remaining := sorted(i for i in shared if i not in known):
        facts = [x[i] == known[i] for i in sorted(known)]
        negated = [x[i] != sol[i] for i in remaining]
        soft = [*constraints, *facts, *negated]
        weights = [CONSTRAINT_WEIGHT] * len(constraints) + [FACT_WEIGHT] * (len(facts) + len(negated))
        chosen = ocus(soft, weights=weights, meta_constraint=cp.sum(negated) == 1, solver=solver, hs_solver=hs_solver)
        ids = {id(c) for c in chosen}
        used_rules = [names[id(c)] for c in constraints if id(c) in ids]
        used_facts = [i for i, c in zip(sorted(known), facts, strict=True) if id(c) in ids]
        (cell,) = [i for i, c in zip(remaining, negated, strict=True) if id(c) in ids]
        known[cell] = sol[cell]
        yield {
            "cell": cell_name(cell, n),
            "value": sol[cell],
            "rules": used_rules,
            "facts": [{"cell": cell_name(i, n), "value": known[i]} for i in used_facts],
            "cost": CONSTRAINT_WEIGHT * len(used_rules) + FACT_WEIGHT * (len(used_facts) + 1),
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="peer_explain", description=__doc__.split("\n")[0])
    ap.add_argument("line", help="the sudoku, one line of digits and dots")
    ap.add_argument("--solver", default="pysat", help="CPMpy solver for the SAT checks (needs pypblib)")
    ap.add_argument("--hs-solver", default="ortools", help="CPMpy solver for the hitting sets")
    args = ap.parse_args(argv)
    start = time.monotonic()
    steps = 0
    for step in explain(args.line, args.solver, args.hs_solver):
        steps += 1
        print(json.dumps({**step, "seconds": round(time.monotonic() - start, 3)}), flush=True)
    print(json.dumps({"done": True, "steps": steps, "seconds": round(time.monotonic() - start, 3)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
