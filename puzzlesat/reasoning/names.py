"""Technique names for what the core found, in the words sudoku solvers use.

The search never looks for a named technique: it finds rules and facts that imply a deduction.
This module only names the shape afterwards (a placement from one house is a hidden single, two
rows and two columns removing a value is an X-wing), and says "from these rules" otherwise, so a
killer cage or a magic line explains itself with the same machinery.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .facts import Fact

if TYPE_CHECKING:
    from .guarded import Rule
    from .search import Candidate, Explainer

HOUSES = ("row ", "column ", "box ")
FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
SUBSETS = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def _house(rule: Rule) -> str | None:
    """"row", "column" or "box" for a grid's house (an all-different of one row...), else None."""
    for prefix in HOUSES:
        if rule.name.startswith(prefix) and rule.kinds == frozenset({"AllDifferent"}):
            return prefix.strip()
    return None


def technique(ex: Explainer, k: Candidate, main: Sequence[Rule], deduced: Sequence[Fact]) -> str:
    tier = k.tier
    if tier in ("case split", "search split"):
        return "contradiction" if tier == "case split" else "deep contradiction"
    if tier == "naked single":
        return "naked single"
    houses = [_house(r) for r in main]
    placed = any(f.placed for f in deduced)
    if len(main) == 1:
        kinds = main[0].kinds
        if kinds == frozenset({"AllDifferent"}):
            if placed:
                return "hidden single"
            size = _subset_size(ex, k)
            return f"{'naked' if _naked(ex, k, deduced) else 'hidden'} {SUBSETS.get(size, 'subset')}"
        return "combination" if k.tier == "complete" else "single rule"
    if len(main) == 2 and all(houses):
        if "box" in houses and placed is False:
            box = main[houses.index("box")]
            line = main[1 - houses.index("box")]
            if all(f.cell in box.cells for f in deduced):
                return "claiming"
            return "pointing" if all(f.cell in line.cells for f in deduced) else "intersection"
        return "intersection"
    if all(h in ("row", "column") for h in houses) and len(main) % 2 == 0:
        rows = sum(h == "row" for h in houses)
        if rows * 2 == len(main) and len({f.value for f in deduced}) == 1:
            return FISH.get(rows, "fish")
    if any("Linear" in r.kinds for r in main):
        return "sum and houses" if any(houses) else "sums"
    return "rules together"


def _premise_cells(ex: Explainer, k: Candidate) -> set[int]:
    return {ex.g.fact_of[lit].cell for lit in k.lits}


def _naked(ex: Explainer, k: Candidate, deduced: Sequence[Fact]) -> bool:
    """Naked: the values leave cells outside the cells whose pencil marks the step reads."""
    return not (_premise_cells(ex, k) & {f.cell for f in deduced})


def _subset_size(ex: Explainer, k: Candidate) -> int:
    cells = {c for c in _premise_cells(ex, k) if c not in ex.placed}
    return max(1, min(len(cells), 5))
