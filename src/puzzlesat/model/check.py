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


def holds(puzzle: Puzzle, values: Sequence[int]) -> bool:
    """Whether `values` is a solution of a puzzle without unknowns, by the same core `violations`
    reads but compiled once per core (a batch checks thousands of answers against one): houses as
    `len(set(itemgetter(...)))`, other constraints by their own `holds`."""
    global _compiled
    entry = _compiled  # read once: another thread may compile another core meanwhile
    if entry is None or entry[0] is not puzzle.lowered:
        entry = _compiled = (puzzle.lowered, _compile(puzzle))
    domains, distinct, others = entry[1]
    if len(values) != puzzle.size or not set(map(type, values)) <= {int}:
        return False
    if isinstance(domains, frozenset):  # one domain for every cell
        if not domains.issuperset(values):
            return False
    elif not all(v in d for v, d in zip(values, domains, strict=True)):
        return False
    givens = puzzle.givens
    if givens and [values[c] for c, _ in givens] != [v for _, v in givens]:
        return False
    return all(len(set(get(values))) == k for get, k in distinct) and all(con.holds(values, {}) for con in others)


# The last core compiled by `holds`: (the core it was built from, what it checks).
_compiled: tuple[object, tuple] | None = None


def _compile(puzzle: Puzzle) -> tuple:
    from operator import itemgetter

    domains: frozenset[int] | list[frozenset[int]] = [frozenset(d) for d in puzzle.domains]
    if all(d == domains[0] for d in domains):
        domains = domains[0]
    houses = [c for c in puzzle.core if isinstance(c, AllDifferent) and len(c.cells) > 1]
    distinct = [(itemgetter(*c.cells), len(c.cells)) for c in houses]
    others = [c for c in puzzle.core if not (isinstance(c, AllDifferent) and len(c.cells) > 1)]
    return domains, distinct, others


def verify(puzzle: Puzzle, values: Sequence[int], unknowns: Mapping[str, int] | None = None) -> None:
    """Raise CheckError, loudly, if a backend's answer is not a solution."""
    if not puzzle.unknowns and not unknowns and holds(puzzle, values):
        return
    problems = violations(puzzle, values, unknowns)
    if problems:
        raise CheckError(
            f"internal error: a solver returned {list(values)} for {puzzle.name}, "
            f"which breaks: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
        )
