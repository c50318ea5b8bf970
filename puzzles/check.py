"""The independent checker: plain Python, no solver, so a wrong answer from any backend is caught."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import CheckError
from .model import Puzzle, describe_values, is_prime


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
    for gi, group in enumerate(puzzle.distinct):
        seen: dict[int, int] = {}
        for c in group:
            if values[c] in seen:
                problems.append(
                    f"distinct group #{gi + 1}: cells {names[seen[values[c]]]} and {names[c]} both hold {values[c]}"
                )
            seen.setdefault(values[c], c)
    found: dict[str, int] = {}
    for si, s in enumerate(puzzle.sums):
        lhs = s.lhs(values)
        if isinstance(s.total, int):
            if lhs != s.total:
                problems.append(f"sum #{si + 1} ({s.describe(names)}) is {lhs}")
        elif s.total in found and found[s.total] != lhs:
            problems.append(f"sum #{si + 1} ({s.describe(names)}) is {lhs}, another is {found[s.total]}")
        else:
            found.setdefault(s.total, lhs)
    for u in puzzle.unknowns:
        if u.name not in found:
            continue
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
