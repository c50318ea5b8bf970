"""Named patterns on pencil marks: the techniques a sudoku solver names, found on any puzzle's houses.

The explainer's core (`reasoning.search`) finds what rules imply; this package names the shapes a
person sees in the marks before that: singles, subsets, intersections, fish, wings, skyscrapers,
kites, empty rectangles, colouring and short chains. A pattern reads only houses (all-different
groups, and for "the only place" arguments groups that hold every value) and the marks, so it is
sound on a variant too: its extra rules only add constraints.

The interface (fixed; `reasoning.search` and the checker use it):
- `Marks`: the candidates of every cell, the houses, the cell names.
- `Pattern`: one deduction as HoDoKu prints it, with every elimination or placement it gives.
- `find(marks)`: the patterns present, cheapest first (`patterns.library`).
- `check(marks, pattern)`: re-derives a pattern from its definition alone (`patterns.check`),
  independent of `find`: the stated reason must be true of these marks.
"""

from __future__ import annotations

from puzzlesat.runtime.records import dataclass

Cell = int
Value = int


@dataclass(frozen=True)
class House:
    """A group of cells that are all different: "row 3", "column 7", "box 5", "region 2", a cage...

    `kind` is "row", "column", "box" or "region" (any other all-different group). `full` is True
    when the house holds every value of its cells' domains exactly once (a row of a 9x9), so
    "the only place for 5 in this house" is an argument; a killer cage of 3 cells is not full."""

    name: str
    kind: str
    cells: tuple[Cell, ...]
    full: bool


@dataclass(frozen=True)
class Marks:
    """Pencil marks: `cands[c]` the values cell c can still hold (one value: placed or naked single).

    `placed` lists the cells whose value is written in (a given, or placed by an earlier step);
    a cell with one candidate not in `placed` is a naked single still to be stated."""

    cands: tuple[frozenset[Value], ...]
    houses: tuple[House, ...]
    names: tuple[str, ...]
    placed: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class Pattern:
    """One deduction: a named pattern and all that it places or eliminates.

    `technique` is HoDoKu's name ("Naked Single", "Hidden Single", "Naked Pair", "Hidden Triple",
    "Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)", "X-Wing",
    "Finned Swordfish", "Skyscraper", "2-String Kite", "Empty Rectangle", "W-Wing", "XY-Wing",
    "XYZ-Wing", "Simple Colors Trap", "X-Chain", "XY-Chain", ...). `text` is the step as HoDoKu
    writes it, in puzzlesat's notation: "Naked Triple: 1,2,3 in r3c1,r3c2,r3c3 => r3c7≠4,6,9;
    r3c9≠4,6,9". `houses` are the names of the houses it reads, `cells` and `digits` what forms
    it, `chain` the alternating links of a chain or colouring as (cell, value) nodes in order.
    `score` is its price on the one scale (`reasoning.costs`)."""

    technique: str
    text: str
    houses: tuple[str, ...]
    cells: tuple[Cell, ...]
    digits: tuple[Value, ...]
    places: tuple[tuple[Cell, Value], ...] = ()
    eliminates: tuple[tuple[Cell, Value], ...] = ()
    chain: tuple[tuple[Cell, Value], ...] = ()
    score: float = 0.0
