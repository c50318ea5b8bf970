"""Pencil marks on an SVG board: each unsolved cell's candidates as small digits, laid out as
setters lay them out (1..9 as a phone keypad, 3x3 in the cell; 16 values 4x4, 4 values 2x2), and
under each candidate, when asked, its number of solutions, abbreviated to fit (12k, 3.4M).

Every element carries `class` (`mark`, `count`), `data-cell` (the cell's name, r1c1) and
`data-value` (the value, also when it is written as a letter), so a page can read the board with
CSS selectors; a count also carries its exact number in `data-count`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from xml.sax.saxutils import escape

from puzzlesat.model.grid import Grid
from puzzlesat.render.svg_parts import n
from puzzlesat.runtime.errors import UsageError

MARK = "#4a4a4a"
COUNT = "#a0522d"
PAD = 0.04  # of a cell, between its edge and its block of marks
CAGED = 0.1  # the same inside a killer cage's dashed outline
CLUE = 0.26  # of a cell, the band at the top that a cage's clue takes
UNITS = (("k", 10**3), ("M", 10**6), ("B", 10**9), ("T", 10**12))


def attr(text: str) -> str:
    """Text made safe inside a double-quoted attribute."""
    return escape(text, {'"': "&quot;"})


def short(count: int) -> str:
    """A count in at most four characters or so: 999, 1.2k, 12k, 999k, 3.4M, 12B, then 6.7e21."""
    if count < 1000:
        return str(count)
    for unit, scale in UNITS:
        m = count / scale
        if round(m, 1) < 10:
            return f"{m:.1f}".removesuffix(".0") + unit
        if round(m) < 1000:
            return f"{round(m)}{unit}"
    mantissa, exponent = f"{count:.1e}".split("e")
    return f"{mantissa.removesuffix('.0')}e{int(exponent)}"


def slots(values: Sequence[int]) -> tuple[int, dict[int, tuple[int, int]]]:
    """The block's side k and each value's (row, column) in it: values in order, k to a row, so
    1..9 sit as on a keypad (1 2 3 on top) and 1..16 or 0..15 four to a row."""
    k = math.isqrt(len(values) - 1) + 1 if values else 1
    return k, {v: divmod(i, k) for i, v in enumerate(values)}


def check_marks(
    names: Sequence[str], values: Sequence[int], marks: Mapping[int, Collection[int]], counts: Mapping[int, Mapping]
) -> None:
    """A mark or a count on a cell the puzzle does not have, or of a value no cell holds, is refused."""
    allowed = set(values)
    for label, table in (("marks", marks), ("counts", counts)):
        for cell, vals in table.items():
            if not 0 <= cell < len(names):
                raise UsageError(f"{label}: no cell {cell}; the puzzle has cells 0..{len(names) - 1}")
            bad = sorted(set(vals) - allowed)
            if bad:
                raise UsageError(f"{label}: {names[cell]} has no value {bad[0]}")


def candidates_of(
    marks: Mapping[int, Collection[int]] | None, counts: Mapping[int, Mapping[int, int]] | None
) -> dict[int, set[int]]:
    """The candidates to draw per cell: `marks`, else (counts alone) the values counted above 0."""
    if marks is not None:
        return {c: set(vs) for c, vs in marks.items()}
    return {c: {v for v, k in m.items() if k > 0} for c, m in (counts or {}).items()}


def pencil(
    grid: Grid,
    values: Sequence[int],
    cells: Mapping[int, Collection[int]],
    counts: Mapping[int, Mapping[int, int]],
    corner,
    size: float,
    caged: bool = False,
    clued: Collection[int] = (),
) -> list[str]:
    """The marks (and counts) of the cells given, cell by cell in index order, values in order;
    `corner(r, c)` is a square's top-left pixel and `size` a cell's side. On a grid with cages
    (`caged`) the marks keep inside the dashed outlines, and below the clue in a `clued` cell."""
    k, slot = slots(values)
    rows = max(r for r, _ in slot.values()) + 1 if slot else 1
    pad = CAGED if caged else PAD
    names = grid.cell_names
    out: list[str] = []
    for cell in sorted(cells):
        x0, y0 = corner(*grid.positions[cell])
        above = CLUE if cell in clued else pad
        height = (1 - above - pad) * size
        side = min((1 - 2 * pad) * size / k, height / rows)
        left = x0 + (size - k * side) / 2
        top = y0 + above * size + (height - rows * side) / 2  # fewer rows than k sit in the middle
        counted = counts.get(cell, {})
        for v in sorted(cells[cell]):
            r, c = slot[v]
            x, y = left + (c + 0.5) * side, top + (r + 0.5) * side
            text = grid.symbol(v)
            here = f'data-cell="{attr(names[cell])}" data-value="{v}"'
            if v in counted:
                mark = min(0.46 * side, 1.5 * side / len(text))
                y_mark, number = y - 0.14 * side, short(counted[v])
                small = min(0.3 * side, 1.5 * side / len(number))
                out.append(_text("mark", here, x, y_mark, text, mark, MARK))
                out.append(_text("count", f'{here} data-count="{counted[v]}"', x, y + 0.3 * side, number, small, COUNT))
            else:
                out.append(_text("mark", here, x, y, text, min(0.62 * side, 1.5 * side / len(text)), MARK))
    return out


def _text(cls: str, data: str, x: float, y: float, text: str, size: float, fill: str) -> str:
    """Text centred on (x, y), as the board's digits are centred."""
    return (
        f'<text class="{cls}" {data} x="{n(x)}" y="{n(y + 0.36 * size)}" font-size="{n(size)}" '
        f'text-anchor="middle" fill="{fill}">{escape(text)}</text>'
    )
