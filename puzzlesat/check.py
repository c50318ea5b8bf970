"""`puzzlesat check`: is the puzzle's solution unique? One search for at most two solutions.

Unique, none or multiple, optionally up to the declared symmetry (two solutions in one orbit count
as one). For "multiple" the two solutions found are shown side by side, the cells where they
differ marked, so a setter sees where the puzzle leaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.board import draw
from puzzles.errors import ExitCode, Status, exit_code
from puzzles.model import Puzzle
from solvers.base import Config
from solvers.enumerate import Outcome, Solution

from .report import solution_json, summary_text
from .solving import solve

STATUSES = (Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN)
MARK = "*"


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
    **names: str | None,
) -> Checked:
    """Search for two solutions (two classes with `modulo_symmetry`): none, one, or more than one."""
    outcome = solve(
        puzzle, limit=2, modulo_symmetry=modulo_symmetry, timeout=timeout, config=config, on_solution=on_solution,
        **names,
    )  # fmt: skip
    return Checked(puzzle, outcome)


def check_json(checked: Checked) -> dict[str, Any]:
    """`{"status", "solutions", ...}`: the fixed keys first, then what the verdict rests on."""
    from . import __version__

    o, p = checked.outcome, checked.puzzle
    return {
        "version": __version__,
        "status": checked.status,
        "solutions": [solution_json(s, p) for s in o.solutions[:2]],
        "complete": checked.complete,
        "stopped": o.stopped if o.stopped != Status.LIMIT else None,
        "puzzle": p.name,
        "modulo_symmetry": o.modulo_symmetry,
        "group_order": o.group_order,
        "differ": [p.cells[i] for i in checked.differ],
        "seconds": round(o.seconds, 4),
    }


def _symbols(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    return [puzzle.grid.symbol(v) if puzzle.grid is not None else str(v) for v in values]


def side_by_side(left: str, right: str, gap: int = 4) -> str:
    """Two drawings next to each other, the left one padded to its widest line."""
    a, b = left.splitlines(), right.splitlines()
    width = max((len(line) for line in a), default=0)
    rows = max(len(a), len(b))
    a += [""] * (rows - len(a))
    b += [""] * (rows - len(b))
    return "\n".join((x.ljust(width) + " " * gap + y).rstrip() for x, y in zip(a, b, strict=True))


def pair_text(puzzle: Puzzle, first: Sequence[int], second: Sequence[int], differ: Sequence[int]) -> str:
    """Two solutions side by side: grid boards with the differing cells marked `*`; a laid-out board
    without marks plus a list of the differing cells; otherwise a list of every cell."""
    one, two = _symbols(puzzle, first), _symbols(puzzle, second)
    if puzzle.grid is not None and puzzle.layout is None:
        marked = set(differ)
        boards = [
            draw(puzzle, [t + MARK if i in marked else t for i, t in enumerate(texts)], notes=False)
            for texts in (one, two)
        ]
        return side_by_side(*boards) + f"\n({MARK}: the {len(differ)} cells where the two differ)"
    width = max(len(n) for n in puzzle.cells)
    if puzzle.layout is not None:
        rows = [f"  {puzzle.cells[i]:<{width}}  {one[i]:>3} {two[i]:>3}" for i in differ]
        return (
            side_by_side(draw(puzzle, one), draw(puzzle, two))
            + f"\ndiffering cells ({len(differ)}):\n"
            + "\n".join(rows)
        )
    marked = set(differ)
    rows = [
        f"  {name:<{width}}  {one[i]:>3} {two[i]:>3}" + (f"  {MARK}" if i in marked else "")
        for i, name in enumerate(puzzle.cells)
    ]
    return "\n".join(rows) + f"\n({MARK}: the {len(differ)} cells where the two differ)"


def check_text(checked: Checked) -> str:
    """The verdict in one line, after the solution (unique) or the two solutions (multiple)."""
    o, p = checked.outcome, checked.puzzle
    scope = f" up to symmetry (group of order {o.group_order})" if o.modulo_symmetry and o.group_order > 1 else ""
    status = checked.status
    if status == Status.MULTIPLE:
        a, b = o.solutions[:2]
        body = pair_text(p, a.values, b.values, checked.differ)
        return f"{body}\n\nmultiple: more than one solution{scope}, {o.seconds:.2f} s"
    if status == Status.UNIQUE:
        board = draw(p, _symbols(p, o.solutions[0].values))
        return f"{board}\n\nunique: exactly one solution{scope}, {o.seconds:.2f} s"
    if status == Status.NO_SOLUTION:
        return f"none: the puzzle has no solution, {o.seconds:.2f} s"
    return f"unknown: {summary_text(o)}"
