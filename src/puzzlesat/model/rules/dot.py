"""`[[dot]]`: a mark on the edge between two cells that relates their values: kropki's white dot
(consecutive) and black dot (one twice the other), XV's X (sum to 10) and V (sum to 5).

```toml
[[dot]]
kind = "white"
cells = ["r1c1", "r1c2"]
```

The kinds are a registry (`KINDS`): a new kind of dot is one `DotKind` line, its relation and how
a board draws it, and every reader, writer, checker, encoder and renderer takes it. A dot whose
relation is a sum lowers to one `Linear` equality, any other to the `Table` of the value pairs it
allows. `puzzlesat.model.rules.negative` is the other half of a dot puzzle: no dot, no relation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from puzzlesat.model.core import Constraint, Linear, Table
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import Bad, KeyPath, cells_list, cells_value, expect, quote, required, table
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import kind_named, valid_names

if TYPE_CHECKING:
    from puzzlesat.model.grid import Grid


@dataclass(frozen=True)
class DotKind:
    """One kind of dot: what it says about its two cells, and how boards draw it.

    `family`: the kinds drawn and negated together (kropki, xv); `relation`: the values it allows;
    `total`: set when the relation is `a + b = total`, lowered as a linear equality; `says`: the
    relation in words; `mark`: its character on a text board; `legend`: that character explained;
    `look`: the SVG shape, ("circle", fill colour) or ("letter", text).
    """

    name: str
    family: str
    relation: Callable[[int, int], bool]
    says: str
    mark: str
    legend: str
    look: tuple[str, str]
    total: int | None = None


KINDS: dict[str, DotKind] = {
    k.name: k
    for k in (
        DotKind("white", "kropki", lambda a, b: abs(a - b) == 1, "consecutive", "○", "○ differ by 1",
                ("circle", "#ffffff")),
        DotKind("black", "kropki", lambda a, b: a == 2 * b or b == 2 * a, "one twice the other", "●",
                "● one is twice the other", ("circle", "#000000")),
        DotKind("x", "xv", lambda a, b: a + b == 10, "sum to 10", "X", "X sum to 10", ("letter", "X"), total=10),
        DotKind("v", "xv", lambda a, b: a + b == 5, "sum to 5", "V", "V sum to 5", ("letter", "V"), total=5),
    )
}


def dot_kind(name: object, where: str) -> DotKind:
    """The kind of that name, or a ModelError listing the kinds."""
    return kind_named(KINDS, name, "dot kind", where)


def pair_table(a: int, b: int, domains: Sequence[Sequence[int]], kinds: Sequence[DotKind], allowed: bool) -> Table:
    """The value pairs of two cells that satisfy any of the kinds' relations, allowed or forbidden."""
    tuples = tuple((x, y) for x in domains[a] for y in domains[b] if any(k.relation(x, y) for k in kinds))
    return Table((a, b), tuples, allowed)


@dataclass(frozen=True)
class Dot:
    key = "dot"

    kind: str
    cells: tuple[CellRef, CellRef]

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Dot:
        t = table(t, path, ("kind", "cells"))
        required(t, path, "kind", "cells")
        expect(isinstance(t["kind"], str), t["kind"], (*path, "kind"), "a string")
        if t["kind"] not in KINDS:
            raise Bad((*path, "kind"), f"unknown dot kind {quote(t['kind'])}{valid_names(str(t['kind']), KINDS)}")
        cells = cells_list(t["cells"], (*path, "cells"))
        if len(cells) != 2:
            raise Bad((*path, "cells"), f"a dot sits between exactly two cells, got {len(cells)}")
        return cls(t["kind"], (cells[0], cells[1]))

    def resolved(self, cell: CellResolver, where: str) -> Dot:
        dot_kind(self.kind, where)
        if len(self.cells) != 2:
            raise ModelError(f"{where}: a dot sits between exactly two cells, got {len(self.cells)}")
        a, b = (cell(c, where) for c in self.cells)
        if a == b:
            raise ModelError(f"{where}: a dot sits between two different cells")
        return Dot(self.kind, (a, b))

    def placed(self, grid: Grid | None, rules: Sequence[Any], where: str) -> Dot:
        """On a grid, a dot sits on the edge two cells share: between cells that are not side by
        side it would be enforced yet drawn nowhere (issue 39), so it is refused."""
        if grid is not None:
            a, b = self.cells
            (ra, ca), (rb, cb) = grid.positions[a], grid.positions[b]  # type: ignore[index]
            if abs(ra - rb) + abs(ca - cb) != 1:
                names = grid.cell_names
                raise ModelError(
                    f"{where}: {names[a]} and {names[b]} are not neighbours (a dot sits on the edge between two "  # type: ignore[index]
                    "cells side by side)"
                )
        return self

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Constraint, ...]:
        a, b = self.cells
        kind = KINDS[self.kind]
        if kind.total is not None:
            return (Linear((a, b), (1, 1), "=", kind.total),)
        return (pair_table(a, b, domains, (kind,), True),)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        a, b = self.cells
        return KINDS[self.kind].relation(values[a], values[b])

    def describe(self, names: Sequence[str]) -> str:
        return KINDS[self.kind].says  # the name says which two cells (`white dot r1c1–r1c2`)

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"kind = {quote(self.kind)}", f"cells = {cells_value(self.cells, names)}"]
