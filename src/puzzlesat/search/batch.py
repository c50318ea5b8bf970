"""Batch solving: many instances of one puzzle (e.g. a file of sudokus) through one encoding.

The instances differ only in their givens. Encoding and solver start-up are paid once: the
puzzle without givens is encoded into one session, and each instance is solved in a scope of it
(`push(givens)` ... `pop()`), its givens as assumptions and its blocking clauses switched off
afterwards. A backend without scopes (external) gets a fresh session per instance instead. Each
instance is still checked against its own model, givens included, before it is reported.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized

from puzzlesat.formats.sadman.instances import Instance
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import PuzzleSatError, Status, UsageError
from puzzlesat.runtime.records import dataclass, field, replace
from puzzlesat.search.solving import configure, run
from puzzlesat.solvers.base import Config, Session
from puzzlesat.solvers.enumerate import Outcome, Solution
from puzzlesat.solvers.plan import Plan


@dataclass
class BatchOutcome:
    """The outcomes of the instances attempted, in input order; `stopped` if the batch was cut short."""

    outcomes: list[Outcome | PuzzleSatError]  # a bad line's error in its place
    instances: int  # how many were given (more than len(outcomes) when stopped early)
    stopped: Status | None  # None, or how the instance that ended the batch stopped
    seconds: float
    stats: dict[str, int | float | str] = field(default_factory=dict)
    base: Puzzle | None = None  # the puzzle every instance is, givens aside
    plan: Plan | None = None  # the configuration every instance was searched on

    @property
    def complete(self) -> bool:
        return self.stopped is None

    @property
    def solved(self) -> int:
        return sum(1 for o in self.outcomes if isinstance(o, Outcome) and o.count)

    @property
    def failed(self) -> int:
        """Instances that could not be read (bad lines)."""
        return sum(1 for o in self.outcomes if isinstance(o, PuzzleSatError))


def _shape(p: Puzzle) -> tuple[object, ...]:
    """Everything but the givens (and the title, which counts them)."""
    return (p.cells, p.domains, p.distinct, p.sums, p.unknowns, p.generators)


def common_base(instances: Sequence[Puzzle | PuzzleSatError]) -> Puzzle:
    """The puzzle every instance is, givens aside; a UsageError names the first one that differs."""
    puzzles = [(i, p) for i, p in enumerate(instances, 1) if isinstance(p, Puzzle)]
    if not puzzles:
        raise UsageError("batch: no instances to solve")
    first = puzzles[0][1]
    for i, p in puzzles[1:]:
        if _shape(p) != _shape(first):
            raise UsageError(f"batch: instance {i} is not the same puzzle as instance 1 (only the givens may differ)")
    return replace(first, givens=())


def _same_shape(
    first: Puzzle, instances: Iterator[Puzzle | PuzzleSatError], offset: int
) -> Iterator[Puzzle | PuzzleSatError]:
    """The instances, each checked against the first as it comes (a stream is never held whole)."""
    shape = _shape(first)
    for i, p in enumerate(instances, offset):
        if isinstance(p, Puzzle) and _shape(p) != shape:
            raise UsageError(f"batch: instance {i} is not the same puzzle as instance 1 (only the givens may differ)")
        yield p


class InstanceLog:
    """Instances as they stream past a batch: each is recorded (for reports by index) and, once
    reported, `release`d to its line and givens, so its puzzle model is not kept."""

    def __init__(self, instances: Iterable[Instance]) -> None:
        self.source = iter(instances)
        self.seen: list[Instance] = []
        self.stand_in: Puzzle | None = None  # the first good instance's model, kept for all

    def puzzles(self) -> Iterator[Puzzle | PuzzleSatError]:
        """Each instance's puzzle, or its error when the line is bad."""
        for instance in self.source:
            self.seen.append(instance)
            if self.stand_in is None:
                self.stand_in = instance.puzzle
            yield instance.puzzle if instance.error is None else instance.error  # type: ignore[misc]

    def __getitem__(self, index: int) -> Instance:
        return self.seen[index]

    def __len__(self) -> int:
        return len(self.seen)

    def release(self, index: int) -> None:
        """Forget instance `index`'s own model (the first instance's stands in: reports use only
        the line and the givens once it has been drawn)."""
        if self.stand_in is not None and self.seen[index].puzzle not in (None, self.stand_in):
            self.seen[index] = replace(self.seen[index], puzzle=self.stand_in)


def solve_batch(
    instances: Iterable[Puzzle | PuzzleSatError],
    *,
    all: bool = False,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    config: Config | Plan | None = None,
    on_solution: Callable[[int, Solution], None] | None = None,
    on_outcome: Callable[[int, Outcome | PuzzleSatError], None] | None = None,
    symmetry_breaking: str | None = None,
    **names: str | None,
) -> BatchOutcome:
    """Solve each instance (first solution, or with `all` every one) on one shared session.

    An error in place of a puzzle is that instance's outcome. `timeout` bounds the whole batch; a
    timeout or Ctrl-C ends it after the outcomes so far, the one cut short included. Callbacks get
    the instance's 0-based index.
    """
    from puzzlesat import solvers
    from puzzlesat.runtime.stop import check_timeout
    from puzzlesat.search.planning import for_instance, plan_run

    timeout = check_timeout(timeout)
    stream = iter(instances)
    leading: list[Puzzle | PuzzleSatError] = []  # bad lines before the first good one
    first = next((p for p in stream if isinstance(p, Puzzle) or leading.append(p)), None)
    if first is None:
        raise UsageError("batch: no instances to solve")
    base = replace(first, givens=())
    cfg = plan_run(base, configure(config, {**names, "symmetry_breaking": symmetry_breaking}),
                   enumerating=all or limit is not None, limit=limit, modulo_symmetry=modulo_symmetry,
                   symmetry="declared" if modulo_symmetry else "none")  # fmt: skip
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    outcomes: list[Outcome | PuzzleSatError] = []
    stopped: str | None = None
    scoped = solvers.get(cfg.backend).scopes
    shared: Session | None = solvers.open_session(base, cfg) if scoped else None
    stats: dict[str, int | float | str] = {}
    try:
        every = itertools.chain(leading, [first], _same_shape(first, stream, len(leading) + 2))
        for i, puzzle in enumerate(every):
            if not isinstance(puzzle, Puzzle):
                outcomes.append(puzzle)
                if on_outcome is not None:
                    on_outcome(i, puzzle)
                continue
            session = shared or solvers.open_session(puzzle, cfg)
            t0 = time.monotonic()
            try:
                if scoped:
                    session.push(puzzle.givens)  # type: ignore[attr-defined]
                outcome = run(
                    puzzle,
                    session,
                    for_instance(cfg, puzzle),
                    limit=limit if (all or limit is not None) else 1,
                    timeout=None if deadline is None else max(0.0, deadline - time.monotonic()),
                    on_solution=None if on_solution is None else lambda s, i=i: on_solution(i, s),
                    reuse=False,  # its scope (or its session) ends with it: the last solution is not blocked
                )
            finally:
                if scoped:
                    session.pop()  # type: ignore[attr-defined]
                else:
                    session.close()
            outcome.seconds = time.monotonic() - t0
            outcomes.append(outcome)
            stats = outcome.stats
            if on_outcome is not None:
                on_outcome(i, outcome)
            if outcome.cut_short:
                stopped = outcome.stopped
                break
    finally:
        if shared is not None:
            shared.close()
    given = len(instances) if isinstance(instances, Sized) else len(outcomes)
    return BatchOutcome(outcomes, given, stopped, time.monotonic() - start, stats, base, cfg)
