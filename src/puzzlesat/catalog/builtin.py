"""The built-in catalog: the seed puzzles (and a few generalisations) by name.

Every entry is a builder that calls `define()`, so a catalog puzzle is the same model a TOML file
gives and nothing downstream special-cases it. Cell numbers are the seed pages' array indices
(see PUZZLES.md), so answers compare as lists. Symmetries are derived from cell coordinates by one
helper, never written out by hand (the triangle's side swaps excepted: they are not geometric).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence

from puzzlesat.model.layout import ascii_grid, box_grid, canvas, sudoku_grid
from puzzlesat.model.model import Puzzle, UnknownSpec, define, describe_values, is_prime
from puzzlesat.runtime.errors import ModelError, UsageError
from puzzlesat.runtime.records import dataclass, replace
from puzzlesat.runtime.words import plural, unknown

Perm = tuple[int, ...]
Point = tuple[float, float]
Builder = Callable[[dict[str, str], str | None], Puzzle]


@dataclass(frozen=True)
class Param:
    """An integer parameter of an entry, with its default and inclusive range."""

    name: str
    default: int
    lo: int
    hi: int
    help: str

    @property
    def help_line(self) -> str:
        return f"{self.name}={self.default}: {self.help} ({self.lo}..{self.hi})"


@dataclass(frozen=True)
class Entry:
    """One catalog puzzle: `builder(params, givens)` gets every parameter, defaults filled in."""

    name: str
    title: str
    builder: Builder
    params: tuple[Param, ...] = ()
    takes_givens: bool = False

    @property
    def params_help(self) -> list[str]:
        return [p.help_line for p in self.params]


# --- symmetry from coordinates -------------------------------------------------------------


def _key(pt: Sequence[float]) -> tuple[float, ...]:
    """Coordinates rounded so that computed images find their points (+0.0 folds -0.0)."""
    return tuple(round(x, 6) + 0.0 for x in pt)


def cell_permutation(
    position: Mapping[int, Sequence[float]], move: Callable[..., Sequence[float]], size: int | None = None
) -> Perm:
    """The permutation sending each cell to the cell at `move(*its position)`; unplaced cells stay put."""
    size = len(position) if size is None else size
    at = {_key(pt): c for c, pt in position.items()}
    perm = list(range(size))
    for c, pt in position.items():
        target = at.get(_key(move(*pt)))
        if target is None:
            raise ModelError(f"symmetry: cell {c} at {tuple(pt)} has no cell at its image")
        perm[c] = target
    return tuple(perm)


def square_generators(position: Mapping[int, tuple[int, int]], n: int, size: int | None = None) -> list[Perm]:
    """A quarter turn and a mirror of an n x n square (cells at (row, col)): its 8 symmetries."""
    return [
        cell_permutation(position, lambda r, c: (c, n - 1 - r), size),
        cell_permutation(position, lambda r, c: (r, n - 1 - c), size),
    ]


def _rows(n: int, offset: int = 0) -> dict[int, tuple[int, int]]:
    """Row-major cell positions of an n x n grid, cells numbered from `offset`."""
    return {offset + r * n + c: (r, c) for r in range(n) for c in range(n)}


def _width(values: Sequence[int]) -> int:
    return max(len(str(v)) for v in values)


def _square_lines(n: int, offset: int = 0) -> list[list[int]]:
    """Rows, columns and both diagonals of a row-major n x n grid."""
    rows = [[offset + r * n + c for c in range(n)] for r in range(n)]
    cols = [[offset + r * n + c for r in range(n)] for c in range(n)]
    diags = [[offset + i * n + i for i in range(n)], [offset + i * n + n - 1 - i for i in range(n)]]
    return rows + cols + diags


# --- the seed puzzles ------------------------------------------------------------------------

_BLOCKS = [[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]


def _blocks_title(corners: bool) -> str:
    what = "the four 2x2 blocks and the corners" if corners else "the four 2x2 blocks"
    return f"Magic blocks: 1..9 on a 3x3 grid, {what} sum to the same N"


def _blocks(corners: bool) -> Puzzle:
    lines = _BLOCKS + ([[0, 2, 6, 8]] if corners else [])
    return define(
        "magic-blocks" if corners else "magic-blocks-inner",
        title=_blocks_title(corners),
        cells=9,
        values=range(1, 10),
        sums=[(line, "N") for line in lines],
        generators=square_generators(_rows(3), 3),
        layout=box_grid(3, 3, {rc: c for c, rc in _rows(3).items()}, 1),
    )


# Drawn like `000_*.txt`'s triangle: 0 at the top, 1 2 down the left, 3 4 5 6 along the bottom.
_TRIANGLE_LAYOUT = "\n".join(
    [
        "      {0}",
        "     / \\",
        "    {1}   {8}",
        "   /     \\",
        "  {2}       {7}",
        " /         \\",
        "{3}───{4}───{5}───{6}",
    ]
)
_TRIANGLE_GENERATORS = [
    (3, 4, 5, 6, 7, 8, 0, 1, 2),  # a third of a turn: corner 0 -> 3 -> 6
    (0, 8, 7, 6, 5, 4, 3, 2, 1),  # the mirror through the top corner
    (0, 2, 1, 3, 4, 5, 6, 7, 8),  # the two middle cells of a side are interchangeable
]


def _triangle_title(free: bool) -> str:
    return "Magic triangle: 1..9 on the sides of a triangle, every side of four sums to " + (
        "the same N" if free else "20"
    )


def _triangle(free: bool) -> Puzzle:
    total: int | str = "N" if free else 20
    return define(
        "magic-triangle-free" if free else "magic-triangle",
        title=_triangle_title(free),
        cells=9,
        values=range(1, 10),
        sums=[([0, 1, 2, 3], total), ([3, 4, 5, 6], total), ([6, 7, 8, 0], total)],
        generators=_TRIANGLE_GENERATORS,
        layout=_TRIANGLE_LAYOUT,
    )


_FRAME = {0: (0, 0), 1: (0, 1), 2: (0, 2), 3: (1, 0), 4: (1, 2), 5: (2, 0), 6: (2, 1), 7: (2, 2)}


def _frame_title(values: Sequence[int], prime: bool) -> str:
    return (
        f"Magic frame: {describe_values(values)} on the border of a 3x3 grid, "
        f"the four sides sum to the same {'prime ' if prime else ''}N"
    )


def _frame(name: str, values: Sequence[int], prime: bool = False) -> Puzzle:
    return define(
        name,
        title=_frame_title(values, prime),
        cells=8,
        values=values,
        sums=[([0, 1, 2], "N"), ([0, 3, 5], "N"), ([2, 4, 7], "N"), ([5, 6, 7], "N")],
        unknowns={"N": UnknownSpec(prime=True)} if prime else None,
        generators=square_generators(_FRAME, 3),
        layout=box_grid(3, 3, {rc: c for c, rc in _FRAME.items()}, _width(values)),
    )


def _frame_entry(name: str, values: Sequence[int], prime: bool = False) -> Entry:
    def build(params: dict[str, str], givens: str | None) -> Puzzle:
        return _frame(name, values, prime)

    return Entry(name, _frame_title(values, prime), build)


def _magic_square(params: dict[str, str], givens: str | None) -> Puzzle:
    n = int(params["order"])
    total = n * (n * n + 1) // 2
    return define(
        "magic-square",
        title=f"Magic square: 1..{n * n} on a {n}x{n} grid, rows, columns and diagonals sum to {total}",
        cells=n * n,
        values=range(1, n * n + 1),
        sums=[(line, total) for line in _square_lines(n)],
        generators=square_generators(_rows(n), n),
        layout=box_grid(n, n, {rc: c for c, rc in _rows(n).items()}, _width([n * n])),
        params={"order": n},
    )


_SQUARE_18_TITLE = (
    "Magic square from 1..18: nine distinct values on a 3x3 grid, rows, columns and diagonals sum to the same N"
)
_PAIR_TITLE = (
    "Two magic squares: 1..18 once each on two 3x3 grids, rows, columns and diagonals "
    "sum to N1 in the first and N2 in the second"
)


def _magic_square_18(params: dict[str, str], givens: str | None) -> Puzzle:
    return define(
        "magic-square-18",
        title=_SQUARE_18_TITLE,
        cells=9,
        values=range(1, 19),
        sums=[(line, "N") for line in _square_lines(3)],
        generators=square_generators(_rows(3), 3),
        layout=ascii_grid(3, 3, 2),
    )


def _magic_pair_18(params: dict[str, str], givens: str | None) -> Puzzle:
    left, right = _rows(3), _rows(3, 9)
    swap = tuple((c + 9) % 18 for c in range(18))
    grid = ascii_grid(3, 3, 2).splitlines()
    shifted = re.sub(r"\{(\d+)", lambda m: "{" + str(int(m[1]) + 9), ascii_grid(3, 3, 2)).splitlines()
    return define(
        "magic-pair-18",
        title=_PAIR_TITLE,
        cells=18,
        values=range(1, 19),
        sums=[(line, "N1") for line in _square_lines(3)] + [(line, "N2") for line in _square_lines(3, 9)],
        generators=[*square_generators(left, 3, 18), *square_generators(right, 3, 18), swap],
        layout="\n".join(f"{a}   {b}" for a, b in zip(grid, shifted, strict=True)),
    )


_STAR_SHAPES = {5: "pentagram", 6: "hexagram", 7: "heptagram", 8: "octagram"}


def _crossing(a: Point, b: Point, c: Point, d: Point) -> Point:
    """Where line ab meets line cd."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = a, b, c, d
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))


def star_geometry(k: int) -> tuple[list[Point], list[list[int]]]:
    """The star polygon {k/2}: cell coordinates in reading order, and its k lines of four cells.

    Outer points P_i (P_0 straight up), inner points Q_i where line P_{i-1}P_{i+1} crosses
    P_iP_{i+2}; line i is P_i, Q_i, Q_{i+1}, P_{i+2}. Cells are numbered top to bottom, then left
    to right, which for k = 6 is exactly `004_*.txt`'s numbering.
    """
    outer = [(math.cos(a), math.sin(a)) for a in (math.pi / 2 + 2 * math.pi * i / k for i in range(k))]
    inner = [_crossing(outer[i - 1], outer[(i + 1) % k], outer[i], outer[(i + 2) % k]) for i in range(k)]
    points = outer + inner
    order = sorted(range(2 * k), key=lambda j: (-_key(points[j])[1], _key(points[j])[0]))
    cell = {j: c for c, j in enumerate(order)}
    lines = sorted(sorted(cell[j] for j in (i, k + i, k + (i + 1) % k, (i + 2) % k)) for i in range(k))
    return [points[j] for j in order], lines


def _magic_star(params: dict[str, str], givens: str | None) -> Puzzle:
    k = int(params["points"])
    points, lines = star_geometry(k)
    cos, sin = math.cos(2 * math.pi / k), math.sin(2 * math.pi / k)
    position = dict(enumerate(points))
    shape = _STAR_SHAPES.get(k, f"{k}-pointed star")
    article = "an" if shape[0] in "aeiou" or shape.startswith(("8", "11")) else "a"
    return define(
        "magic-star",
        title=f"Magic star: 1..{2 * k} on {article} {shape}, every line sums to {4 * k + 2}",
        cells=2 * k,
        values=range(1, 2 * k + 1),
        sums=[(line, 4 * k + 2) for line in lines],
        generators=[
            cell_permutation(position, lambda x, y: (x * cos - y * sin, x * sin + y * cos)),
            cell_permutation(position, lambda x, y: (-x, y)),
        ],
        layout=canvas(points, width=_width([2 * k])),
        params={"points": k},
    )


# --- sudoku ------------------------------------------------------------------------------------

SEED_GIVENS = "2.1.9.7...4.2..3..5....8.29.9.67.2..6..3.5..4..7.49.1.76.9....3..9..6.4...4.1.6.."
_DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse_givens(text: str, box: int) -> dict[int, int]:
    """Givens as one character a cell, row by row: '.' or '0' blank, 1-9 then A-Z for 10 and up.
    Spaces, line breaks and box lines (`|`, `-`, `+`) are skipped, so a printed board pastes back."""
    n = box * box
    text = "".join(ch for ch in text if not ch.isspace() and ch not in "|-+")
    if len(text) != n * n:
        raise UsageError(
            f"givens: expected {n * n} characters for a {n}x{n} sudoku (one a cell, row by row), got {len(text)}"
        )
    digits = _DIGITS[:n]
    allowed = "1-9" if n >= 9 else f"1-{n}"
    if n > 9:
        allowed += f" and A-{digits[-1]}"
    out: dict[int, int] = {}
    for i, ch in enumerate(text):
        if ch in ".0":
            continue
        v = digits.find(ch.upper()) + 1 if len(ch.upper()) == 1 else 0
        if v == 0:
            raise UsageError(
                f"givens: character {ch!r} at position {i + 1} (row {i // n + 1}, column {i % n + 1}) "
                f"is not allowed for a {n}x{n} sudoku; use . or 0 for a blank, {allowed} for a value"
            )
        out[i] = v
    return out


def _sudoku(params: dict[str, str], givens: str | None) -> Puzzle:
    from puzzlesat.model.grid import Grid  # only grid puzzles pay for the grid's module

    box = int(params["box"])
    n = box * box
    if givens is None:
        givens = SEED_GIVENS if box == 3 else "." * (n * n)
    given = parse_givens(givens, box)
    title = f"Sudoku: a {n}x{n} grid with {box}x{box} boxes, every row, column and box holds 1..{n} once"
    try:
        # A grid (cells r1c1.., houses named in clashes, 16x16 values as letters, --givens-file
        # lines like any grid file's) drawn with the seed page's plain layout.
        return define(
            "sudoku",
            title=title + (f"; {plural(len(given), 'given')}" if given else ""),
            grid=Grid(n, boxes=f"{box}x{box}"),
            givens=given,
            layout=sudoku_grid(box, 1),
            params={"box": box},
        )
    except ModelError as e:  # only the givens can be at fault: they are the user's
        raise UsageError(str(e)) from None


# --- the magic hexagon -----------------------------------------------------------------------

_HEXAGON_TITLE = "Magic hexagon: 1..19 on a hexagon of side 3, each of its 15 lines of cells sums to 38"


def hexagon_geometry(side: int = 3) -> tuple[list[Point], list[list[int]]]:
    """A hexagon of hexagonal cells: their centres in reading order, and its lines of cells: the
    rows, then the lines falling to the right, then those rising to the right (2 * side - 1 each).

    Cells are cube coordinates (q, r, s), q + r + s = 0, each at most side - 1 in size; a line
    holds one coordinate fixed. Rows are r (top to bottom), cells in a row go left to right.
    """
    k = side - 1
    span = range(-k, k + 1)
    cube = sorted(((q, r) for q in span for r in span if abs(q + r) <= k), key=lambda t: t[::-1])
    points = [(q + r / 2, -r * math.sqrt(3) / 2) for q, r in cube]
    lines = []
    for axis in (lambda q, r: r, lambda q, r: q, lambda q, r: -q - r):
        for v in span:
            lines.append([i for i, (q, r) in enumerate(cube) if axis(q, r) == v])
    return points, lines


def _magic_hexagon(params: dict[str, str], givens: str | None) -> Puzzle:
    points, lines = hexagon_geometry(3)
    position = dict(enumerate(points))
    cos, sin = math.cos(math.pi / 3), math.sin(math.pi / 3)
    return define(
        "magic-hexagon",
        title=_HEXAGON_TITLE,
        cells=19,
        values=range(1, 20),
        sums=[(line, 38) for line in lines],
        generators=[
            cell_permutation(position, lambda x, y: (x * cos - y * sin, x * sin + y * cos)),
            cell_permutation(position, lambda x, y: (-x, y)),
        ],
        layout=canvas(points, width=2),
    )


# --- the classic variants: instances stored in src/puzzlesat/catalog/data/ ----------------------------------
# Each file was made by benchmarks/make_instances.py (its seed is in the file) and its solution,
# recorded under [params] as `solution`, was proved unique by puzzlesat.

VARIANT_TITLES = {
    "killer-sudoku": "Killer sudoku: 9x9, rows, columns and boxes hold 1..9 once; "
    "each cage's digits differ and add up to its sum",
    "kakuro": "Kakuro: digits 1..9 in the white squares; each across and down run adds up to its clue, "
    "no digit twice in a run",
    "thermo-sudoku": "Thermometer sudoku: 9x9 sudoku; digits rise strictly along each thermometer from its bulb",
    "arrow-sudoku": "Arrow sudoku: 9x9 sudoku; the digits along each arrow add up to the digit in its circle",
    "kropki-sudoku": "Kropki sudoku: 9x9 sudoku; white dots join consecutive digits, black dots a digit "
    "and its double; no dot, neither",
    "xv-sudoku": "XV sudoku: 9x9 sudoku; X joins two digits summing to 10, V two summing to 5; no mark, neither",
    "anti-knight-sudoku": "Anti-knight sudoku: 9x9 sudoku; two cells a knight's move apart hold different digits",
    "x-sudoku": "X-sudoku: 9x9 sudoku; both long diagonals also hold 1..9 once",
    "windoku": "Windoku: 9x9 sudoku; the four extra 3x3 windows also hold 1..9 once",
    "jigsaw-sudoku": "Jigsaw sudoku: 9x9; every row, column and irregular region holds 1..9 once",
}


def kenken_title(n: int | str) -> str:
    size = "n x n" if n == "n" else f"{n}x{n}"
    return f"KenKen {size}: a Latin square of 1..{n}; each cage's digits make its target by its operation (+ x - /)"


def futoshiki_title(n: int | str) -> str:
    size = "n x n" if n == "n" else f"{n}x{n}"
    return f"Futoshiki {size}: a Latin square of 1..{n} obeying the inequality signs between neighbours"


def data_stem(name: str, params: Mapping[str, str] | None = None) -> str:
    """The file of src/puzzlesat/catalog/data/ (without .toml) holding the instance of a variant entry."""
    if name in ("kenken", "futoshiki"):
        return f"{name}-{(params or {})['size']}"
    return name


def data_text(stem: str) -> str:
    """The text of src/puzzlesat/catalog/data/STEM.toml, from the installed package."""
    from importlib import resources  # 10-15 ms (tempfile, random, pathlib): only variants read data

    return resources.files("puzzlesat.catalog.data").joinpath(f"{stem}.toml").read_text(encoding="utf-8")


def stored_instance(name: str, params: Mapping[str, str] | None = None) -> Puzzle:
    """A variant's instance as its data file has it, [params] included (seed, solution)."""
    from puzzlesat.formats.toml.files import load_text

    stem = data_stem(name, params)
    return load_text(data_text(stem), f"src/puzzlesat/catalog/data/{stem}.toml")


def stored_solution(puzzle: Puzzle) -> tuple[int, ...]:
    """The solution a file records under [params] as `solution`: one symbol a cell, row by row
    (a grid's symbols: 1-9, then A.. for 10 and up), whitespace and `#` (blocked squares) ignored."""
    text = dict(puzzle.params).get("solution")
    if text is None:
        raise ModelError(f"{puzzle.name}: no solution recorded under [params]")
    symbols = [ch for ch in text if not ch.isspace() and ch != "#"]
    if puzzle.grid is None or len(symbols) != puzzle.size:
        return tuple(int(t) for t in text.split())
    value = {puzzle.grid.symbol(v): v for v in puzzle.values}
    return tuple(value[ch] for ch in symbols)


def _variant(name: str, title: Callable[[dict[str, str]], str]) -> Builder:
    def build(params: dict[str, str], givens: str | None) -> Puzzle:
        p = stored_instance(name, params)
        return replace(p, name=name, title=title(params), params=tuple(sorted(params.items())))

    return build


def _variant_entry(name: str) -> Entry:
    title = VARIANT_TITLES[name]
    return Entry(name, title, _variant(name, lambda params: title))


# --- the registry ----------------------------------------------------------------------------


def _fixed(build: Callable[[], Puzzle]) -> Builder:
    return lambda params, givens: build()


_ENTRIES: tuple[Entry, ...] = (
    Entry("magic-blocks", _blocks_title(True), _fixed(lambda: _blocks(True))),
    Entry("magic-blocks-inner", _blocks_title(False), _fixed(lambda: _blocks(False))),
    Entry("magic-triangle", _triangle_title(False), _fixed(lambda: _triangle(False))),
    Entry("magic-triangle-free", _triangle_title(True), _fixed(lambda: _triangle(True))),
    _frame_entry("magic-frame", range(1, 9)),
    _frame_entry("magic-frame-odd", range(1, 16, 2)),
    _frame_entry("magic-frame-even", range(2, 17, 2)),
    _frame_entry("magic-frame-primes", [v for v in range(3, 24) if is_prime(v)], prime=True),
    _frame_entry("magic-frame-digits", [0, 1, 3, 4, 6, 7, 8, 9]),
    _frame_entry("magic-frame-digits2", [0, 2, 3, 4, 5, 6, 8, 9]),
    Entry(
        "magic-square",
        "Magic square: 1..n^2 on an n x n grid, rows, columns and diagonals sum to n(n^2+1)/2",
        _magic_square,
        (Param("order", 3, 3, 12, "the side n of the square"),),
    ),
    Entry("magic-square-18", _SQUARE_18_TITLE, _magic_square_18),
    Entry("magic-pair-18", _PAIR_TITLE, _magic_pair_18),
    Entry(
        "magic-star",
        "Magic star: 1..2K on a K-pointed star {K/2}, every line of four sums to 4K+2",
        _magic_star,
        (Param("points", 6, 5, 12, "the number K of points of the star"),),
    ),
    Entry(
        "sudoku",
        "Sudoku: an n x n grid (n = box^2), every row, column and box holds 1..n once",
        _sudoku,
        (Param("box", 3, 2, 5, "the side of a box; the grid is box^2 x box^2"),),
        takes_givens=True,
    ),
    Entry("magic-hexagon", _HEXAGON_TITLE, _magic_hexagon),
    *(_variant_entry(name) for name in VARIANT_TITLES),
    Entry(
        "kenken",
        kenken_title("n"),
        _variant("kenken", lambda params: kenken_title(params["size"])),
        (Param("size", 6, 4, 9, "the side n of the square"),),
    ),
    Entry(
        "futoshiki",
        futoshiki_title("n"),
        _variant("futoshiki", lambda params: futoshiki_title(params["size"])),
        (Param("size", 5, 5, 9, "the side n of the square"),),
    ),
)

CATALOG: dict[str, Entry] = {e.name: e for e in _ENTRIES}


def names() -> list[str]:
    """Every catalog name, sorted."""
    return sorted(CATALOG)


def entries() -> list[Entry]:
    """Every entry, sorted by name, for listing: `.name`, `.title`, `.params_help`."""
    return [CATALOG[n] for n in names()]


def _resolve_params(entry: Entry, params: Mapping[str, str]) -> dict[str, str]:
    """Every parameter of the entry as a canonical decimal string, defaults filled in."""
    known = {p.name: p for p in entry.params}
    out = {p.name: str(p.default) for p in entry.params}
    for key, raw in params.items():
        if key not in known:
            if not known:
                raise UsageError(f"{entry.name} takes no parameters (got {key!r})")
            listing = ", ".join(p.help_line for p in entry.params)
            raise UsageError(f"{entry.name}: {unknown('parameter', key, known, listing)}")
        p = known[key]
        text = str(raw).strip()
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            raise UsageError(f"{entry.name}: parameter {key}={raw!r} is not an integer; valid: {p.lo}..{p.hi}")
        value = int(text)
        if not p.lo <= value <= p.hi:
            raise UsageError(f"{entry.name}: parameter {key}={value} is out of range; valid: {p.lo}..{p.hi}")
        out[key] = str(value)
    return out


def build(name: str, params: Mapping[str, str] | None = None, givens: str | None = None) -> Puzzle:
    """The catalog puzzle `name`; bad names, parameters or givens raise a one-line UsageError."""
    entry = CATALOG.get(name)
    if entry is None:
        raise UsageError(unknown("puzzle", name, names()))
    values = _resolve_params(entry, params or {})
    if givens is not None and not entry.takes_givens:
        from puzzlesat.model.givens import with_givens

        return with_givens(entry.builder(values, None), givens, name)  # any grid puzzle takes givens
    return entry.builder(values, givens)
