"""`[[less]]`: cells strictly increasing along the list, as a thermometer rises from its bulb.

A futoshiki sign is a two-cell chain. Lowers to one `Linear` per consecutive pair,
`a - b < 0`, which the order encoding turns into binary clauses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from puzzlesat.model.core import Linear
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import KeyPath, cells_list, cells_value, required, table
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class Less:
    key = "less"

    cells: tuple[CellRef, ...]

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Less:
        t = table(t, path, ("cells",))
        required(t, path, "cells")
        return cls(tuple(cells_list(t["cells"], (*path, "cells"))))

    def resolved(self, cell: CellResolver, where: str) -> Less:
        idx = tuple(cell(c, where) for c in self.cells)
        if len(idx) < 2:
            raise ModelError(f"{where}: a chain needs at least two cells")
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        return Less(idx)

    def lower(self, domains: Sequence[Sequence[int]] = ()) -> tuple[Linear, ...]:
        return tuple(Linear((a, b), (1, -1), "<", 0) for a, b in pairwise(self.cells))

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        """Strictly increasing from the first cell, read directly."""
        return all(values[a] < values[b] for a, b in pairwise(self.cells))

    def describe(self, names: Sequence[str]) -> str:
        return " < ".join(names[c] for c in self.cells)

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"cells = {cells_value(self.cells, names)}"]
