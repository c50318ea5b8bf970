"""Reduced forms: after the first row (`puzzlesat.symmetry.relabel`), pin the first column too, exactly.

Where every relabelling of the values is a symmetry, the first row is pinned to the values in order
(factor n!, `puzzlesat.symmetry.relabel`). Where, besides, every permutation of the other rows is a symmetry
(a Latin square: not a sudoku, whose bands keep rows apart), the first column's other cells are
pinned to the remaining values in order, factor (n-1)!. Why that is exact: the permutations of
rows 1..n-1 map the solutions with the first row pinned onto themselves (they leave row 0 alone),
and the one that moves row r to row s(r) turns a solution whose first column reads w (below row 0:
the n-1 values other than the corner's, each once since the column is all-different) into one
reading w permuted by s. So for each ordering w, one such symmetry maps the solutions reading the
values in order one to one onto those reading w: all (n-1)! orderings are equally frequent.

Where, besides, every permutation of the columns is a symmetry, the pinned solutions are split by
their second row as a permutation p of the first (p(k): the index of the value under column k's):
moving column k to t(k) and relabelling values[k] -> values[t(k)] keeps the first row and turns p
into t p t^-1, so the number of solutions with second row p depends only on p's cycle type, and a
derangement (no value twice in a column) is all p can be. One count per cycle type, with rows 0
and 1 pinned and the first column's other cells in order (the rows 2..n-1 permute as above, factor
(n-2)!), times the number of derangements of that type, gives them all: the 7x7 Latin squares in
four ganak counts of seconds each, where the reduced form alone took 217 s (docs/decisions/counting.md).

Nothing here reads a puzzle's name: the rows and columns are all-different groups found in the core
(rows: the first row and groups disjoint from it, each meeting the first column once; columns:
groups meeting every row once), and each row or column permutation used is checked to be a
symmetry (`puzzlesat.model.invariance.is_symmetry`, the check every detected generator passes) before
anything is pinned: a swap and a cycle, which generate every permutation. Anything else (givens,
a diagonal constraint, sudoku boxes, a grid that is no square of groups) pins the first row only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import factorial, prod

from puzzlesat.model.invariance import is_symmetry
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class Reduced:
    """A square of all-different groups, `grid[r][k]` the cell in row r and column k (row 0 the
    pinned first row, values[k] in column k), whose other rows permute freely; `columns_move`
    when the columns do too. The "first column" is the column `corner`."""

    grid: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    columns_move: bool
    corner: int = 0  # the first column's index: the pinned column through the first row

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def first_row(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.grid[0], self.values, strict=True))

    @property
    def first_column(self) -> tuple[tuple[int, int], ...]:
        """The first column below row 0 holding the values other than the corner's, in order."""
        rest = [v for k, v in enumerate(self.values) if k != self.corner]
        return tuple(zip((row[self.corner] for row in self.grid[1:]), rest, strict=True))

    @property
    def pins(self) -> tuple[tuple[int, int], ...]:
        """The reduced form: first row and first column in order."""
        return self.first_row + self.first_column

    @property
    def column_factor(self) -> int:
        """(n-1)!: the solutions with the first row pinned per reduced one."""
        return factorial(self.n - 1)

    def second_rows(self) -> Iterator[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]]:
        """Per derangement cycle type: the type, the pins (rows 0 and 1, the first column below in
        order) and how many first-row-pinned solutions one pinned solution stands for (the
        derangements of that type times (n-2)!)."""
        n, values, c = self.n, self.values, self.corner
        for cycle_type in derangement_types(n):
            p = representative(cycle_type)
            second = tuple(zip(self.grid[1], (values[p[k]] for k in range(n)), strict=True))
            rest = [v for v in values if v not in (values[c], values[p[c]])]
            below = tuple(zip((row[c] for row in self.grid[2:]), rest, strict=True))
            yield cycle_type, self.first_row + second + below, derangements(cycle_type) * factorial(n - 2)


def reduce(puzzle: Puzzle, row: Sequence[int]) -> Reduced | None:
    """The square of groups around the pinned first row `row` whose other rows are symmetries to
    permute, or None (then only the first row is pinned). `row` is `relabel.interchangeable_group`'s,
    so every relabelling is a symmetry already."""
    values = puzzle.values
    n = len(values)
    if n < 3 or puzzle.size != n * n:  # n < 3: the first row decides the first column
        return None
    first = set(row)
    groups = {frozenset(g): g for g in puzzle.groups if len(g) == n and all(puzzle.domains[x] == values for x in g)}
    groups.pop(frozenset(row), None)
    for column in groups:
        if len(column & first) != 1:
            continue
        found = _square(puzzle, tuple(row), column, groups)
        if found is not None:
            return found
    return None


def _square(
    puzzle: Puzzle, row: tuple[int, ...], column: frozenset[int], groups: dict[frozenset[int], tuple[int, ...]]
) -> Reduced | None:
    """Rows through `column`'s cells, columns through `row`'s cells, and the symmetry checks."""
    first = set(row)
    (corner,) = column & first
    below = sorted(column - {corner})  # the other rows, in cell order
    rows = [row]
    for x in below:
        through = [g for s, g in groups.items() if x in s and not s & first and s & column == {x}]
        if len(through) != 1:
            return None
        rows.append(through[0])
    if len(set().union(*map(set, rows))) != puzzle.size:  # not a partition of the cells
        return None
    row_of = {x: r for r, cells in enumerate(rows) for x in cells}
    grid = [[-1] * len(row) for _ in rows]
    for k, top in enumerate(row):
        through = [s for s in groups if top in s and sorted(row_of[x] for x in s) == list(range(len(rows)))]
        if len(through) != 1:
            return None
        for x in through[0]:
            grid[row_of[x]][k] = x
    square = tuple(map(tuple, grid))
    if sorted(x for cells in square for x in cells) != list(range(puzzle.size)):
        return None
    n = len(row)
    # Rows 1..n-1: a swap of the first two and a cycle of all generate every permutation of them.
    if not all(is_symmetry(puzzle, (_rows_moved(square, s), None)) for s in _generators(1, n)):
        return None
    columns = all(is_symmetry(puzzle, (_columns_moved(square, s), None)) for s in _generators(0, n))
    return Reduced(square, puzzle.values, columns, row.index(corner))


def _generators(start: int, n: int) -> tuple[list[int], list[int]]:
    """A swap of `start` and `start + 1` and the cycle `start` -> ... -> n-1 -> `start`, as maps of 0..n-1."""
    swap, cycle = list(range(n)), list(range(n))
    swap[start], swap[start + 1] = start + 1, start
    for k in range(start, n):
        cycle[k] = k + 1 if k + 1 < n else start
    return swap, cycle


def _rows_moved(grid: tuple[tuple[int, ...], ...], s: list[int]) -> tuple[int, ...]:
    """The cell permutation moving row r to row s[r] (a cell's value to the same column of s[r])."""
    perm = [0] * sum(map(len, grid))
    for r, cells in enumerate(grid):
        for k, x in enumerate(cells):
            perm[x] = grid[s[r]][k]
    return tuple(perm)


def _columns_moved(grid: tuple[tuple[int, ...], ...], s: list[int]) -> tuple[int, ...]:
    perm = [0] * sum(map(len, grid))
    for cells in grid:
        for k, x in enumerate(cells):
            perm[x] = cells[s[k]]
    return tuple(perm)


def derangement_types(n: int) -> list[tuple[int, ...]]:
    """The cycle types of the permutations of n things with no fixed point: partitions of n into
    parts of 2 or more, largest part first (7: (7,), (5, 2), (4, 3), (3, 2, 2))."""

    def parts(m: int, most: int) -> Iterator[tuple[int, ...]]:
        if m == 0:
            yield ()
        for k in range(min(m, most), 1, -1):
            for rest in parts(m - k, k):
                yield (k, *rest)

    return list(parts(n, n))


def representative(cycle_type: tuple[int, ...]) -> tuple[int, ...]:
    """A permutation of that cycle type: each cycle on consecutive indices, k -> k+1 within it."""
    p: list[int] = []
    for length in cycle_type:
        start = len(p)
        p += [start + (j + 1) % length for j in range(length)]
    return tuple(p)


def derangements(cycle_type: tuple[int, ...]) -> int:
    """How many permutations have that cycle type: n! / (product of the parts x product of m! for
    each part repeated m times)."""
    n = sum(cycle_type)
    repeats = prod(factorial(cycle_type.count(k)) for k in set(cycle_type))
    return factorial(n) // (prod(cycle_type) * repeats)
