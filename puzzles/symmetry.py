"""Symmetry groups of puzzles: closure of generators, orbits and canonical representatives.

Convention (the TOML format's): a permutation `p` moves the value in cell `i` to cell `p[i]`,
so the image `t` of an assignment `s` has `t[p[i]] == s[i]`. A generator is accepted only if it
maps the puzzle onto itself, so every image of a solution is again a solution.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import ModelError

if TYPE_CHECKING:
    from .model import Puzzle

Perm = tuple[int, ...]

MAX_GROUP_ORDER = 50_000


def image(values: Sequence[int], p: Perm) -> tuple[int, ...]:
    """The assignment after moving the value of cell i to cell p[i]."""
    out = [0] * len(values)
    for i, v in enumerate(values):
        out[p[i]] = v
    return tuple(out)


def compose(p: Perm, q: Perm) -> Perm:
    """First p, then q."""
    return tuple(q[x] for x in p)


@dataclass(frozen=True)
class Group:
    """A finite permutation group on the cells, kept as the full list of its elements."""

    size: int
    elements: tuple[Perm, ...]

    @classmethod
    def generate(cls, size: int, generators: Iterable[Perm]) -> Group:
        identity = tuple(range(size))
        gens = [tuple(g) for g in generators if tuple(g) != identity]
        seen = {identity}
        frontier = [identity]
        while frontier:
            nxt = []
            for p in frontier:
                for g in gens:
                    q = compose(p, g)
                    if q not in seen:
                        seen.add(q)
                        nxt.append(q)
                        if len(seen) > MAX_GROUP_ORDER:
                            raise ModelError(
                                f"symmetry: the generators span more than {MAX_GROUP_ORDER} "
                                "permutations; orbit blocking needs every element"
                            )
            frontier = nxt
        elements = sorted(seen)
        elements.remove(identity)
        return cls(size, (identity, *elements))

    @property
    def order(self) -> int:
        return len(self.elements)

    def orbit(self, values: Sequence[int]) -> list[tuple[int, ...]]:
        """Every distinct image of an assignment, sorted."""
        return sorted({image(values, p) for p in self.elements})

    def canonical(self, values: Sequence[int]) -> tuple[int, ...]:
        """The orbit's lexicographically smallest member: the class's representative."""
        return min(image(values, p) for p in self.elements)

    def stabilizer_size(self, values: Sequence[int]) -> int:
        t = tuple(values)
        return sum(1 for p in self.elements if image(t, p) == t)


def lex_leader_pairs(puzzle: Puzzle) -> tuple[tuple[int, int], ...] | None:
    """Pairs (a, b) such that "s[a] < s[b] for every pair" holds exactly for canonical solutions.

    For a group element p, s <=lex image(s, p) is decided at the first cell j that p moves: the
    image holds s[k] there, with p[k] == j. When j and k are in one distinct group their values
    differ, so the lex-leader constraint is the single inequality s[j] < s[k] (Crawford et al.,
    KR 1996, with all-different making the lexicographic chain collapse). Every seed puzzle has this
    shape. None when some element's first moved cell is not forced to differ from its source: then
    only orbit blocking is exact.
    """
    member: dict[int, set[int]] = {}
    for gi, group in enumerate(puzzle.distinct):
        for c in group:
            member.setdefault(c, set()).add(gi)
    pairs: set[tuple[int, int]] = set()
    for p in puzzle.group.elements[1:]:
        j = next(i for i, target in enumerate(p) if target != i)
        k = p.index(j)
        if not member.get(j, set()) & member.get(k, set()):
            return None
        pairs.add((j, k))
    return tuple(sorted(pairs))


def check_generator(puzzle: Puzzle, gen: Sequence[int], k: int) -> None:
    """Raise ModelError unless `gen` maps every part of the puzzle onto an equal part."""
    n = puzzle.size
    where = f"symmetry.generators #{k + 1}"
    if len(gen) != n:
        raise ModelError(f"{where}: has {len(gen)} entries for {n} cells")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in gen) or sorted(gen) != list(range(n)):
        raise ModelError(f"{where}: is not a permutation of the cell indices 0..{n - 1}")
    names = puzzle.cells
    not_sym = f"{where} is not a symmetry of the puzzle"
    for i in range(n):
        if puzzle.domains[gen[i]] != puzzle.domains[i]:
            raise ModelError(f"{not_sym}: cell {names[i]} and its image {names[gen[i]]} have different domains")
    givens = puzzle.given_map
    for c, v in puzzle.givens:
        if givens.get(gen[c]) != v:
            raise ModelError(
                f"{not_sym}: given {names[c]} = {v} maps to cell {names[gen[c]]}, "
                f"which is {'not given' if gen[c] not in givens else f'given {givens[gen[c]]}'}"
            )
    groups = {frozenset(g) for g in puzzle.distinct}
    for gi, g in enumerate(puzzle.distinct):
        if frozenset(gen[c] for c in g) not in groups:
            raise ModelError(f"{not_sym}: distinct group #{gi + 1} maps onto cells that are not a group")
    by_key: dict[frozenset[tuple[int, int]], list[int | str]] = {}
    for s in puzzle.sums:
        by_key.setdefault(frozenset(zip(s.cells, s.weights, strict=True)), []).append(s.total)
    rename: dict[str, str] = {}
    for si, s in enumerate(puzzle.sums):
        key = frozenset((gen[c], w) for c, w in zip(s.cells, s.weights, strict=True))
        totals = by_key.get(key)
        desc = f"sum #{si + 1} ({s.describe(names)})"
        if totals is None:
            raise ModelError(f"{not_sym}: {desc} maps onto cells that carry no such sum")
        if isinstance(s.total, int):
            if s.total not in totals:
                raise ModelError(f"{not_sym}: {desc} maps onto a sum with another total")
            continue
        candidates = [t for t in totals if isinstance(t, str)]
        target = rename.get(s.total)
        if target is None and candidates:
            target = candidates[0]
            rename[s.total] = target
        if target is None or target not in candidates:
            raise ModelError(f"{not_sym}: {desc} maps onto a sum with another total")
    if len(set(rename.values())) != len(rename):
        raise ModelError(f"{not_sym}: it merges two unknowns into one")
    doms = {u.name: u.domain for u in puzzle.unknowns}
    for a, b in rename.items():
        if doms[a] != doms[b]:
            raise ModelError(f"{not_sym}: it maps unknown {a} onto {b}, whose domain differs")
