"""The SVG of f-puzzles' cosmetics (`puzzlesat.model.cosmetics`): drawn as the setter drew them, never solved.

Cell colours fill their cells; lines run through their cells' centres in their colour; a circle,
a rectangle or a text sits at the middle of its cells; a cosmetic cage is dashed in its colour
with its value in the corner. The importer keeps a cosmetic's colour but not its size, so sizes
are f-puzzles' usual ones. A colour is used only when it is a colour (`#rgb`, `#rrggbb`,
`#rrggbbaa` or a name); anything else in the file falls back to the default, so no text from a
puzzle reaches an attribute unchecked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

from puzzlesat.model.cosmetics import Cosmetic
from puzzlesat.render.svg_parts import Canvas, n, points

HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})([0-9a-fA-F]{2})?")
NAME = re.compile(r"[a-zA-Z]{3,20}")


def paint(colour: str, default: str) -> tuple[str, float]:
    """(colour, opacity): an f-puzzles `#rrggbbaa` split into the two, a bad colour the default."""
    m = HEX.fullmatch(colour.strip())
    if m:
        return "#" + m[1].lower(), round(int(m[2], 16) / 255, 2) if m[2] else 1.0
    return (colour.strip().lower(), 1.0) if NAME.fullmatch(colour.strip()) else (default, 1.0)


def _paint_attr(what: str, colour: str, default: str) -> str:
    value, opacity = paint(colour, default)
    return f'{what}="{value}"' + (f' {what}-opacity="{n(opacity)}"' if opacity < 1 else "")


def _middle(canvas: Canvas, cells: Sequence[int]) -> tuple[float, float]:
    pts = [canvas.centre(c) for c in cells]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def _colour(canvas: Canvas, c: Cosmetic, cells: Sequence[int], lines: Sequence[Sequence[int]]) -> str:
    fill = _paint_attr("fill", c.colour, "#d0d0d0")
    return "".join(
        f'<rect class="cosmetic colour" x="{n(x)}" y="{n(y)}" width="{n(canvas.cell)}" height="{n(canvas.cell)}" '
        f"{fill}/>"
        for x, y in (canvas.corner(*canvas.grid.positions[i]) for i in cells)
    )


def _line(canvas: Canvas, c: Cosmetic, cells: Sequence[int], lines: Sequence[Sequence[int]]) -> str:
    stroke = _paint_attr("stroke", c.colour, "#a0a0a0")
    return "".join(
        f'<polyline class="cosmetic line" points="{points([canvas.centre(i) for i in line])}" fill="none" '
        f'{stroke} stroke-width="{n(0.15 * canvas.cell)}" stroke-linecap="round" stroke-linejoin="round"/>'
        for line in lines
    )


def _label(x: float, y: float, text: str, size: float, colour: str = "#000000") -> str:
    return (
        f'<text x="{n(x)}" y="{n(y + 0.36 * size)}" font-size="{n(size)}" text-anchor="middle" '
        f"{_paint_attr('fill', colour, '#000000')}>{escape(text)}</text>"
    )


def _shape(tag: str) -> Callable[[Canvas, Cosmetic, Sequence[int], Sequence[Sequence[int]]], str]:
    def draw(canvas: Canvas, c: Cosmetic, cells: Sequence[int], lines: Sequence[Sequence[int]]) -> str:
        x, y = _middle(canvas, cells)
        s = 0.4 * canvas.cell
        stroke = _paint_attr("stroke", c.colour, "#000000")
        shape = (
            f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(s)}" fill="none" {stroke} stroke-width="2"/>'
            if tag == "circle"
            else f'<rect x="{n(x - s)}" y="{n(y - s)}" width="{n(2 * s)}" height="{n(2 * s)}" fill="none" {stroke} '
            'stroke-width="2"/>'
        )
        text = _label(x, y, c.text, 0.4 * canvas.cell) if c.text else ""
        return f'<g class="cosmetic {tag}">{shape}{text}</g>'

    return draw


def _text(canvas: Canvas, c: Cosmetic, cells: Sequence[int], lines: Sequence[Sequence[int]]) -> str:
    x, y = _middle(canvas, cells)
    return f'<g class="cosmetic text">{_label(x, y, c.text, 0.5 * canvas.cell, c.colour)}</g>'


def _cage(canvas: Canvas, c: Cosmetic, cells: Sequence[int], lines: Sequence[Sequence[int]]) -> str:
    squares = {canvas.grid.positions[i] for i in cells}
    stroke = _paint_attr("stroke", c.colour, "#000000")
    out = [
        f'<g class="cosmetic cage"><path d="{canvas.outline(squares)}" fill="none" {stroke} '
        'stroke-width="1.2" stroke-dasharray="4 3"/>'
    ]
    if c.text:
        x, y = canvas.corner(*min(squares))
        size = 0.22 * canvas.cell
        out.append(
            f'<text x="{n(x + 0.05 * canvas.cell)}" y="{n(y + 0.04 * canvas.cell + 0.82 * size)}" '
            f'font-size="{n(size)}" fill="#000000">{escape(c.text)}</text>'
        )
    return "".join(out) + "</g>"


DRAW: dict[str, Callable[[Canvas, Cosmetic, Sequence[int], Sequence[Sequence[int]]], str]] = {
    "colour": _colour,
    "line": _line,
    "circle": _shape("circle"),
    "rectangle": _shape("rectangle"),
    "text": _text,
    "cage": _cage,
}
UNDER = ("colour",)  # drawn below the grid's lines; the rest above the rules' lines, below the digits


def cosmetics(canvas: Canvas, items: Sequence[Cosmetic], under: bool) -> list[str]:
    """The cosmetics of one layer (`UNDER` or the rest), in the file's order; one naming a cell
    the grid does not have is left out."""
    index = {name: i for i, name in enumerate(canvas.grid.cell_names)}
    out = []
    for c in items:
        if (c.kind in UNDER) != under or c.kind not in DRAW:
            continue
        names = [*c.cells, *(x for line in c.lines for x in line)]
        if not names or any(x not in index for x in names):
            continue
        lines = [[index[x] for x in line] for line in c.lines]
        out.append(DRAW[c.kind](canvas, c, [index[x] for x in c.cells], lines))
    return out
