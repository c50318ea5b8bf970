"""`[[indexer]]`: an indexer cell, as f-puzzles' row, column and box indexers define it.

```toml
[[indexer]]
cell = "r4c1"                                     # the indexer cell, one of the line's cells
cells = ["r4c1", "r4c2", "r4c3", "r4c4", "r4c5", "r4c6", "r4c7", "r4c8", "r4c9"]  # the line it indexes
```

If the indexer cell holds X, the X-th cell of the line holds the indexer's own position on the
line. A column indexer at rYcZ indexes its row (`r4c1` = 7 puts 1 in r4c7), a row indexer its
column (`r4c1` = 7 puts 4 in r7c1), a box indexer its box in reading order. Lowers as a numbered
room does (`puzzlesat.model.rules.outside.element`): two-cell forbidden tables, one per digit of the cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlesat.model.core import Constraint
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.rules.outside import element, element_holds
from puzzlesat.model.tomlvalues import KeyPath, cells_list, cells_value, expect, required, table
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class Indexer:
    key = "indexer"

    cells: tuple[CellRef, ...]  # the line it indexes, in order
    cell: CellRef  # the indexer cell, one of `cells`

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Indexer:
        t = table(t, path, ("cell", "cells"))
        required(t, path, "cell", "cells")
        expect(isinstance(t["cell"], int | str) and not isinstance(t["cell"], bool), t["cell"], (*path, "cell"),
               "a cell")  # fmt: skip
        return cls(tuple(cells_list(t["cells"], (*path, "cells"))), t["cell"])

    def resolved(self, cell: CellResolver, where: str) -> Indexer:
        if isinstance(self.cells, str) or not isinstance(self.cells, Sequence):
            raise ModelError(f"{where}: cells must be a list")
        idx = tuple(cell(c, where) for c in self.cells)
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        at = cell(self.cell, where)
        if at not in idx:
            raise ModelError(f"{where}: the indexer cell is not on its line (cells)")
        return Indexer(idx, at)

    @property
    def position(self) -> int:
        """The indexer cell's place on its line, from 0."""
        return self.cells.index(self.cell)

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Constraint, ...]:
        return element(tuple(self.cells), self.position, self.position + 1, domains)  # type: ignore[arg-type]

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return element_holds([values[c] for c in self.cells], self.position, self.position + 1)  # type: ignore[index]

    def describe(self, names: Sequence[str]) -> str:
        line = " ".join(names[c] for c in self.cells)  # type: ignore[index]
        return f"{line}: the X-th cell holds {self.position + 1}"  # type: ignore[index]

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"cell = {cells_value((self.cell,), names)[1:-1]}", f"cells = {cells_value(self.cells, names)}"]  # type: ignore[arg-type]
