"""Grid puzzles: cells named `r1c1`..`rNcM`, houses and neighbour rules generated from a short spec.

Sudoku and its variants, KenKen, futoshiki and kakuro are grids. A `Grid` is what the user wrote
in the file's `[grid]` table (size, boxes or a jigsaw map, blocked squares, diagonals, windows,
anti-knight, anti-king, non-consecutive) and knows where each cell sits. It lowers itself into the
core like a rule, labelling each constraint as a solver would say it ("row 3", "box 5",
"anti-knight r1c1-r2c3"), so a clash is reported in the puzzle's own words; and boards are drawn
from it as solvers know them (`puzzlesat.render.text.gridboard`). Kropki and XV dots are rules
(`puzzlesat.model.rules.dot`, `puzzlesat.model.rules.negative`), not part of the grid.

>>> g = Grid(4)
>>> g.cell_names[:3], [label for label, _ in g.houses][:5], g.regions_cells[0]
(('r1c1', 'r1c2', 'r1c3'), ['row 1', 'row 2', 'row 3', 'row 4', 'column 1'], (0, 1, 4, 5))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cached_property

from puzzlesat.model.core import AllDifferent, Constraint, Table
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

# Value symbols for one character a cell: 1-9, then A.. for 10 and up (16x16 sudoku uses 1-9A-G).
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANKS = ".0_"
# Drawn between boxes in a givens block, never a value: skipped (a board printed by `solve` pastes back).
SEPARATORS = "|-+" + "".join(chr(c) for c in range(0x2500, 0x2580))
Pair = tuple[int, int]

ORTHOGONAL = ((0, 1), (1, 0))
KING = ((0, 1), (1, 0), (1, 1), (1, -1))
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))



def cell_name(r: int, c: int) -> str:
    """The name of the cell in row r, column c (both from 1)."""
    return f"r{r}c{c}"


def _map_rows(text: str, rows: int, columns: int, key: str) -> list[str]:
    """A map of one character a square, row by row (blank lines and spaces ignored)."""
    lines = ["".join(line.split()) for line in text.strip().splitlines() if line.strip()]
    if len(lines) != rows or any(len(line) != columns for line in lines):
        widths = sorted({len(x) for x in lines})
        raise ModelError(f"grid.{key}: expected {rows} rows of {columns} characters, got {len(lines)} rows of {widths}")
    return lines


@dataclass(frozen=True)
class Grid:
    """A rows x columns grid as the user described it; everything else is derived.

    `boxes`: "HxW" (H rows x W columns a box, as the grid's size is rows x columns), "none", or ""
    for square boxes when the side is a square; `regions`: a jigsaw
    map, one character a square (replaces the boxes); `blocked`: a map where `#` is no cell
    (kakuro); `latin`: rows and columns all different; `diagonals`: both long diagonals all
    different (X-sudoku); `windows`: the four windoku boxes; the neighbour rules as flags.
    """

    rows: int
    columns: int = 0
    boxes: str = ""
    regions: str = ""
    blocked: str = ""
    latin: bool = True
    diagonals: bool = False
    windows: bool = False
    anti_knight: bool = False
    anti_king: bool = False
    non_consecutive: bool = False

    def __post_init__(self) -> None:
        if not self.columns:
            object.__setattr__(self, "columns", self.rows)
        for key in ("rows", "columns"):
            n = getattr(self, key)
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 64:
                raise ModelError(f"grid.{key}: expected a whole number from 1 to 64, got {n!r}")
        if self.diagonals and self.rows != self.columns:
            raise ModelError("grid.diagonals: needs a square grid")
        if self.windows and (self.rows, self.columns) != (9, 9):
            raise ModelError("grid.windows: the windoku boxes need a 9x9 grid")
        _ = self.regions_cells  # validates the maps and boxes

    # --- geometry ------------------------------------------------------------------------------

    @cached_property
    def positions(self) -> tuple[tuple[int, int], ...]:
        """(row, column) of each cell, from 1, row by row; blocked squares hold no cell."""
        holes: set[tuple[int, int]] = set()
        if self.blocked:
            for r, line in enumerate(_map_rows(self.blocked, self.rows, self.columns, "blocked"), 1):
                holes |= {(r, c) for c, ch in enumerate(line, 1) if ch == "#"}
        return tuple(
            (r, c) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1) if (r, c) not in holes
        )

    @cached_property
    def cell_names(self) -> tuple[str, ...]:
        return tuple(cell_name(r, c) for r, c in self.positions)

    @cached_property
    def at(self) -> dict[tuple[int, int], int]:
        """The cell index at each (row, column) that holds a cell."""
        return {rc: i for i, rc in enumerate(self.positions)}

    @cached_property
    def box_shape(self) -> tuple[int, int] | None:
        if self.boxes == "none" or self.regions:
            return None
        if not self.boxes:
            root = math.isqrt(self.rows)
            square = self.rows == self.columns and root * root == self.rows and self.rows > 1
            return (root, root) if square else None
        h, sep, w = self.boxes.partition("x")
        if not sep or not h.isdigit() or not w.isdigit() or not int(h) or not int(w):
            raise ModelError(f'grid.boxes: expected "HxW" such as "2x3", or "none", got {self.boxes!r}')
        if self.rows % int(h) or self.columns % int(w):
            raise ModelError(
                f"grid.boxes: {h}x{w} boxes ({h} rows x {w} columns each) do not tile a "
                f"{self.rows}x{self.columns} grid ({self.rows} rows x {self.columns} columns)"
            )
        return int(h), int(w)

    @property
    def box_reading(self) -> str:
        """How the boxes were read, for messages about a box: `boxes = "2x3": 2 rows x 3 columns a box`."""
        if self.box_shape is None:
            return ""
        h, w = self.box_shape
        return f'boxes = "{h}x{w}": {h} rows x {w} columns a box'

    @cached_property
    def regions_cells(self) -> tuple[tuple[int, ...], ...]:
        """The boxes or jigsaw pieces (drawn with heavy borders), each an all-different house."""
        at = self.at
        if self.regions:
            pieces: dict[str, list[int]] = {}
            for r, line in enumerate(_map_rows(self.regions, self.rows, self.columns, "regions"), 1):
                for c, ch in enumerate(line, 1):
                    if (r, c) in at:
                        pieces.setdefault(ch, []).append(at[r, c])
            out = tuple(tuple(cells) for cells in sorted(pieces.values()))
            sizes = sorted({len(g) for g in out})
            if self.latin and sizes != [self.columns]:
                raise ModelError(f"grid.regions: every region needs {self.columns} cells, got sizes {sizes}")
            return out
        if self.box_shape is None:
            return ()
        h, w = self.box_shape
        return tuple(
            tuple(at[r, c] for r in range(br, br + h) for c in range(bc, bc + w) if (r, c) in at)
            for br in range(1, self.rows + 1, h)
            for bc in range(1, self.columns + 1, w)
        )

    @cached_property
    def region_of(self) -> dict[int, int]:
        return {c: k for k, region in enumerate(self.regions_cells) for c in region}

    def neighbours(self, offsets: Sequence[tuple[int, int]]) -> list[Pair]:
        """Every unordered pair of cells one of `offsets` apart, sorted."""
        pairs = set()
        for i, (r, c) in enumerate(self.positions):
            for dr, dc in offsets:
                j = self.at.get((r + dr, c + dc))
                if j is not None:
                    pairs.add((min(i, j), max(i, j)))
        return sorted(pairs)

    @cached_property
    def symbols(self) -> str:
        side = max(self.rows, self.columns)
        return SYMBOLS[:side] if side <= len(SYMBOLS) else ""

    def symbol(self, value: int) -> str:
        """How a value is written on the board and in a givens string."""
        if self.symbols and 1 <= value <= len(self.symbols):
            return self.symbols[value - 1]
        return str(value)

    # --- rules ---------------------------------------------------------------------------------

    @cached_property
    def houses(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Every all-different house with its name: rows, columns, boxes or regions, diagonals, windows."""
        at, n = self.at, self.rows
        out: list[tuple[str, tuple[int, ...]]] = []
        if self.latin:
            for r in range(1, self.rows + 1):
                out.append((f"row {r}", tuple(at[r, c] for c in range(1, self.columns + 1) if (r, c) in at)))
            for c in range(1, self.columns + 1):
                out.append((f"column {c}", tuple(at[r, c] for r in range(1, self.rows + 1) if (r, c) in at)))
        word = "region" if self.regions else "box"
        out += [(f"{word} {k}", g) for k, g in enumerate(self.regions_cells, 1)]
        if self.diagonals:
            out.append((f"diagonal r1c1-r{n}c{n}", tuple(at[i, i] for i in range(1, n + 1) if (i, i) in at)))
            anti = tuple(at[i, n + 1 - i] for i in range(1, n + 1) if (i, n + 1 - i) in at)
            out.append((f"diagonal r1c{n}-r{n}c1", anti))
        if self.windows:
            wins = [(br, bc) for br in (2, 6) for bc in (2, 6)]
            for k, (br, bc) in enumerate(wins, 1):
                out.append((f"window {k}", tuple(at[r, c] for r in range(br, br + 3) for c in range(bc, bc + 3))))
        return tuple((label, cells) for label, cells in out if len(cells) > 1)

    def lowered(self, domains: Sequence[Sequence[int]]) -> list[tuple[str, Constraint]]:
        """The grid's constraints with their names: houses and neighbour rules."""
        names = self.cell_names
        out: list[tuple[str, Constraint]] = [(label, AllDifferent(cells)) for label, cells in self.houses]
        for flag, offsets, label in (
            (self.anti_knight, KNIGHT, "anti-knight"),
            (self.anti_king, KING, "anti-king"),
        ):
            if flag:
                out += [(f"{label} {names[a]}-{names[b]}", AllDifferent((a, b))) for a, b in self.neighbours(offsets)]
        if self.non_consecutive:
            out += [
                (f"non-consecutive {names[a]}-{names[b]}", _not_consecutive(a, b, domains))
                for a, b in self.neighbours(ORTHOGONAL)
            ]
        return out

    def describe(self) -> str:
        """The grid in words, for `show`."""
        parts = [f"{self.rows}x{self.columns} grid"]
        if self.blocked:
            parts.append(f"{self.rows * self.columns - len(self.positions)} blocked squares")
        if self.latin:
            parts.append("rows and columns all different")
        if self.regions:
            parts.append(f"{len(self.regions_cells)} jigsaw regions")
        elif self.box_shape:
            parts.append("{}x{} boxes".format(*self.box_shape))
        flags = {
            "diagonals": "both diagonals",
            "windows": "windoku windows",
            "anti_knight": "anti-knight",
            "anti_king": "anti-king",
            "non_consecutive": "non-consecutive",
        }
        parts += [text for key, text in flags.items() if getattr(self, key)]
        return "; ".join(parts)


def _not_consecutive(a: int, b: int, domains: Sequence[Sequence[int]]) -> Table:
    """The consecutive value pairs of two cells, forbidden."""
    return Table((a, b), tuple((x, y) for x in domains[a] for y in domains[b] if abs(x - y) == 1), False)


def parse_givens(text: str, grid: Grid, values: Sequence[int]) -> dict[int, int]:
    """Givens as one character a cell (spaces, line breaks and box lines `|-+` ignored), or as
    numbers separated by spaces when values need more than one character; `.`, `0` or `_` is a blank."""
    tokens = [t for t in text.split() if t.strip(SEPARATORS)]  # | - + and box-drawing lines drawn between boxes
    n = len(grid.positions)
    if len(tokens) != n:
        tokens = [ch for ch in "".join(tokens) if ch not in SEPARATORS]
    if len(tokens) != n:
        raise ModelError(f"givens: expected {n} entries (one a cell, row by row), got {len(tokens)}")
    by_symbol = {grid.symbol(v).upper(): v for v in values}
    by_symbol.update({str(v): v for v in values})
    out: dict[int, int] = {}
    for i, tok in enumerate(tokens):
        if tok in BLANKS:
            continue
        v = by_symbol.get(tok.upper())
        if v is None:
            r, c = grid.positions[i]
            raise ModelError(f"givens: {tok!r} at row {r}, column {c} is not a value of the puzzle nor a blank (.)")
        out[i] = v
    return out
