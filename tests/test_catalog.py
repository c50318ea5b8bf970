"""The built-in catalog against the seed pages: names, structure, symmetry, stated answers, boards."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

from puzzlesat.catalog import builtin as catalog
from puzzlesat.model.check import violations
from puzzlesat.model.group import image
from puzzlesat.model.layout import render
from puzzlesat.model.model import Puzzle, is_prime
from puzzlesat.runtime.errors import UsageError

NAMES = {
    "magic-blocks", "magic-blocks-inner", "magic-triangle", "magic-triangle-free", "magic-frame",
    "magic-frame-odd", "magic-frame-even", "magic-frame-primes", "magic-frame-digits",
    "magic-frame-digits2", "sudoku", "magic-square", "magic-square-18", "magic-pair-18", "magic-star",
    "magic-hexagon", "killer-sudoku", "kakuro", "kenken", "futoshiki", "thermo-sudoku", "arrow-sudoku",
    "kropki-sudoku", "xv-sudoku", "anti-knight-sudoku", "x-sudoku", "windoku", "jigsaw-sudoku",
}  # fmt: skip

# 000_*.txt, problem 2: the six classes with every side = 20, and the 18 with the sum left free.
TRIANGLE_20 = [
    [1, 6, 8, 5, 2, 4, 9, 3, 7], [2, 4, 9, 5, 1, 6, 8, 3, 7], [2, 6, 7, 5, 3, 4, 8, 1, 9],
    [3, 4, 8, 5, 2, 6, 7, 1, 9], [4, 2, 9, 5, 1, 8, 6, 3, 7], [4, 3, 8, 5, 2, 7, 6, 1, 9],
]  # fmt: skip
TRIANGLE_FREE = [
    (17, [1, 5, 9, 2, 4, 8, 3, 6, 7]), (19, [1, 5, 9, 4, 2, 6, 7, 3, 8]), (17, [1, 6, 8, 2, 5, 7, 3, 4, 9]),
    (19, [1, 6, 8, 4, 3, 5, 7, 2, 9]), (20, [1, 6, 8, 5, 2, 4, 9, 3, 7]), (20, [2, 4, 9, 5, 1, 6, 8, 3, 7]),
    (19, [2, 5, 9, 3, 1, 8, 7, 4, 6]), (20, [2, 6, 7, 5, 3, 4, 8, 1, 9]), (19, [2, 6, 8, 3, 4, 5, 7, 1, 9]),
    (21, [3, 2, 9, 7, 1, 5, 8, 4, 6]), (20, [3, 4, 8, 5, 2, 6, 7, 1, 9]), (21, [3, 4, 8, 6, 1, 5, 9, 2, 7]),
    (21, [3, 5, 6, 7, 2, 4, 8, 1, 9]), (21, [3, 5, 7, 6, 2, 4, 9, 1, 8]), (20, [4, 2, 9, 5, 1, 8, 6, 3, 7]),
    (20, [4, 3, 8, 5, 2, 7, 6, 1, 9]), (23, [7, 2, 6, 8, 1, 5, 9, 3, 4]), (23, [7, 3, 5, 8, 2, 4, 9, 1, 6]),
]  # fmt: skip
# 000_*.txt, problem 3: the six classes of the ring of eight, N = 12..15.
FRAME = [
    (14, [1, 6, 7, 5, 3, 8, 2, 4]), (13, [1, 7, 5, 4, 6, 8, 3, 2]), (12, [1, 8, 3, 5, 7, 6, 4, 2]),
    (13, [1, 8, 4, 7, 3, 5, 2, 6]), (15, [3, 5, 7, 4, 2, 8, 1, 6]), (14, [3, 7, 4, 6, 2, 5, 1, 8]),
]  # fmt: skip
# 004_*.txt, solutions #1-#4.
STARS = [
    [1, 2, 4, 12, 8, 10, 6, 11, 5, 3, 7, 9], [1, 2, 6, 10, 8, 12, 4, 7, 3, 5, 11, 9],
    [1, 2, 7, 11, 6, 8, 5, 10, 4, 3, 9, 12], [1, 2, 7, 12, 5, 10, 4, 8, 3, 6, 9, 11],
]  # fmt: skip
LO_SHU = [2, 7, 6, 9, 5, 1, 4, 3, 8]  # 003_*.txt's "original"


def stated_solutions() -> list[tuple[str, list[int], dict[str, int]]]:
    """Every answer the seed pages state, with the unknowns they state (empty when they say none)."""
    out = [("magic-blocks", [1, 8, 3, 6, 5, 4, 7, 2, 9], {"N": 20})]
    out += [("magic-triangle", s, {}) for s in TRIANGLE_20]
    out += [("magic-triangle-free", s, {"N": n}) for n, s in TRIANGLE_FREE]
    out += [("magic-frame", s, {"N": n}) for n, s in FRAME]
    out += [("magic-frame-odd", [2 * x - 1 for x in s], {"N": 2 * n - 3}) for n, s in FRAME]
    out += [("magic-frame-even", [2 * x for x in s], {"N": 2 * n}) for n, s in FRAME]
    out += [("magic-frame-primes", [3, 23, 5, 17, 19, 11, 13, 7], {"N": 31})]
    out += [("magic-frame-digits", [6, 4, 7, 3, 1, 8, 0, 9], {"N": 17})]
    out += [("magic-star", s, {}) for s in STARS]
    out += [("magic-square", LO_SHU, {})]
    out += [("magic-square-18", [x + k for x in LO_SHU], {"N": 15 + 3 * k}) for k in range(10)]
    out += [("magic-square-18", [2 * x - 1 for x in LO_SHU], {"N": 27})]
    out += [("magic-pair-18", LO_SHU + [x + 9 for x in LO_SHU], {"N1": 15, "N2": 42})]
    out += [("magic-pair-18", [2 * x - 1 for x in LO_SHU] + [2 * x for x in LO_SHU], {"N1": 27, "N2": 30})]
    return out


@cache
def brute(name: str, over: str | None = None) -> tuple[tuple[int, ...], ...]:
    """Every solution of `name` among the permutations of its values, judged by check.violations only.

    With `over`, the candidates are the solutions of that (weaker) entry instead of all permutations.
    """
    p = catalog.build(name)
    pool = brute(over) if over else itertools.permutations(p.values, p.size)
    return tuple(v for v in pool if not violations(p, v))


def classes(p: Puzzle, raw: tuple[tuple[int, ...], ...]) -> set[tuple[int, ...]]:
    return {p.group.canonical(v) for v in raw}


def test_names_are_the_briefs() -> None:
    """The catalog holds exactly the agreed names, listed sorted, each with a title."""
    assert set(catalog.names()) == NAMES
    assert catalog.names() == sorted(NAMES)
    assert [e.name for e in catalog.entries()] == catalog.names()
    assert all(e.title for e in catalog.entries())


@pytest.mark.parametrize(
    ("name", "cells", "order"),
    [
        ("magic-blocks", 9, 8), ("magic-blocks-inner", 9, 8), ("magic-triangle", 9, 48),
        ("magic-triangle-free", 9, 48), ("magic-frame", 8, 8), ("magic-frame-odd", 8, 8),
        ("magic-frame-even", 8, 8), ("magic-frame-primes", 8, 8), ("magic-frame-digits", 8, 8),
        ("magic-frame-digits2", 8, 8), ("sudoku", 81, 1), ("magic-square", 9, 8),
        ("magic-square-18", 9, 8), ("magic-pair-18", 18, 128), ("magic-star", 12, 12),
        ("magic-hexagon", 19, 12), ("killer-sudoku", 81, 1), ("kakuro", 55, 1), ("kenken", 36, 1),
        ("futoshiki", 25, 1), ("thermo-sudoku", 81, 1), ("arrow-sudoku", 81, 1), ("kropki-sudoku", 81, 1),
        ("xv-sudoku", 81, 1), ("anti-knight-sudoku", 81, 1), ("x-sudoku", 81, 1), ("windoku", 81, 1),
        ("jigsaw-sudoku", 81, 1),
    ],
)  # fmt: skip
def test_cell_count_and_group_order(name: str, cells: int, order: int) -> None:
    """Each entry has the seed's number of cells and the symmetry group the brief asks for."""
    p = catalog.build(name)
    assert (p.name, p.size, p.group.order) == (name, cells, order)


def test_fixed_entries_title_their_puzzle() -> None:
    """An entry without parameters lists the same title its puzzle carries."""
    for e in catalog.entries():
        if not e.params:
            assert catalog.build(e.name).title == e.title


@pytest.mark.parametrize(("name", "values", "unknowns"), stated_solutions())
def test_stated_solutions_pass_the_checker(name: str, values: list[int], unknowns: dict[str, int]) -> None:
    """Every answer the seed pages print is a solution of its catalog entry, with the stated sums."""
    p = catalog.build(name)
    assert violations(p, values) == []
    if unknowns:
        assert p.unknown_values(values) == unknowns


@pytest.mark.parametrize(("name", "values", "unknowns"), stated_solutions())
def test_every_image_of_a_solution_is_a_solution(name: str, values: list[int], unknowns: object) -> None:
    """The declared group really is a symmetry group: it maps stated answers onto answers."""
    p = catalog.build(name)
    for g in p.group.permutations:
        assert violations(p, image(values, g)) == []


def test_blocks_page_answer_class() -> None:
    """PUZZLES.md: the page's magic-blocks answer is in the class represented by its transpose."""
    p = catalog.build("magic-blocks")
    assert p.group.canonical([1, 8, 3, 6, 5, 4, 7, 2, 9]) == (1, 6, 7, 8, 5, 2, 3, 4, 9)


def test_blocks_brute_force() -> None:
    """Brute force: magic-blocks has 8 raw solutions, one class, the page's; N is 20."""
    p = catalog.build("magic-blocks")
    raw = brute("magic-blocks", over="magic-blocks-inner")
    assert len(raw) == 8
    assert classes(p, raw) == {p.group.canonical([1, 8, 3, 6, 5, 4, 7, 2, 9])}


def test_blocks_inner_brute_force() -> None:
    """Brute force: without the corners there are 376 raw solutions, 47 classes of 8 (N in 16..24)."""
    p = catalog.build("magic-blocks-inner")
    raw = brute("magic-blocks-inner")
    assert (len(raw), len(classes(p, raw))) == (376, 47)
    assert {p.unknown_values(v)["N"] for v in raw} == set(range(16, 25))


def test_triangle_brute_force() -> None:
    """Brute force: 18 free classes with sums 17, 19, 20, 21, 23; the six with 20 are the page's."""
    free = catalog.build("magic-triangle-free")
    raw = brute("magic-triangle-free")
    assert classes(free, raw) == {free.group.canonical(s) for _, s in TRIANGLE_FREE}
    sums = Counter(free.unknown_values(c)["N"] for c in classes(free, raw))
    assert sums == {17: 2, 19: 4, 20: 6, 21: 4, 23: 2}
    fixed = catalog.build("magic-triangle")
    raw20 = tuple(v for v in raw if not violations(fixed, v))
    assert len(raw20) == 288
    assert classes(fixed, raw20) == {fixed.group.canonical(s) for s in TRIANGLE_20}


def test_frame_brute_force() -> None:
    """Brute force: the ring of eight has 48 raw solutions = 6 classes x 8, N = 12:1, 13:2, 14:2, 15:1."""
    p = catalog.build("magic-frame")
    raw = brute("magic-frame")
    assert len(raw) == 48
    assert classes(p, raw) == {p.group.canonical(s) for _, s in FRAME}
    assert Counter(p.unknown_values(c)["N"] for c in classes(p, raw)) == {12: 1, 13: 2, 14: 2, 15: 1}


@pytest.mark.parametrize(
    ("name", "answer"),
    [("magic-frame-primes", [3, 23, 5, 17, 19, 11, 13, 7]), ("magic-frame-digits", [6, 4, 7, 3, 1, 8, 0, 9])],
)
def test_frame_variants_have_one_class(name: str, answer: list[int]) -> None:
    """Brute force: the primes (N prime) and the digits without 2 and 5 each have the page's one class."""
    p = catalog.build(name)
    assert classes(p, brute(name)) == {p.group.canonical(answer)}


def test_frame_digits2_has_solutions() -> None:
    """Brute force: the digits without 1 and 7 do have solutions, as the page says (4 classes)."""
    p = catalog.build("magic-frame-digits2")
    assert len(classes(p, brute("magic-frame-digits2"))) == 4


def test_frame_primes_requires_a_prime_sum() -> None:
    """The primes entry declares N prime, so its domain holds primes only."""
    (n,) = catalog.build("magic-frame-primes").unknowns
    assert n.prime and n.domain and all(is_prime(v) for v in n.domain)


def test_magic_square_18_has_400_raw_solutions() -> None:
    """003_*.txt counts 400 magic squares from 1..18; every 3x3 one is fixed by a, b and the centre e."""
    p = catalog.build("magic-square-18")
    count = 0
    for a, b, e in itertools.product(range(1, 19), repeat=3):
        c = 3 * e - a - b
        i, g, h = 2 * e - a, 2 * e - c, 2 * e - b
        d = 3 * e - a - g
        f = 2 * e - d
        count += not violations(p, [a, b, c, d, e, f, g, h, i])
    assert count == 400


def test_magic_pair_swap_renames_the_constants() -> None:
    """Swapping the two squares of magic-pair-18 is a symmetry that exchanges N1 and N2."""
    p = catalog.build("magic-pair-18")
    pair = LO_SHU + [x + 9 for x in LO_SHU]
    swapped = image(pair, p.generators[-1][0])
    assert list(swapped) == pair[9:] + pair[:9]
    assert p.unknown_values(swapped) == {"N1": 42, "N2": 15}


def test_square_generators_from_positions() -> None:
    """The coordinate helper gives the quarter turn and the mirror of a row-major 3x3 grid."""
    grid = {r * 3 + c: (r, c) for r in range(3) for c in range(3)}
    turn, mirror = catalog.square_generators(grid, 3)
    assert turn == (2, 5, 8, 1, 4, 7, 0, 3, 6)
    assert mirror == (2, 1, 0, 5, 4, 3, 8, 7, 6)


def test_magic_square_order_4() -> None:
    """magic-square -p order=4: 16 cells, 10 lines summing to 34, Duerer's square is a solution."""
    p = catalog.build("magic-square", {"order": "4"})
    durer = [16, 3, 2, 13, 5, 10, 11, 8, 9, 6, 7, 12, 4, 15, 14, 1]
    assert (p.size, len(p.sums), {s.rhs for s in p.sums}, p.group.order) == (16, 10, {34}, 8)
    assert p.params == (("order", "4"),)
    assert violations(p, durer) == []
    assert "│16│" in render(p.layout, durer)


def test_star_lines_match_the_seed() -> None:
    """For K = 6 the computed star numbers its cells exactly as 004_*.txt and has its six lines."""
    p = catalog.build("magic-star")
    seed = [[0, 2, 5, 7], [0, 3, 6, 10], [1, 2, 3, 4], [1, 5, 8, 11], [7, 8, 9, 10], [4, 6, 9, 11]]
    assert [list(s.cells) for s in p.sums] == sorted(seed)
    assert {s.rhs for s in p.sums} == {26}
    assert p.params == (("points", "6"),)
    assert p.title == "Magic star: 1..12 on a hexagram, every line sums to 26"


@pytest.mark.parametrize("k", range(5, 13))
def test_star_of_k_points(k: int) -> None:
    """A K-pointed star has 2K cells, K lines of four summing to 4K+2, each cell on two lines, order 2K."""
    p = catalog.build("magic-star", {"points": str(k)})
    assert (p.size, len(p.sums), p.group.order) == (2 * k, k, 2 * k)
    assert {s.rhs for s in p.sums} == {4 * k + 2}
    assert all(len(s.cells) == 4 for s in p.sums)
    assert Counter(c for s in p.sums for c in s.cells) == dict.fromkeys(range(2 * k), 2)
    (x, y), *_ = catalog.star_geometry(k)[0]
    assert (round(x, 9), y) == (0, 1.0)  # cell 0 is the point straight up


def solve_sudoku(grid: list[int], n: int, box: int) -> list[list[int]]:
    """Plain backtracking, the oracle: every completion of `grid` (0 = blank), at most two."""
    out: list[list[int]] = []

    def ok(i: int, v: int) -> bool:
        r, c = divmod(i, n)
        br, bc = r - r % box, c - c % box
        return (
            all(grid[r * n + k] != v for k in range(n))
            and all(grid[k * n + c] != v for k in range(n))
            and all(grid[(br + a) * n + bc + b] != v for a in range(box) for b in range(box))
        )

    def go() -> None:
        if len(out) > 1:
            return
        if 0 not in grid:
            out.append(grid[:])
            return
        i = grid.index(0)
        for v in range(1, n + 1):
            if ok(i, v):
                grid[i] = v
                go()
                grid[i] = 0

    go()
    return out


SUDOKU_SOLUTION = (  # found by solve_sudoku; row 1 is 2 8 1 | 4 9 3 | 7 6 5
    "281493765946257381573168429495671238618325974327849516762984153159736842834512697"
)


def test_sudoku_seed_solution() -> None:
    """The seed sudoku's givens are built in; its unique solution (by backtracking) passes the checker."""
    p = catalog.build("sudoku")
    grid = [0] * 81
    for c, v in p.givens:
        grid[c] = v
    assert len(p.givens) == sum(ch != "." for ch in catalog.SEED_GIVENS) == 33
    (solution,) = solve_sudoku(grid, 9, 3)
    assert violations(p, solution) == []
    assert "".join(map(str, solution)) == SUDOKU_SOLUTION


@pytest.mark.parametrize(("box", "groups"), [(2, 12), (3, 27), (4, 48), (5, 75)])
def test_sudoku_sizes(box: int, groups: int) -> None:
    """-p box=B gives a B^2 x B^2 grid, values 1..B^2, 3 B^2 houses, no givens, no symmetry; one
    character a cell on the board (16x16 and 25x25 write letters)."""
    p = catalog.build("sudoku", {"box": str(box)})
    n = box * box
    assert (p.size, p.values, len(p.groups), p.generators) == (n * n, tuple(range(1, n + 1)), groups, ())
    assert p.givens == () or box == 3
    assert f"{{{n * n - 1}:>1}}" in p.layout
    assert all(len(g) == n for g in p.groups)
    assert [name for name, _ in p.grid.houses][: 2 * n + 1] == [
        *(f"row {r}" for r in range(1, n + 1)),
        *(f"column {c}" for c in range(1, n + 1)),
        "box 1",
    ]


def test_sudoku_box_groups_are_boxes() -> None:
    """The generated 4x4 sudoku's first box is the top-left 2x2 block."""
    p = catalog.build("sudoku", {"box": "2"})
    assert (0, 1, 4, 5) in p.groups


def test_sudoku_givens_letters() -> None:
    """16x16 givens take 1-9 then A-G in either case; '.' and '0' are blanks."""
    text = "g" + "0" + "A" + "." * 253
    p = catalog.build("sudoku", {"box": "4"}, text)
    assert p.givens == ((0, 16), (2, 10))


@pytest.mark.parametrize(
    ("params", "givens", "message"),
    [
        ({}, "1" * 80, "givens: expected 81 characters for a 9x9 sudoku (one a cell, row by row), got 80"),
        (
            {},
            "." * 40 + "A" + "." * 40,
            "givens: character 'A' at position 41 (row 5, column 5) is not allowed for a 9x9 sudoku; "
            "use . or 0 for a blank, 1-9 for a value",
        ),
        (
            {"box": "4"},
            "." * 17 + "H" + "." * 238,
            "givens: character 'H' at position 18 (row 2, column 2) is not allowed for a 16x16 sudoku; "
            "use . or 0 for a blank, 1-9 and A-G for a value",
        ),
        (
            {"box": "2"},
            "5" + "." * 15,
            "givens: character '5' at position 1 (row 1, column 1) is not allowed for a 4x4 sudoku; "
            "use . or 0 for a blank, 1-4 for a value",
        ),
        ({}, "11" + "." * 79, "givens: cells r1c1 and r1c2 both hold 1 but are in row 1"),
    ],
)
def test_bad_givens(params: dict[str, str], givens: str, message: str) -> None:
    """Bad sudoku givens are a one-line UsageError naming the length, or the character and its place."""
    with pytest.raises(UsageError) as e:
        catalog.build("sudoku", params, givens)
    assert str(e.value) == message


STAR_HELP = "points=6: the number K of points of the star (5..12)"


@pytest.mark.parametrize(
    ("name", "params", "givens", "message"),
    [
        ("magic-cube", None, None,
         "unknown puzzle 'magic-cube'; did you mean magic-square? valid: " + ", ".join(sorted(NAMES))),
        ("magic-star", {"point": "6"}, None,
         f"magic-star: unknown parameter 'point'; did you mean points? valid: {STAR_HELP}"),
        ("magic-star", {"points": "six"}, None, "magic-star: parameter points='six' is not an integer; "
         "valid: 5..12"),
        ("magic-star", {"points": "4"}, None, "magic-star: parameter points=4 is out of range; valid: 5..12"),
        ("magic-square", {"order": "13"}, None, "magic-square: parameter order=13 is out of range; "
         "valid: 3..12"),
        ("sudoku", {"box": "1"}, None, "sudoku: parameter box=1 is out of range; valid: 2..5"),
        ("magic-frame", {"order": "3"}, None, "magic-frame takes no parameters (got 'order')"),
        ("magic-star", None, "." * 12, "magic-star: --givens needs a puzzle whose cells form a grid "
                                       "(the sudoku and its variants, a [grid] file, an f-puzzles import)"),
    ],
)  # fmt: skip
def test_build_errors(name: str, params: dict[str, str] | None, givens: str | None, message: str) -> None:
    """Unknown names, bad parameters and misplaced givens are one-line UsageErrors saying what is valid."""
    with pytest.raises(UsageError) as e:
        catalog.build(name, params, givens)
    assert str(e.value) == message
    assert "\n" not in message


def test_params_are_recorded_canonically() -> None:
    """The puzzle records the parameters used, defaults included, as canonical decimal strings."""
    assert catalog.build("magic-star", {"points": " 07"}).params == (("points", "7"),)
    assert catalog.build("sudoku").params == (("box", "3"),)
    assert catalog.build("magic-frame").params == ()


def test_params_help_lines() -> None:
    """Entries list their parameters as one help line each, for `puzzlesat list`."""
    helps = {e.name: e.params_help for e in catalog.entries()}
    assert helps["magic-star"] == ["points=6: the number K of points of the star (5..12)"]
    assert helps["sudoku"] == ["box=3: the side of a box; the grid is box^2 x box^2 (2..5)"]
    assert helps["magic-frame"] == []


BLOCKS_BOARD = """\
┌─┬─┬─┐
│1│8│3│
├─┼─┼─┤
│6│5│4│
├─┼─┼─┤
│7│2│9│
└─┴─┴─┘"""

STAR_BOARD = """\
      ( 1)
( 2)( 4)(12)( 8)
  (10)    ( 6)
(11)( 5)( 3)( 7)
      ( 9)"""

TRIANGLE_BOARD = """\
      1
     / \\
    6   7
   /     \\
  8       3
 /         \\
5───2───4───9"""

FRAME_BOARD = """\
┌──┬──┬──┐
│ 3│23│ 5│
├──┼──┼──┤
│17│  │19│
├──┼──┼──┤
│11│13│ 7│
└──┴──┴──┘"""

PAIR_BOARD = """\
+--+--+--+   +--+--+--+
| 2| 7| 6|   |11|16|15|
+--+--+--+   +--+--+--+
| 9| 5| 1|   |18|14|10|
+--+--+--+   +--+--+--+
| 4| 3| 8|   |13|12|17|
+--+--+--+   +--+--+--+"""


@pytest.mark.parametrize(
    ("name", "values", "board"),
    [
        ("magic-blocks", [1, 8, 3, 6, 5, 4, 7, 2, 9], BLOCKS_BOARD),
        ("magic-star", STARS[0], STAR_BOARD),
        ("magic-triangle", TRIANGLE_20[0], TRIANGLE_BOARD),
        ("magic-frame-primes", [3, 23, 5, 17, 19, 11, 13, 7], FRAME_BOARD),
        ("magic-pair-18", LO_SHU + [x + 9 for x in LO_SHU], PAIR_BOARD),
    ],
)
def test_boards_are_drawn_like_the_seeds(name: str, values: list[int], board: str) -> None:
    """Layouts draw a solution the way the seed pages draw it."""
    assert render(catalog.build(name).layout, values) == board


def test_frame_board_width_follows_the_values() -> None:
    """One-digit frames use one-character cells, two-digit frames two, with the centre left blank."""
    assert "│ │" in catalog.build("magic-frame-digits").layout
    assert "│  │" in catalog.build("magic-frame-odd").layout
