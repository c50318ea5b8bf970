"""Grid puzzles drawn as solvers draw them: one character (or number) a square, in rows.

This first drawing shows the values row by row with `|` and `-` between boxes or regions; cage
outlines and clues are drawn by `draw_grid` once the board renderer knows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .grid import Grid


def draw_grid(grid: Grid, texts: Sequence[str]) -> str:
    """The board with one text per cell ('.' for a blank, '#' for a blocked square)."""
    width = max([len(t) for t in texts] + [1])
    lines = []
    for r in range(1, grid.rows + 1):
        row = []
        for c in range(1, grid.columns + 1):
            i = grid.at.get((r, c))
            row.append(("#" if i is None else texts[i]).rjust(width))
        lines.append(" ".join(row))
    return "\n".join(lines)
