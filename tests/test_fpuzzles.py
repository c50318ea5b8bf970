"""f-puzzles import: detection, the exact model of every kind, unique solutions, a brute-force oracle
for the rules as f-puzzles states them, one-line refusals, and `convert` round trips."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import lzstring
import pytest
from hypothesis import given
from strategies import FP_JIGSAWS, fpuzzles_documents
from test_cli import one_line_error

import puzzles
import puzzlesat
from puzzles.check import violations
from puzzles.errors import FileFormatError, UsageError
from puzzles.files import dump_toml, load_text
from puzzles.fpuzzles import default_boxes, extract, is_fpuzzles, load_fpuzzles
from puzzles.grid import Dots, Grid
from puzzles.model import Puzzle, define
from puzzles.rules.cage import Cage
from puzzles.rules.less import Less
from puzzles.rules.sum import Sum
from puzzles.rules.table import TableRule

# "Clipped" by glum_hippo (arrows, thermometers, givens, anti-king), as published on f-puzzles.
CLIPPED = (
    "N4IgzglgXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQEMBXNACwHsAnBEABQYiNIAIAQlloBbGH2oBranwDmwkQH1upJlRAtaOMDDTsAyrXJN"
    "JtPgFo+MAG4wWATz4smAd2R8AxkwUA7d9R9yPgBmAA9gvgAjJlC+EVowNE8mHzRqCB8JLCw+RnFyCFlMMD4AM2cRPgBGc0QAOj59JjE+AqK0"
    "EuoWcWosbupyRyLbHzqAHR8JgEFUiHMAaQzZCysAR1pe1sLiuOpHHyYktCZaDwYt6lkU3qx7ccmfABUGOxFm3TsVtp34xL5ElgQDzYRwZDz9"
    "HRlCpRLSRXJMXIke7TFjOFwrPKeCAsDw4ILfJJeHyJTD0GAlTFgUR8JilXIvLbtTpYFLLTFdNH3dSyQGUeAAbX5wAAvsgRWLReKpZKZRKALr"
    "IIWy6US1UqkUKpVq5Ugay9Wi4ABsqGGMB8CDQmhgyptmvVNu12rtOr1wlwAFYTRARharS79bgql6ffBLQb/W6EAAWYNm33hp2K+2O5MapMOq"
    "W6gMIYKx82hv0pmXOoul6Ul1MZ4sKkABDCSJbxmCoPIsN5iNB2BBCkBEHzk7v8kAAJUN+Hd6mHAHZ8FHJwAOfDBBf4ABMIDlcslvYyA4FQ+H"
    "7rXk6jS8nwVnk9Xl83277e8FI9PE9Qw4vhqv+Cnn/nG63Yp3fswEHEcj1/V8x2/V8Zw/V9Fw/W8aw5Vxu1Ae9gP3UDL1fU9l1fC911fa9103"
    "VAPBgbIMIPI853/NDdyo6j8FgkdIMnGdwJHRdf1IkByMo7ssIQu8GJA4dFxfEcZznCCz1kkia34rAqK48cNxEoCxOvSS32Yk8v30njFIo5TB"
    "OHbT1IA9CxJnPDVJkkdEDU3ilJU6czy3LcgA="
)
CLIPPED_SOLUTION = "867452931342891675519763284984327156635918427721645398498536712276189543153274869"
LINK = "https://www.f-puzzles.com/?load="


def pack(doc: dict) -> str:
    """The document as f-puzzles shares it: lz-string compressToBase64 of its JSON (UTF-16 units, as in
    JavaScript, so characters beyond the BMP travel as surrogate pairs)."""
    raw = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-16-le")
    return lzstring.compress_to_base64("".join(chr(int.from_bytes(raw[i : i + 2], "little")) for i in range(0, len(raw), 2)))


def blank(size: int, givens: str = "", **keys: object) -> dict:
    """A document of a size x size grid with givens (one character a cell, '.' blank) and other keys."""
    grid = [[{} for _ in range(size)] for _ in range(size)]
    for i, ch in enumerate(givens):
        if ch != ".":
            grid[i // size][i % size] = {"value": int(ch), "given": True}
    return {"size": size, "grid": grid, **keys}


def load(doc: dict) -> Puzzle:
    return load_fpuzzles(pack(doc))


def solutions(p: Puzzle, limit: int | None = None) -> list[str]:
    out = puzzlesat.solve(p, all=limit is None, limit=limit, modulo_symmetry=False)
    return sorted("".join(map(str, s.values)) for s in out.solutions)


# --- detection -----------------------------------------------------------------------------------


def test_links_strings_and_files_are_recognised(tmp_path: Path) -> None:
    """A link (any scheme, www or not, other query keys, %-escapes), a bare string and a file holding
    either are f-puzzles; a catalog name, a .toml path and a TOML file without .toml never are."""
    data = pack(blank(4))
    escaped = data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    for ref in (data, LINK + data, "http://f-puzzles.com/?load=" + data, "f-puzzles.com/?a=1&load=" + escaped):
        assert is_fpuzzles(ref) and extract(ref) == data, ref
    held = tmp_path / "puzzle.txt"
    held.write_text(f"  {LINK}{data}\n", encoding="utf-8")
    wrapped = tmp_path / "wrapped"
    wrapped.write_text(data[:20] + "\n" + data[20:] + "\n", encoding="utf-8")
    assert is_fpuzzles(str(held)) and is_fpuzzles(str(wrapped))
    as_toml = tmp_path / "looks.toml"
    as_toml.write_text(data, encoding="utf-8")
    plain = tmp_path / "ring"
    plain.write_text('name = "x"\ncells = 1\nvalues = [1]\n', encoding="utf-8")
    for ref in ("sudoku", "magic-star", "N4Ig.toml", str(as_toml), str(plain), "x" * 5000, "https://example.com/"):
        assert not is_fpuzzles(ref), ref
    assert puzzles.load(str(held)) == puzzles.load(data) == puzzles.load(LINK + data)
    assert puzzles.load(str(plain)).name == "x"


def test_parameters_are_for_the_catalog_only() -> None:
    with pytest.raises(UsageError, match=r"^the f-puzzles link or string: parameters \(-p\) and --givens apply"):
        puzzles.load(pack(blank(4)), givens="1...")


# --- the model of each kind ----------------------------------------------------------------------


def expected(size: int = 4, grid: Grid | None = None, **kwargs: object) -> Puzzle:
    """What a document without title or author should load to."""
    return define("f-puzzles", grid=grid or Grid(size), title="f-puzzles puzzle", **kwargs)  # type: ignore[arg-type]


def dots(white=(), black=(), negative=False, family="kropki") -> Dots:
    kinds = ("white", "black") if family == "kropki" else ("x", "v")
    return Dots(family, ((kinds[0], tuple(white)), (kinds[1], tuple(black))), negative)


def forbidden(size: int, test) -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for x in range(1, size + 1) for y in range(1, size + 1) if test(x, y))


ORTHOGONAL4 = [(a, b) for a in range(16) for b in (a + 1, a + 4) if b < 16 and (b == a + 4 or b % 4)]
NAMES4 = [f"r{i // 4 + 1}c{i % 4 + 1}" for i in range(16)]

MODELS = {
    "givens": (blank(4, "1..." + "." * 11 + "4"), expected(givens={"r1c1": 1, "r4c4": 4})),
    "title and author": (
        {**blank(4), "title": "Clipped 😀!", "author": "glum_hippo", "ruleset": "Normal rules."},
        define("clipped", grid=Grid(4), title="Clipped 😀! by glum_hippo"),
    ),
    "6x6 boxes": (blank(6), expected(grid=Grid(6, boxes="2x3"))),
    "5x5 has rows for boxes": (blank(5), expected(grid=Grid(5, boxes="none"))),
    "jigsaw": (
        {"size": 4, "grid": [[{"region": int(FP_JIGSAWS[0][r * 4 + c])} for c in range(4)] for r in range(4)]},
        expected(grid=Grid(4, regions="AABB\nACCB\nADDB\nCCDD\n")),
    ),
    "killer cages": (
        blank(4, killercage=[{"cells": ["R1C1", "R1C2"], "value": "7"}, {"cells": ["R2C1", "R3C1"]}, {"cells": ["R4C4"]}]),
        expected(rules=[Cage(("r1c1", "r1c2"), "sum", 7)], distinct=[("r2c1", "r3c1")]),
    ),
    "thermometers, one with two lines": (
        blank(4, thermometer=[{"lines": [["R1C1", "R1C2", "R2C2"], ["R1C1", "R2C1"]]}, {"lines": [["R4C4"]]}]),
        expected(rules=[Less(("r1c1", "r1c2", "r2c2")), Less(("r1c1", "r2c1"))]),
    ),
    "arrows: each line sums to the circle": (
        blank(4, arrow=[{"cells": ["R2C2"], "lines": [["R2C2", "R1C1", "R1C2"], ["R2C2", "R3C3"]]}]),
        expected(rules=[Sum(("r1c1", "r1c2", "r2c2"), 0, "=", (1, 1, -1)), Sum(("r3c3", "r2c2"), 0, "=", (1, -1))]),
    ),
    "kropki dots": (
        blank(4, difference=[{"cells": ["R1C1", "R1C2"]}], ratio=[{"cells": ["R2C1", "R1C1"], "value": "2"}]),
        expected(grid=Grid(4, dots=(dots(white=[(0, 1)], black=[(4, 0)]),))),
    ),
    "kropki dots of other values are cages": (
        blank(4, difference=[{"cells": ["R1C1", "R1C2"], "value": "3"}], ratio=[{"cells": ["R2C1", "R3C1"], "value": "3"}]),
        expected(rules=[Cage(("r1c1", "r1c2"), "difference", 3), Cage(("r2c1", "r3c1"), "quotient", 3)]),
    ),
    "non-consecutive": (blank(4, nonconsecutive=True), expected(grid=Grid(4, non_consecutive=True))),
    "all kropki dots given": (
        blank(4, nonconsecutive=True, negative=["ratio"], difference=[{"cells": ["R1C1", "R1C2"]}]),
        expected(grid=Grid(4, dots=(dots(white=[(0, 1)], negative=True),))),
    ),
    "non-consecutive beside a dot: the dotted pair is exempt": (
        blank(4, nonconsecutive=True, ratio=[{"cells": ["R1C1", "R1C2"]}]),
        expected(
            grid=Grid(4, dots=(dots(black=[(0, 1)]),)),
            rules=[
                TableRule((NAMES4[a], NAMES4[b]), forbidden(4, lambda x, y: abs(x - y) == 1), False)
                for a, b in sorted(ORTHOGONAL4)
                if (a, b) != (0, 1)
            ],
        ),
    ),
    "negative ratio alone": (
        blank(4, negative=["ratio"]),
        expected(
            rules=[
                TableRule((NAMES4[a], NAMES4[b]), forbidden(4, lambda x, y: x == 2 * y or y == 2 * x), False)
                for a, b in sorted(ORTHOGONAL4)
            ]
        ),
    ),
    "XV, all given": (
        blank(4, xv=[{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C2", "R2C1"], "value": "v"}], negative=["xv"]),
        expected(grid=Grid(4, dots=(dots([(0, 1)], [(5, 4)], True, family="xv"),))),
    ),
    "both diagonals": (blank(4, **{"diagonal+": True, "diagonal-": True}), expected(grid=Grid(4, diagonals=True))),
    "one diagonal": (blank(4, **{"diagonal+": True}), expected(distinct=[("r4c1", "r3c2", "r2c3", "r1c4")])),
    "anti-knight and anti-king": (
        blank(4, antiknight=True, antiking=True),
        expected(grid=Grid(4, anti_knight=True, anti_king=True)),
    ),
    "extra regions, odd and even cells, given pencil marks": (
        {
            **blank(4, extraregion=[{"cells": ["R1C1", "R2C2", "R3C3"]}], odd=[{"cell": "R1C1"}], even=[{"cell": "R4C4"}]),
            "grid": [[{"givenPencilMarks": [1, 2, 3]} if (r, c) == (0, 0) else {} for c in range(4)] for r in range(4)],
        },
        expected(distinct=[("r1c1", "r2c2", "r3c3")], domains={"r1c1": [1, 3], "r4c4": [2, 4]}),
    ),
    "ignored: metadata, the solver's notes and values not given, empty and false keys": (
        {
            **blank(4, solution=[1] * 16, truecandidatesoptions=["colored"], disabledlogic=["Tuples"], line=[]),
            "antiknight": False,
            "grid": [[{"value": 2, "centerPencilMarks": [1], "highlight": "#fff"}] * 4] * 4,
        },
        expected(),
    ),
}


@pytest.mark.parametrize("name", list(MODELS))
def test_each_kind_loads_to_the_model_a_user_would_write(name: str) -> None:
    """The document loads to exactly this puzzle (grid flags and dots, rules, groups, domains), and
    its TOML form loads back to the same puzzle."""
    doc, puzzle = MODELS[name]
    got = load(doc)
    assert got == puzzle
    assert load_text(dump_toml(got)) == got


def test_default_boxes_follow_f_puzzles() -> None:
    assert {n: default_boxes(n) for n in (4, 5, 6, 8, 9, 10, 12, 16)} == {
        4: (2, 2), 5: (1, 5), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4),
    }  # fmt: skip
