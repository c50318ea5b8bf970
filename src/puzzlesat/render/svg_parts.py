"""The SVG of the rules `puzzlesat.render.text.gridparts` places, drawn as f-puzzles and SudokuPad draw them:
coloured lines by kind (`STYLES`), clones shaded, a quadruple's circle on its corner, indexer cells
shaded, and the numbers beside the grid (sandwich, X-sum, skyscraper, numbered room; a little
killer's with a small diagonal arrow).

A colour alone does not say the rule, so `legend` gives one note line per line kind drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

from puzzlesat.model.grid import Grid
from puzzlesat.model.rules.line_kinds import KINDS as LINE_KINDS
from puzzlesat.render.text.gridparts import OutsideClue
from puzzlesat.runtime.records import dataclass

CLONE = "#d0d0d0"
INDEXER = "#f6c6c6"


@dataclass(frozen=True)
class Canvas:
    """Where the grid sits on the picture: a square's top-left pixel (row, column from 1, off the
    grid too) and a cell's centre; `outline` gives the path of a cage's dashed outline around a
    set of squares (the killer cage's, from `svg`, which imports this module)."""

    grid: Grid
    left: float
    top: float
    cell: float
    outline: Callable[[set[tuple[int, int]]], str] = lambda squares: ""

    def corner(self, r: float, c: float) -> tuple[float, float]:
        return self.left + (c - 1) * self.cell, self.top + (r - 1) * self.cell

    def middle(self, r: float, c: float) -> tuple[float, float]:
        return self.corner(r + 0.5, c + 0.5)

    def centre(self, i: int) -> tuple[float, float]:
        return self.middle(*self.grid.positions[i])


def n(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (as `svg._n`)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def points(pts: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{n(x)},{n(y)}" for x, y in pts)


# --- lines ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineStyle:
    """A line kind's look: its colour (and the colour in words, for the legend), its width in
    cells, what sits on its ends ("circle", "diamond", "bulb" or nothing) and whether it is hollow
    (a white core, as SudokuPad draws a slow thermometer)."""

    colour: str
    words: str
    width: float
    ends: str = ""
    hollow: bool = False


STYLES: dict[str, LineStyle] = {
    "renban": LineStyle("#f067f0", "purple", 0.3),
    "whispers": LineStyle("#67f067", "green", 0.3),
    "dutch_whispers": LineStyle("#ff9f40", "orange", 0.3),
    "nabner": LineStyle("#f0d050", "yellow", 0.3),
    "palindrome": LineStyle("#c0c0c0", "grey", 0.3),
    "zipper": LineStyle("#b9a0f0", "lavender", 0.2),
    "double_arrow": LineStyle("#9a9a9a", "grey, circled ends", 0.05, "circle"),
    "slow_thermometer": LineStyle("#c4c4c4", "hollow grey", 0.24, "bulb", hollow=True),
    "between": LineStyle("#c0c0c0", "light grey, circled ends", 0.05, "circle"),
    "lockout": LineStyle("#9a9a9a", "grey, diamond ends", 0.05, "diamond"),
    "region_sum": LineStyle("#2ecbff", "blue", 0.15),
    "entropic": LineStyle("#d9a35b", "tan", 0.3),
    "modular": LineStyle("#40b8a8", "teal", 0.3),
    "parity": LineStyle("#f07070", "red", 0.3),
}


def style_name(grid: Grid, rule) -> str:
    """The line's `STYLES` key: its kind, but a whispers line whose difference is below German
    whispers' (5 on a 9x9) is Dutch whispers, orange."""
    german = (max(grid.rows, grid.columns) + 1) // 2
    if rule.kind == "whispers" and rule.difference is not None and rule.difference < german:
        return "dutch_whispers"
    return rule.kind


def _end(shape: str, x: float, y: float, style: LineStyle, cell: float) -> str:
    r = 0.38 * cell
    stroke = f'stroke="{style.colour}" stroke-width="{n(0.05 * cell)}"'
    if shape == "circle":
        return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="#ffffff" {stroke}/>'
    if shape == "diamond":
        d = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        return f'<polygon points="{points(d)}" fill="#ffffff" {stroke}/>'
    return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(0.36 * cell)}" fill="{style.colour}" stroke="none"/>'


def line(canvas: Canvas, rule) -> str:
    """One `<g class="line KIND">`: the line through its cells' centres, its ends as its style says."""
    name = style_name(canvas.grid, rule)
    style = STYLES[name]
    pts = [canvas.centre(c) for c in rule.cells]
    width = style.width * canvas.cell
    out = [
        f'<g class="line {name}"><polyline points="{points(pts)}" fill="none" stroke="{style.colour}" '
        f'stroke-width="{n(width)}" stroke-linecap="round" stroke-linejoin="round"/>'
    ]
    if style.ends == "bulb":
        out.append(_end("bulb", *pts[0], style, canvas.cell))
    elif style.ends:
        out += [_end(style.ends, *p, style, canvas.cell) for p in (pts[0], pts[-1])]
    if style.hollow:
        core = 0.55 * width
        out.append(
            f'<circle cx="{n(pts[0][0])}" cy="{n(pts[0][1])}" r="{n(0.36 * canvas.cell - (width - core) / 2)}" '
            'fill="#ffffff"/>'
        )
        out.append(
            f'<polyline points="{points(pts)}" fill="none" stroke="#ffffff" stroke-width="{n(core)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    return "".join(out) + "</g>"


def legend(grid: Grid, rules: Sequence) -> list[str]:
    """One note per line kind drawn, in the order first drawn: `renban line (purple): ...`."""
    seen: dict[str, str] = {}
    for rule in rules:
        name = style_name(grid, rule)
        if name not in seen:
            words = LINE_KINDS[rule.kind].says
            extra = f" (difference {rule.difference})" if rule.difference is not None else ""
            label = "Dutch whispers" if name == "dutch_whispers" else name.replace("_", " ")
            seen[name] = f"{label} line ({STYLES[name].words}): {words}{extra}"
    return list(seen.values())


# --- shaded cells, quadruples -----------------------------------------------------------------------


def shade(canvas: Canvas, cells: Sequence[int], cls: str, fill: str) -> list[str]:
    out = []
    for c in cells:
        x, y = canvas.corner(*canvas.grid.positions[c])
        out.append(
            f'<rect class="{cls}" x="{n(x)}" y="{n(y)}" width="{n(canvas.cell)}" height="{n(canvas.cell)}" '
            f'fill="{fill}"/>'
        )
    return out


def clones(canvas: Canvas, pairs: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[str]:
    """Both shapes of each clone shaded grey, as f-puzzles shades them."""
    return [e for a, b in pairs for e in shade(canvas, (*a, *b), "clone", CLONE)]


def quadruple(canvas: Canvas, corner: tuple[int, int], digits: Sequence[int]) -> str:
    """A small white circle on the corner the four cells share, its digits inside (two rows of
    two beyond two digits)."""
    x, y = canvas.corner(*corner)
    r = 0.24 * canvas.cell
    text = [str(d) for d in digits]
    rows = [text] if len(text) <= 2 else [text[:2], text[2:]]
    size = 0.17 * canvas.cell
    out = [f'<g class="quadruple"><circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="#ffffff" stroke="#000000" '
           'stroke-width="1.5"/>']  # fmt: skip
    for k, row in enumerate(rows):
        ty = y + (k - (len(rows) - 1) / 2) * 1.05 * size + 0.36 * size
        out.append(
            f'<text x="{n(x)}" y="{n(ty)}" font-size="{n(size)}" text-anchor="middle" fill="#000000">'
            f"{escape(' '.join(row))}</text>"
        )
    return "".join(out) + "</g>"


# --- clues beside the grid ------------------------------------------------------------------------


def _little_killer(canvas: Canvas, clue: OutsideClue) -> str:
    """The clue in its square off the grid and a small arrow from it along the diagonal."""
    (x, y), (dr, dc) = canvas.middle(*clue.square), clue.step
    c = canvas.cell
    ux, uy = dc / math.sqrt(2), dr / math.sqrt(2)
    tx, ty = x - 0.1 * c * ux, y - 0.1 * c * uy
    a = (x + 0.18 * c * ux, y + 0.18 * c * uy)
    b = (x + 0.45 * c * ux, y + 0.45 * c * uy)
    head = 0.1 * c
    wings = [
        (b[0] - head * (ux * math.cos(t) - uy * math.sin(t)), b[1] - head * (uy * math.cos(t) + ux * math.sin(t)))
        for t in (math.pi / 5, -math.pi / 5)
    ]
    size = 0.3 * c
    return (
        f'<g class="little-killer"><text x="{n(tx)}" y="{n(ty + 0.36 * size)}" font-size="{n(size)}" '
        f'text-anchor="middle" fill="#000000">{escape(clue.text)}</text>'
        f'<path d="M{n(a[0])} {n(a[1])} L{n(b[0])} {n(b[1])} M{n(wings[0][0])} {n(wings[0][1])} '
        f'L{n(b[0])} {n(b[1])} L{n(wings[1][0])} {n(wings[1][1])}" fill="none" stroke="#000000" '
        'stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/></g>'
    )


def _number(canvas: Canvas, clue: OutsideClue) -> str:
    x, y = canvas.middle(*clue.square)
    size = 0.4 * canvas.cell * min(1.0, 2 / max(1, len(clue.text)))
    return (
        f'<text class="outside {clue.kind}" x="{n(x)}" y="{n(y + 0.36 * size)}" font-size="{n(size)}" '
        f'text-anchor="middle" fill="#000000">{escape(clue.text)}</text>'
    )


OUTSIDE: dict[str, Callable[[Canvas, OutsideClue], str]] = {"little_killer": _little_killer}
LABELS = {"xsum": "X-sum", "room": "numbered room", "little_killer": "little killer"}


def outside(canvas: Canvas, clue: OutsideClue) -> str:
    """A clue beside the grid: a little killer's with its arrow, any other kind a plain number."""
    return OUTSIDE.get(clue.kind, _number)(canvas, clue)


def outside_legend(clues: Sequence[OutsideClue]) -> list[str]:
    """One note per kind of clue beside the grid: `sandwich clues: the digits between 1 and 9 ...`;
    a kind whose clues mean different things (sandwiches with other crusts) gets one per meaning."""
    seen: dict[tuple[str, str], str] = {}
    for clue in clues:
        label = LABELS.get(clue.kind, clue.kind)
        seen.setdefault((clue.kind, clue.says), f"{label} clues: {clue.says}")
    return list(seen.values())
