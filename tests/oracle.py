"""Brute force, the trusted reference: every assignment by itertools, checked by plain Python."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from puzzlesat.model.check import violations
from puzzlesat.model.group import image
from puzzlesat.model.model import Puzzle


@dataclass(frozen=True)
class Truth:
    raw: list[tuple[int, ...]]
    canonical: list[tuple[int, ...]]


def brute_force(puzzle: Puzzle, limit: int = 2_000_000) -> Truth:
    total = 1
    for d in puzzle.domains:
        total *= len(d)
    if total > limit:
        raise ValueError(f"{puzzle.name}: {total} assignments is too many for brute force")
    raw = [vals for vals in itertools.product(*puzzle.domains) if not violations(puzzle, vals)]
    canonical = sorted({puzzle.group.canonical(v) for v in raw})
    return Truth(raw=sorted(raw), canonical=canonical)


def burnside(puzzle: Puzzle, raw: list[tuple[int, ...]]) -> int:
    """Orbit count by Burnside's lemma: the mean number of solutions each group element fixes."""
    solutions = set(raw)
    fixed = sum(1 for p in puzzle.group.permutations for s in solutions if image(s, p) == s)
    if fixed % puzzle.group.order:
        raise AssertionError("Burnside's sum is not divisible by the group order")
    return fixed // puzzle.group.order
