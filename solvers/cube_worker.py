"""The worker side of a split search: one encoded session, one scope per cube, each solution sent at once.

A worker (a local process, or a task on a Dask cluster) encodes the puzzle once, adds the plan's
static constraints and blocks the classes the parent already found, then solves each cube it is
given as a scope (`SatSession.push(cube)`, the cube's givens as assumptions). Every solution goes
out as soon as it is found, so a worker that is stopped loses nothing it found; the parent checks
every one again (`puzzlesat.model.check.verify`) and never trusts a worker. With orbit blocking a class may
have members in several cubes: after a cube, its classes are blocked for good in this worker (the
parent drops what other workers find twice).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import Status
from puzzlesat.runtime.records import dataclass
from puzzlesat.solvers.cubes import Cube
from puzzlesat.solvers.enumerate import Solution, enumerate_solutions
from puzzlesat.solvers.plan import Plan
from puzzlesat.symmetry.breaking import Breaking

# The session counters a worker reports as its own work (the parent sums them over workers).
COUNTERS = ("blocking_clauses", "solve_seconds", "solver_calls", "solve_slices", "conflicts", "decisions",
            "propagations", "restarts")  # fmt: skip
# One message: ("solution", values, unknowns), or ("cube", index, stopped, error, seconds) when a cube ends.
Emit = Callable[[tuple], None]


@dataclass(frozen=True)
class Job:
    """What every worker of one split search shares: sent once per worker (or scattered once on Dask)."""

    puzzle: Puzzle
    config: Plan
    plan: Breaking
    modulo_symmetry: bool
    known: tuple[tuple[int, ...], ...] = ()  # classes the parent found before splitting: blocked up front
    limit: int | None = None  # no worker needs more than this many solutions from one cube
    key: str = ""  # names the run, so a Dask worker reuses its session across the run's tasks


class Worker:
    """An open session for one job, solving cubes one scope at a time."""

    def __init__(self, job: Job, warm: Any = None) -> None:
        """`warm`: the parent's own session, inherited by a forked worker, which already holds the
        static constraints, the blocked classes and what the parent's search learnt; else a new one."""
        from puzzlesat import solvers

        self.job = job
        self.base: dict = {}  # the counters a warm session brought along, left out of this worker's stats
        if warm is not None:
            self.session = warm
            self.base = {k: v for k, v in warm.stats().items() if k in COUNTERS}
        else:
            self.session = solvers.open_session(job.puzzle, job.config)
        if not hasattr(self.session, "push"):
            raise RuntimeError(f"the {job.config.backend} backend has no scopes; cubes need the sat backend")
        if warm is None:
            if job.plan.less_than:
                self.session.add_less_than(job.plan.less_than)
            for values in job.known:
                self.session.block(job.plan.blocked(values))
        self.cubes = 0

    def solve(self, index: int, cube: Cube, deadline: float | None, emit: Emit) -> str | None:
        """Every solution in `cube`, each sent as found; returns how the cube ended (None: done)."""
        found: list[Solution] = []
        t0 = time.monotonic()

        def send(solution: Solution) -> None:
            found.append(solution)
            emit(("solution", solution.values, solution.unknowns))

        self.session.push(cube)
        try:
            outcome = enumerate_solutions(
                self.job.puzzle,
                self.session,
                limit=self.job.limit,
                modulo_symmetry=self.job.modulo_symmetry,
                timeout=None if deadline is None else max(0.0, deadline - time.monotonic()),
                on_solution=send,
                plan=self.job.plan,
                keep=False,
            )
        finally:
            self.session.pop()
        if not self.job.plan.canonical_only:  # another cube may hold members of these classes
            for solution in found:
                self.session.block(self.job.plan.blocked(solution.values))
        self.cubes += 1
        stopped = None if outcome.stopped == Status.LIMIT else outcome.stopped
        emit(("cube", index, stopped, outcome.error, round(time.monotonic() - t0, 6)))
        return stopped

    def stats(self) -> dict:
        own = {k: v - self.base.get(k, 0) if k in COUNTERS else v for k, v in self.session.stats().items()}
        return {**own, "cubes": self.cubes}

    def close(self) -> None:
        self.session.close()


def run_cubes(
    job: Job, cubes: Iterator[tuple[int, Cube]], deadline: float | None, emit: Emit, warm: Any = None
) -> dict:
    """Solve cubes until there are none or one is cut short; the worker's session stats at the end."""
    worker = Worker(job, warm)
    try:
        for index, cube in cubes:
            if worker.solve(index, cube, deadline, emit) is not None:
                break
        return worker.stats()
    finally:
        worker.close()
