"""Symmetry detection (issue 17): the facts to reproduce, value symmetries, and detected groups that
are true symmetries of small random puzzles (brute force: every element maps solutions onto solutions)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import brute_force
from strategies import small_puzzles

import puzzlesat
from puzzlesat.formats.toml.files import dump_toml, load_text
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.runtime.errors import ModelError
from puzzlesat.symmetry.detect import describe, detect


def _sudoku(rows: int, boxes: str):
    return define("s", grid=Grid(rows, boxes=boxes))


@pytest.mark.parametrize(
    ("name", "params", "givens", "cell_order", "order"),
    [
        ("magic-star", None, None, 48, 96),  # the hexagram: 12 geometric, 48 automorphisms; x -> 13 - x doubles
        ("magic-square", {"order": "4"}, None, 32, 64),  # the 8 of the square and the row/column swaps
        ("magic-square", {"order": "3"}, None, 8, 16),
        ("sudoku", {"box": "2"}, "." * 16, 128, 128 * 24),
        ("sudoku", {"box": "3"}, "." * 81, 3_359_232, 3_359_232 * math.factorial(9)),
    ],
)
def test_detected_orders_reproduce_the_known_facts(name, params, givens, cell_order, order):
    """The orders in issue 17, with and without the values."""
    d = detect(puzzlesat.load(name, params, givens))
    assert (d.cell_order, d.order, d.exact) == (cell_order, order, True)


def test_six_by_six_sudoku_with_two_by_three_boxes():
    """3,456 cell symmetries (no transpose: the boxes are not square), times 6! relabellings."""
    d = detect(_sudoku(6, "2x3"))
    assert (d.cell_order, d.order, d.relabel) == (3_456, 3_456 * 720, True)


def test_givens_break_the_symmetry():
    """The catalog sudoku's 30 givens leave only the identity."""
    assert detect(puzzlesat.load("sudoku")).order == 1


def test_generators_in_words_on_a_grid():
    """A 4x4 sudoku's generators are named as a setter would name them, or listed as cycles."""
    p = _sudoku(4, "")
    words = [describe(p, g) for g in detect(p).generators]
    named = ("swap rows", "swap columns", "permute ", "rotate", "mirror", "reflect", "cells (")
    assert all(w.startswith(named) for w in words)
    quarter = tuple(p.grid.at[(c, 5 - r)] for r, c in p.grid.positions)
    assert describe(p, (quarter, None)) == "rotate a quarter turn"
    swap = tuple(p.grid.at[({1: 2, 2: 1}.get(r, r), c)] for r, c in p.grid.positions)
    assert describe(p, (swap, None)) == "swap rows 1 and 2"


def test_mirror_named_as_arithmetic():
    """The magic square's complement reads x -> 17 - x."""
    p = puzzlesat.load("magic-square", {"order": "4"})
    assert [describe(p, g) for g in detect(p).generators if g[1] is not None] == ["x -> 17 - x"]


def test_symmetry_command_json(cli):
    """`symmetry --json` carries the fixed keys; the declared group of 8 has index 8 in the 64."""
    result = cli("symmetry", "magic-square", "-p", "order=4", "--json")
    assert result.code == 0
    doc = result.json()
    assert (doc["order"], doc["cell_order"], doc["declared_order"]) == (64, 32, 8)
    assert doc["relation"] == "the declared group is a subgroup of index 8"
    assert doc["generators"][-1]["values"] == {str(v): 17 - v for v in range(1, 17)}
    assert all(set(g) >= {"cells", "values"} for g in doc["generators"])


def test_symmetry_command_text(cli):
    result = cli("symmetry", "magic-star")
    assert result.code == 0
    assert result.out.splitlines()[:3] == [
        "magic-star: symmetry group of order 96",
        "  moving cells only: 48; with values: x2",
        "  declared: order 12 (the declared group is a subgroup of index 8)",
    ]
    assert "  x -> 13 - x" in result.out


def test_list_json_carries_every_detected_group(cli):
    """Every catalog entry: the declared group is a subgroup of the detected one."""
    doc = cli("list", "--json").json()["puzzles"]
    assert len(doc) == len(puzzlesat.catalog_names())
    for entry in doc:
        sym = entry["symmetry"]
        assert sym["order"] % sym["declared_order"] == 0, entry["name"]
        assert sym["order"] % sym["cell_order"] == 0, entry["name"]


def test_four_by_four_sudoku_grids_fall_into_two_classes(cli):
    """The 288 grids, modulo the detected group with relabellings: 2 classes; raw: 288."""
    doc = cli("solve", "sudoku", "-p", "box=2", "--givens", "." * 16, "--all", "--json").json()
    assert (doc["count"], doc["symmetry"], doc["group_order"]) == (2, "detected", 3072)
    assert doc["symmetry_breaking"] == "anchor+orbit"
    empty = ("solve", "sudoku", "-p", "box=2", "--givens", "." * 16, "--all", "--json")
    assert cli(*empty, "--symmetry", "none").json()["count"] == 288
    assert cli(*empty, "--symmetry", "declared").json()["count"] == 288


def test_magic_squares_modulo_the_32_cell_automorphisms():
    """880 classes under the 8 symmetries of the square; 220 under the 32 cell automorphisms of its
    lines (declared in a file); under the detected 64 (with the complement), the 220 merge in pairs
    or stay alone, as the group's own canonical forms say."""
    p = puzzlesat.load("magic-square", {"order": "4"})
    d = detect(p)
    text = dump_toml(p).split("[symmetry]")[0] + "[symmetry]\ngenerators = " + _gens(d.cell_generators)
    cells32 = load_text(text)
    assert cells32.group.order == 32
    reps = [s.values for s in puzzlesat.solve(cells32, all=True).solutions]
    assert len(reps) == 220
    full = puzzlesat.solve(p, all=True, symmetry="detected")
    assert full.group_order == 64 and full.symmetry_breaking == "lex+orbit"
    assert [s.values for s in full.solutions] == sorted({d.group.canonical(r) for r in reps})
    assert 110 <= full.count < 220


def _gens(perms) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in perms) + "]\n"


def test_value_symmetry_declared_in_a_file():
    """A generator { cells, values } relabels values; it is checked like any other."""
    text = """name = "pair"
cells = 2
values = { min = 1, max = 4 }
distinct = "all"
[[sum]]
cells = [0, 1]
equals = 5
[symmetry]
generators = [{ cells = [1, 0], values = [4, 3, 2, 1] }]
"""
    p = load_text(text)
    assert p.group.order == 2 and p.group.moves_values
    assert load_text(dump_toml(p)) == p  # the inline table round-trips
    # solutions (1,4) (2,3) (3,2) (4,1); (a, b) -> (5 - b, 5 - a) fixes each one: 4 classes
    assert puzzlesat.solve(p, all=True).count == 4
    bad = text.replace("values = [4, 3, 2, 1]", "values = [2, 1, 3, 4]")
    message = r"generators\[1\]: not a symmetry of the puzzle: sum\[1\] \(0 \+ 1 = 5\) is a sum, which only x -> a - x"
    with pytest.raises(Exception, match=message):
        load_text(bad)
    with pytest.raises(Exception, match="values must list each of the puzzle's values 1..4 once"):
        load_text(text.replace("values = [4, 3, 2, 1]", "values = [4, 3, 2]"))


def test_value_symmetry_through_the_api():
    """define() takes {"cells", "values"} generators; a relabelling without sums is kept."""
    p = define("trio", cells=3, values=[1, 2, 3], generators=[{"cells": [0, 1, 2], "values": [2, 3, 1]}])
    assert p.group.order == 3
    assert puzzlesat.solve(p, all=True).count == 2  # 6 permutations in 2 classes of 3
    with pytest.raises(ModelError, match="a table generator has 'cells' and optionally 'values'"):
        define("trio", cells=3, values=[1, 2, 3], generators=[{"values": [2, 3, 1]}])


@settings(max_examples=25)
@given(small_puzzles(max_cells=5))
def test_detected_group_maps_solutions_onto_solutions(puzzle):
    """Every detected element maps the brute-force solution set onto itself, and enumeration
    modulo the detected group finds exactly the classes brute force finds."""
    d = detect(puzzle)
    truth = brute_force(puzzle)
    raw = set(truth.raw)
    group = d.group
    assert group is not None
    for element in group.elements:
        assert {group.apply(s, element) for s in raw} == raw
    classes = {group.canonical(s) for s in raw}
    outcome = puzzlesat.solve(puzzle, all=True, symmetry="detected")
    assert [s.values for s in outcome.solutions] == sorted(classes)


HALF_TURN_FUTOSHIKI = """name = "half-turn futoshiki"
cells = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
values = { min = 1, max = 3 }
distinct = [["r1c1", "r1c2", "r1c3"], ["r2c1", "r2c2", "r2c3"], ["r3c1", "r3c2", "r3c3"],
            ["r1c1", "r2c1", "r3c1"], ["r1c2", "r2c2", "r3c2"], ["r1c3", "r2c3", "r3c3"]]
[[less]]
cells = ["r1c1", "r1c2"]
[[less]]
cells = ["r3c2", "r3c3"]
"""


def test_a_mirror_that_needs_a_cell_permutation_is_found():
    """The signs reverse under a half turn: neither the half turn nor x -> 4 - x alone keeps the
    puzzle, both together do (found by an isomorphism of the puzzle's graph with its mirror's)."""
    p = load_text(HALF_TURN_FUTOSHIKI)
    d = detect(p)
    assert (d.order, d.cell_order) == (2, 1)
    assert [describe(p, g) for g in d.generators] == ["rotate a half turn, then x -> 4 - x"]
    truth = brute_force(p)
    assert len(truth.raw) == 4
    classes = sorted({d.group.canonical(s) for s in truth.raw})
    assert len(classes) == 3
    outcome = puzzlesat.solve(p, all=True, symmetry="detected")
    assert [s.values for s in outcome.solutions] == classes
    # The second sign turned round: now the half turn alone is the symmetry, and no mirror.
    turned = detect(load_text(HALF_TURN_FUTOSHIKI.replace('["r3c2", "r3c3"]', '["r3c3", "r3c2"]')))
    assert (turned.order, turned.generators) == (2, (((8, 7, 6, 5, 4, 3, 2, 1, 0), None),))


@st.composite
def mirrored_puzzles(draw: st.DrawFn):
    """A puzzle closed by construction under a cell permutation s together with x -> a - x: each
    sign a < b brings s(b) < s(a), each sum over cells C with total t brings s(C) with |C|*a - t."""
    from puzzlesat.model.rules.less import Less

    n = draw(st.integers(3, 6))
    k = draw(st.integers(2, 4))
    values = list(range(1, k + 1))
    a = 1 + k
    s = tuple(draw(st.permutations(range(n))))
    signs: set[tuple[int, int]] = set()
    sums: dict[tuple[int, ...], int] = {}
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            x, y = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
            while (x, y) not in signs:  # the orbit of the sign under (s, mirror)
                signs.add((x, y))
                x, y = s[y], s[x]
        else:
            cells = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=3))))
            total = draw(st.integers(len(cells), len(cells) * k))
            pairs: set[tuple[tuple[int, ...], int]] = set()
            while (cells, total) not in pairs:  # the orbit of the sum under (s, mirror)
                pairs.add((cells, total))
                cells, total = tuple(sorted(s[c] for c in cells)), len(cells) * a - total
            orbit = dict(pairs)
            if len(orbit) == len(pairs) and all(sums.get(c, t) == t for c, t in pairs):
                sums.update(orbit)  # else one set of cells would need two totals: not closed, skipped
    rules = [Less((x, y)) for x, y in sorted(signs) if (y, x) not in signs]
    distinct = draw(st.sampled_from(["all", "none"]))
    puzzle = define("mirrored", cells=n, values=values, distinct=distinct,
                    sums=[(list(c), t) for c, t in sorted(sums.items())], rules=rules)  # fmt: skip
    return puzzle, (s, tuple(range(k - 1, -1, -1)))


@settings(max_examples=60, deadline=None)
@given(mirrored_puzzles())
def test_a_mirror_with_any_cell_permutation_is_in_the_detected_group(case):
    """Completeness for the mirror: whatever cells it must move with, the element is found."""
    puzzle, (cells, values) = case
    d = detect(puzzle)
    assert d.group is not None
    # Without sums every relabelling is a symmetry: the group lists its cell part only.
    assert ((cells, None) if d.relabel else (cells, values)) in set(d.group.elements)


def _table_puzzle(allowed, givens=None, forbidden=False):
    from puzzlesat.model.rules.table import TableRule

    return define("t", cells=3, values=range(1, 4), distinct="none", givens=givens,
                  rules=[TableRule((0, 1), tuple(map(tuple, allowed)), not forbidden)])  # fmt: skip


@pytest.mark.parametrize(
    ("puzzle", "order", "cell_order", "raw"),
    [
        (_table_puzzle([]), 12, 2, 0),  # no tuple at all: cells 0, 1 swap; every relabelling
        (_table_puzzle([(2, 1), (3, 3)], givens={0: 1}), 2, 1, 0),  # the given leaves the table none
        (_table_puzzle([(1, 2), (2, 1), (5, 5)]), 4, 2, 6),  # (5, 5) is outside the domains
        (_table_puzzle([(5, 5)], forbidden=True), 36, 6, 27),  # forbids nothing: every cell moves
    ],
    ids=["empty", "emptied-by-a-given", "a-tuple-outside", "forbids-nothing"],
)
def test_tables_are_compared_as_they_act(cli, tmp_path, puzzle, order, cell_order, raw):
    """A table with no tuple the cells can take (none written, or the givens leave none) was an
    "internal error: nauty returned a non-symmetry" in solve --all, count and symmetry, and a tuple
    outside the domains a KeyError: nauty's graph and the checker now both read the live tuples.
    Every element maps solutions onto solutions; no solution when the table is left empty."""
    d = detect(puzzle)
    assert (d.order, d.cell_order) == (order, cell_order)
    truth = brute_force(puzzle)
    assert len(truth.raw) == raw
    solutions = set(truth.raw)
    for element in d.group.elements:
        assert {d.group.apply(s, element) for s in solutions} == solutions
    path = tmp_path / "t.toml"
    path.write_text(dump_toml(puzzle))
    warned = cli("symmetry", str(path)).err.splitlines()  # an empty table is a likely mistake: said once
    assert len(warned) == (raw == 0) and all(line.startswith("puzzlesat: warning: table 1 (") for line in warned)
    counted = cli("count", str(path), "--json")
    assert counted.code == 0 and counted.json()["count"] == raw
    solved = cli("solve", str(path), "--all", "--json")
    assert solved.code == 0 and solved.json()["count"] == counted.json()["orbits"]
    if raw == 0:
        assert cli("check", str(path)).code == 20


def test_a_limited_run_does_not_detect_symmetry(cli, monkeypatch):
    """`--limit 2` (and a first solution) stop early: the default rule takes the declared group and
    never calls the detection (pynauty); `--all` still does, and gets the detected classes."""
    import puzzlesat.symmetry.detect as detect_module

    calls: list[str] = []
    real = detect_module.detect

    def spy(puzzle):
        calls.append(puzzle.name)
        return real(puzzle)

    monkeypatch.setattr(detect_module, "detect", spy)
    for args in (("--limit", "2"), ()):
        r = cli("solve", "examples/killer-6x6.toml", *args, "--json")
        assert r.code == 0, r.err
        assert r.json()["symmetry"] == "declared" and r.json()["count"] == 1
    assert calls == []
    r = cli("solve", "sudoku", "-p", "box=2", "--givens", "." * 16, "--all", "--json")
    assert (r.code, r.json()["symmetry"], r.json()["count"]) == (0, "detected", 2)
    assert calls == ["sudoku"]
