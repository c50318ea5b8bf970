"""Z3 integer encoding: one Int per cell and unknown, and every core kind in Z3's own terms.

`Distinct` for all-different, linear arithmetic with its relation for `Linear`, a disjunction of
tuples (or the negation of one) for `Table`. The most direct reading of the model; Z3's arithmetic
and its own cardinality reasoning do the rest. It is the reference the Boolean encodings are
compared against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

from puzzlesat.model.core import ATOM_OPS, OPS, AllDifferent, Atom, Guarded, Linear, Table
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import checkpoint


@dataclass(frozen=True)
class Z3Encoding:
    cells: tuple[z3.ArithRef, ...]
    unknowns: dict[str, z3.ArithRef]
    assertions: tuple[z3.BoolRef, ...]

    def values(self, model: z3.ModelRef) -> tuple[int, ...]:
        """The cell values of a model."""
        return tuple(model.eval(x, model_completion=True).as_long() for x in self.cells)

    def unknown_values(self, model: z3.ModelRef) -> dict[str, int]:
        return {name: model.eval(x, model_completion=True).as_long() for name, x in self.unknowns.items()}

    def differs_from(self, values: Sequence[int]) -> z3.BoolRef:
        """The blocking clause for one full assignment."""
        return z3.Or([x != v for x, v in zip(self.cells, values, strict=True)])

    def less_than(self, a: int, b: int) -> z3.BoolRef:
        """cell a < cell b (lex-leader symmetry breaking)."""
        return self.cells[a] < self.cells[b]

    def size(self) -> dict[str, int]:
        return {"assertions": len(self.assertions), "integers": len(self.cells) + len(self.unknowns)}


def in_domain(x: z3.ArithRef, domain: Sequence[int]) -> z3.BoolRef:
    """Bounds for a run of integers, a disjunction of equalities otherwise. Domains are sorted and
    unique (`puzzlesat.model.model`): a run is one as long as its span, told without listing the span
    ({0, 2**61, 2**62} listed it, and ran out of memory)."""
    if domain[-1] - domain[0] + 1 == len(domain):
        return z3.And(x >= domain[0], x <= domain[-1])
    return z3.Or([x == v for v in domain])




def _alldiff(con: AllDifferent, cells: Sequence[z3.ArithRef], unknowns: dict, ctx) -> list[z3.BoolRef]:
    return [z3.Distinct([cells[c] for c in con.cells])] if len(con.cells) > 1 else []


def _linear(con: Linear, cells: Sequence[z3.ArithRef], unknowns: dict, ctx) -> list[z3.BoolRef]:
    lhs = z3.Sum([w * cells[c] if w != 1 else cells[c] for c, w in zip(con.cells, con.weights, strict=True)])
    rhs = unknowns[con.rhs] if isinstance(con.rhs, str) else z3.IntVal(con.rhs, ctx)
    return [OPS[con.op](lhs, rhs)]


def _table(con: Table, cells: Sequence[z3.ArithRef], unknowns: dict, ctx) -> list[z3.BoolRef]:
    rows = [z3.And([cells[c] == v for c, v in zip(con.cells, t, strict=True)]) for t in con.tuples]
    if con.allowed:
        return [z3.Or(rows) if rows else z3.BoolVal(False, ctx)]
    return [z3.Not(r) for r in rows]


def _guard(atoms: Sequence[Atom], cells: Sequence[z3.ArithRef], ctx) -> z3.BoolRef:
    return z3.And([ATOM_OPS[op](cells[c], v) for c, op, v in atoms]) if atoms else z3.BoolVal(True, ctx)


def _guarded(con: Guarded, cells: Sequence[z3.ArithRef], unknowns: dict, ctx) -> list[z3.BoolRef]:
    """when -> sum(If(guard, w * cell, 0)) op rhs: Z3's arithmetic reads the condition directly."""
    terms = []
    for w, c, guard in con.terms:
        value = z3.IntVal(w, ctx) if c is None else (cells[c] if w == 1 else w * cells[c])
        terms.append(z3.If(_guard(guard, cells, ctx), value, 0) if guard else value)
    body = OPS[con.op](z3.Sum(terms) if terms else z3.IntVal(0, ctx), z3.IntVal(con.rhs, ctx))
    return [z3.Implies(_guard(con.when, cells, ctx), body) if con.when else body]


HANDLERS: dict[type, Callable[..., list[z3.BoolRef]]] = {
    AllDifferent: _alldiff,
    Linear: _linear,
    Table: _table,
    Guarded: _guarded,
}


def encode(puzzle: Puzzle, ctx: z3.Context | None = None) -> Z3Encoding:
    """Each cell and constraint checks the stop flag and the build deadline (`puzzlesat.runtime.stop`): Z3's
    Python API takes about 70 microseconds a cell, so a million cells is a minute to build."""
    cells: list[z3.ArithRef] = []
    out: list[z3.BoolRef] = []
    for i, d in enumerate(puzzle.domains):
        checkpoint()
        cells.append(z3.Int(f"c{i}", ctx))
        out.append(in_domain(cells[-1], d))
    unknowns = {u.name: z3.Int(f"u_{u.name}", ctx) for u in puzzle.unknowns}
    out += [in_domain(unknowns[u.name], u.domain) for u in puzzle.unknowns]
    for con in puzzle.core:
        checkpoint()
        out += HANDLERS[type(con)](con, cells, unknowns, ctx)
    out += [cells[c] == v for c, v in puzzle.givens]
    return Z3Encoding(tuple(cells), unknowns, tuple(out))
