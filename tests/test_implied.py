"""Implied sums (src/puzzlesat/model/implied.py): sound on every solution, and exactly the minimal short sets
whose sum the equalities fix, against an independent rank test; and what they do to encodings."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations, product

from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.model.check import violations
from puzzlesat.model.core import AllDifferent, Linear
from puzzlesat.model.implied import implied_sums
from puzzlesat.model.model import define


def rank(rows: list[list[Fraction]]) -> int:
    """Gaussian elimination, written again here so the oracle shares no code with the module."""
    rows = [r[:] for r in rows]
    r = 0
    for col in range(len(rows[0]) if rows else 0):
        pivot = next((i for i in range(r, len(rows)) if rows[i][col] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        for i in range(r + 1, len(rows)):
            f = rows[i][col] / rows[r][col]
            rows[i] = [a - f * b for a, b in zip(rows[i], rows[r], strict=True)]
        r += 1
    return r


def expected_sets(puzzle, max_cells=4) -> set[frozenset[int]]:
    """Minimal sets of 2..max_cells free cells whose indicator is in the equalities' row space,
    other than the sets a constraint already sums."""
    given_cells = dict(puzzle.givens)
    free = [c for c in range(puzzle.size) if c not in given_cells]
    rows, stated = [], set()
    for con in puzzle.core:
        if isinstance(con, Linear) and con.op == "=" and not isinstance(con.rhs, str):
            terms = {c: w for c, w in zip(con.cells, con.weights, strict=True) if c not in given_cells}
        elif isinstance(con, AllDifferent) and len(set().union(*(puzzle.domains[c] for c in con.cells))) == len(
            con.cells
        ):
            terms = {c: 1 for c in con.cells if c not in given_cells}
        else:
            continue
        if terms and all(w == 1 for w in terms.values()):
            stated.add(frozenset(terms))
        rows.append([Fraction(terms.get(c, 0)) for c in free])
    if not rows:
        return set()
    base = rank(rows)
    fixed = [
        frozenset(s)
        for k in range(2, max_cells + 1)
        for s in combinations(free, k)
        if rank(rows + [[Fraction(1 if c in s else 0) for c in free]]) == base
    ]
    minimal = {s for s in fixed if not any(t < s for t in fixed)}
    return minimal - stated


@st.composite
def summed_puzzles(draw):
    """A few cells, a hidden assignment, and overlapping sums that it satisfies (so there are
    solutions), sometimes all-different and sometimes a given."""
    n = draw(st.integers(3, 7))
    permutation = draw(st.booleans())  # brute force stays small: 7! or at most 3^7 assignments
    values = list(range(1, n + 1)) if permutation else list(range(1, draw(st.integers(2, 3)) + 1))
    distinct = "all" if permutation else "none"
    hidden = draw(st.permutations(values)) if distinct == "all" else [draw(st.sampled_from(values)) for _ in range(n)]
    subsets = st.sets(st.integers(0, n - 1), min_size=2, max_size=n)
    sets = draw(st.lists(subsets, min_size=1, max_size=5, unique_by=frozenset))
    sums = [(sorted(s), sum(hidden[c] for c in s)) for s in sets]
    givens = {0: hidden[0]} if draw(st.booleans()) else None
    return define("random-sums", cells=n, values=values, distinct=distinct, sums=sums, givens=givens)


@settings(max_examples=150, deadline=None)
@given(summed_puzzles())
def test_implied_sums_hold_and_are_exactly_the_minimal_fixed_sets(puzzle):
    found = implied_sums(puzzle)
    assert {frozenset(c.cells) for c in found} == expected_sets(puzzle)
    values = puzzle.domains[0]
    whole = any(isinstance(c, AllDifferent) and len(c.cells) == puzzle.size for c in puzzle.core)
    space = permutations(values) if whole else product(values, repeat=puzzle.size)
    solutions = [v for v in space if not violations(puzzle, v)]
    assert solutions  # the hidden assignment is one
    for con in found:
        assert all(con.holds(values, {}) for values in solutions), con


def test_magic_squares_and_stars():
    """The 3x3's opposite pairs (10 each), the 4x4's corners, centre and middle pairs (34 each),
    the 6-point star's three rhombi (26 each); none for the 7-point star and the 5x5."""

    def sums(name, **params):
        return [(c.cells, c.rhs) for c in implied_sums(puzzlesat.load(name, params=params))]

    assert sums("magic-square") == [((0, 8), 10), ((1, 7), 10), ((2, 6), 10), ((3, 5), 10)]
    assert sums("magic-square", order="4") == [
        ((0, 3, 12, 15), 34), ((1, 2, 13, 14), 34), ((4, 7, 8, 11), 34), ((5, 6, 9, 10), 34)
    ]  # fmt: skip
    assert sums("magic-star") == [((0, 5, 6, 11), 26), ((1, 3, 8, 10), 26), ((2, 4, 7, 9), 26)]
    assert sums("magic-star", points="7") == [] and sums("magic-square", order="5") == []


def test_the_unary_encoding_takes_them_and_finds_the_same_classes():
    """Added where sums are unary adders (order and one-hot by default): fewer conflicts, the same
    880 classes as log + totalizer, which does not take them."""
    square = puzzlesat.load("magic-square", params={"order": "4"})
    unary = puzzlesat.solve(square, all=True, encoding="order")
    log = puzzlesat.solve(square, all=True, encoding="log")
    assert unary.count == log.count == 880
    assert [s.values for s in unary.solutions] == [s.values for s in log.solutions]
    assert unary.stats["conflicts"] < 20_000 < 25_000 < log.stats["conflicts"]
