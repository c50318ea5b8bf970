"""Implied sums: short sums of cells that the puzzle's equalities fix without saying so.

Why: a CDCL solver learns a consequence of several lines only by failing on it, again in every
part of the search. The 4x4 magic square's rows, columns and diagonals fix the corners, the
centre and the middles of opposite edges at 34 each; given to the encoder as sums of their own,
they take the enumeration of its 880 classes from 25k conflicts to 15k
(docs/decisions/encodings-and-defaults.md, "Implied sums"). Gecode's bounds propagation does not
find them either.

How: the equalities (linear constraints with `=` and a number on the right, and every
AllDifferent group that is a permutation of its values, whose sum is then known) form a system
A x = b over the cells that are not given. A set S of cells has a known sum exactly when its
indicator vector lies in A's row space, i.e. is orthogonal to A's kernel: with each cell's
"signature" its column of the kernel basis, the signatures of S add up to zero. Sets of up to
four cells are found by hashing signatures and sums of pairs (meet in the middle), and each sum
is read off the reduced system. Exact arithmetic throughout: fractions, and kernel vectors
scaled to integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import lcm

from puzzlesat.model.core import AllDifferent, Linear
from puzzlesat.model.model import Puzzle

# At most this many cells in an implied sum: longer ones propagate little and are many.
MAX_CELLS = 4
# Puzzles with more free cells are not searched: pairs grow as the square of the cells, and a
# killer sudoku's 81 cells took 0.16 s (twice its whole solve), a kakuro's 55 cells 32 ms for none.
MAX_FREE = 36

Row = list[Fraction]


def implied_sums(puzzle: Puzzle, max_cells: int = MAX_CELLS) -> tuple[Linear, ...]:
    """Equalities `sum(cells) = total` over 2..max_cells cells that every solution satisfies and
    that the puzzle does not state, sorted; given cells count as constants."""
    if not any(isinstance(c, Linear) and c.op == "=" and not isinstance(c.rhs, str) for c in puzzle.core):
        return ()  # permutations alone only add up to whole groups
    given = dict(puzzle.givens)
    free = [c for c in range(puzzle.size) if c not in given]
    if len(free) > MAX_FREE:
        return ()
    column = {c: k for k, c in enumerate(free)}
    rows, stated = _equalities(puzzle, given, column)
    reduced, pivots = _rref(rows, len(free))
    signature = _signatures(reduced, pivots, len(free))
    found = _zero_sums(signature, max_cells)
    out = []
    for subset in sorted(found, key=lambda s: (len(s), s)):
        cells = tuple(free[k] for k in subset)
        if frozenset(cells) in stated:
            continue
        total = sum(row[-1] for row, p in zip(reduced, pivots, strict=True) if p in subset)
        if total.denominator != 1:  # cannot happen for a consistent system over integers; be safe
            continue
        out.append(Linear(cells, (1,) * len(cells), "=", int(total)))
    return tuple(out)


def _equalities(puzzle: Puzzle, given: dict[int, int], column: dict[int, int]) -> tuple[list[Row], set[frozenset[int]]]:
    """The rows [coefficients of the free cells..., right side] and the cell sets already summed."""
    n = len(column)
    rows: list[Row] = []
    stated: set[frozenset[int]] = set()
    for con in puzzle.core:
        if isinstance(con, Linear):
            if con.op != "=" or isinstance(con.rhs, str):
                continue
            terms = list(zip(con.cells, con.weights, strict=True))
            rhs = con.rhs - sum(w * given[c] for c, w in terms if c in given)
            terms = [(c, w) for c, w in terms if c not in given]
        elif isinstance(con, AllDifferent):
            values = set().union(*(puzzle.domains[c] for c in con.cells))
            if len(values) != len(con.cells):
                continue
            terms = [(c, 1) for c in con.cells if c not in given]
            rhs = sum(values) - sum(given[c] for c in con.cells if c in given)
        else:
            continue
        if not terms:
            continue
        if all(w == 1 for _, w in terms):
            stated.add(frozenset(c for c, _ in terms))
        row: Row = [Fraction(0)] * (n + 1)
        for c, w in terms:
            row[column[c]] += w
        row[n] = Fraction(rhs)
        rows.append(row)
    return rows, stated


def _rref(rows: list[Row], n: int) -> tuple[list[Row], list[int]]:
    """Reduced row echelon form of the augmented rows (over the first n columns), and its pivots."""
    rows = [r[:] for r in rows]
    pivots: list[int] = []
    top = 0
    for col in range(n):
        pick = next((i for i in range(top, len(rows)) if rows[i][col] != 0), None)
        if pick is None:
            continue
        rows[top], rows[pick] = rows[pick], rows[top]
        lead = rows[top][col]
        rows[top] = [x / lead for x in rows[top]]
        for i in range(len(rows)):
            if i != top and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[top], strict=True)]
        pivots.append(col)
        top += 1
        if top == len(rows):
            break
    return rows[:top], pivots


def _signatures(reduced: list[Row], pivots: list[int], n: int) -> list[tuple[int, ...]]:
    """Each column's entries in a basis of the kernel (one basis vector per non-pivot column),
    each basis vector scaled to integers: scaling keeps which columns add up to zero, and integer
    tuples hash and add several times faster than fractions."""
    free_cols = [c for c in range(n) if c not in set(pivots)]
    sig: list[list[int]] = [[0] * len(free_cols) for _ in range(n)]
    for j, f in enumerate(free_cols):
        vector = {f: Fraction(1)}
        for row, p in zip(reduced, pivots, strict=True):
            if row[f]:
                vector[p] = -row[f]
        scale = lcm(*(x.denominator for x in vector.values()))
        for c, x in vector.items():
            sig[c][j] = int(x * scale)
    return [tuple(s) for s in sig]


def _zero_sums(signature: Sequence[tuple[int, ...]], max_cells: int) -> set[tuple[int, ...]]:
    """Index sets of 2..max_cells columns whose signatures add up to zero (sorted tuples)."""
    n = len(signature)
    zero = tuple(0 for _ in signature[0]) if n else ()
    out: set[tuple[int, ...]] = set()

    def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(x + y for x, y in zip(a, b, strict=True))

    def neg(a: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(-x for x in a)

    single: dict[tuple[int, ...], list[int]] = {}
    for i, s in enumerate(signature):
        single.setdefault(s, []).append(i)
    pair_sum: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for i, j in combinations(range(n), 2):
        s = add(signature[i], signature[j])
        if s == zero:
            out.add((i, j))
        if max_cells >= 3:
            for k in single.get(neg(s), ()):
                if k not in (i, j):
                    out.add(tuple(sorted((i, j, k))))
        if max_cells >= 4:
            pair_sum.setdefault(s, []).append((i, j))
    if max_cells >= 4:
        for s, pairs in pair_sum.items():
            for a, b in pairs:
                for c, d in pair_sum.get(neg(s), ()):
                    if len({a, b, c, d}) == 4:
                        out.add(tuple(sorted((a, b, c, d))))
    # Keep the minimal sets only: a set holding a smaller one says nothing the two don't.
    return {s for s in out if not any(t != s and set(t) <= set(s) for t in out if len(t) < len(s))}
