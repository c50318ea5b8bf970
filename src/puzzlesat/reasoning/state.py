"""A partial state as a person types it: the values filled in, and pencil marks by cell."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesat.model.givens import with_givens
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.words import unknown


def parse_state(puzzle: Puzzle, state: str | None, marks: Sequence[str]) -> tuple[dict[int, int], dict[int, list[int]]]:
    """(entered values by cell, kept values by cell). The state is written as --givens is; it
    must keep the puzzle's givens. A mark is CELL=DIGITS (`r1c1=129`)."""
    values: dict[int, int] = {}
    if state is not None:
        if puzzle.grid is None:
            raise UsageError("--state needs a puzzle whose cells form a grid; give --marks CELL=DIGITS instead")
        given = puzzle.given_map
        for c, v in with_givens(puzzle, state, "--state").givens:
            if c in given and given[c] != v:
                raise UsageError(f"--state: {puzzle.cells[c]} is given as {given[c]}, not {v}")
            if c not in given:
                values[c] = v
    index = {name: i for i, name in enumerate(puzzle.cells)}
    symbols = {puzzle.grid.symbol(v): v for v in puzzle.values} if puzzle.grid is not None else {}
    kept: dict[int, list[int]] = {}
    for mark in marks:
        name, sep, digits = mark.partition("=")
        if not sep or not digits.strip():
            raise UsageError(f"--marks {mark}: expected CELL=DIGITS such as r1c1=129")
        if name.strip() not in index:
            cells = puzzle.cells
            raise UsageError(f"--marks {mark}: {unknown('cell', name.strip(), cells, f'{cells[0]} .. {cells[-1]}')}")
        c = index[name.strip()]
        chosen = []
        for ch in digits.strip():
            v = symbols.get(ch.upper()) if symbols else (int(ch) if ch.isdigit() else None)
            if v is None or v not in puzzle.domains[c]:
                raise UsageError(f"--marks {mark}: {ch!r} is not a value {name.strip()} can hold")
            chosen.append(v)
        kept[c] = sorted(set(chosen))
    return values, kept
