"""A search split over workers: local processes (`workers=N`) or a Dask cluster (`scheduler=ADDRESS`).

The rule for small searches: the parent first searches alone on its own session for SPLIT_AFTER
seconds; a search that ends by then is never split (no process started, no overhead). Otherwise the
parent makes cubes (`puzzlesat.solvers.cubes`), the workers solve them (`puzzlesat.solvers.local_pool`,
`puzzlesat.solvers.dask_pool`) with the classes found so far blocked, and the parent merges: every solution is
checked again, canonicalised and kept once, through the same `Collector` as one process, so the
outcome is the same list of classes in the same order. A timeout or Ctrl-C keeps what every worker
sent. docs/decisions/scale-out.md, "Scale out".
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import CheckError, Status, UsageError
from puzzlesat.runtime.host import cores
from puzzlesat.solvers.base import Found, Session
from puzzlesat.solvers.enumerate import Collector, Outcome, Solution, enumerate_solutions
from puzzlesat.solvers.plan import Plan
from puzzlesat.symmetry.breaking import Breaking

# Measured (docs/decisions/scale-out.md, "Scale out"): starting the workers costs little (0.06 s for
# 35 cubes of a tiny puzzle), and since session 8 local workers are forked from the parent's
# session, with what its search learnt, so a split costs little search either: 1 s (3 s while
# workers started cold) keeps the 6- and 7-point stars in one process and splits the 8-point star
# and longer.
SPLIT_AFTER = 1.0


def usable_workers(workers: int | None) -> tuple[int | None, str | None]:
    """`workers` capped at `cores()`, and the note that says so (None when not capped): more
    processes than cores only take turns, each holding its own copy of the encoding."""
    n = cores()
    if workers is None or isinstance(workers, bool) or not isinstance(workers, int) or workers <= n:
        return workers, None
    return n, f"--workers {workers}: {n} core{'s' if n > 1 else ''} here, so {n} worker processes"


def check_split(
    workers: int | None, scheduler: str | None, config: Plan, *, enumerating: bool = True, limit: int | None = None
) -> None:
    """Refuse what cannot be split, before any work: bad counts, both ways at once, a backend without
    scopes, a search for one solution (`enumerating` False: nothing to split), a search for the
    first `limit` classes (which ones come first depends on the search order, which a split would
    change from run to run: the same command must print the same classes)."""
    from puzzlesat import solvers

    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise UsageError(f"--workers {workers}: expected a number of worker processes, 1 or more")
    if workers is not None and scheduler is not None:
        raise UsageError("--workers and --scheduler exclude each other (a cluster's cubes follow its thread count)")
    if scheduler is not None:
        check_address(scheduler)
    flag = "--workers" if scheduler is None else "--scheduler"
    if ((workers or 1) > 1 or scheduler is not None) and not enumerating:
        raise UsageError(f"{flag} splits an enumeration; add --all (one solution is not split)")
    if ((workers or 1) > 1 or scheduler is not None) and limit is not None:
        raise UsageError(
            f"{flag} splits a search for every class (--all, or count): the first K classes of --limit K "
            "depend on the search order, which a split would change from run to run"
        )
    if (workers or 1) > 1 or scheduler is not None:
        info = solvers.get(config.backend)
        if not info.scopes:
            raise UsageError(
                f"{flag} splits the search into cubes solved as scopes of one encoding, which the "
                f"{info.name} backend does not have (use --backend sat)"
            )


# What Dask's `Client` reads as a scheduler: [protocol://]host:port (an IPv6 host in brackets), or
# an in-process address; anything else made Client fail only after 9 s, in a background thread.
_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})|inproc://\S+")


def check_address(address: str) -> None:
    """Refuse what is not a scheduler address before connecting (one line, not a Dask timeout)."""
    match = _ADDRESS.fullmatch(address.strip())
    if match is None or (match[1] is not None and not 0 < int(match[1]) < 65536):
        raise UsageError(f"--scheduler {address!r}: expected a Dask scheduler address such as tcp://host:8786")


def enumerate_split(
    puzzle: Puzzle,
    session: Session,
    plan: Breaking,
    config: Plan,
    *,
    workers: int | None,
    scheduler: str | None,
    limit: int | None,
    modulo_symmetry: bool,
    timeout: float | None,
    on_solution: Callable[[Solution], None] | None,
    keep: bool,
) -> Outcome:
    """`enumerate_solutions` over workers, once the search has outlived SPLIT_AFTER alone."""
    from puzzlesat.runtime.stop import STOP, stop_reason
    from puzzlesat.solvers.cube_worker import COUNTERS, Job  # not at the top: a run that never splits skips them
    from puzzlesat.solvers.cubes import make_cubes

    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    client = None
    if scheduler is not None:
        from puzzlesat.solvers.dask_pool import connect

        client = connect(scheduler)  # a bad address fails now, before any search
    try:
        first: list[Solution] = []

        def found_first(solution: Solution) -> None:
            first.append(solution)
            if on_solution is not None:
                on_solution(solution)

        alone = SPLIT_AFTER if timeout is None else min(SPLIT_AFTER, timeout)
        probe = enumerate_solutions(puzzle, session, limit=limit, modulo_symmetry=modulo_symmetry, timeout=alone,
                                    on_solution=found_first, plan=plan, keep=keep)  # fmt: skip
        if probe.stopped != Status.TIMEOUT or (deadline is not None and time.monotonic() >= deadline):
            probe.stats["workers"] = 1
            return probe
        n = usable_workers(workers)[0] if client is None else max(1, sum(client.nthreads().values()))
        cubes = [e.cube for e in make_cubes(puzzle, plan.less_than, n)]
        import uuid  # here: uuid brings platform, 5-10 ms of every solve's start that never splits

        job = Job(puzzle, config, plan, modulo_symmetry, tuple(s.values for s in first), limit, uuid.uuid4().hex)
        merger = Merger(puzzle, plan, on_solution, keep, first, limit)

        def stopping() -> Status | None:
            if STOP.is_set():
                return stop_reason()
            if deadline is not None and time.monotonic() >= deadline:
                return Status.TIMEOUT
            return None

        wall = None if deadline is None else time.time() + (deadline - time.monotonic())
        if client is None:
            from puzzlesat.solvers.local_pool import run_local

            reason, stats = run_local(job, cubes, n, wall, merger.handle, stopping, warm=session)
        else:
            from puzzlesat.solvers.dask_pool import run_dask

            reason, stats = run_dask(client, job, cubes, wall, merger.handle, stopping)
    finally:
        if client is not None:
            client.close()
    stopped, error = merger.ending(reason, len(cubes))
    totals = dict(probe.stats)
    for key in COUNTERS:  # each worker's own work, added to the parent's
        if key in totals:
            totals[key] = sum((s.get(key, 0) for s in stats), start=totals[key])
    if "solve_seconds" in totals:
        totals["solve_seconds"] = round(float(totals["solve_seconds"]), 6)
    totals.update(workers=n, cubes=len(cubes), cubes_solved=merger.solved, split_after_seconds=SPLIT_AFTER,
                  duplicates=merger.duplicates, longest_cube_seconds=merger.longest)  # fmt: skip
    outcome = merger.collector.outcome(stopped, modulo_symmetry, time.monotonic() - start, totals)
    outcome.error = error
    return outcome


class Merger:
    """The parent's side: each worker message checked and merged into one `Collector`, classes kept once."""

    def __init__(self, puzzle: Puzzle, plan: Breaking, on_solution, keep: bool, first: list[Solution],  # noqa: ANN001
                 limit: int | None):  # fmt: skip
        self.plan, self.limit = plan, limit
        self.collector = Collector(puzzle, plan, on_solution, keep)
        for solution in first:
            self.collector.seed(solution)
        self.cubes: dict[int, tuple[str | None, str | None]] = {}  # index -> (how it ended, error)
        self.duplicates = 0
        self.longest = 0.0  # the longest cube's seconds: how well the estimate balanced them

    def handle(self, message: tuple) -> bool:
        """One message from a worker; True once the limit is reached."""
        if message[0] == "cube":
            self.cubes[message[1]] = (message[2], message[3])
            self.longest = max(self.longest, message[4])
            return False
        if message[0] != "solution":
            raise CheckError(f"internal error: a worker sent {message[0]!r}")
        if self.limit is not None and self.collector.count >= self.limit:
            return True  # sent before the workers heard of the limit: one process would not have found it
        values = tuple(message[1])
        if not self.plan.canonical_only and self.collector.known(self.plan.group.canonical(values)):
            self.duplicates += 1  # orbit blocking: another worker met this class in its own cube
            return False
        self.collector.add(Found(values, dict(message[2])))
        return self.limit is not None and self.collector.count >= self.limit

    @property
    def solved(self) -> int:
        return sum(1 for how, _ in self.cubes.values() if how is None)

    def ending(self, reason: str | None, cubes: int) -> tuple[Status | None, str | None]:
        """How the whole search ended: (stopped, error) as `enumerate_solutions` says them."""
        if self.limit is not None and self.collector.count >= self.limit:
            return Status.LIMIT, None
        if reason is not None and reason.startswith("failed: "):
            return Status.FAILED, reason.removeprefix("failed: ")
        if reason is not None and reason != Status.LIMIT:
            return Status(reason), None
        for how, error in self.cubes.values():
            if how is not None:
                return Status(how), error
        if self.solved < cubes:
            return Status.FAILED, f"{cubes - self.solved} of {cubes} cubes were not solved (a worker stopped early)"
        return None, None
