"""`[[table]]`: the cells' values form one of the `allowed` tuples, or none of the `forbidden` ones.

The most general rule: any relation between a few cells, written out. Lowers to one core `Table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlesat.model.core import Table
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import (
    KeyPath,
    cells_list,
    cells_value,
    expect,
    int_list,
    one_of,
    required,
    table,
    toml_value,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class TableRule:
    key = "table"

    cells: tuple[CellRef, ...]
    tuples: tuple[tuple[int, ...], ...]
    allowed: bool = True

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> TableRule:
        t = table(t, path, ("cells", "allowed", "forbidden"))
        required(t, path, "cells")
        cells = cells_list(t["cells"], (*path, "cells"))
        which = one_of(t, path, ("allowed", "forbidden"))
        rows = t[which]
        expect(isinstance(rows, list), rows, (*path, which), "a list of value tuples")
        tuples = tuple(tuple(int_list(r, (*path, which, k), "a tuple of integers")) for k, r in enumerate(rows, 1))
        return cls(tuple(cells), tuples, which == "allowed")

    def resolved(self, cell: CellResolver, where: str) -> TableRule:
        idx = tuple(cell(c, where) for c in self.cells)
        if not idx:
            raise ModelError(f"{where}: no cells")
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        tuples = tuple(tuple(t) for t in self.tuples)
        for k, t in enumerate(tuples, 1):
            if len(t) != len(idx):
                raise ModelError(f"{where}: tuple #{k} has {len(t)} values for {len(idx)} cells")
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in t):
                raise ModelError(f"{where}: tuple #{k} must hold integers")
        return TableRule(idx, tuple(sorted(set(tuples))), self.allowed)

    def lower(self, domains: Sequence[Sequence[int]] = ()) -> tuple[Table, ...]:
        return (Table(tuple(self.cells), self.tuples, self.allowed),)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return (tuple(values[c] for c in self.cells) in set(self.tuples)) == self.allowed

    def describe(self, names: Sequence[str]) -> str:
        return self.lower()[0].describe(names)

    def to_toml(self, names: Sequence[str]) -> list[str]:
        which = "allowed" if self.allowed else "forbidden"
        return [f"cells = {cells_value(self.cells, names)}", f"{which} = {toml_value([list(t) for t in self.tuples])}"]
