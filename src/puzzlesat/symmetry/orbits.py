"""Raw counts from classes: each class found once, weighted by its orbit size |G| / |stabiliser|.

An enumeration modulo symmetry (`solve --all`, lex-leader or orbit blocking) reports every class
once, as its canonical member (a class found twice is an error there, `puzzlesat.solvers.enumerate`); the
raw solutions are the union of the classes' orbits, so their number is the sum of the orbit sizes,
computed here in plain Python from the group. Where the group is listed and small, each orbit is
listed too and the members each conjugacy class fixes are added up, so that `count --json` still
reports Burnside's fixed points per conjugacy class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from puzzlesat.model.group import Group
from puzzlesat.runtime.errors import CheckError
from puzzlesat.runtime.records import dataclass, field
from puzzlesat.symmetry.burnside import Element

# Listing an orbit costs |G| images and |orbit| x (conjugacy classes) fixed-point tests: past this
# product per class, only the orbit size is computed (from the stabiliser) and Burnside is skipped.
FIXED_BUDGET = 20_000
BY_CLASSES = "enumeration modulo symmetry"  # stats["orbits_by"] of a count that listed the classes


def image(element: Element, values: Sequence[int]) -> tuple[int, ...]:
    """The assignment after `element`: the value of cell i, mapped, lands in cell cells[i]."""
    m = dict(element.values)
    out = [0] * len(values)
    for i, p in enumerate(element.cells):
        v = values[i]
        out[p] = m.get(v, v)
    return tuple(out)


@dataclass
class Tally:
    """What the classes found so far add up to: raw solutions, orbit sizes, fixed points per
    conjugacy class (`fixed`, empty when Burnside is skipped)."""

    group: Group
    elements: list[Element] | None = None  # every element listed (Burnside's), or None
    classes: list[Element] = field(default_factory=list)  # conjugacy classes, identity first
    found: int = 0
    total: int = 0
    sizes: Counter[int] = field(default_factory=Counter)
    fixed: list[int] = field(default_factory=list)

    @classmethod
    def over(cls, group: Group, listed: list[Element] | None, classes: list[Element]) -> Tally:
        """A tally for `group`; Burnside's check only when listing each orbit stays within FIXED_BUDGET."""
        if listed is None or len(listed) * (1 + len(classes)) > FIXED_BUDGET:
            return cls(group)
        return cls(group, listed, classes, fixed=[0] * len(classes))

    @property
    def burnside(self) -> bool:
        return self.elements is not None

    def add(self, values: Sequence[int]) -> int:
        """Count one class by its member `values`; returns its orbit size."""
        if self.elements is None:
            size, rest = divmod(self.group.order, self.group.stabilizer_size(values))
            if rest:
                raise CheckError(f"internal error: a stabiliser of {list(values)} does not divide the group's order")
        else:
            orbit = {image(e, values) for e in self.elements}
            size = len(orbit)
            for k, c in enumerate(self.classes):
                self.fixed[k] += sum(1 for s in orbit if c.fixes(s))
        self.found += 1
        self.total += size
        self.sizes[size] += 1
        return size
