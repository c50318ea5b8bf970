"""Clues until one solution: the loop `puzzlesat generate` and the instance generator
(benchmarks/make_instances.py) run on every kind.

A `Draft` is a puzzle under construction: a fixed frame (grid, values), the solution it is meant
to have, and a list of clues (givens and rules). `make_unique` asks puzzlesat for a solution other
than the intended one and, while there is one, adds a clue that the intended solution satisfies
and the other breaks; `minimize` then drops the clues it may, one at a time, while the solution
stays unique. Every question is one puzzlesat solve on the draft plus a rule forbidding the
intended solution, so "unique" always means "proved unique by puzzlesat".

Which other solution the solver finds first steers the clues, so it must not depend on how the
search is tuned: each slice of the SAT backend's conflict schedule restarts the search
(solvers/sat_backend.py), and the solver's options and the first search's race change its path.
`one_slice` gives every call one unlimited slice of the untuned solver instead, so a seed makes
the same instance on every machine and after every change of the tuning.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from puzzlesat.model.check import violations
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import Puzzle, define
from puzzlesat.model.rules.table import TableRule
from puzzlesat.runtime.records import dataclass, field
from puzzlesat.search.solving import solve
from puzzlesat.solvers import sat_backend

Values = tuple[int, ...]


@contextmanager
def one_slice() -> Iterator[None]:
    """The SAT backend's searches in one slice of the untuned solver (`sat_backend.TUNED`)."""
    first, tuned = sat_backend.FIRST_SLICE, sat_backend.TUNED
    sat_backend.FIRST_SLICE, sat_backend.TUNED = 10**15, False
    try:
        yield
    finally:
        sat_backend.FIRST_SLICE, sat_backend.TUNED = first, tuned


def first_solution(puzzle: Puzzle, encoding: str | None = None) -> Values | None:
    """A solution of the puzzle, the same one on every machine; None when there is none.

    The path is pinned (the sat backend, seqcounter at-most-ones, one slice), not the default
    plan: a default chosen by speed may change, and a seed must keep making the same instance."""
    names = {"backend": "sat", "card": "seqcounter", "encoding": encoding}
    with one_slice():
        out = solve(puzzle, limit=1, modulo_symmetry=False, **names)
    if not out.solutions:  # stopped before it knew: never take that for "none"
        out.reraise()
    return out.solutions[0].values if out.solutions else None


@dataclass(frozen=True)
class Given:
    """A cell's value, as a clue."""

    cell: int
    value: int


Clue = Any  # a Given or a rule of puzzlesat.model.rules (Cage, Less, Sum)


@dataclass
class Draft:
    name: str
    grid: Grid
    solution: Values
    clues: list[Clue] = field(default_factory=list)
    values: Sequence[int] | None = None
    encoding: str | None = None  # the fastest for the kind, measured; None: puzzlesat's default

    def puzzle(self, clues: Sequence[Clue] | None = None, title: str = "") -> Puzzle:
        clues = self.clues if clues is None else clues
        return define(
            self.name,
            title=title,
            grid=self.grid,
            values=self.values,
            givens={c.cell: c.value for c in clues if isinstance(c, Given)},
            rules=[c for c in clues if not isinstance(c, Given)],
        )

    def other(self, clues: Sequence[Clue] | None = None) -> Values | None:
        """A solution of the draft other than the intended one, or None when there is none."""
        p = self.puzzle(clues)
        if violations(p, self.solution):
            raise ValueError(f"{self.name}: the intended solution breaks {violations(p, self.solution)[0]}")
        everything = tuple(range(p.size))
        q = define(
            p.name,
            grid=self.grid,
            values=self.values,
            givens=dict(p.givens),
            rules=[*p.rules, TableRule(everything, (self.solution,), False)],
        )
        return first_solution(q, self.encoding)


# Changes the draft's clues so that `other` is no longer a solution (and the intended one still is).
Fixer = Callable[[Draft, Values], None]


def make_unique(draft: Draft, fix: Fixer) -> int:
    """Fix the draft until the intended solution is the only one; the number of rounds."""
    rounds = 0
    while (other := draft.other()) is not None:
        fix(draft, other)
        rounds += 1
    return rounds


def minimize(draft: Draft, rng: random.Random, removable: Callable[[Clue], bool], passes: int = 1) -> int:
    """Drop removable clues (in random order) while the solution stays unique; how many went."""
    dropped = 0
    for _ in range(passes):
        order = [c for c in draft.clues if removable(c)]
        rng.shuffle(order)
        for clue in order:
            rest = [c for c in draft.clues if c is not clue]
            if draft.other(rest) is None:
                draft.clues = rest
                dropped += 1
    return dropped


def differing(solution: Values, other: Values) -> list[int]:
    """The cells where two solutions differ."""
    return [i for i, (a, b) in enumerate(zip(solution, other, strict=True)) if a != b]


def given_fix(rng: random.Random) -> Fixer:
    """The plainest fix: give the intended value of a random cell where the two solutions differ."""

    def fix(draft: Draft, other: Values) -> None:
        cell = rng.choice(differing(draft.solution, other))
        draft.clues.append(Given(cell, draft.solution[cell]))

    return fix
