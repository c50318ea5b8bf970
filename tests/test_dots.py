"""Kropki and XV dots as rules (`[[dot]]`, `[[negative]]`): the meaning of each kind, the files
written before dots were rules, the messages, and a new kind added by one registry line."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.formats.toml.files import dump_toml, load_text
from puzzlesat.model.grid import ORTHOGONAL, Grid
from puzzlesat.model.model import define
from puzzlesat.model.rules.dot import KINDS, Dot, DotKind
from puzzlesat.model.rules.negative import Negative
from puzzlesat.render.svg import board_svg
from puzzlesat.render.text.draw import draw
from puzzlesat.runtime.errors import FileFormatError, ModelError
from puzzlesat.search.counting import count

OLD = """\
name = "k"

[grid]
size = 4
kropki = { white = [["r1c1", "r1c2"], ["r2c1", "r3c1"]], black = [["r1c3", "r1c4"]], negative = true }
xv = { v = [["r4c1", "r4c2"]] }
"""
NEW = """\
name = "k"

[grid]
size = 4

[[dot]]
kind = "white"
cells = ["r1c1", "r1c2"]

[[dot]]
kind = "white"
cells = ["r2c1", "r3c1"]

[[dot]]
kind = "black"
cells = ["r1c3", "r1c4"]

[[dot]]
kind = "v"
cells = ["r4c1", "r4c2"]

[[negative]]
kinds = ["white", "black"]
"""


def brute_force(p) -> int:
    """Solutions of a 4x4 latin grid puzzle, by trying every square of row permutations whose
    columns differ against the houses and the rules' own reading (not their lowering)."""
    houses = [cells for _, cells in p.grid.houses]
    rows = list(itertools.permutations(range(1, 5)))
    count = 0
    for square in itertools.product(rows, repeat=4):
        if any(len(set(column)) < 4 for column in zip(*square, strict=True)):
            continue
        values = sum(square, ())
        if all(len({values[c] for c in h}) == len(h) for h in houses) and all(r.holds(values, {}) for r in p.rules):
            count += 1
    return count


@given(
    st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=4, unique=True),
    st.lists(st.tuples(st.sampled_from(sorted(KINDS)), st.integers(0, 2)), max_size=3),
)
def test_lowering_means_the_rule(negated, dotted):
    """On every assignment of a 1x4 strip with values 1..6, the core of the dots and of a negative
    constraint holds exactly when the rules' own reading does."""
    grid = Grid(1, 4, boxes="none", latin=False)
    rules = [Dot(kind, (a, a + 1)) for kind, a in dotted] + [Negative(tuple(negated))]
    p = define("strip", grid=grid, values=range(1, 7), rules=rules)
    for values in itertools.product(range(1, 7), repeat=4):
        assert all(c.holds(values, {}) for c in p.core) == all(r.holds(values, {}) for r in p.rules), values


def test_an_older_file_loads_to_the_same_puzzle_and_converts_to_rules():
    """`[grid] kropki = {...}` still loads, to the very puzzle of the `[[dot]]` form; written back,
    the puzzle says `[[dot]]` and `[[negative]]`, and the core is the dots' then the negative's."""
    old, new = load_text(OLD, "old"), load_text(NEW, "new")
    assert old == new
    assert "[[dot]]" in dump_toml(old) and "kropki" not in dump_toml(old)
    assert load_text(dump_toml(old), "again") == old
    kinds = [type(c).__name__ for c in old.core[len(old.grid.houses) :]]
    # three table dots, one sum dot (V), and a forbidding table on each of 24 - 3 undotted pairs
    assert kinds == ["Table", "Table", "Table", "Linear"] + ["Table"] * 21
    assert brute_force(old) == count(old).count


def test_the_negative_constraint_forbids_only_undotted_pairs():
    """Kropki's negative: the dotted pair may be consecutive, every other neighbour pair may not
    (a 2x2 latin square, values 1..2: all its neighbours are consecutive)."""
    grid = Grid(2, boxes="none")
    assert count(define("n", grid=grid, rules=[Negative(("white",))])).count == 0
    dots = [Dot("white", p) for p in grid.neighbours(ORTHOGONAL)]
    assert count(define("n", grid=grid, rules=[*dots, Negative(("white", "black"))])).count == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[dot]]\nkind = "red"\ncells = ["r1c1", "r1c2"]\n',
         'dot[1].kind: unknown dot kind "red"; valid: white, black, x, v (line 7)'),
        ('[[dot]]\nkind = "x"\ncells = ["r1c1", "r1c2", "r1c3"]\n',
         "dot[1].cells: a dot sits between exactly two cells, got 3 (line 8)"),
        ('[[dot]]\nkind = "x"\ncells = ["r1c1", "r1c1"]\n', "dot[1]: a dot sits between two different cells (line 6)"),
        ('[[dot]]\ncells = ["r1c1", "r1c2"]\n', "dot[1].kind: required key is missing (line 6)"),
        ('[[dot]]\nkind = "white"\ncells = ["r1c1", "r3c3"]\n',
         "dot[1]: r1c1 and r3c3 are not neighbours (a dot sits on the edge between two cells side by side) (line 6)"),
        ('[[dot]]\nkind = "v"\ncells = ["r1c4", "r2c1"]\n',
         "dot[1]: r1c4 and r2c1 are not neighbours (a dot sits on the edge between two cells side by side) (line 6)"),
        ('[[negative]]\nkinds = []\n', "negative[1].kinds: needs at least one dot kind (line 7)"),
        ('[[negative]]\nkinds = ["x", "w"]\n',
         'negative[1].kinds[2]: unknown dot kind "w"; valid: white, black, x, v (line 7)'),
        ('[[negative]]\nkinds = ["x", "x"]\n', "negative[1]: a dot kind is listed twice (line 6)"),
    ],
)  # fmt: skip
def test_bad_dots_are_one_line(body, message):
    """A bad dot or negative constraint is one line naming the key and the line."""
    with pytest.raises(FileFormatError) as e:
        load_text('name = "k"\n\n[grid]\nsize = 4\n\n' + body, "f")
    assert str(e.value) == f"f: {message}"


def test_a_dot_without_a_grid_joins_any_two_cells():
    """Without a grid there is no edge to draw it on, and no neighbours to check: any two cells."""
    p = define("d", cells=3, values=[1, 2, 3], rules=[Dot("white", (0, 2))])
    assert p.rules == (Dot("white", (0, 2)),)


def test_negative_needs_a_grid():
    """Without a grid there are no neighbours to negate: refused by name."""
    with pytest.raises(ModelError, match=r"negative #1: the negative constraint needs a \[grid\]"):
        define("n", cells=2, values=[1, 2], rules=[Negative(("x",))])


def test_the_picture_is_drawn_from_the_rules():
    """The SVG draws each dot from its rule's kind and lists the negative constraint below."""
    svg = board_svg(load_text(NEW, "new"))
    assert svg.count('class="kropki white"') == 2 and svg.count('class="kropki black"') == 1
    assert svg.count('class="xv"') == 1
    assert (
        "negative constraint (white dot, black dot): neighbours without a white or black dot are neither "
        "consecutive nor one twice the other"
    ) in svg


def test_a_new_kind_of_dot_is_one_registry_line(monkeypatch):
    """A kind added to `KINDS` alone (here a difference of 3) is read from a file, written back,
    solved as brute force counts, negated, drawn on the text board and in the picture."""
    monkeypatch.setitem(
        KINDS, "three", DotKind("three", "gap", lambda a, b: abs(a - b) == 3, "3 apart", "3", "3 differ by 3",
                                ("circle", "#888888")),
    )  # fmt: skip
    pairs = [("r1c1", "r1c2"), ("r2c3", "r2c4"), ("r3c1", "r3c2"), ("r4c3", "r4c4")]
    dots = "".join(f'[[dot]]\nkind = "three"\ncells = ["{a}", "{b}"]\n\n' for a, b in pairs)
    p = load_text('name = "g"\n\n[grid]\nsize = 4\n\n' + dots + '[[negative]]\nkinds = ["three"]\n', "g")
    assert load_text(dump_toml(p), "again") == p
    assert count(p).count == brute_force(p) == 16
    assert "3 differ by 3" in draw(p, [str(v) for v in [1, 4, 2, 3, 2, 3, 1, 4, 4, 1, 3, 2, 3, 2, 4, 1]])
    assert 'class="gap three"' in board_svg(p)
