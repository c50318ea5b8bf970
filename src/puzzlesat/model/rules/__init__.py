"""Puzzle rules by name: each lives in one small module that reads itself from a file, says itself
in words and lowers itself into the constraint core (`puzzlesat.model.core`).

A rule is what a user writes (a sum, an all-different group, a thermometer, a table); the core is
what every encoder and the checker read. Adding a rule is one module with a frozen dataclass that
has the methods of `Rule` plus one line in `RULES` (docs/core.md walks through `less`).
The registry maps the file format's key (`[[sum]]`, `[[less]]`, ...) to the module, imported on
first use. A rule that reads the rest of the puzzle (`[[negative]]` reads the grid's neighbours and
the dots; `[[dot]]` checks that its cells are neighbours) also has `placed(grid, rules, where)`,
which `define()` calls once every rule is resolved.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from puzzlesat.model.core import Constraint
from puzzlesat.runtime.records import dataclass

CellRef = int | str
# Resolves one cell reference (an index or a name) to an index, or raises ModelError naming `where`.
CellResolver = Callable[[CellRef, str], int]


class Rule(Protocol):
    """What every rule offers; cells are references until `resolved`, indices after."""

    key: str  # the file format's array-of-tables key, e.g. "sum" for [[sum]]

    def resolved(self, cell: CellResolver, where: str) -> Rule:
        """The same rule with every cell reference resolved to an index."""
        ...

    def lower(self, domains: Sequence[Sequence[int]]) -> tuple[Constraint, ...]:
        """The rule as core constraints (on resolved cells); `domains` are the cells' values, for
        rules that write out tables."""
        ...

    def describe(self, names: Sequence[str]) -> str:
        """What the rule says of its cells (`r1c1 + r1c2 = 3`), for `show` after the rule's display
        name (`puzzlesat.model.naming`), which says what and where it is."""
        ...

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        """The rule read directly from its definition, not through `lower`: the tests check that
        the two agree on every assignment, so a wrong lowering cannot hide behind the checker."""
        ...

    def to_toml(self, names: Sequence[str]) -> list[str]:
        """The body of the rule's `[[key]]` table, one `key = value` line each; cells by name
        when the puzzle names them (`names`), else by index."""
        ...


@dataclass(frozen=True)
class RuleKind:
    key: str
    summary: str
    target: str  # "module:Class"; the class has a `from_toml(table, path)` classmethod

    def load(self) -> Any:
        module, attr = self.target.split(":")
        return getattr(importlib.import_module(module), attr)


# The registry's order is the model's order of rules, hence of the core: the dots come first, where
# they were lowered when they belonged to the grid, so the stored instances are made again from
# their seeds clause for clause (docs/decisions/model.md, "Dots are rules").
RULES: dict[str, RuleKind] = {
    r.key: r
    for r in (
        RuleKind("dot", "a kropki or XV dot between two cells (puzzlesat.model.rules.dot.KINDS)",
                 "puzzlesat.model.rules.dot:Dot"),
        RuleKind("negative", "neighbours without a dot of these kinds have none of their relations",
                 "puzzlesat.model.rules.negative:Negative"),
        RuleKind("sum", "a weighted sum compared with a number or an unknown", "puzzlesat.model.rules.sum:Sum"),
        RuleKind("less", "cells strictly increasing along a chain (thermometer, futoshiki)",
                 "puzzlesat.model.rules.less:Less"),
        RuleKind("cage", "cells combining to a target: sum, product, difference or quotient (killer, KenKen)",
                 "puzzlesat.model.rules.cage:Cage"),
        RuleKind("table", "the cells' values form one of the allowed (or none of the forbidden) tuples",
                 "puzzlesat.model.rules.table:TableRule"),
        RuleKind("line", "a line's digits keep its kind's rule (renban, whispers, between, ...: line_kinds.KINDS)",
                 "puzzlesat.model.rules.line:Line"),
        RuleKind(
            "clone", "two shapes of cells hold the same digits, cell for cell", "puzzlesat.model.rules.clone:Clone"
        ),
        RuleKind("quadruple", "the listed digits appear among the cells", "puzzlesat.model.rules.quadruple:Quadruple"),
        RuleKind("outside", "a clue outside a line: sandwich, X-sum, skyscraper or numbered room "
                 "(puzzlesat.model.rules.outside.KINDS)", "puzzlesat.model.rules.outside:Outside"),
        RuleKind("indexer", "an indexer cell: its digit X says which cell of its line holds its position",
                 "puzzlesat.model.rules.indexer:Indexer"),
    )
}
