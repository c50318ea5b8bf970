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
```

Kropki and XV dots are rules (`[[dot]]`, `[[negative]]`: `puzzlesat.model.rules.dot`). Files written
before they were still say them in the grid, and still load, to the same rules (`grid_dots`):

```toml
kropki = { white = [["r1c1", "r1c2"]], black = [], negative = false }
xv = { x = [], v = [["r2c2", "r3c2"]], negative = false }
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlesat.model.grid import Grid, cell_name
from puzzlesat.model.tomlvalues import Bad, KeyPath, expect, is_int, quote, table

if TYPE_CHECKING:
    from puzzlesat.model.rules import Rule

# The dot families the [grid] table named before dots were rules: frozen, a new kind of dot is
# written as [[dot]] only.
LEGACY_DOTS = {"kropki": ("white", "black"), "xv": ("x", "v")}
FLAGS = ("latin", "diagonals", "windows", "anti_knight", "anti_king", "non_consecutive")
MAPS = ("boxes", "regions", "blocked")
KEYS = ("size", "rows", "columns", *MAPS, *FLAGS, *LEGACY_DOTS)
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
    return Grid(**args)


def grid_dots(v: object, grid: Grid, path: KeyPath = ("grid",)) -> list[Rule]:
    """The dots of an older file's `[grid]` table (`kropki = {...}`, `xv = {...}`) as the rules a
    file states today: a `Dot` each (kinds in order, then pairs in order) and a `Negative` for a
    family with `negative = true`; `load(old) == load(convert(old))`."""
    t = table(v, path, KEYS)
    index = {name: i for i, name in enumerate(grid.cell_names)}
    out: list[Rule] = []
    for family, kinds in LEGACY_DOTS.items():
        if family not in t:
            continue
        from puzzlesat.model.rules.dot import Dot  # here: a file without the old dots never loads them
        from puzzlesat.model.rules.negative import Negative

        where_family = (*path, family)
        d = table(t[family], where_family, (*kinds, "negative"))
        negative = d.get("negative", False)
        expect(isinstance(negative, bool), negative, (*where_family, "negative"), "true or false")
        for kind in kinds:
            rows = d.get(kind, [])
            expect(isinstance(rows, list), rows, (*where_family, kind), "a list of cell pairs")
            for k, pair in enumerate(rows, 1):
                where = (*where_family, kind, k)
                expect(isinstance(pair, list) and len(pair) == 2, pair, where, "a pair of cells [a, b]")
                out.append(Dot(kind, (_cell(pair[0], where, index), _cell(pair[1], where, index))))
        if negative:
            out.append(Negative(kinds))
    return out


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
    return out
