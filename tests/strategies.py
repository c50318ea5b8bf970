"""Hypothesis strategies: small random puzzles that really have the symmetry they declare.

A random permutation p is drawn first; every constraint is then closed under p (a sum brings all
its images, with the same total), so p is a symmetry by construction and the model's validator
must accept it.
"""

from __future__ import annotations

from hypothesis import strategies as st

from puzzles.errors import ModelError
from puzzles.model import Puzzle, UnknownSpec, define
from puzzles.symmetry import Group


def _orbit_of_set(cells: tuple[int, ...], group: Group) -> list[tuple[int, ...]]:
    return sorted({tuple(sorted(p[c] for c in cells)) for p in group.elements})


@st.composite
def small_puzzles(draw: st.DrawFn, max_cells: int = 6, with_symmetry: bool | None = None) -> Puzzle:
    n = draw(st.integers(3, max_cells))
    lo = draw(st.integers(-1, 2))
    span = draw(st.integers(2, 4))
    values = draw(st.lists(st.integers(lo, lo + span + 2), min_size=2, max_size=span + 1, unique=True).map(sorted))
    symmetric = draw(st.booleans()) if with_symmetry is None else with_symmetry
    gens: list[tuple[int, ...]] = []
    if symmetric:
        gens = [tuple(draw(st.permutations(range(n))))]
    group = Group.generate(n, gens)
    distinct_kind = draw(st.sampled_from(["all", "none", "groups"]))
    distinct: str | list[list[int]]
    if distinct_kind == "groups":
        seed = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=n))))
        distinct = [list(g) for g in _orbit_of_set(seed, group)]
    else:
        distinct = distinct_kind
    sums: list[tuple[list[int], int | str]] = []
    for k in range(draw(st.integers(1, 3))):
        cells = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=min(n, 4)))))
        size = len(cells)
        if draw(st.booleans()):
            total: int | str = f"N{k}"
        else:
            total = draw(st.integers(size * values[0], size * values[-1]))
        images = _orbit_of_set(cells, group)
        if any(list(c) == taken for c in images for taken, _ in sums):
            continue  # two totals on one set of cells would tie unknowns together
        sums.extend((list(c), total) for c in images)
    unknowns = {}
    for name in sorted({t for _, t in sums if isinstance(t, str)}):
        if draw(st.booleans()):
            unknowns[name] = UnknownSpec(prime=True) if draw(st.booleans()) else UnknownSpec(min=values[0] * 2)
    parts = {"cells": n, "values": values, "distinct": distinct, "sums": sums, "generators": gens}
    try:
        return define("random", unknowns=unknowns, **parts)
    except ModelError as e:  # a declared domain the sums cannot reach: drop the declarations
        if "no value is both allowed" not in str(e):
            raise
        return define("random", **parts)
