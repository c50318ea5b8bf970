"""Boards of grid puzzles as solvers know them: text boards (golden strings) and SVG pictures."""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.catalog.builtin import build
from puzzlesat.catalog.load import load
from puzzlesat.model.grid import Grid
from puzzlesat.model.layout import places
from puzzlesat.model.model import define
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.sum import Sum
from puzzlesat.render.svg import board_svg
from puzzlesat.render.text.draw import draw
from puzzlesat.render.text.gridboard import HEAVY, LIGHT, NONE, features, junction, lines

SVG = "{http://www.w3.org/2000/svg}"
SOLUTION4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]  # a 4x4 sudoku, row by row
KILLER4 = [  # cells and sums of SOLUTION4; cage 10 crosses the middle of the grid
    (("r1c1", "r1c2"), 3),
    (("r1c3", "r1c4", "r2c4"), 9),
    (("r2c1", "r3c1"), 5),
    (("r2c2", "r2c3"), 5),
    (("r3c2", "r3c3", "r4c2", "r4c3"), 10),
    (("r3c4", "r4c4"), 4),
    (("r4c1",), 4),
]


def killer4(givens: str | None = None):
    return define("killer4", grid=Grid(4), rules=[Cage(c, "sum", s) for c, s in KILLER4], givens=givens)


def board(puzzle, values) -> str:
    return draw(puzzle, [puzzle.grid.symbol(v) for v in values])


def svg_tree(text: str) -> ET.Element:
    return ET.fromstring(text.encode())


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if cls in (e.get("class") or "").split()]


# --- the box-drawing table ------------------------------------------------------------------------


def test_every_mix_of_light_and_heavy_arms_has_its_character():
    """80 junctions (3^4 - 1 mixes of none, light, heavy), each a different character whose
    Unicode name mentions only light and heavy arms."""
    table = lines()
    assert len(table) == 80 == len(set(table.values()))
    assert set(table) == {
        (u, r, d, left) for u in range(3) for r in range(3) for d in range(3) for left in range(3)
    } - {(0, 0, 0, 0)}
    for ch in table.values():
        assert not {"DOUBLE", "DASH", "ARC"} & set(unicodedata.name(ch).split())
    assert (table[1, 1, 1, 1], table[2, 2, 2, 2], table[0, 2, 1, 2], table[1, 0, 0, 2]) == ("┼", "╋", "┯", "┙")
    assert junction(NONE, NONE, NONE, NONE) == " " and junction(HEAVY, LIGHT, HEAVY, NONE) == "┠"


# --- text boards ----------------------------------------------------------------------------------


def test_plain_grid_board():
    """No cages: one line a row, heavy frame and box borders, light lines between cells."""
    assert board(define("s4", grid=Grid(4)), SOLUTION4) == "\n".join(
        [
            "┏━━━┯━━━┳━━━┯━━━┓",
            "┃ 1 │ 2 ┃ 3 │ 4 ┃",
            "┠───┼───╂───┼───┨",
            "┃ 3 │ 4 ┃ 1 │ 2 ┃",
            "┣━━━┿━━━╋━━━┿━━━┫",
            "┃ 2 │ 1 ┃ 4 │ 3 ┃",
            "┠───┼───╂───┼───┨",
            "┃ 4 │ 3 ┃ 2 │ 1 ┃",
            "┗━━━┷━━━┻━━━┷━━━┛",
        ]
    )


def test_killer_board_outlines_cages_with_their_clues():
    """Cages: a clue line and a value line a cell; light lines on cage borders, none inside a cage,
    heavy on box borders, heavy dashed where a box border runs through a cage."""
    assert board(killer4(), SOLUTION4) == "\n".join(
        [
            "┏━━━━━━━┳━━━━━━━┓",
            "┃3      ┃9      ┃",
            "┃ 1   2 ┃ 3   4 ┃",
            "┠───┬───╂───┐   ┃",
            "┃5  │5  ┇   │   ┃",
            "┃ 3 │ 4 ┇ 1 │ 2 ┃",
            "┣┅┅┅┿━━━╋━━━┿━━━┫",
            "┃   │10 ┇   │4  ┃",
            "┃ 2 │ 1 ┇ 4 │ 3 ┃",
            "┠───┤   ┇   │   ┃",
            "┃4  │   ┇   │   ┃",
            "┃ 4 │ 3 ┇ 2 │ 1 ┃",
            "┗━━━┷━━━┻━━━┷━━━┛",
        ]
    )


def test_kenken_cages_are_the_regions():
    """Without boxes the cages take the heavy lines (KenKen); clues carry the operation."""
    rules = [
        Cage(("r1c1", "r2c1"), "product", 3, False),
        Cage(("r1c2", "r2c2"), "difference", 2),
        Cage(("r1c3", "r1c4", "r2c3", "r2c4"), "sum", 10),
        Cage(("r3c1", "r3c2"), "quotient", 2),
        Cage(("r3c3", "r3c4", "r4c3", "r4c4"), "sum", 10),
        Cage(("r4c1", "r4c2"), "sum", 7),
    ]
    p = define("kk", grid=Grid(4, boxes="none"), rules=rules)
    assert board(p, SOLUTION4) == "\n".join(
        [
            "┏━━━┳━━━┳━━━┯━━━┓",
            "┃3x ┃2- ┃10 │   ┃",
            "┃ 1 ┃ 2 ┃ 3 │ 4 ┃",
            "┠───╂───╂───┼───┨",
            "┃   ┃   ┃   │   ┃",
            "┃ 3 ┃ 4 ┃ 1 │ 2 ┃",
            "┣━━━╇━━━╋━━━┿━━━┫",
            "┃2/ │   ┃10 │   ┃",
            "┃ 2 │ 1 ┃ 4 │ 3 ┃",
            "┣━━━┿━━━╉───┼───┨",
            "┃7  │   ┃   │   ┃",
            "┃ 4 │ 3 ┃ 2 │ 1 ┃",
            "┗━━━┷━━━┻━━━┷━━━┛",
        ]
    )


def test_sixteen_by_sixteen_uses_letters_and_reads_back_as_givens():
    """Values 10..16 are A..G; the board stripped of its lines is a givens string of the same grid."""
    solution = [(r * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    p = define("s16", grid=Grid(16))
    text = board(p, solution)
    rows = text.splitlines()
    assert len(rows) == 33 and {len(r) for r in rows} == {65}
    assert rows[1] == "┃ 1 │ 2 │ 3 │ 4 ┃ 5 │ 6 │ 7 │ 8 ┃ 9 │ A │ B │ C ┃ D │ E │ F │ G ┃"
    symbols = "".join(ch for ch in text if not ch.isspace() and not "\u2500" <= ch <= "\u257f")
    assert [v for _, v in define("s16", grid=Grid(16), givens=symbols).givens] == solution


def test_blocked_squares_and_kakuro_clues():
    """Blocked squares are shaded; each run's clue sits in the blocked square before it, across at
    the top right and down at the bottom left."""
    grid = Grid(3, boxes="none", latin=False, blocked="###\n#..\n#..")
    runs = [(("r2c2", "r2c3"), 3), (("r3c2", "r3c3"), 7), (("r2c2", "r3c2"), 4), (("r2c3", "r3c3"), 6)]
    p = define("kakuro", grid=grid, values=range(1, 10), rules=[Cage(c, "sum", s) for c, s in runs])
    assert board(p, [1, 2, 3, 4]) == "\n".join(
        [
            "┏━━━┯━━━┯━━━┓",
            "┃░░░│░░░│░░░┃",
            "┃░░░│4░░│6░░┃",
            "┠───╆━━━┿━━━┫",
            "┃░░3┃   │   ┃",
            "┃░░░┃ 1 │ 2 ┃",
            "┠───╂───┼───┨",
            "┃░░7┃   │   ┃",
            "┃░░░┃ 3 │ 4 ┃",
            "┗━━━┻━━━┷━━━┛",
        ]
    )
    plain = define("holes", grid=Grid(2, boxes="none", latin=False, blocked="#.\n.."), values=range(1, 4))
    assert draw(plain, ["1", "2", "3"]) == "┏━━━┳━━━┓\n┃░░░┃ 1 ┃\n┣━━━╃───┨\n┃ 2 │ 3 ┃\n┗━━━┷━━━┛"


def test_dots_signs_and_rules_in_words():
    """Kropki and XV dots and futoshiki signs sit on their edges; thermometers, arrows and other
    sums are listed below the board, with the meaning of the dots."""
    grid = Grid(4)
    rules = [
        Dot("white", (0, 1)),
        Dot("white", (4, 8)),
        Dot("black", (1, 5)),
        Dot("v", (9, 10)),
        Less(("r3c2", "r3c1", "r2c1", "r2c2")),
        Sum(("r4c2", "r3c2", "r4c1"), 0, "=", (1, 1, -1)),
        Sum(("r1c1", "r4c4"), 2),
    ]
    assert board(define("dots", grid=grid, rules=rules), SOLUTION4) == "\n".join(
        [
            "┏━━━┯━━━┳━━━┯━━━┓",
            "┃ 1 ○ 2 ┃ 3 │ 4 ┃",
            "┠───┼─●─╂───┼───┨",
            "┃ 3 │ 4 ┃ 1 │ 2 ┃",
            "┣━○━┿━━━╋━━━┿━━━┫",
            "┃ 2 │ 1 V 4 │ 3 ┃",
            "┠───┼───╂───┼───┨",
            "┃ 4 │ 3 ┃ 2 │ 1 ┃",
            "┗━━━┷━━━┻━━━┷━━━┛",
            "thermometer 1 (r3c2→r2c2): r3c2 < r3c1 < r2c1 < r2c2",
            "arrow r4c1 (circle) → r4c2, r3c2: r4c1 = r4c2 + r3c2",
            "sum 2 of r1c1, r4c4: r1c1 + r4c4 = 2",
            "dots: ○ differ by 1, ● one is twice the other, V sum to 5",
        ]
    )
    signs = [Less(("r1c1", "r1c2")), Less(("r2c2", "r1c2")), Less(("r3c4", "r3c3")), Less(("r3c1", "r4c1"))]
    futoshiki = define("futoshiki", grid=Grid(4, boxes="none"), rules=signs)
    assert board(futoshiki, SOLUTION4).splitlines()[1:6] == [
        "┃ 1 < 2 │ 3 │ 4 ┃",
        "┠───┼─∨─┼───┼───┨",
        "┃ 3 │ 4 │ 1 │ 2 ┃",
        "┠───┼───┼───┼───┨",
        "┃ 2 │ 1 │ 4 > 3 ┃",
    ]


def test_show_draws_cell_names_and_givens_without_notes(cli, tmp_path):
    """`show` of a grid file: the cages around the cell names, the givens board, no rule repeated."""
    path = tmp_path / "k.toml"
    cages = "".join(
        f"[[cage]]\ncells = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in cells)}]\nsum = {s}\n"
        for cells, s in KILLER4
    )
    path.write_text(f'name = "k"\ngivens = "1..............."\n[grid]\nsize = 4\n{cages}')
    out = cli("show", str(path)).out
    assert "┃3            ┃9            ┃\n┃ r1c1   r1c2 ┃ r1c3   r1c4 ┃" in out
    assert "givens:\n┏━━━━━━━┳━━━━━━━┓\n┃3      ┃9      ┃\n┃ 1   . ┃ .   . ┃" in out
    assert out.count("cage 10 at ") == 1


def test_non_grid_boards_keep_their_layouts():
    """A magic figure is drawn from its layout exactly as before; no notes are added."""
    star = build("magic-star")
    assert draw(star, range(1, 13)) == "      ( 1)\n( 2)( 3)( 4)( 5)\n  ( 6)    ( 7)\n( 8)( 9)(10)(11)\n      (12)"


# --- random grids: the drawing's shape ------------------------------------------------------------


@st.composite
def caged_grids(draw: st.DrawFn):
    """A random grid (with boxes of any shape that tiles it and holds at most the 9 values, or none)
    cut into random cages of 1-4 orthogonally joined cells, some of them left uncaged."""
    rows = draw(st.integers(2, 6))
    cols = draw(st.integers(2, 6))
    shapes = [
        f"{h}x{w}"
        for h in range(1, rows + 1)
        for w in range(1, cols + 1)
        if not rows % h and not cols % w and h * w <= 9  # a box's cells differ: at most the 9 values
    ]
    grid = Grid(rows, cols, boxes=draw(st.sampled_from(["none", *shapes])), latin=False)
    owner: dict[tuple[int, int], int] = {}
    cages: list[list[str]] = []
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) in owner:
                continue
            cells = [(r, c)]
            owner[r, c] = len(cages)
            for _ in range(draw(st.integers(0, 3))):
                free = sorted(
                    (a + dr, b + dc)
                    for a, b in cells
                    for dr, dc in ((0, 1), (1, 0), (0, -1))
                    if 1 <= a + dr <= rows and 1 <= b + dc <= cols and (a + dr, b + dc) not in owner
                )
                if not free:
                    break
                nxt = draw(st.sampled_from(free))
                owner[nxt] = len(cages)
                cells.append(nxt)
            cages.append([f"r{a}c{b}" for a, b in cells])
    rules = [Cage(tuple(cells), "sum", 3 * len(cells), False) for cells in cages if draw(st.booleans())]
    p = define("random", grid=grid, values=range(1, 10), rules=rules, distinct="none")
    values = draw(st.lists(st.integers(1, 9), min_size=p.size, max_size=p.size))
    return p, values


@given(caged_grids())
def test_random_boards_are_rectangles_and_pictures_are_well_formed(case):
    """Every text line has the same width, the line count follows the cell height, and the SVG
    parses with one outline per cage."""
    p, values = case
    text = draw(p, [str(v) for v in values])
    rows = text.splitlines()
    height = 2 if any(r.key == "cage" for r in p.rules) else 1
    assert len(rows) == p.grid.rows * (height + 1) + 1
    assert len({len(r) for r in rows}) == 1
    root = svg_tree(board_svg(p, values))
    assert len(by_class(root, "g", "cage")) == len(p.rules)
    assert len(by_class(root, "text", "placed")) == p.size


# --- SVG pictures ---------------------------------------------------------------------------------


def test_killer_svg_cages_givens_and_placed_digits():
    """One group per cage with its clue; givens bold, placed digits a lighter weight; same bytes twice."""
    p = killer4(givens="1..............2")
    text = board_svg(p, SOLUTION4)
    assert text == board_svg(p, SOLUTION4)
    root = svg_tree(text)
    cages = by_class(root, "g", "cage")
    assert len(cages) == len(KILLER4)
    assert [e.text for e in by_class(root, "text", "cage-clue")] == [str(s) for _, s in KILLER4]
    assert all(g.find(SVG + "path").get("stroke-dasharray") for g in cages)
    givens, placed = by_class(root, "text", "given"), by_class(root, "text", "placed")
    assert [e.text for e in givens] == ["1", "1"] and len(placed) == 14
    assert {e.get("font-weight") for e in givens} == {"bold"} and {e.get("font-weight") for e in placed} == {"normal"}
    empty = svg_tree(board_svg(p))  # `show`: the givens alone
    assert len(by_class(empty, "text", "given")) == 2 and by_class(empty, "text", "placed") == []


def test_cage_outline_follows_concave_corners():
    """An L-shaped cage is one closed path of six corners, inset inside its cells."""
    p = define("l", grid=Grid(2, boxes="none"), rules=[Cage(("r1c1", "r2c1", "r2c2"), "sum", 6, False)])
    path = by_class(svg_tree(board_svg(p)), "g", "cage")[0].find(SVG + "path").get("d")
    assert path.count("M") == 1 and path.count("L") == 5 and path.endswith("Z")


def test_variant_svg_has_one_element_per_constraint():
    """Thermometers, arrows, kropki dots, XV letters, futoshiki signs, diagonals, windows, regions."""
    grid = Grid(
        9,
        diagonals=True,
        windows=True,
        anti_knight=True,
    )
    rules = [
        Dot("white", (4, 5)),
        Dot("white", (9, 18)),
        Dot("black", (15, 16)),
        Dot("x", (60, 61)),
        Dot("v", (0, 9)),
        Less(("r1c1", "r1c2", "r1c3")),
        Less(("r4c1", "r4c2", "r5c2")),
        Less(("r7c7", "r7c8")),
        Sum(("r2c3", "r1c3", "r3c3"), 0, "=", (1, 1, -1)),
        Sum(("r9c9", "r9c8"), 15),
    ]
    root = svg_tree(board_svg(define("v", grid=grid, rules=rules)))
    counts = {
        cls: len(by_class(root, tag, cls))
        for tag, cls in [
            ("g", "thermometer"),
            ("g", "arrow"),
            ("circle", "white"),
            ("circle", "black"),
            ("text", "xv"),
            ("line", "diagonal"),
            ("rect", "window"),
            ("path", "regions"),
        ]
    }
    assert counts == {
        "thermometer": 3,
        "arrow": 1,
        "white": 2,
        "black": 1,
        "xv": 2,
        "diagonal": 2,
        "window": 4,
        "regions": 1,
    }
    notes = [e.text for e in by_class(root, "text", "note")]
    assert notes == ["sum 15 of r9c9, r9c8: r9c9 + r9c8 = 15", "anti-knight"]
    signs = define("f", grid=Grid(4, boxes="none"), rules=[Less(("r1c1", "r1c2")), Less(("r2c1", "r1c1"))])
    assert len(by_class(svg_tree(board_svg(signs)), "path", "inequality")) == 2


def test_kakuro_svg_blocked_squares_and_clues():
    """Blocked squares filled, each run's clue in the blocked square before it."""
    grid = Grid(3, boxes="none", latin=False, blocked="###\n#..\n#..")
    runs = [(("r2c2", "r2c3"), 3), (("r3c2", "r3c3"), 7), (("r2c2", "r3c2"), 4), (("r2c3", "r3c3"), 6)]
    p = define("kakuro", grid=grid, values=range(1, 10), rules=[Cage(c, "sum", s) for c, s in runs])
    root = svg_tree(board_svg(p, [1, 2, 3, 4]))
    assert len(by_class(root, "rect", "blocked")) == 5
    assert sorted(e.text for e in by_class(root, "text", "clue")) == ["3", "4", "6", "7"]
    assert by_class(root, "g", "cage") == []


@pytest.mark.parametrize(
    ("name", "tag", "cells", "lines"),
    [
        ("magic-star", "circle", 12, 6),
        ("magic-triangle", "circle", 9, 3),
        ("magic-frame", "rect", 8, 0),
        ("magic-pair-18", "rect", 18, 0),
    ],
)
def test_magic_figures_place_cells_as_their_layouts_do(name, tag, cells, lines):
    """Circles or boxed squares where the layout puts each cell, collinear sums as lines behind them."""
    p = build(name)
    values = list(range(1, p.size + 1))
    root = svg_tree(board_svg(p, values, {"N": 3}))
    assert len(by_class(root, tag, "cell")) == cells
    assert len(by_class(root, "line", "sum-line")) == lines
    assert [e.text for e in by_class(root, "text", "placed")] == [str(v) for v in values]
    assert [e.text for e in by_class(root, "text", "note")] == ["N = 3"]


def test_layout_places():
    """Each placeholder's line and centre column, and whether bars box it in."""
    spots = places(build("magic-star").layout)
    assert spots[:3] == [(0, 8.0, False), (1, 2.0, False), (1, 6.0, False)]
    assert places(build("magic-blocks").layout)[4] == (3, 3.5, True)


def test_features_sort_rules_by_how_they_are_drawn():
    """Arrows are sums with one cell weighted against the rest; chains of neighbours are signs only
    when every chain is one."""
    grid = Grid(4)
    rules = [Sum(("r1c1", "r1c2", "r2c2"), 0, "=", (-1, 1, 1)), Less(("r1c1", "r1c2")), Less(("r3c3", "r4c4"))]
    p = define("f", grid=grid, rules=rules)
    f = features(grid, p.rules)
    assert f.arrows == ((0, (1, 5)),) and f.thermometers == ((0, 1), (10, 15)) and f.signs == ()


# --- the command line -----------------------------------------------------------------------------


def _killer_file(tmp_path):
    path = tmp_path / "k.toml"
    cages = "".join(
        f"[[cage]]\ncells = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in cells)}]\nsum = {s}\n"
        for cells, s in KILLER4
    )
    path.write_text(f'name = "k"\n[grid]\nsize = 4\n{cages}')
    return path


def test_solve_and_show_write_the_picture(cli, tmp_path):
    """--svg writes the first solution (solve) or the givens (show), the same bytes as the library."""
    path = _killer_file(tmp_path)
    out = tmp_path / "deep" / "k.svg"
    missing = cli("solve", str(path), "--svg", str(out))  # folders are not created (issue 18)
    assert (missing.code, missing.err) == (
        2,
        f"puzzlesat: error: {out}: cannot write: the folder {out.parent} does not exist\n",
    )
    out.parent.mkdir()
    result = cli("solve", str(path), "--svg", str(out))
    assert result.code == 0 and "┃3      ┃9      ┃" in result.out
    p = load(str(path))
    assert out.read_text() == board_svg(p, SOLUTION4)
    shown = tmp_path / "shown.svg"
    assert cli("show", str(path), "--svg", str(shown), "--json").code == 0
    assert shown.read_text() == board_svg(p)
    again = tmp_path / "again.svg"
    cli("solve", str(path), "--all", "--svg", str(again))
    assert again.read_bytes() == out.read_bytes()
    star = tmp_path / "star.svg"
    assert cli("solve", "magic-star", "--backend", "z3", "--svg", str(star)).code == 0
    assert len(by_class(svg_tree(star.read_text()), "circle", "cell")) == 12


@pytest.mark.parametrize(
    ("command", "target", "message"),
    [
        ("solve", "k.png", "--svg {}: unknown file type '.png'; the picture is written as .svg"),
        ("show", "k", "--svg {}: unknown file type '(none)'; the picture is written as .svg"),
        ("solve", "dir.svg", "--svg {}: is a directory"),
        ("show", "file.txt/k.svg", "{}: cannot write: {}/file.txt is not a directory"),
        ("solve", "file.txt/k.svg", "{}: cannot write: {}/file.txt is not a directory"),
    ],
)
def test_bad_svg_path_is_one_line(cli, tmp_path, command, target, message):
    """A bad suffix, a directory, or a path that cannot be written: one line, exit 2, no file."""
    from test_cli import one_line_error

    (tmp_path / "dir.svg").mkdir()
    (tmp_path / "file.txt").write_text("")
    path = tmp_path / target
    result = cli(command, str(_killer_file(tmp_path)), "--svg", str(path))
    if command == "solve" and target.startswith("file"):  # the search ran; the write failed after it
        assert result.code == 2 and result.err == f"puzzlesat: error: {message.format(path, tmp_path)}\n"
        return
    assert one_line_error(result) == message.format(path, tmp_path)


def test_svg_refused_with_givens_file_and_skipped_without_solution(cli, tmp_path):
    """--svg draws one puzzle: refused with --givens-file; with no solution, nothing is written."""
    from test_cli import one_line_error

    givens = tmp_path / "g.txt"
    givens.write_text("." * 16 + "\n")
    result = cli("solve", "sudoku", "-p", "box=2", "--givens-file", str(givens), "--svg", str(tmp_path / "a.svg"))
    assert one_line_error(result) == "--svg draws one puzzle's solution; it does not apply to --givens-file"
    path = tmp_path / "none.toml"
    chains = '[[less]]\ncells = ["r1c1", "r1c2"]\n[[less]]\ncells = ["r1c2", "r1c1"]\n'  # contradict each other
    path.write_text('name = "none"\n[grid]\nsize = 2\n' + chains)
    result = cli("solve", str(path), "--svg", str(tmp_path / "none.svg"))
    assert result.code == 0 and result.err == f"puzzlesat: no solution to draw; {tmp_path / 'none.svg'} not written\n"
    assert not (tmp_path / "none.svg").exists()


def test_readme_board_and_picture_are_real(cli):
    """docs/format.md's killer board is what `solve` prints, and docs/killer-6x6.svg is what it draws
    (after a change of style: puzzlesat solve examples/killer-6x6.toml --svg docs/killer-6x6.svg)."""
    root = Path(__file__).parent.parent
    readme = (root / "docs" / "format.md").read_text(encoding="utf-8")
    block = readme.split("$ puzzlesat solve examples/killer-6x6.toml --svg killer.svg\n", 1)[1].split("\n\n", 1)[0]
    out = cli("solve", str(root / "examples" / "killer-6x6.toml")).out
    assert out.split("\n\n", 1)[0] == block
    puzzle = load(str(root / "examples" / "killer-6x6.toml"))
    values = puzzlesat.solve(puzzle).solutions[0].values
    assert (root / "docs" / "killer-6x6.svg").read_text(encoding="utf-8") == board_svg(puzzle, values)
