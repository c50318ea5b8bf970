"""A puzzle as named rules of neutral core constraints: what the CPMpy explain peer reads.

`benchmarks/peer_explain.py` explains any puzzle puzzlesat loads, but its timed process may import
only cpmpy and the standard library. So puzzlesat writes its own lowered core here as plain JSON,
grouped by rule (`Puzzle.lowered`'s labels), each rule under the name `show` and `explain` give it
(`Puzzle.display`: `thermometer 2 (r1c6→r1c4)`, `row 3`), and the peer rebuilds each rule as one
CPMpy constraint from it. One translation per core kind, in `NEUTRAL`; a kind without one is a
ValueError, so the peer never explains a weaker puzzle than puzzlesat does.

>>> from puzzlesat.model.core import Linear
>>> NEUTRAL[Linear](Linear((0, 1), (1, -1), "<", 0))
{'kind': 'linear', 'cells': [0, 1], 'weights': [1, -1], 'op': '<', 'rhs': 0}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlesat.model.core import AllDifferent, Constraint, Guarded, Linear, Table
from puzzlesat.model.model import Puzzle

FORMAT = "puzzlesat-rules/1"

NEUTRAL: dict[type, Callable[[Any], dict[str, Any]]] = {
    AllDifferent: lambda c: {"kind": "alldifferent", "cells": list(c.cells)},
    Linear: lambda c: {"kind": "linear", "cells": list(c.cells), "weights": list(c.weights), "op": c.op, "rhs": c.rhs},
    Table: lambda c: {
        "kind": "table",
        "cells": list(c.cells),
        "tuples": [list(t) for t in c.tuples],
        "allowed": c.allowed,
    },
    # terms [weight, cell or None, guard], a guard a list of atoms [cell, op, value], all of which must hold
    Guarded: lambda c: {
        "kind": "guarded",
        "terms": [[w, x, [list(a) for a in g]] for w, x, g in c.terms],
        "op": c.op,
        "rhs": c.rhs,
        "when": [list(a) for a in c.when],
    },
}


def neutral(c: Constraint) -> dict[str, Any]:
    """One core constraint as plain JSON; a kind with no translation is a ValueError."""
    to = NEUTRAL.get(type(c))
    if to is None:
        raise ValueError(f"the explain peer has no form for {type(c).__name__}; add one to NEUTRAL")
    return to(c)


def rules_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as rules in the order `lowered` gives them, each `{"id", "name", "constraints"}`,
    with the cells' names, domains, unknowns and givens."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for label, c in puzzle.lowered:
        grouped.setdefault(label, []).append(neutral(c))
    return {
        "format": FORMAT,
        "name": puzzle.name,
        "cells": list(puzzle.cells),
        "domains": [list(d) for d in puzzle.domains],
        "unknowns": {u.name: list(u.domain) for u in puzzle.unknowns},
        "givens": [list(g) for g in puzzle.givens],
        "rules": [
            {"id": label, "name": puzzle.display.get(label, label), "constraints": cs} for label, cs in grouped.items()
        ],
    }


def write(puzzle: Puzzle, path: Path) -> Path:
    """`rules_json` written to `path`, for the peer's process to read."""
    path.write_text(json.dumps(rules_json(puzzle), ensure_ascii=False) + "\n", encoding="utf-8")
    return path
