"""The rule of 45: a house's total less the sums inside it (innies), or the sums covering it less
its total (outies), is what the cells left over make.

A killer solver's first multi-rule step: a row holds 1-9, so its cells sum to 45; take off the
cages lying wholly inside it and the cells no cage covers make the rest ("rule of 45 in row 3:
45 - 15 - 17 leaves r3c9 = 13"). Or the cages that cover a house stick out of it by a few cells,
which make what the cages hold beyond 45. The core finds the same deduction only as an opaque
step over many rules, priced as a case split (docs/decisions/explanations.md, D14).

Forms supported (`find`), each on a region whose total is known:
- the region is one full house (a row, column, box or any region holding each of its values
  once: its total is the sum of those values), or two or three consecutive rows or columns;
- innies: the sums lying wholly inside the region, pairwise disjoint; the region's other cells
  make the total less theirs (cells already placed are taken off by their values);
- outies: sums meeting the region, pairwise disjoint and together covering it; their cells outside
  make their totals less the region's;
- the cells left open are one to three (`MOST_CELLS`); they are taken as all different only when
  one full house holds them all, and that house is cited.

A sum is any rule whose core is one equation of weight 1 over exactly its cells with a number on
the right (a killer cage, a little killer's diagonal, a region sum). `check` re-derives a found
step from these definitions alone (the region, the sums' placement, the arithmetic, every
deduction by enumeration, and the text), apart from `find`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import product

from puzzlesat.reasoning.patterns import House
from puzzlesat.runtime.records import dataclass

# The most open cells the rest may fall on: a person adds up one to three cells.
MOST_CELLS = 3
# The most lines a region of consecutive rows or columns spans.
MOST_LINES = 3


@dataclass(frozen=True)
class Sum:
    """A rule with a known total over its cells: its name as the board shows it."""

    name: str
    cells: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class Innie:
    """One rule-of-45 step: the region (`houses`, summing to `region_total`), the sums used, the
    placed cells taken off, the open cells left and what they make, and what that gives."""

    form: str  # "innies" or "outies"
    houses: tuple[str, ...]
    region_total: int
    sums: tuple[Sum, ...]
    placed: tuple[tuple[int, int], ...]  # (cell, value) left over but already placed
    cells: tuple[int, ...]  # the open cells left over
    rest: int  # what they make
    distinct: str | None  # the full house holding every open cell (all different), if any
    places: tuple[tuple[int, int], ...]
    eliminates: tuple[tuple[int, int], ...]
    text: str


def _label(houses: Sequence[str]) -> str:
    """`row 3`, `rows 1-2`, `columns 4-6`."""
    if len(houses) == 1:
        return houses[0]
    word = houses[0].split()[0]
    return f"{word}s {houses[0].split()[1]}-{houses[-1].split()[1]}"


def text_of(form: str, houses: Sequence[str], region_total: int, sums: Sequence[Sum],
            placed: Sequence[tuple[int, int]], cells: Sequence[int], rest: int,
            names: Sequence[str]) -> str:  # fmt: skip
    """`rule of 45 in row 3: 45 - cage 15 at r3c1 (3 cells) - cage 17 ... leaves r3c9 = 13`, the
    placed cells left over taken off by value (`- r3c7 (4)`); outies: `cage ... + cage ... - 45
    leaves r4c7 + r6c3 = 8`."""
    left = " + ".join(names[c] for c in cells)
    known = "".join(f" - {names[c]} ({v})" for c, v in placed)
    if form == "innies":
        taken = "".join(f" - {s.name}" for s in sums)
        said = f"{region_total}{taken}{known}"
    else:
        said = " + ".join(s.name for s in sums) + f" - {region_total}{known}"
    return f"rule of 45 in {_label(houses)}: {said} leaves {left} = {rest}"


Region = tuple[tuple[str, ...], frozenset[int], int]  # its houses' names, its cells, its total


def regions(houses: Sequence[House], values: Mapping[str, int]) -> list[Region]:
    """Each full house, then 2-3 consecutive rows or columns: (names, cells, total)."""
    out = [((h.name,), frozenset(h.cells), values[h.name]) for h in houses]
    for kind in ("row", "column"):
        lines = sorted((h for h in houses if h.kind == kind), key=lambda h: int(h.name.split()[1]))
        for i in range(len(lines)):
            for k in range(2, MOST_LINES + 1):
                run = lines[i:i + k]
                numbers = [int(h.name.split()[1]) for h in run]
                if len(run) == k and numbers == list(range(numbers[0], numbers[0] + k)):
                    cells = frozenset(c for h in run for c in h.cells)
                    out.append((tuple(h.name for h in run), cells, sum(values[h.name] for h in run)))
    return out


def _disjoint(sums: Sequence[Sum]) -> bool:
    seen: set[int] = set()
    for s in sums:
        if seen & set(s.cells):
            return False
        seen |= set(s.cells)
    return True


def support(cells: Sequence[int], rest: int, cands: Sequence[AbstractSet[int]], distinct: bool) -> list[set[int]]:
    """Each cell's values that some filling of the cells (within their marks, all different if
    `distinct`) making `rest` uses."""
    out: list[set[int]] = [set() for _ in cells]
    for values in product(*(sorted(cands[c]) for c in cells)):
        if sum(values) == rest and (not distinct or len(set(values)) == len(values)):
            for i, v in enumerate(values):
                out[i].add(v)
    return out


def deductions(cells: Sequence[int], rest: int, cands: Sequence[AbstractSet[int]],
               distinct: bool) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:  # fmt: skip
    """(placements, eliminations) the rest gives: a cell with one value left is placed (its other
    values go without saying), every other value no filling uses leaves its cell."""
    kept = support(cells, rest, cands, distinct)
    places, gone = [], []
    for c, k in zip(cells, kept, strict=True):
        if len(k) == 1:
            places.append((c, next(iter(k))))
        elif k:
            gone += [(c, v) for v in sorted(cands[c] - k)]
    return tuple(places), tuple(gone)


def _holder(cells: Sequence[int], houses: Sequence[House], region: Sequence[str]) -> str | None:
    """The full house holding every open cell (the region's own first), if more than one is open."""
    if len(cells) < 2:
        return None
    ordered = sorted(houses, key=lambda h: h.name not in region)
    return next((h.name for h in ordered if set(cells) <= set(h.cells)), None)


def find(houses: Sequence[House], values: Mapping[str, int], sums: Sequence[Sum],
         cands: Sequence[AbstractSet[int]], placed: Mapping[int, int],
         names: Sequence[str]) -> list[Innie]:  # fmt: skip
    """Every rule-of-45 step that deduces something not yet known, innies before outies, regions
    in order. `houses`: the full houses (rules of their own), `values`: each one's total."""
    out: list[Innie] = []
    for region, cells, total in regions(houses, values):
        inside = [s for s in sums if set(s.cells) <= cells]
        meeting = [s for s in sums if set(s.cells) & cells and not set(s.cells) <= cells]
        forms = []
        if inside and _disjoint(inside):
            left = cells - {c for s in inside for c in s.cells}
            forms.append(("innies", tuple(inside), left, total - sum(s.total for s in inside)))
        both = inside + meeting
        if meeting and _disjoint(both) and cells <= {c for s in both for c in s.cells}:
            left = {c for s in both for c in s.cells} - cells
            made = sum(s.total for s in both) - total
            forms.append(("outies", tuple(sorted(both, key=sums.index)), left, made))
        for form, used, left, made in forms:
            found = _step(form, region, total, used, left, made, houses, cands, placed, names)
            if found is not None:
                out.append(found)
    return out


def _step(form: str, region: tuple[str, ...], total: int, used: tuple[Sum, ...], left: AbstractSet[int], made: int,
          houses: Sequence[House], cands: Sequence[AbstractSet[int]], placed: Mapping[int, int],
          names: Sequence[str]) -> Innie | None:  # fmt: skip
    known = tuple(sorted((c, placed[c]) for c in left if c in placed))
    open_cells = tuple(sorted(c for c in left if c not in placed))
    if not open_cells or len(open_cells) > MOST_CELLS:
        return None
    rest = made - sum(v for _, v in known)
    holder = _holder(open_cells, houses, region)
    places, gone = deductions(open_cells, rest, cands, holder is not None)
    if not places and not gone:
        return None
    text = text_of(form, region, total, used, known, open_cells, rest, names)
    return Innie(form, region, total, used, known, open_cells, rest, holder, places, gone, text)


def check(innie: Innie, houses: Sequence[House], values: Mapping[str, int], cands: Sequence[AbstractSet[int]],
          placed: Mapping[int, int], names: Sequence[str]) -> bool:  # fmt: skip
    """Re-derive the step from the definitions alone: the region is full houses (one, or
    consecutive lines) with the stated total; the sums lie inside it (innies) or cover it
    (outies), pairwise disjoint; the cells left over are the placed ones and the open ones stated;
    the rest is the arithmetic's; every placement and elimination is exactly what the fillings of
    the open cells give; and the text says so."""
    by_name = {h.name: h for h in houses}
    if not innie.houses or any(n not in by_name or not by_name[n].full for n in innie.houses):
        return False
    region = [by_name[n] for n in innie.houses]
    cells: set[int] = set()
    for h in region:
        if cells & set(h.cells):
            return False
        cells |= set(h.cells)
    if len(region) > 1:
        kinds = {h.kind for h in region}
        numbers = [int(h.name.split()[1]) for h in region]
        if kinds not in ({"row"}, {"column"}) or numbers != list(range(numbers[0], numbers[0] + len(region))):
            return False
    if innie.region_total != sum(values[n] for n in innie.houses):
        return False
    covered: set[int] = set()
    for s in innie.sums:
        if covered & set(s.cells):
            return False
        covered |= set(s.cells)
    if innie.form == "innies":
        if not covered <= cells:
            return False
        left = cells - covered
        made = innie.region_total - sum(s.total for s in innie.sums)
    elif innie.form == "outies":
        if not cells <= covered or any(not set(s.cells) & cells for s in innie.sums):
            return False
        left = covered - cells
        made = sum(s.total for s in innie.sums) - innie.region_total
    else:
        return False
    if set(innie.cells) | {c for c, _ in innie.placed} != left or set(innie.cells) & set(placed):
        return False
    if any(placed.get(c) != v for c, v in innie.placed) or innie.rest != made - sum(v for _, v in innie.placed):
        return False
    distinct = innie.distinct is not None
    if distinct and (innie.distinct not in by_name or not set(innie.cells) <= set(by_name[innie.distinct].cells)):
        return False
    kept = {c: set() for c in innie.cells}
    for fill in product(*(sorted(cands[c]) for c in innie.cells)):
        if sum(fill) == innie.rest and (not distinct or len(set(fill)) == len(fill)):
            for c, v in zip(innie.cells, fill, strict=True):
                kept[c].add(v)
    for c, v in innie.places:
        if kept.get(c) != {v}:
            return False
    for c, v in innie.eliminates:
        if c not in kept or v in kept[c] or v not in cands[c]:
            return False
    said = text_of(innie.form, innie.houses, innie.region_total, innie.sums, innie.placed, innie.cells,
                   innie.rest, names)  # fmt: skip
    return bool(innie.places or innie.eliminates) and innie.text == said
