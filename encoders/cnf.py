"""The CNF container every CNF encoder returns, and what a SAT backend needs from it.

Encoder-neutral: one-hot, order or log encodings differ only in which conjunction of literals
means "cell c holds v" (`value_literals`). Blocking clauses and decoding go through that method,
so the backend never assumes one variable per value, and blocking uses primary literals only,
never auxiliaries (as CPMpy's `solveAll` does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from puzzlesat.encoders.varmap import VarMap
from puzzlesat.runtime.errors import CheckError
from puzzlesat.runtime.records import dataclass, field

# A native constraint sum(weights[i] * lits[i]) <= bound; weights empty means all 1.
NativeAtMost = tuple[list[int], int, list[int]]


@dataclass(frozen=True)
class CNFEncoding:
    """Clauses over variables 1..nvars, plus the maps from puzzle facts to literals.

    `x[(cell, value)]` and `y[(unknown, value)]` are the primary (decision) variables; every other
    variable is auxiliary, introduced by a cardinality or PB encoding. `atmosts` holds native
    AtMostK constraints (the "native" card/PB encodings), which only some solvers accept.
    """

    clauses: list[list[int]]
    nvars: int
    x: dict[tuple[int, int], int]
    y: dict[tuple[str, int], int]
    domains: tuple[tuple[int, ...], ...]
    unknown_domains: dict[str, tuple[int, ...]]
    atmosts: list[NativeAtMost] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def decision_vars(self) -> int:
        return len(self.x) + len(self.y)

    def value_literals(self, cell: int, value: int) -> list[int]:
        """A conjunction of literals meaning "cell holds value" (one-hot: the single x variable)."""
        return [self.x[cell, value]]

    def unknown_literals(self, name: str, value: int) -> list[int]:
        """A conjunction of literals meaning "the unknown `name` equals value"."""
        return [self.y[name, value]]

    def blocking_clause(self, values: Sequence[int]) -> list[int]:
        """The clause forbidding exactly this full cell assignment (and nothing else)."""
        if len(values) != len(self.domains):
            raise ValueError(f"{len(values)} values for {len(self.domains)} cells")
        return [-lit for c, v in enumerate(values) for lit in self.value_literals(c, v)]

    def less_than_clauses(self, a: int, b: int) -> list[list[int]]:
        """Clauses for cell a < cell b (lex-leader symmetry breaking): x[a,v] -> some x[b,w], w > v."""
        return [[-self.x[a, v], *(self.x[b, w] for w in self.domains[b] if w > v)] for v in self.domains[a]]


    @cached_property
    def varmap(self) -> VarMap:
        """The map from literals back to cell values, read once through `value_literals`."""
        return VarMap.from_encoding(self)

    def decode(self, model: Iterable[int]) -> tuple[tuple[int, ...], dict[str, int]]:
        """Cell values and unknowns from a model (a solver's signed literals, or the true ones).

        Each cell must match exactly one value; anything else means the encoding is broken, which
        is a CheckError (an internal error), never a user error.
        """
        try:
            return self.varmap.decode(model)
        except ValueError as e:
            raise CheckError(f"internal error: {str(e).replace('the model', 'the SAT model')}") from None

    def stats(self) -> dict[str, int]:
        return dict(self._stats)

    @cached_property
    def _stats(self) -> dict[str, int]:
        """Computed once: counting literals walks every clause, and batches ask after each instance."""
        return {
            "variables": self.nvars,
            "decision_variables": self.decision_vars,
            "auxiliary_variables": self.nvars - self.decision_vars,
            "clauses": len(self.clauses),
            "literals": sum(len(c) for c in self.clauses),
            "native_constraints": len(self.atmosts),
        }
