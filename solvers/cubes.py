"""Cubes: a search split into prefix assignments of chosen cells, balanced by a cheap estimate.

A cube is a few givens (cell, value). The cubes made here partition the assignments the puzzle
admits: every solution extends exactly one cube, so with lex-leader constraints (canonical
solutions only) each class is found in exactly one cube. The estimate of a cube's work is the
logarithm of its search space after a cheap domain propagation (all-different groups, the
lex-leader inequalities, bounds of the sums): the sum over cells of log2 of the values still open.
The cube with the largest estimate is split on its most constrained open cell (fewest values left;
ties: the cell in the most all-different groups, then the lowest index) until there are enough
cubes; cubes the propagation refutes are dropped (only those: it removes a value only when no
solution has it, so no solution is lost). Cubes come out largest first, so the workers that pull
them take the long ones early (longest-processing-time-first).

Why not the SAT solver's own unit propagation: on the log encoding (the magic figures' default)
it decided nothing at the top of the search, and every cube of the 8-point star had the same
estimate; the lex-leader bounds alone separate "cell 0 holds 1" (11 s of search) from "holds 9"
(0.1 s). docs/decisions/scale-out.md, "Scale out".
"""

from __future__ import annotations

import heapq
import math
import operator
from collections.abc import Sequence

from puzzlesat.model.core import Linear
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass

Cube = tuple[tuple[int, int], ...]  # (cell, value) givens, in the order they were chosen
Domains = list[frozenset[int]]

# Cubes per worker: enough that a worker finishing early finds more work (the estimate is rough),
# few enough that the fixed cost per cube (a scope, its last unsatisfiable call) stays small.
CUBES_PER_WORKER = 16


@dataclass(frozen=True)
class Estimate:
    """A cube and its search space after propagation: log2 of the product of the open domain sizes."""

    bits: float
    cube: Cube
    domains: tuple[frozenset[int], ...]


def propagate(puzzle: Puzzle, domains: Domains, less_than: Sequence[tuple[int, int]]) -> Domains | None:
    """Remove values no solution can take (all-different, a < b, sum bounds) to a fixpoint; None when a
    domain empties. Only sound removals: every solution inside `domains` stays inside the result."""
    doms = list(domains)
    sums = [s for s in puzzle.sums if isinstance(s.rhs, int) and s.op in _BOUNDS]
    changed = True
    while changed:
        changed = False
        for group in puzzle.groups:
            for c in group:
                if len(doms[c]) == 1:
                    (v,) = doms[c]
                    for d in group:
                        if d != c and v in doms[d]:
                            doms[d] = doms[d] - {v}
                            changed = True
        for a, b in less_than:
            if not doms[a] or not doms[b]:
                return None
            top, bottom = max(doms[b]), min(doms[a])
            if max(doms[a]) >= top:
                doms[a] = frozenset(v for v in doms[a] if v < top)
                changed = True
            if min(doms[b]) <= bottom:
                doms[b] = frozenset(v for v in doms[b] if v > bottom)
                changed = True
        for s in sums:
            changed |= _bound(s, doms)
        if any(not d for d in doms):
            return None
    return doms


# Which side of "sum op rhs" bounds the sum: (it may not exceed rhs, it may not fall below rhs).
_BOUNDS = {"=": (True, True), "<=": (True, False), ">=": (False, True)}


def _bound(s: Linear, doms: Domains) -> bool:
    """Bounds consistency on one sum: drop each cell's values that the other cells cannot make up for."""
    if any(not doms[c] for c in s.cells):
        return False
    upper, lower = _BOUNDS[s.op]
    lo = [min(w * min(doms[c]), w * max(doms[c])) for c, w in zip(s.cells, s.weights, strict=True)]
    hi = [max(w * min(doms[c]), w * max(doms[c])) for c, w in zip(s.cells, s.weights, strict=True)]
    total_lo, total_hi = sum(lo), sum(hi)
    changed = False
    for i, (c, w) in enumerate(zip(s.cells, s.weights, strict=True)):
        keep = frozenset(
            v
            for v in doms[c]
            if not (upper and total_lo - lo[i] + w * v > s.rhs) and not (lower and total_hi - hi[i] + w * v < s.rhs)
        )
        if keep != doms[c]:
            doms[c], changed = keep, True
    return changed


def make_cubes(
    puzzle: Puzzle, less_than: Sequence[tuple[int, int]], workers: int, *, per_worker: int | None = None
) -> list[Estimate]:
    """About `per_worker * workers` cubes covering every solution (with the lex-leader pairs
    `less_than` in force), largest estimate first; [] when propagation proves there is none."""
    weight = dict.fromkeys(range(puzzle.size), 0)
    for group in puzzle.groups:
        for c in group:
            weight[c] += 1
    start: Domains = [frozenset(d) for d in puzzle.domains]
    for c, v in puzzle.givens:
        start[c] = start[c] & {v}

    def estimate(cube: Cube, domains: Domains) -> Estimate | None:
        doms = list(domains)
        for c, v in cube[-1:]:
            doms[c] = doms[c] & {v}
        doms = propagate(puzzle, doms, less_than)
        if doms is None:
            return None
        return Estimate(sum(math.log2(len(d)) for d in doms), cube, tuple(doms))

    root = estimate((), start)
    if root is None:
        return []
    target = max(1, workers * (CUBES_PER_WORKER if per_worker is None else per_worker))
    heap = [(-root.bits, 0, root)]  # a max-heap on the estimate; the counter keeps ties in order
    leaves: list[Estimate] = []  # every cell decided: nothing to split
    made = 1
    while heap and len(heap) + len(leaves) < target:
        _, _, big = heapq.heappop(heap)
        open_cells = [c for c, d in enumerate(big.domains) if len(d) > 1]
        if not open_cells:
            leaves.append(big)
            continue
        cell = min(open_cells, key=lambda c: (len(big.domains[c]), -weight[c], c))
        for value in sorted(big.domains[cell]):
            child = estimate((*big.cube, (cell, value)), list(big.domains))
            if child is not None:
                heapq.heappush(heap, (-child.bits, made, child))
                made += 1
    return sorted([e for _, _, e in heap] + leaves, key=operator.attrgetter("bits"), reverse=True)
