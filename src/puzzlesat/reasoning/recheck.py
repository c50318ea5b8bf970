"""Every step is re-derived before it is shown, by means that did not find it.

1. A single (one placed value) whose cited facts leave its cell no other value, or its value no
   other place in a cited full all-different part, is re-derived in plain Python (`by_singles`).
2. Any other step goes to CaDiCaL (not the Glucose that searched), one solver holding the whole
   guarded CNF of the puzzle's shape, the same rules in other encodings than the ones that found
   the step (`RuleCNF.checker`, `RuleCNF.recoded`; D22): the cited rules' selectors and the
   cited facts are assumed, the deduction's negation is a clause behind a fresh activation
   literal; it must be unsatisfiable. A rule not cited is switched off by its selector at no
   cost, so this answers "do the cited rules and facts alone imply it" exactly; what the solver
   learns follows from the CNF, so a later answer stays sound (docs/decisions/explanations.md).
3. No deduction contradicts a known solution: a placed value is the solution's, a value ruled
   out is not.

`implies` is a fourth way, plain Python and no CNF at all, for the tests: a backtracking search
over the cited core constraints (`holds`) for an assignment that keeps the facts and breaks the
deduction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlesat.model.core import AllDifferent, Linear
from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning.facts import Fact, Step
from puzzlesat.runtime.errors import CheckError

if TYPE_CHECKING:
    from puzzlesat.reasoning.guarded import RuleCNF

# The re-checking solver: CaDiCaL, apart from the Glucose (`guarded.SOLVER`) that found the steps.
RECHECK_SOLVER = "cd19"
# ... holding the same rules in other encodings than the explainer's (`RuleCNF.recoded`): a step is
# re-derived on clauses that did not find it either, and these are the faster ones to search (D22).
# None: the explainer's own clauses.
RECHECK_CNF: tuple[str, str] | None = ("auto", "unary")


def by_singles(g: RuleCNF, step: Step) -> bool:
    """Plain Python: does the step place one value that its cited facts and the cited rules'
    all-different parts force, as a naked single (every other value of the cell is out) or a
    hidden single (the value is out of every other cell of a cited part that holds each of its
    values once)? A value is out of a cell when a cited fact removes it, places another value
    there, or places it in a cell sharing a cited part. False says only "not shown this way"."""
    if len(step.deduced) != 1 or not step.deduced[0].placed:
        return False
    (f,) = step.deduced
    doms = g.puzzle.domains
    if f.value not in doms[f.cell]:
        return False
    parts = [p for r in step.rules for p in g.by_id[r.id].alldifferent]
    placed = {x.cell: x.value for x in step.facts if x.placed}
    gone = {(x.cell, x.value) for x in step.facts if not x.placed}
    seen: dict[int, set[int]] = {}  # cell -> the values placed in the other cells of its cited parts

    def out(d: int, w: int) -> bool:
        if (d, w) in gone or (d in placed and placed[d] != w):
            return True
        if d not in seen:
            seen[d] = {placed[e] for p in parts if d in p for e in p if e != d and e in placed}
        return w in seen[d]

    if all(out(f.cell, w) for w in doms[f.cell] if w != f.value):
        return True
    for p in parts:
        full = len(p) == len(set().union(*(doms[c] for c in p)))
        if f.cell in p and full and all(out(d, f.value) for d in p if d != f.cell):
            return True
    return False


class Rechecker:
    """Re-derives each step of one walk (`check`): a single in plain Python, any other step on the
    shape's CaDiCaL (`RuleCNF.checker`), shared by the puzzles of one shape and built once."""

    def __init__(self, g: RuleCNF, solutions: Sequence[Sequence[int]], names: Sequence[str]) -> None:
        self.g, self.solutions, self.names = g, solutions, names

    def _follows(self, step: Step) -> bool:
        """CaDiCaL's answer: the cited rules and facts leave no way to break the deduction."""
        g = self.g
        assumptions = [*sorted({g.by_id[r.id].selector for r in step.rules}), *(g.literal(f) for f in step.facts)]
        broken = [-g.literal(f) for f in step.deduced]
        if RECHECK_CNF is not None:
            inner = g.recoded(*RECHECK_CNF).inner
            assumptions, broken = [inner[lit] for lit in assumptions], [inner[lit] for lit in broken]
        return not g.checker(RECHECK_SOLVER, RECHECK_CNF).satisfiable(assumptions, broken)

    def check(self, step: Step) -> None:
        """Raise CheckError unless the step follows from what it cites alone and agrees with every
        known solution."""
        if not by_singles(self.g, step) and not self._follows(step):
            shown = ", ".join(say(f, self.names) for f in step.deduced)
            raise CheckError(f"a step does not follow from what it cites: {shown}")
        for f in step.deduced:
            for s in self.solutions:
                if (s[f.cell] == f.value) != f.placed:
                    raise CheckError(f"a step contradicts a solution: {say(f, self.names)}")


def say(fact: Fact, names: Sequence[str]) -> str:
    return f"{names[fact.cell]} {'=' if fact.placed else '!='} {fact.value}"


def implies(puzzle: Puzzle, rule_ids: Sequence[str], facts: Sequence[Fact], deduced: Sequence[Fact],
            limit: int = 2_000_000) -> bool | None:
    """Plain Python: do the rules (by id, `RuleRef.id`) and the facts imply every deduced fact (with none
    deduced: do they conflict)? None if the search passes `limit` nodes. It looks for an
    assignment of the rules' cells that keeps the facts and breaks a deduced fact (smallest domain
    first; a value leaves the other cells of its all-different constraints, and any other
    constraint with one cell left filters that cell's values); there is none exactly
    when the deduction follows."""
    wanted = set(rule_ids)
    constraints = [con for label, con in puzzle.lowered if label in wanted]
    cells = sorted({c for con in constraints for c in con.cells} | {f.cell for f in (*facts, *deduced)})
    doms: dict[int, list[int]] = {c: list(puzzle.domains[c]) for c in cells}
    for f in facts:
        doms[f.cell] = [v for v in doms[f.cell] if (v == f.value) == f.placed]
    unknowns = {u.name: u.domain for u in puzzle.unknowns}
    touching: dict[int, list] = {c: [] for c in cells}
    for con in constraints:
        for c in con.cells:
            touching[c].append(con)
    values: dict[int, int] = {}
    nodes = 0

    def holds(con, vals: dict[int, int]) -> bool:
        if isinstance(con, AllDifferent):
            seen = [vals[c] for c in con.cells if c in vals]
            return len(seen) == len(set(seen))
        if any(c not in vals for c in con.cells):
            return True
        if isinstance(con, Linear) and isinstance(con.rhs, str):
            return any(con.holds(vals, {con.rhs: n}) for n in unknowns[con.rhs])
        return con.holds(vals, {})

    def broken() -> bool:  # with nothing deduced, any assignment at all breaks "they cannot hold together"
        return not deduced or any((values[f.cell] == f.value) != f.placed for f in deduced)

    def forward(c: int, domains: dict[int, list[int]]) -> dict[int, list[int]] | None:
        """The domains after c's value: each constraint of c with one open cell filters that cell."""
        out = dict(domains)
        for con in touching[c]:
            if not holds(con, values):
                return None
            open_cells = [d for d in con.cells if d not in values]
            if isinstance(con, AllDifferent):  # c's value leaves every other open cell
                for d in open_cells:
                    out[d] = [v for v in out[d] if v != values[c]]
                    if not out[d]:
                        return None
                continue
            if len(open_cells) == 1:
                (d,) = open_cells
                keep = [v for v in out[d] if holds(con, {**values, d: v})]
                if not keep:
                    return None
                out[d] = keep
        return out

    def search(domains: dict[int, list[int]]) -> bool | None:
        nonlocal nodes
        free = [c for c in cells if c not in values]
        if not free:
            return broken()
        c = min(free, key=lambda x: (len(domains[x]), x))
        for v in domains[c]:
            nodes += 1
            if nodes > limit:
                return None
            values[c] = v
            narrowed = forward(c, domains)
            found = False if narrowed is None else search(narrowed)
            del values[c]
            if found is None or found:
                return found
        return False

    if not deduced:
        found = search(doms)
        return None if found is None else not found
    for f in deduced:  # a deduction breaks where one of its facts does: look there first
        broken_here = [v for v in doms[f.cell] if (v == f.value) != f.placed]
        found = search({**doms, f.cell: broken_here}) if broken_here else False
        if found is None:
            return None
        if found:
            return False
    return True
