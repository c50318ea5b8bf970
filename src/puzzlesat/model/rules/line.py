"""`[[line]]`: a line drawn through cells that says something about the digits along it: renban,
whispers, nabner, palindrome, zipper, double arrow, slow thermometer, between, lockout, region
sum, entropic, modular and parity lines (`puzzlesat.model.rules.line_kinds.KINDS`).

```toml
[[line]]
kind = "whispers"
cells = ["r1c1", "r1c2", "r2c3"]
difference = 5          # whispers and lockout; default from the grid: 5 and 4 on a 9x9
```

A line reads the grid where its kind needs it (`placed`): the greatest digit for entropic lines
and for a default difference, the regions for a region-sum line. The cells are in the line's
order (the first is a slow thermometer's bulb, the ends a between or lockout line's circles).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from puzzlesat.model.core import Constraint
from puzzlesat.model.rules import CellRef, CellResolver, Rule
from puzzlesat.model.rules.line_kinds import KINDS, LineArgs, LineKind
from puzzlesat.model.tomlvalues import (
    Bad,
    KeyPath,
    cells_list,
    cells_value,
    expect,
    is_int,
    quote,
    required,
    table,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import kind_named, valid_names

if TYPE_CHECKING:
    from puzzlesat.model.grid import Grid

# The default least difference for a digit range 1..n, as f-puzzles sizes them (9: 5 and 4).
DEFAULT_DIFFERENCE = {"whispers": lambda n: (n + 1) // 2, "lockout": lambda n: n // 2}


def line_kind(name: object, where: str) -> LineKind:
    return kind_named(KINDS, name, "line kind", where)


@dataclass(frozen=True)
class Line:
    key = "line"

    kind: str
    cells: tuple[CellRef, ...]
    difference: int | None = None  # whispers, lockout
    digits: int | None = None  # entropic: the greatest digit (set from the grid by `placed`)
    segments: tuple[tuple[int, ...], ...] = ()  # region_sum: the stretches in one region, by `placed`

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Line:
        t = table(t, path, ("kind", "cells", "difference", "digits"))
        required(t, path, "kind", "cells")
        expect(isinstance(t["kind"], str), t["kind"], (*path, "kind"), "a string")
        if t["kind"] not in KINDS:
            raise Bad((*path, "kind"), f"unknown line kind {quote(t['kind'])}{valid_names(str(t['kind']), KINDS)}")
        for key in ("difference", "digits"):
            if key in t:
                expect(is_int(t[key]) and t[key] >= 1, t[key], (*path, key), "a whole number of at least 1")
        return cls(t["kind"], tuple(cells_list(t["cells"], (*path, "cells"))), t.get("difference"), t.get("digits"))

    @property
    def args(self) -> LineArgs:
        return LineArgs(tuple(self.cells), self.difference, self.digits, self.segments)  # type: ignore[arg-type]

    def resolved(self, cell: CellResolver, where: str) -> Line:
        kind = line_kind(self.kind, where)
        if isinstance(self.cells, str) or not isinstance(self.cells, Sequence):
            raise ModelError(f"{where}: cells must be a list")
        idx = tuple(cell(c, where) for c in self.cells)
        if len(idx) < kind.least:
            raise ModelError(f"{where}: a {self.kind} line needs at least {kind.least} cells, got {len(idx)}")
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        for key in ("difference", "digits"):
            v = getattr(self, key)
            if v is not None and not (is_int(v) and v >= 1):
                raise ModelError(f"{where}: {key} must be a whole number of at least 1, got {v!r}")
        if self.difference is not None and kind.needs != "difference":
            raise ModelError(f"{where}: a {self.kind} line takes no difference")
        return Line(self.kind, idx, self.difference, self.digits)

    def placed(self, grid: Grid | None, rules: Sequence[Rule], where: str) -> Line:
        """The grid's part: a default difference or the greatest digit, a region-sum line's stretches."""
        needs = KINDS[self.kind].needs
        top = None if grid is None else max(grid.rows, grid.columns)
        if needs == "difference" and self.difference is None:
            if top is None:
                raise ModelError(f"{where}: a {self.kind} line without a [grid] needs its difference")
            return Line(self.kind, self.cells, DEFAULT_DIFFERENCE[self.kind](top))
        if needs == "digits" and self.digits is None:
            if top is None:
                raise ModelError(f"{where}: an {self.kind} line without a [grid] needs digits (the greatest digit)")
            return Line(self.kind, self.cells, None, top)
        if needs == "regions":
            if grid is None or not grid.regions_cells:
                raise ModelError(f"{where}: a region-sum line needs a [grid] with boxes or regions")
            region = grid.region_of
            segments: list[list[int]] = []
            for k, c in enumerate(self.cells):
                if k == 0 or region.get(c) != region.get(self.cells[k - 1]):  # type: ignore[call-overload]
                    segments.append([])
                segments[-1].append(c)  # type: ignore[arg-type]
            return Line(self.kind, self.cells, None, None, tuple(tuple(s) for s in segments))
        return self

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Constraint, ...]:
        return KINDS[self.kind].lower(self.args, domains)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return KINDS[self.kind].holds(self.args, [values[c] for c in self.cells])  # type: ignore[index]

    def describe(self, names: Sequence[str]) -> str:
        cells = "-".join(names[c] for c in self.cells)  # type: ignore[index]
        extra = f" (difference {self.difference})" if self.difference is not None else ""
        return f"{cells}: {KINDS[self.kind].says}{extra}"

    def to_toml(self, names: Sequence[str]) -> list[str]:
        out = [f"kind = {quote(self.kind)}", f"cells = {cells_value(self.cells, names)}"]
        out += [f"difference = {self.difference}"] if self.difference is not None else []
        return out + ([f"digits = {self.digits}"] if self.digits is not None else [])
