"""`[[negative]]`: every dot of these kinds is given, so two orthogonal neighbours without one have
none of their relations (kropki's "no dot: neither consecutive nor one twice the other").

```toml
[[negative]]
kinds = ["white", "black"]
```

It reads the rest of the puzzle: the grid's orthogonal neighbours and the puzzle's `[[dot]]`s.
`define()` hands it both through `placed`, after every rule is resolved, and it keeps the pairs
it constrains, so it lowers, checks and describes itself like any other rule: one forbidding
`Table` per undotted pair. A pair with a dot of any of the kinds is exempt from all of them
(a black-dotted 1-2 may also be consecutive).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from puzzlesat.model.core import Table
from puzzlesat.model.rules import CellResolver, Rule
from puzzlesat.model.rules.dot import KINDS, dot_kind, pair_table
from puzzlesat.model.tomlvalues import Bad, KeyPath, expect, quote, required, table, toml_value
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import valid_names

if TYPE_CHECKING:
    from puzzlesat.model.grid import Grid

Pair = tuple[int, int]


@dataclass(frozen=True)
class Negative:
    key = "negative"

    kinds: tuple[str, ...]
    pairs: tuple[Pair, ...] = ()  # the undotted orthogonal pairs, set by `placed`

    @classmethod
    def from_toml(cls, t: Any, path: KeyPath) -> Negative:
        t = table(t, path, ("kinds",))
        required(t, path, "kinds")
        kinds = t["kinds"]
        expect(isinstance(kinds, list), kinds, (*path, "kinds"), "a list of dot kinds")
        if not kinds:
            raise Bad((*path, "kinds"), "needs at least one dot kind")
        for k, name in enumerate(kinds, 1):
            expect(isinstance(name, str), name, (*path, "kinds", k), "a dot kind (a string)")
            if name not in KINDS:
                raise Bad((*path, "kinds", k), f"unknown dot kind {quote(name)}{valid_names(str(name), KINDS)}")
        return cls(tuple(kinds))

    def resolved(self, cell: CellResolver, where: str) -> Negative:
        if isinstance(self.kinds, str) or not self.kinds:
            raise ModelError(f"{where}: expected a list of dot kinds, got {self.kinds!r}")
        for name in self.kinds:
            dot_kind(name, where)
        if len(set(self.kinds)) != len(self.kinds):
            raise ModelError(f"{where}: a dot kind is listed twice")
        return Negative(tuple(self.kinds))

    def placed(self, grid: Grid | None, rules: Sequence[Rule], where: str) -> Negative:
        """The same rule over every orthogonal pair of the grid that no dot of its kinds joins."""
        if grid is None:
            raise ModelError(f"{where}: the negative constraint needs a [grid] (it reads the orthogonal neighbours)")
        from puzzlesat.model.grid import ORTHOGONAL

        dotted = {
            (min(r.cells), max(r.cells))
            for r in rules
            if r.key == "dot" and r.kind in self.kinds  # type: ignore[attr-defined]
        }
        pairs = tuple(p for p in grid.neighbours(ORTHOGONAL) if p not in dotted)
        return Negative(self.kinds, pairs)

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Table, ...]:
        kinds = [KINDS[k] for k in self.kinds]
        return tuple(pair_table(a, b, domains, kinds, False) for a, b in self.pairs)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        kinds = [KINDS[k] for k in self.kinds]
        return not any(k.relation(values[a], values[b]) for a, b in self.pairs for k in kinds)

    def describe(self, names: Sequence[str]) -> str:
        kinds = [KINDS[k] for k in self.kinds]
        says = ("neither " if len(kinds) > 1 else "not ") + " nor ".join(k.says for k in kinds)
        return f"neighbours without a {' or '.join(self.kinds)} dot are {says}"

    def to_toml(self, names: Sequence[str]) -> list[str]:
        return [f"kinds = {toml_value(list(self.kinds))}"]
