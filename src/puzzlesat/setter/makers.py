"""The makers `puzzlesat generate` needs: a random full solution, killer and KenKen cages read off
it, and the fixes that make the intended solution the only one (moved here from
benchmarks/variants.py, which imports them, so the catalog's instances and `generate` share them).

Each maker takes a `random.Random` and returns a `Draft` (src/puzzlesat/setter/drafts.py) whose intended
solution puzzlesat has proved to be the only one. Every solver call runs in one slice
(`drafts.first_solution`), so a seed makes the same instance on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import prod

from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.model.rules.cage import Cage
from puzzlesat.runtime.errors import ModelError
from puzzlesat.setter.drafts import Draft, Given, Values, differing, first_solution, given_fix, make_unique, minimize
from puzzlesat.setter.shapes import Square, around, connected, partition


def sudoku_grid(size: int, **flags: object) -> Grid:
    """A sudoku grid: square boxes on 4x4, 9x9, 16x16; 2x3 boxes on 6x6."""
    return Grid(size, boxes="2x3" if size == 6 else "", **flags)  # type: ignore[arg-type]


def is_given(clue: object) -> bool:
    return isinstance(clue, Given)


def random_solution(grid: Grid, rng: random.Random, extra: int = 6, values: Sequence[int] | None = None) -> Values:
    """A solution of the empty grid, made random by a shuffled first row and `extra` random cells
    (each kept only where a solution remains); None when the grid has no solution at all."""
    vals = list(values or range(1, max(grid.rows, grid.columns) + 1))
    for _ in range(20):
        row = rng.sample(vals, grid.columns)
        fixed = {grid.at[1, c]: row[c - 1] for c in range(1, grid.columns + 1)}
        found = _solve(grid, fixed, values)
        if found is None:
            continue
        for cell in rng.sample([i for i in range(len(grid.positions)) if i not in fixed], extra):
            trial = {**fixed, cell: rng.choice(vals)}
            again = _solve(grid, trial, values)
            if again is not None:
                fixed, found = trial, again
        return found
    raise ValueError("no solution found for 20 random first rows")


def _solve(grid: Grid, givens: dict[int, int], values: Sequence[int] | None) -> Values | None:
    try:
        p = define("fill", grid=grid, givens=givens, values=values)
    except ModelError:  # givens clashing in a house: no solution
        return None
    return first_solution(p)


def squares_of(grid: Grid, cells: Sequence[int]) -> list[Square]:
    return [grid.positions[c] for c in cells]


def cells_of(grid: Grid, squares: Sequence[Square]) -> tuple[int, ...]:
    return tuple(grid.at[sq] for sq in squares)


# --- cages: killer and KenKen --------------------------------------------------------------------


def split(grid: Grid, cells: Sequence[int], rng: random.Random, good: Callable[[tuple[int, ...]], bool], tries=60):
    """Two connected parts of a connected cage, one of which `good` accepts; None if none found."""
    squares = squares_of(grid, cells)
    for _ in range(tries):
        size = rng.randint(1, len(squares) - 1)
        part = [rng.choice(squares)]
        while len(part) < size:
            options = sorted({nb for sq in part for nb in around(sq) if nb in squares and nb not in part})
            part.append(rng.choice(options))
        rest = [sq for sq in squares if sq not in part]
        if not connected(rest):
            continue
        a, b = cells_of(grid, sorted(part)), cells_of(grid, sorted(rest))
        if good(a) or good(b):
            return a, b
    return None


def cage_with(draft: Draft, cell: int) -> Cage:
    return next(c for c in draft.clues if isinstance(c, Cage) and cell in c.cells)


def killer_fix(rng: random.Random) -> Callable[[Draft, Values], None]:
    """Split a cage the other solution fills differently so that one part's sum tells them apart;
    a given where no split does."""

    def fix(draft: Draft, other: Values) -> None:
        s = draft.solution
        for cell in rng.sample(differing(s, other), len(differing(s, other))):
            cage = cage_with(draft, cell)
            if len(cage.cells) < 3:
                continue
            parts = split(draft.grid, cage.cells, rng, lambda part: sum(s[c] - other[c] for c in part) != 0)
            if parts:
                draft.clues.remove(cage)
                draft.clues += [Cage(p, "sum", sum(s[c] for c in p)) for p in parts]
                return
        cell = rng.choice(differing(s, other))
        draft.clues.append(Given(cell, s[cell]))

    return fix


def killer(rng: random.Random, grid: Grid, cage: tuple[int, int] = (2, 5)) -> Draft:
    """A killer sudoku: cages of `cage` squares (digits different within a cage) covering the grid."""
    s = random_solution(grid, rng)
    value = {sq: s[i] for i, sq in enumerate(grid.positions)}
    pieces = partition(
        grid.positions, rng, lambda: rng.randint(*cage), lambda piece, sq: value[sq] not in {value[x] for x in piece}
    )
    cages = [Cage(cells_of(grid, p), "sum", sum(value[sq] for sq in p)) for p in pieces]
    draft = Draft("killer-sudoku", grid, s, list(cages), encoding="order")
    make_unique(draft, killer_fix(rng))
    minimize(draft, rng, is_given)
    return draft


def kenken_cage(cells: tuple[int, ...], s: Values, rng: random.Random, ops: Sequence[str] | None = None) -> Cage:
    """A KenKen cage over the solution's values: one cell shows its digit; two cells take any of the
    four operations (a quotient only when it divides); more take a sum or a product."""
    vals = [s[c] for c in cells]
    if ops is None:
        ops = kenken_ops(vals)
    op = rng.choice(list(ops))
    return Cage(cells, op, kenken_target(op, vals), distinct=False)


def kenken_ops(vals: Sequence[int]) -> list[str]:
    if len(vals) == 1:
        return ["sum"]
    if len(vals) == 2:
        lo, hi = sorted(vals)
        return ["sum", "product", "difference", "difference"] + (["quotient"] * 2 if hi % lo == 0 else [])
    return ["sum", "product"]


def kenken_target(op: str, vals: Sequence[int]) -> int:
    lo, hi = min(vals), max(vals)
    return {"sum": sum(vals), "product": prod(vals), "difference": hi - lo, "quotient": hi // lo}[op]


def kenken_fix(rng: random.Random) -> Callable[[Draft, Values], None]:
    """Change the operation of a cage the other solution fills differently, where another one tells
    the two apart; else split it so that a part does."""

    def breaks(op: str, cells: Sequence[int], s: Values, other: Values) -> bool:
        mine, theirs = [s[c] for c in cells], [other[c] for c in cells]
        if op == "quotient" and max(theirs) % min(theirs):
            return True
        return kenken_target(op, mine) != kenken_target(op, theirs)

    def fix(draft: Draft, other: Values) -> None:
        s = draft.solution
        cells = differing(s, other)
        for cell in rng.sample(cells, len(cells)):
            cage = cage_with(draft, cell)
            ops = [op for op in kenken_ops([s[c] for c in cage.cells]) if breaks(op, cage.cells, s, other)]
            if ops:
                draft.clues[draft.clues.index(cage)] = kenken_cage(cage.cells, s, rng, ops)
                return
        for cell in rng.sample(cells, len(cells)):
            cage = cage_with(draft, cell)
            if len(cage.cells) == 1:
                continue

            def good(part: tuple[int, ...]) -> bool:
                return any(breaks(op, part, s, other) for op in kenken_ops([s[c] for c in part]))

            parts = split(draft.grid, cage.cells, rng, good)
            if parts:
                new = []
                for part in parts:
                    ops = [op for op in kenken_ops([s[c] for c in part]) if breaks(op, part, s, other)]
                    new.append(kenken_cage(part, s, rng, ops or None))
                i = draft.clues.index(cage)
                draft.clues[i : i + 1] = new
                return
        raise ValueError("kenken: no cage split tells the two solutions apart")

    return fix


def kenken(rng: random.Random, size: int, cage: tuple[int, int] = (1, 4)) -> Draft:
    """A KenKen: a Latin square of 1..size cut into connected cages, each with an operation."""
    grid = Grid(size, boxes="none")
    s = random_solution(grid, rng, extra=size)
    weights = [0.1, 0.5, 0.3, 0.1, 0.05, 0.05][: cage[1]]
    sizes = list(range(1, cage[1] + 1))
    pieces = partition(grid.positions, rng, lambda: max(cage[0], rng.choices(sizes, weights)[0]))
    draft = Draft("kenken", grid, s, [kenken_cage(cells_of(grid, p), s, rng) for p in pieces], encoding="onehot")
    make_unique(draft, kenken_fix(rng))
    return draft


# --- givens only ------------------------------------------------------------------------------------


def with_givens(rng: random.Random, name: str, grid: Grid) -> Draft:
    """A sudoku variant on `grid` whose clues are givens only, made unique, then minimal."""
    s = random_solution(grid, rng)
    draft = Draft(name, grid, s, encoding="onehot")
    make_unique(draft, given_fix(rng))
    minimize(draft, rng, is_given)
    return draft
