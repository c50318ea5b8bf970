"""f-puzzles import: detection, the exact model of every kind, unique solutions, a brute-force oracle
for the rules as f-puzzles states them, one-line refusals, and `convert` round trips."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import lzstring
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import FP_JIGSAWS, fpuzzles_documents
from test_cli import one_line_error

import puzzlesat
from puzzlesat.catalog import load as puzzles
from puzzlesat.formats.fpuzzles.doc import default_boxes
from puzzlesat.formats.fpuzzles.link import extract, is_fpuzzles, load_fpuzzles
from puzzlesat.formats.toml.files import dump_toml, load_text
from puzzlesat.model.check import violations
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import Puzzle, define
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.negative import Negative
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.rules.table import TableRule
from puzzlesat.runtime.errors import FileFormatError, UsageError

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
    return lzstring.compress_to_base64(
        "".join(chr(int.from_bytes(raw[i : i + 2], "little")) for i in range(0, len(raw), 2))
    )


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
    either (even one named .toml: the content decides) are f-puzzles; a catalog name, a path to no
    file and a TOML file without .toml never are."""
    data = pack(blank(4))
    escaped = data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    for ref in (data, LINK + data, "http://f-puzzles.com/?load=" + data, "f-puzzles.com/?a=1&load=" + escaped):
        assert is_fpuzzles(ref) and extract(ref) == data, ref
    held = tmp_path / "puzzle.txt"
    held.write_text(f"  {LINK}{data}\n", encoding="utf-8")
    wrapped = tmp_path / "wrapped"
    wrapped.write_text(data[:20] + "\n" + data[20:] + "\n", encoding="utf-8")
    as_toml = tmp_path / "looks.toml"
    as_toml.write_text(data, encoding="utf-8")
    assert is_fpuzzles(str(held)) and is_fpuzzles(str(wrapped)) and is_fpuzzles(str(as_toml))
    plain = tmp_path / "ring"
    plain.write_text('name = "x"\ncells = 1\nvalues = [1]\n', encoding="utf-8")
    for ref in ("sudoku", "magic-star", "N4Ig.toml", str(plain), "x" * 5000, "https://example.com/"):
        assert not is_fpuzzles(ref), ref
    assert puzzles.load(str(held)) == puzzles.load(data) == puzzles.load(LINK + data) == puzzles.load(str(as_toml))
    assert puzzles.load(str(plain)).name == "x"


def test_parameters_are_for_the_catalog_only() -> None:
    """-p with an f-puzzles link or string is a UsageError, as with a file; --givens replaces its givens."""
    with pytest.raises(UsageError, match=r"^the f-puzzles link or string: parameters \(-p\) apply to catalog"):
        puzzles.load(pack(blank(4)), {"box": "2"})
    assert puzzles.load(pack(blank(4)), givens="1..." + "." * 12).givens == ((0, 1),)
    with pytest.raises(UsageError, match=r"^givens: expected 16 entries"):
        puzzles.load(pack(blank(4)), givens="1...")


# --- the model of each kind ----------------------------------------------------------------------


def expected(size: int = 4, grid: Grid | None = None, **kwargs: object) -> Puzzle:
    """What a document without title or author should load to."""
    return define("f-puzzles", grid=grid or Grid(size), title="f-puzzles puzzle", **kwargs)  # type: ignore[arg-type]


def dots(white=(), black=(), negative=False, family="kropki") -> list:
    """The `[[dot]]` rules of a family (the second kind after the first) and its `[[negative]]`."""
    kinds = ("white", "black") if family == "kropki" else ("x", "v")
    out = [Dot(kinds[0], p) for p in white] + [Dot(kinds[1], p) for p in black]
    return out + ([Negative(kinds)] if negative else [])


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
        blank(
            4, killercage=[{"cells": ["R1C1", "R1C2"], "value": "7"}, {"cells": ["R2C1", "R3C1"]}, {"cells": ["R4C4"]}]
        ),
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
        expected(rules=dots(white=[(0, 1)], black=[(4, 0)])),
    ),
    "kropki dots of other values are cages": (
        blank(
            4, difference=[{"cells": ["R1C1", "R1C2"], "value": "3"}], ratio=[{"cells": ["R2C1", "R3C1"], "value": "3"}]
        ),
        expected(rules=[Cage(("r1c1", "r1c2"), "difference", 3), Cage(("r2c1", "r3c1"), "quotient", 3)]),
    ),
    "non-consecutive": (blank(4, nonconsecutive=True), expected(grid=Grid(4, non_consecutive=True))),
    "all kropki dots given": (
        blank(4, nonconsecutive=True, negative=["ratio"], difference=[{"cells": ["R1C1", "R1C2"]}]),
        expected(rules=dots(white=[(0, 1)], negative=True)),
    ),
    "non-consecutive beside a dot: the dotted pair is exempt": (
        blank(4, nonconsecutive=True, ratio=[{"cells": ["R1C1", "R1C2"]}]),
        expected(
            rules=dots(black=[(0, 1)])
            + [
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
        blank(
            4,
            xv=[{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C2", "R2C1"], "value": "v"}],
            negative=["xv"],
        ),
        expected(rules=dots([(0, 1)], [(5, 4)], True, family="xv")),
    ),
    "both diagonals": (blank(4, **{"diagonal+": True, "diagonal-": True}), expected(grid=Grid(4, diagonals=True))),
    "one diagonal": (blank(4, **{"diagonal+": True}), expected(distinct=[("r4c1", "r3c2", "r2c3", "r1c4")])),
    "anti-knight and anti-king": (
        blank(4, antiknight=True, antiking=True),
        expected(grid=Grid(4, anti_knight=True, anti_king=True)),
    ),
    "extra regions, odd and even cells, given pencil marks": (
        {
            **blank(
                4, extraregion=[{"cells": ["R1C1", "R2C2", "R3C3"]}], odd=[{"cell": "R1C1"}], even=[{"cell": "R4C4"}]
            ),
            "grid": [[{"givenPencilMarks": [1, 2, 3]} if (r, c) == (0, 0) else {} for c in range(4)] for r in range(4)],
        },
        expected(distinct=[("r1c1", "r2c2", "r3c3")], domains={"r1c1": [1, 3], "r4c4": [2, 4]}),
    ),
    "a cage without a sum over the whole grid": (
        blank(2, killercage=[{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"]}]),
        expected(grid=Grid(2, boxes="none"), distinct=[("r1c1", "r1c2", "r2c1", "r2c2")]),
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
    """The document loads to exactly this puzzle (grid flags, rules with the dots, groups, domains), and
    its TOML form loads back to the same puzzle."""
    doc, puzzle = MODELS[name]
    got = load(doc)
    assert got == puzzle
    assert load_text(dump_toml(got)) == got


def test_default_boxes_follow_f_puzzles() -> None:
    """The tallest box height up to the square root that divides the size; rows for a prime size."""
    assert {n: default_boxes(n) for n in (4, 5, 6, 8, 9, 10, 12, 16)} == {
        4: (2, 2), 5: (1, 5), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4),
    }  # fmt: skip


# --- unique solutions ----------------------------------------------------------------------------

S6 = "132465456213213546645132561324324651"  # a 6x6 sudoku solution; the dot instances are drawn from it


def pairs(size: int) -> list[tuple[int, int]]:
    """Orthogonal neighbours as cell indices, row by row."""
    return [
        (a, b) for a in range(size * size) for b in (a + 1, a + size) if b < size * size and (b == a + size or b % size)
    ]


def marks(solution: str, size: int, test, value: str | None = None) -> list[dict]:
    """A dot on every orthogonal pair whose digits in `solution` pass `test`."""
    rc = [f"R{i // size + 1}C{i % size + 1}" for i in range(size * size)]
    out = []
    for a, b in pairs(size):
        x, y = int(solution[a]), int(solution[b])
        if test(x, y):
            out.append(
                {"cells": [rc[a], rc[b]], **({"value": value(x, y) if callable(value) else value} if value else {})}
            )
    return out


def consecutive(x: int, y: int) -> bool:
    return abs(x - y) == 1


def double(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


DOT_INSTANCES = {
    "kropki, every dot given": (
        {
            "difference": marks(S6, 6, consecutive),
            "ratio": marks(S6, 6, lambda x, y: double(x, y) and not consecutive(x, y)),
            "nonconsecutive": True,
            "negative": ["ratio"],
        },
        "....................................",
    ),
    "non-consecutive beside white dots": (
        {"difference": marks(S6, 6, consecutive), "nonconsecutive": True},
        ".................6..................",
    ),
    "black dots, every one given": (
        {"ratio": marks(S6, 6, double), "negative": ["ratio"]},
        "..............3......1..........4...",
    ),
    "dots of 2 and 3, every difference of 2 given": (
        {
            "difference": marks(S6, 6, lambda x, y: abs(x - y) == 2, "2"),
            "ratio": marks(S6, 6, lambda x, y: x == 3 * y or y == 3 * x, "3"),
            "negative": ["difference"],
        },
        "........6........6..................",
    ),
    "XV, every one given": (
        {
            "xv": marks(S6, 6, lambda x, y: x + y in (5, 10), lambda x, y: "V" if x + y == 5 else "X"),
            "negative": ["xv"],
        },
        "..2......2..........................",
    ),
}
# Instances made by the tool and proved unique by it: the keys, the givens, the solution.
INSTANCES = {
    **{name: (keys, givens, S6) for name, (keys, givens) in DOT_INSTANCES.items()},
    "killer cages": (
        {
            "killercage": [
                {"cells": ["R1C1", "R1C2", "R1C3"], "value": "6"},
                {"cells": ["R3C1", "R3C2", "R3C3"], "value": "6"},
                {"cells": ["R5C1", "R5C2", "R5C3"], "value": "12"},
                {"cells": ["R2C5", "R2C6"]},
            ]
        },
        "1...6..4.2..............6...3.2.....",
        "123564546213312645465321651432234156",
    ),
    "thermometer": (
        {"thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}]},
        "1...............5..26..33..51....3..",
        "164235235461413652526143342516651324",
    ),
    "arrows": (
        {
            "arrow": [
                {"cells": ["R1C5"], "lines": [["R1C5", "R1C4", "R2C4"]]},
                {"cells": ["R2C1"], "lines": [["R2C1", "R1C1", "R1C2"]]},
                {"cells": ["R2C2"], "lines": [["R2C2", "R3C2", "R4C2"], ["R2C2", "R2C1", "R1C1"]]},
            ]
        },
        "........2....5..3...6......5..6....3",
        "143256562314254631316425431562625143",
    ),
    "anti-king": ({"antiking": True}, "..3..6.5.1..2......6..1..........5..", "123456456123214365365214541632632541"),
    "anti-knight": (
        {"antiknight": True},
        ".....6...1..3.....6...45............",
        "123456456123345612612345561234234561",
    ),
    "both diagonals": (
        {"diagonal+": True, "diagonal-": True},
        "..........3.2...16.........5........",
        "312645546132235416461253123564654321",
    ),
    "one diagonal": (
        {"diagonal-": True},
        "...1...6...2.1..........35..2..2....",
        "432165165432513246246513351624624351",
    ),
    "odd and even cells": (
        {
            "odd": [{"cell": c} for c in ("R1C1", "R1C2", "R1C6", "R2C2", "R2C5", "R2C6")],
            "even": [{"cell": c} for c in ("R1C3", "R1C4", "R1C5", "R2C1", "R2C3", "R2C4")],
        },
        "...........32.3...56.1.....65.......",
        "132465456213213546564132321654645321",
    ),
    "extra region": (
        {"extraregion": [{"cells": ["R2C2", "R2C3", "R2C4", "R3C2", "R3C3", "R3C4"]}]},
        "..4....2..5..4........3..652......6.",
        "654321321654243516516432165243432165",
    ),
}


@pytest.mark.parametrize("name", list(INSTANCES))
def test_each_kind_solves_uniquely(name: str) -> None:
    """A 6x6 instance of each kind has exactly its solution, which the checker accepts and which
    keeps every rule as f-puzzles states it (the oracle below)."""
    keys, givens, solution = INSTANCES[name]
    doc = blank(6, givens, **keys)
    p = load(doc)
    assert solutions(p) == [solution]
    assert violations(p, [int(ch) for ch in solution]) == []
    assert holds(doc, solution)


def test_clipped_decodes_to_its_rules_and_solves_uniquely() -> None:
    """The published puzzle: 5 givens, anti-king, 4 thermometers and 5 arrows; one solution, checked."""
    p = puzzles.load(LINK + CLIPPED)
    assert (p.name, p.title) == ("clipped", "Clipped by Philipp Blume aka glum_hippo")
    assert p.grid == Grid(9, anti_king=True)
    assert {p.cells[c]: v for c, v in p.givens} == {"r3c5": 6, "r5c3": 5, "r5c5": 1, "r5c7": 4, "r7c5": 3}
    thermos = [tuple(p.cells[c] for c in r.cells) for r in p.rules if isinstance(r, Less)]
    assert thermos[0] == ("r6c5", "r7c4", "r8c3", "r8c2") and len(thermos) == 4
    arrows = [r for r in p.rules if isinstance(r, Sum)]
    assert [p.cells[r.cells[-1]] for r in arrows] == ["r5c4", "r5c6", "r8c5", "r2c5", "r7c3"]
    assert all(r.weights == (1,) * (len(r.cells) - 1) + (-1,) and r.rhs == 0 for r in arrows)
    assert len(p.rules) == 9
    assert solutions(p) == [CLIPPED_SOLUTION]
    assert violations(p, [int(ch) for ch in CLIPPED_SOLUTION]) == []


def test_a_string_cut_short_is_one_error() -> None:
    """Clipped as it was first quoted to us, its first 490 of 900 characters: lz-string data that
    does not decompress, one line (and likewise cut elsewhere; only its padding may go)."""
    for end in (490, 680, 895):
        with pytest.raises(FileFormatError, match=r"^f-puzzles: the string does not decompress \(lz-string data"):
            load_fpuzzles(CLIPPED[:end])
    assert load_fpuzzles(CLIPPED.rstrip("=")) == load_fpuzzles(CLIPPED)


# --- the rules as f-puzzles states them, against brute force ----------------------------------------


def holds(doc: dict, solution: str) -> bool:
    """Does a filled grid keep every rule of the document, read straight from f-puzzles' rules?
    (Rows, columns and regions as drawn; the negative constraints exempt the pairs that carry a dot
    of their family, as f-puzzles' solver does.)"""
    n = doc["size"]
    v = {(r, c): int(solution[(r - 1) * n + c - 1]) for r in range(1, n + 1) for c in range(1, n + 1)}

    def at(name: str) -> int:
        r, c = name[1:].upper().split("C")
        return v[int(r), int(c)]

    def differ(cells) -> bool:
        return len({v[x] for x in cells}) == len(cells)

    h, w = default_boxes(n)
    region: dict[int, list] = {}
    for (r, c), _ in v.items():
        cell = doc["grid"][r - 1][c - 1]
        region.setdefault(cell.get("region", (r - 1) // h * h + (c - 1) // w), []).append((r, c))
        if cell.get("given") and cell["value"] != v[r, c]:
            return False
        if cell.get("givenPencilMarks") and v[r, c] not in cell["givenPencilMarks"]:
            return False
    houses = [[(r, c) for c in range(1, n + 1)] for r in range(1, n + 1)]
    houses += [[(r, c) for r in range(1, n + 1)] for c in range(1, n + 1)] + list(region.values())
    if doc.get("diagonal-"):
        houses.append([(i, i) for i in range(1, n + 1)])
    if doc.get("diagonal+"):
        houses.append([(n + 1 - i, i) for i in range(1, n + 1)])
    houses += [
        [tuple(int(x) for x in name[1:].upper().split("C")) for name in e["cells"]] for e in doc.get("extraregion", [])
    ]
    if not all(differ(house) for house in houses):
        return False
    for key, moves in (("antiking", [(1, 1), (1, -1)]), ("antiknight", [(1, 2), (2, 1), (1, -2), (2, -1)])):
        if doc.get(key) and any(v[r, c] == v.get((r + dr, c + dc)) for (r, c) in v for dr, dc in moves):
            return False
    if any(at(e["cell"]) % 2 == 0 for e in doc.get("odd", [])) or any(at(e["cell"]) % 2 for e in doc.get("even", [])):
        return False
    for e in doc.get("killercage", []):
        values = [at(x) for x in e["cells"]]
        if len(set(values)) != len(values) or (e.get("value") and sum(values) != int(e["value"])):
            return False
    for e in doc.get("thermometer", []):
        if any(any(at(a) >= at(b) for a, b in itertools.pairwise(line)) for line in e["lines"]):
            return False
    for e in doc.get("arrow", []):
        if any(sum(at(x) for x in line[1:]) != at(e["cells"][0]) for line in e["lines"]):
            return False
    differences = [(e["cells"], int(e.get("value", 1))) for e in doc.get("difference", [])]
    ratios = [(e["cells"], int(e.get("value", 2))) for e in doc.get("ratio", [])]
    sums = [(e["cells"], 10 if e["value"] in "Xx" else 5) for e in doc.get("xv", [])]
    if any(abs(at(a) - at(b)) != d for (a, b), d in differences):
        return False
    if any(at(a) != q * at(b) and at(b) != q * at(a) for (a, b), q in ratios):
        return False
    if any(at(a) + at(b) != t for (a, b), t in sums):
        return False
    negative = doc.get("negative", [])
    no_difference = {1} if doc.get("nonconsecutive") else set()
    if "difference" in negative:
        no_difference |= {d for _, d in differences}
    no_ratio = {q for _, q in ratios} | {2} if "ratio" in negative else set()
    no_sum = {5, 10} if "xv" in negative else set()
    kropki = {frozenset(cells) for cells, _ in differences + ratios}
    xv = {frozenset(cells) for cells, _ in sums}
    for a, b in pairs(n):
        names = frozenset(f"R{x // n + 1}C{x % n + 1}" for x in (a, b))
        x, y = (int(solution[i]) for i in (a, b))
        if names not in kropki and (abs(x - y) in no_difference or any(x == q * y or y == q * x for q in no_ratio)):
            return False
        if names not in xv and x + y in no_sum:
            return False
    return True


LATIN4 = [
    "".join(map(str, sum(rows, ())))
    for rows in itertools.permutations(itertools.permutations(range(1, 5)), 4)
    if all(len({row[c] for row in rows}) == 4 for c in range(4))
]


@given(fpuzzles_documents())
def test_random_documents_have_the_solutions_of_the_rules(doc: dict) -> None:
    """Every 4x4 grid the rules allow is a solution and no other: puzzlesat's solutions of a random
    document equal the Latin squares the brute-force reading of f-puzzles' rules keeps."""
    assert len(LATIN4) == 576
    try:
        p = load(doc)
    except FileFormatError as e:  # givens that clash, a cell both odd and even: the model refuses it
        assert "givens" in str(e) or "the domain is empty" in str(e) or "cells reach" in str(e)
        assert not any(holds(doc, s) for s in LATIN4)
        return
    assert solutions(p) == sorted(s for s in LATIN4 if holds(doc, s))


# --- refusals and bad data: one line, exit 2 ----------------------------------------------------------

UNSUPPORTED = {
    "regionSumLine": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
    "sumdot(intersection)": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
    "fogofwar": ["R1C1"],
}
COSMETIC = {
    "line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000000", "width": 0.5}],
    "circle": [{"cells": ["R1C1"], "baseC": "#FFFFFF", "fontC": "#000000", "outlineC": "#000000"}],
    "rectangle": [{"cells": ["R1C1"], "baseC": "#FFFFFF", "fontC": "#000000", "outlineC": "#000000"}],
    "text": [{"cells": ["R1C1"], "value": "A", "fontC": "#000000", "size": 0.5}],
    "cage": [{"cells": ["R1C1", "R1C2"], "outlineC": "#000000", "fontC": "#000000"}],
}
NOTE = " (f-puzzles draws cosmetics without checking them: the rule one stands for is only in the rules text)"


@pytest.mark.parametrize("kind", [*UNSUPPORTED])
def test_each_unsupported_kind_is_one_line_naming_it(cli, kind: str) -> None:
    """A kind puzzlesat cannot state is refused by name, through every command (cosmetics are read
    and noted, and refused under --strict: tests/test_fprules.py)."""
    doc = blank(4, **{kind: UNSUPPORTED.get(kind, COSMETIC.get(kind))})
    message = f'f-puzzles: the puzzle uses "{kind}", which puzzlesat does not support yet'
    message += NOTE if kind in COSMETIC else ""
    for command in ("solve", "show", "convert"):
        assert one_line_error(cli(command, LINK + pack(doc))) == message


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            blank(4, fogofwar=["R1C1"], foglight=["R1C2"], sumdot=[{}]),
            '"fogofwar", "foglight" and "sumdot", which puzzlesat',
        ),
        (blank(4, negative=["ratio", "sum"]), 'the puzzle uses "negative sum", which puzzlesat does not support yet'),
        (
            blank(16, arrow=[{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C2"]]}]),
            "arrow[1] has a circle of 2 cells (a pill, read as a number): its digits write no single number "
            "on a 16x16 grid (digits above 9)",
        ),
    ],
)
def test_other_refusals(doc: dict, message: str) -> None:
    """Several kinds in one message, an unknown negative and a pill of digits above 9 are refused by name."""
    with pytest.raises(FileFormatError) as e:
        load(doc)
    assert message in str(e.value) and str(e.value).startswith("f-puzzles: ")


def _nested(inner: st.SearchStrategy) -> st.SearchStrategy:
    keys = st.sampled_from(["cells", "lines", "value", "cell", "given", "region", "c"])
    return st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=3)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(["", "R1C1", "R2C2", "R9C9", "3", "X", "x1"]),
    _nested,
    max_leaves=12,
)
KEYS = st.sampled_from(
    [
        *MODELS["ignored: metadata, the solver's notes and values not given, empty and false keys"][0],
        "size",
        "grid",
        "killercage",
        "thermometer",
        "arrow",
        "difference",
        "ratio",
        "xv",
        "negative",
        "diagonal+",
        "nonconsecutive",
        "extraregion",
        "odd",
        "renban",
    ]
)


@given(st.dictionaries(KEYS, JSON, max_size=5), st.integers(1, 6), st.booleans())
def test_any_document_loads_or_is_one_error(doc: dict, size: int, with_grid: bool) -> None:
    """Documents of any shape: a puzzle, or one FileFormatError line; never another exception."""
    doc = {"size": size, **({"grid": [[{}] * size] * size} if with_grid else {}), **doc}
    try:
        load(doc)
    except FileFormatError as e:
        assert "\n" not in str(e) and str(e).startswith("f-puzzles: ")


@given(st.integers(4, len(CLIPPED) - 1), st.sampled_from("ABCXYZ019+/=N"), st.booleans())
def test_a_damaged_string_is_one_error(at: int, ch: str, cut: bool) -> None:
    """A character changed, or the string cut there: the real puzzle, or one FileFormatError line."""
    damaged = CLIPPED[:at] if cut else CLIPPED[:at] + ch + CLIPPED[at + 1 :]
    try:
        load_fpuzzles(damaged)
    except FileFormatError as e:
        assert "\n" not in str(e)


def _compressed(text: str) -> str:
    return LINK + lzstring.compress_to_base64(text)


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        (LINK + "N4Ig!!", "the string does not decompress (lz-string data, 6 characters; cut short?)"),
        ("https://example.com/?load=N4Ig", "https://example.com/?load=N4Ig: not an f-puzzles link (links look like"),
        ("https://www.f-puzzles.com/?id=x", "an f-puzzles link without ?load= (links look like"),
        (_compressed("{oops"), "the string decompresses to no JSON document (Expecting property name"),
        (_compressed("[1, 2]"), "the string decompresses to an array, not a puzzle (a JSON object)"),
        (LINK + pack({"grid": []}), "size: expected a whole number from 1 to 35, got null"),
        (LINK + pack({"size": 4, "grid": [[{}] * 4] * 3}), "grid: expected 4 rows of 4 cells"),
        (LINK + pack(blank(4, killercage=[{"cells": ["R9C9"]}])), "killercage[1].cells[1]: R9C9 is outside the 4x4"),
        (
            LINK + pack(blank(4, killercage=[{"cells": ["A1"]}])),
            'killercage[1].cells[1]: expected a cell such as "R1C1"',
        ),
        (
            LINK + pack(blank(4, killercage=[{"cells": ["R1C1"], "value": "x"}])),
            'value: expected a whole number, got "x"',
        ),
        (LINK + pack(blank(4, thermometer=[{"lines": [["R1C1", "R1C1"]]}])), "lines[1]: cell r1c1 appears twice"),
        (LINK + pack(blank(4, difference=[{"cells": ["R1C1", "R1C3"]}])), "r1c1 and r1c3 are not neighbours"),
        (
            LINK + pack(blank(4, ratio=[{"cells": ["R1C1", "R1C2"], "value": "0"}])),
            "a ratio dot needs a value of at least 1",
        ),
        (
            LINK + pack(blank(4, xv=[{"cells": ["R1C1", "R1C2"], "value": "Y"}])),
            'xv[1].value: expected "X" or "V", got "Y"',
        ),
        (LINK + pack(blank(4, arrow=[{"cells": ["R1C1"], "lines": [["R2C2", "R1C1"]]}])), "starts at r2c2, not at its"),
        (LINK + pack({"size": 4, "grid": [[{"region": 0}] * 4] + [[{}] * 4] * 3}), "region 0 has 6 cells; every"),
        (LINK + pack(blank(4, "11")), "f-puzzles: givens: cells r1c1 and r1c2 both hold 1 but are in row 1"),
        (LINK + pack(blank(4, "5")), "grid[1][1].value: expected a digit from 1 to 4, got 5"),
        (
            LINK + pack({"size": 4, "negative": "ratio"}),
            "negative: expected an array of constraint names, got a string",
        ),
        (
            _compressed('{"size": 4, "grid": ' + "[" * 50_000 + "]" * 50_000 + "}"),
            "f-puzzles: the JSON document is nested too deeply (arrays or objects within each other)",
        ),
        (LINK + pack({"size": 9}), "f-puzzles: grid: missing (every f-puzzles document has its 9 rows of 9 cells)"),
        (
            _compressed('{"size": ' + "9" * 5000 + "}"),
            "f-puzzles: the JSON document holds a number of 5,000 digits, more than any puzzle needs",
        ),
        (_compressed('{"size": 1e999}'), "f-puzzles: the JSON document holds the number \"1e999\", too large"),
        (_compressed('{"size": NaN}'), "f-puzzles: the JSON document holds NaN, which is no JSON number"),
        (
            LINK + pack(blank(4, killercage=[{"cells": ["R1C1"], "value": "9" * 5000}])),
            'killercage[1].value: expected a whole number, got "99999999999999999999999999999999999...',
        ),
        (
            LINK + pack(blank(4, littlekillersum=[{"cell": "R" + "9" * 5000 + "C1", "direction": {}, "value": "5"}])),
            'littlekillersum[1].cell: expected a cell such as "R0C1" beside a 4x4 grid, got "R99999999999',
        ),
        (
            LINK + pack(blank(4, littlekillersum=[{"cell": "R0C1", "direction": {}, "value": "5"}])),
            "littlekillersum[1].direction: expected one of UR, UL, DR, DL, got an object",
        ),
        (LINK + pack(blank(4, **{"diagonal+": "yes"})), 'f-puzzles: diagonal+: expected true or false, got "yes"'),
        (LINK + pack(blank(4, antiknight=1)), "f-puzzles: antiknight: expected true or false, got 1"),
        (
            LINK + pack({"size": 4, "grid": [[{"value": 1, "given": "yes"}] + [{}] * 3] + [[{}] * 4] * 3}),
            'f-puzzles: grid[1][1].given: expected true or false, got "yes"',
        ),
    ],
)
def test_bad_data_is_one_line(cli, ref: str, message: str) -> None:
    """Not lz-string, not JSON, wrong shapes, bad cells and values: one line naming the key, exit 2."""
    assert message in one_line_error(cli("show", ref))


def test_a_cosmetic_outside_the_grid_is_noted_not_refused(cli, tmp_path: Path) -> None:
    """Issue 39: a setter's text beside a 6x6 grid (R3C7), or a line from outside it, is a cosmetic
    like any other: the note counts it as outside, a board leaves it out, convert writes it back;
    a rule's cell outside the grid is still refused."""
    text = [{"cells": ["R3C7"], "value": "hi", "fontC": "#000000"}, {"cells": ["R1C1"], "value": "A"}]
    doc = blank(6, text=text, line=[{"lines": [["R0C1", "R1C1"]], "outlineC": "#FF0000"}])
    for ref in (LINK + pack(doc), "https://sudokupad.app/fpuzzles" + pack(doc)):
        p = puzzles.load(ref)
        assert [(c.kind, c.outside) for c in p.cosmetics] == [("line", True), ("text", True), ("text", False)]
        assert p == load(blank(6))
        result = cli("show", ref)
        assert result.code == 0 and result.err == (
            "puzzlesat: note: ignored cosmetic lines (1, 1 outside the grid), text (2, 1 outside the grid): "
            "f-puzzles draws them without checking them\n"
        )
    svg = tmp_path / "p.svg"
    assert cli("show", LINK + pack(doc), "--svg", str(svg)).code == 0
    assert ">A</text>" in svg.read_text() and ">hi</text>" not in svg.read_text()
    link = cli("convert", LINK + pack(doc), "--to", "fpuzzles").out.strip()
    assert [(c.kind, c.cells, c.lines) for c in puzzles.load(link).cosmetics] == [
        (c.kind, c.cells, c.lines) for c in puzzles.load(LINK + pack(doc)).cosmetics
    ]
    with pytest.raises(FileFormatError, match=r"killercage\[1\]\.cells\[1\]: R3C7 is outside the 6x6 grid"):
        load(blank(6, killercage=[{"cells": ["R3C7"]}]))


def test_a_file_is_named_in_its_errors(cli, tmp_path: Path) -> None:
    """A file holding the string is named before `f-puzzles:`; a link or a string is not repeated."""
    path = tmp_path / "puzzle.txt"
    path.write_text(pack(blank(4, fogofwar=["R1C1"])) + "\n", encoding="utf-8")
    assert one_line_error(cli("solve", str(path))).startswith(f'{path}: f-puzzles: the puzzle uses "fogofwar"')


# --- the commands ------------------------------------------------------------------------------------


def test_solve_and_show_take_a_link(cli) -> None:
    """`solve` prints Clipped's one solution, checked; `show` the grid and the rules in words."""
    result = cli("solve", LINK + CLIPPED, "--all")
    assert result.code == 0, result.err
    rows = [line for line in result.out.splitlines() if line.startswith("┃")]
    assert rows[:2] == ["┃ 8 │ 6 │ 7 ┃ 4 │ 5 │ 2 ┃ 9 │ 3 │ 1 ┃", "┃ 3 │ 4 │ 2 ┃ 8 │ 9 │ 1 ┃ 6 │ 7 │ 5 ┃"]
    assert "1 solution (trivial symmetry group), complete" in result.out
    shown = cli("show", LINK + CLIPPED).out
    assert "clipped: Clipped by Philipp Blume aka glum_hippo" in shown
    assert "grid: 9x9 grid; rows and columns all different; 3x3 boxes; anti-king" in shown
    assert "  thermometer 1 (r6c5→r8c2): r6c5 < r7c4 < r8c3 < r8c2" in shown
    assert "  arrow r7c3 (circle) → r8c4, r9c5: r8c4 + r9c5 - r7c3 = 0" in shown
    assert cli("solve", CLIPPED, "--json").json()["solutions"][0]["values"] == [int(c) for c in CLIPPED_SOLUTION]


def test_dimacs_and_compare_take_one(cli, tmp_path: Path) -> None:
    """`dimacs` and `compare` read a file holding a link like any puzzle."""
    held = tmp_path / "x.txt"
    held.write_text(LINK + pack(blank(4, "1234", antiknight=True)), encoding="utf-8")
    out = tmp_path / "x.cnf"
    assert cli("dimacs", str(held), "-o", str(out)).code == 0 and out.exists()
    result = cli("compare", str(held), "--encodings", "onehot,log", "--json")
    assert result.code == 0 and result.json()["consistent"]


def test_convert_writes_a_file_that_loads_back(cli, tmp_path: Path) -> None:
    """`convert -o` writes atomically and says what; the file loads to the same puzzle; without -o
    the TOML goes to stdout; --json describes it; an existing file is replaced."""
    path = tmp_path / "clipped.toml"
    result = cli("convert", LINK + CLIPPED, "-o", str(path))
    assert result.code == 0, result.err
    assert result.out == (
        f"{path}: clipped (Clipped by Philipp Blume aka glum_hippo), 81 cells, 5 givens, "
        "9 rules besides the grid's, 316 constraints\n"
    )
    assert puzzles.load(str(path)) == puzzles.load(CLIPPED)
    assert cli("convert", CLIPPED).out == path.read_text(encoding="utf-8")
    doc = cli("convert", CLIPPED, "--json").json()
    assert doc["written"] is None and doc["toml"] == path.read_text(encoding="utf-8") and doc["cells"] == 81
    doc = cli("convert", "magic-star", "-o", str(path), "--json").json()
    assert doc["written"] == str(path) and doc["puzzle"] == "magic-star" and "toml" not in doc
    assert puzzles.load(str(path)) == puzzles.load("magic-star")
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("name", list(MODELS) + list(INSTANCES))
def test_convert_round_trips_every_kind(name: str, tmp_path: Path) -> None:
    """`load_text(dump_toml(p)) == p` for every document above, through the file `convert` writes."""
    doc = MODELS[name][0] if name in MODELS else blank(6, INSTANCES[name][1], **INSTANCES[name][0])
    p = load(doc)
    done = puzzlesat.convert_puzzle(p, tmp_path / "p.toml")
    assert puzzles.load(str(done.path)) == p == load_text(dump_toml(p))


def test_convert_takes_catalog_parameters(cli, tmp_path: Path) -> None:
    """`convert` writes a parameterised catalog puzzle too, and it loads back equal."""
    path = tmp_path / "s.toml"
    assert cli("convert", "sudoku", "-p", "box=2", "-o", str(path)).code == 0
    assert puzzles.load(str(path)) == puzzles.load("sudoku", {"box": "2"})
