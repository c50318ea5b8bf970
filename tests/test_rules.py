"""Each rule lowers to core constraints that mean exactly the rule: checked on every assignment.

The checker and every encoder read the core, so a wrong lowering would pass them all; here each
rule's own reading (`holds`, written from its definition) is compared with its lowering on every
assignment of random small instances, and the grid's geometry is checked by counting.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.model.grid import KING, KNIGHT, ORTHOGONAL, Grid
from puzzlesat.model.model import define
from puzzlesat.model.rules.cage import OPERATIONS, Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.rules.table import TableRule
from puzzlesat.runtime.errors import ModelError

RELATIONS = ("=", "!=", "<", "<=", ">", ">=")


@st.composite
def rules(draw: st.DrawFn):
    """A random rule over cells 0..k-1, and the domains of those cells."""
    k = draw(st.integers(1, 4))
    low = draw(st.sampled_from([1, -2]))  # puzzles' 1..n, and domains with zero and negatives
    domains = [tuple(sorted(draw(st.sets(st.integers(low, 7), min_size=1, max_size=5)))) for _ in range(k)]
    cells = tuple(range(k))
    witness = [draw(st.sampled_from(d)) for d in domains]  # targets mostly reachable, so cases bite
    kind = draw(st.sampled_from(["cage", "less", "sum", "table"]))
    if kind == "cage":
        op = draw(st.sampled_from(OPERATIONS if k == 2 else ("sum", "product")))
        lo, hi = sorted(witness) if k == 2 else (0, 0)
        reached = {
            "sum": sum(witness),
            "product": math.prod(witness),
            "difference": hi - lo,
            "quotient": hi // lo if lo else 0,
        }[op]
        target = reached if draw(st.integers(0, 4)) else draw(st.integers(-4, 30))
        return Cage(cells, op, target, draw(st.booleans())), domains
    if kind == "less":
        return Less(cells if k > 1 else (0, 0)), domains
    if kind == "sum":
        weights = tuple(draw(st.lists(st.integers(-3, 3), min_size=k, max_size=k)))
        reached = sum(w * v for w, v in zip(weights, witness, strict=True))
        rhs = reached + draw(st.integers(-1, 1)) if draw(st.integers(0, 4)) else draw(st.integers(-10, 20))
        return Sum(cells, rhs, draw(st.sampled_from(RELATIONS)), weights), domains
    rows = draw(st.lists(st.tuples(*[st.sampled_from(d) for d in domains]), max_size=5))
    return TableRule(cells, tuple(sorted(set(rows))), draw(st.booleans())), domains


@settings(max_examples=600)
@given(rules())
def test_lowering_means_the_rule(case):
    """On every assignment of the rule's cells, the lowered core holds exactly when the rule does."""
    rule, domains = case
    if isinstance(rule, Less) and len(set(rule.cells)) < 2:
        return
    try:
        resolved = rule.resolved(lambda ref, where: ref, "rule")
    except ModelError:
        return  # a rule the model refuses (a one-cell chain); its messages are tested elsewhere
    try:
        lowered = resolved.lower(domains)
    except ModelError:  # refused when no assignment can satisfy it (a cage no values reach)
        assert not any(resolved.holds(values, {}) for values in itertools.product(*domains))
        return
    for values in itertools.product(*domains):
        assert resolved.holds(values, {}) == all(c.holds(values, {}) for c in lowered), values


@pytest.mark.parametrize(
    ("offsets", "pairs"),
    [(KNIGHT, 224), (KING, 272), (ORTHOGONAL, 144)],
)
def test_neighbour_counts_on_a_9x9_grid(offsets, pairs):
    """Knight moves, king moves and orthogonal neighbours of a 9x9 grid, counted by hand."""
    assert len(Grid(9).neighbours(offsets)) == pairs


@pytest.mark.parametrize(
    ("kind", "holds"),
    [
        ("white", lambda a, b: abs(a - b) == 1),
        ("black", lambda a, b: a == 2 * b or b == 2 * a),
        ("x", lambda a, b: a + b == 10),
        ("v", lambda a, b: a + b == 5),
    ],
)
def test_dots_mean_what_setters_mean(kind, holds):
    """A kropki or XV dot holds on exactly the pairs its rule allows."""
    domains = [tuple(range(1, 10))] * 2
    (con,) = Dot(kind, (0, 1)).lower(domains)
    assert [(a, b) for a in range(1, 10) for b in range(1, 10) if con.holds((a, b), {})] == [
        (a, b) for a in range(1, 10) for b in range(1, 10) if holds(a, b)
    ]


def test_grid_houses_and_messages_in_words():
    """A clash names the house as a solver would: row, column, box."""
    from puzzlesat.model.check import violations

    p = define("g", grid=Grid(4), givens="1...............")
    bad = [1, 1, 2, 3] + [0] * 12
    assert violations(p, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]) == []
    assert "row 1: cells r1c1 and r1c2 both hold 1" in violations(p, [v or 1 for v in bad])
    with pytest.raises(ModelError, match="givens: cells r1c1 and r1c2 both hold 1 but are in row 1"):
        define("g", grid=Grid(4), givens="11..............")
    labels = [label for label, _ in Grid(9, diagonals=True, windows=True).houses]
    assert labels[-6:] == ["diagonal r1c1-r9c9", "diagonal r1c9-r9c1", "window 1", "window 2", "window 3", "window 4"]
