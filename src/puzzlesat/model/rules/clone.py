"""`[[clone]]`: two shapes of cells hold the same digits, cell for cell (f-puzzles' clones).

```toml
[[clone]]
cells = ["r1c1", "r1c2"]
copy = ["r9c8", "r9c9"]
```

Lowers to one `Linear` equality `a - b = 0` per pair of cells, which every encoding states
directly (the order encoding as binary clauses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlesat.model.core import Linear
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import Bad, KeyPath, cells_list, cells_value, required, table
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class Clone:
    key = "clone"

    cells: tuple[CellRef, ...]
    copy: tuple[CellRef, ...]

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Clone:
        t = table(t, path, ("cells", "copy"))
        required(t, path, "cells", "copy")
        cells = cells_list(t["cells"], (*path, "cells"))
        copy = cells_list(t["copy"], (*path, "copy"))
        if len(cells) != len(copy):
            raise Bad((*path, "copy"), f"{len(copy)} cells copy {len(cells)}; a clone has as many as its original")
        return cls(tuple(cells), tuple(copy))

    def resolved(self, cell: CellResolver, where: str) -> Clone:
        a = tuple(cell(c, where) for c in self.cells)
        b = tuple(cell(c, where) for c in self.copy)
        if not a or len(a) != len(b):
            raise ModelError(f"{where}: {len(b)} cells copy {len(a)}; a clone has as many as its original")
        if len(set(a)) != len(a) or len(set(b)) != len(b):
            raise ModelError(f"{where}: a cell appears twice")
        if any(x == y for x, y in zip(a, b, strict=True)):
            raise ModelError(f"{where}: a cell is its own clone")
        return Clone(a, b)

    def lower(self, domains: Sequence[Sequence[int]] = ()) -> tuple[Linear, ...]:
        return tuple(Linear((a, b), (1, -1), "=", 0) for a, b in zip(self.cells, self.copy, strict=True))

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return all(values[a] == values[b] for a, b in zip(self.cells, self.copy, strict=True))  # type: ignore[index]

    def describe(self, names: Sequence[str]) -> str:
        a = " ".join(names[c] for c in self.cells)  # type: ignore[index]
        b = " ".join(names[c] for c in self.copy)  # type: ignore[index]
        return f"{a} = {b}, cell for cell"

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"cells = {cells_value(self.cells, names)}", f"copy = {cells_value(self.copy, names)}"]
