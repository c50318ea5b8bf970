"""Pencil marks: each cell of a grid drawn as a small block of the values it may still take, as
setters mark candidates (a 9x9 sudoku cell is a 3x3 block of small digits, `.` where a digit is
ruled out). Region borders (boxes, jigsaw pieces) are drawn; blocked squares are shaded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from puzzlesat.model.grid import Grid

SHADE = "░"


def pencil_marks(grid: Grid, values: Sequence[int], marks: Mapping[int, Mapping[int, str]]) -> str:
    """The board; `marks[cell][value]` is the character shown for that value ('.' when absent)."""
    k = math.isqrt(len(values) - 1) + 1 if values else 1
    width = 2 * k + 1  # " 1 2 3 "
    slot = {v: divmod(i, k) for i, v in enumerate(values)}
    region = grid.region_of

    def key(r: int, c: int) -> object:
        cell = grid.at.get((r, c))
        if cell is None:
            return ("blocked", r, c)
        return region.get(cell, ("cell", cell)) if region else ("cell", cell)

    def block(r: int, c: int) -> list[str]:
        cell = grid.at.get((r, c))
        if cell is None:
            return [SHADE * width] * k
        lines = [["."] * k for _ in range(k)]
        for v, (row, col) in slot.items():
            lines[row][col] = marks.get(cell, {}).get(v, ".")
        return [" " + " ".join(line) + " " for line in lines]

    out: list[str] = []
    for r in range(1, grid.rows + 1):
        if r > 1:
            seps = []
            for c in range(1, grid.columns + 1):
                across = key(r - 1, c) != key(r, c)
                seps.append(("─" if across else " ") * width)
            out.append(_join_rule(seps, grid, r, key) if any("─" in s for s in seps) else "")
        blocks = [block(r, c) for c in range(1, grid.columns + 1)]
        for h in range(k):
            line = blocks[0][h]
            for c in range(2, grid.columns + 1):
                line += ("│" if key(r, c - 1) != key(r, c) else " ") + blocks[c - 1][h]
            out.append(line.rstrip())
    return "\n".join(out)


def _join_rule(seps: list[str], grid: Grid, r: int, key) -> str:
    """A horizontal rule between rows r-1 and r, with a junction where a vertical border crosses it."""
    line = seps[0]
    for c in range(2, grid.columns + 1):
        up = key(r - 1, c - 1) != key(r - 1, c)
        down = key(r, c - 1) != key(r, c)
        left, right = seps[c - 2][-1] == "─", seps[c - 1][0] == "─"
        line += _junction(up, right, down, left) + seps[c - 1]
    return line.rstrip()


_JUNCTIONS = {
    (0, 0, 0, 0): " ", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 1, 1): "┼",
    (1, 1, 0, 0): "└", (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 0, 0, 1): "┘",
    (1, 1, 1, 0): "├", (1, 0, 1, 1): "┤", (0, 1, 1, 1): "┬", (1, 1, 0, 1): "┴",
    (1, 0, 0, 0): "│", (0, 0, 1, 0): "│", (0, 1, 0, 0): "─", (0, 0, 0, 1): "─",
}  # fmt: skip


def _junction(up: bool, right: bool, down: bool, left: bool) -> str:
    return _JUNCTIONS[int(up), int(right), int(down), int(left)]
