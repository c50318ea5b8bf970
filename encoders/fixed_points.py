"""Clauses for counting: the fixed points of a symmetry, pinned cells, the projection set.

Encoder-neutral, like blocking clauses: everything goes through `value_literals(cell, value)`,
the conjunction meaning "cell holds value" in one-hot, order or log alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol


class Literals(Protocol):
    """What these clauses read from an encoding (`puzzlesat.encoders.cnf.CNFEncoding` fits)."""

    domains: tuple[tuple[int, ...], ...]

    def value_literals(self, cell: int, value: int) -> list[int]: ...


def fixed_point_clauses(
    encoding: Literals, cells: Sequence[int], values: Mapping[int, int] | None = None
) -> list[list[int]]:
    """The assignment is its own image under the element (cells, values): s[cells[i]] ==
    values(s[i]) for every cell i (values None: the identity). Per cell i and value v of i:
    "i holds v" implies "cells[i] holds values(v)", or is false if that value is not in its domain."""
    m = values or {}
    out: list[list[int]] = []
    for i, p in enumerate(cells):
        for v in encoding.domains[i]:
            w = m.get(v, v)
            if p == i and w == v:
                continue
            premise = [-lit for lit in encoding.value_literals(i, v)]
            if w not in encoding.domains[p]:
                out.append(premise)
                continue
            out.extend([*premise, lit] for lit in encoding.value_literals(p, w) if -lit not in premise)
    return out


def pin_clauses(encoding: Literals, assignment: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Unit clauses making each (cell, value) hold."""
    return [[lit] for c, v in assignment for lit in encoding.value_literals(c, v)]


def projection(encoding: Literals) -> list[int]:
    """Every variable the cells' values are read from, sorted: counting models projected on these
    counts cell assignments, whatever auxiliary variables the encoding adds."""
    domains = enumerate(encoding.domains)
    return sorted({abs(lit) for c, dom in domains for v in dom for lit in encoding.value_literals(c, v)})
