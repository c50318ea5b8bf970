"""The unary adders (encoders/unary.py, `--pb unary`): exact, and bounds consistent by unit propagation.

Random small equalities sum(coef * x) == total over order-encoded integers (with holes in the
domains, negative coefficients, empty and one-value domains) are checked against brute force: the
CNF's models are exactly the solutions; after tightening random bounds, unit propagation alone
moves every bound to the least and greatest value some remaining solution uses (a conflict exactly
when none is left); and over one-hot integers (order literals channelled) the models are again
exactly the solutions.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from pysat.solvers import Solver

import puzzlesat
from puzzlesat.catalog.builtin import build
from puzzlesat.encoders import own_sums, unary
from puzzlesat.model import implied


def _instance(rng: random.Random):
    n = rng.randint(1, 5)
    coefs = [rng.choice([-3, -2, -1, 1, 1, 2, 3]) for _ in range(n)]
    domains = [sorted(rng.sample(range(-3, 7), rng.randint(1, 5))) for _ in range(n)]
    lo = sum(min(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
    hi = sum(max(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
    return coefs, domains, rng.randint(lo - 1, hi + 1)


class _Pool:
    def __init__(self) -> None:
        self.top = 0

    def __call__(self) -> int:
        self.top += 1
        return self.top


def _order(coefs, domains, total):
    """Order literals ge[i][v] ("x_i >= v", chained) and the clauses of the equality."""
    fresh, clauses = _Pool(), []
    ge = []
    for d in domains:
        lits = {v: fresh() for v in d[1:]}
        clauses += [[-lits[b], lits[a]] for a, b in zip(d[1:], d[2:], strict=False)]
        ge.append(lits)
    leaves = [unary.scaled(c, d, g) for c, d, g in zip(coefs, domains, ge, strict=True)]
    unary.encode(leaves, total, fresh, clauses)
    return ge, clauses


def _value(d, lits, model) -> int:
    return max([d[0], *(v for v, lit in lits.items() if lit in model)])


def _solutions(coefs, domains, total):
    return {t for t in product(*domains) if sum(c * v for c, v in zip(coefs, t, strict=True)) == total}


def _models(clauses, read):
    found = []
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        while s.solve():
            model = set(s.get_model())
            t, block = read(model)
            found.append(t)
            s.add_clause(block)
    return found


@pytest.mark.parametrize("seed", range(150))
def test_models_are_exactly_the_solutions(seed: int) -> None:
    coefs, domains, total = _instance(random.Random(seed))
    ge, clauses = _order(coefs, domains, total)

    def read(model):
        t = tuple(_value(d, g, model) for d, g in zip(domains, ge, strict=True))
        block = [lit if lit not in model else -lit for g in ge for lit in g.values()]
        return t, block

    found = _models(clauses, read)
    assert len(found) == len(set(found))
    assert set(found) == _solutions(coefs, domains, total)


@pytest.mark.parametrize("seed", range(200))
def test_unit_propagation_is_bounds_consistent(seed: int) -> None:
    """Exactly the supported bounds where the sums leave no holes (coefficients +-1, domains that
    are intervals: the classic result for order encodings); never a supported value lost otherwise."""
    rng = random.Random(5000 + seed)
    coefs, domains, total = _instance(rng)
    exact = seed % 2 == 0
    if exact:
        coefs = [1 if c > 0 else -1 for c in coefs]
        domains = [list(range(d[0], d[0] + len(d))) for d in domains]
        lo = sum(min(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
        hi = sum(max(c * v for v in d) for c, d in zip(coefs, domains, strict=True))
        total = rng.randint(lo - 1, hi + 1)
    ge, clauses = _order(coefs, domains, total)
    # Random bounds: lo_i <= x_i <= hi_i, as assumptions on the order literals.
    bounds = []
    for d in domains:
        a, b = sorted(rng.choices(range(len(d)), k=2))
        bounds.append((d[a], d[b]))
    assumptions = []
    for d, g, (lo, hi) in zip(domains, ge, bounds, strict=True):
        assumptions += [g[v] for v in d[1:] if v <= lo] + [-g[v] for v in d[1:] if v > hi]
    left = [[v for v in d if lo <= v <= hi] for d, (lo, hi) in zip(domains, bounds, strict=True)]
    solutions = _solutions(coefs, left, total)
    guard = _Pool()
    guard.top = max([abs(lit) for c in clauses for lit in c] + [abs(a) for a in assumptions] + [0])
    g0 = guard()
    clauses = [[*c, -g0] if len(c) <= 1 else c for c in clauses]  # units (and []) behind a guard
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        ok, implied = s.propagate(assumptions=[g0, *assumptions])
        if not solutions:
            assert not ok, (coefs, domains, total, bounds)
            return
        assert ok, (coefs, domains, total, bounds)
        implied = set(implied)
        for i, (d, g) in enumerate(zip(domains, ge, strict=True)):
            used = sorted({t[i] for t in solutions})
            low = max([d[0], *(v for v in d[1:] if g[v] in implied)])
            high = min([d[-1], *(prev for prev, v in zip(d, d[1:], strict=False) if -g[v] in implied)])
            if exact:
                assert (low, high) == (used[0], used[-1]), (coefs, domains, total, bounds, i)
            else:
                assert low <= used[0] and high >= used[-1], (coefs, domains, total, bounds, i)


@pytest.mark.parametrize("seed", range(40))
def test_channelled_one_hot_models_are_the_solutions(seed: int) -> None:
    coefs, domains, total = _instance(random.Random(9000 + seed))
    fresh, clauses = _Pool(), []
    x = []
    for d in domains:
        lits = {v: fresh() for v in d}
        clauses.append(list(lits.values()))
        clauses += [[-a, -b] for a in lits.values() for b in lits.values() if a < b]
        x.append(lits)
    leaves = [
        unary.scaled(c, d, unary.channel(d, {v: (lit,) for v, lit in lits.items()}, fresh, clauses))
        for c, d, lits in zip(coefs, domains, x, strict=True)
    ]
    unary.encode(leaves, total, fresh, clauses)

    def read(model):
        t = tuple(next(v for v, lit in lits.items() if lit in model) for lits in x)
        return t, [-x[i][v] for i, v in enumerate(t)]

    found = _models(clauses, read)
    assert sorted(found) == sorted(_solutions(coefs, domains, total))


@pytest.mark.parametrize("seed", range(30))
def test_size_bounds_the_clauses(seed: int) -> None:
    """`size` never says fewer clauses than `encode` writes (the default choice leans on it)."""
    coefs, domains, total = _instance(random.Random(700 + seed))
    _, clauses = _order(coefs, domains, total)
    chains = sum(max(0, len(d) - 2) for d in domains)
    assert len(clauses) - chains <= unary.size(list(zip(coefs, domains, strict=True)), total)


@pytest.mark.parametrize("name", ["magic-star", "magic-square-18", "magic-frame", "magic-triangle-free"])
def test_catalog_classes_agree_with_log_and_totalizer(name: str) -> None:
    """--pb unary on one-hot, order and log finds exactly the classes of log with the totalizer."""
    puzzle = build(name)
    want = [s.values for s in puzzlesat.solve(puzzle, all=True, encoding="log", pb="totalizer").solutions]
    for encoding in ("onehot", "order", "log"):
        got = puzzlesat.solve(puzzle, all=True, encoding=encoding, pb="unary")
        assert [s.values for s in got.solutions] == want, encoding


def test_a_wide_sum_goes_to_the_totalizer(monkeypatch) -> None:
    """Past UNARY_LIMIT clauses the equality is left to PySAT's stand-in, with the same solutions."""
    puzzle = build("magic-star")
    want = [s.values for s in puzzlesat.solve(puzzle, all=True, encoding="order", pb="totalizer").solutions]
    sizes = puzzlesat.solve(puzzle, all=True, encoding="order", pb="unary").stats["clauses"]
    monkeypatch.setattr(own_sums, "UNARY_LIMIT", 0)
    monkeypatch.setattr(implied, "MAX_FREE", 0)  # no implied sums either: plain totalizer's formula
    wide = puzzlesat.solve(puzzle, all=True, encoding="order", pb="unary")
    assert [s.values for s in wide.solutions] == want
    plain = puzzlesat.solve(puzzle, all=True, encoding="order", pb="totalizer")
    assert wide.stats["clauses"] == plain.stats["clauses"] != sizes


def test_x_plus_y_is_three() -> None:
    """x + y == 3 over 0..3: the root is binary clauses between the halves, no node variable."""
    ge_x = {1: 1, 2: 2, 3: 3}
    ge_y = {1: 4, 2: 5, 3: 6}
    fresh = _Pool()
    fresh.top = 6
    clauses: list[list[int]] = []
    unary.encode([unary.scaled(1, range(4), ge_x), unary.scaled(1, range(4), ge_y)], 3, fresh, clauses)
    assert fresh.top == 6
    # x >= a forbids y >= 4 - a; x <= a (not x >= a + 1) needs y >= 3 - a. Without holes, y's side
    # says the same clauses again, and each is written once.
    assert sorted(map(sorted, clauses)) == [[-6, -1], [-5, -2], [-4, -3], [1, 6], [2, 5], [3, 4]]


def test_a_cell_in_two_sums_is_channelled_once(monkeypatch):
    """One-hot cells get their order literals once, however many lines they are in (each star
    cell is in two), and the classes stay those of log with the totalizer."""
    calls = []
    real = unary.channel

    def counting(values, equals, fresh, clauses):
        calls.append(tuple(values))
        return real(values, equals, fresh, clauses)

    monkeypatch.setattr(unary, "channel", counting)
    puzzle = build("magic-star")
    got = puzzlesat.solve(puzzle, all=True, encoding="onehot", pb="unary")
    in_sums = {c for con in puzzle.sums for c in con.cells}
    assert len(calls) == len(in_sums) == 12
    want = puzzlesat.solve(puzzle, all=True, encoding="log", pb="totalizer")
    assert [s.values for s in got.solutions] == [s.values for s in want.solutions]
