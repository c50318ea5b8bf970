"""SudokuPad drawings read back as the f-puzzles rule kinds they were converted from.

SudokuPad's f-puzzles converter (SudokuPad/sudokutools, src/fpuzzlesdecoder.js) draws each kind
with fixed colours and sizes, and draws the cosmetic lines that rangsk's f-puzzles plugin
(dclamage/SudokuSolver, UserScripts/fpuzzles-newconstraints.js) exports beside its line kinds
with the plugin's colour and width (thickness = 32 x width). Where that drawing can mean one
rule only, `read` states it, and marks the drawing used (`Used`), so the rest of
`puzzlesat.formats.sudokupad.doc` does not refuse it or read it as a thermometer bulb:

- a line in a plugin colour and thickness (`LINE_STYLES`, the current plugin's and the older ones
  seen in real puzzles), or SudokuPad's grey palindrome (#CFCFCF, 16): that `[[line]]`; a slow
  thermometer's bulb circle says which end rises, a double arrow's circles are consumed;
- a thin grey line (#CFCFCF, 2) whose ends stop short of two white ringed circles: a between line;
- a short black arrow pointing diagonally from a cell centre, with a number there: a little killer;
- a number beside the grid in the sandwich style, or under the plugin's X-sum (◯) or skyscraper
  (▯) symbol: that `[[outside]]` clue;
- black chevrons at a grey cell's edges: maximum or minimum (a `[[less]]` per chevron);
- a white ringed circle on a cell corner with digits: a quadruple;
- a cage styled `fpRowIndexer`, `fpColumnIndexer` or `fpBoxIndexer`: indexer cells.

What the converter draws ambiguously stays refused by `puzzlesat.formats.sudokupad.doc` (clones, whose
grey squares do not say which cell copies which; a slow thermometer without its bulb), and what
it does not draw at all (lockout and parity lines, negative constraints) cannot be seen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from puzzlesat.formats.fault import Fault
from puzzlesat.model.grid import cell_name
from puzzlesat.model.rules import Rule
from puzzlesat.model.rules.indexer import Indexer
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.line import Line
from puzzlesat.model.rules.outside import Outside
from puzzlesat.model.rules.quadruple import Quadruple
from puzzlesat.model.rules.sum import Sum
from puzzlesat.runtime.records import dataclass, field

RC = tuple[int, int]
Point = tuple[float, float]
EPS = 0.02

# (colour, thickness) -> line kind; "whispers/dutch" is whispers of the Dutch difference.
LINE_STYLES = {
    ("#f067f0", 8.0): "renban", ("#c060c0", 12.8): "renban",
    ("#67f067", 6.0): "whispers", ("#60c060", 9.6): "whispers", ("#ff9a00", 6.0): "whispers/dutch",
    ("#ffccaa", 5.0): "entropic", ("#ffccaa", 8.0): "entropic",
    ("#33bbbb", 5.0): "modular",
    ("#2ecbff", 5.0): "region_sum", ("#2ecbff", 8.0): "region_sum",
    ("#c9c883", 8.0): "nabner",
    ("#c54b8b", 4.8): "double_arrow",
    ("#cdb1ec", 5.0): "zipper",
    ("#6495ed", 9.6): "slow_thermometer",
    ("#cfcfcf", 16.0): "palindrome",
}  # fmt: skip
BETWEEN = ("#cfcfcf", 2.0)
INDEXERS = {"fpRowIndexer": "row", "fpColumnIndexer": "column", "fpBoxIndexer": "box"}
OUTSIDE_SYMBOLS = {"\u25ef": "xsum", "\u25af": "skyscraper"}
DIAGONALS = ((-1, 1), (-1, -1), (1, 1), (1, -1))


@dataclass
class Used:
    """The drawings read as rules (their paths, `lines[3]`), and the rules."""

    paths: set[str] = field(default_factory=set)
    rules: list[Rule] = field(default_factory=list)


def _near(x: float, y: float) -> bool:
    return abs(x - y) <= EPS


def _num(v: object) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _points(item: dict[str, Any]) -> list[Point] | None:
    v = item.get("wayPoints")
    if not isinstance(v, list) or any(not (isinstance(p, list) and len(p) == 2) for p in v):
        return None
    pts = [(_num(p[0]), _num(p[1])) for p in v]
    return None if any(a is None or b is None for a, b in pts) else pts  # type: ignore[return-value]


def _centre_of(p: Point) -> RC | None:
    """The cell (from 0, possibly beside the grid) whose centre `p` is."""
    r, c = p[0] - 0.5, p[1] - 0.5
    return (round(r), round(c)) if _near(r, round(r)) and _near(c, round(c)) else None


def _colour(v: object) -> str:
    return str(v or "").lower()


def _name(rc: RC) -> str:
    return cell_name(rc[0] + 1, rc[1] + 1)


def _graphics(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for key in ("underlays", "overlays"):
        for k, item in enumerate(doc.get(key) or [], 1):
            if isinstance(item, dict):
                out.append((f"{key}[{k}]", item))
    return out


def _at(item: dict[str, Any]) -> Point | None:
    v = item.get("center")
    if isinstance(v, list) and len(v) == 2 and _num(v[0]) is not None and _num(v[1]) is not None:
        return float(v[0]), float(v[1])
    return None


def _text(item: dict[str, Any]) -> str:
    return str(item.get("text") if item.get("text") is not None else "").strip()


def read(doc: dict[str, Any], n: int, regions: list[list[int]] | None, path: Any) -> Used:
    """Every drawing above that means one rule; `path(points, where)` is the reader's cell path."""
    used = Used()
    graphics = _graphics(doc)
    _lines(doc, n, graphics, path, used)
    _little_killers(doc, n, graphics, used)
    _outside(n, graphics, used)
    _extremes(doc, n, graphics, used)
    _quadruples(n, graphics, used)
    _indexers(doc, n, regions, used)
    return used


def _circles_at(graphics: Sequence[tuple[str, dict[str, Any]]], rc: RC, fill: str, border: str) -> list[str]:
    """Round shapes on the centre of `rc` filled with `fill` inside a `border` ring."""
    out = []
    for where, item in graphics:
        at = _at(item)
        if at is None or item.get("rounded") is not True or _centre_of(at) != rc:
            continue
        if (_colour(item.get("backgroundColor")), _colour(item.get("borderColor"))) == (fill, border):
            out.append(where)
    return out


def _lines(doc: dict[str, Any], n: int, graphics: list, path: Any, used: Used) -> None:
    for k, item in enumerate(doc.get("lines") or [], 1):
        where = f"lines[{k}]"
        points = _points(item) if isinstance(item, dict) else None
        thickness = _num(item.get("thickness")) if isinstance(item, dict) else None
        if points is None or thickness is None:
            continue
        style = (_colour(item.get("color")), round(thickness, 2))
        if style == BETWEEN:
            _between(points, n, graphics, path, where, used)
            continue
        kind = LINE_STYLES.get(style)
        if kind is None:
            continue
        cells = path(points, where)
        if cells is None or len(cells) < 2:
            continue
        difference = None
        if kind == "whispers/dutch":
            kind, difference = "whispers", (n + 1) // 2 - 1
        if kind in ("slow_thermometer", "double_arrow"):
            ends = {end: _circles_at(graphics, end, style[0], style[0]) for end in (cells[0], cells[-1])}
            if kind == "slow_thermometer":
                if bool(ends[cells[0]]) == bool(ends[cells[-1]]):
                    which = "both ends" if ends[cells[0]] else "neither end"
                    raise Fault(f"{where} is a slow thermometer's line with a bulb at {which} (which end rises is "
                                "not drawn)")  # fmt: skip
                if not ends[cells[0]]:
                    cells.reverse()
            used.paths.update(x for v in ends.values() for x in v)
        used.paths.add(where)
        used.rules.append(Line(kind, tuple(_name(c) for c in cells), difference))


def _between(points: list[Point], n: int, graphics: list, path: Any, where: str, used: Used) -> None:
    """The converter pulls the ends back from the end cells' centres towards the line, under circles."""
    if len(points) < 2:
        return
    ends = [(round(p[0] - 0.5) + 0.5, round(p[1] - 0.5) + 0.5) for p in (points[0], points[-1])]
    if any(max(abs(e[0] - p[0]), abs(e[1] - p[1])) > 0.45 for e, p in zip(ends, (points[0], points[-1]), strict=True)):
        return
    cells = path([ends[0], *points[1:-1], ends[1]], where)
    if cells is None or len(cells) < 2:
        return
    circles = [_circles_at(graphics, c, "#ffffff", "#cfcfcf") for c in (cells[0], cells[-1])]
    if not all(circles):
        return
    used.paths.update([where, *circles[0], *circles[1]])
    used.rules.append(Line("between", tuple(_name(c) for c in cells)))


def _little_killers(doc: dict[str, Any], n: int, graphics: list, used: Used) -> None:
    """A black arrow from 0.3 to 0.48 of a diagonal step off a cell centre, the clue's number there."""
    for k, item in enumerate(doc.get("arrows") or [], 1):
        points = _points(item) if isinstance(item, dict) else None
        if points is None or len(points) != 2 or _colour(item.get("color")) not in ("#000000", "#000"):
            continue
        (r0, c0), (r1, c1) = points
        step = ((r1 - r0) / 0.18, (c1 - c0) / 0.18)
        d = next((x for x in DIAGONALS if _near(step[0], x[0]) and _near(step[1], x[1])), None)
        clue = None if d is None else _centre_of((r0 - 0.3 * d[0], c0 - 0.3 * d[1]))
        if d is None or clue is None:
            continue
        text = [(w, _text(g)) for w, g in graphics if _at(g) and _centre_of(_at(g)) == clue and _text(g)]  # type: ignore[arg-type]
        cells = []
        r, c = clue
        if not (0 <= r < n and 0 <= c < n):
            r, c = r + d[0], c + d[1]
        while 0 <= r < n and 0 <= c < n:
            cells.append((r, c))
            r, c = r + d[0], c + d[1]
        if len(text) != 1 or not cells or not (text[0][1] == "_" or re.fullmatch(r"\d{1,18}", text[0][1])):
            continue
        used.paths.update([f"arrows[{k}]", text[0][0]])
        if text[0][1] != "_":
            used.rules.append(Sum(tuple(_name(x) for x in cells), int(text[0][1])))


def _line_from(rc: RC, n: int) -> tuple[str, ...] | None:
    """The cells seen from a cell beside the grid, nearest first."""
    r, c = rc
    if r in (-1, n) and 0 <= c < n:
        rows = range(n) if r == -1 else range(n - 1, -1, -1)
        return tuple(_name((k, c)) for k in rows)
    if c in (-1, n) and 0 <= r < n:
        cols = range(n) if c == -1 else range(n - 1, -1, -1)
        return tuple(_name((r, k)) for k in cols)
    return None


def _outside(n: int, graphics: list, used: Used) -> None:
    """Numbers beside the grid: a sandwich (the converter's white box, font 32), or the number under
    the plugin's X-sum or skyscraper symbol in the same spot."""
    by_spot: dict[RC, list[tuple[str, dict[str, Any]]]] = {}
    for where, item in graphics:
        at = _at(item)
        rc = _centre_of(at) if at else None
        if rc and _line_from(rc, n) and _text(item) and where not in used.paths:
            by_spot.setdefault(rc, []).append((where, item))
    for rc, items in by_spot.items():
        texts = {_text(g): w for w, g in items}
        symbol = [s for s in OUTSIDE_SYMBOLS if s in texts]
        numbers = [t for t in texts if re.fullmatch(r"\d{1,18}", t)]
        if symbol and len(numbers) == 1 and len(items) == 2:
            kind = OUTSIDE_SYMBOLS[symbol[0]]
        elif not symbol and len(items) == 1 and numbers and items[0][1].get("fontSize") == 32:
            kind = "sandwich"
        else:
            continue
        used.paths.update(w for w, _ in items)
        used.rules.append(Outside(kind, _line_from(rc, n), int(numbers[0])))  # type: ignore[arg-type]


def _extremes(doc: dict[str, Any], n: int, graphics: list, used: Used) -> None:
    """The converter's chevrons: three points at 0.44, 0.39, 0.44 (minimum, pointing in) or 0.39,
    0.44, 0.39 (maximum) of a step from a cell's centre towards a neighbour."""
    grey: dict[RC, str] = {}
    for where, item in graphics:
        at = _at(item)
        if at and _colour(item.get("backgroundColor")) == "#ccc" and _centre_of(at) and item.get("rounded") is not True:
            grey[_centre_of(at)] = where  # type: ignore[index]
    for k, item in enumerate(doc.get("lines") or [], 1):
        points = _points(item) if isinstance(item, dict) else None
        if points is None or len(points) != 3 or _colour(item.get("color")) not in ("#000000", "#000"):
            continue
        outer = ((points[0][0] + points[2][0]) / 2, (points[0][1] + points[2][1]) / 2)
        for a, b, smaller in ((0.44, 0.39, True), (0.39, 0.44, False)):
            d = ((points[1][0] - outer[0]) / (b - a), (points[1][1] - outer[1]) / (b - a))
            cell = _centre_of((outer[0] - a * d[0], outer[1] - a * d[1]))
            if cell in grey and (round(d[0]), round(d[1])) in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                other = (cell[0] + round(d[0]), cell[1] + round(d[1]))
                pair = (cell, other) if smaller else (other, cell)
                used.paths.update([f"lines[{k}]", grey[cell]])
                used.rules.append(Less((_name(pair[0]), _name(pair[1]))))
                break


def _quadruples(n: int, graphics: list, used: Used) -> None:
    for where, item in graphics:
        at = _at(item)
        text = _text(item)
        if at is None or item.get("rounded") is not True or not text or _colour(item.get("borderColor")) != "#000000":
            continue
        r, c = at
        digits = re.findall(r"\d+", text)
        corner = _near(r, round(r)) and _near(c, round(c)) and 0 < round(r) < n and 0 < round(c) < n
        if not corner or not digits or re.sub(r"[\d\s\u2009]", "", text) or any(len(d) > 18 for d in digits):
            continue
        r, c = round(r), round(c)
        cells = ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c))
        used.paths.add(where)
        used.rules.append(Quadruple(tuple(_name(x) for x in cells), tuple(int(x) for x in digits)))


def _indexers(doc: dict[str, Any], n: int, regions: list[list[int]] | None, used: Used) -> None:
    for k, cage in enumerate(doc.get("cages") or [], 1):
        if not isinstance(cage, dict) or not isinstance(cage.get("style"), str) or cage["style"] not in INDEXERS:
            continue
        kind = INDEXERS[cage["style"]]
        cells = cage.get("cells") or []
        pairs = isinstance(cells, list) and all(isinstance(x, list) and len(x) == 2 for x in cells)
        if not pairs or not all(isinstance(y, int) for x in cells for y in x):
            continue
        for r, c in cells:
            if not (0 <= r < n and 0 <= c < n):
                raise Fault(f"cages[{k}].cells: [{r}, {c}] is outside the {n}x{n} grid")
            if kind == "row":
                line = [(i, c) for i in range(n)]
            elif kind == "column":
                line = [(r, j) for j in range(n)]
            else:
                if regions is None:
                    raise Fault(f"cages[{k}] is a box indexer on a grid without regions")
                line = [(i, j) for i in range(n) for j in range(n) if regions[i][j] == regions[r][c]]
            used.rules.append(Indexer(tuple(_name(x) for x in line), _name((r, c))))
        used.paths.add(f"cages[{k}]")
