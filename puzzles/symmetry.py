"""Symmetry groups of puzzles: closure of generators, orbits and canonical representatives.

Convention (the TOML format's): a permutation `p` moves the value in cell `i` to cell `p[i]`,
so the image `t` of an assignment `s` has `t[p[i]] == s[i]`. Group theory only: whether a
permutation is a symmetry of a puzzle is `puzzles.invariance`'s question, and how an enumeration
uses the group (lex-leader, orbit blocking) is `solvers.symmetry_breaking`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import ModelError

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
