"""`[[outside]]`: a number outside the grid about the line it looks along, read from its side.

```toml
[[outside]]
kind = "sandwich"                  # sandwich | xsum | skyscraper | room
cells = ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]  # from the clue's side
value = 10
```

- sandwich: the digits between the line's two crusts (default 1 and the line's length, so 1 and 9
  on a 9-cell line; `crusts = [a, b]` sets them) sum to `value`; each crust is on the line once;
- xsum: the first X cells sum to `value`, X being the first cell's digit;
- skyscraper: `value` cells are seen from the clue, a cell being seen when it is taller than every
  cell before it;
- room (numbered room): the X-th cell holds `value`, X being the first cell's digit.

What each means depends on where digits sit, so they lower into the core's `Guarded` sums (a sum
read under a placement, a count of guarded terms) and, for the numbered room, into two-cell
forbidden tables (docs/decisions/model.md, "Position-dependent clues"). The kinds are a registry
(`KINDS`), like the dots': a new kind is one `ClueKind` line, its lowering and its plain reading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from puzzlesat.model.core import Constraint, Guarded, Table
from puzzlesat.model.rules import CellRef, CellResolver
from puzzlesat.model.tomlvalues import (
    KeyPath,
    cells_list,
    cells_value,
    expect,
    int_list,
    is_int,
    quote,
    required,
    table,
)
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import kind_named

Line = tuple[int, ...]
Domains = Sequence[Sequence[int]]


def sandwich(line: Line, total: int, domains: Domains, crusts: tuple[int, int]) -> tuple[Constraint, ...]:
    """Each crust once on the line, and for each placement of the two crusts (cells i < j, either
    way round) the cells strictly between sum to `total`: one `Guarded` sum per placement."""
    lo, hi = crusts
    out: list[Constraint] = [
        Guarded(tuple((1, None, ((c, "=", v),)) for c in line if v in domains[c]), "=", 1) for v in (lo, hi)
    ]
    for i, a in enumerate(line):
        for j in range(i + 1, len(line)):
            b = line[j]
            for x, y in ((lo, hi), (hi, lo)):
                if x not in domains[a] or y not in domains[b]:
                    continue
                inner = line[i + 1 : j]
                if not _reaches(inner, total, domains, crusts):  # a two-literal clause, no sum
                    out.append(Table((a, b), ((x, y),), False))
                elif inner:
                    out.append(Guarded(tuple((1, c, ()) for c in inner), "=", total, ((a, "=", x), (b, "=", y))))
    return tuple(out)


def _reaches(inner: Line, total: int, domains: Domains, crusts: tuple[int, int]) -> bool:
    """Whether the cells between two crusts can sum to `total`, each holding a value that is no
    crust (the crusts are on the line once): most placements cannot, and are forbidden outright."""
    fill = [[v for v in domains[c] if v not in crusts] for c in inner]
    if not all(fill):
        return False
    return sum(min(f) for f in fill) <= total <= sum(max(f) for f in fill)


def sandwich_holds(values: Sequence[int], total: int, crusts: tuple[int, int]) -> bool:
    lo, hi = crusts
    if values.count(lo) != 1 or values.count(hi) != 1:
        return False
    i, j = sorted((values.index(lo), values.index(hi)))
    return sum(values[i + 1 : j]) == total


def _first_digit(line: Line, domains: Domains, each: Callable[[int], Constraint]) -> tuple[Constraint, ...]:
    """One constraint per digit X the first cell can hold (`each(X)`), X forbidden where it points
    past the line (below 1 or beyond its length)."""
    head = line[0]
    return tuple(each(x) if 1 <= x <= len(line) else Table((head,), ((x,),), False) for x in domains[head])


def xsum(line: Line, total: int, domains: Domains, crusts: tuple[int, int]) -> tuple[Constraint, ...]:
    """For each digit X of the first cell: if it holds X, the first X cells sum to `total`."""
    return _first_digit(
        line, domains, lambda x: Guarded(tuple((1, c, ()) for c in line[:x]), "=", total, ((line[0], "=", x),))
    )


def xsum_holds(values: Sequence[int], total: int, crusts: tuple[int, int]) -> bool:
    x = values[0]
    return 1 <= x <= len(values) and sum(values[:x]) == total


def skyscraper(line: Line, seen: int, domains: Domains, crusts: tuple[int, int]) -> tuple[Constraint, ...]:
    """A count: one term per cell i and digit v it can hold, guarded by "cell i holds v and every
    cell before it is below v"; for a cell the guards exclude each other, so the count is of cells."""
    terms = [(1, None, ())]  # the first cell is always seen
    for i, c in enumerate(line[1:], 1):
        for v in domains[c]:
            if all(min(domains[b]) < v for b in line[:i]):
                terms.append((1, None, ((c, "=", v), *((b, "<", v) for b in line[:i] if max(domains[b]) >= v))))
    return (Guarded(tuple(terms), "=", seen),)


def skyscraper_holds(values: Sequence[int], seen: int, crusts: tuple[int, int]) -> bool:
    return sum(1 for i, v in enumerate(values) if all(u < v for u in values[:i])) == seen


def element(line: Line, at: int, target: int, domains: Domains) -> tuple[Constraint, ...]:
    """line[X] holds `target`, X (counted from 1) being the digit of the cell `at`: for each X, the
    pairs (X, w != target) of that cell and the X-th are forbidden, a table of a few tuples."""
    index = line[at]
    out: list[Constraint] = []
    for x in domains[index]:
        other = line[x - 1] if 1 <= x <= len(line) else None
        if other is None or other == index and x != target:  # points off the line, or at itself wrongly
            out.append(Table((index,), ((x,),), False))
        elif other != index:
            out.append(Table((index, other), tuple((x, w) for w in domains[other] if w != target), False))
    return tuple(out)


def room(line: Line, digit: int, domains: Domains, crusts: tuple[int, int]) -> tuple[Constraint, ...]:
    """The first cell's digit X points at the X-th cell, which holds `digit`."""
    return element(line, 0, digit, domains)


def element_holds(values: Sequence[int], at: int, target: int) -> bool:
    x = values[at]
    return 1 <= x <= len(values) and values[x - 1] == target


@dataclass(frozen=True)
class ClueKind:
    """One kind of outside clue: what its number is (`says`), its lowering and its plain reading."""

    name: str
    says: str
    lower: Callable[[Line, int, Domains, tuple[int, int]], tuple[Constraint, ...]]
    holds: Callable[[Sequence[int], int, tuple[int, int]], bool]


KINDS: dict[str, ClueKind] = {
    k.name: k
    for k in (
        ClueKind("sandwich", "the digits between {lo} and {hi} sum to {value}", sandwich, sandwich_holds),
        ClueKind("xsum", "the first X cells sum to {value}, X the first cell's digit", xsum, xsum_holds),
        ClueKind("skyscraper", "{value} seen, a taller digit hiding the ones behind it", skyscraper,
                 skyscraper_holds),
        ClueKind("room", "the X-th cell holds {value}, X the first cell's digit", room,
                 lambda values, digit, crusts: element_holds(values, 0, digit)),
    )
}  # fmt: skip


def clue_kind(name: object, where: str) -> ClueKind:
    return kind_named(KINDS, name, "outside clue kind", where)


@dataclass(frozen=True)
class Outside:
    key = "outside"

    kind: str
    cells: tuple[CellRef, ...]
    value: int
    crusts: tuple[int, int] | None = None  # sandwich only; None: 1 and the line's length

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Outside:
        t = table(t, path, ("kind", "cells", "value", "crusts"))
        required(t, path, "kind", "cells", "value")
        expect(isinstance(t["kind"], str), t["kind"], (*path, "kind"), "a string")
        expect(is_int(t["value"]), t["value"], (*path, "value"), "an integer")
        crusts = t.get("crusts")
        if crusts is not None:
            crusts = tuple(int_list(crusts, (*path, "crusts")))
        return cls(t["kind"], tuple(cells_list(t["cells"], (*path, "cells"))), t["value"], crusts)

    def resolved(self, cell: CellResolver, where: str) -> Outside:
        clue_kind(self.kind, where)
        if isinstance(self.cells, str) or not isinstance(self.cells, Sequence):
            raise ModelError(f"{where}: cells must be a list")
        idx = tuple(cell(c, where) for c in self.cells)
        if len(idx) < 2:
            raise ModelError(f"{where}: a line needs at least two cells")
        if len(set(idx)) != len(idx):
            raise ModelError(f"{where}: a cell appears twice")
        if not is_int(self.value):
            raise ModelError(f"{where}: value must be an integer")
        if self.crusts is not None:
            if self.kind != "sandwich":
                raise ModelError(f"{where}: crusts belong to a sandwich, not to a {self.kind}")
            if len(self.crusts) != 2 or self.crusts[0] == self.crusts[1] or not all(map(is_int, self.crusts)):
                raise ModelError(f"{where}: crusts must be two different integers")
        return Outside(self.kind, idx, self.value, None if self.crusts is None else tuple(self.crusts))  # type: ignore[arg-type]

    @property
    def bread(self) -> tuple[int, int]:
        """The sandwich's crusts, the smaller first."""
        lo, hi = self.crusts or (1, len(self.cells))
        return (min(lo, hi), max(lo, hi))

    def lower(self, domains: Domains) -> tuple[Constraint, ...]:
        return KINDS[self.kind].lower(tuple(self.cells), self.value, domains, self.bread)  # type: ignore[arg-type]

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return KINDS[self.kind].holds([values[c] for c in self.cells], self.value, self.bread)  # type: ignore[index]

    def describe(self, names: Sequence[str]) -> str:
        lo, hi = self.bread
        line = " ".join(names[c] for c in self.cells)  # type: ignore[index]
        return f"{line}: " + KINDS[self.kind].says.format(lo=lo, hi=hi, value=self.value)

    def to_toml(self, names: Sequence[str]) -> list[str]:
        out = [f"kind = {quote(self.kind)}", f"cells = {cells_value(self.cells, names)}", f"value = {self.value}"]  # type: ignore[arg-type]
        if self.crusts is not None:
            out.append(f"crusts = [{self.crusts[0]}, {self.crusts[1]}]")
        return out
