"""Many small questions to one encoded puzzle: "is there a solution with these cell values, other
than these solutions?" (the setter's commands: candidates, clues, generate).

The puzzle is encoded once. A backend with scopes (SAT) answers each question in a scope of its
one session: the extra givens are assumptions and the blocked solutions clauses switched off at
`pop`, so learnt clauses carry over from question to question. A backend without scopes (Z3,
external) gets the question as a fresh session on the puzzle with the givens added: correct, slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlesat.model.check import verify
from puzzlesat.runtime.errors import CheckError, ModelError
from puzzlesat.runtime.records import dataclass, replace
from puzzlesat.solvers.base import Config, Found, Session, check_stop
from puzzlesat.solvers.plan import Plan

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle

Givens = Sequence[tuple[int, int]]


@dataclass
class Prober:
    """One puzzle, one configuration, one session where the backend allows it; `calls` counts questions."""

    puzzle: Puzzle
    config: Config | Plan
    calls: int = 0

    def __post_init__(self) -> None:
        from puzzlesat import solvers

        self.config = solvers.resolve(self.config, self.puzzle)
        self.scoped = solvers.get(self.config.backend).scopes
        # Encoded at the first question, not here: a stop or the deadline during the build then
        # comes out of `find`, where the caller keeps what it knows, as for any question.
        self.session: Session | None = None
        self._opened = False
        self._stats: dict[str, int | float | str] = {}

    def find(self, givens: Givens = (), blocked: Sequence[tuple[int, ...]] = (), deadline: float | None = None):
        """A checked solution in which the cells hold `givens` (besides the puzzle's own) and which is
        none of `blocked`; None when there is none. SearchStopped past the deadline."""
        from puzzlesat import solvers

        check_stop()
        if self.scoped and not self._opened:
            self._opened = True
            self.session = solvers.open_session(self.puzzle, self.config)
        self.calls += 1
        own = self.puzzle.given_map
        if any(own.get(c, v) != v for c, v in givens) or len({c for c, _ in givens}) != len(dict(givens)):
            return None  # a given against the puzzle's own (or two values for a cell): no solution
        if self.session is not None:
            self.session.push(givens)  # type: ignore[attr-defined]
            try:
                if blocked:
                    self.session.block(blocked)
                found = self.session.next(deadline)
            finally:
                self.session.pop()  # type: ignore[attr-defined]
            self._stats = self.session.stats()
        else:
            extra = {c: v for c, v in givens if c not in own}
            merged = tuple(sorted({**own, **extra}.items()))
            try:
                puzzle = replace(self.puzzle, givens=merged)
            except ModelError:  # the givens clash in an all-different group: no solution
                return None
            session = solvers.open_session(puzzle, self.config)
            try:
                if blocked:
                    session.block(blocked)
                found = session.next(deadline)
                self._stats = session.stats()
            finally:
                session.close()
        if found is not None:
            self._check(found, givens, blocked)
        return found

    def _check(self, found: Found, givens: Givens, blocked: Sequence[tuple[int, ...]]) -> None:
        """The independent checker, and the question's own terms: its givens, nothing blocked."""
        verify(self.puzzle, found.values, found.unknowns or None)
        if any(found.values[c] != v for c, v in givens) or found.values in set(blocked):
            raise CheckError(
                f"internal error: the backend answered {list(found.values)} for {self.puzzle.name}, "
                "which breaks the question's givens or is a blocked solution"
            )

    def stats(self) -> dict[str, int | float | str]:
        return {**self._stats, "questions": self.calls}

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    def __enter__(self) -> Prober:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
