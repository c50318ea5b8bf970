"""Technique names for what the core found, given only where the shape holds on the marks.

The search finds rules and facts that imply a deduction; this module then looks at the pencil
marks printed before the step for the shape sudoku solvers name: a hidden single (the value's
only place in a full house), a naked or hidden subset in one house, pointing or claiming between
a box and a line, a fish between rows and columns. A name is given only if its definition holds
on those marks for everything the step deduces; otherwise the step is named by what it is ("from
row 3 and box 1 together"), so a killer cage or a magic line explains itself with the same words.
`reasoning.stated` re-checks every name given, by its definition, independently of this search.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from puzzlesat.reasoning.facts import Fact
from puzzlesat.reasoning.patterns import House, Marks
from puzzlesat.runtime.records import dataclass

FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
SUBSETS = {2: "pair", 3: "triple", 4: "quad"}
# A thermometer with a box is "rules together", not "sum and houses": the label never names a
# rule's kind wrongly (issue 43); the rules themselves are named as the board shows them.
GENERIC = ("single rule", "combination", "rules together", "contradiction", "deep contradiction")


@dataclass(frozen=True)
class Shape:
    """A named shape: its technique, the houses it reads, the cells and digits that form it."""

    technique: str
    houses: tuple[str, ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()


def places(marks: Marks, house: House, v: int) -> list[int]:
    """The cells of a house that may hold v (a cell where v is placed too)."""
    return [c for c in house.cells if v in marks.cands[c]]


def subset_in(marks: Marks, house: House, removed: set[tuple[int, int]]) -> Shape | None:
    """A naked or hidden subset of this house whose eliminations include every removal, smallest first."""
    open_cells = [c for c in house.cells if c not in marks.placed]
    for k in range(2, min(4, len(open_cells) - 1) + 1):
        for cells in combinations(open_cells, k):
            digits = set().union(*(marks.cands[c] for c in cells))
            if len(digits) == k and all(c in house.cells and c not in cells and v in digits for c, v in removed):
                return Shape(f"naked {SUBSETS[k]}", (house.name,), cells, tuple(sorted(digits)))
        if not house.full:
            continue
        values = sorted(set().union(*(marks.cands[c] for c in open_cells)))
        for digits in combinations(values, k):
            cells = sorted({c for v in digits for c in places(marks, house, v)})
            if len(cells) == k and all(c in cells and v not in digits for c, v in removed):
                return Shape(f"hidden {SUBSETS[k]}", (house.name,), tuple(cells), digits)
    return None


def intersection(marks: Marks, box: House, line: House, removed: set[tuple[int, int]]) -> Shape | None:
    """Pointing (v's places in the box all on the line, removed from the rest of the line) or
    claiming (v's places in a full line all in the box, removed from the rest of the box)."""
    values = {v for _, v in removed}
    if len(values) != 1:
        return None
    (v,) = values
    inside = set(box.cells) & set(line.cells)
    cells = {c for c, _ in removed}
    if box.full and set(places(marks, box, v)) <= inside and cells <= set(line.cells) - inside:
        return Shape("pointing", (box.name, line.name), tuple(places(marks, box, v)), (v,))
    if line.full and set(places(marks, line, v)) <= inside and cells <= set(box.cells) - inside:
        return Shape("claiming", (line.name, box.name), tuple(places(marks, line, v)), (v,))
    return None


def fish(marks: Marks, houses: Sequence[House], removed: set[tuple[int, int]]) -> Shape | None:
    """k rows whose places for v lie in k columns (or the other way): v leaves the rest of those columns."""
    values = {v for _, v in removed}
    rows = [h for h in houses if h.kind == "row" and h.full]
    columns = [h for h in houses if h.kind == "column" and h.full]
    if len(values) != 1 or len(rows) != len(columns) or len(rows) not in FISH:
        return None
    if len(rows) + len(columns) != len(houses):
        return None
    (v,) = values
    for base, cover in ((rows, columns), (columns, rows)):
        inside = {c for h in base for c in h.cells}
        covered = {c for h in cover for c in h.cells}
        if all(set(places(marks, h, v)) <= covered for h in base) and all(
            c in covered and c not in inside for c, _ in removed
        ):
            cells = tuple(sorted(c for h in base for c in places(marks, h, v)))
            return Shape(FISH[len(base)], tuple(h.name for h in (*base, *cover)), cells, (v,))
    return None


def technique(tier: str, main: Sequence[str], deduced: Sequence[Fact], marks: Marks, sums: bool = False) -> Shape:
    """The true name of a step found in `tier` from the rules named `main` (`sums`: one of them
    holds a sum), on the marks before it."""
    houses = {h.name: h for h in marks.houses}
    mine = [houses[n] for n in main if n in houses]
    all_houses = len(mine) == len(main)
    placed = [f for f in deduced if f.placed]
    removed = {(f.cell, f.value) for f in deduced if not f.placed}
    if len(deduced) == 1 and placed:
        f = placed[0]
        if marks.cands[f.cell] == {f.value}:
            return Shape("naked single", (), (f.cell,), (f.value,))
        for h in mine:
            if h.full and places(marks, h, f.value) == [f.cell]:
                return Shape("hidden single", (h.name,), (f.cell,), (f.value,))
    if not placed and removed and all_houses and not sums:
        shape = None
        if len(mine) == 1:
            shape = subset_in(marks, mine[0], removed)
        elif len(mine) == 2 and {h.kind for h in mine} in ({"box", "row"}, {"box", "column"}):
            box, line = sorted(mine, key=lambda h: h.kind != "box")
            shape = intersection(marks, box, line, removed)
        elif tier == "case split":
            shape = fish(marks, mine, removed)
        if shape is not None:
            return shape
    return Shape(generic(tier, main))


def generic(tier: str, main: Sequence[str]) -> str:
    """What the step is when no named shape holds: "rules together", "from cage 3 alone"..."""
    if tier in ("case split", "search split"):
        return "contradiction" if tier == "case split" else "deep contradiction"
    if len(main) == 1:
        return "combination" if tier == "complete" else "single rule"
    return "rules together"
