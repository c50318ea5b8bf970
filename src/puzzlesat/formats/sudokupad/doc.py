"""SudokuPad's own puzzle document (`scl`/`ctc` links) read into a grid `Puzzle`.

SudokuPad states few rules: cells with their givens, regions, and cages. Everything else is
drawing: lines, arrows, and shapes under and over the grid, which its players read through the
rules text. A drawing is read as a rule only when its shape is one
that f-puzzles' exporter writes for a rule, so that nothing else can mean it:

- a line through cell centres with a round bulb on one end: a thermometer rising from the bulb;
- an arrow starting on a round bulb, through cell centres: the cells sum to the bulb's cell;
- a small round dot on the edge between two cells: kropki, black (one twice the other) or white
  (consecutive), a number in it its ratio or difference;
- an X or V on an edge: XV; a line from corner to corner of the grid: a diagonal (all different);
- a grey square or circle in a cell: even or odd;
- a cage: a killer cage (its digits differ; a number its sum), as SudokuPad styles cages by default,
  unless it carries f-puzzles' cosmetic colours or another style.

The line kinds, little killers, outside clues, extremes, quadruples and indexers SudokuPad's
converter draws in a fixed style are read first by `puzzlesat.formats.sudokupad.kinds`. Any other drawing is
refused, naming it: the rule it stands for is in prose (a line in another colour could be anything),
and a puzzle solved without it would be another puzzle.
"""

from __future__ import annotations

import re
from typing import Any

from puzzlesat.formats.fault import Fault, shown, whole
from puzzlesat.formats.fault import entries as _list
from puzzlesat.formats.fault import expect as _expect
from puzzlesat.formats.fault import present as _present
from puzzlesat.formats.fpuzzles.doc import _boxes
from puzzlesat.formats.sudokupad.kinds import read as read_kinds
from puzzlesat.model.grid import Grid, cell_name
from puzzlesat.model.model import Puzzle, define
from puzzlesat.model.rules import Rule
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.sum import Sum

RC = tuple[int, int]
DOC_KEYS = ("id", "cellSize", "cells", "regions", "cages", "lines", "arrows", "underlays", "overlays", "metadata",
            "metaData", "videos", "settings", "diagonal+", "diagonal-", "windoku", "global")  # fmt: skip
# Metadata that says nothing a solver checks (messages, sources, styles); the rest is read or refused.
META_NOTES = (
    "title",
    "author",
    "rules",
    "solution",
    "source",
    "msgcorrect",
    "msgincorrect",
    "customstyle",
    "sourcefpuzzles",
)
META_FLAGS = ("antiknight", "antiking")
PROSE = " (SudokuPad draws it without checking it: the rule it stands for is only in the rules text)"
EPS = 0.02


def _point(v: object, where: str) -> tuple[float, float]:
    ok = isinstance(v, list) and len(v) == 2 and all(isinstance(x, int | float) and not isinstance(x, bool) for x in v)
    _expect(ok, v, where, "a point [row, column]")
    return float(v[0]), float(v[1])  # type: ignore[index]


def _near(x: float, y: float) -> bool:
    return abs(x - y) <= EPS


class _Geometry:
    """Where points fall on an n x n grid: cell centres, edge midpoints, corners."""

    def __init__(self, n: int) -> None:
        self.n = n

    def centre(self, p: tuple[float, float]) -> RC | None:
        r, c = p[0] - 0.5, p[1] - 0.5
        rr, cc = round(r), round(c)
        if _near(r, rr) and _near(c, cc) and 0 <= rr < self.n and 0 <= cc < self.n:
            return rr, cc
        return None

    def edge(self, p: tuple[float, float]) -> tuple[RC, RC] | None:
        """The two orthogonal neighbours whose shared edge `p` is the middle of."""
        r, c = p
        if self.centre((r, c + 0.5)) and _near(c, round(c)) and 0 < round(c) < self.n:  # vertical edge
            a = self.centre((r, c - 0.5))
            b = self.centre((r, c + 0.5))
        elif self.centre((r + 0.5, c)) and _near(r, round(r)) and 0 < round(r) < self.n:  # horizontal edge
            a = self.centre((r - 0.5, c))
            b = self.centre((r + 0.5, c))
        else:
            return None
        return (a, b) if a and b else None

    def path(self, points: list[tuple[float, float]], where: str) -> list[RC] | None:
        """The cells a path through cell centres visits (straight and 45-degree runs filled in), or None."""
        centres = [self.centre(p) for p in points]
        if any(c is None for c in centres):
            return None
        out: list[RC] = [centres[0]]  # type: ignore[list-item]
        for (r0, c0), (r1, c1) in zip(centres, centres[1:], strict=False):  # type: ignore[misc]
            dr, dc = r1 - r0, c1 - c0
            steps = max(abs(dr), abs(dc))
            if steps == 0:
                continue
            if dr and dc and abs(dr) != abs(dc):
                raise Fault(f"{where}: a segment from {cell_name(r0 + 1, c0 + 1)} to {cell_name(r1 + 1, c1 + 1)} "
                            "crosses cells between centres")  # fmt: skip
            out += [(r0 + dr // steps * k, c0 + dc // steps * k) for k in range(1, steps + 1)]
        if len(set(out)) != len(out):
            raise Fault(f"{where}: the path visits a cell twice")
        return out


def _number(v: object) -> int | None:
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    return whole(v) if isinstance(v, str) else None


def _shape(item: dict[str, Any]) -> tuple[float, float, bool]:
    w, h = item.get("width", 1), item.get("height", 1)
    ok = all(isinstance(x, int | float) and not isinstance(x, bool) for x in (w, h))
    return (float(w), float(h), item.get("rounded") is True) if ok else (0.0, 0.0, False)


def _colour(v: object) -> str:
    s = str(v or "").lower()
    return {"#000": "black", "#000000": "black", "black": "black", "#fff": "white", "#ffffff": "white",
            "white": "white"}.get(s, s)  # fmt: skip


def build(doc: dict[str, Any]) -> Puzzle:
    """The puzzle the document states, or a Fault naming the first thing puzzlesat cannot read."""
    extra = [k for k, v in doc.items() if k not in DOC_KEYS and _present(v)]
    if extra:
        listed = ", ".join(shown(k) for k in extra)
        raise Fault(f"the puzzle uses {listed}, which puzzlesat does not support")
    if _present(doc.get("global")):
        raise Fault(f"the puzzle uses global rules {shown(doc['global'])}, which puzzlesat does not support")
    for key in ("cages", "lines", "arrows", "underlays", "overlays"):
        _list(doc, key)  # an array of objects each, checked before any reader walks them
    n, givens = _cells(doc)
    geo = _Geometry(n)
    meta = _metadata(doc)
    regions = _regions(doc, n)
    distinct: list[tuple[str, ...]] = []
    rules: list[Rule] = []
    kinds = read_kinds(doc, n, regions, geo.path)
    used: set[str] = set(kinds.paths)
    cages, groups = _cages(doc, n, used)
    bulbs = _bulbs(doc, geo, used)
    diagonals, thermos = _lines(doc, geo, bulbs, used)
    arrows = _arrows(doc, geo, bulbs, used)
    grouped = {(int(name[1 : name.index("c")]) - 1, int(name[name.index("c") + 1 :]) - 1) for g in groups for name in g}
    dots, dot_cages, domains = _marks(doc, geo, used, grouped)
    both = {"diagonal+", "diagonal-"} <= diagonals | {k for k in ("diagonal+", "diagonal-") if doc.get(k) is True}
    diag = {"diagonal-": [(i, i) for i in range(n)], "diagonal+": [(n - 1 - i, i) for i in range(n)]}
    if not both:
        present = diagonals | {k for k in diag if doc.get(k) is True}
        distinct += [tuple(cell_name(r + 1, c + 1) for r, c in diag[k]) for k in sorted(present)]
    distinct += groups
    rules += [*dots, *arrows, *thermos, *cages, *dot_cages, *kinds.rules]
    windows = doc.get("windoku") is True
    grid = Grid(
        n,
        diagonals=both,
        windows=windows,
        anti_knight=meta.get("antiknight") is True,
        anti_king=meta.get("antiking") is True,
        **(_boxes(regions, n) if regions else {"boxes": "none"}),
    )
    title, author = str(meta.get("title") or "").strip(), str(meta.get("author") or "").strip()
    return define(
        re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "sudokupad",
        grid=grid,
        title=(title or "SudokuPad puzzle") + (f" by {author}" if author else ""),
        givens=givens,
        domains=domains,
        distinct=distinct,
        rules=rules,
    )


def _cells(doc: dict[str, Any]) -> tuple[int, dict[str, int]]:
    rows = doc.get("cells")
    _expect(isinstance(rows, list) and bool(rows), rows, "cells", "an array of rows")
    n = len(rows)  # type: ignore[arg-type]
    if n > 35 or any(not isinstance(row, list) or len(row) != n for row in rows):  # type: ignore[union-attr]
        raise Fault(f"cells: expected a square grid of up to 35 rows, got {n} rows of other lengths")
    givens: dict[str, int] = {}
    for r, row in enumerate(rows):  # type: ignore[arg-type]
        for c, cell in enumerate(row):
            where = f"cells[{r + 1}][{c + 1}]"
            if cell is None:
                continue
            _expect(isinstance(cell, dict), cell, where, "an object")
            v = cell.get("value")
            if v in (None, ""):
                continue
            value = _number(v)
            if value is None or not 1 <= value <= n:
                raise Fault(f"{where}.value: expected a digit from 1 to {n}, got {shown(v)}")
            givens[cell_name(r + 1, c + 1)] = value
    return n, givens


def _rc(v: object, where: str, n: int) -> RC:
    ok = isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    _expect(ok, v, where, "a cell [row, column] from 0")
    r, c = v  # type: ignore[misc]
    if not (0 <= r < n and 0 <= c < n):
        raise Fault(f"{where}: [{r}, {c}] is outside the {n}x{n} grid")
    return r, c


def _regions(doc: dict[str, Any], n: int) -> list[list[int]] | None:
    raw = doc.get("regions") or []
    _expect(isinstance(raw, list), raw, "regions", "an array of regions")
    if not raw:
        return None
    grid = [[-1] * n for _ in range(n)]
    for k, region in enumerate(raw):
        _expect(isinstance(region, list), region, f"regions[{k + 1}]", "an array of cells")
        for j, v in enumerate(region, 1):
            r, c = _rc(v, f"regions[{k + 1}][{j}]", n)
            if grid[r][c] != -1:
                raise Fault(f"regions[{k + 1}]: cell {cell_name(r + 1, c + 1)} is in two regions")
            grid[r][c] = k
    missing = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == -1]
    if missing:
        r, c = missing[0]
        raise Fault(f"regions: {len(missing)} cells are in no region ({cell_name(r + 1, c + 1)} first)")
    return grid


def _metadata(doc: dict[str, Any]) -> dict[str, Any]:
    """Cell-less `key: value` cages, then `metaData`, then `metadata` (SudokuPad's own order)."""
    meta: dict[str, Any] = {}
    for _, cage in _list(doc, "cages"):
        value = cage.get("value")
        if not _present(cage.get("cells")) and isinstance(value, str):
            m = re.match(r"([^: ]+):\s*(.*)", value, re.S)
            if m:
                meta[m[1].lower()] = m[2]
    for key in ("metaData", "metadata"):
        v = doc.get(key) or {}
        _expect(isinstance(v, dict), v, key, "an object")
        meta.update({k.lower(): x for k, x in v.items()})
    for key in META_FLAGS:
        if key in meta:
            meta[key] = meta[key] is True or str(meta[key]).strip().lower() == "true"
    unknown = [k for k, v in meta.items() if k not in META_NOTES + META_FLAGS and _present(v)]
    if unknown:
        raise Fault(
            f"the puzzle's metadata has {', '.join(map(shown, unknown))}, which puzzlesat does not support"
        )
    return meta


def _cages(doc: dict[str, Any], n: int, used: set[str]) -> tuple[list[Rule], list[tuple[str, ...]]]:
    """Killer cages (a sum, or none: digits still differ) and extra regions; a cosmetic cage is refused."""
    cages: list[Rule] = []
    groups: list[tuple[str, ...]] = []
    for where, cage in _list(doc, "cages"):
        if not _present(cage.get("cells")) or where in used:
            continue  # metadata, read by _metadata
        _expect(isinstance(cage["cells"], list), cage["cells"], f"{where}.cells", "an array of cells")
        cells = [_rc(v, f"{where}.cells[{k}]", n) for k, v in enumerate(cage["cells"], 1)]
        names = tuple(cell_name(r + 1, c + 1) for r, c in cells)
        if len(set(names)) != len(names):
            raise Fault(f"{where}.cells: a cell appears twice")
        style = cage.get("style")
        if style == "extraregion":
            groups.append(names)
            continue
        # SudokuPad's cages are killer cages unless styled otherwise; f-puzzles' cosmetic cages keep their colours
        if style not in (None, "killer"):
            raise Fault(f"{where} is a cage of style {shown(style)}{PROSE}")
        if cage.get("unique") is not True and any(_present(cage.get(k)) for k in ("outlineC", "fontC")):
            raise Fault(f"{where} is a cosmetic cage (f-puzzles' coloured cage){PROSE}")
        total = _number(cage.get("sum")) if cage.get("sum") is not None else None
        value = cage.get("value")
        if total is None and _present(value):
            total = _number(value)
            if total is None:
                raise Fault(f"{where}.value: {shown(value)} is no sum{PROSE}")
        if cage.get("unique") is False:
            raise Fault(f"{where}: a killer cage whose digits may repeat, which puzzlesat does not support")
        if total is not None:
            cages.append(Cage(names, "sum", total))
        elif len(names) > 1:
            groups.append(names)
    return cages, groups


def _graphics(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return _list(doc, "underlays") + _list(doc, "overlays")


def _bulbs(doc: dict[str, Any], geo: _Geometry, used: set[str]) -> dict[RC, list[str]]:
    """Round shapes most of a cell wide on a cell centre, by cell: the bulbs of thermometers and arrows."""
    out: dict[RC, list[str]] = {}
    for where, item in _graphics(doc):
        if where in used:
            continue
        w, h, rounded = _shape(item)
        at = geo.centre(_point(item.get("center"), f"{where}.center"))
        if rounded and at and 0.6 <= w <= 1.0 and _near(w, h) and not _present(item.get("text")):
            out.setdefault(at, []).append(where)
    return out


def _waypoints(item: dict[str, Any], where: str) -> list[tuple[float, float]]:
    """A drawing's points (two at least), each checked; a fault names the point."""
    v = item.get("wayPoints")
    _expect(isinstance(v, list) and len(v) >= 2, v, f"{where}.wayPoints", "at least two points")
    return [_point(p, f"{where}.wayPoints[{k}]") for k, p in enumerate(v, 1)]


def _lines(
    doc: dict[str, Any], geo: _Geometry, bulbs: dict[RC, list[str]], used: set[str]
) -> tuple[set[str], list[Rule]]:
    n = geo.n
    diagonals: set[str] = set()
    thermos: list[Rule] = []
    for where, line in _list(doc, "lines"):
        if where in used:
            continue
        points = _waypoints(line, where)
        ends = {tuple(map(round, points[0])), tuple(map(round, points[-1]))}
        straight = len(points) == 2 and all(_near(x, round(x)) for p in points for x in p)
        if straight and ends == {(0, 0), (n, n)}:
            diagonals.add("diagonal-")
            continue
        if straight and ends == {(0, n), (n, 0)}:
            diagonals.add("diagonal+")
            continue
        cells = geo.path(points, where)
        if cells is None or len(cells) < 2:
            raise Fault(f"{where} is a line that is no thermometer or diagonal{PROSE}")
        if bulbs.get(cells[-1]) and not bulbs.get(cells[0]):
            cells.reverse()
        if not bulbs.get(cells[0]):
            raise Fault(f"{where} is a line without a bulb at either end (no thermometer){PROSE}")
        used.update(bulbs[cells[0]])
        thermos.append(Less(tuple(cell_name(r + 1, c + 1) for r, c in cells)))
    return diagonals, thermos


def _arrows(doc: dict[str, Any], geo: _Geometry, bulbs: dict[RC, list[str]], used: set[str]) -> list[Rule]:
    out: list[Rule] = []
    for where, arrow in _list(doc, "arrows"):
        if where in used:
            continue
        points = _waypoints(arrow, where)
        start = (int(points[0][0]), int(points[0][1]))  # the cell the arrow leaves, its tail moved off the centre
        if not bulbs.get(start):
            raise Fault(f"{where} is an arrow that starts on no circle (a little killer or a cosmetic arrow){PROSE}")
        cells = geo.path([(start[0] + 0.5, start[1] + 0.5), *points[1:]], where)
        if cells is None:
            raise Fault(f"{where} is an arrow that does not run through cell centres{PROSE}")
        used.update(bulbs[start])
        shaft = cells[1:]
        names = tuple(cell_name(r + 1, c + 1) for r, c in [*shaft, cells[0]])
        out.append(Sum(names, 0, "=", (1,) * len(shaft) + (-1,)))
    return out


def _marks(
    doc: dict[str, Any], geo: _Geometry, used: set[str], grouped: set[RC]
) -> tuple[list[Rule], list[Rule], dict[str, list[int]]]:
    """Kropki dots, XV letters, even and odd shading; anything else drawn is refused but the shading
    of a whole cell of an extra region (`grouped`), which only marks the region out."""
    n = geo.n
    dots: list[Rule] = []
    cages: list[Rule] = []
    domains: dict[str, list[int]] = {}
    at = {(r, c): r * n + c for r in range(n) for c in range(n)}
    for where, item in _graphics(doc):
        if where in used:
            continue
        w, h, rounded = _shape(item)
        centre = _point(item.get("center"), f"{where}.center")
        text = str(item.get("text") or "").strip()
        edge = geo.edge(centre)
        cell = geo.centre(centre)
        if edge and rounded and w <= 0.45 and _near(w, h):
            a, b = edge
            kind = {"black": "black", "white": "white"}.get(_colour(item.get("backgroundColor")))
            value = _number(text) if text else None
            if kind is None or (text and value is None):
                raise Fault(f"{where} is a dot that is neither black nor white kropki{PROSE}")
            standard = 1 if kind == "white" else 2
            if value is None or value == standard:
                dots.append(Dot(kind, (at[a], at[b])))
            else:
                op = "difference" if kind == "white" else "quotient"
                cages.append(Cage((cell_name(a[0] + 1, a[1] + 1), cell_name(b[0] + 1, b[1] + 1)), op, value,
                                  value != (0 if kind == "white" else 1)))  # fmt: skip
        elif edge and text.lower() in ("x", "v") and not rounded:
            a, b = edge
            dots.append(Dot(text.lower(), (at[a], at[b])))
        elif cell in grouped and not text and not rounded and _near(w, 1) and _near(h, 1):
            continue
        elif cell and not text and not rounded and _near(w, 1) and _colour(item.get("backgroundColor")) == "#cfcfcf":
            raise Fault(f"{where} is a grey cell, as SudokuPad draws f-puzzles' clones, which does not say which "
                        f"cell copies which{PROSE}")  # fmt: skip
        elif cell and not text and 0.5 <= w <= 0.8 and _near(w, h):
            name = cell_name(cell[0] + 1, cell[1] + 1)
            keep = 1 if rounded else 0  # SudokuPad's odd is a circle, its even a square
            domains[name] = [v for v in domains.get(name, range(1, n + 1)) if v % 2 == keep]
        elif _present(text) or _present(item.get("backgroundColor")) or _present(item.get("borderColor")):
            got = f" {shown(text)}" if text else ""
            raise Fault(f"{where} is a shape{got} that is no kropki dot, XV, parity mark or bulb{PROSE}")
    return dots, cages, domains
