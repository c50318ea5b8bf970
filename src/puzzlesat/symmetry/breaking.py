"""Enumeration policy for symmetric puzzles: which static constraints are exact, and what to block.

Orbit blocking (`puzzlesat.solvers.enumerate`) works for any listed group; lex-leader constraints make the
search visit canonical solutions only, and are used where they collapse to one inequality per
element. Two more facts make mixed groups cheap:
- lex-leader constraints for a subgroup H of G keep every G-class (its canonical member is also
  H-canonical), so H's inequalities plus blocking whole G-orbits is exact;
- with every relabelling of the values in the group, each class has members whose `anchor` (an
  all-different group holding every value once) reads the values in increasing order; the search
  is restricted to those, and a found solution blocks exactly its members of that form.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesat.model.group import Group, Perm
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import ModelError, UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.symmetry.relabel import full_group


def lex_leader_pairs(puzzle: Puzzle, permutations: Sequence[Perm] | None = None) -> tuple[tuple[int, int], ...] | None:
    """Pairs (a, b) such that "s[a] < s[b] for every pair" holds exactly for canonical solutions.

    For a group element p, s <=lex image(s, p) is decided at the first cell j that p moves: the
    image holds s[k] there, with p[k] == j. When j and k are in one all-different constraint their
    values differ, so the lex-leader constraint is the single inequality s[j] < s[k] (Crawford et
    al., KR 1996, with all-different making the lexicographic chain collapse). Every seed puzzle has
    this shape. None when some element's first moved cell is not forced to differ from its source:
    then only orbit blocking is exact. `permutations` defaults to the declared group's.
    """
    member: dict[int, set[int]] = {}
    for gi, group in enumerate(puzzle.groups):
        for c in group:
            member.setdefault(c, set()).add(gi)
    pairs: set[tuple[int, int]] = set()
    if permutations is None:
        if puzzle.group.moves_values:
            return None
        permutations = puzzle.group.permutations
    for p in permutations[1:]:
        j = next(i for i, target in enumerate(p) if target != i)
        k = p.index(j)
        if not member.get(j, set()) & member.get(k, set()):
            return None
        pairs.add((j, k))
    return tuple(sorted(pairs))


@dataclass(frozen=True)
class Breaking:
    """How one enumeration treats its group: static inequalities, and what a found solution blocks."""

    group: Group
    less_than: tuple[tuple[int, int], ...] = ()
    canonical_only: bool = False  # the inequalities admit canonical solutions only: block just the answer
    anchor: tuple[int, ...] | None = None  # relabel groups: the anchor reads the values in order
    name: str | None = None  # "lex", "orbit", "lex+orbit", "anchor+orbit"; None for the trivial group

    def blocked(self, values: Sequence[int]) -> list[tuple[int, ...]]:
        """The assignments a found solution rules out: itself, or its class's members the search admits."""
        if self.canonical_only:
            return [tuple(values)]
        if self.anchor is None:
            return self.group.orbit(values)
        order = self.group.values
        out = set()
        for t in self.group.images(values):
            rename = {t[c]: order[k] for k, c in enumerate(self.anchor)}
            out.add(tuple(rename[v] for v in t))
        return sorted(out)


MODES = ("auto", "lex", "orbit")
DEFAULT_MODE = "auto"


def breaking(puzzle: Puzzle, group: Group, mode: str = "auto") -> Breaking:
    """How to enumerate `puzzle` modulo `group` with symmetry breaking `mode`: the breaking.

    Raises ValueError when `mode` is lex and no exact lex-leader form exists (the caller words it).
    """
    if group.order == 1:
        return Breaking(group)
    if group.relabel:
        cells = full_group(puzzle)
        if cells is not None:
            return Breaking(group, tuple(zip(cells, cells[1:], strict=False)), anchor=cells, name="anchor+orbit")
        # No all-different group holds every value once (cells free to repeat values): the
        # relabellings are listed with the rest, and each solution's whole orbit blocked.
        try:
            group = group.listed()
        except ModelError as e:
            raise UsageError(
                f"{puzzle.name}: every relabelling of the values is a symmetry and no all-different group "
                f"holds them all, so orbit blocking must list the group: {e.args[0].removeprefix('symmetry: ')}; "
                "use --symmetry none"
            ) from None
    if mode == "orbit":
        return Breaking(group, name="orbit")
    pairs = lex_leader_pairs(puzzle, group.permutations)
    if pairs is None:
        if mode == "lex":
            raise ValueError("lex-leader symmetry breaking is not exact here")
        return Breaking(group, name="orbit")
    if group.moves_values:
        return Breaking(group, pairs, name="lex+orbit")
    return Breaking(group, pairs, canonical_only=True, name="lex")
