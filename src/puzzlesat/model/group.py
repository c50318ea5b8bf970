"""Symmetry groups of puzzles: closure of generators, orbits and canonical representatives.

An element moves cells and may relabel values. Convention (the TOML format's): a cell permutation
`p` moves the value in cell `i` to cell `p[i]`, and a value map `m` (a permutation of the puzzle's
sorted values, `m[k]` the image of `values[k]`) relabels it on the way, so the image `t` of an
assignment `s` has `t[p[i]] == m(s[i])`. A group is its listed elements, times, when `relabel` is
set, every relabelling of the values (a direct factor of order n!, never listed: sudoku's digits).
Group theory only: whether an element is a symmetry of a puzzle is `puzzlesat.model.invariance`'s question,
how an enumeration uses the group `puzzlesat.symmetry.breaking`'s, and finding it `puzzlesat.symmetry.detect`'s.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property

from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

Perm = tuple[int, ...]
# A value map as indices: vmap[k] is the index (in the group's sorted values) of the image of values[k].
VMap = tuple[int, ...]
Element = tuple[Perm, VMap | None]  # None: the values stay

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


def _compose_elements(a: Element, b: Element) -> Element:
    """First a, then b."""
    (p, m), (q, n) = a, b
    if m is None:
        vm = n
    elif n is None:
        vm = m
    else:
        vm = tuple(n[x] for x in m)
        if vm == tuple(range(len(vm))):
            vm = None
    return compose(p, q), vm


def relabel_first_seen(values: Sequence[int], domain: Sequence[int]) -> tuple[int, ...]:
    """The smallest relabelling of an assignment: values renamed, in order of first appearance, to
    the smallest of `domain` (the least member of its orbit under every relabelling)."""
    names: dict[int, int] = {}
    out = []
    for v in values:
        if v not in names:
            names[v] = domain[len(names)]
        out.append(names[v])
    return tuple(out)


@dataclass(frozen=True)
class Group:
    """A finite group of cell permutations with value maps, kept as the list of its elements
    (identity first) and, with `relabel`, every relabelling of `values` besides."""

    size: int
    elements: tuple[Element, ...]
    values: tuple[int, ...] = ()
    relabel: bool = False
    generators: tuple[Element, ...] = ()  # the non-identity generators it was made from

    @classmethod
    def generate(
        cls,
        size: int,
        generators: Iterable[Perm | Element],
        values: Sequence[int] = (),
        relabel: bool = False,
        limit: int = MAX_GROUP_ORDER,
    ) -> Group:
        """The closure of the generators (a plain permutation moves cells only)."""
        identity: Element = (tuple(range(size)), None)
        gens = []
        for g in generators:
            el = _element(g, len(values))
            if el != identity:
                gens.append(el)
        seen = {identity}
        frontier = [identity]
        while frontier:
            nxt = []
            for a in frontier:
                for g in gens:
                    b = _compose_elements(a, g)
                    if b not in seen:
                        seen.add(b)
                        nxt.append(b)
                        if len(seen) > limit:
                            raise ModelError(
                                f"symmetry: the generators span more than {limit} elements; "
                                "orbit blocking needs every element"
                            )
            frontier = nxt
        rest = sorted(seen - {identity}, key=lambda e: (e[0], e[1] or ()))
        return cls(size, (identity, *rest), tuple(values), relabel, tuple(gens))

    def listed(self, limit: int = MAX_GROUP_ORDER) -> Group:
        """The same group with its relabellings listed as elements (`relabel` off): what orbit
        blocking needs where no all-different group can stand for them. ModelError past `limit`."""
        n = len(self.values)
        if not self.relabel or n < 2:
            return Group(self.size, self.elements, self.values, False, self.generators)
        if self.order > limit:
            raise ModelError(f"symmetry: the group has {self.order:,} elements, more than the {limit:,} listed")
        identity = tuple(range(self.size))
        swap = (identity, (1, 0, *range(2, n)))  # a swap and an n-cycle of the values generate every relabelling
        cycle = (identity, tuple((k + 1) % n for k in range(n)))
        return Group.generate(self.size, [*self.generators, swap, cycle], self.values, limit=limit)

    @property
    def order(self) -> int:
        return len(self.elements) * (math.factorial(len(self.values)) if self.relabel else 1)

    @cached_property
    def cell_order(self) -> int:
        """The order of the subgroup that moves only cells."""
        return sum(1 for _, m in self.elements if m is None)

    @cached_property
    def permutations(self) -> tuple[Perm, ...]:
        """The cell parts of the elements that keep the values (identity first)."""
        return tuple(p for p, m in self.elements if m is None)

    @property
    def moves_values(self) -> bool:
        return self.relabel or any(m is not None for _, m in self.elements)

    @cached_property
    def _index(self) -> dict[int, int]:
        return {v: k for k, v in enumerate(self.values)}

    def apply(self, values: Sequence[int], element: Element) -> tuple[int, ...]:
        """The image of an assignment under one element."""
        p, m = element
        if m is None:
            return image(values, p)
        vals, index = self.values, self._index
        return image([vals[m[index[v]]] for v in values], p)

    def images(self, values: Sequence[int]) -> set[tuple[int, ...]]:
        """The images under the listed elements (the whole orbit unless `relabel`)."""
        return {self.apply(values, e) for e in self.elements}

    def orbit(self, values: Sequence[int]) -> list[tuple[int, ...]]:
        """Every distinct image of an assignment under the listed elements, sorted."""
        return sorted(self.images(values))

    def canonical(self, values: Sequence[int]) -> tuple[int, ...]:
        """The orbit's lexicographically smallest member: the class's representative."""
        if self.relabel:
            return min(relabel_first_seen(t, self.values) for t in self.images(values))
        return min(self.images(values))

    def stabilizer_size(self, values: Sequence[int]) -> int:
        t = tuple(values)
        if self.relabel:  # a relabelling fixes an assignment only when it fixes every value used
            free = math.factorial(len(self.values) - len(set(t)))
            pattern = relabel_first_seen(t, self.values)
            same = sum(1 for e in self.elements if relabel_first_seen(self.apply(t, e), self.values) == pattern)
            return free * same
        return sum(1 for e in self.elements if self.apply(t, e) == t)

    def describe_element(self, element: Element) -> dict[str, object]:
        """The element as the file format writes it: cells, and values when it relabels them."""
        p, m = element
        out: dict[str, object] = {"cells": list(p)}
        if m is not None:
            out["values"] = [self.values[k] for k in m]
        return out


def _element(g: Perm | Element, nvalues: int) -> Element:
    """A generator as an element; a plain permutation keeps the values."""
    if len(g) == 2 and isinstance(g[0], tuple) and (g[1] is None or isinstance(g[1], tuple)):
        p, m = g  # type: ignore[misc]
        if m is not None and m == tuple(range(nvalues)):
            m = None
        return tuple(p), m
    return tuple(g), None  # type: ignore[arg-type]
