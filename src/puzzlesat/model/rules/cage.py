"""`[[cage]]`: cells whose values combine to a target: a sum (killer, kakuro) or, with KenKen's
operations, a product, a difference or a quotient (the last two of exactly two cells, in either
order: |a - b| = d, max / min = q). `distinct` (default true) makes the cage's cells all different,
as killer and kakuro cages are; KenKen files say `distinct = false`.

Lowering: a sum cage is one `Linear` equality (plus `AllDifferent` when distinct), or, when the
combinations are few, the table of them (`TABLE_LIMIT`, chosen by measurement,
docs/decisions/encodings-and-defaults.md, "Cages"); product, difference and quotient cages are
the table of the tuples that reach the target (a product's tuples are enumerated through the
divisors of what is left, so a 6-cell cage stays cheap).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from puzzlesat.model.core import AllDifferent, Constraint, Linear, Table
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import (
    Bad,
    KeyPath,
    cells_list,
    cells_value,
    expect,
    is_int,
    one_of,
    required,
    table,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

OPERATIONS = ("sum", "product", "difference", "quotient")
SYMBOL = {"sum": "+", "product": "x", "difference": "-", "quotient": "/"}
# A sum cage with at most this many value tuples becomes a table (the setters' combination
# tables); more, and it stays one linear equality. Measured on four killer sudokus without givens
# (31-36 cages of 2-4 cells), all raw solutions, seconds, median of 3: one-hot 0.23 with tables up
# to 50 tuples, 0.30 with none; order 0.27 / 0.44 (docs/decisions/encodings-and-defaults.md,
# "Cages and the default encoding of grid puzzles").
TABLE_LIMIT = 50
# Beyond this many tuples a product cage cannot be written out: refuse it with a message.
MAX_TUPLES = 200_000


@dataclass(frozen=True)
class Cage:
    key = "cage"

    cells: tuple[CellRef, ...]
    operation: str
    target: int
    distinct: bool = True

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Cage:
        t = table(t, path, ("cells", *OPERATIONS, "distinct"))
        required(t, path, "cells")
        cells = cells_list(t["cells"], (*path, "cells"))
        op = one_of(t, path, OPERATIONS)
        expect(is_int(t[op]), t[op], (*path, op), "an integer")
        distinct = t.get("distinct", True)
        expect(isinstance(distinct, bool), distinct, (*path, "distinct"), "true or false")
        if op in ("difference", "quotient") and len(cells) != 2:
            raise Bad((*path, "cells"), f"a {op} cage takes exactly two cells, got {len(cells)}")
        return cls(tuple(cells), op, t[op], distinct)

    def resolved(self, cell: CellResolver, where: str) -> Cage:
        if self.operation not in OPERATIONS:
            raise ModelError(f"{where}: unknown operation {self.operation!r}; valid: {', '.join(OPERATIONS)}")
        idx = tuple(cell(c, where) for c in self.cells)
        if not idx:
            raise ModelError(f"{where}: no cells")
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        if self.operation in ("difference", "quotient") and len(idx) != 2:
            raise ModelError(f"{where}: a {self.operation} cage takes exactly two cells, got {len(idx)}")
        if not is_int(self.target):
            raise ModelError(f"{where}: the {self.operation} must be an integer")
        return Cage(idx, self.operation, self.target, bool(self.distinct))

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Constraint, ...]:
        cells = tuple(self.cells)
        doms = [domains[c] for c in cells]
        alldiff = (AllDifferent(cells),) if self.distinct and len(cells) > 1 else ()
        if self.operation == "sum":
            tuples = _first(_sums(doms, self.target, self.distinct), TABLE_LIMIT + 1)
            if not tuples:
                raise ModelError(self._unreachable())
            if len(tuples) <= TABLE_LIMIT:
                return (Table(cells, tuple(sorted(tuples)), True),)
            return (*alldiff, Linear(cells, (1,) * len(cells), "=", self.target))
        tuples = _first(TUPLES[self.operation](doms, self.target, self.distinct), MAX_TUPLES + 1)
        if len(tuples) > MAX_TUPLES:
            raise ModelError(f"more than {MAX_TUPLES} value tuples of its {len(cells)} cells reach {self.label}")
        if not tuples:
            raise ModelError(self._unreachable())
        return (Table(cells, tuple(sorted(tuples)), True),)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        """The cage read directly, not through its lowering (the tests compare the two)."""
        vals = [values[c] for c in self.cells]
        if self.distinct and len(set(vals)) != len(vals):
            return False
        if self.operation == "sum":
            return sum(vals) == self.target
        if self.operation == "product":
            return math.prod(vals) == self.target
        if self.operation == "difference":
            return abs(vals[0] - vals[1]) == self.target
        lo, hi = sorted(vals)
        return lo != 0 and hi == self.target * lo

    def _unreachable(self) -> str:
        repeats = "" if self.distinct else ", repeats allowed"
        return f"no values of its {len(self.cells)} cells reach {self.label} ({self.operation}{repeats})"

    def describe(self, names: Sequence[str]) -> str:
        sep = {"sum": " + ", "product": " * ", "difference": " - ", "quotient": " / "}[self.operation]
        what = sep.join(names[c] for c in self.cells)
        if self.operation == "difference":
            what = f"|{what}|"
        elif self.operation == "quotient":
            what += " (either order)"
        return f"{what} = {self.target}" + ("" if self.distinct else " (repeats allowed)")

    @property
    def label(self) -> str:
        """The clue as a setter writes it in the cage's corner: `12`, `24x`, `3-`, `2/`."""
        return str(self.target) if self.operation == "sum" else f"{self.target}{SYMBOL[self.operation]}"

    def to_toml(self, names: Sequence[str]) -> list[str]:
        out = [f"cells = {cells_value(self.cells, names)}", f"{self.operation} = {self.target}"]
        return out if self.distinct else [*out, "distinct = false"]


def _first(it: Iterator[tuple[int, ...]], n: int) -> list[tuple[int, ...]]:
    out = []
    for t in it:
        out.append(t)
        if len(out) >= n:
            break
    return out


def _sums(doms: Sequence[Sequence[int]], target: int, distinct: bool) -> Iterator[tuple[int, ...]]:
    """Tuples summing to target, pruned by the least and greatest the rest can add."""
    lows = [min(d) for d in doms]
    highs = [max(d) for d in doms]
    members, last = [set(d) for d in doms], len(doms) - 1

    def walk(i: int, left: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(doms):
            if left == 0:
                yield used
            return
        if i == last:  # the last cell can hold only what is left: one look-up, not a loop (start-up)
            if left in members[i] and not (distinct and left in used):
                yield (*used, left)
            return
        rest_lo, rest_hi = sum(lows[i + 1 :]), sum(highs[i + 1 :])
        for v in doms[i]:
            if (distinct and v in used) or not rest_lo <= left - v <= rest_hi:
                continue
            yield from walk(i + 1, left - v, (*used, v))

    yield from walk(0, target, ())


def _products(doms: Sequence[Sequence[int]], target: int, distinct: bool) -> Iterator[tuple[int, ...]]:
    """Tuples whose product is target; each value must divide what is left (zero aside)."""
    members, last = [set(d) for d in doms], len(doms) - 1

    def walk(i: int, left: int | None, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(doms):
            prod = 1
            for v in used:
                prod *= v
            if prod == target:
                yield used
            return
        if left is not None and i == last:  # the last cell must hold what is left: one look-up (start-up)
            if left in members[i] and not (distinct and left in used):
                yield (*used, left)
            return
        for v in doms[i]:
            if distinct and v in used:
                continue
            if left is not None and (v == 0 or left % v):
                continue
            yield from walk(i + 1, None if left is None else left // v, (*used, v))

    # Zero in a domain makes divisibility meaningless: fall back to the full walk with no pruning.
    has_zero = any(0 in d for d in doms)
    yield from walk(0, None if has_zero or target == 0 else target, ())


def _pairs(test) -> Any:
    def gen(doms: Sequence[Sequence[int]], target: int, distinct: bool) -> Iterator[tuple[int, int]]:
        for a in doms[0]:
            for b in doms[1]:
                if (not distinct or a != b) and test(a, b, target):
                    yield a, b

    return gen


TUPLES = {
    "product": _products,
    "difference": _pairs(lambda a, b, d: abs(a - b) == d),
    "quotient": _pairs(lambda a, b, q: min(a, b) != 0 and max(a, b) == q * min(a, b)),
}
