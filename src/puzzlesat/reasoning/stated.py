"""The stated reason of a step, re-checked against its definition on the marks printed before it.

`recheck` proves a step's deduction follows from what it cites; this checks that what its text
says is true: a hidden single's value has no other place in that house, a naked triple's three
cells hold only its three digits, a pointing digit's places in the box all lie on the line, a case
split "by propagation" is refuted by propagation on a fresh solver holding only the rules and
facts it cites. Written from the definitions, apart from `reasoning.names` (which searches for
the shapes), so a wrong name cannot pass by the same mistake twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlesat.reasoning.facts import Step
from puzzlesat.reasoning.patterns import Marks
from puzzlesat.runtime.errors import CheckError

if TYPE_CHECKING:
    from puzzlesat.reasoning.guarded import RuleCNF

SIZES = {"pair": 2, "triple": 3, "quad": 4}
FISH = {"X-wing": 2, "swordfish": 3, "jellyfish": 4}


def _false(step: Step, why: str, marks: Marks) -> CheckError:
    said = ", ".join(f"{marks.names[f.cell]}{'=' if f.placed else '≠'}{f.value}" for f in step.deduced)
    return CheckError(f"the stated reason of a step is false ({step.technique}: {said}): {why}")


def holders(marks: Marks, cells: Sequence[int], v: int) -> set[int]:
    """The cells among `cells` that may still take v (placed or not)."""
    return {c for c in cells if v in marks.cands[c]}


def check_stated(marks: Marks, step: Step) -> None:
    """Raise CheckError unless the step's technique holds, by its definition, on `marks` (the
    pencil marks before the step) for every fact it deduces."""
    for f in step.deduced:
        if f.placed and f.cell in marks.placed:
            raise _false(step, f"{marks.names[f.cell]} is already placed", marks)
        if f.value not in marks.cands[f.cell]:
            raise _false(step, f"{f.value} is not a candidate of {marks.names[f.cell]}", marks)
    t = step.technique
    houses = {h.name: h for h in marks.houses}
    named = [houses[n] for n in (r.name for r in step.main) if n in houses]
    gone = [(f.cell, f.value) for f in step.deduced if not f.placed]
    put = [(f.cell, f.value) for f in step.deduced if f.placed]
    if t == "naked single":
        if len(put) != 1 or gone or len(marks.cands[put[0][0]]) != 1:
            raise _false(step, "the cell has more than one candidate", marks)
    elif t == "hidden single":
        c, v = put[0] if len(put) == 1 else (-1, -1)
        if gone or len(put) != 1 or len(named) != 1 or not named[0].full or holders(marks, named[0].cells, v) != {c}:
            raise _false(step, "the value has another place in the house, or the house is not full", marks)
    elif t.startswith(("naked ", "hidden ")) and t.split()[1] in SIZES:
        _subset(marks, step, t.split()[0], SIZES[t.split()[1]], named, gone)
    elif t in ("pointing", "claiming"):
        _intersection(marks, step, t, named, gone)
    elif t in FISH:
        _fish(marks, step, FISH[t], named, gone)
    elif (step.cells or step.digits) and not step.text:  # a named pattern's text: `patterns.check` holds it
        raise _false(step, "a shape is given for a technique with no definition here", marks)


def _subset(marks: Marks, step: Step, how: str, k: int, named, gone) -> None:
    cells, digits = set(step.cells), set(step.digits)
    if len(named) != 1 or len(cells) != k or len(digits) != k or not cells <= set(named[0].cells) or not gone:
        raise _false(step, f"not {k} cells and {k} digits of one house", marks)
    house = named[0]
    if any(c in marks.placed for c in cells):
        raise _false(step, "a cell of the subset is placed", marks)
    if how == "naked":
        if set().union(*(marks.cands[c] for c in cells)) != digits:
            raise _false(step, "the cells hold other digits", marks)
        if any(c in cells or c not in house.cells or v not in digits for c, v in gone):
            raise _false(step, "an elimination is not a subset digit outside the subset", marks)
    else:
        if not house.full or any(not holders(marks, house.cells, v) <= cells for v in digits):
            raise _false(step, "a digit has a place outside the cells", marks)
        if any(c not in cells or v in digits for c, v in gone):
            raise _false(step, "an elimination is not another digit of the subset's cells", marks)


def _intersection(marks: Marks, step: Step, t: str, named, gone) -> None:
    if len(named) != 2 or len(step.digits) != 1:
        raise _false(step, "not one digit in two houses", marks)
    (v,) = step.digits
    source, target = named  # pointing: the box, then the line; claiming: the line, then the box
    both = set(source.cells) & set(target.cells)
    if not source.full or not holders(marks, source.cells, v) <= both or any(
        c not in target.cells or c in both or value != v for c, value in gone
    ):
        raise _false(step, f"the digit's places in {source.name} do not all lie in {target.name}", marks)


def _fish(marks: Marks, step: Step, k: int, named, gone) -> None:
    if len(named) != 2 * k or len(step.digits) != 1:
        raise _false(step, f"not {k} base and {k} cover houses", marks)
    (v,) = step.digits
    base, cover = named[:k], named[k:]
    covered = {c for h in cover for c in h.cells}
    inside = {c for h in base for c in h.cells}
    if any(not h.full or not holders(marks, h.cells, v) <= covered for h in base):
        raise _false(step, "a base house has the digit outside the cover houses", marks)
    if any(value != v or c not in covered or c in inside for c, value in gone):
        raise _false(step, "an elimination lies outside the cover houses or inside the base", marks)


def check_depth(g: RuleCNF, step: Step) -> None:
    """A case split said to be refuted by propagation must be, on a fresh solver holding only the
    rules and facts it cites (no learnt clause); one said to need search must not be."""
    if step.hypothesis is None:
        return
    solver = g.isolated([g.by_name[r.name].selector for r in step.rules],
                        cells=[f.cell for f in (*step.facts, step.hypothesis)])  # fmt: skip
    try:
        ok, _ = solver.propagate([*(g.literal(f) for f in step.facts), g.literal(step.hypothesis)])
    finally:
        solver.delete()
    if (not ok) != (step.depth == 1):
        raise CheckError(f"a case split's stated depth {step.depth} is false on a fresh solver")
