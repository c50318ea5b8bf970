"""Is a cell permutation a symmetry of a puzzle? Checked on the constraint core, constraint by constraint.

A generator is accepted only if it maps the model onto itself: domains, givens and every core
constraint onto an equal one, unknowns renamed consistently with equal domains. That is sufficient
for it to map solutions to solutions; the message names the first constraint it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .core import AllDifferent, Linear
from .errors import ModelError

if TYPE_CHECKING:
    from .model import Puzzle

# How a message names what a constraint maps onto when no equal constraint is there.
_MISSING = {AllDifferent: "maps onto cells that are not a group", Linear: "maps onto cells that carry no such sum"}


def check_generator(puzzle: Puzzle, gen: Sequence[int], k: int) -> None:
    """Raise ModelError unless `gen` maps every part of the puzzle onto an equal part."""
    n = puzzle.size
    where = f"symmetry.generators #{k + 1}"
    if len(gen) != n:
        raise ModelError(f"{where}: has {len(gen)} entries for {n} cells")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in gen) or sorted(gen) != list(range(n)):
        raise ModelError(f"{where}: is not a permutation of the cell indices 0..{n - 1}")
    perm = tuple(gen)
    names = puzzle.cells
    not_sym = f"{where} is not a symmetry of the puzzle"
    for i in range(n):
        if puzzle.domains[perm[i]] != puzzle.domains[i]:
            raise ModelError(f"{not_sym}: cell {names[i]} and its image {names[perm[i]]} have different domains")
    givens = puzzle.given_map
    for c, v in puzzle.givens:
        if givens.get(perm[c]) != v:
            raise ModelError(
                f"{not_sym}: given {names[c]} = {v} maps to cell {names[perm[c]]}, "
                f"which is {'not given' if perm[c] not in givens else f'given {givens[perm[c]]}'}"
            )
    # Constraints whose right side is an unknown are matched up to a renaming of the unknowns.
    fixed = {c.key() for c in puzzle.core if not (isinstance(c, Linear) and isinstance(c.rhs, str))}
    by_shape: dict[tuple[object, ...], list[str]] = {}
    for c in puzzle.sums:
        if isinstance(c.rhs, str):
            by_shape.setdefault(_shape(c), []).append(c.rhs)
    summed = {_shape(c)[0] for c in puzzle.sums}
    rename: dict[str, str] = {}
    for origin, c in puzzle.lowered:
        img = c.image(perm)
        desc = f"{origin} ({c.describe(names)})"
        missing = _MISSING.get(type(c), "maps onto cells that carry no such constraint")
        if not (isinstance(c, Linear) and isinstance(c.rhs, str)):
            if img.key() in fixed:
                continue
            if isinstance(c, AllDifferent):
                raise ModelError(f"{not_sym}: {origin} {missing}")
            if isinstance(c, Linear) and _shape(img)[0] in summed:
                missing = "maps onto a sum with another total"
            raise ModelError(f"{not_sym}: {desc} {missing}")
        candidates = by_shape.get(_shape(img))
        if candidates is None:
            raise ModelError(f"{not_sym}: {desc} {missing}")
        target = rename.get(c.rhs)
        if target is None:  # keep a name where it can stay, else the first free one
            free = [t for t in candidates if t not in rename.values()]
            target = c.rhs if c.rhs in candidates else (free or candidates)[0]
            rename[c.rhs] = target
        if target not in candidates:
            raise ModelError(f"{not_sym}: {desc} maps onto a sum with another total")
    if len(set(rename.values())) != len(rename):
        raise ModelError(f"{not_sym}: it merges two unknowns into one")
    doms = {u.name: u.domain for u in puzzle.unknowns}
    for a, b in rename.items():
        if doms[a] != doms[b]:
            raise ModelError(f"{not_sym}: it maps unknown {a} onto {b}, whose domain differs")


def _shape(c: Linear) -> tuple[object, ...]:
    """A linear constraint without its right side."""
    return (frozenset(zip(c.cells, c.weights, strict=True)), c.op)
