"""Questions under assumptions on one solver, a model found kept to answer later ones.

The explainer's search splits cut each refuted hypothesis to minimal rules and facts by deletion
(`puzzlesat.reasoning.split_cuts`): dozens of solves a hypothesis, most of them satisfiable (the
rule or fact is needed). Every model a solve finds is a model of the whole clause set (an
assumption only narrows it), so it answers "satisfiable" for any later assumptions it makes
true, without a solve: the answer is the clause set's either way, so the cuts are the same
(docs/decisions/explanations.md, D20).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlesat.runtime.stop import checkpoint
from puzzlesat.solvers.renamed import Answerer

Refute = Callable[[Sequence[int]], frozenset[int] | None]  # None when satisfiable, else the failed assumptions


class Refuter:
    """The answerer over one solver: None when the assumptions are satisfiable, else its core
    (all of them when it gives none); `between` runs before each solve (a stop).

    Models are kept on the variables of `keys` (those the questions assume) as bit masks, and
    looked up under the last assumption (the hypothesis): a question all of whose assumptions a
    kept model makes true is satisfiable. On Orbit's search splits 715 of 2,343 satisfiable rule
    questions were answered so."""

    def __init__(self, solver: Answerer, keys: Sequence[int] = (),
                 between: Callable[[], None] = checkpoint) -> None:  # fmt: skip
        self.solver, self.between = solver, between
        self.bit = {v: 1 << i for i, v in enumerate(sorted({abs(k) for k in keys}))}
        self.models: dict[int, list[int]] = {}  # a true key variable -> the models (masks of true keys) holding it
        self.solves = 0  # solver calls made (the rest were answered by a kept model)

    def witnessed(self, assumptions: Sequence[int]) -> bool:
        """Does a kept model make every assumption true?"""
        bit = self.bit
        if not assumptions or not self.models or any(abs(lit) not in bit for lit in assumptions):
            return False
        pos = neg = 0
        for lit in assumptions:
            if lit > 0:
                pos |= bit[lit]
            else:
                neg |= bit[-lit]
        return any(not (pos & ~m) and not (neg & m) for m in self.models.get(assumptions[-1], ()))

    def __call__(self, assumptions: Sequence[int]) -> frozenset[int] | None:
        if self.witnessed(assumptions):
            return None
        self.between()
        self.solves += 1
        if self.solver.solve(assumptions):
            if self.bit:
                model = self.solver.get_model() or []
                true = [v for v in self.bit if v <= len(model) and model[v - 1] > 0]
                mask = sum(self.bit[v] for v in true)
                for v in true:
                    self.models.setdefault(v, []).append(mask)
            return None
        return frozenset(self.solver.get_core() or assumptions)
