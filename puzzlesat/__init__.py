"""puzzlesat: number-placement puzzles through Z3 and SAT, enumerated modulo symmetry.

The importable API in three calls:

>>> import puzzlesat
>>> puzzle = puzzlesat.load("magic-frame")
>>> outcome = puzzlesat.solve(puzzle, all=True, backend="z3")
>>> outcome.count, outcome.complete, outcome.solutions[0].unknowns
(6, True, {'N': 12})
"""

from __future__ import annotations

from collections.abc import Callable

from puzzles.model import Puzzle
from solvers.base import Config
from solvers.enumerate import Outcome, Solution

__all__ = ["Config", "Outcome", "Puzzle", "Solution", "load", "solve"]
__version__ = "0.1.0"


def load(ref: str, params: dict[str, str] | None = None, givens: str | None = None) -> Puzzle:
    """A catalog puzzle by name (with its parameters) or a puzzle file by path."""
    import puzzles

    return puzzles.load(ref, params, givens)


def solve(
    puzzle: Puzzle,
    *,
    all: bool = False,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    config: Config | None = None,
    on_solution: Callable[[Solution], None] | None = None,
    **names: str | None,
) -> Outcome:
    """Find one solution, or with `all` every one (modulo the puzzle's symmetry group by default).

    Backend and encoding come from `config` or from keywords (`backend="z3"`, `card=...`).
    """
    from dataclasses import replace

    import solvers
    from solvers.enumerate import enumerate_solutions

    cfg = replace(config or Config(), **{k: v for k, v in names.items() if v is not None})
    cfg = solvers.resolve(cfg)
    session = solvers.open_session(puzzle, cfg)
    try:
        return enumerate_solutions(
            puzzle,
            session,
            limit=limit if (all or limit is not None) else 1,
            modulo_symmetry=modulo_symmetry,
            timeout=timeout,
            on_solution=on_solution,
        )
    finally:
        session.close()
