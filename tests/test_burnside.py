"""Burnside's pieces in plain Python: conjugacy classes, fixed points, interchangeable values."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from oracle import brute_force
from strategies import small_puzzles

from puzzlesat.catalog import builtin as catalog
from puzzlesat.model.group import image
from puzzlesat.model.model import define
from puzzlesat.runtime.errors import CheckError
from puzzlesat.symmetry.burnside import Element, conjugacy_classes, from_cells, orbit_count, value_key
from puzzlesat.symmetry.relabel import interchangeable_group, pins, relabellings


def _brute_classes(elements: list[Element]) -> list[frozenset[Element]]:
    """Conjugacy classes by definition: x ~ h^-1 x h for every h of the group."""
    classes = {frozenset(h.inverse().then(x).then(h) for h in elements) for x in elements}
    return sorted(classes, key=min)


@pytest.mark.parametrize("name", ["magic-frame", "magic-star", "magic-triangle", "magic-pair-18"])
def test_classes_are_the_conjugacy_classes(name):
    """Conjugating by the generators finds the classes conjugating by every element finds."""
    p = catalog.build(name)
    elements = from_cells(p.group.permutations)
    classes = conjugacy_classes(elements, from_cells(g for g, _ in p.generators))
    assert sum(c.size for c in classes) == p.group.order
    assert classes[0].is_identity and classes[0].size == 1
    expected = _brute_classes(elements)
    assert sorted((min(c).cells, len(c)) for c in expected) == sorted((c.cells, c.size) for c in classes)


def test_dihedral_group_of_the_square_has_five_classes():
    """D4 (the 3x3 magic square's group of 8): identity, two quarter turns, the half turn, two
    reflections in the axes, two in the diagonals."""
    p = catalog.build("magic-square")
    classes = conjugacy_classes(from_cells(p.group.permutations), from_cells(g for g, _ in p.generators))
    assert sorted(c.size for c in classes) == [1, 1, 2, 2, 2]


def test_classes_of_cell_and_value_pairs():
    """Elements that move values too: the square's group times "v -> 10 - v" has 10 classes
    (D4 x C2), and conjugation never mixes a value-moving element with a cell-only one."""
    p = catalog.build("magic-square")
    flip = value_key({v: 10 - v for v in range(1, 10)})
    cells = from_cells(p.group.permutations)
    elements = cells + [Element(e.cells, flip) for e in cells]
    gens = [*from_cells(g for g, _ in p.generators), Element(tuple(range(9)), flip)]
    classes = conjugacy_classes(elements, gens)
    assert len(classes) == 10 and sum(c.size for c in classes) == 16
    assert sorted((min(c).cells, min(c).values, len(c)) for c in _brute_classes(elements)) == sorted(
        (c.cells, c.values, c.size) for c in classes
    )


def test_fixes_reads_the_convention():
    """(cells, values) fixes s when s[cells[i]] == values(s[i]): the image under the element is s."""
    swap = Element((1, 0, 2))
    assert swap.fixes((5, 5, 1)) and not swap.fixes((5, 6, 1))
    both = Element((1, 0, 2), value_key({1: 2, 2: 1}))
    assert both.fixes((1, 2, 3)) and not both.fixes((1, 1, 3)) and not both.fixes((1, 2, 1))
    p = (2, 0, 1)
    for s in itertools.product(range(2), repeat=3):
        assert Element(p).fixes(s) == (image(s, p) == s)


def test_then_and_inverse():
    """Composition applies the first element first; an element then its inverse is the identity."""
    a = Element((1, 2, 0), value_key({1: 2, 2: 3, 3: 1}))
    b = Element((0, 2, 1), value_key({1: 3, 3: 1}))
    s = (1, 2, 3)

    def act(e: Element, t: tuple[int, ...]) -> tuple[int, ...]:
        m = dict(e.values)
        return image(tuple(m.get(v, v) for v in t), e.cells)

    assert act(a.then(b), s) == act(b, act(a, s))
    assert a.then(a.inverse()).is_identity and b.inverse().then(b).is_identity


@settings(max_examples=40)
@given(puzzle=small_puzzles(with_symmetry=True))
def test_burnside_on_the_raw_list_is_the_orbit_count(puzzle):
    """Burnside over the conjugacy classes counts the classes brute force finds."""
    truth = brute_force(puzzle)
    classes = conjugacy_classes(from_cells(puzzle.group.permutations), from_cells(g for g, _ in puzzle.generators))
    assert orbit_count(truth.raw, classes) == len(truth.canonical)


def test_a_sum_that_is_not_a_multiple_is_a_bug():
    """Fixed-point totals that Burnside cannot divide mean a wrong count: an internal error."""
    with pytest.raises(CheckError, match="not a multiple of the group's order 2"):
        orbit_count([(1, 2)], [(0, 1), (1, 0)])


def test_sudoku_and_latin_squares_have_interchangeable_values():
    """An empty sudoku pins its first row; 1..n! is the class size."""
    p = catalog.build("sudoku", {"box": "2"}, "." * 16)
    assert interchangeable_group(p) == (0, 1, 2, 3)
    assert pins(p, (0, 1, 2, 3)) == ((0, 1), (1, 2), (2, 3), (3, 4)) and relabellings(p) == 24
    latin = define("latin", cells=9, values=range(1, 4), distinct=[[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6]])
    assert interchangeable_group(latin) == (0, 1, 2)


@pytest.mark.parametrize(
    ("name", "params", "givens"),
    [
        ("sudoku", {"box": "2"}, "1..............."),  # a given tells 1 apart
        ("sudoku", {}, None),  # the seed's givens
        ("magic-square", {}, None),  # sums
        ("killer-sudoku", {}, None),  # cages are sums
        ("kropki-sudoku", {}, None),  # dots are tables
        ("futoshiki", {}, None),  # inequalities
    ],
)
def test_values_that_are_not_interchangeable(name, params, givens):
    """Givens, sums, tables and inequalities each tell values apart: no pinning."""
    assert interchangeable_group(catalog.build(name, params, givens)) is None


def test_no_group_holding_every_value():
    """Every relabelling is a symmetry, but no group holds all the values: no pinning."""
    p = define("pairs", cells=4, values=range(1, 4), distinct=[[0, 1], [2, 3]])
    assert interchangeable_group(p) is None
    mixed = define("mixed", cells=3, values=range(1, 4), domains={"0": [1, 2]}, distinct="all")
    assert interchangeable_group(mixed) is None
