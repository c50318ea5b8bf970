"""The SAT backend: a CNF encoding loaded into one PySAT solver, searched in conflict-budget slices.

Why slices: CaDiCaL in PySAT ignores `interrupt()` and keeps the GIL while it solves, so neither a
timer thread nor Ctrl-C can stop a long call. Bounded `solve_limited()` calls return to Python
often enough to check the deadline and to let KeyboardInterrupt through, and an incremental solver
keeps its learnt clauses from one slice to the next. Slices start small (cheap solutions stay
cheap) and grow to a cap counted in conflicts, never in seconds (docs/decisions/cli.md,
"Determinism").
A session's first search is raced against a second configuration (`_race`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from puzzlesat import encoders
from puzzlesat.encoders.cnf import CNFEncoding
from puzzlesat.encoders.pysat_names import no_pysat_signals
from puzzlesat.model.model import Puzzle
from puzzlesat.solvers import pysat_solvers
from puzzlesat.solvers.base import Config, Found, SearchStopped, check_stop
from puzzlesat.solvers.plan import Plan

# Slices: the first has FIRST_SLICE conflicts, each next one GROWTH times more, up to MAX_SLICE,
# a schedule in conflicts only. Slicing changes CaDiCaL's path (each call starts afresh from level
# 0), so budgets that followed the clock (they used to aim at 0.25 s a slice) made the same
# command find a different first 6x6 magic square from run to run (36k-76k conflicts); a fixed
# schedule finds the same one every time (docs/decisions/cli.md, "Determinism"). The price is the
# deadline's precision: it is checked between slices, and 10,000 conflicts take 0.2-0.6 s on the
# catalog's puzzles, up to 3 s late in a long enumeration with thousands of blocking clauses. A
# rebuilt (non-incremental) solver starts from scratch every slice, so its budget only doubles
# (restarts with doubling budgets cost at most about twice the last one).
FIRST_SLICE = 1_000
FIRST_REBUILT_SLICE = 10_000  # Kissat costs ~0.1 s per rebuild: fewer, bigger first tries
MAX_SLICE = 10_000
GROWTH = 4

# The defaults (cadical195 here; seqcounter and totalizer in encoders/pysat_names.py) come from
# these runs: one-hot, enumeration seconds, modulo symmetry unless "raw", on 2 cores shared with
# other jobs (+-30%; the order-4 square varies most, its final UNSAT call alone took 21 of 72 s).
#                               seqcounter+  pairwise+   seqcounter+  seqcounter+
#                               totalizer    totalizer   sortnetwrk   bdd
#   magic-star (80)             1.2-1.9      1.2         4.1-4.9      2.7-4.5
#   magic-star raw (960)        2.1          1.5         5.4
#   magic-square-4 (880)        53-137 (4x)  87          43-74 (3x)   109-180 (3x)
#   magic-square-4 raw (7040)   81                       56
#   magic-square-18 (50)        9.3          14.5        33.8         51.7
#   magic-pair-18 (3)           27.1         64.9        94.1
# Other PB encodings, magic-star, seqcounter: mixedradix 3.6, adder 7.1, binmerge 7.0, watchdog 7.6,
# seqcounter 12.4, native 28.9 (a Python propagator). Card encodings on magic-star all take 1.4-1.8
# but native (14.2). Solvers, magic-star raw: cadical195 1.9, cadical153 3.5, minisat22 4.2,
# glucose4 5.2, lingeling 21.7, maplechrono 26.3, kissat404 603 of 960 in 200 s (a rebuild per
# call); Z3 (z3-int) 9.8. Slicing costs nothing measurable: magic-star raw 1.42 s sliced, 1.43 s
# with one plain solve() per call.


# The solvers' tuning (`SolverInfo.options`, the first search's race). Instance generation
# (src/puzzlesat/setter/drafts.py) turns it off: which solutions the solver finds decides where clues go, so
# instances made from a seed stay as they were made while the tuning changes.
TUNED = True

# A formula this large (in literals) is not loaded twice for a race: memory was sized for one solver.
RACE_LITERALS = 5_000_000

# The search counters PySAT's solvers report (accum_stats), in --json stats.
SEARCH_STATS = ("conflicts", "decisions", "propagations", "restarts")


def _next_budget(budget: int, incremental: bool) -> int:
    """The conflict budget of the next slice: a function of the last budget alone, never of the clock."""
    return min(budget * GROWTH, MAX_SLICE) if incremental else budget * 2


class SatSession:
    """One incremental PySAT search; for a non-incremental solver, a fresh solver per solve call."""

    def __init__(self, puzzle: Puzzle, plan: Plan) -> None:
        t0 = time.perf_counter()
        self.info = pysat_solvers.get(str(plan.solver))
        from puzzlesat.solvers.narrow import narrowed

        self.encoding: CNFEncoding = encoders.get(plan.encoding, "cnf").encode(narrowed(puzzle), plan)
        self.settings = {"encoding": plan.encoding, "card": plan.card, "pb": plan.pb, "solver": self.info.name}
        self.blocked: list[list[int]] = []  # kept only to rebuild a non-incremental solver
        self.early: list[list[int]] = []  # clauses added before the first search (see _race)
        self.blocking_clauses = 0
        self.top = self.encoding.nvars  # the last variable in use: scope guards come after it
        self.guard: int | None = None  # the open scope's guard variable (see push)
        self.assumptions: list[int] = []
        self.solver: Any = self._new_solver() if self.info.incremental else None
        self.build_seconds = time.perf_counter() - t0
        self.solve_seconds = 0.0
        self.calls = 0
        self.slices = 0
        self.search: dict[str, int] = {}  # conflicts, decisions, propagations of solvers already deleted
        self.counted: dict[str, int] = {}  # the live solver's counters, read after its last normal return

    def _new_solver(self, options: tuple[tuple[str, int], ...] | None = None) -> Any:
        from pysat.solvers import Solver

        solver = Solver(name=self.info.pysat_name)
        if options is None:
            options = self.info.options if TUNED else ()
        if options:  # before any clause: CaDiCaL takes options only until its first search
            solver.configure(dict(options))
        solver.append_formula(self.encoding.clauses)
        if self.encoding.atmosts:
            if self.info.native == "pb":
                solver.activate_atmost()
            for lits, bound, weights in self.encoding.atmosts:
                if weights:
                    solver.add_atmost(lits, bound, weights=weights)
                else:
                    solver.add_atmost(lits, bound)
        if self.blocked:
            solver.append_formula(self.blocked)
        if self.assumptions:  # a rebuilt solver takes no assumptions: the scope's facts become units
            solver.append_formula([[lit] for lit in self.assumptions])
        return solver

    def _fresh(self) -> None:
        """Kissat cannot solve twice: replace it by a new solver holding every clause so far."""
        if self.solver is not None:
            self.search = self._search_stats()
            self.counted = {}
            self.solver.delete()
        self.solver = self._new_solver()

    def _solve(self, deadline: float | None) -> list[int] | None:
        """A model, or None when there is none; SearchStopped at the deadline."""
        if deadline is not None and time.monotonic() >= deadline:
            raise SearchStopped
        assumptions = self.assumptions if self.info.incremental else []
        if not self.info.limited:  # lingeling: one uninterruptible call
            self.slices += 1
            with no_pysat_signals():
                result = bool(self.solver.solve(assumptions=assumptions))
            self._count()
            return self.solver.get_model() if result else None
        if self._races():
            return self._race(deadline)
        budget = FIRST_SLICE if self.info.incremental else FIRST_REBUILT_SLICE
        while True:
            if not self.info.incremental:
                self._fresh()
            result = self._slice(self.solver, budget, assumptions)
            self._count()
            if result is not None:
                return self.solver.get_model() if result else None
            _between_slices(deadline)
            budget = _next_budget(budget, self.info.incremental)

    def _races(self) -> bool:
        """Whether this call is a session's first search, raced against a rival configuration
        (`SolverInfo.rival`); not within a scope (batch solving) nor with native constraints."""
        info, encoding = self.info, self.encoding
        if info.rival is None or not TUNED or not info.incremental or self.calls != 1 or self.guard is not None:
            return False
        return not encoding.atmosts and encoding.stats().get("literals", 0) <= RACE_LITERALS

    def _race(self, deadline: float | None) -> list[int] | None:
        """The first search, heavy-tailed: the session's solver and a rival take turns, slice for
        slice on the same conflict schedule, and the first to answer answers. Conflict counts
        alone decide who is first, so the answer is the same on every run. The rival exists only
        once the first slice failed, and is dropped after: the session's solver goes on."""
        rival: Any = None
        rival_stats: dict[str, int] = {}
        budget = FIRST_SLICE
        try:
            while True:
                result = self._slice(self.solver, budget, [])
                self._count()
                if result is not None:
                    return self.solver.get_model() if result else None
                _between_slices(deadline)
                if rival is None:
                    rival = self._new_solver(self.info.rival)
                    rival.append_formula(self.early)
                result = self._slice(rival, budget, [])
                rival_stats = _counters(rival)
                if result is not None:
                    return rival.get_model() if result else None
                _between_slices(deadline)
                budget = _next_budget(budget, True)
        finally:
            if rival is not None:  # its counters as last read after a normal return (see _count)
                for key, value in rival_stats.items():
                    self.search[key] = self.search.get(key, 0) + value
                rival.delete()

    def _slice(self, solver: Any, budget: int, assumptions: list[int]) -> bool | None:
        """One slice of `budget` conflicts. Ctrl-C reaches Python's handler, not PySAT's (see
        `no_pysat_signals`): the stop it asks for is honoured when the slice ends."""
        solver.conf_budget(budget)
        self.slices += 1
        with no_pysat_signals():
            return solver.solve_limited(assumptions=assumptions)

    def next(self, deadline: float | None) -> Found | None:
        t0 = time.perf_counter()
        self.calls += 1
        try:
            model = self._solve(deadline)
        finally:
            self.solve_seconds += time.perf_counter() - t0
            self.early = []
        if model is None:
            return None
        values, unknowns = self.encoding.decode(model)
        return Found(values, unknowns)

    def block(self, assignments: Sequence[tuple[int, ...]]) -> None:
        domains = self.encoding.domains  # an image outside them (narrowed away) is no model: nothing to block
        clauses = [
            self.encoding.blocking_clause(a) for a in assignments if all(v in domains[c] for c, v in enumerate(a))
        ]
        self.blocking_clauses += len(clauses)
        self._add(clauses)

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        self._add([c for a, b in pairs for c in self.encoding.less_than_clauses(a, b)])

    def push(self, givens: Sequence[tuple[int, int]]) -> None:
        """Open a scope: these givens hold, and what is blocked or added until `pop` is forgotten then.

        Batch solving encodes a puzzle once and solves many instances of it (e.g. sudokus) on one
        solver: the givens are assumptions, and every clause added in the scope carries the
        negation of a fresh guard literal, which is assumed true in the scope and fixed false after.
        """
        if self.guard is not None:
            raise RuntimeError("scopes do not nest")
        self.top += 1
        self.guard = self.top
        domains = self.encoding.domains
        if any(v not in domains[c] for c, v in givens):  # narrowed away (puzzlesat.solvers.narrow): no solution
            self.assumptions = [self.guard, -self.guard]
            return
        self.assumptions = [self.guard] + [lit for c, v in givens for lit in self.encoding.value_literals(c, v)]

    def pop(self) -> None:
        """Close the scope: its givens are dropped and its clauses switched off for good."""
        guard, self.guard, self.assumptions = self.guard, None, []
        if guard is not None:
            self._add([[-guard]])

    def _add(self, clauses: list[list[int]]) -> None:
        if self.guard is not None:
            clauses = [[*c, -self.guard] for c in clauses]
        if self.info.incremental:
            self.solver.append_formula(clauses)
            if self.calls == 0:  # static constraints (lex-leader): the first search's rival needs them too
                self.early.extend(clauses)
        else:
            self.blocked.extend(clauses)

    def stats(self) -> dict[str, int | float | str]:
        return {
            **self.settings,
            **self.encoding.stats(),
            "blocking_clauses": self.blocking_clauses,
            "build_seconds": round(self.build_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
            "solver_calls": self.calls,
            "solve_slices": self.slices,
            **self._search_stats(),
        }

    def _count(self) -> None:
        """Read the solver's counters now, after a call that returned normally: CaDiCaL aborts the
        whole process when asked after a call that was broken off (PySAT's Ctrl-C handler did
        that before `no_pysat_signals`; a solver that fails mid-call still may)."""
        self.counted = _counters(self.solver) or self.counted

    def _search_stats(self) -> dict[str, int]:
        """The solver's own counters (issue 16: where the time goes), summed over rebuilt solvers;
        empty for a solver that keeps none."""
        out = dict(self.search)
        for key, value in self.counted.items():
            out[key] = out.get(key, 0) + value
        return out

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def __enter__(self) -> SatSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _between_slices(deadline: float | None) -> None:
    """Ctrl-C and the deadline are honoured between slices."""
    check_stop()
    if deadline is not None and deadline <= time.monotonic():
        raise SearchStopped


def _counters(solver: Any) -> dict[str, int]:
    """A solver's search counters (empty for a solver that keeps none)."""
    try:
        mine = solver.accum_stats()
    except (AttributeError, NotImplementedError):
        return {}
    return {key: mine[key] for key in SEARCH_STATS if isinstance(mine.get(key), int)}


def open_session(puzzle: Puzzle, plan: Plan | Config) -> SatSession:
    """A session on the planned encoding (a `Config` is resolved first, for callers of this module)."""
    from puzzlesat.solvers.plan import resolve

    return SatSession(puzzle, resolve(plan, puzzle))
