"""A solver over another numbering of the same literals: questions and answers translated.

The explainer's search splits ask thousands of questions whose answer is the rules', not their
clauses' (which rules, facts and hypothesis have a model together). The clauses that make unit
propagation say what a person says (the explainer's CNF) are not the ones a solver searches
fastest: on Orbit's recorded cut questions MiniSat took 61.8 s over them and 30.3-36.0 s over the
same rules in pairwise at-most-ones and unary sums (docs/decisions/explanations.md, D22). So the
cuts' solvers hold that other CNF, and this wrapper renames each question into it and each model
and core back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol


class Answerer(Protocol):
    """What `Refuter` asks of a solver (a `ClauseSolver` or a `Raced` pair)."""

    def solve(self, assumptions: Sequence[int] = ()) -> bool: ...

    def get_model(self) -> list[int] | None: ...

    def get_core(self) -> list[int] | None: ...

    def delete(self) -> None: ...


class Renamed:
    """`solver` holds its own numbering; `inner` maps each literal a question may hold to it (both
    signs). A model comes back over the outer variables 1..`top`, those `inner` does not name set
    false (no caller reads them); a core comes back in the outer literals."""

    def __init__(self, solver: Answerer, inner: Mapping[int, int], top: int) -> None:
        self.solver, self.inner = solver, dict(inner)
        self.outer = {b: a for a, b in self.inner.items()}
        self._pairs = sorted((a, b) for a, b in self.inner.items() if a > 0)
        self._false = [-v for v in range(1, top + 1)]

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        inner = self.inner
        return self.solver.solve([inner[lit] for lit in assumptions])

    def get_model(self) -> list[int] | None:
        model = self.solver.get_model()
        if model is None:
            return None
        out = list(self._false)
        size = len(model)
        for a, b in self._pairs:
            if b <= size and model[b - 1] > 0:
                out[a - 1] = a
        return out

    def get_core(self) -> list[int] | None:
        core = self.solver.get_core()
        return None if core is None else [self.outer[lit] for lit in core]

    def delete(self) -> None:
        self.solver.delete()
