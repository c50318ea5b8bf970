"""Givens given apart from a puzzle (`--givens`, a line of `--givens-file`), for any puzzle whose
cells form a grid: one character or number a cell, row by row."""

from __future__ import annotations

from puzzlesat.model.grid import parse_givens
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import ModelError, UsageError


def with_givens(puzzle: Puzzle, text: str, label: str) -> Puzzle:
    """`puzzle` with the givens of `text` instead of its own: one character or number a cell, row
    by row (`puzzlesat.model.grid.parse_givens`); a UsageError for a puzzle without a grid or a bad string."""
    if puzzle.grid is None:
        raise UsageError(
            f"{label}: --givens needs a puzzle whose cells form a grid "
            "(the sudoku and its variants, a [grid] file, an f-puzzles import)"
        )
    try:
        given = parse_givens(text, puzzle.grid, puzzle.values)
        return puzzle.with_givens(sorted(given.items()))
    except ModelError as e:  # the string is the user's: a bad character or a clash is bad input
        raise UsageError(str(e)) from None
