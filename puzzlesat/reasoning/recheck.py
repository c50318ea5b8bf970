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

from puzzles.core import AllDifferent, Linear
from puzzles.errors import CheckError
from puzzles.model import Puzzle

from .facts import Fact, Step

if TYPE_CHECKING:
    from .search import Explainer


def recheck(ex: Explainer, step: Step) -> None:
    g = ex.g
    names = ex.puzzle.cells
    selectors = [g.by_name[r.name].selector for r in step.rules]
    solver = g.isolated(selectors)
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
        for s in ex.solutions:
            if (s[f.cell] == f.value) != f.placed:
                raise CheckError(f"a step contradicts a solution: {say(f, names)}")


def say(fact: Fact, names: Sequence[str]) -> str:
    return f"{names[fact.cell]} {'=' if fact.placed else '!='} {fact.value}"


def implies(puzzle: Puzzle, rule_names: Sequence[str], facts: Sequence[Fact], deduced: Sequence[Fact],
            limit: int = 2_000_000) -> bool | None:
    """Plain Python: do the named rules and the facts imply every deduced fact (with none deduced:
    do they conflict)? None if the search passes `limit` nodes. Finds an assignment of the rules' cells that keeps the facts and breaks a
    deduced fact; there is none exactly when the deduction follows."""
    wanted = set(rule_names)
    constraints = [con for label, con in puzzle.lowered if label in wanted]
    cells = sorted({c for con in constraints for c in con.cells} | {f.cell for f in (*facts, *deduced)})
    doms = {c: list(puzzle.domains[c]) for c in cells}
    for f in facts:
        doms[f.cell] = [v for v in doms[f.cell] if (v == f.value) == f.placed]
    unknowns = {u.name: u.domain for u in puzzle.unknowns}
    order = sorted(cells, key=lambda c: (len(doms[c]), c))
    at = {c: i for i, c in enumerate(order)}
    due: dict[int, list] = {}
    for con in constraints:
        due.setdefault(max(at[c] for c in con.cells), []).append(con)
    alldiffs = [con for con in constraints if isinstance(con, AllDifferent)]
    nodes = 0
    values: dict[int, int] = {}

    def consistent(i: int) -> bool:
        c = order[i]
        for con in alldiffs:
            if c in con.cells and any(values.get(d) == values[c] for d in con.cells if d != c):
                return False
        for con in due.get(i, ()):
            if isinstance(con, Linear) and isinstance(con.rhs, str):
                if not any(con.holds(values, {con.rhs: n}) for n in unknowns[con.rhs]):
                    return False
            elif not con.holds(values, {}):
                return False
        return True

    def broken() -> bool:  # with nothing deduced, any assignment at all breaks "they cannot hold together"
        return not deduced or any((values[f.cell] == f.value) != f.placed for f in deduced)

    def search(i: int) -> bool | None:
        nonlocal nodes
        if i == len(order):
            return broken()
        for v in doms[order[i]]:
            nodes += 1
            if nodes > limit:
                return None
            values[order[i]] = v
            if consistent(i):
                found = search(i + 1)
                if found is None or found:
                    del values[order[i]]
                    return found
            del values[order[i]]
        return False

    found = search(0)
    return None if found is None else not found
