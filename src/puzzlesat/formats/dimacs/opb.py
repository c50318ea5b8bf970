"""The puzzle as a pseudo-Boolean formula in OPB (the PB competition format), for PB solvers.

No CNF encoding of cardinality or sums: a PB solver reasons on them natively. The one-hot scheme of
the driver (`puzzlesat.encoders.intvars`) writes into a sink that keeps each constraint as one OPB line,
variables numbered as the one-hot CNF numbers them: exactly-one as `= 1`, a distinct group's "at
most one cell holds v" as `-1 a -1 b ... >= -1` (`= 1` when the group is a permutation of its
values), each linear constraint as one line over the value variables (each cell shifted by its
least contribution), clauses as `>= 1` lines. A negated literal -x is written 1 - x; a constraint
that holds only when a literal does gets that literal with a big-M coefficient. Only `>=` and `=`
are used, the operators every OPB reader accepts (PB06 format, Roussel & Manquinho).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlesat.encoders import onehot
from puzzlesat.encoders.intvars import encode_integers
from puzzlesat.encoders.varmap import VarMap
from puzzlesat.formats.dimacs.writer import comment_block
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass

Term = tuple[int, int]  # (coefficient, variable)
Constraint = tuple[tuple[Term, ...], str, int]  # terms, ">=" or "=", right-hand side


class OPBSink:
    """Numbers variables as a pool does and keeps each constraint as (terms, op, rhs) over variables."""

    own_sums = None  # OPB says a sum as one constraint

    def __init__(self) -> None:
        self.ids: dict[tuple[object, ...], int] = {}
        self.clauses: list[list[int]] = []  # written as `>= 1` lines after the other constraints
        self.constraints: list[Constraint] = []

    def var(self, key: tuple[object, ...]) -> int:
        return self.ids.setdefault(key, len(self.ids) + 1)

    def add(self, pairs: Iterable[tuple[int, int]], op: str, rhs: int) -> None:
        constraint = over_variables(pairs, op, rhs)
        if constraint is not None:
            self.constraints.append(constraint)

    def at_most_one(self, lits: list[int], used: bool = False) -> None:
        if used:
            self.exactly_one(lits)
        elif len(lits) > 1:
            self.add(((x, 1) for x in lits), "<=", 1)

    def exactly_one(self, lits: list[int]) -> None:
        self.add(((x, 1) for x in lits), "=", 1)

    def pb(self, lits: list[int], weights: list[int], op: str, bound: int, when: int | None = None) -> None:
        pairs = list(zip(lits, weights, strict=True))
        if when is None:
            self.add(pairs, op, bound)
            return
        # when -> sum >= bound: sum + bound * -when >= bound; when -> sum <= bound likewise with the
        # most the sum can exceed it. "=" is both.
        if op in ("=", ">="):
            self.add([*pairs, (-when, max(bound, 0))], ">=", bound)
        if op in ("=", "<="):
            self.add([*pairs, (-when, -max(sum(weights) - bound, 0))], "<=", bound)

    def all_constraints(self) -> list[Constraint]:
        clauses = (over_variables(((x, 1) for x in clause), ">=", 1) for clause in self.clauses)
        return self.constraints + [c for c in clauses if c is not None]


def over_variables(pairs: Iterable[tuple[int, int]], op: str, rhs: int) -> Constraint | None:
    """sum(w * lit) op rhs over literals as terms over variables (w * -x = w - w * x), op `>=` or
    `=`; None when it always holds."""
    terms: list[Term] = []
    for lit, w in pairs:
        if lit > 0:
            terms.append((w, lit))
        else:
            terms.append((-w, -lit))
            rhs -= w
    if op == "<=":
        terms, op, rhs = [(-a, x) for a, x in terms], ">=", -rhs
    kept = tuple((a, x) for a, x in terms if a != 0)
    if kept or not (rhs == 0 or (op == ">=" and rhs < 0)):
        return kept, op, rhs
    return None


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
    sink = OPBSink()
    driver = encode_integers(puzzle, onehot.scheme(), sink)
    varmap = VarMap(
        len(sink.ids),
        {(c, v): lits for c, var in enumerate(driver.cells) for v, lits in var.equals.items()},
        {(n, v): lits for n, var in driver.unknowns.items() for v, lits in var.equals.items()},
    )
    return PBFormula(varmap.nvars, sink.all_constraints(), varmap)


def constraint_line(constraint: Constraint) -> str:
    terms, op, rhs = constraint
    if not terms:  # an unsatisfiable constraint with no terms: write it over variable 1
        terms, op, rhs = ((0, 1),), ">=", 1
    return " ".join(f"{a:+d} x{var}" for a, var in terms) + f" {op} {rhs} ;\n"


def opb_text(nvars: int, constraints: Sequence[Constraint], comments: Iterable[str] = ()) -> str:
    """OPB text: the `* #variable= N #constraint= M` line first, then `*` comments, then constraints."""
    head = f"* #variable= {nvars} #constraint= {len(constraints)}\n"
    return head + comment_block("*", comments) + "".join(constraint_line(c) for c in constraints)
