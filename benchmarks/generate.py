"""Benchmark inputs generated rather than shipped in benchmarks/data: the 25x25 sudoku.

A full grid from the classic pattern, shuffled (digits, rows within bands, bands, columns within
stacks, stacks) by a seeded generator, then a seeded choice of cells kept as givens. The same
seed gives the same puzzle on every machine and Python version (random.Random is stable).
"""

from __future__ import annotations

import random

DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def full_grid(box: int, rng: random.Random) -> list[list[int]]:
    n = box * box

    def shuffled_axis() -> list[int]:
        bands = rng.sample(range(box), box)
        return [b * box + r for b in bands for r in rng.sample(range(box), box)]

    rows, cols = shuffled_axis(), shuffled_axis()
    digits = rng.sample(range(1, n + 1), n)
    return [[digits[(box * (r % box) + r // box + c) % n] for c in cols] for r in rows]


def sudoku(box: int = 5, seed: int = 2026, keep: float = 0.45) -> str:
    """Givens, one character a cell ('.' blank), for a box*box sudoku with a solution by construction."""
    rng = random.Random(seed)
    grid = full_grid(box, rng)
    n = box * box
    kept = set(rng.sample(range(n * n), round(keep * n * n)))
    return "".join(DIGITS[grid[i // n][i % n] - 1] if i in kept else "." for i in range(n * n))


def magic_square_with_givens(order: int, givens: dict[tuple[int, int], int], suffix: str = "givens") -> str:
    """The catalog's order-n magic square with `givens` ((row, column) -> value, from 0) as a
    puzzle file, its symmetry the elements of the square's group that keep every given in place
    (issue 16's "5x5 magic square with two givens": the catalog square takes no --givens)."""
    from dataclasses import replace

    from puzzlesat.catalog import load as puzzles
    from puzzlesat.formats.toml.files import dump_toml

    square = puzzles.load("magic-square", {"order": str(order)})
    fixed = {r * order + c: v for (r, c), v in givens.items()}
    keep = [p for p, _ in square.group.elements[1:] if all(fixed.get(p[c]) == v for c, v in fixed.items())]
    marks = ", ".join(f"r{r + 1}c{c + 1} = {v}" for (r, c), v in sorted(givens.items()))
    puzzle = replace(
        square,
        name=f"magic-square-{order}-{suffix}",
        title=f"{square.title}; given {marks}",
        givens=tuple(sorted(fixed.items())),
        generators=tuple((p, None) for p in keep),
        params=(),
    )
    return dump_toml(puzzle)


# Files of benchmarks/data written here rather than by `benchmarks.make_instances` (which makes
# instances proved unique): path from the repository root -> what writes its text.
# The Siamese 5x5 square's first row and two cells under it: 122 solutions (docs/decisions/benchmarks.md);
# its first row and one cell under it: 1,068 (the "six givens" shape).
SIAMESE_TOP = {(0, 0): 17, (0, 1): 24, (0, 2): 1, (0, 3): 8, (0, 4): 15, (1, 0): 23}
WRITTEN = {
    "benchmarks/data/magic-square-5-givens.toml": lambda: magic_square_with_givens(
        5, {**SIAMESE_TOP, (2, 0): 4}
    ),
    "benchmarks/data/magic-square-5-six-givens.toml": lambda: magic_square_with_givens(5, SIAMESE_TOP, "six-givens"),
}
