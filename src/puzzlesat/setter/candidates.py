"""`puzzlesat candidates`: the true candidates of every cell, the values it takes in some solution.

Few solver calls: every solution found marks all its cell values at once, and only a cell-value
pair no solution has shown yet is asked about, as one assumption in a scope of the one encoded
session (`puzzlesat.solvers.probe`). An answer marks a whole new solution; "none" rules the pair out. So the
calls are 1 + the pairs ruled out + the new solutions, never one per pair. A timeout or Ctrl-C keeps
what is known: the candidates marked are certain, the pairs not asked are reported as unknown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import Status
from puzzlesat.runtime.records import dataclass, field
from puzzlesat.runtime.stop import stop_reason
from puzzlesat.search.solving import configure
from puzzlesat.solvers.base import Config, SearchStopped
from puzzlesat.solvers.probe import Prober


@dataclass
class Candidates:
    """Per cell: the values seen in a solution, and (when stopped early) the values not yet decided."""

    puzzle: Puzzle
    found: list[set[int]]
    unknown: list[set[int]]
    calls: int
    solutions: int  # distinct solutions met on the way
    stopped: Status | None  # None, TIMEOUT, INTERRUPT or TERMINATED
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)
    counts: list[dict[int, int]] | None = None  # with counts=True: per cell, value -> solutions
    # with counts=True: why the counts are missing (the candidates finished, the counting did not), or None
    counts_stopped: Status | None = None
    counts_asked: bool = False

    @property
    def complete(self) -> bool:
        return self.stopped is None

    @property
    def counts_note(self) -> str | None:
        """The one line that says --counts gave nothing, and why (the command line prints it on stderr)."""
        if self.counts_stopped is None:
            return None
        when = "before the candidates were all found" if any(self.unknown) else "after the candidates were found"
        return f"--counts stopped by {self.counts_stopped} {when}: no counts (a longer --timeout may give them)"


def find_candidates(
    puzzle: Puzzle,
    *,
    timeout: float | None = None,
    config: Config | None = None,
    on_call: Callable[[int, int], None] | None = None,
    counts: bool = False,
    **names: str | None,
) -> Candidates:
    """Every cell's true candidates; `on_call(calls, pairs left)` after each solver call (progress).
    With `counts`, also the number of solutions for each cell and value (`candidate_counts`)."""
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    found: list[set[int]] = [set() for _ in puzzle.cells]
    ruled_out: list[set[int]] = [set() for _ in puzzle.cells]
    seen: set[tuple[int, ...]] = set()
    stopped: str | None = None
    prober = Prober(puzzle, configure(config, names))

    def ask(givens: tuple[tuple[int, int], ...]) -> bool:
        answer = prober.find(givens, deadline=deadline)
        if answer is not None:
            seen.add(answer.values)
            for cell, value in enumerate(answer.values):
                found[cell].add(value)
        if on_call is not None:
            left = sum(len(d) - len(f) - len(r) for d, f, r in zip(puzzle.domains, found, ruled_out, strict=True))
            on_call(prober.calls, left)
        return answer is not None

    try:
        if ask(()):
            for cell, domain in enumerate(puzzle.domains):
                for value in domain:
                    if value not in found[cell] and not ask(((cell, value),)):
                        ruled_out[cell].add(value)
        else:
            ruled_out = [set(d) for d in puzzle.domains]
    except SearchStopped:
        stopped = Status.TIMEOUT
    except KeyboardInterrupt:
        stopped = stop_reason()  # INTERRUPT or TERMINATED
    finally:
        prober.close()
    per_value = None
    counts_stopped = stopped if counts else None  # the candidates stopped first: no counting was tried
    if counts and stopped is None:
        from puzzlesat.setter.candidate_counts import candidate_counts

        try:
            per_value, method = candidate_counts(puzzle, found, deadline, configure(config, names))
        except SearchStopped:
            stopped = counts_stopped = Status.TIMEOUT
        except KeyboardInterrupt:
            stopped = counts_stopped = stop_reason()
    unknown = [set(d) - f - r for d, f, r in zip(puzzle.domains, found, ruled_out, strict=True)]
    result = Candidates(
        puzzle, found, unknown, prober.calls, len(seen), stopped, time.monotonic() - start, prober.stats()
    )
    result.counts_asked, result.counts_stopped = counts, counts_stopped
    if per_value is not None:
        result.counts = per_value
        result.stats["counted_by"] = method
    return result



