"""Every step is re-derived before it is shown, by means that did not find it.

1. A fresh solver (CaDiCaL, not the Glucose that searched), holding only the clauses of the rules
   the step cites and the cells' own, with the cited facts as unit clauses and the negation of
   the deduction: it must be unsatisfiable.
2. No deduction contradicts a known solution: a placed value is the solution's, a value ruled
   out is not.

`implies` is a third way, plain Python and no CNF at all, for the tests: a backtracking search
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


def recheck(g: RuleCNF, solutions: Sequence[Sequence[int]], names: Sequence[str], step: Step) -> None:
    """Raise CheckError unless the step follows from what it cites alone and agrees with every
    known solution."""
    selectors = [g.by_id[r.id].selector for r in step.rules]
    solver = g.isolated(selectors, cells=[f.cell for f in (*step.facts, *step.deduced)])
    try:
        for fact in step.facts:
            solver.add_clause([g.literal(fact)])
        solver.add_clause([-g.literal(f) for f in step.deduced])
        if solver.solve():
            shown = ", ".join(say(f, names) for f in step.deduced)
            raise CheckError(f"a step does not follow from what it cites: {shown}")
    finally:
        solver.delete()
    for f in step.deduced:
        for s in solutions:
            if (s[f.cell] == f.value) != f.placed:
                raise CheckError(f"a step contradicts a solution: {say(f, names)}")


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
