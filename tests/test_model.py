"""The model validates itself: every invalid construction is one ModelError naming the field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import small_puzzles

import puzzlesat
from puzzlesat.formats.toml.files import dump_toml
from puzzlesat.model.check import verify, violations
from puzzlesat.model.group import Group, image
from puzzlesat.model.model import UnknownSpec, define
from puzzlesat.runtime.errors import CheckError, ModelError

SQUARE_ROT = (2, 5, 8, 1, 4, 7, 0, 3, 6)
SQUARE_REF = (2, 1, 0, 5, 4, 3, 8, 7, 6)
BLOCKS = [([0, 1, 3, 4], "N"), ([1, 2, 4, 5], "N"), ([3, 4, 6, 7], "N"), ([4, 5, 7, 8], "N")]


def blocks(**kw):
    args = {"cells": 9, "values": range(1, 10), "sums": BLOCKS, "generators": [SQUARE_ROT, SQUARE_REF]}
    args.update(kw)
    return define("blocks", **args)


def error(**kw) -> str:
    with pytest.raises(ModelError) as e:
        blocks(**kw)
    return str(e.value)


def test_valid_model_has_square_group_and_resolved_unknown():
    """The four 2x2 blocks with the square's generators give a group of order 8 and N's range."""
    p = blocks()
    assert p.group.order == 8
    assert p.unknowns[0].name == "N"
    assert p.unknowns[0].domain == tuple(range(10, 31))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cells": 0}, "cells: a puzzle needs at least one cell"),
        ({"values": []}, "values: the domain is empty"),
        ({"values": [1, 1, 2]}, "values: a value is listed twice"),
        ({"values": {"min": 3, "max": 1}}, "values: the domain is empty"),
        ({"values": "1..9"}, "values: expected a list of integers or {min, max}"),
        ({"sums": [([0, 9], 10)], "generators": []}, "sum #1: cell index 9 is outside 0..8"),
        ({"sums": [([0, 0], 10)], "generators": []}, "sum #1: cell 0 appears twice"),
        ({"sums": [([0, "x"], 10)], "generators": []}, "sum #1: 'x' is not a cell of the puzzle"),
        ({"distinct": [[0, 1], [1, 1]]}, "distinct group #2: a cell appears twice"),
        ({"distinct": "some"}, "distinct: expected \"all\" or a list of groups, got 'some'"),
        ({"unknowns": {"M": UnknownSpec()}}, "unknowns.M: not used by any sum"),
        (
            {"unknowns": {"N": UnknownSpec(min=31, max=30)}},
            "unknowns.N: no value is allowed (its values, min, max and prime leave none)",
        ),
        ({"givens": {0: 10}}, "givens: cell 0 = 10 is outside its domain 1..9"),
        ({"givens": {0: 5, 8: 5}}, "givens: cells 0 and 8 both hold 5 but are in distinct group #1"),
        ({"generators": [[0, 1, 2]]}, "symmetry.generators #1: has 3 entries for 9 cells"),
        (
            {"generators": [[0, 0, 1, 2, 3, 4, 5, 6, 7]]},
            "symmetry.generators #1: is not a permutation of the cell indices 0..8",
        ),
        (
            {"generators": [[1, 0, 2, 3, 4, 5, 6, 7, 8]]},
            "symmetry.generators #1 is not a symmetry of the puzzle: sum #2 (1 + 2 + 4 + 5 = N) maps onto "
            "cells that carry no such sum",
        ),
        (
            {"givens": {0: 1}},
            "symmetry.generators #1 is not a symmetry of the puzzle: given 0 = 1 maps to cell 2, which is not given",
        ),
        (
            {"domains": {0: [1, 2]}},
            "symmetry.generators #1 is not a symmetry of the puzzle: cell 0 and its image 2 have different domains",
        ),
        ({"layout": "{0} {1}"}, "layout: cell 2 has no placeholder"),
        ({"layout": "{0!r}"}, "layout: placeholder {0!r} is not of the form {i}, {i:>w} or {name} (a cell's name)"),
        ({"layout": "{x}"}, "layout: placeholder {x} is not of the form {i}, {i:>w} or {name} (a cell's name)"),
    ],
)
def test_invalid_models_name_the_field(kwargs, message):
    """Each kind of bad model raises ModelError with exactly this one-line message."""
    assert error(**kwargs) == message


def test_symmetry_may_rename_unknowns_consistently():
    """Swapping two independent sums with different unknowns is a symmetry; merging them is not."""
    p = define("two", cells=4, values=range(1, 5), sums=[([0, 1], "A"), ([2, 3], "B")], generators=[[2, 3, 0, 1]])
    assert p.group.order == 2
    with pytest.raises(ModelError, match="whose domain differs"):
        define(
            "two",
            cells=4,
            values=range(1, 5),
            sums=[([0, 1], "A"), ([2, 3], "B")],
            unknowns={"A": UnknownSpec(max=4)},
            generators=[[2, 3, 0, 1]],
        )


def test_prime_unknown_domain():
    """A prime unknown keeps only the primes its sums can reach."""
    p = define("pr", cells=2, values=range(1, 6), sums=[([0, 1], "N")], unknowns={"N": UnknownSpec(prime=True)})
    assert p.unknowns[0].domain == (3, 5, 7)


def test_checker_reports_each_broken_rule():
    """The plain-Python checker names the broken sum and the clash in a distinct group."""
    p = blocks()
    assert violations(p, [1, 8, 3, 6, 5, 4, 7, 2, 9]) == []
    assert violations(p, [1, 1, 3, 6, 5, 4, 7, 2, 9])[0] == "distinct group 1: cells 0 and 1 both hold 1"
    with pytest.raises(CheckError, match=r"breaks: sum N of 1, 2, 4, 5 \(1 \+ 2 \+ 4 \+ 5 = N\) is 16, another is 12"):
        verify(p, [1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert violations(p, [1, 8, 3, 6, 5, 4, 7, 2, 9], {"N": 21}) == ["unknown N reported as 21, the sums give 20"]


@given(small_puzzles(), st.data())
def test_canonical_form_is_idempotent_and_group_invariant(puzzle, data):
    """canonical(canonical(s)) == canonical(s) == canonical(g(s)) for every g, on any assignment."""
    values = tuple(data.draw(st.sampled_from(d)) for d in puzzle.domains)
    group = puzzle.group
    c = group.canonical(values)
    assert group.canonical(c) == c
    assert all(group.canonical(image(values, p)) == c for p in group.permutations)
    assert c == min(group.orbit(values))


@given(st.permutations(range(7)), st.permutations(range(7)))
def test_group_closure_is_closed(p, q):
    """The generated group contains the identity and every composition of its elements."""
    g = Group.generate(7, [tuple(p), tuple(q)])
    elements = set(g.permutations)
    assert g.elements[0] == (tuple(range(7)), None)
    assert all(tuple(b[x] for x in a) in elements for a in g.permutations for b in g.permutations[:10])
    assert len(g.elements) == len(elements) == len(g.permutations)


@pytest.mark.parametrize(
    ("spec", "kept"),
    [(UnknownSpec(values=(4, 9)), 4), (UnknownSpec(min=31), 31), (UnknownSpec(prime=True, min=8), 11)],
    ids=["values", "min", "prime"],
)
def test_an_unknown_its_sums_cannot_reach_means_no_solution(cli, tmp_path, spec, kept):
    """Two cells over 1..2 sum to N = 3, so N in {4, 9}, N >= 31 or a prime >= 8 is never reached:
    the puzzle loads (N keeps its nearest allowed value) and has no solution, on every encoding;
    check says none, exit 20 (it was refused at load, exit 2)."""
    p = define("unreached", cells=2, values=[1, 2], sums=[([0, 1], "N")], unknowns={"N": spec})
    assert [u.domain for u in p.unknowns] == [(kept,)]
    for encoding in ("z3-int", "z3-pb", "onehot", "order", "log"):
        outcome = puzzlesat.solve(p, all=True, encoding=encoding)
        assert outcome.complete and outcome.solutions == [], encoding
    path = tmp_path / "unreached.toml"
    path.write_text(dump_toml(p))
    result = cli("check", str(path))
    assert result.code == 20 and result.out.startswith("none: the puzzle has no solution"), result.err
