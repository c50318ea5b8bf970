"""`puzzlesat candidates`: the true candidates of every cell, the values it takes in some solution.

Few solver calls: every solution found marks all its cell values at once, and only a cell-value
pair no solution has shown yet is asked about, as one assumption in a scope of the one encoded
session (`solvers.probe`). An answer marks a whole new solution; "none" rules the pair out. So the
calls are 1 + the pairs ruled out + the new solutions, never one per pair. A timeout or Ctrl-C keeps
what is known: the candidates marked are certain, the pairs not asked are reported as unknown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.errors import Status
from puzzles.model import Puzzle
from puzzles.pencil import pencil_marks
from puzzles.stop import stop_reason
from solvers.base import Config, SearchStopped
from solvers.probe import Prober

from .solving import configure


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

    @property
    def complete(self) -> bool:
        return self.stopped is None


def find_candidates(
    puzzle: Puzzle,
    *,
    timeout: float | None = None,
    config: Config | None = None,
    on_call: Callable[[int, int], None] | None = None,
    **names: str | None,
) -> Candidates:
    """Every cell's true candidates; `on_call(calls, pairs left)` after each solver call (progress)."""
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
    unknown = [set(d) - f - r for d, f, r in zip(puzzle.domains, found, ruled_out, strict=True)]
    return Candidates(
        puzzle, found, unknown, prober.calls, len(seen), stopped, time.monotonic() - start, prober.stats()
    )


def candidates_json(c: Candidates) -> dict[str, Any]:
    """`{"candidates": {cell: [values]}, "calls": K, "complete": ...}`, cells in puzzle order."""
    from . import __version__

    names = c.puzzle.cells
    return {
        "version": __version__,
        "candidates": {names[i]: sorted(v) for i, v in enumerate(c.found)},
        "calls": c.calls,
        "complete": c.complete,
        "stopped": c.stopped,
        "unknown": {names[i]: sorted(v) for i, v in enumerate(c.unknown) if v},
        "puzzle": c.puzzle.name,
        "solutions_seen": c.solutions,
        "seconds": round(c.seconds, 4),
    }


def candidates_text(c: Candidates) -> str:
    """Pencil marks on a grid (`?`: not decided yet), a line per cell otherwise; then a summary."""
    p = c.puzzle
    if p.grid is not None and p.layout is None:
        symbol = p.grid.symbol
        marks = {i: {**dict.fromkeys(c.unknown[i], "?"), **{v: symbol(v) for v in c.found[i]}} for i in range(p.size)}
        body = pencil_marks(p.grid, p.values, marks)
    else:
        width = max(len(n) for n in p.cells)
        rows = []
        for i, name in enumerate(p.cells):
            line = " ".join(str(v) for v in sorted(c.found[i])) or "-"
            if c.unknown[i]:
                line += "  (unknown: " + " ".join(str(v) for v in sorted(c.unknown[i])) + ")"
            rows.append(f"{name:>{width}}: {line}")
        body = "\n".join(rows)
    total = sum(len(f) for f in c.found)
    state = (
        "complete" if c.complete else f"INCOMPLETE: stopped by {c.stopped}, {sum(map(len, c.unknown))} pairs unknown"
    )
    solved = sum(1 for f in c.found if len(f) == 1)
    return (
        f"{body}\n\n{total} candidates in {p.size} cells ({solved} decided), {c.calls} solver calls, "
        f"{state}, {c.seconds:.2f} s"
    )
