"""A puzzle as plain JSON for the peer tools: what they must solve, with nothing of puzzlesat inside.

The peers read this file (the CP-SAT script) or a MiniZinc model generated from it, so every
tool solves exactly the model puzzlesat solves, and a peer's process imports nothing of ours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzles.core import Table
from puzzles.model import Puzzle


def to_json(puzzle: Puzzle, instances: Sequence[Puzzle] = ()) -> dict[str, Any]:
    """The model; with `instances`, one givens list per instance (batch workloads)."""
    return {
        "name": puzzle.name,
        "domains": [list(d) for d in puzzle.domains],
        "distinct": [list(g) for g in puzzle.groups if len(g) > 1],
        "sums": [
            {"cells": list(s.cells), "weights": list(s.weights), "op": s.op, "total": s.rhs} for s in puzzle.sums
        ],
        "tables": [
            {"cells": list(t.cells), "tuples": [list(r) for r in t.tuples], "allowed": t.allowed}
            for t in puzzle.core
            if isinstance(t, Table)
        ],
        "unknowns": {u.name: list(u.domain) for u in puzzle.unknowns},
        "givens": [list(g) for g in puzzle.givens],
        "instances": [[list(g) for g in p.givens] for p in instances],
    }


def _set(values: Sequence[int]) -> str:
    if list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ",".join(map(str, values)) + "}"


def to_minizinc(model: dict[str, Any], givens: Sequence[Sequence[int]] | None = None) -> str:
    """The model as MiniZinc text, as a user of MiniZinc would write it (alldifferent, linear
    relations, tables)."""
    domains = model["domains"]
    n = len(domains)
    lo = min(min(d) for d in domains)
    hi = max(max(d) for d in domains)
    out = ['include "alldifferent.mzn";', 'include "table.mzn";', f"array[1..{n}] of var {lo}..{hi}: x;"]
    for i, d in enumerate(domains):
        if d != list(range(lo, hi + 1)):
            out.append(f"constraint x[{i + 1}] in {_set(d)};")
    for name, d in model["unknowns"].items():
        out.append(f"var {_set(d)}: u_{name};")
    for g in model["distinct"]:
        out.append(f"constraint alldifferent([{', '.join(f'x[{c + 1}]' for c in g)}]);")
    for s in model["sums"]:
        terms = " + ".join(
            f"x[{c + 1}]" if w == 1 else f"{w} * x[{c + 1}]" for c, w in zip(s["cells"], s["weights"], strict=True)
        )
        total = f"u_{s['total']}" if isinstance(s["total"], str) else str(s["total"])
        out.append(f"constraint {terms} {s['op']} {total};")
    for t in model.get("tables", []):
        xs = ", ".join(f"x[{c + 1}]" for c in t["cells"])
        if t["allowed"]:
            rows = " | ".join(", ".join(map(str, r)) for r in t["tuples"])
            out.append(f"constraint table([{xs}], [| {rows} |]);" if t["tuples"] else "constraint false;")
        for r in [] if t["allowed"] else t["tuples"]:
            same = " /\\ ".join(f"x[{c + 1}] = {v}" for c, v in zip(t["cells"], r, strict=True))
            out.append(f"constraint not ({same});")
    for c, v in model["givens"] if givens is None else givens:
        out.append(f"constraint x[{c + 1}] = {v};")
    out.append("solve satisfy;")
    out.append('output [join(" ", [show(x[i]) | i in 1..' + str(n) + ']) ++ "\\n"];')
    return "\n".join(out) + "\n"
