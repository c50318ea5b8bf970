"""The file format's `[grid]` table: read into a `Grid`, and written back from one.

```toml
[grid]
size = 9                 # or rows = 6, columns = 6
boxes = "3x3"            # rows x columns a box ("2x3": 2 rows of 3); default square; "none"
regions = '''            # a jigsaw instead of boxes: one character a square
AAABBBCCC
...'''
blocked = '''...'''      # kakuro: '#' marks a square that is no cell
latin = true             # rows and columns all different (kakuro: false)
diagonals = false        # X-sudoku
windows = false          # windoku
anti_knight = false
anti_king = false
non_consecutive = false
kropki = { white = [["r1c1", "r1c2"]], black = [], negative = false }
xv = { x = [], v = [["r2c2", "r3c2"]], negative = false }
```
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .grid import DOTS, Dots, Grid, cell_name
from .tomlcheck import Bad, KeyPath, expect, is_int, quote, table

FLAGS = ("latin", "diagonals", "windows", "anti_knight", "anti_king", "non_consecutive")
MAPS = ("boxes", "regions", "blocked")
KEYS = ("size", "rows", "columns", *MAPS, *FLAGS, *DOTS)
DEFAULTS = {"latin": True}


def read_grid(v: object, path: KeyPath = ("grid",)) -> Grid:
    t = table(v, path, KEYS)
    if "size" in t and ("rows" in t or "columns" in t):
        raise Bad((*path, "size"), "give size, or rows and columns, not both")
    rows = t.get("size", t.get("rows"))
    if rows is None:
        raise Bad((*path, "size"), "required key is missing (or rows and columns)")
    columns = t.get("size", t.get("columns", rows))
    for key, n in (("rows", rows), ("columns", columns)):
        expect(is_int(n), n, (*path, "size" if "size" in t else key), "an integer")
    args: dict[str, Any] = {"rows": rows, "columns": columns}
    for key in MAPS:
        if key in t:
            expect(isinstance(t[key], str), t[key], (*path, key), "a string")
            args[key] = t[key]
    for key in FLAGS:
        if key in t:
            expect(isinstance(t[key], bool), t[key], (*path, key), "true or false")
            args[key] = t[key]
    probe = Grid(rows, columns, blocked=args.get("blocked", ""))
    index = {name: i for i, name in enumerate(probe.cell_names)}
    args["dots"] = tuple(_dots(family, t[family], (*path, family), index) for family in DOTS if family in t)
    return Grid(**args)


def _dots(family: str, v: object, path: KeyPath, index: dict[str, int]) -> Dots:
    kinds = DOTS[family]
    t = table(v, path, (*kinds, "negative"))
    negative = t.get("negative", False)
    expect(isinstance(negative, bool), negative, (*path, "negative"), "true or false")
    pairs = []
    for kind in kinds:
        rows = t.get(kind, [])
        expect(isinstance(rows, list), rows, (*path, kind), "a list of cell pairs")
        found = []
        for k, pair in enumerate(rows, 1):
            where = (*path, kind, k)
            expect(isinstance(pair, list) and len(pair) == 2, pair, where, "a pair of cells [a, b]")
            found.append(tuple(_cell(c, where, index) for c in pair))
        pairs.append((kind, tuple(found)))
    return Dots(family, tuple(pairs), negative)


def _cell(ref: object, where: KeyPath, index: dict[str, int]) -> int:
    if is_int(ref) and 0 <= ref < len(index):  # type: ignore[operator]
        return ref  # type: ignore[return-value]
    if isinstance(ref, str) and ref in index:
        return index[ref]
    raise Bad(where, f"{ref!r} is not a cell of the grid (cells are named like {cell_name(1, 1)})")


def dump_grid(grid: Grid) -> list[str]:
    """The `[grid]` table's lines, defaults left out."""
    out = ["[grid]"]
    out.append(f"size = {grid.rows}" if grid.rows == grid.columns else f"rows = {grid.rows}\ncolumns = {grid.columns}")
    for key in MAPS:
        text = getattr(grid, key)
        if text:
            out.append(f"{key} = " + (f"'''\n{text.strip()}\n'''" if "\n" in text.strip() else quote(text)))
    for key in FLAGS:
        if getattr(grid, key) != DEFAULTS.get(key, False):
            out.append(f"{key} = {'true' if getattr(grid, key) else 'false'}")
    names = grid.cell_names
    for d in grid.dots:
        parts = [f"{kind} = [{', '.join(_pair(p, names) for p in pairs)}]" for kind, pairs in d.pairs]
        if d.negative:
            parts.append("negative = true")
        out.append(f"{d.family} = {{ {', '.join(parts)} }}")
    return out


def _pair(p: Sequence[int], names: Sequence[str]) -> str:
    return f"[{quote(names[p[0]])}, {quote(names[p[1]])}]"
