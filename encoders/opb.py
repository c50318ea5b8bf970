"""The puzzle as a pseudo-Boolean formula in OPB (the PB competition format), for PB solvers.

No CNF encoding of cardinality or sums: a PB solver reasons on them natively. One variable per cell
and value (x) and per unknown and value (y), numbered as the one-hot CNF numbers them; exactly-one
as `= 1`, each distinct group's "at most one cell holds v" as `-1 a -1 b ... >= -1` (`= 1` when the
group is a permutation of its values), each linear sum as one equality over the x (and y) terms.
Only `>=` and `=` are used, the operators every OPB reader accepts (PB06 format, Roussel & Manquinho).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzles.model import Puzzle

from .dimacs import comment_block
from .varmap import VarMap

Term = tuple[int, int]  # (coefficient, variable)
Constraint = tuple[tuple[Term, ...], str, int]  # terms, ">=" or "=", right-hand side


@dataclass(frozen=True)
class PBFormula:
    nvars: int
    constraints: list[Constraint]
    varmap: VarMap

    def blocking_constraint(self, values: Sequence[int]) -> Constraint:
        """At least one cell differs from `values`: sum(1 - x[c, values[c]]) >= 1."""
        lits = [lit for c, v in enumerate(values) for lit in self.varmap.cells[c, v]]
        return tuple((-1, lit) for lit in lits), ">=", 1 - len(lits)


def encode(puzzle: Puzzle) -> PBFormula:
    """The OPB constraints of `puzzle`; deterministic (everything is visited in sorted order)."""
    x = {(c, v): 0 for c in range(puzzle.size) for v in puzzle.domains[c]}
    for k, key in enumerate(x, 1):
        x[key] = k
    unknowns = sorted(puzzle.unknowns, key=lambda u: u.name)
    y = {(u.name, n): len(x) + k for k, (u, n) in enumerate(((u, n) for u in unknowns for n in u.domain), 1)}
    out: list[Constraint] = []

    def add(terms: Iterable[Term], op: str, rhs: int) -> None:
        kept = tuple((a, var) for a, var in terms if a != 0)
        if kept or not (rhs == 0 or (op == ">=" and rhs < 0)):
            out.append((kept, op, rhs))

    for c in range(puzzle.size):
        add(((1, x[c, v]) for v in puzzle.domains[c]), "=", 1)
    for u in unknowns:
        add(((1, y[u.name, n]) for n in u.domain), "=", 1)
    for group in sorted(tuple(sorted(g)) for g in puzzle.distinct):
        union = sorted({v for c in group for v in puzzle.domains[c]})
        for v in union:
            lits = [x[c, v] for c in group if v in puzzle.domains[c]]
            if len(union) == len(group):
                add(((1, lit) for lit in lits), "=", 1)
            elif len(lits) > 1:
                add(((-1, lit) for lit in lits), ">=", -1)
    for s in puzzle.sums:
        terms = [(w * v, x[c, v]) for c, w in sorted(zip(s.cells, s.weights, strict=True)) for v in puzzle.domains[c]]
        if isinstance(s.total, int):
            add(terms, "=", s.total)
        else:
            u = next(u for u in unknowns if u.name == s.total)
            add(terms + [(-n, y[u.name, n]) for n in u.domain], "=", 0)
    for c, v in sorted(puzzle.givens):
        add([(1, x[c, v])], "=", 1)
    varmap = VarMap(len(x) + len(y), {k: (var,) for k, var in x.items()}, {k: (var,) for k, var in y.items()})
    return PBFormula(varmap.nvars, out, varmap)


def constraint_line(constraint: Constraint) -> str:
    terms, op, rhs = constraint
    if not terms:  # an unsatisfiable constraint with no terms: write it over variable 1
        terms, op, rhs = ((0, 1),), ">=", 1
    return " ".join(f"{a:+d} x{var}" for a, var in terms) + f" {op} {rhs} ;\n"


def opb_text(nvars: int, constraints: Sequence[Constraint], comments: Iterable[str] = ()) -> str:
    """OPB text: the `* #variable= N #constraint= M` line first, then `*` comments, then constraints."""
    head = f"* #variable= {nvars} #constraint= {len(constraints)}\n"
    return head + comment_block("*", comments) + "".join(constraint_line(c) for c in constraints)
