"""`convert --to fpuzzles|sudokupad` for every kind the f-puzzles importer reads (issue 30, "links
back out"): the 44 real links and the example files load back as the same puzzle with the same
cosmetics, random 4x4 documents of each kind round-trip, each kind is written under its own key,
and what f-puzzles has no key for is one refusal."""

from __future__ import annotations

import json
from pathlib import Path

import lzstring
import pytest
from fp_strategies import KINDS, documents
from hypothesis import given
from hypothesis import strategies as st
from test_cli import one_line_error
from test_fpuzzles import blank, load
from test_real_links import PUZZLES, _id

import puzzlesat
from puzzlesat.catalog import load as puzzles
from puzzlesat.formats.same import same_puzzle
from puzzlesat.formats.toml.files import load_text
from puzzlesat.runtime.errors import FileFormatError, UsageError

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ("fpuzzles", "sudokupad")


def out_doc(p: puzzles.Puzzle, to: str = "fpuzzles") -> tuple[dict, puzzles.Puzzle]:
    """The document `convert --to` wrote for `p`, and the puzzle its link loads back to."""
    link = puzzlesat.convert_puzzle(p, None, to).text.strip()
    data = link.split("?load=")[-1].removeprefix("https://sudokupad.app/fpuzzles")
    return json.loads(lzstring.decompress_from_base64(data)), puzzles.load(link)


@pytest.mark.parametrize("to", TARGETS)
@pytest.mark.parametrize("entry", [pytest.param(p, id=_id(i, p)) for i, p in enumerate(PUZZLES)])
def test_every_real_link_round_trips(entry: dict[str, str], to: str) -> None:
    """Each real link, converted, loads back as the same cells, values and core, and with the same
    cosmetics (lines, shapes, text, cages, colours) in the same order."""
    p = puzzles.load(entry["link"])
    _, back = out_doc(p, to)
    assert same_puzzle(back, p)
    assert back.cosmetics == p.cosmetics


# The example files f-puzzles can state; the others are refused with these reasons.
EXAMPLES_REFUSED = {
    "frame-primes": "f-puzzles holds square grids, and its cells form no grid",
    "kakuro": "f-puzzles holds square latin grids (rows and columns all different, no blocked squares)",
    "kenken": "a product cage (KenKen) has no f-puzzles form",
    "magic-hexagon": "f-puzzles holds square grids, and its cells form no grid",
    "magic-star": "f-puzzles holds square grids, and its cells form no grid",
    "numbered-room-sudoku": "a room clue (numbered room) has no f-puzzles key",
}


@pytest.mark.parametrize("to", TARGETS)
def test_every_example_file_that_fits_round_trips(to: str) -> None:
    """The example files beside the catalog (sandwich, X-sum, skyscraper, indexer sudokus among
    them) load back as the same puzzle; the others are refused, naming why."""
    refused = {}
    for path in sorted((ROOT / "examples").glob("*.toml")):
        p = load_text(path.read_text(encoding="utf-8"), str(path))
        try:
            _, back = out_doc(p, to)
        except UsageError as e:
            refused[path.stem] = str(e).split(": ", 2)[2]
            continue
        assert same_puzzle(back, p), path.stem
    assert refused == EXAMPLES_REFUSED


def _outside_document(draw: st.DrawFn, key: str) -> dict:
    """A 4x4 document with one to three clues of an outside kind or indexer cells."""
    doc = blank(4)
    if key.endswith("indexer"):
        cells = draw(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)), min_size=1, max_size=2, unique=True))
        doc[key] = [{"cells": [f"R{r}C{c}" for r, c in cells]}]
        return doc
    sides = [(0, k) for k in range(1, 5)] + [(5, k) for k in range(1, 5)]
    sides += [(k, 0) for k in range(1, 5)] + [(k, 5) for k in range(1, 5)]
    at = draw(st.lists(st.sampled_from(sides), min_size=1, max_size=3, unique=True))
    top = {"sandwichsum": 5, "xsum": 10, "skyscraper": 4}[key]
    doc[key] = [{"cell": f"R{r}C{c}", "value": str(draw(st.integers(0 if key == "sandwichsum" else 1, top)))}
                for r, c in at]  # fmt: skip
    return doc


@st.composite
def any_document(draw: st.DrawFn) -> dict:
    key = draw(st.sampled_from((*KINDS, "sandwichsum", "xsum", "skyscraper", "rowindexer", "columnindexer",
                                "boxindexer")))  # fmt: skip
    doc = draw(documents(key)) if key in KINDS else _outside_document(draw, key)
    if draw(st.booleans()):  # cosmetics ride along
        doc["line"] = [{"lines": [["R1C1", "R2C2"]], "outlineC": "#123456", "width": 0.2}]
        doc["text"] = [{"cells": ["R4C4"], "value": "?", "fontC": "#000000"}]
        doc["grid"][0][1]["c"] = "#FF0000"
    return doc


@given(any_document())
def test_random_documents_of_every_kind_round_trip(doc: dict) -> None:
    """A random 4x4 document of any kind the importer reads, written back out, loads as the same
    puzzle with the same cosmetics (a document the importer refuses is skipped)."""
    try:
        p = load(doc)
    except FileFormatError:
        return
    _, back = out_doc(p)
    assert same_puzzle(back, p) and back.cosmetics == p.cosmetics


def test_each_kind_is_written_under_its_own_key() -> None:
    """Lines keep their key (Dutch whispers their value, with the plugin's orange drawing), little
    killers their clue and direction, pills their two-cell circle, outside clues their cell beside
    the grid, indexers and disjoint groups their own keys, odd and even cells their keys."""
    doc = blank(
        9,
        whispers=[{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "4"}],
        renban=[{"lines": [["R2C1", "R2C2"]]}],
        littlekillersum=[{"cell": "R0C7", "direction": "DR", "value": "15"}],
        arrow=[{"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R6C6", "R7C6"]]}],
        sandwichsum=[{"cell": "R10C4", "value": "12"}],
        xsum=[{"cell": "R3C0", "value": "20"}],
        columnindexer=[{"cells": ["R8C1"]}],
        boxindexer=[{"cells": ["R9C9"]}],
        disjointgroups=True,
        odd=[{"cell": "R4C4"}],
    )
    doc["grid"][5][0]["parity"] = "even"
    out, back = out_doc(load(doc))
    assert out["whispers"] == [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "4"}]
    assert out["renban"] == [{"lines": [["R2C1", "R2C2"]]}]
    assert {(x["outlineC"], x["width"], x["fromConstraint"]) for x in out["line"]} == {
        ("#FF9A00", 0.1875, "Dutch Whispers"),
        ("#F067F0", 0.25, "Renban"),
    }
    assert out["littlekillersum"] == [{"cell": "R0C7", "direction": "DR", "value": "15"}]
    assert out["arrow"] == [{"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R6C6", "R7C6"]]}]
    assert out["sandwichsum"] == [{"cell": "R10C4", "value": "12"}]
    assert out["xsum"] == [{"cell": "R3C0", "value": "20"}]
    assert out["columnindexer"] == [{"cells": ["R8C1"]}] and out["boxindexer"] == [{"cells": ["R9C9"]}]
    assert out["disjointgroups"] is True and "extraregion" not in out
    assert out["odd"] == [{"cell": "R4C4"}] and out["even"] == [{"cell": "R6C1"}]
    assert [x["fromConstraint"] for x in out["cage"]] == ["Column Indexer", "Box Indexer"]
    assert back.cosmetics == ()


def test_maximum_and_minimum_cells_are_two_cell_thermometers() -> None:
    """A maximum cell is its rules, one less-than per neighbour: written as two-cell thermometers,
    which say the same (the model keeps no trace of the marked cell; docs/decisions/formats.md,
    "Links out")."""
    out, back = out_doc(load(blank(4, maximum=[{"cell": "R2C2"}])))
    assert sorted(map(sorted, (x["lines"][0] for x in out["thermometer"]))) == [
        ["R1C2", "R2C2"], ["R2C1", "R2C2"], ["R2C2", "R2C3"], ["R2C2", "R3C2"],
    ]  # fmt: skip


def _toml(body: str, size: int = 4) -> puzzles.Puzzle:
    return load_text(f'name = "t"\n[grid]\nsize = {size}\n' + body, "<test>")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[[outside]]\nkind = "room"\ncells = ["r1c1", "r1c2", "r1c3", "r1c4"]\nvalue = 2\n',
            "a room clue (numbered room) has no f-puzzles key",
        ),
        (
            '[[outside]]\nkind = "sandwich"\ncells = ["r1c1", "r1c2", "r1c3", "r1c4"]\nvalue = 2\ncrusts = [2, 3]\n',
            "a sandwich between 2 and 3 has no f-puzzles form (f-puzzles' crusts are 1 and 4)",
        ),
        (
            '[[outside]]\nkind = "xsum"\ncells = ["r1c1", "r1c2", "r1c3"]\nvalue = 2\n',
            "a xsum clue on cells that are no whole row or column, read from one end, has no f-puzzles form",
        ),
        (
            '[[sum]]\ncells = ["r1c1", "r2c2", "r3c3"]\nequals = 6\n',
            "a [[sum]] other than an arrow or a little killer (a whole diagonal) has no f-puzzles form",
        ),
        (
            '[[indexer]]\ncell = "r1c1"\ncells = ["r1c1", "r2c2", "r3c3", "r4c4"]\n',
            "an indexer at R1C1 over cells that are no row, column or box in reading order has no f-puzzles form",
        ),
        (
            '[[line]]\nkind = "entropic"\ncells = ["r1c1", "r1c2"]\ndigits = 3\n',
            "an entropic line of digits 1 to 3 on a 4x4 grid has no f-puzzles form",
        ),
    ],
)
def test_what_f_puzzles_has_no_key_for_is_one_line(cli, tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(f'name = "t"\n[grid]\nsize = 4\n{body}', encoding="utf-8")
    assert one_line_error(cli("convert", str(path), "--to", "fpuzzles")) == (
        f"convert: t cannot be written as f-puzzles: {message}"
    )


def test_a_pill_beyond_9x9_is_refused() -> None:
    p = _toml('[[sum]]\ncells = ["r1c3", "r1c1", "r1c2"]\nequals = 0\nweights = [1, -10, -1]\n', 16)
    with pytest.raises(UsageError, match="a pill arrow on a 16x16 grid"):
        out_doc(p)
    _, back = out_doc(_toml('[[sum]]\ncells = ["r1c3", "r1c1", "r1c2"]\nequals = 0\nweights = [1, -10, -1]\n', 9))
    assert back.rules[0].weights == (1, -10, -1)


# --- SudokuPad's own conversion read back ----------------------------------------------------------


def L(*cells: str) -> dict:  # noqa: N802 - one f-puzzles line entry
    return {"lines": [list(cells)]}


# One document a kind; tests/data/sudokupad-kinds.txt holds what SudokuPad's converter made of each.
KIND_DOCS = {
    "renban": blank(9, renban=[L("R1C1", "R1C2", "R1C3")]),
    "german-whispers": blank(9, whispers=[L("R2C1", "R2C2", "R3C3")]),
    "dutch-whispers": blank(9, whispers=[{**L("R2C1", "R2C2", "R3C3"), "value": "4"}]),
    "nabner": blank(9, nabner=[L("R4C4", "R4C5", "R5C5")]),
    "palindrome": blank(9, palindrome=[L("R1C1", "R2C1", "R3C1", "R4C1")]),
    "zipper": blank(9, zipperline=[L("R1C5", "R1C6", "R1C7")]),
    "double-arrow": blank(9, doublearrow=[L("R7C1", "R7C2", "R7C3", "R7C4")]),
    "slow-thermometer": blank(9, slowthermometer=[L("R9C9", "R9C8", "R8C7")]),
    "between": blank(9, betweenline=[L("R5C1", "R6C2", "R7C3")]),
    "region-sum": blank(9, regionsumline=[L("R3C2", "R3C3", "R3C4", "R3C5")]),
    "entropic": blank(9, entropicline=[L("R8C1", "R8C2", "R8C3", "R8C4")]),
    "modular": blank(9, modularline=[L("R6C6", "R6C7", "R6C8")]),
    "little-killer": blank(
        9,
        littlekillersum=[
            {"cell": "R0C3", "direction": "DR", "value": "20"},
            {"cell": "R10C5", "direction": "UR", "value": "11"},
        ],
    ),
    "sandwich": blank(9, sandwichsum=[{"cell": "R0C4", "value": "15"}, {"cell": "R5C10", "value": "0"}]),
    "xsum": blank(9, xsum=[{"cell": "R10C2", "value": "21"}]),
    "skyscraper": blank(9, skyscraper=[{"cell": "R3C0", "value": "4"}]),
    "maximum-minimum": blank(9, maximum=[{"cell": "R5C5"}, {"cell": "R5C6"}], minimum=[{"cell": "R1C9"}]),
    "quadruple": blank(9, quadruple=[{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2, 9]}]),
    "row-indexer": blank(9, rowindexer=[{"cells": ["R1C4"]}]),
    "column-indexer": blank(9, columnindexer=[{"cells": ["R2C1", "R5C1"]}]),
    "box-indexer": blank(9, boxindexer=[{"cells": ["R5C5"]}]),
    "clone": blank(9, clone=[{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]),
}


def _data(name: str) -> list[str]:
    lines = (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_sudokupads_conversion_of_each_kind_reads_back() -> None:
    """Our link of each kind, converted by SudokuPad's decoder (the plugin's line colours and widths,
    bulbs, chevrons, outside numbers, indexer cages): read back as the same puzzle; a clone, whose
    grey cells do not say which copies which, is one refusal."""
    links = dict(line.split() for line in _data("sudokupad-kinds.txt"))
    assert set(links) == set(KIND_DOCS)
    for name, link in links.items():
        if name == "clone":
            with pytest.raises(FileFormatError, match="a grey cell, as SudokuPad draws f-puzzles' clones"):
                puzzles.load(link)
            continue
        assert same_puzzle(puzzles.load(link), load(KIND_DOCS[name])), name


# What SudokuPad's converter does not draw at all (disjoint groups, non-consecutive, negative
# constraints, the parity field) is gone from its conversion, which then reads as another puzzle.
NOT_DRAWN = {"Bird in a Storm", "Black Kropki X", "XV Kropki X", "Quadiagonal", "Just add Color", "MiniMax Sandwich",
             "Orbit"}  # fmt: skip
REFUSED = {
    "Self-contained": "underlays[1] is a shape that is no kropki dot",  # cell colours
    "Tangled Arrows": "underlays[1] is a grey cell, as SudokuPad draws f-puzzles' clones",
    "Cloneways Game of Life": "cages[4] is a cosmetic cage",
    "159": "lines[1] is a line without a bulb at either end",  # the setter's own renban drawing
    "Alien": 'overlays[1] is a shape ">" that is no kropki dot',
}


def test_sudokupads_conversion_of_the_real_links() -> None:
    """The 44 real links as SudokuPad's converter draws them: 32 read back as the same puzzle, 5
    are refused naming the drawing, 7 lose a rule the converter does not draw."""
    links = _data("sudokupad-real.txt")
    assert len(links) == len(PUZZLES)
    same, refused, other = [], {}, []
    for entry, link in zip(PUZZLES, links, strict=True):
        title = entry["title"].split(" by ")[0].strip('"').split(":")[0].split(" (")[0].strip()
        try:
            p = puzzles.load(link)
        except FileFormatError as e:
            refused[title] = str(e)
            continue
        (same if same_puzzle(p, puzzles.load(entry["link"])) else other).append(title)
    assert len(same) == 32 and set(other) == NOT_DRAWN
    assert set(refused) == set(REFUSED)
    for title, message in REFUSED.items():
        assert refused[title].startswith("SudokuPad (scl): " + message), refused[title]
