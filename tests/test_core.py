"""The constraint core, one kind at a time: every backend and encoding against brute force.

Hypothesis draws small random instances of one core kind (all-different groups; linear constraints
with every relation, weights of both signs, constants and unknowns; allowed and forbidden tables;
chains, which the order encoding says natively), closed under a random cell permutation, and every
backend x encoding must give brute force's raw and canonical solution lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import brute_force
from strategies import CORE_KINDS, RULE_KINDS, core_puzzles

import puzzlesat
from puzzlesat import encoders
from puzzlesat.encoders import intvars
from puzzlesat.encoders.pysat_names import PB_ENCODINGS
from puzzlesat.model.core import AllDifferent, Linear, Table
from puzzlesat.model.model import define
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.rules.table import TableRule
from puzzlesat.runtime.errors import ModelError
from puzzlesat.solvers import BACKENDS

CONFIGS = [(b, e) for b, info in sorted(BACKENDS.items()) if b != "external" for e in encoders.names(info.kind)]


# The driver picks between two encodings of `!=` and of allowed tables by size; "large" sets the
# limits to 0 so that the small random instances take the paths that large ones take.
PATHS = {"small": {}, "large": {"NOT_EQUAL_TABLE_LIMIT": 0, "TABLE_SELECTOR_LIMIT": 0}}


@contextmanager
def driver_limits(path: str) -> Iterator[None]:
    saved = {name: getattr(intvars, name) for name in PATHS[path]}
    for name, value in PATHS[path].items():
        setattr(intvars, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(intvars, name, value)


@pytest.mark.parametrize(
    ("kind", "path"),
    [(k, "small") for k in (*CORE_KINDS, *RULE_KINDS)] + [("linear", "large"), ("table", "large")],
)
@pytest.mark.parametrize(("backend", "encoding"), CONFIGS)
@settings(max_examples=15)
@given(data=st.data())
def test_core_kind_agrees_with_brute_force(kind, path, backend, encoding, data):
    """Raw and canonical solution lists equal brute force's, for each core kind."""
    puzzle = data.draw(core_puzzles(kind))
    truth = brute_force(puzzle)
    with driver_limits(path):
        raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend=backend, encoding=encoding)
        classes = puzzlesat.solve(puzzle, all=True, backend=backend, encoding=encoding)
    assert raw.complete and classes.complete
    assert [s.values for s in raw.solutions] == truth.raw
    assert [s.values for s in classes.solutions] == truth.canonical


def test_rules_lower_to_the_core():
    """Each rule of the registry lowers to the core constraints it promises."""
    p = define(
        "lower",
        cells=["a", "b", "c"],
        values=range(1, 4),
        distinct=[["a", "b"]],
        rules=[
            Less(("a", "b", "c")),
            Sum(("a", "c"), 3, "!=", (2, -1)),
            TableRule(("b", "c"), ((2, 3), (1, 2)), False),
        ],
    )
    assert p.core == (  # the rules in the registry's order (dots first, then sum, less, cage, table)
        AllDifferent((0, 1)),
        Linear((0, 2), (2, -1), "!=", 3),
        Linear((0, 1), (1, -1), "<", 0),
        Linear((1, 2), (1, -1), "<", 0),
        Table((1, 2), ((1, 2), (2, 3)), False),
    )
    assert [r.describe(p.cells) for r in p.rules] == ["2*a - c != 3", "a < b < c", "(b, c) not in {(1, 2), (2, 3)}"]


def test_an_unknown_must_be_some_sums_value():
    """An unknown only compared (never equal to a sum) leaves solutions undetermined: refused."""
    with pytest.raises(ModelError, match=r"unknowns\.N: only compared, never equal to a sum"):
        define("cmp", cells=2, values=[1, 2], rules=[Sum((0, 1), "N", "<=")], unknowns={"N": _spec()})


def test_an_undeclared_unknown_must_be_a_name():
    """`equals = "<3"` is a typo, not an unknown called "<3"."""
    with pytest.raises(ModelError) as e:
        define("typo", cells=2, values=[1, 2], sums=[([0, 1], "<3")])
    assert str(e.value) == (
        "sum #1: '<3' is neither an integer nor an unknown's name (declare it under [unknowns], "
        "or use a name of letters, digits and _)"
    )


def test_symmetry_is_checked_on_tables_and_relations():
    """A swap that maps a table or an inequality onto a different one is not a symmetry."""
    with pytest.raises(ModelError) as e:
        define("t", cells=2, values=[1, 2], distinct="none", rules=[TableRule((0, 1), ((1, 2),))], generators=[[1, 0]])
    assert "table #1 ((0, 1) in {(1, 2)}) maps onto cells that carry no such constraint" in str(e.value)
    with pytest.raises(ModelError) as e:
        define("l", cells=2, values=[1, 2], rules=[Less((0, 1))], generators=[[1, 0]])
    assert "less #1 (0 - 1 < 0) maps onto cells that carry no such sum" in str(e.value)
    ok = define("s", cells=2, values=[1, 2, 3], distinct="none", rules=[Sum((0, 1), 3, "!=")], generators=[[1, 0]])
    assert ok.group.order == 2


def _spec():
    from puzzlesat.model.model import UnknownSpec

    return UnknownSpec(min=0, max=5)


@pytest.mark.parametrize("pb", sorted(PB_ENCODINGS))
def test_not_equal_on_large_domains_under_every_pb_encoding(pb):
    """A `!=` over domains too large for a forbidden table uses two conditional PB constraints;
    every PB encoding, native included (which carries no condition), keeps exactly the right values."""
    p = define(
        "ne",
        cells=4,
        values=range(1, 10),
        givens={0: 1, 1: 2, 2: 3},
        rules=[Sum((0, 1, 2, 3), 10, "!=")],
    )
    out = puzzlesat.solve(p, all=True, modulo_symmetry=False, encoding="onehot", pb=pb)
    assert [s.values[3] for s in out.solutions] == [5, 6, 7, 8, 9]
