"""The symmetry group of a puzzle, found in its constraints rather than declared.

The core becomes a coloured graph, as Savile Row (`-S2`), BreakID and shatter do: a vertex per
cell, per value, per literal "cell = value" (edges to its cell and its value; a given's literal has
its own colour, and a literal exists only inside the cell's domain), per constraint and per table
tuple (edges to its literals), and per linear term (coloured by its weight; edges to its constraint
and its cell). nauty (`pynauty`) returns generators of the graph's automorphism group; restricted to
the cell and value vertices they are the permutations of cells and relabellings of values that map
the constraints onto themselves.

A sum reads values as numbers: with one in the model, the value vertices are fixed (coloured apart)
and the only relabelling tried is the mirror x -> a - x, checked on the core directly
(`puzzlesat.model.invariance`). Without sums, values move freely; when the values alone can be relabelled in
every way (sudoku, Latin squares) the group is the cell group times n!, kept in that form
(`Group.relabel`) since n! elements are never listed. Every element returned is re-checked by
`invariance.check_generator`: nauty's answer is trusted no more than a solver's.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from puzzlesat.model.core import AllDifferent, Constraint, Guarded, Linear, Table
from puzzlesat.model.group import MAX_GROUP_ORDER, Element, Group, Perm
from puzzlesat.model.invariance import check_generator, image, is_symmetry
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

# Past this many "cell = value" literals the graph is not built: detection is for puzzles whose
# values are digits, not for a 1000-cell file over 1..1000000 (its group is found trivial instead).
MAX_LITERALS = 200_000

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle


@dataclass(frozen=True)
class Detected:
    """A puzzle's automorphism group: its order, the order of the part that keeps the values, and
    generators; `group` lists it for enumeration (None when too large to list)."""

    order: int
    cell_order: int
    generators: tuple[Element, ...]
    relabel: bool  # every relabelling of the values is a symmetry (a direct factor n!)
    group: Group | None
    exact: bool  # False when the order passed 2**53 and nauty's floating-point size was rounded

    @cached_property
    def cell_generators(self) -> tuple[Perm, ...]:
        return tuple(p for p, m in self.generators if m is None)


class _Graph:
    """Vertices with colours and undirected edges, built in a deterministic order."""

    def __init__(self) -> None:
        self.colour: list[tuple[object, ...]] = []
        self.edges: dict[int, list[int]] = {}
        self._built: Any = None

    def add(self, colour: tuple[object, ...]) -> int:
        self._built = None
        self.colour.append(colour)
        return len(self.colour) - 1

    def join(self, a: int, b: int) -> None:
        self._built = None
        self.edges.setdefault(a, []).append(b)

    def _nauty(self) -> Any:
        """pynauty's graph, built once the graph is complete: the automorphisms and an isomorphism
        test both read it (a vertex or an edge added later drops it)."""
        if self._built is None:
            self._built = self._build()
        return self._built

    def _build(self) -> Any:
        import pynauty

        classes: dict[str, set[int]] = {}
        for v, c in enumerate(self.colour):
            classes.setdefault(repr(c), set()).add(v)
        return pynauty.Graph(
            len(self.colour),
            directed=False,
            adjacency_dict={a: sorted(set(bs)) for a, bs in sorted(self.edges.items())},
            vertex_coloring=[classes[k] for k in sorted(classes)],
        )

    def automorphisms(self) -> tuple[list[list[int]], int, bool]:
        """nauty's generators, the group order, and whether that order is exact."""
        import pynauty

        gens, size1, size2, _, _ = pynauty.autgrp(self._nauty())
        order = size1 * 10**size2
        return gens, round(order), order < 2**53

    def isomorphism(self, other: _Graph) -> list[int] | None:
        """A map of this graph's vertices onto `other`'s that keeps edges and colours, or None:
        equal canonical forms (nauty's certificates), matched through the canonical labellings."""
        import pynauty

        if len(self.colour) != len(other.colour) or Counter(map(repr, self.colour)) != Counter(map(repr, other.colour)):
            return None
        mine, theirs = self._nauty(), other._nauty()
        if pynauty.certificate(mine) != pynauty.certificate(theirs):
            return None
        iso = [0] * len(self.colour)
        for a, b in zip(pynauty.canon_label(mine), pynauty.canon_label(theirs), strict=True):
            iso[a] = b
        return iso


def _graph(puzzle: Puzzle, free_values: bool, free_cells: bool = True, flip: int | None = None) -> tuple[_Graph, int]:
    """The coloured graph of the puzzle's core; cell vertices are 0..n-1, value vertices follow.
    With `flip` = a, the graph of the puzzle read through x -> a - x (domains, givens, constraints)."""
    g = _Graph()
    n = puzzle.size
    for c in range(n):
        g.add(("cell",) if free_cells else ("cell", c))
    value_vertex = {v: g.add(("value",) if free_values else ("value", v)) for v in puzzle.values}
    givens = puzzle.given_map
    domains: Sequence[Sequence[int]] = puzzle.domains
    core: Sequence[Constraint] = puzzle.core
    if flip is not None:
        a = flip
        givens = {c: a - v for c, v in givens.items()}
        domains = [sorted(a - v for v in dom) for dom in domains]
        core = [image(con, range(n), lambda v: a - v, a) for con in core]  # type: ignore[arg-type]
    literal: dict[tuple[int, int], int] = {}
    for c, dom in enumerate(domains):
        for v in dom:
            if c in givens and givens[c] != v:
                continue  # a given is a domain of one value
            x = literal[c, v] = g.add(("literal", c in givens))
            g.join(x, c)
            g.join(x, value_vertex[v])
    unknown_vertex = {u.name: g.add(("unknown", u.domain)) for u in puzzle.unknowns}
    seen: set[tuple[object, ...]] = set()
    for con in core:
        key = con.key()
        if key in seen:
            continue
        seen.add(key)
        if isinstance(con, AllDifferent):
            x = g.add(("alldiff",))
            for c in con.cells:
                g.join(x, c)
        elif isinstance(con, Table):
            # A tuple outside the domains never applies (the checker compares tables the same way,
            # `invariance.live`); a forbidden table left with none forbids nothing, and an allowed
            # one left with none is joined to its cells, which it alone keeps from any solution.
            rows = {frozenset(zip(con.cells, t, strict=True)) for t in con.tuples}
            rows = {row for row in rows if all(lit in literal for lit in row)}
            if not rows and not con.allowed:
                continue
            x = g.add(("table", con.allowed))
            if not rows:
                for c in con.cells:
                    g.join(x, c)
            for row in sorted(rows, key=sorted):
                y = g.add(("tuple", con.allowed))
                g.join(x, y)
                for lit in sorted(row):
                    g.join(y, literal[lit])
        elif isinstance(con, Guarded):
            _, gterms, op, rhs, when = key
            x = g.add(("guarded", op, rhs))
            for atom in sorted(when):
                _atom(g, x, atom, "when")
            for w, c, guard in gterms:  # a term, joined to its cell (if any) and to its guard's atoms
                y = g.add(("guarded term", w, c is None))
                g.join(x, y)
                if c is not None:
                    g.join(y, c)
                for atom in guard:
                    _atom(g, y, atom, "guard")
        elif isinstance(con, Linear):
            _, terms, op, rhs = key
            x = g.add(("linear", op, "unknown" if isinstance(rhs, str) else rhs))
            if isinstance(rhs, str):
                g.join(x, unknown_vertex[rhs])
            for c, w in sorted(terms):
                y = g.add(("term", w))
                g.join(x, y)
                g.join(y, c)
    return g, n


def _atom(g: _Graph, owner: int, atom: tuple[int, str, int], role: str) -> None:
    """"cell op value" as a vertex coloured by its comparison and value, joined to its cell."""
    c, op, v = atom
    a = g.add(("atom", role, op, v))
    g.join(owner, a)
    g.join(a, c)


def _element(gen: Sequence[int], puzzle: Puzzle) -> Element:
    n, values = puzzle.size, puzzle.values
    cells = tuple(gen[:n])
    vmap = tuple(x - n for x in gen[n : n + len(values)])
    return cells, (None if vmap == tuple(range(len(values))) else vmap)


def mirror(puzzle: Puzzle) -> tuple[int, Element] | None:
    """a and the element x -> a - x on the values with the cells kept, when the values allow it
    (they are symmetric about a / 2)."""
    values = puzzle.values
    a = values[0] + values[-1]
    if sorted(a - v for v in values) != list(values) or len(values) < 2:
        return None
    index = {v: k for k, v in enumerate(values)}
    return a, (tuple(range(puzzle.size)), tuple(index[a - v] for v in values))


def _mirror_with_cells(puzzle: Puzzle, graph: _Graph, a: int, flip: Element) -> Element | None:
    """The mirror x -> a - x together with a cell permutation, when the mirror alone is not a
    symmetry (a futoshiki whose signs all reverse under a half turn): the puzzle read through the
    mirror must be the puzzle with its cells moved, so its graph is isomorphic to the puzzle's,
    and the isomorphism's cell part is the permutation. Puzzles with unknowns are not tried."""
    if puzzle.unknowns:
        return None
    mirrored, n = _graph(puzzle, free_values=False, flip=a)
    iso = graph.isomorphism(mirrored)
    if iso is None:
        return None
    perm = tuple(iso[:n])
    inverse = tuple(sorted(range(n), key=perm.__getitem__))
    for cells in (perm, inverse):  # which way round the map reads: the check decides
        if is_symmetry(puzzle, (cells, flip[1])):
            return cells, flip[1]
    return None


def detect(puzzle: Puzzle) -> Detected:
    """The automorphism group of the puzzle's constraints (see the module's docstring).

    Raises ModelError when the puzzle is too large to build its graph (`MAX_LITERALS`).
    """
    literals = sum(len(d) for d in puzzle.domains)
    if literals > MAX_LITERALS:
        raise ModelError(
            f"{puzzle.name}: {literals:,} cell-value pairs is too many to detect symmetry "
            f"(at most {MAX_LITERALS:,}); use --symmetry declared or none"
        )
    has_sums = any(isinstance(c, Linear | Guarded) for c in puzzle.core)  # values told apart
    graph, n = _graph(puzzle, free_values=not has_sums)
    gens, order, exact = graph.automorphisms()
    generators = [_element(g, puzzle) for g in gens]
    relabel = False
    if has_sums:
        cell_order = order
        found = mirror(puzzle)
        if found is not None:
            a, flip = found
            moved = flip if is_symmetry(puzzle, flip) else _mirror_with_cells(puzzle, graph, a, flip)
            if moved is not None:
                generators.append(moved)
                order *= 2
    else:
        fixed, _ = _graph(puzzle, free_values=False)
        cell_gens, cell_order, _ = fixed.automorphisms()
        relabel = order == cell_order * math.factorial(len(puzzle.values))
        if relabel:  # the values move freely: the group is (cells) x (every relabelling)
            generators = [_element(g, puzzle) for g in cell_gens]
    for k, el in enumerate(generators):  # never trust a library: each generator must be a symmetry
        try:
            check_generator(puzzle, el, k)
        except ModelError as e:
            raise ModelError(f"internal error: nauty returned a non-symmetry: {e}") from None
    listed = cell_order if relabel else order
    group = None
    if listed <= MAX_GROUP_ORDER:
        group = Group.generate(puzzle.size, generators, puzzle.values, relabel=relabel)
    return Detected(order, cell_order, tuple(generators), relabel, group, exact)


# --- words -----------------------------------------------------------------------------------

_CELL = re.compile(r"r(\d+)c(\d+)")


def describe(puzzle: Puzzle, element: Element) -> str:
    """A generator in words where it has a name ("rotate a quarter turn", "swap rows 1 and 2",
    "x -> 17 - x"), else as cycles of cell names and of values."""
    cells, vmap = element
    parts = []
    if cells != tuple(range(len(cells))):
        parts.append(_describe_cells(puzzle, cells))
    if vmap is not None:
        parts.append(_describe_values(puzzle.values, vmap))
    return ", then ".join(parts) or "identity"


def _cycles(perm: Sequence[int], names: Sequence[str]) -> str:
    seen: set[int] = set()
    out = []
    for start in range(len(perm)):
        if start in seen or perm[start] == start:
            continue
        cycle = [start]
        seen.add(start)
        while perm[cycle[-1]] != start:
            cycle.append(perm[cycle[-1]])
            seen.add(cycle[-1])
        out.append("(" + " ".join(names[i] for i in cycle) + ")")
    return "".join(out)


def _describe_values(values: Sequence[int], vmap: Sequence[int]) -> str:
    a = values[0] + values[vmap[0]]
    if all(values[vmap[k]] == a - v for k, v in enumerate(values)):
        return f"x -> {a} - x"
    moved = [k for k in range(len(vmap)) if vmap[k] != k]
    if len(moved) == 2:
        return f"swap values {values[moved[0]]} and {values[moved[1]]}"
    return "values " + _cycles(vmap, [str(v) for v in values])


_DIHEDRAL = {
    "rotate a quarter turn": lambda r, c, s: (c, s + 1 - r),
    "rotate a half turn": lambda r, c, s: (s + 1 - r, s + 1 - c),
    "rotate three quarter turns": lambda r, c, s: (s + 1 - c, r),
    "mirror left to right": lambda r, c, s: (r, s + 1 - c),
    "mirror top to bottom": lambda r, c, s: (s + 1 - r, c),
    "reflect in the main diagonal": lambda r, c, s: (c, r),
    "reflect in the anti-diagonal": lambda r, c, s: (s + 1 - c, s + 1 - r),
}


def _describe_cells(puzzle: Puzzle, cells: Sequence[int]) -> str:
    where = [_CELL.fullmatch(name) for name in puzzle.cells]
    if all(where):
        pos = [(int(m[1]), int(m[2])) for m in where]  # type: ignore[index]
        moved = {pos[i]: pos[cells[i]] for i in range(len(cells))}
        side = max(max(r, c) for r, c in pos)
        for name, f in _DIHEDRAL.items():
            if all(f(r, c, side) == img for (r, c), img in moved.items()):
                return name
        for axis, other, word in ((0, 1, "rows"), (1, 0, "columns")):
            if all(p[other] == q[other] for p, q in moved.items()):
                lines = sorted({p[axis] for p in pos})
                image = {p[axis]: q[axis] for p, q in moved.items()}
                changed = [x for x in lines if image[x] != x]
                if len(changed) == 2 and image[changed[0]] == changed[1]:
                    return f"swap {word} {changed[0]} and {changed[1]}"
                index = {x: k for k, x in enumerate(lines)}
                return f"permute {word} " + _cycles([index[image[x]] for x in lines], [str(x) for x in lines])
    return "cells " + _cycles(cells, puzzle.cells)
