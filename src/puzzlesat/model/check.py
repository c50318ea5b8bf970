"""The independent checker: plain Python, no solver, so a wrong answer from any backend is caught.

It reads the constraint core (`Puzzle.core`), so every rule is checked by the same code, whichever
rule it came from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from puzzlesat.model.core import AllDifferent, Linear
from puzzlesat.model.model import Puzzle, describe_values, is_prime
from puzzlesat.runtime.errors import CheckError


def violations(puzzle: Puzzle, values: Sequence[int], unknowns: Mapping[str, int] | None = None) -> list[str]:
    """Every rule of the puzzle that `values` breaks (empty when it is a solution)."""
    names = puzzle.cells
    if len(values) != puzzle.size:
        return [f"{len(values)} values for {puzzle.size} cells"]
    problems: list[str] = []
    for c, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int):
            return [f"cell {names[c]} holds {v!r}, not an integer"]
        if v not in puzzle.domains[c]:
            problems.append(f"cell {names[c]} = {v} is outside {describe_values(puzzle.domains[c])}")
    for c, v in puzzle.givens:
        if values[c] != v:
            problems.append(f"given cell {names[c]} = {v} holds {values[c]}")
    found = puzzle.unknown_values(values)
    for label, con in puzzle.lowered:
        if con.holds(values, found):
            continue
        origin = puzzle.display.get(label, label)
        if isinstance(con, AllDifferent):
            seen: dict[int, int] = {}
            for c in con.cells:
                if values[c] in seen:
                    problems.append(f"{origin}: cells {names[seen[values[c]]]} and {names[c]} both hold {values[c]}")
                seen.setdefault(values[c], c)
        elif isinstance(con, Linear) and isinstance(con.rhs, str) and con.op == "=":
            problems.append(f"{origin} ({con.describe(names)}) is {con.lhs(values)}, another is {found[con.rhs]}")
        elif isinstance(con, Linear):
            problems.append(f"{origin} ({con.describe(names)}) is {con.lhs(values)}")
        else:
            shown = ", ".join(str(values[c]) for c in con.cells)
            problems.append(f"{origin} ({con.describe(names)}) fails on ({shown})")
    for u in puzzle.unknowns:
        value = found[u.name]
        if value not in u.domain:
            problems.append(f"unknown {u.name} = {value} is outside {describe_values(u.domain)}")
        if u.prime and not is_prime(value):
            problems.append(f"unknown {u.name} = {value} is not prime")
        if unknowns is not None and unknowns.get(u.name) != value:
            problems.append(f"unknown {u.name} reported as {unknowns.get(u.name)}, the sums give {value}")
    return problems


def verify(puzzle: Puzzle, values: Sequence[int], unknowns: Mapping[str, int] | None = None) -> None:
    """Raise CheckError, loudly, if a backend's answer is not a solution."""
    problems = violations(puzzle, values, unknowns)
    if problems:
        raise CheckError(
            f"internal error: a solver returned {list(values)} for {puzzle.name}, "
            f"which breaks: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
        )
