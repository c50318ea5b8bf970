"""A search split's premises cut to minimal rules and facts: one job a hypothesis.

A cut asks only whether sets of rules, facts and the hypothesis are satisfiable (`core_deletion`:
one by one, dearest first, an item outside the last core dropped unasked), so its answer is the
clause set's whatever solver answers, and a question a kept model answers needs no solve
(`puzzlesat.solvers.witnessed`; docs/decisions/explanations.md, D20). A `Cut` carries all it
needs (the orders are the explainer's); the rules' and facts' cells, fixed for a puzzle, are
given once to `Cutter`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from puzzlesat.reasoning.minimal import core_deletion
from puzzlesat.runtime.records import dataclass
from puzzlesat.solvers.witnessed import Refute


@dataclass(frozen=True)
class Cut:
    """One hypothesis's cut. `rules`: a set that refutes it with `lits`, in deletion order
    (dearest first); `lits`: the facts known, in the facts' deletion order; `core`: a proof inside
    them at hand (else it is asked first: the rules may be an earlier step's cut); `cut`: cut the
    rules (else they stand); `facts`: cut the facts too, with the rules kept."""

    hyp: int
    rules: tuple[int, ...]
    lits: tuple[int, ...]
    core: frozenset[int] | None
    cut: bool
    facts: bool


@dataclass(frozen=True)
class Cutter:
    """Runs a `Cut` on one solver's answers: (the minimal rules, sorted; the minimal facts by
    absolute value, or None when not asked), or None when the rules no longer refute."""

    rule_cells: Mapping[int, frozenset[int]]
    lit_cell: Mapping[int, int]

    def __call__(self, job: Cut, refute: Refute) -> tuple[tuple[int, ...], tuple[int, ...] | None] | None:
        hyp, lits = job.hyp, list(job.lits)
        rules = sorted(job.rules)
        if job.cut:
            core = job.core if job.core is not None else refute([*job.rules, *lits, hyp])
            if core is None:
                return None
            rules = sorted(core_deletion(job.rules, lambda trial: refute([*trial, *lits, hyp]), core, nonempty=True))
        if not job.facts:
            return tuple(rules), None
        cells = {c for s in rules for c in self.rule_cells[s]}
        keep = [lit for lit in lits if self.lit_cell[lit] in cells]  # facts off the rules' cells first, at once
        core = refute([*rules, *keep, hyp])
        if core is None:
            keep, core = lits, None
        found = core_deletion(keep, lambda trial: refute([*rules, *trial, hyp]), core)
        return tuple(rules), tuple(sorted(found, key=abs))


def rule_order(rules: Sequence[int], cost_of: Mapping[int, float]) -> tuple[int, ...]:
    """Rules in deletion order: the dearest first (kept only if needed)."""
    return tuple(sorted(rules, key=lambda s: (-cost_of[s], s)))
