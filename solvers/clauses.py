"""A clause set on one PySAT solver, asked under assumptions: the session the explainer works on.

`puzzlesat.reasoning` switches rules on and off by selector literals and asks propagation, solving
and cores under assumptions; it reaches SAT only through this module (the layering: only the
solver layer imports a solver). The methods keep PySAT's names, so the explainer reads as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


class ClauseSolver:
    """One incremental SAT solver holding `clauses` (PySAT's solver `name`)."""

    def __init__(self, clauses: Iterable[Sequence[int]], name: str = "g3") -> None:
        from pysat.solvers import Solver

        self._solver: Any = Solver(name=name)
        add = self._solver.solver.add_clause  # the backend's own method: one call a clause, not two
        for c in clauses:  # PySAT reads any iterable of ints: no copy of a clause (a 9x9 holds ~15,000)
            add(c)

    def add_clause(self, clause: Sequence[int]) -> None:
        self._solver.add_clause(list(clause))

    def propagate(self, assumptions: Sequence[int] = ()) -> tuple[bool, list[int]]:
        """Unit propagation alone: (consistent, the literals it sets)."""
        ok, lits = self._solver.propagate(assumptions=list(assumptions))
        return bool(ok), list(lits)

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        return bool(self._solver.solve(assumptions=list(assumptions)))

    def solve_interruptible(self, assumptions: Sequence[int] = ()) -> bool | None:
        """`solve`, but None when `interrupt` (from another thread) stopped it first: the solver
        lets go of Python's lock meanwhile."""
        found = self._solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        return None if found is None else bool(found)

    def interrupt(self) -> None:
        self._solver.interrupt()

    def clear_interrupt(self) -> None:
        self._solver.clear_interrupt()

    def set_phases(self, literals: Sequence[int]) -> None:
        """The values the solver tries first for these variables (a backbone's models then cover
        candidates not seen yet)."""
        self._solver.set_phases(literals=list(literals))

    def get_core(self) -> list[int] | None:
        """The failed assumptions of the last unsatisfiable call."""
        core = self._solver.get_core()
        return None if core is None else list(core)

    def get_model(self) -> list[int] | None:
        model = self._solver.get_model()
        return None if model is None else list(model)

    def delete(self) -> None:
        self._solver.delete()

    def __enter__(self) -> ClauseSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.delete()


def smallest_core(
    hard: Iterable[Sequence[int]], soft: Sequence[tuple[int, int]], solver: str = "g3"
) -> list[int] | None:
    """The cheapest set of soft unit literals (literal, weight) that cannot hold with `hard`: their
    1-based positions in `soft`, by PySAT's OptUx (an optimal MUS by implicit hitting sets); None
    when `hard` and all of `soft` together are satisfiable."""
    from pysat.examples.optux import OptUx
    from pysat.formula import WCNF

    wcnf = WCNF()
    for clause in hard:
        wcnf.append(list(clause))
    for lit, weight in soft:
        wcnf.append([lit], weight=max(1, weight))
    with OptUx(wcnf, solver=solver) as optux:
        core = optux.compute()
    return None if core is None else list(core)
