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

from .base import SearchStopped, Session, check_stop


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
    symmetry_breaking: str | None  # "lex" (static lex-leader), "orbit" (orbit blocking) or None
    group_order: int
    seconds: float
    stats: dict[str, int | float | str] = field(default_factory=dict)

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
    lex_leader: bool = False,
) -> Outcome:
    """Run `session` to exhaustion, to `limit` solutions, or until the timeout or an interrupt.

    With `lex_leader`, the session already admits only canonical solutions (static symmetry
    breaking), so each answer must be canonical and only it is blocked; otherwise, modulo
    symmetry, the answer's whole orbit is blocked.
    """
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    group = puzzle.group if modulo_symmetry else Group.generate(puzzle.size, ())
    found: dict[tuple[int, ...], Solution] = {}
    stopped: str | None = None
    try:
        while True:
            check_stop()
            if limit is not None and len(found) >= limit:
                stopped = "limit"
                break
            if deadline is not None and time.monotonic() >= deadline:
                raise SearchStopped
            answer = session.next(deadline)
            if answer is None:
                break
            verify(puzzle, answer.values, answer.unknowns or None)
            canon = group.canonical(answer.values)
            if lex_leader and canon != answer.values:
                raise CheckError(
                    f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                    f"which is not canonical although symmetry breaking was on (canonical: {list(canon)})"
                )
            if canon in found:
                raise CheckError(
                    f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                    "a member of an orbit that was already blocked"
                )
            solution = Solution(canon, puzzle.unknown_values(canon))
            verify(puzzle, canon, solution.unknowns)
            found[canon] = solution
            if on_solution is not None:
                on_solution(solution)
            session.block([answer.values] if lex_leader else group.orbit(answer.values))
    except SearchStopped:
        stopped = "timeout"
    except KeyboardInterrupt:
        stopped = "interrupt"
    return Outcome(
        solutions=sorted(found.values()),
        complete=stopped is None,
        stopped=stopped,
        modulo_symmetry=modulo_symmetry,
        symmetry_breaking=("lex" if lex_leader else "orbit") if modulo_symmetry and group.order > 1 else None,
        group_order=group.order,
        seconds=time.monotonic() - start,
        stats=session.stats(),
    )
