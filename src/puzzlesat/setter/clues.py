"""`puzzlesat clues`: which givens of a unique puzzle are redundant, and a minimal set of them.

The puzzle is encoded once without its givens (`puzzlesat.solvers.probe`); every question is a scope of that
session: some of the givens as assumptions and the known solution blocked. No answer means the
solution is still the only one. Removability is monotone (a given needed by a set of givens is
needed by every subset of it), so only redundant givens are tried while minimizing, in a fixed
order, and the set left at the end has no removable given.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import NotUnique, Status, Unsatisfiable
from puzzlesat.runtime.records import dataclass, replace
from puzzlesat.runtime.stop import stop_reason
from puzzlesat.search.solving import configure
from puzzlesat.solvers.base import Config, SearchStopped
from puzzlesat.solvers.probe import Prober

Givens = tuple[tuple[int, int], ...]


@dataclass
class Clues:
    """The redundant givens (each alone removable) and a minimal set; `complete` if every test ran."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    redundant: list[int]  # cells, in puzzle order
    minimal: Givens
    calls: int
    stopped: str | None
    seconds: float

    @property
    def complete(self) -> bool:
        return self.stopped is None


def unique_under(prober: Prober, givens: Sequence[tuple[int, int]], solution: tuple[int, ...], deadline) -> bool:
    """Whether `solution` is the only solution of the prober's puzzle under `givens`."""
    return prober.find(tuple(givens), blocked=[solution], deadline=deadline) is None


def minimize_givens(
    prober: Prober,
    givens: Givens,
    solution: tuple[int, ...],
    order: Sequence[int],
    deadline: float | None = None,
    on_step: Callable[[int], None] | None = None,
) -> Givens:
    """Drop the givens whose cells are in `order`, one at a time in that order, while the solution
    stays unique; the givens left (in cell order). A stop leaves the set unique, maybe not minimal."""
    keep = dict(givens)
    for cell in order:
        trial = {c: v for c, v in keep.items() if c != cell}
        if unique_under(prober, sorted(trial.items()), solution, deadline):
            keep = trial
        if on_step is not None:
            on_step(prober.calls)
    return tuple(sorted(keep.items()))


def find_clues(
    puzzle: Puzzle,
    *,
    timeout: float | None = None,
    config: Config | None = None,
    on_step: Callable[[int], None] | None = None,
    **names: str | None,
) -> Clues:
    """Redundant givens and a minimal set of a puzzle with one solution; NotUnique (exit 11) or
    Unsatisfiable (exit 20) otherwise, as `check` would say."""
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    givens: Givens = tuple(sorted(puzzle.givens))
    base = replace(puzzle, givens=())
    redundant: list[int] = []
    minimal = givens
    stopped: str | None = None
    with Prober(base, configure(config, names)) as prober:
        first = prober.find(givens, deadline=deadline)
        if first is None:
            raise Unsatisfiable(f"{puzzle.name}: no solution, so no givens to weigh (see puzzlesat check)")
        solution = first.values
        other = prober.find(givens, blocked=[solution], deadline=deadline)
        if other is not None:
            cells = [puzzle.cells[i] for i, (a, b) in enumerate(zip(solution, other.values, strict=True)) if a != b]
            raise NotUnique(
                f"{puzzle.name}: more than one solution (two differ at {', '.join(cells[:6])}"
                f"{', ...' if len(cells) > 6 else ''}); clues needs a unique puzzle (see puzzlesat check)"
            )
        try:
            for cell, _ in givens:
                rest = [g for g in givens if g[0] != cell]
                if unique_under(prober, rest, solution, deadline):
                    redundant.append(cell)
                if on_step is not None:
                    on_step(prober.calls)
            minimal = minimize_givens(prober, givens, solution, redundant, deadline, on_step)
        except SearchStopped:
            stopped = Status.TIMEOUT
        except KeyboardInterrupt:
            stopped = stop_reason()  # INTERRUPT or TERMINATED
        calls = prober.calls
    return Clues(puzzle, solution, redundant, minimal, calls, stopped, time.monotonic() - start)



