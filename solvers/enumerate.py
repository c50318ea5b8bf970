"""The backend-neutral enumeration loop: next solution, check, canonicalise, block its orbit.

Modulo symmetry, every image of a found solution is blocked, so each orbit is found exactly once
and reported as its canonical (lexicographically smallest) member. Raw mode blocks only the
solution itself. A timeout or Ctrl-C ends the loop, never the results: what was found is kept and
the outcome says how the search stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from puzzlesat.model.check import verify
from puzzlesat.model.group import Group
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import CUT_SHORT, BackendError, CheckError, Status
from puzzlesat.runtime.records import dataclass, field
from puzzlesat.solvers.base import Found, SearchStopped, Session, check_stop, stop_reason
from puzzlesat.symmetry.breaking import Breaking

if TYPE_CHECKING:
    from puzzlesat.solvers.plan import Plan


@dataclass(frozen=True, order=True)
class Solution:
    values: tuple[int, ...]
    unknowns: dict[str, int] = field(compare=False)


@dataclass
class Outcome:
    """How an enumeration ended and what it found (solutions sorted ascending)."""

    solutions: list[Solution]
    complete: bool
    stopped: Status | None  # None when complete; else LIMIT, TIMEOUT, INTERRUPT, TERMINATED or FAILED
    modulo_symmetry: bool
    symmetry_breaking: str | None  # "lex", "orbit", "lex+orbit", "anchor+orbit" (puzzlesat.symmetry.breaking) or None
    group_order: int
    seconds: float
    stats: dict[str, int | float | str] = field(default_factory=dict)
    error: str | None = None  # with stopped == Status.FAILED: the backend's failure, one line
    found: int | None = None  # how many were found when they were streamed and not kept (keep=False)
    symmetry: str = "declared"  # which group: "declared", "detected" or "none" (puzzlesat.symmetry.choice)
    symmetry_note: str | None = None  # why the default took none although symmetry was found
    plan: Plan | None = None  # the configuration searched (solvers.resolve), for reports

    @property
    def cut_short(self) -> bool:
        """Ended before the search did, other than at the limit: exit status 3 (4 if "failed")."""
        return self.stopped in CUT_SHORT

    @property
    def count(self) -> int:
        return len(self.solutions) if self.found is None else self.found

    def reraise(self) -> None:
        """Raise what cut the search short, for a caller that cannot use a partial answer (the
        generator: an interrupted search is not a proof that there is no other solution)."""
        if self.stopped == Status.FAILED:
            raise BackendError(self.error or "the backend failed")
        if self.stopped == Status.TIMEOUT:
            raise SearchStopped
        if self.stopped in CUT_SHORT:
            raise KeyboardInterrupt


def enumerate_solutions(
    puzzle: Puzzle,
    session: Session,
    *,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    on_solution: Callable[[Solution], None] | None = None,
    plan: Breaking | None = None,
    keep: bool = True,
    reuse: bool = True,
) -> Outcome:
    """Run `session` to exhaustion, to `limit` solutions, or until the timeout or an interrupt.

    `plan` (`puzzlesat.symmetry.breaking`) names the group and what a found solution blocks; its
    static constraints must already be in the session. Without one: the declared group with orbit
    blocking, or no symmetry when `modulo_symmetry` is off. With `keep=False` (streaming to
    `on_solution`), the outcome holds the count only, so memory stays flat however many solutions
    there are. `reuse=False` says the session is not searched again (a batch's scope is dropped
    next): the solution that reaches the limit is then not blocked.
    """
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    if plan is None:
        group = puzzle.group if modulo_symmetry else Group.generate(puzzle.size, (), puzzle.values)
        plan = Breaking(group, name="orbit")
    collector = Collector(puzzle, plan, on_solution, keep)
    stopped: Status | None = None
    error: str | None = None
    try:
        while True:
            check_stop()
            if limit is not None and collector.count >= limit:
                stopped = Status.LIMIT
                break
            if deadline is not None and time.monotonic() >= deadline:
                raise SearchStopped
            answer = session.next(deadline)
            if answer is None:
                break
            collector.add(answer)
            if not reuse and limit is not None and collector.count >= limit:  # no search follows
                stopped = Status.LIMIT
                break
            session.block(plan.blocked(answer.values))
    except SearchStopped:
        stopped = Status.TIMEOUT
    except KeyboardInterrupt:
        stopped = stop_reason()  # INTERRUPT (SIGINT) or TERMINATED (SIGTERM)
    except BackendError as e:  # the solver failed mid-way: the checked solutions found so far stand
        stopped, error = Status.FAILED, str(e)
    outcome = collector.outcome(stopped, modulo_symmetry, time.monotonic() - start, session.stats())
    outcome.error = error
    return outcome


class Collector:
    """Checks each answer a backend gives and keeps its class once: the one place solutions are accepted.

    The answer must pass the checker, be canonical when the search admits only canonical solutions
    (lex-leader), and belong to a class not seen yet; each is stored as its canonical member.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        plan: Breaking,
        on_solution: Callable[[Solution], None] | None,
        keep: bool = True,
    ) -> None:
        self.puzzle, self.plan, self.group, self.on_solution = puzzle, plan, plan.group, on_solution
        self.keep = keep
        self.found: dict[tuple[int, ...], Solution] = {}
        # Streaming: only a 64-bit digest of each class stays, enough to catch a repeat (a backend bug).
        self.seen: set[int] = set()

    @property
    def count(self) -> int:
        return len(self.found) if self.keep else len(self.seen)

    def known(self, canon: tuple[int, ...]) -> bool:
        """Whether the class of this canonical member was accepted already (a split search merges so)."""
        return canon in self.found if self.keep else _digest(canon) in self.seen

    def seed(self, solution: Solution) -> None:
        """Count a class accepted elsewhere (checked there) without reporting it again."""
        if self.keep:
            self.found[solution.values] = solution
        else:
            self.seen.add(_digest(solution.values))

    def add(self, answer: Found) -> Solution:
        puzzle = self.puzzle
        verify(puzzle, answer.values, answer.unknowns or None)
        canon = self.group.canonical(answer.values)
        if self.plan.canonical_only and canon != answer.values:
            raise CheckError(
                f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                f"which is not canonical although symmetry breaking was on (canonical: {list(canon)})"
            )
        if self.known(canon):
            raise CheckError(
                f"internal error: the backend returned {list(answer.values)} for {puzzle.name}, "
                "a member of an orbit that was already blocked"
            )
        solution = Solution(canon, puzzle.unknown_values(canon))
        if canon != answer.values or solution.unknowns != answer.unknowns:  # else checked just above
            verify(puzzle, canon, solution.unknowns)
        if self.keep:
            self.found[canon] = solution
        else:
            self.seen.add(_digest(canon))
        if self.on_solution is not None:
            self.on_solution(solution)
        return solution

    def outcome(self, stopped: Status | None, modulo_symmetry: bool, seconds: float, stats: dict) -> Outcome:
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
            found=None if self.keep else len(self.seen),
        )


def _digest(values: tuple[int, ...]) -> int:
    """A 64-bit blake2b digest of an assignment: a collision between two classes is practically impossible."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(repr(values).encode(), digest_size=8).digest(), "big")
