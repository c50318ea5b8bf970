"""Interchangeable values: when every relabelling of the values maps solutions onto solutions.

In a sudoku or a Latin square, any permutation of the values turns a solution into another one,
and as one all-different group of n cells holds all n values, no relabelling but the identity
fixes a solution. So the solutions fall into classes of exactly n! (one per relabelling), and each
class has exactly one member whose chosen group reads the values in order: count those and
multiply by n!. The same holds for the solutions fixed by any cell permutation, because
relabelling values commutes with moving cells; Burnside's counts per group element can use it too.

The test reads the core (`puzzle.core`), not the name: one shared domain of n values, only
AllDifferent constraints (a sum, a table or an inequality tells values apart), no givens, no
unknowns, and an all-different group of exactly n cells.

>>> from puzzlesat.model.model import define
>>> latin = define("latin", cells=4, values=range(1, 3), distinct=[[0, 1], [2, 3], [0, 2], [1, 3]])
>>> interchangeable_group(latin)
(0, 1)
"""

from __future__ import annotations

from math import factorial

from puzzlesat.model.core import AllDifferent
from puzzlesat.model.model import Puzzle


def interchangeable_group(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The cells of the first all-different group that holds every value once, when every
    relabelling of the values is a symmetry of the puzzle; None otherwise."""
    domain = puzzle.domains[0]
    if any(d != domain for d in puzzle.domains) or puzzle.givens or puzzle.unknowns:
        return None
    if not all(isinstance(c, AllDifferent) for c in puzzle.core):
        return None
    return full_group(puzzle)


def full_group(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The first all-different group over as many cells as values, each cell open to every value:
    the group whose cells, read in value order, pick one member of each relabelling class."""
    values = puzzle.values
    for c in puzzle.core:
        if isinstance(c, AllDifferent) and len(c.cells) == len(values):
            if all(puzzle.domains[x] == values for x in c.cells):
                return c.cells
    return None


def pins(puzzle: Puzzle, group: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The group's cells (in order) holding the values in order: one member of each relabelling class."""
    return tuple(zip(group, puzzle.domains[0], strict=True))


def relabellings(puzzle: Puzzle) -> int:
    """n!, the size of every class of solutions under relabelling (n values)."""
    return factorial(len(puzzle.domains[0]))
