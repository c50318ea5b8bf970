"""The cp backend: puzzlesat's own propagating search (`puzzlesat.solvers._cpsearch`, in C) on the `domains`
encoding.

Until its first solution the search restarts (dom/wdeg, values in random order from a fixed seed,
nogoods recorded at each restart); from there on it is one depth-first search, which never returns
a solution twice (docs/decisions/search.md D7); what is blocked (the other members of a
found solution's orbit) is kept in a set and skipped when the search reaches it. Lex-leader pairs
become `a - b <= -1` before the search starts. A scope (`push`) is a fresh search over the same
model with the givens as one-value domains: building one takes microseconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlesat import encoders
from puzzlesat.encoders.domains import LE, DomainModel
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import BackendError, UsageError
from puzzlesat.solvers import cp_native
from puzzlesat.solvers.base import Found, SearchStopped, check_stop, remaining

if TYPE_CHECKING:
    from puzzlesat.solvers.plan import Plan

# Until its first solution the search restarts, after 100 * luby(i) failures in run i, on dom/wdeg with
# values in random order from a fixed seed, so every run of a model is the same (search.md D7).
RESTARTS = 100
SEED = 0


class CpSession:
    def __init__(self, puzzle: Puzzle, plan: Plan) -> None:
        t0 = time.perf_counter()
        self.Search = cp_native.native()
        if self.Search is None:
            raise UsageError(cp_native.NOT_BUILT)
        self.model: DomainModel = encoders.get(plan.encoding, "cp").encode(puzzle)
        self.settings = {"encoding": plan.encoding, "solver": "cp"}
        self.less_than: list[tuple[int, int]] = []  # outside any scope: kept by every search
        self.scope: list[tuple[int, int]] | None = None  # the givens of the open scope
        self.scope_less: list[tuple[int, int]] = []
        self.search = None
        self.kept: set[tuple[int, ...]] = set()  # blocked outside any scope: skipped in every search
        self.blocked: set[tuple[int, ...]] = set()  # blocked in the open scope
        self.started = False
        self.counters: dict[str, int] = {}
        self.build_seconds = time.perf_counter() - t0
        self.solve_seconds = 0.0
        self.calls = 0

    def _start(self):
        """The search of the current scope, built on first use."""
        if self.search is None:
            m = self.model
            try:
                s = self.Search(m.pinned(self.scope or ()), m.base, check_stop, restarts=RESTARTS, seed=SEED)
                for group in m.alldiff:
                    s.alldiff(group)
                for cells, weights, op, rhs in m.linears:
                    s.linear(cells, weights, op, rhs)
                for cells, tuples, forbidden in m.tables:
                    s.table(cells, tuples, forbidden)
                for a, b in (*self.less_than, *self.scope_less):
                    s.linear((a, b), (1, -1), LE, -1)
            except (ValueError, OverflowError) as e:  # puzzlesat.encoders.domains proves its models within the search's
                raise BackendError(f"internal error: the cp search refused its model: {e}") from e
            self.search = s
        return self.search

    def next(self, deadline: float | None) -> Found | None:
        check_stop()
        search = self._start()
        self.started = True
        t0 = time.perf_counter()
        try:
            while True:
                left = remaining(deadline)
                if left is not None and left <= 0:
                    raise SearchStopped
                found = search.next(-1.0 if left is None else left)
                if found is False:
                    raise SearchStopped
                if found is None:
                    break
                cells = found[: self.model.cells]
                if cells not in self.blocked and cells not in self.kept:
                    break
        except MemoryError as e:
            raise BackendError("the cp search ran out of memory") from e
        finally:
            self.solve_seconds += time.perf_counter() - t0
            self.calls += 1
        if found is None:
            return None
        values, unknowns = self.model.values(found)
        return Found(values, unknowns)

    def block(self, assignments: Sequence[tuple[int, ...]]) -> None:
        # Kept whole (as the SAT backend keeps a clause for each): a search in a later scope may
        # reach a solution blocked before it.
        (self.kept if self.scope is None else self.blocked).update(assignments)

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        if self.started:
            raise BackendError("internal error: lex-leader constraints came after the cp search had started")
        (self.less_than if self.scope is None else self.scope_less).extend(pairs)
        self.search = None

    def push(self, givens: Sequence[tuple[int, int]]) -> None:
        if self.scope is not None:
            raise RuntimeError("scopes do not nest")
        self._retire()
        self.scope = list(givens)

    def pop(self) -> None:
        self._retire()
        self.scope, self.scope_less = None, []

    def _retire(self) -> None:
        """Drop the current search (its counters are kept for stats) and what was blocked in it."""
        self.counters = self._counted()
        self.search, self.started = None, False
        self.blocked = set()

    def _counted(self) -> dict[str, int]:
        """The search counters of every search this session ran, the current one included."""
        counters = dict(self.counters)
        for key, value in (self.search.stats() if self.search is not None else {}).items():
            if key != "constraints":
                counters[key] = counters.get(key, 0) + value
        return counters

    def stats(self) -> dict[str, int | float | str]:
        counters = self._counted()
        return {
            **self.settings,
            **self.model.stats(),
            "build_seconds": round(self.build_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
            "solver_calls": self.calls,
            "nodes": counters.get("nodes", 0),
            "failures": counters.get("failures", 0),
            "propagations": counters.get("propagations", 0),
        }

    def close(self) -> None:
        self.search = None


def open_session(puzzle: Puzzle, plan: Plan) -> CpSession:
    from puzzlesat.solvers.plan import resolve

    return CpSession(puzzle, resolve(plan, puzzle))
