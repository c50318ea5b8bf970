"""What every backend offers the enumerator: an incremental search session.

A session answers "next solution" and accepts "block these assignments"; it never decides what to
block, so orbit blocking, raw enumeration and limits live in one backend-neutral loop
(`puzzlesat.solvers.enumerate`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from puzzlesat.runtime.records import dataclass, field

# The stop flag, its check and the deadline exception live in `puzzlesat.runtime.stop` (the encoders check
# them while building); the backends take them from here.
from puzzlesat.runtime.stop import STOP, SearchStopped, check_stop, stop_reason, wake_on_signal  # noqa: F401


@dataclass(frozen=True)
class Found:
    """A backend's raw answer, before the checker sees it."""

    values: tuple[int, ...]
    unknowns: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Config:
    """Which backend, encoding and solver to use; `None` means the default (`solvers.resolve`:
    the backend an SMT encoding names, else sat; the encoding measured best for the puzzle)."""

    backend: str | None = None
    encoding: str | None = None
    card: str | None = None
    pb: str | None = None
    solver: str | None = None
    solver_cmd: str | None = None
    symmetry_breaking: str | None = None  # how classes are found once: puzzlesat.symmetry.breaking.MODES


class Session(Protocol):
    """One incremental search over one encoded puzzle."""

    def next(self, deadline: float | None) -> Found | None:
        """The next solution, or None when there is none; SearchStopped past the deadline."""
        ...

    def block(self, assignments: Sequence[tuple[int, ...]]) -> None:
        """Forbid each of these full cell assignments from now on."""
        ...

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        """Require cell a < cell b for each (a, b): the lex-leader symmetry breaking."""
        ...

    def stats(self) -> dict[str, int | float | str]:
        """Size and time figures for reports (variables, clauses, build_seconds, ...)."""
        ...

    def close(self) -> None: ...


class ScopedSession(Session, Protocol):
    """A session that can solve many instances of one encoded puzzle (batch solving).

    `push(givens)` opens a scope in which the givens hold; blocks and lex-leader constraints added
    in it are dropped by `pop`. Sessions without scopes are simply opened once per instance.
    """

    def push(self, givens: Sequence[tuple[int, int]]) -> None: ...

    def pop(self) -> None: ...


def remaining(deadline: float | None) -> float | None:
    """Seconds left before `deadline` (a time.monotonic() value), never negative."""
    if deadline is None:
        return None
    return max(0.0, deadline - time.monotonic())
