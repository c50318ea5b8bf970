"""The f-puzzles JSON document read into a grid `Puzzle`: each supported kind as a user would write it.

`puzzlesat.formats.fpuzzles.link` finds and decodes the document; this module checks its shapes (every fault one
`Fault` naming its key path, `arrow[2].cells[1]: ...`) and states it with the grid's flags,
`[[dot]]` and `[[negative]]` for kropki and XV dots, `[[sum]]` for arrows, `[[less]]` for
thermometers, `[[cage]]` for killer cages and dots of other values, and `[[table]]`s for the
negative constraints the dot rules cannot state. Where the format is silent the reading is
f-puzzles' own solver's (docs/decisions/formats.md, "f-puzzles import").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from puzzlesat.formats.fault import Fault, json_kind, shown, whole
from puzzlesat.formats.fault import entries as _entries
from puzzlesat.formats.fault import expect as _expect
from puzzlesat.formats.fault import present as _present
from puzzlesat.formats.fpuzzles.kinds import COSMETIC_KEYS, KEYS, Reader, cosmetics, read
from puzzlesat.model.cosmetics import Cosmetic
from puzzlesat.model.grid import ORTHOGONAL, Grid, cell_name
from puzzlesat.model.model import Puzzle, define
from puzzlesat.model.rules import Rule
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.indexer import Indexer
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.negative import Negative
from puzzlesat.model.rules.outside import Outside
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.rules.table import TableRule
from puzzlesat.runtime.records import replace

# What each key of the document is to puzzlesat. Every other key that holds something is refused.
SUPPORTED = (
    "size", "grid", "killercage", "thermometer", "arrow", "difference", "ratio", "xv", "negative",
    "diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "extraregion", "odd", "even",
    *KEYS, *COSMETIC_KEYS,
)  # fmt: skip
# Position-dependent clues: [[outside]] for the clues beside the grid, [[indexer]] for indexer cells.
OUTSIDE = {"sandwichsum": "sandwich", "xsum": "xsum", "skyscraper": "skyscraper"}
INDEXERS = ("rowindexer", "columnindexer", "boxindexer")
SUPPORTED += (*OUTSIDE, *INDEXERS)
METADATA = ("title", "author", "ruleset", "solution", "truecandidatesoptions", "disabledlogic")
# f-puzzles' cosmetic tools: drawn, never checked by f-puzzles; a rule they stand for is in prose.
COSMETICS = ("line", "circle", "rectangle", "text", "cage")
# Per-cell keys: the solver's own notes and highlights say nothing about the puzzle.
CELL_NOTES = ("centerPencilMarks", "cornerPencilMarks", "candidates", "highlight")
NEGATIVES = ("difference", "ratio", "xv")
# The document's flags: JSON booleans (f-puzzles writes true or false); "yes" or 1 is refused, not guessed.
FLAGS = ("diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive")
# A cell's `parity` field (odd or even cell), read as the `odd` and `even` keys are.
PARITY = {"odd": 1, "even": 0}
COSMETIC_NOTE = " (f-puzzles draws cosmetics without checking them: the rule one stands for is only in the rules text)"
CELL = re.compile(r"[Rr](\d{1,9})[Cc](\d{1,9})")


# --- checking the document's shapes -------------------------------------------------------------


def _number(v: object, where: str, default: int | None) -> int | None:
    """A clue's value: f-puzzles writes numbers as strings ("15"); empty or absent is `default`."""
    if v is None or v == "":
        return default
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, str) and whole(v) is not None:
        return whole(v)
    raise Fault(f"{where}: expected a whole number, got {shown(v)}")


class _Cells:
    """Cell references `R1C1` of a size x size grid, as puzzlesat's names `r1c1`."""

    def __init__(self, size: int) -> None:
        self.size = size

    def one(self, v: object, where: str, outside: bool = False) -> tuple[int, int]:
        """A cell of the grid; with `outside`, any row and column (a cosmetic outside the grid is
        drawn nowhere and solved never: it is noted)."""
        m = CELL.fullmatch(v) if isinstance(v, str) else None
        if not m:
            raise Fault(
                f'{where}: expected a cell such as "R1C1", got {shown(v) if isinstance(v, str) else json_kind(v)}'
            )
        r, c = int(m[1]), int(m[2])
        if not (outside or self.inside((r, c))):
            raise Fault(f"{where}: {v} is outside the {self.size}x{self.size} grid")
        return r, c

    def inside(self, rc: tuple[int, int]) -> bool:
        return 1 <= rc[0] <= self.size and 1 <= rc[1] <= self.size

    def many(self, v: object, where: str, least: int = 1, outside: bool = False) -> list[tuple[int, int]]:
        _expect(isinstance(v, list), v, where, "an array of cells")
        cells = [self.one(c, f"{where}[{k}]", outside) for k, c in enumerate(v, 1)]  # type: ignore[arg-type]
        if len(cells) < least:
            raise Fault(f"{where}: expected at least {least} cell{'s' if least > 1 else ''}, got {len(cells)}")
        if len(set(cells)) != len(cells):
            dup = next(c for c in cells if cells.count(c) > 1)
            raise Fault(f"{where}: cell {cell_name(*dup)} appears twice")
        return cells

    def lines(self, entry: dict[str, Any], where: str, outside: bool = False) -> list[list[tuple[int, int]]]:
        v = entry.get("lines")
        _expect(isinstance(v, list), v, f"{where}.lines", "an array of lines")
        return [self.many(line, f"{where}.lines[{k}]", outside=outside) for k, line in enumerate(v, 1)]


def _names(cells: Sequence[tuple[int, int]]) -> tuple[str, ...]:
    return tuple(cell_name(r, c) for r, c in cells)


# --- the document to a puzzle --------------------------------------------------------------------


def _refuse(doc: dict[str, Any]) -> None:
    """One error naming every key puzzlesat cannot state (cosmetics included)."""
    unknown = [k for k, v in doc.items() if k not in SUPPORTED + METADATA and _present(v)]
    negative = doc.get("negative") or []
    _expect(
        isinstance(negative, list) and all(isinstance(x, str) for x in negative),
        negative,
        "negative",
        "an array of constraint names",
    )
    unknown += [f"negative {x}" for x in negative if x not in NEGATIVES]
    if not unknown:
        return
    names = [shown(k) for k in unknown]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    note = COSMETIC_NOTE if any(k in COSMETICS for k in unknown) else ""
    raise Fault(f"the puzzle uses {listed}, which puzzlesat does not support yet{note}")


def _boolean(v: object, where: str) -> None:
    """A flag is a JSON boolean, or absent (None)."""
    if v is not None and not isinstance(v, bool):
        got = shown(v) if isinstance(v, str | int | float) else json_kind(v)
        raise Fault(f"{where}: expected true or false, got {got}")


def _flags(doc: dict[str, Any]) -> None:
    for key in FLAGS:
        _boolean(doc.get(key), key)


def _size(doc: dict[str, Any]) -> int:
    size = doc.get("size")
    if not (isinstance(size, int) and not isinstance(size, bool) and 1 <= size <= 35):
        raise Fault(f"size: expected a whole number from 1 to 35, got {shown(size)}")
    return size


def default_boxes(size: int) -> tuple[int, int]:
    """f-puzzles' boxes when no region is drawn: the tallest height up to sqrt(size) that divides it
    (6: 2x3, 8: 2x4, 12: 3x4; a prime size gets rows)."""
    h = max(1, int(size**0.5))
    while size % h:
        h -= 1
    return h, size // h


def _grid_cells(
    doc: dict[str, Any], cells: _Cells, colours: list[Cosmetic]
) -> tuple[dict[str, int], dict[str, list[int]], list[list[int]]]:
    """Givens, given pencil marks and parity (a cell's allowed values) and every square's region
    number; cell colours are added to `colours`."""
    size = cells.size
    h, w = default_boxes(size)
    regions = [[(r // h) * h + c // w for c in range(size)] for r in range(size)]
    givens: dict[str, int] = {}
    marks: dict[str, list[int]] = {}
    rows = doc.get("grid")
    if rows is None:  # f-puzzles always writes the grid: without it the document is no puzzle (not an empty one)
        raise Fault(f"grid: missing (every f-puzzles document has its {size} rows of {size} cells)")
    _expect(isinstance(rows, list), rows, "grid", "an array of rows")
    if len(rows) != size or any(not isinstance(row, list) or len(row) != size for row in rows):
        raise Fault(f"grid: expected {size} rows of {size} cells")
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            where, name = f"grid[{r + 1}][{c + 1}]", cell_name(r + 1, c + 1)
            if cell is None:
                continue
            _expect(isinstance(cell, dict), cell, where, "an object")
            colour = cell.get("c") or (cell.get("cArray") or [None])[0]
            if _present(colour):
                colours.append(Cosmetic("colour", (name,), colour=str(colour)))
            extra = [
                k
                for k, v in cell.items()
                if k not in ("value", "given", "region", "givenPencilMarks", "c", "cArray", "parity", *CELL_NOTES)
                and _present(v)
            ]
            if extra:
                raise Fault(
                    f"the puzzle uses {shown(extra[0])} in its cells, which puzzlesat does not support yet"
                )
            # A value that is not given is the solver's own entry, as f-puzzles' solver reads it.
            _boolean(cell.get("given"), f"{where}.given")
            if cell.get("given") is True and cell.get("value") not in (None, 0):
                givens[name] = _value(cell["value"], f"{where}.value", size)
            if _present(cell.get("givenPencilMarks")):
                v = cell["givenPencilMarks"]
                _expect(isinstance(v, list), v, f"{where}.givenPencilMarks", "an array of values")
                marks[name] = sorted({_value(x, f"{where}.givenPencilMarks", size) for x in v})
            if _present(cell.get("parity")):
                keep = PARITY.get(str(cell["parity"]).lower())
                if keep is None:
                    raise Fault(f'{where}.parity: expected "odd" or "even", got {shown(cell["parity"])}')
                marks[name] = [v for v in marks.get(name, range(1, size + 1)) if v % 2 == keep]
            region = cell.get("region")
            if region is not None and region != -1:
                if not (isinstance(region, int) and not isinstance(region, bool) and 0 <= region):
                    raise Fault(f"{where}.region: expected a region number from 0, got {shown(region)}")
                regions[r][c] = region
    return givens, marks, regions


def _value(v: object, where: str, size: int) -> int:
    if not (isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size):
        raise Fault(f"{where}: expected a digit from 1 to {size}, got {shown(v)}")
    return v


def _boxes(regions: list[list[int]], size: int) -> dict[str, str]:
    """The grid's `boxes` or `regions` argument for the regions f-puzzles gives."""
    h, w = default_boxes(size)
    pieces: dict[int, int] = {}
    for row in regions:
        for k in row:
            pieces[k] = pieces.get(k, 0) + 1
    wrong = sorted(k for k, n in pieces.items() if n != size)
    if wrong:
        raise Fault(f"grid: region {wrong[0]} has {pieces[wrong[0]]} cells; every region needs {size}")
    if regions == [[(r // h) * h + c // w for c in range(size)] for r in range(size)]:
        if h == 1:
            return {"boxes": "none"}  # rows again: nothing to add
        return {} if h == w else {"boxes": f"{h}x{w}"}
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    code: dict[int, str] = {}
    for row in regions:
        for k in row:
            code.setdefault(k, letters[len(code)])
    # The file reader gives a multi-line map back with its final line break: keep it, so files round-trip.
    return {"regions": "\n".join("".join(code[k] for k in row) for row in regions) + "\n"}


def _pair(entry: dict[str, Any], where: str, cells: _Cells) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = cells.many(entry.get("cells"), f"{where}.cells", least=2)[:2]
    if len(entry["cells"]) != 2:
        raise Fault(f"{where}.cells: a dot sits between exactly two cells, got {len(entry['cells'])}")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise Fault(f"{where}.cells: {cell_name(*a)} and {cell_name(*b)} are not neighbours")
    return a, b


def _relation(kind: str, value: int) -> Callable[[int, int], bool]:
    if kind == "difference":
        return lambda x, y: abs(x - y) == value
    return lambda x, y: x == value * y or y == value * x


def build(doc: dict[str, Any]) -> Puzzle:
    """The puzzle the document states, or a Fault naming the first thing puzzlesat cannot state."""
    _refuse(doc)
    _flags(doc)
    size = _size(doc)
    cells = _Cells(size)
    colours: list[Cosmetic] = []
    givens, domains, regions = _grid_cells(doc, cells, colours)
    both = doc.get("diagonal+") is True and doc.get("diagonal-") is True
    distinct = _groups(doc, cells, both)
    reader = Reader(cells, _entries, _number, regions)
    more = read(doc, reader)
    _parity(doc, cells, domains)
    cages, empty_cages = _killer_cages(doc, cells)
    dots, non_consecutive, dot_cages, tables = _dots(doc, cells)
    grid = Grid(
        size,
        diagonals=both,
        anti_knight=doc.get("antiknight") is True,
        anti_king=doc.get("antiking") is True,
        non_consecutive=non_consecutive,
        **_boxes(regions, size),
    )
    title = str(doc.get("title") or "").strip()
    author = str(doc.get("author") or "").strip()
    puzzle = define(
        re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "f-puzzles",
        grid=grid,
        title=(title or "f-puzzles puzzle") + (f" by {author}" if author else ""),
        givens=givens,
        domains=domains,
        distinct=distinct + empty_cages + more.groups,
        # the file format's order (dot, negative, sum, less, cage, table), so that the TOML form loads back equal
        rules=[
            *dots, *_arrows(doc, cells), *_thermometers(doc, cells), *cages, *dot_cages, *tables, *more.rules,
            *_outside(doc, size), *_indexers(doc, cells, regions),
        ],  # fmt: skip
    )
    return replace(puzzle, cosmetics=(*cosmetics(doc, reader), *colours))


def _groups(doc: dict[str, Any], cells: _Cells, both_diagonals: bool) -> list[tuple[str, ...]]:
    """All-different groups besides the grid's houses: one diagonal alone, extra regions."""
    n = cells.size
    diagonals = {"diagonal-": [(i, i) for i in range(1, n + 1)], "diagonal+": [(n + 1 - i, i) for i in range(1, n + 1)]}
    out = [] if both_diagonals else [_names(d) for key, d in diagonals.items() if doc.get(key) is True]
    for where, entry in _entries(doc, "extraregion"):
        region = cells.many(entry.get("cells"), f"{where}.cells")
        if len(region) > 1:
            out.append(_names(region))
    return out


def _parity(doc: dict[str, Any], cells: _Cells, domains: dict[str, list[int]]) -> None:
    """`odd` and `even` cells narrow the cells' domains (given pencil marks may have begun them)."""
    for key, keep in (("odd", 1), ("even", 0)):
        for where, entry in _entries(doc, key):
            name = cell_name(*cells.one(entry.get("cell"), f"{where}.cell"))
            domains[name] = [v for v in domains.get(name, range(1, cells.size + 1)) if v % 2 == keep]


def _arrows(doc: dict[str, Any], cells: _Cells) -> list[Rule]:
    """Each line of an arrow is an arrow of its own, as f-puzzles' solver reads them: the cells after
    the circle sum to it (`[[sum]]` with weights 1, .., 1, -1 and 0 on the right). A circle of
    several cells (a pill) is the number its digits write in the order given, the first the
    highest (weights -100, -10, -1), as SudokuSolver reads it; a line starts at one of its cells."""
    out: list[Rule] = []
    for where, entry in _entries(doc, "arrow"):
        circle = cells.many(entry.get("cells"), f"{where}.cells")
        if len(circle) > 1 and cells.size > 9:
            raise Fault(
                f"{where} has a circle of {len(circle)} cells (a pill, read as a number): its digits "
                f"write no single number on a {cells.size}x{cells.size} grid (digits above 9)"
            )
        pill = tuple(-(10 ** (len(circle) - 1 - i)) for i in range(len(circle)))
        for k, line in enumerate(cells.lines(entry, where), 1):
            if line[0] not in circle:
                raise Fault(
                    f"{where}.lines[{k}]: starts at {cell_name(*line[0])}, not at its circle {cell_name(*circle[0])}"
                )
            shaft = line[1:]
            if set(shaft) & set(circle):
                raise Fault(f"{where}.lines[{k}]: runs through its own circle")
            if shaft:
                out.append(Sum(_names([*shaft, *circle]), 0, "=", (1,) * len(shaft) + pill))
    return out


def _thermometers(doc: dict[str, Any], cells: _Cells) -> list[Rule]:
    """Each line of a thermometer rises from its bulb, the line's first cell."""
    out: list[Rule] = []
    for where, entry in _entries(doc, "thermometer"):
        out += [Less(_names(line)) for line in cells.lines(entry, where) if len(line) > 1]
    return out


def _killer_cages(doc: dict[str, Any], cells: _Cells) -> tuple[list[Rule], list[tuple[str, ...]]]:
    """Killer cages with a sum; the cells of those without one, whose digits still differ."""
    cages: list[Rule] = []
    groups: list[tuple[str, ...]] = []
    for where, entry in _entries(doc, "killercage"):
        cage = cells.many(entry.get("cells"), f"{where}.cells")
        total = _number(entry.get("value"), f"{where}.value", None)
        if total is not None:
            cages.append(Cage(_names(cage), "sum", total))
        elif len(cage) > 1:
            groups.append(_names(cage))
    return cages, groups


Pair = tuple[tuple[int, int], tuple[int, int]]


def _dots(doc: dict[str, Any], cells: _Cells) -> tuple[list[Rule], bool, list[Rule], list[Rule]]:
    """Kropki and XV dots and the negative constraints, read as f-puzzles' solver reads them:
    `[[dot]]` and `[[negative]]` rules, the grid's non-consecutive flag, cages for dots of other
    values, forbidden tables.

    A white dot (`difference`) is a difference of its value (default 1), a black dot (`ratio`) a
    ratio of its value (default 2). On every orthogonal pair without a kropki dot, `nonconsecutive`
    forbids a difference of 1, `negative: ["difference"]` every dotted difference, and `negative:
    ["ratio"]` every dotted ratio and 2; `negative: ["xv"]` forbids sums of 5 and 10 on the pairs
    without an X or V. What the dot rules state exactly stays a dot rule (white 1, black 2, both
    negatives), non-consecutive alone the grid's flag; a dot of another value becomes a two-cell `[[cage]]`
    (difference or quotient), and a negative the grid cannot state a `[[table]]` of forbidden pairs
    on each undotted pair.
    """
    size = cells.size
    negative = set(doc.get("negative") or [])
    standard = {"difference": 1, "ratio": 2}
    dotted: dict[str, list[tuple[Pair, int]]] = {"difference": [], "ratio": []}
    for kind, default in standard.items():
        least = 0 if kind == "difference" else 1
        for where, entry in _entries(doc, kind):
            value = _number(entry.get("value"), f"{where}.value", default)
            if value is None or value < least:
                raise Fault(f"{where}.value: a {kind} dot needs a value of at least {least}, got {value}")
            dotted[kind].append((_pair(entry, where, cells), value))
    nonconsecutive = doc.get("nonconsecutive") is True
    forbid = {
        "difference": ({1} if nonconsecutive else set())
        | ({v for _, v in dotted["difference"]} if "difference" in negative else set()),
        "ratio": {v for _, v in dotted["ratio"]} | {2} if "ratio" in negative else set(),
    }

    def at(rc: tuple[int, int]) -> int:
        return (rc[0] - 1) * size + rc[1] - 1

    plain = {k: tuple((at(a), at(b)) for (a, b), v in dotted[k] if v == standard[k]) for k in dotted}
    others = [(k, pair, v) for k in dotted for pair, v in dotted[k] if v != standard[k]]
    cages: list[Rule] = [
        Cage(_names(pair), "difference" if k == "difference" else "quotient", v, v != (0 if k == "difference" else 1))
        for k, pair, v in others
    ]
    any_dot = bool(dotted["difference"] or dotted["ratio"])
    kropki: list[Rule] = [Dot("white", p) for p in plain["difference"]] + [Dot("black", p) for p in plain["ratio"]]
    out: list[Rule] = []
    tables: list[Rule] = []
    non_consecutive = False
    if forbid == {"difference": {1}, "ratio": {2}} and not others:
        out += [*kropki, Negative(("white", "black"))]
    elif forbid == {"difference": {1}, "ratio": set()} and not any_dot:
        non_consecutive = True
    else:
        out += kropki
        if forbid["difference"] or forbid["ratio"]:
            tests = [_relation("difference", d) for d in sorted(forbid["difference"])]
            tests += [_relation("ratio", r) for r in sorted(forbid["ratio"])]
            pairs = [(x, y) for x in range(1, size + 1) for y in range(1, size + 1) if any(t(x, y) for t in tests)]
            exempt = {frozenset(pair) for k in dotted for pair, _ in dotted[k]}
            for a, b in _orthogonal(size):
                if frozenset((a, b)) not in exempt:
                    tables.append(TableRule(_names((a, b)), tuple(pairs), False))
    xv: dict[str, list[tuple[int, int]]] = {"x": [], "v": []}
    for where, entry in _entries(doc, "xv"):
        mark = entry.get("value")
        if not (isinstance(mark, str) and mark.lower() in xv):
            raise Fault(f'{where}.value: expected "X" or "V", got {shown(mark)}')
        a, b = _pair(entry, where, cells)
        xv[mark.lower()].append((at(a), at(b)))
    out += [Dot(k, p) for k, pairs in xv.items() for p in pairs]
    out += [Negative(("x", "v"))] if "xv" in negative else []
    return out, non_consecutive, cages, tables


def _orthogonal(size: int) -> list[Pair]:
    """Every pair of orthogonal neighbours, in the grid's order (by the first cell, then the second)."""
    pairs = [
        ((r, c), (r + dr, c + dc)) for r in range(1, size + 1) for c in range(1, size + 1) for dr, dc in ORTHOGONAL
    ]
    return sorted(((a, b) for a, b in pairs if b[0] <= size and b[1] <= size), key=lambda p: (p[0], p[1]))


def _outside(doc: dict[str, Any], size: int) -> list[Rule]:
    """Sandwich, X-sum and skyscraper clues: `cell` is just outside the grid (R0C3 above column 3,
    R3C10 right of row 3), and the line runs from it across the grid, as f-puzzles' solver reads
    it. A clue without a number says nothing and is skipped, as there."""
    out: list[Rule] = []
    for key, kind in OUTSIDE.items():
        for where, entry in _entries(doc, key):
            value = _number(entry.get("value"), f"{where}.value", None)
            if value is None:
                continue
            out.append(Outside(kind, _line_from(entry.get("cell"), f"{where}.cell", size), value))
    return out


def _line_from(v: object, where: str, size: int) -> tuple[str, ...]:
    """The cells seen from a clue beside the grid, nearest first."""
    m = CELL.fullmatch(v) if isinstance(v, str) else None
    if not m:
        got = shown(v) if isinstance(v, str) else json_kind(v)
        raise Fault(f'{where}: expected a cell such as "R0C1", got {got}')
    r, c = int(m[1]), int(m[2])
    inside = range(1, size + 1)
    if r in (0, size + 1) and c in inside:
        rows = range(1, size + 1) if r == 0 else range(size, 0, -1)
        return tuple(cell_name(k, c) for k in rows)
    if c in (0, size + 1) and r in inside:
        cols = range(1, size + 1) if c == 0 else range(size, 0, -1)
        return tuple(cell_name(r, k) for k in cols)
    raise Fault(f"{where}: {v} is not beside a row or a column of the {size}x{size} grid")


def _indexers(doc: dict[str, Any], cells: _Cells, regions: list[list[int]]) -> list[Rule]:
    """Each cell of a row indexer indexes its column, of a column indexer its row, of a box
    indexer its box in reading order (f-puzzles' solver's definitions)."""
    n = cells.size
    out: list[Rule] = []
    for key in INDEXERS:
        for where, entry in _entries(doc, key):
            for r, c in cells.many(entry.get("cells"), f"{where}.cells"):
                if key == "rowindexer":
                    line = [(k, c) for k in range(1, n + 1)]
                elif key == "columnindexer":
                    line = [(r, k) for k in range(1, n + 1)]
                else:
                    box = regions[r - 1][c - 1]
                    line = [(i + 1, j + 1) for i in range(n) for j in range(n) if regions[i][j] == box]
                    if len(line) != n:
                        raise Fault(f"{where}: the box of {cell_name(r, c)} has {len(line)} cells, not {n}")
                out.append(Indexer(_names(line), cell_name(r, c)))
    return out
