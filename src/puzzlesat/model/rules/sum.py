"""`[[sum]]`: a weighted sum of cells compared with a number or an unknown (lowers to one `Linear`).

`equals` is the classic magic line; `not_equal`, `less_than`, `at_most`, `greater_than` and
`at_least` give the other relations. An arrow sudoku's arrow is a sum with weights
`[1, ..., 1, -1]` equal to 0. The right side is an integer or an unknown's name (an identifier).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlesat.model.core import OPS, Linear
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import (
    KeyPath,
    cells_list,
    cells_value,
    expect,
    int_list,
    is_int,
    one_of,
    required,
    table,
    toml_value,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

# The file's key for each relation, in the order messages list them.
RELATIONS: dict[str, str] = {
    "equals": "=",
    "not_equal": "!=",
    "less_than": "<",
    "at_most": "<=",
    "greater_than": ">",
    "at_least": ">=",
}
KEYS = {op: key for key, op in RELATIONS.items()}


def check_rhs(rhs: object, where: str) -> None:
    if not (is_int(rhs) or isinstance(rhs, str)):
        raise ModelError(f"{where}: equals must be an integer or an unknown's name")


@dataclass(frozen=True)
class Sum:
    key = "sum"

    cells: tuple[CellRef, ...]
    rhs: int | str
    op: str = "="
    weights: tuple[int, ...] | None = None  # None: all 1

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Sum:
        t = table(t, path, ("cells", "equals", "weights", *list(RELATIONS)[1:]))
        required(t, path, "cells")
        cells = cells_list(t["cells"], (*path, "cells"))
        key = one_of(t, path, tuple(RELATIONS))
        rhs = t[key]
        expect(is_int(rhs) or isinstance(rhs, str), rhs, (*path, key), "an integer or an unknown's name")
        weights = t.get("weights")
        if weights is not None:
            weights = tuple(int_list(weights, (*path, "weights")))
        return cls(tuple(cells), rhs, RELATIONS[key], weights)

    def resolved(self, cell: CellResolver, where: str) -> Sum:
        if isinstance(self.cells, str) or not isinstance(self.cells, Sequence):
            raise ModelError(f"{where}: cells must be a list")
        idx = tuple(cell(c, where) for c in self.cells)
        weights = (1,) * len(idx) if self.weights is None else tuple(self.weights)
        if not all(is_int(w) for w in weights):
            raise ModelError(f"{where}: weights must be integers")
        if len(weights) != len(idx):
            raise ModelError(f"{where}: {len(weights)} weights for {len(idx)} cells")
        if self.op not in KEYS:
            raise ModelError(f"{where}: unknown relation {self.op!r}; valid: {' '.join(KEYS)}")
        check_rhs(self.rhs, where)
        return Sum(idx, self.rhs, self.op, weights)

    def lower(self, domains: Sequence[Sequence[int]] = ()) -> tuple[Linear, ...]:
        return (Linear(tuple(self.cells), tuple(self.weights or (1,) * len(self.cells)), self.op, self.rhs),)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        lhs = sum(w * values[c] for c, w in zip(self.cells, self.weights or (1,) * len(self.cells), strict=True))
        rhs = unknowns[self.rhs] if isinstance(self.rhs, str) else self.rhs
        return OPS[self.op](lhs, rhs)

    def describe(self, names: Sequence[str]) -> str:
        return self.lower()[0].describe(names)

    def to_toml(self, names: Sequence[str]) -> list[str]:
        out = [f"cells = {cells_value(self.cells, names)}", f"{KEYS[self.op]} = {toml_value(self.rhs)}"]
        if self.weights is not None and any(w != 1 for w in self.weights):
            out.append(f"weights = {toml_value(list(self.weights))}")
        return out
