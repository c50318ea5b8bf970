"""`--svg FILE`: a puzzle's board as an SVG picture, drawn the way f-puzzles draws variant sudokus.

A grid puzzle is drawn with its regions in thick lines, killer cages as dashed outlines inset in
their cells with the clue small in the top-left corner, thermometers (a grey bulb and a thick
rounded line), arrows (an open circle and a line with an arrowhead), kropki dots and XV letters on
the edge between their cells, futoshiki signs, diagonals, windoku windows, blocked squares (with
kakuro clues), givens in bold black and placed digits in a lighter blue. Rules no picture shows
(a plain sum, a table, anti-knight...) are listed in words below it. A magic figure (a puzzle with
a text layout) is drawn cell by cell where its layout places them: circles, or squares where the
layout boxes the cell in, with the lines of its collinear sums behind the circles.

Plain string building, no dependency; the same puzzle and values give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import puzzlesat.render.svg_parts as parts
from puzzlesat.model.grid import Grid
from puzzlesat.model.layout import places
from puzzlesat.model.model import Puzzle
from puzzlesat.model.rules.dot import KINDS
from puzzlesat.render.svg_cosmetics import cosmetics
from puzzlesat.render.svg_marks import attr, candidates_of, check_marks, pencil
from puzzlesat.render.text.gridboard import Features, features
from puzzlesat.runtime.errors import UsageError

CELL = 60  # pixels a grid square
MARGIN = 24
INSET = 0.08  # a cage's dashed outline, from the cell's edge, in cells
NOTE = 15  # pixels a line of notes below the picture
THERMO = "#c4c4c4"
ARROW = "#9a9a9a"
PLACED = "#2a5db0"
Corner = Callable[[int, int], tuple[float, float]]  # (row, column) from 1 -> its top-left pixel
FLAGS = {"anti_knight": "anti-knight", "anti_king": "anti-king", "non_consecutive": "non-consecutive"}


def check(path: str) -> None:
    """Refuse, before any work, a file name that is not .svg or names a directory."""
    suffix = Path(path).suffix.lower()
    if suffix != ".svg":
        raise UsageError(f"--svg {path}: unknown file type {suffix or '(none)'!r}; the picture is written as .svg")
    if Path(path).is_dir():
        raise UsageError(f"--svg {path}: is a directory")
    from puzzlesat.runtime.atomic import writable_target

    writable_target(path)  # a folder that does not exist, or a file in the way, fails before the search


def write_svg(
    puzzle: Puzzle,
    path: str,
    values: Sequence[int] | None = None,
    unknowns: Mapping[str, int] | None = None,
    *,
    marks: Mapping[int, Collection[int]] | None = None,
    counts: Mapping[int, Mapping[int, int]] | None = None,
) -> Path:
    """Draw the puzzle (with `values`, else its givens; `marks` and `counts` as `board_svg`) to
    `path`, written atomically."""
    from puzzlesat.runtime.atomic import write_atomic

    check(path)
    return write_atomic(path, board_svg(puzzle, values, unknowns, marks=marks, counts=counts))


def board_svg(
    puzzle: Puzzle,
    values: Sequence[int | None] | None = None,
    unknowns: Mapping[str, int] | None = None,
    marked: Mapping[int, str] | None = None,
    marks: Mapping[int, Collection[int]] | None = None,
    counts: Mapping[int, Mapping[int, int]] | None = None,
) -> str:
    """The SVG document: the solution `values` (givens in bold; None leaves a cell empty), or the
    givens alone; `marked` shades cells (cell -> fill colour), as an explanation step marks its rules.

    `marks` (cell -> values) draws each cell's candidates small, where no value is shown, and
    `counts` (cell -> value -> solutions) a smaller number under each candidate (counts alone draw
    the values counted above 0). With either given, even empty, every digit, mark, count and shaded
    cell also says what it is (`class`, `data-cell`, `data-value`) for a page to read; with both
    None the picture is the same bytes as before they existed. Figures (no grid) ignore the marks."""
    given = puzzle.given_map
    shown: list[int | None] = list(values) if values is not None else [given.get(i) for i in range(puzzle.size)]
    annotate = marks is not None or counts is not None
    if annotate:
        check_marks(puzzle.cells, puzzle.values, marks or {}, counts or {})
    if puzzle.grid is not None:
        cands = {c: vs for c, vs in candidates_of(marks, counts).items() if shown[c] is None}
        return _grid_svg(puzzle, puzzle.grid, shown, marked or {}, annotate, cands, counts or {})
    return _figure_svg(puzzle, shown, dict(unknowns or {}), annotate)


def _n(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _document(width: float, height: float, title: str, body: list[str]) -> str:
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def _digit(x: float, y: float, text: str, size: float, is_given: bool, data: str = "") -> str:
    """A value centred on (x, y): bold black when given, lighter blue when placed; with `data`
    (its `data-` attributes) it is also of class `value`."""
    style = 'font-weight="bold" fill="#000000"' if is_given else f'font-weight="normal" fill="{PLACED}"'
    kind = "given" if is_given else "placed"
    head = f'class="value {kind}" {data}' if data else f'class="{kind}"'
    return (
        f'<text {head} x="{_n(x)}" y="{_n(y + 0.36 * size)}" font-size="{_n(size)}" '
        f'text-anchor="middle" {style}>{escape(text)}</text>'
    )


def _data(cell: str, value: int) -> str:
    """The `data-` attributes of a digit: its cell's name and its value."""
    return f'data-cell="{attr(cell)}" data-value="{value}"'


def _notes(lines: Sequence[str], top: float) -> list[str]:
    return [
        f'<text class="note" x="{MARGIN}" y="{_n(top + NOTE * (k + 1))}" font-size="12" fill="#333333">'
        f"{escape(line)}</text>"
        for k, line in enumerate(lines)
    ]


# --- grids ----------------------------------------------------------------------------------------


def _grid_svg(
    puzzle: Puzzle,
    grid: Grid,
    shown: Sequence[int | None],
    marked: Mapping[int, str],
    annotate: bool = False,
    cands: Mapping[int, Collection[int]] | None = None,
    counts: Mapping[int, Mapping[int, int]] | None = None,
) -> str:
    f = features(grid, puzzle.rules)
    margin = CELL if f.outside else MARGIN  # a clue beside the grid takes a cell's width
    canvas = parts.Canvas(grid, margin, margin, CELL, lambda squares: _outline_path(squares, corner))

    def corner(r: int, c: int) -> tuple[float, float]:  # (row, column) from 1, top-left corner
        return margin + (c - 1) * CELL, margin + (r - 1) * CELL

    def centre(i: int) -> tuple[float, float]:
        x, y = corner(*grid.positions[i])
        return x + CELL / 2, y + CELL / 2

    def edge_mid(a: int, b: int) -> tuple[float, float]:
        (xa, ya), (xb, yb) = centre(a), centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    body: list[str] = cosmetics(canvas, puzzle.cosmetics, under=True)
    body += parts.shade(canvas, f.indexers, "indexer", parts.INDEXER) + parts.clones(canvas, f.clones)
    for i, fill in sorted(marked.items()):
        x, y = corner(*grid.positions[i])
        data = f' data-cell="{attr(grid.cell_names[i])}"' if annotate else ""
        body.append(
            f'<rect class="marked"{data} x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}" fill="{fill}"/>'
        )
    if grid.windows:
        for br in (2, 6):
            for bc in (2, 6):
                x, y = corner(br, bc)
                body.append(
                    f'<rect class="window" x="{_n(x)}" y="{_n(y)}" width="{3 * CELL}" height="{3 * CELL}" '
                    'fill="#e2e2e2"/>'
                )
    body += _blocked(grid, f, corner)
    if grid.diagonals:
        x0, y0 = corner(1, 1)
        x1, y1 = x0 + grid.columns * CELL, y0 + grid.rows * CELL
        for a, b in (((x0, y0), (x1, y1)), ((x1, y0), (x0, y1))):
            body.append(
                f'<line class="diagonal" x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}" '
                'stroke="#9a9a9a" stroke-width="2"/>'
            )
    for chain in f.thermometers:
        points = [centre(c) for c in chain]
        body.append(
            f'<g class="thermometer" fill="{THERMO}" stroke="{THERMO}">'
            f'<circle cx="{_n(points[0][0])}" cy="{_n(points[0][1])}" r="{_n(0.36 * CELL)}" stroke="none"/>'
            f'<polyline points="{_points(points)}" fill="none" stroke-width="{_n(0.24 * CELL)}" '
            'stroke-linecap="round" stroke-linejoin="round"/></g>'
        )
    for circle, shaft in f.arrows:
        body.append(_arrow(centre(circle), [centre(c) for c in _shaft_order(grid, circle, shaft)]))
    body += [parts.line(canvas, rule) for rule in f.lines]
    body += _lines(grid, corner)
    for cells, clue in f.cages:
        body.append(_cage(grid, cells, clue, corner))
    body += cosmetics(canvas, puzzle.cosmetics, under=False)
    body += [parts.quadruple(canvas, at, digits) for at, digits in f.quadruples]
    body += [parts.outside(canvas, clue) for clue in f.outside]
    for kind, a, b in f.dots:
        body.append(_dot(kind, *edge_mid(a, b)))
    for a, b in f.signs:
        body.append(_sign(centre(a), centre(b)))
    given = puzzle.given_map
    for i, v in enumerate(shown):
        if v is not None:
            x, y = centre(i)
            text = grid.symbol(v)
            size = CELL * min(0.52 if f.cages else 0.6, 1.2 / len(text))  # smaller beside a cage's clue
            body.append(_digit(x, y, text, size, i in given, _data(grid.cell_names[i], v) if annotate else ""))
    if cands or counts:
        clued = {grid.at[min(grid.positions[c] for c in cells)] for cells, clue in f.cages if clue}
        body += pencil(grid, puzzle.values, cands or {}, counts or {}, corner, CELL, bool(f.cages), clued)
    if annotate:  # each cell an element of its own, on top, for a page to select and a test to address
        body.append('<g class="cells" fill="none" pointer-events="all">')
        for i, name in enumerate(grid.cell_names):
            x, y = corner(*grid.positions[i])
            body.append(
                f'<rect class="cell" data-cell="{attr(name)}" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}"/>'
            )
        body.append("</g>")
    notes = list(f.others) + [text for key, text in FLAGS.items() if getattr(grid, key)]
    notes += list(f.negatives) + parts.legend(grid, f.lines) + parts.outside_legend(f.outside)
    width = 2 * margin + grid.columns * CELL
    height = 2 * margin + grid.rows * CELL
    body += _notes(notes, height - MARGIN / 2)
    return _document(width, height + NOTE * len(notes), puzzle.title, body)


def _dot(name: str, x: float, y: float) -> str:
    """A dot centred on its edge as its kind looks (`puzzlesat.model.rules.dot.KINDS`): a letter (XV) or
    a circle of a colour (kropki); the class is the family, and a circle's also its kind."""
    kind = KINDS[name]
    shape, paint = kind.look
    if shape == "letter":
        return (
            f'<text class="{kind.family}" x="{_n(x)}" y="{_n(y + 0.13 * CELL)}" font-size="{_n(0.36 * CELL)}" '
            'font-weight="bold" text-anchor="middle" fill="#000000" stroke="#ffffff" stroke-width="4" '
            f'paint-order="stroke">{escape(paint)}</text>'
        )
    return (
        f'<circle class="{kind.family} {name}" cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.12 * CELL)}" fill="{paint}" '
        'stroke="#000000" stroke-width="1.5"/>'
    )


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _blocked(grid: Grid, f: Features, corner: Corner) -> list[str]:
    """Blocked squares filled dark; a kakuro clue square split by its diagonal, across at the top
    right, down at the bottom left."""
    out = []
    size = 0.28 * CELL
    for r in range(1, grid.rows + 1):
        for c in range(1, grid.columns + 1):
            if (r, c) in grid.at:
                continue
            x, y = corner(r, c)
            out.append(f'<rect class="blocked" x="{_n(x)}" y="{_n(y)}" width="{CELL}" height="{CELL}" fill="#3a3a3a"/>')
            across, down = f.clues.get((r - 1, c - 1), ("", ""))
            if not (across or down):
                continue
            out.append(
                f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + CELL)}" y2="{_n(y + CELL)}" stroke="#9a9a9a" '
                'stroke-width="1"/>'
            )
            for text, tx, ty, anchor in (
                (across, x + 0.92 * CELL, y + 0.38 * CELL, "end"),
                (down, x + 0.08 * CELL, y + 0.9 * CELL, "start"),
            ):
                if text:
                    out.append(
                        f'<text class="clue" x="{_n(tx)}" y="{_n(ty)}" font-size="{_n(size)}" '
                        f'text-anchor="{anchor}" fill="#ffffff">{escape(text)}</text>'
                    )
    return out


def _runs(segments: set[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Unit segments (x0, y0, x1, y1) merged into the longest straight runs, sorted."""
    out = []
    horizontal = sorted((y, x) for x, y, x1, y1 in segments if y == y1)
    vertical = sorted((x, y) for x, y, x1, y1 in segments if x == x1)
    for fixed_first, items in ((False, horizontal), (True, vertical)):
        start = prev = None
        for line, pos in [*items, (None, None)]:
            if start is not None and (line != start[0] or pos != prev + 1):
                a, b = (start[0], start[1]), (start[0], prev + 1)
                out.append((a[0], a[1], b[0], b[1]) if fixed_first else (a[1], a[0], b[1], b[0]))
                start = None
            if line is not None and start is None:
                start = (line, pos)
            prev = pos
    return out


def _lines(grid: Grid, corner: Corner) -> list[str]:
    """Thin lines between cells, thick ones on region borders and the frame (one path each)."""
    thin: set[tuple[int, int, int, int]] = set()
    thick: set[tuple[int, int, int, int]] = set()
    region = grid.region_of
    at = grid.at
    for r in range(1, grid.rows + 1):
        for c in range(1, grid.columns + 1):
            for (dr, dc), seg in (((0, 1), (c, r - 1, c, r)), ((1, 0), (c - 1, r, c, r))):
                nr, nc = r + dr, c + dc
                if nr > grid.rows or nc > grid.columns:
                    continue
                a, b = at.get((r, c)), at.get((nr, nc))
                if a is None and b is None:
                    continue
                split = a is not None and b is not None and region.get(a, -1) != region.get(b, -1)
                (thick if split else thin).add(seg)
    thick |= {(x, y, x + 1, y) for x in range(grid.columns) for y in (0, grid.rows)}
    thick |= {(x, y, x, y + 1) for y in range(grid.rows) for x in (0, grid.columns)}
    out = []
    for kind, segs, width, extra in (("cell-lines", thin, 1, ""), ("regions", thick, 3, ' stroke-linecap="square"')):
        if not segs:
            continue
        x0, y0 = corner(1, 1)
        path = " ".join(
            f"M{_n(x0 + a * CELL)} {_n(y0 + b * CELL)}H{_n(x0 + c * CELL)}"
            if b == d
            else f"M{_n(x0 + a * CELL)} {_n(y0 + b * CELL)}V{_n(y0 + d * CELL)}"
            for a, b, c, d in _runs(segs)
        )
        out.append(f'<path class="{kind}" d="{path}" fill="none" stroke="#000000" stroke-width="{width}"{extra}/>')
    return out


def _outline(squares: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The boundary of a set of squares (row, column) as closed loops of lattice points (x, y),
    the inside on the right of the direction of travel (screen coordinates); where two squares
    touch only at a corner the loop turns into its own square, so each loop stays simple."""
    nxt: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, c in sorted(squares):
        x, y = c, r
        for neighbour, a, b in (
            ((r - 1, c), (x, y), (x + 1, y)),
            ((r, c + 1), (x + 1, y), (x + 1, y + 1)),
            ((r + 1, c), (x + 1, y + 1), (x, y + 1)),
            ((r, c - 1), (x, y + 1), (x, y)),
        ):
            if neighbour not in squares:
                nxt.setdefault(a, []).append(b)
    loops = []
    while nxt:
        start = min(nxt)
        loop, here, came = [start], start, None
        while True:
            options = nxt[here]
            if came is None or len(options) == 1:
                to = options[0]
            else:  # prefer the turn towards the inside (right), then straight on, then left
                dx, dy = came

                def rank(p: tuple[int, int], dx: int = dx, dy: int = dy, here: tuple[int, int] = here) -> int:
                    d = (p[0] - here[0], p[1] - here[1])
                    return [(-dy, dx), (dx, dy), (dy, -dx)].index(d)

                to = min(options, key=rank)
            options.remove(to)
            if not options:
                del nxt[here]
            came = (to[0] - here[0], to[1] - here[1])
            here = to
            if here == start:
                break
            loop.append(here)
        loops.append(_corners(loop))
    return loops


def _corners(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loop without the points where it runs straight on."""
    out = []
    for k, p in enumerate(loop):
        a, b = loop[k - 1], loop[(k + 1) % len(loop)]
        if (p[0] - a[0]) * (b[1] - p[1]) != (p[1] - a[1]) * (b[0] - p[0]):
            out.append(p)
    return out


def _inset(loop: list[tuple[int, int]], d: float) -> list[tuple[float, float]]:
    """Each corner moved by d along the inward normals of its two sides (axis-parallel sides)."""
    out = []
    for k, p in enumerate(loop):
        a, b = loop[k - 1], loop[(k + 1) % len(loop)]
        d1 = (_sign_of(p[0] - a[0]), _sign_of(p[1] - a[1]))
        d2 = (_sign_of(b[0] - p[0]), _sign_of(b[1] - p[1]))
        out.append((p[0] + d * (-d1[1] - d2[1]), p[1] + d * (d1[0] + d2[0])))
    return out


def _sign_of(v: float) -> int:
    return (v > 0) - (v < 0)


def _cage(grid: Grid, cells: Sequence[int], clue: str, corner: Corner) -> str:
    """One `<g class="cage">`: its dashed inset outline and its clue in the top-left cell."""
    squares = {grid.positions[c] for c in cells}
    x0, y0 = corner(1, 1)
    paths = []
    for loop in _outline(squares):
        pts = [(x0 + (x - 1) * CELL, y0 + (y - 1) * CELL) for x, y in _inset(loop, INSET)]
        paths.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in pts) + " Z")
    out = [
        f'<g class="cage"><path d="{" ".join(paths)}" fill="none" stroke="#000000" stroke-width="1.2" '
        'stroke-dasharray="4 3"/>'
    ]
    if clue:
        x, y = corner(*min(squares))
        size = 0.22 * CELL
        out.append(
            f'<rect x="{_n(x + 0.04 * CELL)}" y="{_n(y + 0.04 * CELL)}" width="{_n(0.6 * size * len(clue) + 2)}" '
            f'height="{_n(size)}" fill="#ffffff"/>'
        )
        out.append(
            f'<text class="cage-clue" x="{_n(x + 0.05 * CELL)}" y="{_n(y + 0.04 * CELL + 0.82 * size)}" '
            f'font-size="{_n(size)}" fill="#000000">{escape(clue)}</text>'
        )
    return "".join(out) + "</g>"


def _outline_path(squares: set[tuple[int, int]], corner: Corner) -> str:
    """The `d` of a cage's dashed outline around squares (row, column), inset as `_cage` insets it."""
    x0, y0 = corner(1, 1)
    paths = []
    for loop in _outline(squares):
        pts = [(x0 + (x - 1) * CELL, y0 + (y - 1) * CELL) for x, y in _inset(loop, INSET)]
        paths.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in pts) + " Z")
    return " ".join(paths)


def _shaft_order(grid: Grid, circle: int, shaft: Sequence[int]) -> list[int]:
    """The shaft from the circle outwards: as written, or reversed when only its last cell
    touches the circle."""
    (rc, cc) = grid.positions[circle]

    def touches(i: int) -> bool:
        r, c = grid.positions[i]
        return max(abs(r - rc), abs(c - cc)) == 1

    return list(reversed(shaft)) if not touches(shaft[0]) and touches(shaft[-1]) else list(shaft)


def _arrow(circle: tuple[float, float], shaft: Sequence[tuple[float, float]]) -> str:
    """One `<g class="arrow">`: an open circle and a line from its edge through the shaft, with a head."""
    r = 0.38 * CELL
    (cx, cy), (fx, fy) = circle, shaft[0]
    dist = math.hypot(fx - cx, fy - cy) or 1.0
    start = (cx + r * (fx - cx) / dist, cy + r * (fy - cy) / dist)
    points = [start, *shaft]
    (px, py), (tx, ty) = points[-2], points[-1]
    length = math.hypot(tx - px, ty - py) or 1.0
    ux, uy = (tx - px) / length, (ty - py) / length
    # the head points past the last cell's centre, so the digit there does not hide it
    tx, ty = tx + 0.3 * CELL * ux, ty + 0.3 * CELL * uy
    points[-1] = (tx, ty)
    head = 0.22 * CELL
    wings = [
        (tx - head * (ux * math.cos(a) - uy * math.sin(a)), ty - head * (uy * math.cos(a) + ux * math.sin(a)))
        for a in (math.pi / 5, -math.pi / 5)
    ]
    line = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in points)
    tip = f"M{_n(wings[0][0])} {_n(wings[0][1])} L{_n(tx)} {_n(ty)} L{_n(wings[1][0])} {_n(wings[1][1])}"
    return (
        f'<g class="arrow" fill="none" stroke="{ARROW}" stroke-width="{_n(0.05 * CELL)}" stroke-linecap="round" '
        f'stroke-linejoin="round"><circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#ffffff"/>'
        f'<path d="{line} {tip}"/></g>'
    )


def _sign(small: tuple[float, float], large: tuple[float, float]) -> str:
    """A futoshiki sign on the edge between two cells, its point towards the smaller one."""
    mx, my = (small[0] + large[0]) / 2, (small[1] + large[1]) / 2
    ux, uy = _sign_of(small[0] - large[0]), _sign_of(small[1] - large[1])  # towards the smaller
    a, w = 0.08 * CELL, 0.12 * CELL
    tip = (mx + a * ux, my + a * uy)
    ends = [(mx - a * ux + w * uy, my - a * uy + w * ux), (mx - a * ux - w * uy, my - a * uy - w * ux)]
    return (
        f'<path class="inequality" d="M{_n(ends[0][0])} {_n(ends[0][1])} L{_n(tip[0])} {_n(tip[1])} '
        f'L{_n(ends[1][0])} {_n(ends[1][1])}" fill="none" stroke="#000000" stroke-width="2.5" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


# --- magic figures --------------------------------------------------------------------------------

PITCH = 56  # pixels between the closest two cells of a figure


def _figure_svg(puzzle: Puzzle, shown: Sequence[int | None], unknowns: dict[str, int], annotate: bool = False) -> str:
    """Each cell where the layout puts it (a plain list without one): circles, or squares where
    the layout boxes the cell in; the lines of collinear sums behind the circles."""
    if puzzle.layout is not None:
        spots = places(puzzle.layout, puzzle.cells)
    else:
        spots = [(0, 2.0 * i, True) for i in range(puzzle.size)]
    lines = sorted({line for line, _, _ in spots})
    xs = sorted({x for _, x, _ in spots})
    gaps_x = (
        [b - a for line in lines for a, b in _pairs(sorted(x for ln, x, _ in spots if ln == line)) if b - a > 1e-9]
        or [b - a for a, b in _pairs(xs)]
        or [1.0]
    )
    gaps_y = [b - a for a, b in _pairs(lines)] or [1]
    ux, uy = min(gaps_x), min(gaps_y)
    pos = [
        (MARGIN + PITCH / 2 + (x - xs[0]) / ux * PITCH, MARGIN + PITCH / 2 + (line - lines[0]) / uy * PITCH)
        for line, x, _ in spots
    ]
    width = 2 * MARGIN + PITCH + max(x for x, _ in pos) - min(x for x, _ in pos)
    height = 2 * MARGIN + PITCH + max(y for _, y in pos) - min(y for _, y in pos)
    body: list[str] = []
    if not all(boxed for _, _, boxed in spots):
        for s in puzzle.sums:
            ends = _segment([pos[c] for c in s.cells])
            if ends:
                (x1, y1), (x2, y2) = ends
                body.append(
                    f'<line class="sum-line" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                    'stroke="#c4c4c4" stroke-width="3" stroke-linecap="round"/>'
                )
    given = puzzle.given_map
    for i, ((x, y), (_, _, boxed)) in enumerate(zip(pos, spots, strict=True)):
        cls = f'class="cell" data-cell="{attr(puzzle.cells[i])}"' if annotate else 'class="cell"'
        if boxed:
            body.append(
                f'<rect {cls} x="{_n(x - PITCH / 2)}" y="{_n(y - PITCH / 2)}" width="{PITCH}" '
                f'height="{PITCH}" fill="#ffffff" stroke="#000000" stroke-width="2"/>'
            )
        else:
            body.append(
                f'<circle {cls} cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.38 * PITCH)}" fill="#ffffff" '
                'stroke="#000000" stroke-width="2"/>'
            )
    for i, v in enumerate(shown):
        if v is not None:
            text = str(v)
            data = _data(puzzle.cells[i], v) if annotate else ""
            body.append(_digit(*pos[i], text, PITCH * min(0.45, 1.0 / len(text)), i in given, data))
    caption = [", ".join(f"{k} = {v}" for k, v in unknowns.items())] if unknowns else []
    body += _notes(caption, height - MARGIN / 2)
    return _document(width, height + NOTE * len(caption), puzzle.title, body)


def _pairs(items: Sequence) -> list[tuple]:
    return list(zip(items, items[1:], strict=False))


def _segment(points: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The two ends of a set of collinear points, None when they are not on one line."""
    if len(points) < 2:
        return None
    ordered = sorted(points)
    (ax, ay), (bx, by) = ordered[0], ordered[-1]
    if math.hypot(bx - ax, by - ay) < 1e-9:
        return None
    for px, py in ordered:
        if abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) > 1e-6 * math.hypot(bx - ax, by - ay) * PITCH:
            return None
    return ordered[0], ordered[-1]
