"""The cp backend: puzzlesat's own propagating search (`puzzlesat.solvers._cpsearch`, in C) on the `domains`
encoding.

Until its first solution the search restarts (dom/wdeg, values in random order from a fixed seed,
nogoods recorded at each restart); from there on it is one depth-first search, which never returns
a solution twice (docs/decisions/search.md D7); what is blocked (the other members of a
found solution's orbit) is kept in a set and skipped when the search reaches it. Lex-leader pairs
become `a - b <= -1` before the search starts. A scope (`push`) is a fresh search over the same
model with the givens as one-value domains: building one takes microseconds.

With a handover budget (`Plan.handover`, the default on boxed grids past 16 values) a search that
fails that often goes on on the sat backend (docs/decisions/search.md D8): a sat session is opened
on the sat backend's defaults, with every lex-leader pair, every block and every solution already
returned replayed, so an enumeration handed over mid-way neither loses nor repeats a solution. The
budget is counted in failures since the search's last answer (a search that keeps answering is not
lost), read every 1,024 nodes, so every run hands over at the same point.
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


class _OverBudget(Exception):
    """The cp search failed as often as the plan's handover budget allows."""


class CpSession:
    def __init__(self, puzzle: Puzzle, plan: Plan) -> None:
        t0 = time.perf_counter()
        self.puzzle, self.plan = puzzle, plan
        self.sat = None  # the sat session a handover opened (kept for later scopes)
        self.on_sat = False  # the current search runs on it
        self.for_good = False  # handed over outside any scope: every later scope runs on sat too
        self.handed: str | None = None  # why the last handover happened, for stats
        self.emitted: list[tuple[int, ...]] = []  # solutions returned by the current search
        self.failed_before = 0  # the current search's failures when it last returned a solution
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
                s = self.Search(m.pinned(self.scope or ()), m.base, self._poll, restarts=RESTARTS, seed=SEED)
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

    def _poll(self) -> None:
        """The search's poll: the stop flag, then the handover budget."""
        check_stop()
        budget = self.plan.handover
        if (
            budget is not None
            and self.search is not None
            and self.search.stats()["failures"] - self.failed_before >= budget
        ):
            raise _OverBudget

    def _hand_over(self) -> None:
        """Go on on sat from scratch, with everything this search was told and found replayed."""
        from puzzlesat.solvers import open_session
        from puzzlesat.solvers.base import Config
        from puzzlesat.solvers.plan import resolve
        from puzzlesat.solvers.registry import DEFAULT_BACKEND

        failures = self._counted().get("failures", 0) - self.counters.get("failures", 0) - self.failed_before
        if self.sat is None:
            sat = Config(backend=DEFAULT_BACKEND, symmetry_breaking=self.plan.symmetry_breaking)
            self.sat = open_session(self.puzzle, resolve(sat, self.puzzle))
            self.sat.add_less_than(self.less_than)
            self.sat.block(sorted(self.kept))
        if self.scope is not None:
            self.sat.push(self.scope)
            self.sat.add_less_than(self.scope_less)
            self.sat.block(sorted(self.blocked))
        self.sat.block(self.emitted)
        self.on_sat, self.for_good = True, self.scope is None
        self.handed = (
            f"the cp search failed {failures:,} times since its last answer (budget {self.plan.handover:,}): "
            "sat answered"
        )
        self._retire_search()

    def next(self, deadline: float | None) -> Found | None:
        if self.on_sat:
            return self.sat.next(deadline)
        try:
            found = self._next_cp(deadline)
        except _OverBudget:
            self._hand_over()
            return self.sat.next(deadline)
        if found is not None:
            self.emitted.append(found.values)
            self.failed_before = self.search.stats()["failures"]
        return found

    def _next_cp(self, deadline: float | None) -> Found | None:
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
        if self.sat is not None and (self.on_sat or self.scope is None):
            self.sat.block(assignments)  # outside a scope the sat session must know it for later scopes
        # Kept whole (as the SAT backend keeps a clause for each): a search in a later scope may
        # reach a solution blocked before it.
        (self.kept if self.scope is None else self.blocked).update(assignments)

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        if self.started:
            raise BackendError("internal error: lex-leader constraints came after the cp search had started")
        (self.less_than if self.scope is None else self.scope_less).extend(pairs)
        if self.sat is not None and (self.on_sat or self.scope is None):
            self.sat.add_less_than(pairs)
        self.search = None

    def push(self, givens: Sequence[tuple[int, int]]) -> None:
        if self.scope is not None:
            raise RuntimeError("scopes do not nest")
        self._retire()
        self.scope = list(givens)
        if self.for_good:
            self.sat.push(self.scope)

    def pop(self) -> None:
        self._retire()
        if self.for_good and self.scope is not None:
            self.sat.pop()
        self.scope, self.scope_less = None, []

    def _retire(self) -> None:
        """Drop the current search (its counters are kept for stats) and what was blocked in it; a
        scope handed over to sat is closed there (a handover outside any scope is for good)."""
        if self.on_sat and not self.for_good:
            self.sat.pop()
            self.on_sat = False
        self._retire_search()
        self.blocked = set()

    def _retire_search(self) -> None:
        self.counters = self._counted()
        self.search, self.started = None, False
        self.emitted, self.failed_before = [], 0

    def _counted(self) -> dict[str, int]:
        """The search counters of every search this session ran, the current one included."""
        counters = dict(self.counters)
        for key, value in (self.search.stats() if self.search is not None else {}).items():
            if key != "constraints":
                counters[key] = counters.get(key, 0) + value
        return counters

    def stats(self) -> dict[str, int | float | str]:
        counters = self._counted()
        if self.sat is not None:  # what sat did, and how much cp had searched before
            return {
                **self.sat.stats(),
                "answered_by": "sat" if self.on_sat else "cp",
                "handover": self.handed or "",
                "cp_solve_seconds": round(self.solve_seconds, 6),
                "cp_nodes": counters.get("nodes", 0),
                "cp_failures": counters.get("failures", 0),
            }
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
        if self.sat is not None:
            self.sat.close()


def open_session(puzzle: Puzzle, plan: Plan) -> CpSession:
    from puzzlesat.solvers.plan import resolve

    return CpSession(puzzle, resolve(plan, puzzle))
