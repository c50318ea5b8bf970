"""`[[quadruple]]`: the digits listed appear among the cells (a digit listed twice, twice), as
f-puzzles' quadruple circle on the corner of four cells says.

```toml
[[quadruple]]
cells = ["r1c1", "r1c2", "r2c1", "r2c2"]
values = [1, 3]
```

Lowers to one `Table` of the cells' value tuples that contain the listed digits; the encoders
state its complement instead when that is smaller (one clue digit forbids 8^4 of 9^4 tuples).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from puzzlesat.model.core import Table
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import (
    Bad,
    KeyPath,
    cells_list,
    cells_value,
    int_list,
    required,
    table,
    toml_value,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

# Beyond this many value tuples of its cells, a quadruple is refused rather than written out.
MAX_TUPLES = 100_000


@dataclass(frozen=True)
class Quadruple:
    key = "quadruple"

    cells: tuple[CellRef, ...]
    values: tuple[int, ...]

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Quadruple:
        t = table(t, path, ("cells", "values"))
        required(t, path, "cells", "values")
        cells = cells_list(t["cells"], (*path, "cells"))
        values = int_list(t["values"], (*path, "values"))
        if not values or len(values) > len(cells):
            raise Bad((*path, "values"), f"expected 1 to {len(cells)} digits (one a cell at most), got {len(values)}")
        return cls(tuple(cells), tuple(values))

    def resolved(self, cell: CellResolver, where: str) -> Quadruple:
        idx = tuple(cell(c, where) for c in self.cells)
        if not idx or len(set(idx)) != len(idx):
            raise ModelError(f"{where}: the cells must be different and at least one")
        values = tuple(sorted(self.values))
        if not values or len(values) > len(idx) or not all(isinstance(v, int) for v in values):
            raise ModelError(f"{where}: expected 1 to {len(idx)} digits (one a cell at most)")
        return Quadruple(idx, values)

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Table, ...]:
        doms = [domains[c] for c in self.cells]  # type: ignore[index]
        total = 1
        for d in doms:
            total *= len(d)
        if total > MAX_TUPLES:
            raise ModelError(f"{len(self.cells)} cells have {total} value tuples, more than a quadruple writes out")
        need = Counter(self.values)
        rows = tuple(t for t in product(*doms) if not need - Counter(t))
        return (Table(tuple(self.cells), rows, True),)  # type: ignore[arg-type]

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return not Counter(self.values) - Counter(values[c] for c in self.cells)  # type: ignore[index]

    def describe(self, names: Sequence[str]) -> str:
        cells = " ".join(names[c] for c in self.cells)  # type: ignore[index]
        return f"{', '.join(map(str, self.values))} among {cells}"

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"cells = {cells_value(self.cells, names)}", f"values = {toml_value(list(self.values))}"]
