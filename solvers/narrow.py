"""Domains narrowed before encoding: a figure's givens shrink the range of every line through them.

Why: a 5x5 magic square with seven givens encodes its 25 cells over 1..25, and the unary adders
of its twelve lines carry partial sums the givens have already ruled out. Narrowing first (the
givens as one-value domains, their values out of every all-different group, sum bounds, to a
fixpoint: `puzzlesat.solvers.cubes.propagate`) takes that square's CNF from 64k to 22k clauses and its
enumeration from 3.0-3.2 s to 2.4-2.5 s with the same conflicts (docs/decisions/search.md, "Issue 31:
the 5x5 magic square with givens, measured").
Sound: a value is removed only when no solution has it, so the solutions are the same.

Only figures with givens and a sum equality (a magic square with clues, no grid): a sudoku's
houses are one-hot's ground, where unit propagation already does this at once, and its
formulas stay as they were.
"""

from __future__ import annotations

from puzzlesat.model.core import Linear
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import replace


def narrowed(puzzle: Puzzle) -> Puzzle:
    """The puzzle over the domains its givens leave (each given cell a single value); the puzzle
    itself where nothing narrows, where it is no figure with givens and sums, or where the
    propagation finds no solution at all (the solver then says so in its own way)."""
    if not puzzle.givens or puzzle.grid is not None or not any(_equality(s) for s in puzzle.sums):
        return puzzle
    from puzzlesat.solvers.cubes import propagate

    start = [frozenset(d) for d in puzzle.domains]
    for c, v in puzzle.givens:
        start[c] = start[c] & {v}
    doms = propagate(puzzle, start, ())
    if doms is None:
        return puzzle
    domains = tuple(tuple(sorted(d)) for d in doms)
    if domains == puzzle.domains:
        return puzzle
    # The generators go: a value map over the narrowed values need not exist, and the encoding
    # never reads the group (symmetry breaking works on the puzzle as written).
    return replace(puzzle, domains=domains, generators=())


def _equality(s: Linear) -> bool:
    return s.op == "=" and isinstance(s.rhs, int)
