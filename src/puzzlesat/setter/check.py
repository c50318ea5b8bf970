"""`puzzlesat check`: is the puzzle's solution unique? One search for at most two solutions.

Unique, none or multiple, optionally up to the declared symmetry (two solutions in one orbit count
as one). For "multiple" the two solutions found are shown side by side, the cells where they
differ marked, so a setter sees where the puzzle leaks.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import ExitCode, Status, exit_code
from puzzlesat.runtime.records import dataclass
from puzzlesat.search.solving import solve
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.enumerate import Outcome, Solution


@dataclass(frozen=True)
class Checked:
    """The verdict and the (at most two) checked solutions behind it."""

    puzzle: Puzzle
    outcome: Outcome

    @property
    def status(self) -> Status:
        o = self.outcome
        if o.count >= 2:
            return Status.MULTIPLE
        if o.cut_short:
            return Status.UNKNOWN
        return Status.UNIQUE if o.count == 1 else Status.NO_SOLUTION

    @property
    def complete(self) -> bool:
        return self.status != Status.UNKNOWN

    @property
    def exit_code(self) -> ExitCode:
        return exit_code(self.status)

    @property
    def differ(self) -> list[int]:
        """The cells where the two solutions differ (none unless multiple)."""
        if self.outcome.count < 2:
            return []
        a, b = (s.values for s in self.outcome.solutions[:2])
        return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def check_unique(
    puzzle: Puzzle,
    *,
    modulo_symmetry: bool = False,
    timeout: float | None = None,
    config: Config | None = None,
    on_solution: Callable[[Solution], None] | None = None,
    symmetry: str | None = "declared",
    **names: str | None,
) -> Checked:
    """Search for two solutions (two classes with `modulo_symmetry`, under the group `symmetry`
    names as for `solve`): none, one, or more than one."""
    outcome = solve(
        puzzle, limit=2, modulo_symmetry=modulo_symmetry, timeout=timeout, config=config, on_solution=on_solution,
        symmetry=symmetry, **names,
    )  # fmt: skip
    return Checked(puzzle, outcome)



