"""Reading a previous `solve --json` result to block its solutions, so an enumeration can go on elsewhere.

The result must be for the same puzzle: same name and parameters, and every solution in it must
pass the checker for this puzzle (which catches other givens). A result found modulo symmetry
stands for whole orbits, so every member of each orbit is blocked.
"""

from __future__ import annotations

import json
from typing import Any

from puzzlesat.model.check import violations
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.atomic import read_text
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import plural


@dataclass(frozen=True)
class Blocked:
    """The assignments to forbid, and where they came from (for comments)."""

    assignments: tuple[tuple[int, ...], ...]
    solutions: int
    modulo_symmetry: bool
    source: str

    def describe(self) -> str:
        scope = "their orbits under the symmetry group" if self.modulo_symmetry else "as given"
        return (
            f"{plural(len(self.assignments), 'assignment')}: the {plural(self.solutions, 'solution')} "
            f"in {self.source}, {scope}"
        )


def _read(path: str) -> Any:
    text = read_text(path, label=f"--block {path}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"--block {path}: not JSON (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise UsageError(f"--block {path}: nested too deeply to be a `solve --json` result") from None


def read_blocked(path: str, puzzle: Puzzle) -> Blocked:
    """The assignments a `solve --json` document at `path` rules out for `puzzle`; UsageError if it is not one."""
    doc = _read(path)
    where = f"--block {path}"
    if not isinstance(doc, dict) or not isinstance(doc.get("solutions"), list) or "puzzle" not in doc:
        raise UsageError(f"{where}: not a `puzzlesat solve --json` result (no puzzle and solutions)")
    if doc["puzzle"] != puzzle.name:
        raise UsageError(f"{where}: is a result for {doc['puzzle']!r}, not for {puzzle.name!r}")
    params = doc.get("params", {})
    if params != dict(puzzle.params):
        shown = ", ".join(f"{k}={v}" for k, v in params.items()) if isinstance(params, dict) else params
        mine = ", ".join(f"{k}={v}" for k, v in puzzle.params) or "none"
        raise UsageError(f"{where}: was solved with parameters {shown or 'none'}, this puzzle has {mine}")
    modulo = doc.get("modulo_symmetry", False)
    if not isinstance(modulo, bool):
        raise UsageError(f"{where}: modulo_symmetry must be true or false")
    if modulo and doc.get("group_order", puzzle.group.order) != puzzle.group.order:
        raise UsageError(
            f"{where}: was found modulo a group of order {doc['group_order']}, this puzzle's has {puzzle.group.order}"
        )
    found: set[tuple[int, ...]] = set()
    for k, entry in enumerate(doc["solutions"], 1):
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise UsageError(f"{where}: solution #{k} has no list of integer values")
        problems = violations(puzzle, values)
        if problems:
            raise UsageError(f"{where}: solution #{k} is not a solution of this puzzle ({problems[0]})")
        found.update(puzzle.group.orbit(values) if modulo else [tuple(values)])
    return Blocked(tuple(sorted(found)), len(doc["solutions"]), modulo, path)
