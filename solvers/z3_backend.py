"""The Z3 backend: one incremental `z3.Solver`, a per-call timeout from the deadline."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

import z3

from puzzlesat import encoders
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import BackendError
from puzzlesat.runtime.stop import checkpoint, signalled
from puzzlesat.solvers.base import Config, Found, SearchStopped, check_stop, remaining, wake_on_signal
from puzzlesat.solvers.plan import Plan

# Assertions handed to Z3 at once while building (each chunk a few milliseconds).
ADD_CHUNK = 4096


class Z3Model(Protocol):
    """What a session needs of a Z3 encoding (`puzzlesat.solvers.z3_int`, `puzzlesat.solvers.z3_pb`): it reads models,
    blocks and breaks symmetry through these, so it never asks which encoding it holds."""

    @property
    def assertions(self) -> tuple[z3.BoolRef, ...]: ...

    def values(self, model: z3.ModelRef) -> tuple[int, ...]: ...

    def unknown_values(self, model: z3.ModelRef) -> dict[str, int]: ...

    def differs_from(self, values: Sequence[int]) -> z3.BoolRef: ...

    def less_than(self, a: int, b: int) -> z3.BoolRef: ...

    def size(self) -> dict[str, int]: ...


class Z3Session:
    def __init__(self, puzzle: Puzzle, plan: Plan) -> None:
        t0 = time.perf_counter()
        self.ctx = z3.Context()
        self.encoding: Z3Model = encoders.get(plan.encoding, "smt").encode(puzzle, self.ctx)
        self.solver = z3.Solver(ctx=self.ctx)
        # Z3 catches SIGINT itself while it checks (its `ctrl_c` option, on by default): it cancels
        # the search and swallows the signal, so neither Python's handler nor the signal watcher
        # ever hears of it and the "canceled" answer looked like a failure (exit 4, 5 runs in 19 on
        # a loaded machine). Off, Ctrl-C reaches the watcher, which interrupts Z3 as SIGTERM does.
        self.solver.set("ctrl_c", False)
        assertions = self.encoding.assertions
        for start in range(0, len(assertions), ADD_CHUNK):  # a million take Z3 seconds: stop between chunks
            checkpoint()
            self.solver.add(*assertions[start : start + ADD_CHUNK])
        self.settings = {"encoding": plan.encoding, "solver": "z3"}
        self.build_seconds = time.perf_counter() - t0
        self.solve_seconds = 0.0
        self.calls = 0

    def next(self, deadline: float | None) -> Found | None:
        left = remaining(deadline)
        if left is not None:
            if left <= 0:
                raise SearchStopped
            self.solver.set("timeout", max(1, int(left * 1000)))
        check_stop()
        t0 = time.perf_counter()
        try:
            # Python runs no signal handler while Z3 searches: the signal watcher interrupts the
            # context (Z3 allows it from another thread), so SIGTERM stops the search at once.
            with wake_on_signal(self.ctx.interrupt):
                result = self.solver.check()
        finally:
            self.solve_seconds += time.perf_counter() - t0
            self.calls += 1
        if result == z3.unsat:
            return None
        if result == z3.unknown:
            # Z3 says "canceled" both for its own timeout and for an interrupt. The signal watcher
            # records a signal before it interrupts Z3 (the main thread's handler, which sets the
            # stop flag, runs only after Z3 returns), so `signalled` tells them apart; the clock did
            # not (Z3's timer can end a little before the time it was given).
            reason = self.solver.reason_unknown()
            cancelled = any(word in reason for word in ("cancel", "interrupt", "timeout"))
            if cancelled and signalled():
                raise KeyboardInterrupt
            if cancelled and left is not None:
                raise SearchStopped
            raise BackendError(f"z3 could not decide the puzzle: {reason}")
        model = self.solver.model()
        return Found(self.encoding.values(model), self.encoding.unknown_values(model))

    def block(self, assignments: Sequence[tuple[int, ...]]) -> None:
        self.solver.add(*[self.encoding.differs_from(a) for a in assignments])

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        self.solver.add(*[self.encoding.less_than(a, b) for a, b in pairs])

    def stats(self) -> dict[str, int | float | str]:
        return {
            **self.settings,
            **self.encoding.size(),
            "build_seconds": round(self.build_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
            "solver_calls": self.calls,
        }

    def close(self) -> None:
        self.solver = None  # type: ignore[assignment]


def open_session(puzzle: Puzzle, plan: Plan | Config) -> Z3Session:
    """A session on the planned encoding (a `Config` is resolved first, for callers of this module)."""
    from puzzlesat.solvers.plan import resolve

    return Z3Session(puzzle, resolve(plan, puzzle))
