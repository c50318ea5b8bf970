"""The backend-neutral enumeration loop: next solution, check, canonicalise, block its orbit.

Modulo symmetry, every image of a found solution is blocked, so each orbit is found exactly once
and reported as its canonical (lexicographically smallest) member. Raw mode blocks only the
solution itself. A timeout or Ctrl-C ends the loop, never the results: what was found is kept and
the outcome says how the search stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from puzzles.check import verify
from puzzles.errors import CheckError
from puzzles.model import Puzzle
from puzzles.symmetry import Group

from .base import Found, SearchStopped, Session, check_stop
from .symmetry_breaking import Plan


@dataclass(frozen=True, order=True)
class Solution:
    values: tuple[int, ...]
    unknowns: dict[str, int] = field(compare=False)


@dataclass
class Outcome:
    """How an enumeration ended and what it found (solutions sorted ascending)."""

    solutions: list[Solution]
    complete: bool
    stopped: str | None  # None when complete; else "limit", "timeout" or "interrupt"
    modulo_symmetry: bool
    symmetry_breaking: str | None  # "lex", "orbit", "lex+orbit", "anchor+orbit" (solvers.symmetry_breaking) or None
    group_order: int
    seconds: float
    stats: dict[str, int | float | str] = field(default_factory=dict)
    symmetry: str = "declared"  # which group: "declared", "detected" or "none" (puzzlesat.groups)
    symmetry_note: str | None = None  # why the default took none although symmetry was found

    @property
    def count(self) -> int:
        return len(self.solutions)


def enumerate_solutions(
    puzzle: Puzzle,
    session: Session,
    *,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    on_solution: Callable[[Solution], None] | None = None,
    plan: Plan | None = None,
) -> Outcome:
    """Run `session` to exhaustion, to `limit` solutions, or until the timeout or an interrupt.

    `plan` (`solvers.symmetry_breaking`) names the group and what a found solution blocks; its
    static constraints must already be in the session. Without one: the declared group with orbit
    blocking, or no symmetry when `modulo_symmetry` is off.
    """
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    if plan is None:
        plan = Plan(puzzle.group if modulo_symmetry else Group.generate(puzzle.size, (), puzzle.values), name="orbit")
    collector = Collector(puzzle, plan, on_solution)
    stopped: str | None = None
    try:
        while True:
            check_stop()
            if limit is not None and collector.count >= limit:
                stopped = "limit"
                break
            if deadline is not None and time.monotonic() >= deadline:
                raise SearchStopped
            answer = session.next(deadline)
            if answer is None:
                break
            collector.add(answer)
            session.block(plan.blocked(answer.values))
    except SearchStopped:
        stopped = "timeout"
    except KeyboardInterrupt:
        stopped = "interrupt"
    return collector.outcome(stopped, modulo_symmetry, time.monotonic() - start, session.stats())


class Collector:
    """Checks each answer a backend gives and keeps its class once: the one place solutions are accepted.

    The answer must pass the checker, be canonical when the search admits only canonical solutions
    (lex-leader), and belong to a class not seen yet; each is stored as its canonical member.
    """

    def __init__(self, puzzle: Puzzle, plan: Plan, on_solution: Callable[[Solution], None] | None) -> None:
        self.puzzle, self.plan, self.group, self.on_solution = puzzle, plan, plan.group, on_solution
        self.found: dict[tuple[int, ...], Solution] = {}

    @property
    def count(self) -> int:
        return len(self.found)

    def add(self, answer: Found) -> Solution:
        puzzle = self.puzzle
        verify(puzzle, answer.values, answer.unknowns or None)
        canon = self.group.canonical(answer.values)
        if self.plan.canonical_only and canon != answer.values:
            raise CheckError(
                f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                f"which is not canonical although symmetry breaking was on (canonical: {list(canon)})"
            )
        if canon in self.found:
            raise CheckError(
                f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                "a member of an orbit that was already blocked"
            )
        solution = Solution(canon, puzzle.unknown_values(canon))
        verify(puzzle, canon, solution.unknowns)
        self.found[canon] = solution
        if self.on_solution is not None:
            self.on_solution(solution)
        return solution

    def outcome(self, stopped: str | None, modulo_symmetry: bool, seconds: float, stats: dict) -> Outcome:
        order = self.group.order
        return Outcome(
            solutions=sorted(self.found.values()),
            complete=stopped is None,
            stopped=stopped,
            modulo_symmetry=modulo_symmetry,
            symmetry_breaking=self.plan.name if modulo_symmetry and order > 1 else None,
            group_order=order,
            seconds=seconds,
            stats=stats,
        )
