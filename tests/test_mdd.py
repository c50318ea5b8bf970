"""The decision-diagram sum (encoders/mdd.py, `--pb mdd`): exact, and arc consistent by unit propagation.

Random small equalities sum(coef * x) == total over one-hot integers are checked against brute
force: the CNF's models are exactly the solutions, and after ruling out random values, unit
propagation alone rules out exactly the values no remaining solution uses (a conflict exactly
when none is left).
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from pysat.solvers import Solver

import puzzlesat
from puzzlesat.catalog.builtin import build
from puzzlesat.encoders import mdd


def _instance(rng: random.Random):
    layers_n = rng.randint(1, 4)
    coefs = [rng.choice([-2, -1, 1, 1, 2, 3]) for _ in range(layers_n)]
    domains = [sorted(rng.sample(range(-2, 6), rng.randint(1, 5))) for _ in range(layers_n)]
    lo = sum(min(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
    hi = sum(max(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
    total = rng.randint(lo - 1, hi + 1)
    return coefs, domains, total


def _encode(coefs, domains, total):
    top = 0
    x: list[dict[int, int]] = []
    clauses: list[list[int]] = []
    for d in domains:
        lits = {v: top + 1 + i for i, v in enumerate(d)}
        top += len(d)
        x.append(lits)
        clauses.append(list(lits.values()))
        clauses += [[-a, -b] for a in lits.values() for b in lits.values() if a < b]
    counter = [top]

    def fresh() -> int:
        counter[0] += 1
        return counter[0]

    layers = [(c, {v: (lit,) for v, lit in lits.items()}) for c, lits in zip(coefs, x, strict=True)]
    mdd.encode(layers, total, fresh, clauses)
    return x, clauses


def _solutions(coefs, domains, total):
    return {t for t in product(*domains) if sum(c * v for c, v in zip(coefs, t, strict=True)) == total}


@pytest.mark.parametrize("seed", range(40))
def test_models_are_exactly_the_solutions(seed: int) -> None:
    coefs, domains, total = _instance(random.Random(seed))
    x, clauses = _encode(coefs, domains, total)
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        while s.solve():
            model = set(s.get_model())
            t = tuple(next(v for v, lit in lits.items() if lit in model) for lits in x)
            assert t not in found
            found.add(t)
            s.add_clause([-x[i][v] for i, v in enumerate(t)])
    assert found == _solutions(coefs, domains, total)


@pytest.mark.parametrize("seed", range(150))
def test_unit_propagation_is_arc_consistent(seed: int) -> None:
    rng = random.Random(1000 + seed)
    coefs, domains, total = _instance(rng)
    x, clauses = _encode(coefs, domains, total)
    removed = {(i, v) for i, d in enumerate(domains) for v in d if rng.random() < 0.3}
    left = [[v for v in d if (i, v) not in removed] for i, d in enumerate(domains)]
    solutions = _solutions(coefs, left, total)
    # Unit clauses get a guard literal, assumed first: else their consequences are fixed at level 0,
    # where `propagate` does not report them.
    guard = max(abs(lit) for c in clauses for lit in c) + 1
    clauses = [[*c, -guard] if len(c) == 1 else c for c in clauses]
    assumptions = [guard, *(-x[i][v] for i, v in sorted(removed))]
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        ok, implied = s.propagate(assumptions=assumptions)
        if not solutions:
            assert not ok
            return
        assert ok
        for i, d in enumerate(left):
            for v in d:
                supported = any(t[i] == v for t in solutions)
                assert (-x[i][v] in implied) == (not supported), (coefs, domains, total, removed, i, v)
                # and a decision on it fails at once exactly when it is unsupported
                assert s.propagate(assumptions=[*assumptions, x[i][v]])[0] == supported


@pytest.mark.parametrize("name", ["magic-star", "magic-square-18", "magic-frame"])
def test_catalog_classes_agree_with_the_default(name: str) -> None:
    """--pb mdd on one-hot, order and log finds exactly the default configuration's classes."""
    puzzle = build(name)
    want = [s.values for s in puzzlesat.solve(puzzle, all=True).solutions]
    for encoding in ("onehot", "order", "log"):
        got = puzzlesat.solve(puzzle, all=True, encoding=encoding, pb="mdd")
        assert [s.values for s in got.solutions] == want, encoding


def test_size_counts_the_edges() -> None:
    """x + y == 3 over 0..3: the edges are the four values of x, then one value of y from each sum."""
    layers = [(1, {v: (v + 1,) for v in range(4)}), (1, {v: (v + 5,) for v in range(4)})]
    assert mdd.size(layers, 3) == 8
    clauses: list[list[int]] = []
    counter = [8]

    def fresh() -> int:
        counter[0] += 1
        return counter[0]

    mdd.encode(layers, 3, fresh, clauses)
    assert counter[0] - 8 == 1 + 4 + 1 + 8  # nodes: root, four partial sums, the total; eight edges
