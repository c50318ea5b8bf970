"""The rule kinds `puzzlesat.formats.fpuzzles.kinds` reads, written back as f-puzzles keys: the inverse of the
importer for `[[line]]`, `[[clone]]`, `[[quadruple]]`, `[[outside]]`, `[[indexer]]`, little
killers and pill arrows (`[[sum]]`), disjoint groups and cosmetics, for `convert --to`.

Each rule key has one writer in `WRITERS`; a writer returns the document's key and entry, or a
UsageError naming why f-puzzles cannot state the rule. Beside each line kind that rangsk's
f-puzzles plugin adds (fpuzzles-newconstraints.js), the cosmetic `line` (and bulb `circle`) the
plugin itself exports is written too, marked `fromConstraint`, so that f-puzzles without the
plugin and SudokuPad's converter draw it; the importer skips those drawings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from puzzlesat.formats.fpuzzles.kinds import DIRECTIONS, LINE_KEYS
from puzzlesat.model.cosmetics import Cosmetic
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass

Entry = tuple[str, dict[str, Any]]
KEY_OF_LINE = {kind: key for key, kind in LINE_KEYS.items()}
OUTSIDE_KEYS = {"sandwich": "sandwichsum", "xsum": "xsum", "skyscraper": "skyscraper"}


@dataclass(frozen=True)
class Drawn:
    """How the plugin draws a line kind when it exports it: its name, colour, width, and whether
    it has a bulb (slow thermometer) or circles at both ends (double arrow)."""

    name: str
    colour: str
    width: float
    ends: int = 0  # circles drawn: 0, 1 (the first cell) or 2 (both ends)
    bulb: float = 0.85


# The exact values of fpuzzles-newconstraints.js (dclamage/SudokuSolver, UserScripts), by line kind;
# whispers are German or Dutch by their difference (`whispers_drawing`).
DRAWN = {
    "renban": Drawn("Renban", "#F067F0", 0.25),
    "german": Drawn("German Whispers", "#67F067", 0.1875),
    "dutch": Drawn("Dutch Whispers", "#FF9A00", 0.1875),
    "entropic": Drawn("Entropic Line", "#FFCCAA", 0.15625),
    "modular": Drawn("Modular Line", "#33BBBB", 0.15625),
    "region_sum": Drawn("Region Sum Line", "#2ECBFF", 0.15625),
    "nabner": Drawn("Nabner", "#C9C883", 0.25),
    "double_arrow": Drawn("Double Arrow", "#C54B8B", 0.15, ends=2),
    "zipper": Drawn("Zipper Line", "#cdb1ec", 0.15625),
    "slow_thermometer": Drawn("Slow Thermometer", "#6495ED", 0.3, ends=1, bulb=0.8),
}
# The plugin's X-sum and skyscraper drawings: a symbol beside the grid, the clue's number under it.
OUTSIDE_DRAWN = {"xsum": ("X Sum", "\u25ef"), "skyscraper": ("Skyscraper", "\u25af")}
# The indexers' cosmetic cages, as the plugin exports them.
INDEXER_DRAWN = {"rowindexer": ("Row Indexer", "#7CC77C"), "columnindexer": ("Column Indexer", "#C77C7C"),
                 "boxindexer": ("Box Indexer", "#7C7CC7")}  # fmt: skip


def whispers_drawing(difference: int | None, n: int) -> str:
    """German whispers differ by at least ceil(n/2), Dutch by one less (the plugin's two tools)."""
    return "dutch" if difference == (n + 1) // 2 - 1 else "german"


@dataclass(frozen=True)
class Out:
    """What a writer needs of the puzzle: the puzzle, cell references `R1C1`, the grid's size, and
    the target named in refusals."""

    puzzle: Puzzle
    rc: Callable[[int], str]
    target: str

    @property
    def n(self) -> int:
        return self.puzzle.grid.rows  # type: ignore[union-attr]

    def pos(self, i: int) -> tuple[int, int]:
        return self.puzzle.grid.positions[i]  # type: ignore[union-attr]

    def refuse(self, what: str) -> UsageError:
        return UsageError(f"convert: {self.puzzle.name} cannot be written as {self.target}: {what}")


def _line(o: Out, rule: Any) -> list[Entry]:
    cells = [o.rc(i) for i in rule.cells]
    if rule.kind == "entropic" and rule.digits not in (None, o.n):
        raise o.refuse(f"an entropic line of digits 1 to {rule.digits} on a {o.n}x{o.n} grid has no f-puzzles form")
    entry: dict[str, Any] = {"lines": [cells]}
    if rule.difference is not None:
        entry["value"] = str(rule.difference)
    out: list[Entry] = [(KEY_OF_LINE[rule.kind], entry)]
    look = DRAWN.get(whispers_drawing(rule.difference, o.n) if rule.kind == "whispers" else rule.kind)
    if look:
        out.append(("line", {"lines": [cells], "outlineC": look.colour, "width": look.width,
                             "fromConstraint": look.name}))  # fmt: skip
        for cell in (cells[0], cells[-1])[: look.ends]:
            out.append(("circle", {"cells": [cell], "baseC": look.colour, "outlineC": look.colour,
                                   "width": look.bulb, "height": look.bulb, "fromConstraint": look.name}))  # fmt: skip
    return out


def _clone(o: Out, rule: Any) -> list[Entry]:
    return [("clone", {"cells": [o.rc(i) for i in rule.cells], "cloneCells": [o.rc(i) for i in rule.copy]})]


def _quadruple(o: Out, rule: Any) -> list[Entry]:
    return [("quadruple", {"cells": [o.rc(i) for i in rule.cells], "values": list(rule.values)})]


def _outside(o: Out, rule: Any) -> list[Entry]:
    """The clue sits just outside the grid at the line's first cell, the line running across."""
    if rule.kind not in OUTSIDE_KEYS:
        raise o.refuse(f"a {rule.kind} clue (numbered room) has no f-puzzles key")
    n = o.n
    if rule.kind == "sandwich" and rule.crusts not in (None, (1, n), (n, 1)):
        raise o.refuse(f"a sandwich between {rule.crusts[0]} and {rule.crusts[1]} has no f-puzzles form "
                       f"(f-puzzles' crusts are 1 and {n})")  # fmt: skip
    cells = [o.pos(i) for i in rule.cells]
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    step = ((r1 - r0) // max(1, n - 1), (c1 - c0) // max(1, n - 1))
    whole = len(cells) == n and step in ((1, 0), (-1, 0), (0, 1), (0, -1))
    if not (whole and all(cells[k] == (r0 + k * step[0], c0 + k * step[1]) for k in range(n))):
        raise o.refuse(f"a {rule.kind} clue on cells that are no whole row or column, read from one end, "
                       "has no f-puzzles form")  # fmt: skip
    clue = f"R{r0 - step[0]}C{c0 - step[1]}"
    out: list[Entry] = [(OUTSIDE_KEYS[rule.kind], {"cell": clue, "value": str(rule.value)})]
    if rule.kind in OUTSIDE_DRAWN:  # the plugin's symbol, and the number under it
        name, symbol = OUTSIDE_DRAWN[rule.kind]
        for text, size in ((symbol, 1.2), (str(rule.value), 0.7)):
            out.append(("text", {"cells": [clue], "value": text, "fontC": "#000000", "size": size,
                                 "fromConstraint": name}))  # fmt: skip
    return out


def _indexer(o: Out, rule: Any) -> list[Entry]:
    """A row indexer indexes its column, a column indexer its row, a box indexer its box."""
    g = o.puzzle.grid
    r, c = o.pos(rule.cell)
    line = tuple(rule.cells)
    column = tuple(g.at[k, c] for k in range(1, o.n + 1))  # type: ignore[union-attr]
    row = tuple(g.at[r, k] for k in range(1, o.n + 1))  # type: ignore[union-attr]
    box = next((tuple(sorted(b)) for b in g.regions_cells if rule.cell in b), None)  # type: ignore[union-attr]
    key = {column: "rowindexer", row: "columnindexer"}.get(line) or ("boxindexer" if line == box else None)
    if key is None:
        raise o.refuse(f"an indexer at {o.rc(rule.cell)} over cells that are no row, column or box in reading "
                       "order has no f-puzzles form")  # fmt: skip
    return [(key, {"cells": [o.rc(rule.cell)]})]


def _sum(o: Out, rule: Any) -> list[Entry]:
    """An arrow (its circle one cell, or a pill of several read as a number) or a little killer."""
    weights = tuple(rule.weights or (1,) * len(rule.cells))
    if rule.op == "=" and isinstance(rule.rhs, int):
        shaft = [c for c, w in zip(rule.cells, weights, strict=True) if w == 1]
        circle = sorted(((w, c) for c, w in zip(rule.cells, weights, strict=True) if w < 0), key=lambda x: x[0])
        if rule.rhs == 0 and shaft and circle and len(shaft) + len(circle) == len(weights):
            if [w for w, _ in circle] == [-(10**k) for k in range(len(circle) - 1, -1, -1)]:
                if len(circle) > 1 and o.n > 9:
                    raise o.refuse(f"a pill arrow on a {o.n}x{o.n} grid (digits above 9 write no number)")
                cells = [o.rc(c) for _, c in circle]
                start = _nearest(o, [c for _, c in circle], shaft[0])
                return [("arrow", {"cells": cells, "lines": [[o.rc(start), *map(o.rc, shaft)]]})]
        if weights == (1,) * len(weights):
            clue = _diagonal(o, rule.cells)
            if clue:
                return [("littlekillersum", {"cell": clue[0], "direction": clue[1], "value": str(rule.rhs)})]
    raise o.refuse("a [[sum]] other than an arrow or a little killer (a whole diagonal) has no f-puzzles form")


def _nearest(o: Out, circle: Sequence[int], first: int) -> int:
    """The circle cell the arrow leaves from: the one nearest its first shaft cell."""
    fr, fc = o.pos(first)
    return min(circle, key=lambda c: (o.pos(c)[0] - fr) ** 2 + (o.pos(c)[1] - fc) ** 2)


def _diagonal(o: Out, cells: Sequence[int]) -> tuple[str, str] | None:
    """The clue cell and direction of a little killer summing exactly `cells`, if they are a whole
    diagonal of the grid (edge to edge); the clue is off the grid, one step before its first cell."""
    n = o.n
    at = sorted(o.pos(i) for i in cells)
    for direction in ("DR", "DL"):
        dr, dc = DIRECTIONS[direction]
        r, c = at[0]
        if (1 <= r - dr <= n and 1 <= c - dc <= n) or not all(p == (r + k * dr, c + k * dc) for k, p in enumerate(at)):
            continue
        end = (at[-1][0] + dr, at[-1][1] + dc)
        if not (1 <= end[0] <= n and 1 <= end[1] <= n):
            return f"R{r - dr}C{c - dc}", direction
    return None


WRITERS: dict[str, Callable[[Out, Any], list[Entry]]] = {
    "line": _line,
    "clone": _clone,
    "quadruple": _quadruple,
    "outside": _outside,
    "indexer": _indexer,
    "sum": _sum,
}


def indexer_drawings(doc: dict[str, Any]) -> list[Entry]:
    """The plugin's cosmetic cage over each kind of indexer cells."""
    out: list[Entry] = []
    for key, (name, colour) in INDEXER_DRAWN.items():
        cells = [cell for e in doc.get(key, []) for cell in e["cells"]]
        if cells:
            out.append(("cage", {"cells": cells, "outlineC": colour, "fontC": "#000000", "fromConstraint": name}))
    return out


def disjoint_groups(o: Out) -> tuple[tuple[int, ...], ...]:
    """The groups f-puzzles' disjoint-groups flag states on this grid: the k-th cell of every region
    in reading order, for each k (groups of one cell say nothing)."""
    g = o.puzzle.grid
    regions = g.regions_cells  # type: ignore[union-attr]
    if not regions:
        return ()
    ordered = [sorted(region, key=o.pos) for region in regions]
    size = max(len(r) for r in ordered)
    groups = [tuple(sorted(r[k] for r in ordered if k < len(r))) for k in range(size)]
    return tuple(x for x in groups if len(x) > 1)


def cosmetics(o: Out, drawn: Sequence[Cosmetic], grid: list[list[dict[str, Any]]]) -> list[Entry]:
    """The puzzle's cosmetics as the f-puzzles keys they were read from (cell colours into `grid`):
    each kind's colour in the field the importer reads first, so that they load back equal."""
    out: list[Entry] = []
    for c in drawn:
        if c.kind == "colour":
            for name in c.cells:
                r, col = o.pos(o.puzzle.cells.index(name))
                grid[r - 1][col - 1]["c"] = c.colour
            continue
        entry: dict[str, Any] = {}
        if c.kind == "line":
            entry["lines"] = [[_ref(o, x) for x in line] for line in c.lines]
            entry["width"] = 0.15
        else:
            entry["cells"] = [_ref(o, x) for x in c.cells]
        if c.kind in ("circle", "rectangle"):
            entry.update(width=0.7, height=0.7, angle=0)
        if c.text:
            entry["value"] = c.text
        if c.colour:
            entry["fontC" if c.kind == "text" else "outlineC"] = c.colour
        out.append((c.kind, entry))
    return out


def _ref(o: Out, name: str) -> str:
    """A cell's f-puzzles reference; a cosmetic's cell outside the grid (`r3c7` of a 6x6) as it was read."""
    if name not in o.puzzle.cells:
        return name.upper()
    return o.rc(o.puzzle.cells.index(name))
