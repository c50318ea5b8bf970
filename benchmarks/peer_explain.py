"""CPMpy's step-wise explanation of a puzzle, run as its own process: `python benchmarks/peer_explain.py LINE`
for a classic sudoku, `--model FILE.json` for any puzzle puzzlesat loads (`benchmarks/peer_rules.py`).

The algorithm of Bogaerts, Gamba and Guns ("A framework for step-wise explaining how to solve
constraint satisfaction problems", AIJ 2021) as CPMpy's sudoku examples run it: the cells' values
as integer variables, each rule one constraint (a sudoku's rows, columns and boxes as AllDifferent;
a variant's thermometers, arrows, cages, dots, lines and outside clues as puzzlesat lowers them:
AllDifferent, linear sums and comparisons, tables of allowed or forbidden tuples, guarded sums; one
translation per kind in `BUILDERS`, each rule the conjunction of its parts), the givens and the
values found so far as facts; a step is the cheapest unsatisfiable subset of rules + facts + the
negation of one value not yet explained (so: the cheapest minimal reason for some next value),
found by CPMpy's own `cpmpy.tools.explain.ocus` with the meta-constraint "exactly one negated
value" (Gamba, Bogaerts, Guns, IJCAI 2021: one OCUS call gives the cheapest step over every
remaining value). Weights: 60 per rule and 1 per fact, the constants of CPMpy's
`examples/advanced/sudoku_explain.py`. Repeat until every value of the solution is explained.
Rules are named as puzzlesat's `show` names them (the model file carries the names).

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
from collections.abc import Callable, Iterator
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


def sudoku_model(line: str) -> dict[str, Any]:
    """A classic sudoku line as the same neutral model puzzlesat writes for any puzzle."""
    n, givens = parse(line)
    return {
        "name": "sudoku",
        "cells": [cell_name(i, n) for i in range(n * n)],
        "domains": [list(range(1, n + 1))] * (n * n),
        "unknowns": {},
        "givens": sorted([i, v] for i, v in givens.items()),
        "rules": [
            {"id": name, "name": name, "constraints": [{"kind": "alldifferent", "cells": cells}]}
            for name, cells in houses(n)
        ],
    }


class Vars:
    """The model's variables: one integer per cell (over its domain) and per unknown."""

    def __init__(self, model: dict[str, Any]) -> None:
        import cpmpy as cp

        self.x = [cp.intvar(min(d), max(d), name=f"x{i}") for i, d in enumerate(model["domains"])]
        self.domain_constraints = [
            v != k
            for v, dom in zip(self.x, model["domains"], strict=True)
            for k in range(min(dom), max(dom) + 1)
            if k not in set(dom)
        ]
        self.u = {name: cp.intvar(min(d), max(d), name=f"u_{name}") for name, d in model["unknowns"].items()}
        self.domain_constraints += [
            self.u[name] != k for name, d in model["unknowns"].items() for k in range(min(d), max(d)) if k not in set(d)
        ]


def _compare(lhs: Any, op: str, rhs: Any) -> Any:
    return {"=": lhs == rhs, "!=": lhs != rhs, "<": lhs < rhs, "<=": lhs <= rhs, ">": lhs > rhs, ">=": lhs >= rhs}[op]


def _guard(v: Vars, atoms: list[list[Any]]) -> Any:
    """A conjunction of atoms `[cell, op, value]` (op one of = != < >=) as one CPMpy Boolean."""
    import cpmpy as cp

    return cp.all([_compare(v.x[c], op, k) for c, op, k in atoms])


def _alldifferent(v: Vars, c: dict[str, Any]) -> Any:
    import cpmpy as cp

    return cp.AllDifferent([v.x[i] for i in c["cells"]])


def _linear(v: Vars, c: dict[str, Any]) -> Any:
    import cpmpy as cp

    lhs = cp.sum([w * v.x[i] for i, w in zip(c["cells"], c["weights"], strict=True)])
    rhs = v.u[c["rhs"]] if isinstance(c["rhs"], str) else c["rhs"]
    return _compare(lhs, c["op"], rhs)


def _table(v: Vars, c: dict[str, Any]) -> Any:
    import cpmpy as cp

    xs = [v.x[i] for i in c["cells"]]
    if c["allowed"]:
        return cp.Table(xs, c["tuples"]) if c["tuples"] else cp.BoolVal(False)
    return cp.NegativeTable(xs, c["tuples"]) if c["tuples"] else cp.BoolVal(True)


def _guarded(v: Vars, c: dict[str, Any]) -> Any:
    """while `when` holds: sum of weight * (cell or 1) over the terms whose guard holds, op rhs."""
    import cpmpy as cp

    terms = []
    for w, cell, guard in c["terms"]:
        value = 1 if cell is None else v.x[cell]
        terms.append(w * (_guard(v, guard) * value if guard else value))
    body = _compare(cp.sum(terms) if terms else 0, c["op"], c["rhs"])
    if isinstance(body, bool):
        body = cp.BoolVal(body)
    return _guard(v, c["when"]).implies(body) if c["when"] else body


# One CPMpy translation per core kind, as solvers/z3_int.py translates them for Z3.
BUILDERS: dict[str, Callable[[Vars, dict[str, Any]], Any]] = {
    "alldifferent": _alldifferent,
    "linear": _linear,
    "table": _table,
    "guarded": _guarded,
}


def build(model: dict[str, Any]) -> tuple[Vars, list[tuple[str, Any]]]:
    """The variables and each rule as one CPMpy constraint (the conjunction of its parts), by name."""
    import cpmpy as cp

    v = Vars(model)
    rules = []
    for rule in model["rules"]:
        kinds = {c["kind"] for c in rule["constraints"]} - set(BUILDERS)
        if kinds:
            raise ValueError(f"{rule['name']}: no CPMpy form for {', '.join(sorted(kinds))}")
        parts = [BUILDERS[c["kind"]](v, c) for c in rule["constraints"]]
        rules.append((rule["name"], parts[0] if len(parts) == 1 else cp.all(parts)))
    return v, rules


def solutions_model(model: dict[str, Any]) -> tuple[Vars, Any]:
    """The whole puzzle as one CPMpy model (rules, domains, givens): what the tests enumerate."""
    import cpmpy as cp

    v, rules = build(model)
    return v, cp.Model([c for _, c in rules], v.domain_constraints, [v.x[i] == k for i, k in model["givens"]])


def explain(model: dict[str, Any], solver: str = "pysat", hs_solver: str = "ortools") -> Iterator[dict[str, Any]]:
    """Yield the steps of CPMpy's step-wise explanation, cheapest first, one value each."""
    import cpmpy as cp
    from cpmpy.tools.explain import ocus

    names = model["cells"]
    v, rules = build(model)
    x, hard = v.x, v.domain_constraints
    constraints = [c for _, c in rules]
    givens = dict(model["givens"])

    # The values every solution shares (one solution's, less any another one changes), as CPMpy's examples do.
    whole = cp.Model(constraints, hard, [x[i] == k for i, k in givens.items()])
    if not whole.solve(solver=solver):
        raise ValueError("the puzzle has no solution")
    sol = {i: int(x[i].value()) for i in range(len(x))}
    shared = set(sol)
    while True:
        whole += cp.any([x[i] != sol[i] for i in sorted(shared)])
        if not whole.solve(solver=solver):
            break
        shared = {i for i in shared if int(x[i].value()) == sol[i]}

    known = dict(givens)
    while remaining := sorted(i for i in shared if i not in known):
        facts = [x[i] == known[i] for i in sorted(known)]
        negated = [x[i] != sol[i] for i in remaining]
        soft = [*constraints, *facts, *negated]
        weights = [CONSTRAINT_WEIGHT] * len(constraints) + [FACT_WEIGHT] * (len(facts) + len(negated))
        chosen = ocus(
            soft, hard=hard, weights=weights, meta_constraint=cp.sum(negated) == 1, solver=solver, hs_solver=hs_solver
        )
        ids = {id(c) for c in chosen}
        used_rules = [name for name, c in rules if id(c) in ids]
        used_facts = [i for i, c in zip(sorted(known), facts, strict=True) if id(c) in ids]
        (cell,) = [i for i, c in zip(remaining, negated, strict=True) if id(c) in ids]
        known[cell] = sol[cell]
        yield {
            "cell": names[cell],
            "value": sol[cell],
            "rules": used_rules,
            "facts": [{"cell": names[i], "value": known[i]} for i in used_facts],
            "cost": CONSTRAINT_WEIGHT * len(used_rules) + FACT_WEIGHT * (len(used_facts) + 1),
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="peer_explain", description=__doc__.split("\n")[0])
    ap.add_argument("line", nargs="?", help="a classic sudoku, one line of digits and dots")
    ap.add_argument("--model", help="any puzzle, as benchmarks/peer_rules.py writes it (JSON)")
    ap.add_argument("--solver", default="pysat", help="CPMpy solver for the SAT checks (needs pypblib)")
    ap.add_argument("--hs-solver", default="ortools", help="CPMpy solver for the hitting sets")
    args = ap.parse_args(argv)
    if (args.line is None) == (args.model is None):
        ap.error("give a sudoku line or --model FILE, not both")
    start = time.monotonic()
    if args.model:
        with open(args.model, encoding="utf-8") as f:
            model = json.load(f)
    else:
        model = sudoku_model(args.line)
    steps = 0
    for step in explain(model, args.solver, args.hs_solver):
        steps += 1
        print(json.dumps({**step, "seconds": round(time.monotonic() - start, 3)}, ensure_ascii=False), flush=True)
    print(json.dumps({"done": True, "steps": steps, "seconds": round(time.monotonic() - start, 3)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
