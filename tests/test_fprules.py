"""f-puzzles' rule kinds (issue 30): each key read as f-puzzles' solver reads it, against a
brute-force reading of the rules text on 4x4 grids; the exact rules a key becomes; a unique 6x6
puzzle of each kind; every encoding and Z3 agree; cosmetics kept, noted and refused by --strict."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from fp_strategies import KINDS, documents
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import one_line_error
from test_fpuzzles import LATIN4, LINK, blank, holds, load, pack, solutions

import puzzlesat
from puzzlesat.formats.fpuzzles.doc import default_boxes
from puzzlesat.formats.toml.files import dump_toml, load_text
from puzzlesat.model.check import violations
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.model.rules.clone import Clone
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.line import Line
from puzzlesat.model.rules.quadruple import Quadruple
from puzzlesat.model.rules.sum import Sum
from puzzlesat.runtime.errors import FileFormatError, ModelError

# --- the rules text, read straight (the oracle) ---------------------------------------------------


def _rc(name: str) -> tuple[int, int]:
    r, c = name[1:].upper().split("C")
    return int(r), int(c)


def _regions(doc: dict) -> dict[tuple[int, int], int]:
    n = doc["size"]
    h, w = default_boxes(n)
    return {
        (r, c): doc["grid"][r - 1][c - 1].get("region", (r - 1) // h * h + (c - 1) // w)
        for r in range(1, n + 1)
        for c in range(1, n + 1)
    }


def _third(n: int, v: int) -> int:
    """Low, middle or high: thirds of 1..n, the middle one the odd size out (f-puzzles' tooltip)."""
    low = n // 3 if n % 3 == 1 else (n + 2) // 3
    middle = n - 2 * low
    return 0 if v <= low else 1 if v <= low + middle else 2


def _line_ok(key: str, v: list[int], n: int, value: str | None, cells: list, regions: dict) -> bool:
    """One line of `key` with digits `v` along it, as the rules text states it."""
    if key == "renban":
        return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1
    if key == "whispers":
        d = int(value) if value else (n + 1) // 2
        return all(abs(a - b) >= d for a, b in itertools.pairwise(v))
    if key == "nabner":
        return all(abs(a - b) > 1 for a, b in itertools.combinations(v, 2))
    if key == "palindrome":
        return v == v[::-1]
    if key == "zipperline":
        m = len(v)
        target = v[m // 2] if m % 2 else v[0] + v[-1]
        return all(v[i] + v[m - 1 - i] == target for i in range(m // 2))
    if key == "doublearrow":
        return len(v) < 3 or v[0] + v[-1] == sum(v[1:-1])
    if key == "slowthermometer":
        return v == sorted(v)
    if key == "betweenline":
        return all(min(v[0], v[-1]) < x < max(v[0], v[-1]) for x in v[1:-1])
    if key == "lockout":
        d = int(value) if value else n // 2
        lo, hi = sorted((v[0], v[-1]))
        return hi - lo >= d and all(x < lo or x > hi for x in v[1:-1])
    if key == "regionsumline":
        sums, last = [], None
        for cell, x in zip(cells, v, strict=True):
            if regions[cell] != last:
                sums.append(0)
            sums[-1] += x
            last = regions[cell]
        return len(set(sums)) <= 1
    if key == "entropicline":
        return all(len({_third(n, x) for x in v[i : i + 3]}) == len(v[i : i + 3]) for i in range(len(v)))
    if key == "modularline":
        return all(len({x % 3 for x in v[i : i + 3]}) == len(v[i : i + 3]) for i in range(len(v)))
    if key == "parityline":
        return all(a % 2 != b % 2 for a, b in itertools.pairwise(v))
    raise AssertionError(key)


def holds_kinds(doc: dict, solution: str) -> bool:
    """Does a filled grid keep every rule of the new kinds in the document (and every older one,
    by test_fpuzzles' oracle, arrows with a pill read here)?"""
    n = doc["size"]
    at = {(r, c): int(solution[(r - 1) * n + c - 1]) for r in range(1, n + 1) for c in range(1, n + 1)}
    regions = _regions(doc)
    pills = [e for e in doc.get("arrow", []) if len(e["cells"]) > 1]
    older = {k: v for k, v in doc.items() if k != "arrow"} | {
        "arrow": [e for e in doc.get("arrow", []) if e not in pills]
    }
    if not holds(older, solution):
        return False
    for e in pills:
        number = int("".join(str(at[_rc(c)]) for c in e["cells"]))
        if any(sum(at[_rc(c)] for c in line[1:]) != number for line in e["lines"]):
            return False
    for r, row in enumerate(doc["grid"], 1):
        for c, cell in enumerate(row, 1):
            if cell.get("parity") and at[r, c] % 2 != (cell["parity"] == "odd"):
                return False
    for key in ("renban", "whispers", "nabner", "palindrome", "zipperline", "doublearrow", "slowthermometer",
                "betweenline", "lockout", "regionsumline", "entropicline", "modularline", "parityline"):  # fmt: skip
        for e in doc.get(key, []):
            for line in e["lines"]:
                cells = [_rc(x) for x in line]
                if not _line_ok(key, [at[x] for x in cells], n, e.get("value"), cells, regions):
                    return False
    for e in doc.get("littlekillersum", []):
        (r, c), (dr, dc) = _rc(e["cell"]), {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}[e["direction"]]
        total = 0
        r, c = r + dr, c + dc
        while (r, c) in at:
            total += at[r, c]
            r, c = r + dr, c + dc
        if total != int(e["value"]):
            return False
    for key, sign in (("maximum", 1), ("minimum", -1)):
        marked = {_rc(e["cell"]) for e in doc.get(key, [])}
        for r, c in marked:
            others = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in at and x not in marked]
            if any(sign * (at[r, c] - at[x]) <= 0 for x in others):
                return False
    if doc.get("disjointgroups"):
        place: dict[tuple[int, int], int] = {}
        seen: Counter = Counter()
        for cell in sorted(at):
            place[cell] = seen[regions[cell]]
            seen[regions[cell]] += 1
        for k in range(n):
            digits = [at[x] for x in at if place[x] == k]
            if len(set(digits)) != len(digits):
                return False
    for e in doc.get("clone", []):
        if any(at[_rc(a)] != at[_rc(b)] for a, b in zip(e["cells"], e["cloneCells"], strict=True)):
            return False
    for e in doc.get("quadruple", []):
        if Counter(e["values"]) - Counter(at[_rc(x)] for x in e["cells"]):
            return False
    return True


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=12)
@given(data=st.data())
def test_each_kind_has_the_solutions_of_its_rules(kind: str, data: st.DataObject) -> None:
    """puzzlesat's solutions of a random 4x4 document of each kind equal the Latin squares the
    brute-force reading of f-puzzles' rules text keeps (boxes or a jigsaw, a given or none)."""
    doc = data.draw(documents(kind))
    try:
        p = load(doc)
    except FileFormatError as e:  # a given that clashes or a clue no digits reach: refused, never wrong
        assert "givens" in str(e) or "cells reach" in str(e) or "domain is empty" in str(e), str(e)
        assert not any(holds_kinds(doc, s) for s in LATIN4)
        return
    assert solutions(p) == sorted(s for s in LATIN4 if holds_kinds(doc, s))


# --- the exact rules each key becomes ------------------------------------------------------------


def expected(size: int = 4, **kwargs: object):
    return define("f-puzzles", grid=Grid(size), title="f-puzzles puzzle", **kwargs)  # type: ignore[arg-type]


MODELS = {
    "little killers from each side, an unclued one drawn only": (
        blank(
            4,
            littlekillersum=[
                {"cell": "R0C1", "direction": "DR", "value": "10"},
                {"cell": "R5C2", "direction": "UR", "value": "5"},
                {"cell": "R2C1", "direction": "DR", "value": "7"},  # on the grid's edge cell: it counts
                {"cell": "R0C3", "direction": "DL", "value": ""},
            ],
        ),
        expected(rules=[Sum(("r1c2", "r2c3", "r3c4"), 10), Sum(("r4c3", "r3c4"), 5), Sum(("r2c1", "r3c2", "r4c3"), 7)]),
    ),
    "maximum and minimum cells beside each other": (
        blank(4, maximum=[{"cell": "R1C1"}, {"cell": "R1C2"}], minimum=[{"cell": "R2C1"}]),
        expected(
            rules=[
                Less(("r2c1", "r1c1")),
                Less(("r1c3", "r1c2")),
                Less(("r2c2", "r1c2")),
                Less(("r2c1", "r2c2")),
                Less(("r2c1", "r3c1")),
                Less(("r2c1", "r1c1")),
            ]
        ),
    ),  # fmt: skip
    "disjoint groups": (
        blank(4, disjointgroups=True),
        expected(
            distinct=[
                ("r1c1", "r1c3", "r3c1", "r3c3"),
                ("r1c2", "r1c4", "r3c2", "r3c4"),
                ("r2c1", "r2c3", "r4c1", "r4c3"),
                ("r2c2", "r2c4", "r4c2", "r4c4"),
            ]
        ),
    ),  # fmt: skip
    "German and Dutch whispers, renban, a one-cell line drawn only": (
        blank(
            4,
            whispers=[{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R2C1", "R2C2"], ["R3C3", "R3C4"]], "value": "1"}],
            renban=[{"lines": [["R4C1", "R4C2", "R4C3"]]}, {"lines": [["R1C4"]]}],
        ),
        expected(
            rules=[
                Line("renban", ("r4c1", "r4c2", "r4c3")),
                Line("whispers", ("r1c1", "r1c2"), 2),
                Line("whispers", ("r2c1", "r2c2"), 1),
                Line("whispers", ("r3c3", "r3c4"), 1),
            ]
        ),
    ),  # fmt: skip
    "clones skip a cell that is its own, quadruples": (
        blank(
            4,
            clone=[{"cells": ["R1C1", "R2C2"], "cloneCells": ["R3C3", "R2C2"]}],
            quadruple=[{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [2, 1]}],
        ),
        expected(rules=[Clone(("r1c1",), ("r3c3",)), Quadruple(("r1c1", "r1c2", "r2c1", "r2c2"), (1, 2))]),
    ),
    "a pill: the first circle cell is the tens": (
        blank(4, arrow=[{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C2", "R2C3"]]}]),
        expected(rules=[Sum(("r2c2", "r2c3", "r1c1", "r1c2"), 0, "=", (1, 1, -10, -1))]),
    ),
    "a cell's parity field": (
        {"size": 4, "grid": [[{"parity": "odd"}, {"parity": "Even"}, {}, {}]] + [[{}] * 4] * 3},
        expected(domains={"r1c1": [1, 3], "r1c2": [2, 4]}),
    ),
    "cosmetics and the lines the solver plugin draws for its rules": (
        blank(
            4,
            entropicline=[{"lines": [["R1C1", "R1C2", "R1C3"]]}],
            line=[{"lines": [["R1C1", "R1C2", "R1C3"]], "fromConstraint": "Entropic Line"}],
        ),
        expected(rules=[Line("entropic", ("r1c1", "r1c2", "r1c3"), digits=4)]),
    ),
}


@pytest.mark.parametrize("name", list(MODELS))
def test_each_key_loads_to_the_rules_a_user_would_write(name: str) -> None:
    """The document loads to exactly these rules, and its TOML form loads back to the same puzzle."""
    doc, puzzle = MODELS[name]
    got = load(doc)
    assert got == puzzle
    assert load_text(dump_toml(got)) == got
    assert got.cosmetics == ()


# --- a unique 6x6 puzzle of each kind --------------------------------------------------------------

S6 = "132465456213213546645132561324324651"
DISJOINT6 = "135246246135412563563412321654654321"


def _lines(key: str, *lines: str) -> dict:
    """A key's entries, one line each, cells written `R1C1 R1C2 ...`."""
    return {key: [{"lines": [line.split()]} for line in lines]}


# Made from a solution by drawing lines it keeps, then adding givens until the solver proved it
# unique: the clues, the givens, the solution.
INSTANCES = {
    "renban": (_lines("renban", "R5C4 R5C5 R4C4", "R5C1 R4C2 R5C2", "R4C6 R4C5 R5C6", "R1C4 R1C3 R1C2"),
               "...4......1....5...4....5...2.3....1", S6),
    "German whispers": (_lines("whispers", "R2C4 R3C4 R4C4 R3C5 R2C5", "R3C2 R2C3 R1C2", "R3C1 R2C2 R1C1",
                               "R5C1 R6C2 R5C2 R5C3 R4C3"), ".....5......2......................1", S6),
    "nabner": (_lines("nabner", "R6C6 R5C6", "R1C5 R2C5 R2C6", "R3C3 R4C4"), "1.24..4.6...........5..2....2.3.4.5.",
               S6),
    "palindrome": (_lines("palindrome", "R2C1 R3C1 R4C2", "R4C3 R3C3 R2C2", "R5C5 R4C5 R4C6"),
                   "1......5......354.........132..2....", S6),
    "zipper": (_lines("zipperline", "R1C3 R1C2 R1C1", "R2C2 R2C3 R2C4 R3C3", "R4C6 R3C6 R2C5 R3C4"),
               "13...5.......1.....4..325........6.1", S6),
    "double arrow": (_lines("doublearrow", "R5C1 R4C1 R3C2", "R5C6 R6C5 R5C4 R6C3", "R5C5 R4C5 R4C4"),
                     "..........13....4..4......1....2..5.", S6),
    "slow thermometer": (_lines("slowthermometer", "R6C2 R6C1 R5C2", "R4C6 R4C5 R5C4", "R2C1 R2C2 R2C3",
                                "R2C4 R1C3 R1C4 R1C5"), "....6......3..3.4...5.....1..4.2...1", S6),
    "between": (_lines("betweenline", "R4C4 R4C5 R5C4 R6C5", "R1C1 R2C1 R3C1 R4C1", "R5C3 R6C3 R5C2",
                       "R2C3 R1C4 R2C5"), ".....5...2.3..3......1..5....4.2....", S6),
    "lockout": (_lines("lockout", "R4C5 R5C5 R4C6 R3C6", "R2C4 R2C3 R3C2 R4C3", "R5C6 R6C5 R6C6"),
                "..2..5..................561.2.....5.", S6),
    "region sum": (_lines("regionsumline", "R6C2 R6C1 R5C1", "R1C2 R2C2 R2C3", "R1C6 R2C6 R1C5 R1C4"),
                   "1...6..5..13.13...64..3..........6.1", S6),
    "entropic": (_lines("entropicline", "R2C1 R1C1 R2C2", "R3C4 R4C5 R5C5", "R5C1 R4C2 R3C1 R4C1"),
                 "..24....6..3.....6.........3.4......", S6),
    "modular": (_lines("modularline", "R3C3 R3C4 R3C5", "R5C5 R5C6 R4C5 R4C6", "R5C2 R6C2 R5C3"),
                "1......56..........45.3.....2....6.1", S6),
    "parity": (_lines("parityline", "R5C1 R6C2 R6C1", "R5C6 R4C5 R5C5 R4C4", "R1C3 R2C2 R2C3"),
               "13..6.........3..6...........4....5.", S6),
    "little killer": (
        {"littlekillersum": [{"cell": c, "direction": d, "value": v} for c, d, v in (
            ("R0C6", "DL", "20"), ("R0C1", "DR", "21"), ("R0C5", "DL", "17"), ("R1C0", "DR", "18"),
            ("R0C4", "DL", "9"), ("R3C0", "DR", "16"))]},
        "......................3.............", S6),
    "maximum and minimum": (
        {"maximum": [{"cell": c} for c in ("R1C5", "R2C3", "R3C4", "R3C6", "R4C1")],
         "minimum": [{"cell": c} for c in ("R1C1", "R1C3", "R2C5", "R3C2", "R4C4")]},
        "1..4.5...2...............6......4.51", S6),
    "disjoint groups": ({"disjointgroups": True}, "...24...6...41.....63..2...65...4...", DISJOINT6),
    "clone": ({"clone": [{"cells": ["R3C2", "R3C3", "R3C5"], "cloneCells": ["R1C1", "R1C2", "R1C4"]}]},
              ".....5.......1....6.51.2....2.3.4...", S6),
    "quadruple": (
        {"quadruple": [{"cells": q.split(), "values": v} for q, v in (
            ("R1C1 R1C2 R2C1 R2C2", [3, 4]), ("R2C4 R2C5 R3C4 R3C5", [1, 4]), ("R2C5 R2C6 R3C5 R3C6", [1, 3]),
            ("R3C4 R3C5 R4C4 R4C5", [3, 4]), ("R4C1 R4C2 R5C1 R5C2", [4, 6]), ("R5C1 R5C2 R6C1 R6C2", [2, 5]))]},
        "....6.......2..5..6......6...43...5.", S6),
    "pill arrows": (
        {"arrow": [{"cells": ["R3C2", "R4C2"], "lines": [["R4C2", "R4C3", "R3C3", "R2C3"]]},
                   {"cells": ["R2C5", "R2C6"], "lines": [["R2C6", "R3C6", "R3C5", "R4C5"]]}]},
        ".....5.............4.....613..32....", S6),
}  # fmt: skip
PARITY6 = {(2, 4): "even", (6, 4): "even", (5, 1): "odd", (1, 1): "odd", (1, 5): "even", (1, 6): "odd",
           (6, 5): "odd", (4, 1): "even", (1, 2): "odd", (6, 6): "odd"}  # fmt: skip


def _document(name: str) -> dict:
    if name == "parity fields":
        doc = blank(6, "..2....5...3.1.....4...2...3.4......")
        for (r, c), parity in PARITY6.items():
            doc["grid"][r - 1][c - 1]["parity"] = parity
        return doc
    keys, givens, _ = INSTANCES[name]
    return blank(6, givens, **keys)


@pytest.mark.parametrize("name", [*INSTANCES, "parity fields"])
def test_each_kind_solves_uniquely(name: str) -> None:
    """A 6x6 puzzle of each kind has exactly its solution on the default configuration, which the
    checker accepts and the rules text keeps; its TOML form loads back equal."""
    doc = _document(name)
    solution = INSTANCES[name][2] if name in INSTANCES else S6
    p = load(doc)
    assert solutions(p) == [solution]
    assert violations(p, [int(ch) for ch in solution]) == []
    assert holds_kinds(doc, solution)
    assert load_text(dump_toml(p)) == p


@pytest.mark.parametrize("names", [("lockout", "between", "quadruple"), ("entropic", "region sum", "pill arrows")])
def test_every_encoding_and_z3_agree(cli, names: tuple[str, ...], tmp_path) -> None:
    """Three kinds in one puzzle (their clues together, no givens): `compare --all` finds the same
    solutions on z3-int, z3-pb, one-hot, order and log."""
    keys: dict = {}
    for name in names:
        for key, entries in INSTANCES[name][0].items():
            keys.setdefault(key, []).extend(entries)
    path = tmp_path / "p.txt"
    path.write_text(pack(blank(6, "1.....", **keys)), encoding="utf-8")
    result = cli("compare", str(path), "--encoding", "all", "--all", "--json")
    assert result.code == 0, result.err
    doc = result.json()
    assert doc["consistent"]
    assert {row["encoding"] for row in doc["rows"]} >= {"z3-int", "z3-pb", "onehot", "order", "log"}


# --- cosmetics: kept, noted, refused under --strict -----------------------------------------------

COSMETIC = {
    "line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000000", "width": 0.5}],
    "circle": [{"cells": ["R1C1"], "baseC": "#FFFFFF", "fontC": "#000000", "outlineC": "#000000"}],
    "rectangle": [{"cells": ["R1C1"], "baseC": "#FFFFFF", "fontC": "#000000", "outlineC": "#000000"}],
    "text": [{"cells": ["R1C1"], "value": "A", "fontC": "#000000", "size": 0.5}],
    "cage": [{"cells": ["R1C1", "R1C2"], "outlineC": "#000000", "fontC": "#000000"}],
}
WHY = " (f-puzzles draws cosmetics without checking them: the rule one stands for is only in the rules text)"


@pytest.mark.parametrize("kind", COSMETIC)
def test_each_cosmetic_is_kept_noted_and_refused_under_strict(cli, kind: str) -> None:
    """A cosmetic is read onto the puzzle and not solved; every command notes it in one stderr line
    and succeeds; with --strict it is refused in the importer's words, one line, exit 2."""
    doc = blank(4, "1234", **{kind: COSMETIC[kind]})
    p = load(doc)
    assert [c.kind for c in p.cosmetics] == [kind] and p == load(blank(4, "1234"))
    plural = {"line": "lines", "text": "text"}.get(kind, kind + "s")
    for command in ("solve", "show", "convert"):
        result = cli(command, LINK + pack(doc))
        assert result.code == 0, result.err
        assert (
            result.err
            == f"puzzlesat: note: ignored cosmetic {plural} (1): f-puzzles draws them without checking them\n"
        )
        refused = cli(command, LINK + pack(doc), "--strict")
        assert refused.code == 2
        assert (
            one_line_error(refused) == f'f-puzzles: the puzzle uses "{kind}", which puzzlesat does not support yet{WHY}'
        )


def test_the_note_counts_every_kind_and_the_colours(cli) -> None:
    """Lines, text and cell colours in one puzzle: one note counting each; --strict names them all."""
    doc = blank(4, line=COSMETIC["line"] * 3, text=COSMETIC["text"] * 2)
    doc["grid"][0][0]["c"] = "#FF0000"
    doc["grid"][1][1]["cArray"] = ["#00FF00"]
    p = load(doc)
    assert [(c.kind, c.cells, c.colour) for c in p.cosmetics][-2:] == [("colour", ("r1c1",), "#FF0000"),
                                                                        ("colour", ("r2c2",), "#00FF00")]  # fmt: skip
    result = cli("count", LINK + pack(doc))
    assert result.code == 0
    assert result.err == (
        "puzzlesat: note: ignored cosmetic lines (3), text (2), cell colours (2): "
        "f-puzzles draws them without checking them\n"
    )
    assert one_line_error(cli("symmetry", LINK + pack(doc), "--strict")) == (
        f'f-puzzles: the puzzle uses "line", "text" and "c" (cell colours), which puzzlesat does not support yet{WHY}'
    )


def test_a_puzzle_without_cosmetics_says_nothing_and_strict_takes_it(cli) -> None:
    """No note without cosmetics; --strict changes nothing for a TOML file or a clean link."""
    for ref in ("sudoku", LINK + pack(blank(4, "1234"))):
        result = cli("show", ref, "--strict")
        assert result.code == 0 and result.err == ""


# --- TOML ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('kind = "zigzag"\ncells = ["r1c1", "r1c2"]', 'unknown line kind "zigzag"; valid: renban, whispers'),
        (
            'kind = "whisper"\ncells = ["r1c1", "r1c2"]',
            'unknown line kind "whisper"; did you mean whispers? valid: renban',
        ),
        (
            'kind = "renban"\ncells = ["r1c1", "r1c2"]\ndifference = 2',
            "line[1]: a renban line takes no difference (line 5)",
        ),
        ('kind = "double_arrow"\ncells = ["r1c1", "r1c2"]', "a double_arrow line needs at least 3 cells, got 2"),
        ('kind = "whispers"\ncells = ["r1c1", "r1c2"]\ndifference = 0', "expected a whole number of at least 1"),
    ],
)
def test_bad_lines_are_one_error(body: str, message: str) -> None:
    """A line of an unknown kind, a difference where none is read, too few cells: one line each."""
    with pytest.raises((FileFormatError, ModelError)) as e:
        load_text(f'name = "x"\n[grid]\nsize = 4\n\n[[line]]\n{body}\n')
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_line_without_a_grid_needs_its_numbers() -> None:
    """Off a grid, whispers need their difference and entropic lines their greatest digit."""
    with pytest.raises(ModelError, match="a whispers line without a \\[grid\\] needs its difference"):
        define("x", cells=3, values=range(1, 7), rules=[Line("whispers", (0, 1, 2))])
    p = define("x", cells=3, values=range(1, 7), rules=[Line("whispers", (0, 1, 2), 3)])
    assert puzzlesat.solve(p, all=True, modulo_symmetry=False).solutions
