"""Is a cell permutation, with a relabelling of the values, a symmetry of a puzzle?

Checked on the constraint core, constraint by constraint.

A generator is accepted only if it maps the model onto itself: domains, givens and every core
constraint onto an equal one, unknowns renamed consistently with equal domains. That is sufficient
for it to map solutions to solutions; the message names the first constraint it breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from puzzlesat.model.core import FLIPPED, AllDifferent, Atom, Constraint, Guarded, Linear, Table
from puzzlesat.model.group import Element, Perm
from puzzlesat.runtime.errors import ModelError


class NamedDomain(Protocol):
    name: str
    domain: tuple[int, ...]


class Puzzle(Protocol):
    """What the check reads of a puzzle (`puzzlesat.model.model.Puzzle` fits). A protocol, not the model's
    class: the model runs this check on its declared generators while it validates itself."""

    cells: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    unknowns: tuple[NamedDomain, ...]
    givens: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int: ...

    @property
    def values(self) -> tuple[int, ...]: ...

    @property
    def given_map(self) -> dict[int, int]: ...

    @property
    def lowered(self) -> tuple[tuple[str, Constraint], ...]: ...

    @property
    def core(self) -> tuple[Constraint, ...]: ...

    @property
    def sums(self) -> tuple[Linear, ...]: ...

# How a message names what a constraint maps onto when no equal constraint is there.
_MISSING = {AllDifferent: "maps onto cells that are not a group", Linear: "maps onto cells that carry no such sum"}


def check_generator(puzzle: Puzzle, gen: Element, k: int) -> None:
    """Raise ModelError unless `gen` maps every part of the puzzle onto an equal part."""
    n = puzzle.size
    where = f"symmetry.generators #{k + 1}"
    perm, vmap = gen
    if len(perm) != n:
        raise ModelError(f"{where}: has {len(perm)} entries for {n} cells")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in perm) or sorted(perm) != list(range(n)):
        raise ModelError(f"{where}: is not a permutation of the cell indices 0..{n - 1}")
    values = puzzle.values
    if vmap is not None and (len(vmap) != len(values) or sorted(vmap) != list(range(len(values)))):
        raise ModelError(f"{where}: values is not a permutation of the puzzle's {len(values)} values")
    relabel = (lambda v: v) if vmap is None else dict(zip(values, (values[i] for i in vmap), strict=True)).__getitem__
    names = puzzle.cells
    not_sym = f"{where} is not a symmetry of the puzzle"
    for i in range(n):
        if puzzle.domains[perm[i]] != tuple(sorted(map(relabel, puzzle.domains[i]))):
            raise ModelError(f"{not_sym}: cell {names[i]} and its image {names[perm[i]]} have different domains")
    givens = puzzle.given_map
    for c, v in puzzle.givens:
        if givens.get(perm[c]) != relabel(v):
            raise ModelError(
                f"{not_sym}: given {names[c]} = {v} maps to cell {names[perm[c]]}, "
                f"which is {'not given' if perm[c] not in givens else f'given {givens[perm[c]]}'}"
            )
    # A sum survives a relabelling only when it is x -> a - x: sum(w x) op r becomes sum(w x) op' a*sum(w) - r.
    mirror = None if vmap is None else _mirror(values, relabel)
    if vmap is not None and mirror is None:
        for origin, c in puzzle.lowered:
            if isinstance(c, Linear):
                raise ModelError(f"{not_sym}: {origin} ({c.describe(names)}) is a sum, which only x -> a - x keeps")
            if isinstance(c, Guarded) and not _relabels(c):
                raise ModelError(
                    f"{not_sym}: {origin} ({c.describe(names)}) sums or compares values, which only x -> a - x keeps"
                )
    # Tables are compared as they act (`live`): the graph nauty reads has only their live tuples.
    core = [x for x in (live(c, puzzle) for c in puzzle.core) if x is not None]
    # Constraints whose right side is an unknown are matched up to a renaming of the unknowns.
    fixed = {c.key() for c in core if not (isinstance(c, Linear) and isinstance(c.rhs, str))}
    by_shape: dict[tuple[object, ...], list[str]] = {}
    for c in puzzle.sums:
        if isinstance(c.rhs, str):
            by_shape.setdefault(_shape(c), []).append(c.rhs)
    summed = {_shape(c)[0] for c in puzzle.sums}
    rename: dict[str, tuple[int | None, str]] = {}  # unknown -> (K, target): its image is K - target, or target
    for origin, written in puzzle.lowered:
        c = live(written, puzzle)
        if c is None:
            continue
        img = image(c, perm, relabel, mirror)
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
        offset = None if mirror is None else mirror * sum(c.weights)
        known = rename.get(c.rhs)
        if known is None:  # keep a name where it can stay, else the first free one
            taken = {t for _, t in rename.values()}
            free = [t for t in candidates if t not in taken]
            known = (offset, c.rhs if c.rhs in candidates else (free or candidates)[0])
            rename[c.rhs] = known
        if known[0] != offset:
            raise ModelError(f"{not_sym}: {desc} maps the unknown {c.rhs} two different ways")
        if known[1] not in candidates:
            raise ModelError(f"{not_sym}: {desc} maps onto a sum with another total")
    if len({t for _, t in rename.values()}) != len(rename):
        raise ModelError(f"{not_sym}: it merges two unknowns into one")
    doms = {u.name: u.domain for u in puzzle.unknowns}
    for a, (offset, b) in rename.items():
        image_dom = doms[a] if offset is None else tuple(sorted(offset - d for d in doms[a]))
        if image_dom != doms[b]:
            raise ModelError(f"{not_sym}: it maps unknown {a} onto {b}, whose domain differs")


def is_symmetry(puzzle: Puzzle, element: Element) -> bool:
    """Whether the element maps the puzzle onto itself (the check without the message)."""
    try:
        check_generator(puzzle, element, 0)
    except ModelError:
        return False
    return True


def live(c: Constraint, puzzle: Puzzle) -> Constraint | None:
    """A table as it can act: only its tuples whose values the cells can take (a given cell only its
    given); None for a forbidden table left with none, which forbids nothing. An allowed table left
    with none is kept, empty: the puzzle has no solution. Other constraints are returned as they are."""
    if not isinstance(c, Table):
        return c
    givens = puzzle.given_map
    can = [{givens[x]} if x in givens else set(puzzle.domains[x]) for x in c.cells]
    rows = tuple(t for t in c.tuples if all(v in vs for v, vs in zip(t, can, strict=True)))
    if not rows and not c.allowed:
        return None
    return c if len(rows) == len(c.tuples) else Table(c.cells, rows, c.allowed)


def _mirror(values: Sequence[int], relabel: Callable[[int], int]) -> int | None:
    """a when the relabelling is x -> a - x on every value, else None."""
    a = values[0] + relabel(values[0])
    return a if all(relabel(v) == a - v for v in values) else None


def image(c: Constraint, perm: Perm, relabel: Callable[[int], int], mirror: int | None) -> Constraint:
    """The constraint's image: cells moved, values relabelled (a sum by the mirror x -> a - x)."""
    moved = c.image(perm)
    if isinstance(moved, Table):
        order = sorted(range(len(c.cells)), key=lambda i: perm[c.cells[i]])
        rows = sorted(tuple(relabel(t[i]) for i in order) for t in c.tuples)
        return Table(moved.cells, tuple(rows), moved.allowed)
    if isinstance(moved, Guarded):
        return _guarded_image(moved, relabel, mirror)
    if isinstance(moved, Linear) and mirror is not None:
        rhs = moved.rhs if isinstance(moved.rhs, str) else mirror * sum(moved.weights) - moved.rhs
        return Linear(moved.cells, moved.weights, FLIPPED[moved.op], rhs)
    return moved


def _relabels(c: Guarded) -> bool:
    """Whether any relabelling maps it onto a guarded constraint: a count of equalities only."""
    atoms = (*c.when, *(a for t in c.terms for a in t[2]))
    return all(cell is None for _, cell, _ in c.terms) and all(op in ("=", "!=") for _, op, _ in atoms)


def _guarded_image(c: Guarded, relabel: Callable[[int], int], mirror: int | None) -> Guarded:
    """The values relabelled (cells already moved): equalities by the map; under x -> a - x a
    comparison turns round (x >= v is x' < a - v + 1) and a term w * x becomes w * a - w * x'."""

    def atom(t: Atom) -> Atom:
        cell, op, v = t
        if op in ("=", "!="):
            return (cell, op, relabel(v))
        if mirror is None:  # refused before (`_relabels`); kept unchanged it matches nothing wrongly
            return t
        return (cell, "<" if op == ">=" else ">=", mirror - v + 1)

    terms: list[tuple[int, int | None, tuple[Atom, ...]]] = []
    rhs = c.rhs
    for w, cell, guard in c.terms:
        g = tuple(sorted(atom(a) for a in guard))
        if cell is None or mirror is None:
            terms.append((w, cell, g))
            continue
        terms.append((-w, cell, g))
        if g:
            terms.append((w * mirror, None, g))
        else:
            rhs -= w * mirror
    out = Guarded(tuple(terms), c.op, rhs, tuple(sorted(atom(a) for a in c.when)))
    return out.image(tuple(range(1 + max(c.cells, default=0))))  # the identity: terms in their order


def _shape(c: Linear) -> tuple[object, ...]:
    """A linear constraint without its right side."""
    return (frozenset(zip(c.cells, c.weights, strict=True)), c.op)
