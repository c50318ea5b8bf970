"""Technique names for what the core found, in the words sudoku solvers use.

The search never looks for a named technique: it finds rules and facts that imply a deduction.
This module only names the shape afterwards (a placement from one house is a hidden single, two
rows and two columns removing a value is an X-wing), and says "from these rules" otherwise, so a
killer cage or a magic line explains itself with the same machinery.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlesat.reasoning.facts import Fact

if TYPE_CHECKING:
    from puzzlesat.reasoning.guarded import Rule

HOUSES = ("row ", "column ", "box ")
FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
SUBSETS = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def _house(rule: Rule) -> str | None:
    """"row", "column" or "box" for a grid's house (an all-different of one row...), else None."""
    for prefix in HOUSES:
        if rule.name.startswith(prefix) and rule.kinds == frozenset({"AllDifferent"}):
            return prefix.strip()
    return None


def technique(tier: str, main: Sequence[Rule], deduced: Sequence[Fact], read: set[int], open_cells: set[int]) -> str:
    """The name of a step found in `tier` from `main`; `read`: the cells whose facts it reads,
    `open_cells`: the cells not placed yet."""
    if tier == "naked single":
        return "naked single"
    houses = [_house(r) for r in main]
    placed = any(f.placed for f in deduced)
    if tier in ("case split", "search split"):  # fish land here: k rows and k columns removing one value
        rows, columns = houses.count("row"), houses.count("column")
        if tier == "case split" and rows == columns == len(main) / 2 and rows in FISH and not placed:
            return FISH[rows]
        return "contradiction" if tier == "case split" else "deep contradiction"
    if len(main) == 1:
        kinds = main[0].kinds
        if kinds == frozenset({"AllDifferent"}):
            if placed:
                return "hidden single"
            size = max(1, min(len(read & open_cells), 5))
            naked = not (read & {f.cell for f in deduced})  # the values leave cells the step does not read
            return f"{'naked' if naked else 'hidden'} {SUBSETS.get(size, 'subset')}"
        return "combination" if tier == "complete" else "single rule"
    if len(main) == 2 and all(houses):
        if "box" in houses and placed is False:
            box = main[houses.index("box")]
            line = main[1 - houses.index("box")]
            if all(f.cell in box.cells for f in deduced):
                return "claiming"
            return "pointing" if all(f.cell in line.cells for f in deduced) else "intersection"
        return "intersection"
    if any("Linear" in r.kinds for r in main):
        return "sum and houses" if any(houses) else "sums"
    return "rules together"

