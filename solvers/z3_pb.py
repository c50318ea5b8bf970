"""Z3 pseudo-Boolean encoding: the one-hot scheme's Booleans and constraints handed to Z3 as they are.

The driver (`puzzlesat.encoders.intvars`) with the direct scheme writes into a sink that keeps every
constraint as Z3 says it: a clause is an `Or`, at-most-one an `AtMost`, exactly-one and each linear
constraint a `PbEq`/`PbLe`/`PbGe` over the value Booleans (cells shifted by their least
contribution, so every weight is positive), a conditional one an `Implies`. It is the one-hot
CNF's model (`puzzlesat.encoders.onehot`) left to Z3's own cardinality and PB reasoning instead of a CNF.
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from puzzlesat.encoders import onehot
from puzzlesat.encoders.intvars import encode_integers
from puzzlesat.encoders.varmap import VarMap
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass

# Z3's PB terms take C ints: a weight or a bound outside them raises "k is too large".
C_INT = range(-(2**31), 2**31)


class Z3Sink:
    """Variables are numbered as a pool numbers them; constraints become Z3 terms."""

    own_sums = None  # Z3 takes a sum as one PbEq

    def __init__(self, ctx: z3.Context | None) -> None:
        self.ctx = ctx
        self.ids: dict[tuple[object, ...], int] = {}
        self.bools: list[z3.BoolRef] = []
        self.clauses: list[list[int]] = []  # plain clauses, turned into `Or`s by `assertions`
        self.terms: list[z3.BoolRef] = []

    def var(self, key: tuple[object, ...]) -> int:
        if key not in self.ids:
            self.ids[key] = len(self.ids) + 1
            self.bools.append(z3.Bool("_".join(map(str, key)), self.ctx))
        return self.ids[key]

    def lit(self, lit: int) -> z3.BoolRef:
        b = self.bools[abs(lit) - 1]
        return b if lit > 0 else z3.Not(b)

    def at_most_one(self, lits: list[int], used: bool = False) -> None:
        if used:
            self.exactly_one(lits)
        elif len(lits) > 1:
            self.terms.append(z3.AtMost(*map(self.lit, lits), 1))

    def exactly_one(self, lits: list[int]) -> None:
        self.terms.append(z3.PbEq([(self.lit(x), 1) for x in lits], 1))

    def pb(self, lits: list[int], weights: list[int], op: str, bound: int, when: int | None = None) -> None:
        pairs = [(self.lit(x), w) for x, w in zip(lits, weights, strict=True)]
        if pairs and bound in C_INT and all(w in C_INT for w in weights):
            build = {"=": z3.PbEq, "<=": z3.PbLe, ">=": z3.PbGe}[op]
            term = build(pairs, bound)
        elif pairs:  # past the C ints: the same sum in integer arithmetic, which has no bound
            total = z3.Sum([z3.If(b, z3.IntVal(w, self.ctx), z3.IntVal(0, self.ctx)) for b, w in pairs])
            term = {"=": total == bound, "<=": total <= bound, ">=": total >= bound}[op]
        else:
            term = z3.BoolVal({"=": bound == 0, "<=": bound >= 0, ">=": bound <= 0}[op], self.ctx)
        self.terms.append(term if when is None else z3.Implies(self.lit(when), term))

    def clause(self, lits: Sequence[int]) -> z3.BoolRef:
        return z3.Or([self.lit(x) for x in lits]) if lits else z3.BoolVal(False, self.ctx)

    def assertions(self) -> tuple[z3.BoolRef, ...]:
        return (*self.terms, *map(self.clause, self.clauses))


@dataclass(frozen=True)
class Z3PBEncoding:
    """What the Z3 session reads: the assertions and the map from value Booleans to cell values."""

    sink: Z3Sink
    varmap: VarMap
    less: object  # the scheme's x < y, as clauses over the pool's literals
    cell_vars: tuple
    assertions: tuple[z3.BoolRef, ...]
    primary: tuple[int, ...]  # the variables a model is decoded from

    def _true(self, model: z3.ModelRef) -> list[int]:
        return [v for v in self.primary if z3.is_true(model.eval(self.sink.bools[v - 1], model_completion=True))]

    def values(self, model: z3.ModelRef) -> tuple[int, ...]:
        """The cell values of a model: the value whose Bool is true, per cell."""
        return self.varmap.decode(self._true(model))[0]

    def unknown_values(self, model: z3.ModelRef) -> dict[str, int]:
        return self.varmap.decode(self._true(model))[1]

    def differs_from(self, values: Sequence[int]) -> z3.BoolRef:
        """The blocking clause for one full assignment, over the value Bools."""
        keys = list(enumerate(values))
        if any(key not in self.varmap.cells for key in keys):  # a value outside its domain: nothing to block
            return z3.BoolVal(True, self.sink.ctx)
        return self.sink.clause([-x for key in keys for x in self.varmap.cells[key]])

    def less_than(self, a: int, c: int) -> z3.BoolRef:
        """cell a < cell c as the scheme's clauses."""
        return z3.And([self.sink.clause(cl) for cl in self.less(self.cell_vars[a], self.cell_vars[c])])

    def size(self) -> dict[str, int]:
        return {"assertions": len(self.assertions), "booleans": len(self.varmap.cells) + len(self.varmap.unknowns)}


def encode(puzzle: Puzzle, ctx: z3.Context | None = None) -> Z3PBEncoding:
    sink = Z3Sink(ctx)
    driver = encode_integers(puzzle, onehot.scheme(), sink)
    varmap = VarMap(
        len(sink.ids),
        {(c, v): lits for c, var in enumerate(driver.cells) for v, lits in var.equals.items()},
        {(n, v): lits for n, var in driver.unknowns.items() for v, lits in var.equals.items()},
    )
    primary = tuple(sorted({abs(x) for lits in (*varmap.cells.values(), *varmap.unknowns.values()) for x in lits}))
    return Z3PBEncoding(sink, varmap, driver.scheme.less, tuple(driver.cells), sink.assertions(), primary)
