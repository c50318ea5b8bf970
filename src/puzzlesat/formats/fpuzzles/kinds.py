"""f-puzzles' rule kinds beyond the first importer's: each key of the JSON document read into the
rules a user would write (`[[line]]`, `[[clone]]`, `[[quadruple]]`, `[[sum]]`, `[[less]]`,
distinct groups), with the semantics of f-puzzles' own solver (rangsk's SudokuSolver, whose
`FPuzzlesBoard` names the keys): one reader a key in `READERS`, no if-chain.

`puzzlesat.formats.fpuzzles.doc` checks the document's shape and calls `read` with its own helpers (a
`Reader`), so this module does not import it; the cosmetics it does not solve are read by `cosmetics`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from puzzlesat.formats.fault import Fault, json_kind, shown
from puzzlesat.model.cosmetics import Cosmetic
from puzzlesat.model.grid import ORTHOGONAL, cell_name
from puzzlesat.model.rules import Rule
from puzzlesat.model.rules.clone import Clone
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.line import Line
from puzzlesat.model.rules.line_kinds import KINDS as LINE_KINDS
from puzzlesat.model.rules.quadruple import Quadruple
from puzzlesat.model.rules.sum import Sum
from puzzlesat.runtime.records import dataclass, field

Cell = tuple[int, int]
# f-puzzles' line keys and the `[[line]]` kind each is (German and Dutch whispers are one key,
# "whispers", told apart by their value: the least difference).
LINE_KEYS = {
    "renban": "renban",
    "whispers": "whispers",
    "nabner": "nabner",
    "palindrome": "palindrome",
    "zipperline": "zipper",
    "doublearrow": "double_arrow",
    "slowthermometer": "slow_thermometer",
    "betweenline": "between",
    "lockout": "lockout",
    "regionsumline": "region_sum",
    "entropicline": "entropic",
    "modularline": "modular",
    "parityline": "parity",
}
# Little killer directions: the step from one cell to the next along the diagonal.
DIRECTIONS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
LITTLE_KILLER_CELL = re.compile(r"[Rr](\d{1,9})[Cc](\d{1,9})")


@dataclass(frozen=True)
class Reader:
    """What `puzzlesat.formats.fpuzzles.doc` lends: its cell reader (`one`, `many`, `lines`, `size`), its
    list-of-objects reader, its number reader and the grid's region numbers."""

    cells: Any
    entries: Callable[[dict[str, Any], str], list[tuple[str, dict[str, Any]]]]
    number: Callable[[object, str, int | None], int | None]
    regions: list[list[int]]


@dataclass
class Found:
    rules: list[Rule] = field(default_factory=list)
    groups: list[tuple[str, ...]] = field(default_factory=list)


def _names(cells: Sequence[Cell]) -> tuple[str, ...]:
    return tuple(cell_name(r, c) for r, c in cells)


def _lines(key: str) -> Callable[[dict[str, Any], Reader, Found], None]:
    """A line key: each of an entry's lines is a line of its own, as SudokuSolver reads them; a line
    too short to say anything (one cell; a double arrow of two) is drawn only."""
    kind = LINE_KEYS[key]

    def read(doc: dict[str, Any], r: Reader, out: Found) -> None:
        for where, entry in r.entries(doc, key):
            difference = r.number(entry.get("value"), f"{where}.value", None)
            if difference is not None and LINE_KINDS[kind].needs != "difference":
                difference = None  # a value the kind does not read (f-puzzles may write one)
            if difference is not None and difference < 1:
                raise Fault(f"{where}.value: a {key} difference is at least 1, got {difference}")
            for line in r.cells.lines(entry, where):
                if len(line) >= LINE_KINDS[kind].least:
                    out.rules.append(Line(kind, _names(line), difference))

    return read


def _little_killer(doc: dict[str, Any], r: Reader, out: Found) -> None:
    """The clue sits outside the grid (or on its edge cell) and sums the diagonal it points along,
    as SudokuSolver reads it: a clue off the grid takes one step in; an empty value is an unclued arrow."""
    n = r.cells.size
    for where, entry in r.entries(doc, "littlekillersum"):
        total = r.number(entry.get("value"), f"{where}.value", None)
        if total is None:
            continue
        ref, direction = entry.get("cell"), entry.get("direction")
        m = LITTLE_KILLER_CELL.fullmatch(ref) if isinstance(ref, str) else None
        if not m or not all(0 <= int(x) <= n + 1 for x in m.groups()):
            got = shown(ref) if isinstance(ref, str) else json_kind(ref)
            raise Fault(f'{where}.cell: expected a cell such as "R0C1" beside a {n}x{n} grid, got {got}')
        if not isinstance(direction, str) or direction not in DIRECTIONS:
            got = shown(direction) if isinstance(direction, str) else json_kind(direction)
            raise Fault(f"{where}.direction: expected one of {', '.join(DIRECTIONS)}, got {got}")
        dr, dc = DIRECTIONS[direction]
        row, col = int(m[1]), int(m[2])

        def inside(a: int, b: int) -> bool:
            return 1 <= a <= n and 1 <= b <= n

        if not inside(row, col):
            row, col = row + dr, col + dc
        diagonal = []
        while inside(row, col):
            diagonal.append((row, col))
            row, col = row + dr, col + dc
        if not diagonal:
            raise Fault(f"{where}: {ref} pointing {direction} misses the grid")
        out.rules.append(Sum(_names(diagonal), total))


def _extremes(key: str, greater: bool) -> Callable[[dict[str, Any], Reader, Found], None]:
    """Maximum (minimum) cells: greater (less) than each orthogonal neighbour that is not one too."""

    def read(doc: dict[str, Any], r: Reader, out: Found) -> None:
        marked = [r.cells.one(e.get("cell"), f"{where}.cell") for where, e in r.entries(doc, key)]
        n = r.cells.size
        for a, b in marked:
            for dr, dc in (*ORTHOGONAL, *((-x, -y) for x, y in ORTHOGONAL)):
                other = (a + dr, b + dc)
                if 1 <= other[0] <= n and 1 <= other[1] <= n and other not in marked:
                    pair = ((a, b), other) if not greater else (other, (a, b))
                    out.rules.append(Less(_names(pair)))

    return read


def _disjoint(doc: dict[str, Any], r: Reader, out: Found) -> None:
    """The cells at the same place in their regions (the k-th in reading order) are all different."""
    v = doc.get("disjointgroups")
    if v is not None and not isinstance(v, bool):
        raise Fault(
            f"disjointgroups: expected true or false, got {shown(v) if isinstance(v, str | int) else json_kind(v)}"
        )
    if v is not True:
        return
    seen: dict[int, int] = {}
    groups: dict[int, list[Cell]] = {}
    for row, numbers in enumerate(r.regions, 1):
        for col, region in enumerate(numbers, 1):
            k = seen.get(region, 0)
            seen[region] = k + 1
            groups.setdefault(k, []).append((row, col))
    out.groups += [_names(g) for _, g in sorted(groups.items()) if len(g) > 1]


def _clone(doc: dict[str, Any], r: Reader, out: Found) -> None:
    for where, entry in r.entries(doc, "clone"):
        a = r.cells.many(entry.get("cells"), f"{where}.cells")
        b = r.cells.many(entry.get("cloneCells"), f"{where}.cloneCells")
        if len(a) != len(b):
            raise Fault(f"{where}.cloneCells: {len(b)} cells copy {len(a)}; a clone has as many as its original")
        pairs = [(x, y) for x, y in zip(a, b, strict=True) if x != y]  # SudokuSolver skips a cell that is its own clone
        if pairs:
            out.rules.append(Clone(_names([x for x, _ in pairs]), _names([y for _, y in pairs])))


def _quadruple(doc: dict[str, Any], r: Reader, out: Found) -> None:
    n = r.cells.size
    for where, entry in r.entries(doc, "quadruple"):
        cells = r.cells.many(entry.get("cells"), f"{where}.cells")
        values = entry.get("values") or []
        ok = isinstance(values, list) and all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n for v in values
        )
        if not ok:
            raise Fault(f"{where}.values: expected an array of digits from 1 to {n}")
        if len(values) > len(cells):
            raise Fault(f"{where}.values: {len(values)} digits for {len(cells)} cells")
        if values:
            out.rules.append(Quadruple(_names(cells), tuple(values)))


READERS: dict[str, Callable[[dict[str, Any], Reader, Found], None]] = {
    "littlekillersum": _little_killer,
    "maximum": _extremes("maximum", True),
    "minimum": _extremes("minimum", False),
    "disjointgroups": _disjoint,
    "clone": _clone,
    "quadruple": _quadruple,
    **{key: _lines(key) for key in LINE_KEYS},
}
KEYS = tuple(READERS)


def read(doc: dict[str, Any], reader: Reader) -> Found:
    """Every rule of the keys in `READERS` the document has, in the registry's order."""
    out = Found()
    for key, read_key in READERS.items():
        if key in doc:
            read_key(doc, reader, out)
    return out


# --- cosmetics ----------------------------------------------------------------------------------

COSMETIC_KEYS = ("line", "circle", "rectangle", "text", "cage")


def _drawn_for_a_rule(entry: dict[str, Any]) -> bool:
    """Drawn by the solver plugin for a constraint the document also states under its own key."""
    return bool(entry.get("fromConstraint") or entry.get("isNewConstraint") or entry.get("isLLConstraint"))


def cosmetics(doc: dict[str, Any], reader: Reader) -> tuple[Cosmetic, ...]:
    """The document's cosmetic lines, shapes, text and cages (cell colours are read with the grid)."""
    out: list[Cosmetic] = []
    for key in COSMETIC_KEYS:
        for where, entry in reader.entries(doc, key):
            if _drawn_for_a_rule(entry):
                continue
            # a cosmetic may sit just outside the grid (a setter's note beside it): drawn nowhere, noted
            if key == "line":
                paths = reader.cells.lines(entry, where, outside=True)
            else:
                paths = [reader.cells.many(entry.get("cells"), f"{where}.cells", outside=True)]
            outside = not all(reader.cells.inside(rc) for path in paths for rc in path)
            lines = tuple(_names(path) for path in paths) if key == "line" else ()
            cells = () if key == "line" else _names(paths[0])
            text = entry.get("value")
            colour = entry.get("outlineC") or entry.get("baseC") or entry.get("fontC") or ""
            text = "" if text is None or isinstance(text, (dict, list)) else str(text)
            out.append(Cosmetic(key, cells, lines, text, str(colour), outside))
    return tuple(out)
