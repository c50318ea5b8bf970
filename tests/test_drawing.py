"""Every rule kind and every cosmetic drawn as setters draw them (issue 30): SVG elements by class
and colour, clues beside the grid on a wider canvas, and text boards that print the outside
clues around the grid and list the rest in short words."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from puzzlesat.catalog.load import load
from puzzlesat.model.cosmetics import Cosmetic
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.model.rules.clone import Clone
from puzzlesat.model.rules.line import Line
from puzzlesat.model.rules.line_kinds import KINDS as LINE_KINDS
from puzzlesat.model.rules.quadruple import Quadruple
from puzzlesat.model.rules.sum import Sum
from puzzlesat.render.svg import board_svg
from puzzlesat.render.svg_cosmetics import paint
from puzzlesat.render.svg_parts import STYLES
from puzzlesat.render.text.draw import draw

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CELL, MARGIN = 60, 24


def tree(puzzle) -> ET.Element:
    return ET.fromstring(board_svg(puzzle).encode())


def by_class(root: ET.Element, tag: str, *classes: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if set(classes) <= set((e.get("class") or "").split())]


def notes(root: ET.Element) -> list[str]:
    return [e.text or "" for e in by_class(root, "text", "note")]


def sudoku(*rules, cosmetics=()):
    return replace(define("d", grid=Grid(9), rules=list(rules)), cosmetics=tuple(cosmetics))


# --- lines ----------------------------------------------------------------------------------------

ENDS = {"circle": ("circle", 2), "diamond": ("polygon", 2), "bulb": ("circle", 1), "": ("circle", 0)}


@pytest.mark.parametrize("kind", list(LINE_KINDS))
def test_each_line_kind_is_one_group_in_its_colour(kind):
    """One `<g class="line KIND">` per line: a polyline through the cells' centres in the kind's
    colour, the kind's ends (circles, diamonds, a bulb) and one legend note naming the colour."""
    root = tree(sudoku(Line(kind, ("r1c1", "r1c2", "r2c3"))))
    (group,) = by_class(root, "g", "line", kind)
    style = STYLES[kind]
    line = group.find(SVG + "polyline")
    assert line.get("points") == "54,54 114,54 174,114" and line.get("stroke") == style.colour
    tag, count = ENDS[style.ends]
    assert len(group.findall(SVG + tag)) == count + (1 if style.hollow else 0)
    label = kind.replace("_", " ")
    assert [t for t in notes(root) if t.startswith(label)] == [
        f"{label} line ({style.words}): {LINE_KINDS[kind].says}"
        + (" (difference 5)" if kind == "whispers" else " (difference 4)" if kind == "lockout" else "")
    ]


def test_every_line_kind_has_a_style():
    """The registry of looks covers the registry of kinds (and Dutch whispers)."""
    assert set(STYLES) == set(LINE_KINDS) | {"dutch_whispers"}


def test_whispers_below_germans_difference_are_dutch_and_orange():
    """Difference 4 on a 9x9 (Dutch whispers) is orange; the default 5 (German) is green."""
    root = tree(sudoku(Line("whispers", ("r1c1", "r1c2"), 4), Line("whispers", ("r3c1", "r3c2"))))
    (dutch,) = by_class(root, "g", "dutch_whispers")
    (german,) = by_class(root, "g", "whispers")
    assert dutch.find(SVG + "polyline").get("stroke") == "#ff9f40"
    assert german.find(SVG + "polyline").get("stroke") == "#67f067"
    assert "Dutch whispers line (orange): neighbours differ by at least the difference (difference 4)" in notes(root)


# --- clones, quadruples, indexers -------------------------------------------------------------------


def test_clones_shade_both_shapes_and_quadruples_sit_on_their_corner():
    """Two clone pairs shade four cells; a 2x2 quadruple is a circle on its shared corner with its
    digits; a quadruple of another shape stays a note."""
    root = tree(
        sudoku(
            Clone(("r1c1", "r1c2"), ("r9c8", "r9c9")),
            Quadruple(("r2c2", "r2c3", "r3c2", "r3c3"), (1, 3, 5)),
            Quadruple(("r5c5", "r5c6", "r5c7"), (2,)),
        )
    )
    shaded = by_class(root, "rect", "clone")
    assert sorted((e.get("x"), e.get("y")) for e in shaded) == [
        ("24", "24"),
        ("444", "504"),
        ("504", "504"),
        ("84", "24"),
    ]
    assert {e.get("fill") for e in shaded} == {"#d0d0d0"}
    (quad,) = by_class(root, "g", "quadruple")
    circle = quad.find(SVG + "circle")
    assert (circle.get("cx"), circle.get("cy")) == ("144", "144")
    assert [t.text for t in quad.findall(SVG + "text")] == ["1 3", "5"]
    assert notes(root) == ["quadruple 2 at r5c5: 2 among r5c5 r5c6 r5c7"]


def test_indexer_cells_are_shaded():
    """The indexer example's 27 cells (columns 1, 5 and 9) are shaded, one rect each, and listed in
    the text board's notes."""
    p = load(str(EXAMPLES / "indexer-sudoku.toml"))
    indexers = [r for r in p.rules if r.key == "indexer"]
    assert len(by_class(tree(p), "rect", "indexer")) == len(indexers) == 27
    assert draw(p, ["."] * 81).splitlines()[-3:] == [
        f"indexer r9c{c} on row 9: " + " ".join(f"r9c{k}" for k in range(1, 10)) for c in (1, 5, 9)
    ]


# --- clues beside the grid ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "kind", "label"),
    [
        ("sandwich-sudoku", "sandwich", "sandwich clues: the digits between 1 and 9 sum to the clue"),
        ("xsum-sudoku", "xsum", "X-sum clues: the first X cells sum to the clue, X the first cell's digit"),
        (
            "skyscraper-sudoku",
            "skyscraper",
            "skyscraper clues: the clue seen, a taller digit hiding the ones behind it",
        ),
        ("numbered-room-sudoku", "room", "numbered room clues: the X-th cell holds the clue, X the first cell's digit"),
    ],
)
def test_show_svg_draws_outside_clues_beside_a_wider_grid(cli, tmp_path, example, kind, label):
    """`show --svg`: one number per [[outside]] clue in the margin, now a cell wide on every side,
    and one legend note; no clue is left in words."""
    path = tmp_path / "board.svg"
    assert cli("show", str(EXAMPLES / f"{example}.toml"), "--svg", str(path)).code == 0
    root = ET.fromstring(path.read_bytes())
    p = load(str(EXAMPLES / f"{example}.toml"))
    clues = [r for r in p.rules if r.key == "outside"]
    texts = by_class(root, "text", "outside", kind)
    assert [t.text for t in texts] == [str(r.value) for r in clues]
    side = 2 * CELL + 9 * CELL
    assert root.get("width") == str(side) and root.find(SVG + "rect").get("height") == str(side + 15)
    assert notes(root) == [label]
    for t in texts:  # each number outside the grid
        x, y = float(t.get("x")), float(t.get("y"))
        assert not (CELL < x < CELL + 9 * CELL and CELL < y < CELL + 9 * CELL)


def test_little_killers_are_drawn_outside_with_an_arrow():
    """A sum of a whole diagonal is a little killer: its number in the square before the first
    cell and a small arrow; a diagonal that stops short stays a sum in words."""
    root = tree(
        sudoku(
            Sum(tuple(f"r{k}c{k + 1}" for k in range(1, 9)), 40),
            Sum(("r9c8", "r8c9"), 11),
            Sum(("r1c1", "r2c2"), 3),
        )
    )
    groups = by_class(root, "g", "little-killer")
    assert [g.find(SVG + "text").text for g in groups] == ["40", "11"]
    assert [g.find(SVG + "path").get("d").count("M") for g in groups] == [2, 2]
    assert notes(root) == [
        "sum 3 of r1c1, r2c2: r1c1 + r2c2 = 3",
        "little killer clues: the diagonal its arrow points along sums to the clue",
    ]
    assert root.get("width") == str(11 * CELL)


def test_text_board_prints_outside_clues_around_the_grid(cli):
    """`solve` of the sandwich example: column clues above the columns, row clues left of the
    rows, nothing left in words."""
    out = cli("solve", str(EXAMPLES / "sandwich-sudoku.toml")).out.splitlines()
    top = out.index("#1") + 1
    assert out[top].rstrip() == "     8   4   17  35  14  13  3   10  25"
    assert out[top + 1] == "   ┏━━━┯━━━┯━━━┳━━━┯━━━┯━━━┳━━━┯━━━┯━━━┓"
    assert out[top + 2] == " 4 ┃ 2 │ 3 │ 6 ┃ 9 │ 4 │ 1 ┃ 8 │ 7 │ 5 ┃"
    assert out[top + 18].startswith(" 0 ┃ 7 │ 2 │ 8 ┃")
    assert not any(line.startswith("outside:") for line in out)


def test_text_board_lists_lines_in_short_words():
    """A text board cannot draw lines: one short note each, kind and cells."""
    p = define(
        "d",
        grid=Grid(9),
        rules=[Line("renban", ("r1c1", "r1c2", "r1c3", "r1c4")), Line("whispers", ("r2c1", "r2c2"), 4)],
    )
    assert draw(p, ["."] * 81).splitlines()[-2:] == [
        "renban r1c1–r1c4: r1c1-r1c2-r1c3-r1c4",
        "Dutch whisper r2c1–r2c2: r2c1-r2c2",
    ]


# --- cosmetics ------------------------------------------------------------------------------------

COSMETICS = (
    Cosmetic("colour", ("r1c1",), colour="#D0D0FF"),
    Cosmetic("colour", ("r1c2",), colour='red" onload="x'),
    Cosmetic("line", lines=(("r2c1", "r2c2", "r3c3"), ("r5c5", "r5c6")), colour="#FF000080"),
    Cosmetic("circle", ("r4c4",), text="x", colour="#0000ff"),
    Cosmetic("rectangle", ("r6c6", "r6c7"), colour="green"),
    Cosmetic("text", ("r7c1", "r7c2"), text=">", colour="#000000"),
    Cosmetic("cage", ("r9c4", "r9c5"), text="15", colour="#ff00ff"),
    Cosmetic("text", ("r10c1",), text="off the grid"),
)


def test_cosmetics_are_drawn_in_their_colours():
    """Each cosmetic as f-puzzles draws it: cell colours as fills (a colour with alpha split into
    an opacity, a bad colour the default), lines through centres, shapes and text at the middle of
    their cells, a cage dashed with its value; one naming no cell of the grid is left out."""
    root = tree(sudoku(cosmetics=COSMETICS))
    fills = [(e.get("fill"), e.get("fill-opacity")) for e in by_class(root, "rect", "cosmetic", "colour")]
    assert fills == [("#d0d0ff", None), ("#d0d0d0", None)]
    lines = by_class(root, "polyline", "cosmetic", "line")
    assert [(e.get("points"), e.get("stroke"), e.get("stroke-opacity")) for e in lines] == [
        ("54,114 114,114 174,174", "#ff0000", "0.5"),
        ("294,294 354,294", "#ff0000", "0.5"),
    ]
    (circle,) = by_class(root, "g", "cosmetic", "circle")
    assert (circle.find(SVG + "circle").get("cx"), circle.find(SVG + "circle").get("stroke")) == ("234", "#0000ff")
    assert circle.find(SVG + "text").text == "x"
    (rect,) = by_class(root, "g", "cosmetic", "rectangle")
    assert (rect.find(SVG + "rect").get("x"), rect.find(SVG + "rect").get("stroke")) == ("360", "green")
    texts = by_class(root, "g", "cosmetic", "text")
    assert [t.find(SVG + "text").text for t in texts] == [">"]
    assert texts[0].find(SVG + "text").get("x") == "84"
    (cage,) = by_class(root, "g", "cosmetic", "cage")
    assert cage.find(SVG + "path").get("stroke-dasharray") == "4 3" and cage.find(SVG + "text").text == "15"
    assert b"onload" not in board_svg(sudoku(cosmetics=COSMETICS)).encode()


def test_paint_reads_fpuzzles_colours():
    """`#rgb`, `#rrggbb`, `#rrggbbaa` (alpha as an opacity) and names; anything else the default."""
    assert paint("#ABC", "x") == ("#abc", 1.0)
    assert paint("#00FF0080", "x") == ("#00ff00", 0.5)
    assert paint("Purple", "x") == ("purple", 1.0)
    assert paint("url(#a)", "#000000") == ("#000000", 1.0)


def test_text_board_lists_cosmetics():
    """Below the board: one line per cosmetic, cell colours one line per colour."""
    p = sudoku(cosmetics=(*COSMETICS[:7], Cosmetic("colour", ("r3c3",), colour="#D0D0FF")))
    assert draw(p, ["."] * 81).splitlines()[-7:] == [
        "cosmetic line: r2c1-r2c2-r3c3; r5c5-r5c6 (#FF000080)",
        "cosmetic circle 'x': r4c4 (#0000ff)",
        "cosmetic rectangle: r6c6 r6c7 (green)",
        "cosmetic text '>': r7c1 r7c2 (#000000)",
        "cosmetic cage '15': r9c4 r9c5 (#ff00ff)",
        "cell colour #D0D0FF: r1c1 r3c3",
        'cell colour red" onload="x: r1c2',
    ]
