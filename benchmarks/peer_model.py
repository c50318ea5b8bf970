"""A puzzle as plain JSON for the peer tools: what they must solve, with nothing of puzzlesat inside.

The peers read this file (the CP-SAT script) or a MiniZinc model generated from it, so every
tool solves exactly the model puzzlesat solves, and a peer's process imports nothing of ours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzles.model import Puzzle


def to_json(puzzle: Puzzle, instances: Sequence[Puzzle] = ()) -> dict[str, Any]:
    """The model; with `instances`, one givens list per instance (batch workloads)."""
    return {
        "name": puzzle.name,
        "domains": [list(d) for d in puzzle.domains],
        "distinct": [list(g) for g in puzzle.distinct if len(g) > 1],
        "sums": [{"cells": list(s.cells), "weights": list(s.weights), "total": s.total} for s in puzzle.sums],
        "unknowns": {u.name: list(u.domain) for u in puzzle.unknowns},
        "givens": [list(g) for g in puzzle.givens],
        "instances": [[list(g) for g in p.givens] for p in instances],
    }


def _set(values: Sequence[int]) -> str:
    if list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ",".join(map(str, values)) + "}"


def to_minizinc(model: dict[str, Any], givens: Sequence[Sequence[int]] | None = None) -> str:
    """The model as MiniZinc text, as a user of MiniZinc would write it (alldifferent, linear sums)."""
    domains = model["domains"]
    n = len(domains)
    lo = min(min(d) for d in domains)
    hi = max(max(d) for d in domains)
    out = ['include "alldifferent.mzn";', f"array[1..{n}] of var {lo}..{hi}: x;"]
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
        out.append(f"constraint {terms} = {total};")
    for c, v in model["givens"] if givens is None else givens:
        out.append(f"constraint x[{c + 1}] = {v};")
    out.append("solve satisfy;")
    out.append('output [join(" ", [show(x[i]) | i in 1..' + str(n) + ']) ++ "\\n"];')
    return "\n".join(out) + "\n"
