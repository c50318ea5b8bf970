"""A puzzle's board drawn with one text per cell: the grid as solvers draw it, or the figure's layout."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesat.model.layout import render


def draw(puzzle, texts: Sequence[object], notes: bool = True) -> str:
    """A puzzle's board with one text per cell: its grid, its layout, or a plain list. A grid board
    draws the puzzle's cages and, with `notes`, lists the rules it cannot draw below it."""
    if puzzle.grid is not None and puzzle.layout is None:
        from puzzlesat.render.text.gridboard import draw_grid

        return draw_grid(puzzle.grid, [str(t) for t in texts], puzzle.rules, notes, puzzle.cosmetics)
    return render(puzzle.layout, texts, puzzle.cells)
