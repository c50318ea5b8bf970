"""What an explanation is made of: facts about cells, the rules a step cites, and the steps.

A fact is a cell's value (`place`) or a value ruled out of a cell (`eliminate`). A step deduces
facts from a few rules of the puzzle and facts known before it; everything here is frozen, so a
step printed is the step that was checked.
"""

from __future__ import annotations

from puzzlesat.runtime.records import dataclass

PLACE = "place"
ELIMINATE = "eliminate"


@dataclass(frozen=True, order=True)
class Fact:
    """r5c6 = 3 (`place`) or r5c6 != 3 (`eliminate`); `cell` is the cell's index."""

    cell: int
    value: int
    kind: str = PLACE

    @property
    def placed(self) -> bool:
        return self.kind == PLACE

    def negated(self) -> Fact:
        return Fact(self.cell, self.value, ELIMINATE if self.placed else PLACE)


@dataclass(frozen=True, order=True)
class RuleRef:
    """One rule as the board names it ("row 3", "thermometer 2 (r1c6→r1c4)", `Puzzle.display`),
    every cell it covers, and its stable `id` (`Puzzle.lowered`'s label: "less #2"), which the
    JSON keeps beside the name; without one, the name is the id."""

    name: str
    cells: tuple[int, ...]
    id: str = ""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", self.name)


@dataclass(frozen=True)
class Step:
    """Facts deduced from `rules` and `facts` alone (re-checked before it is shown).

    `technique` names what the core found ("hidden single", "pointing", "case split"...);
    `hypothesis` is the value a case split assumes, `depth` how deep its search went (0: none).
    `main` are the rules the deduction is about; `rules` adds those that only removed candidates
    by a placed value (the row that holds the other 3)."""

    deduced: tuple[Fact, ...]
    rules: tuple[RuleRef, ...]
    facts: tuple[Fact, ...]
    cost: float
    technique: str
    main: tuple[RuleRef, ...] = ()
    hypothesis: Fact | None = None
    depth: int = 0
    tier: str = ""  # how it was found (reasoning.costs.TIERS): "propagation", "complete pair", ...
    cells: tuple[int, ...] = ()  # the cells that form the named shape (a naked triple's three)
    digits: tuple[int, ...] = ()  # the digits that form it
    chain: tuple[Fact, ...] = ()  # a case split's placements from the hypothesis to the contradiction
    ends: str = ""  # where a case split's chain ends: "no 9 in row 2", "no value for r3c4"
    text: str = ""  # a named pattern's own words (`patterns.Pattern.text`), else empty
    why: str = ""  # what a sum or line rule used, a line a rule, checked (reasoning.why)
