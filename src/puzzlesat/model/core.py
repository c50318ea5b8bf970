"""The constraint core: the three primitive kinds every encoding implements, and nothing else.

Every puzzle rule (all-different groups, sums, cages, chains, relations, tables) lowers into
these, as MiniZinc's globals decompose into `fzn_` predicates and CPMpy's transformations reduce a
model before it reaches a backend:

- `AllDifferent(cells)`: the cells hold pairwise different values;
- `Linear(cells, weights, op, rhs)`: sum(weights[i] * cell[i]) op rhs, with op one of
  `= != < <= > >=` and rhs an integer or the name of an unknown;
- `Table(cells, tuples, allowed)`: the cells' values form one of the tuples (or, forbidden, none);
- `Guarded(terms, op, rhs, when)`: a linear sum whose terms each count only while their guard holds,
  compared with rhs only while `when` holds; guards are conjunctions of a cell compared with a
  constant. What a clue that depends on where a digit sits needs (sandwich, X-sum, skyscraper,
  numbered room, indexer); docs/decisions/model.md, "Position-dependent clues".

Each kind evaluates itself (`holds`, for the independent checker), says itself in words
(`describe`), and maps itself under a cell permutation into a normal form (`image`, `key`), so
that a symmetry is checked against the same core every encoder reads. Plain Python, no solver.

>>> Linear((0, 1), (1, -1), "<", 0).holds((2, 5), {})
True
>>> Table((0, 1), ((1, 2), (2, 1)), True).describe(("a", "b"))
'(a, b) in {(1, 2), (2, 1)}'
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property

from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass

Perm = tuple[int, ...]

OPS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
# What `a op b` becomes when both sides are multiplied by -1 (normal forms keep < and <= only).
FLIPPED = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _cells(cells: Sequence[int], where: str) -> None:
    if not cells:
        raise ModelError(f"{where}: no cells")
    if len(set(cells)) != len(cells):
        raise ModelError(f"{where}: a cell appears twice")


@dataclass(frozen=True)
class AllDifferent:
    """The cells hold pairwise different values."""

    cells: tuple[int, ...]

    def validate(self, where: str) -> None:
        _cells(self.cells, where)

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return len({values[c] for c in self.cells}) == len(self.cells)

    def describe(self, names: Sequence[str]) -> str:
        return f"all different: {' '.join(names[c] for c in self.cells)}"

    def image(self, p: Perm) -> AllDifferent:
        return AllDifferent(tuple(sorted(p[c] for c in self.cells)))

    def key(self) -> tuple[object, ...]:
        return ("alldiff", frozenset(self.cells))


@dataclass(frozen=True)
class Linear:
    """sum(weights[i] * cell[cells[i]]) op rhs; rhs is an integer or an unknown's name."""

    cells: tuple[int, ...]
    weights: tuple[int, ...]
    op: str = "="
    rhs: int | str = 0

    def validate(self, where: str) -> None:
        _cells(self.cells, where)
        if len(self.weights) != len(self.cells):
            raise ModelError(f"{where}: {len(self.weights)} weights for {len(self.cells)} cells")
        if self.op not in OPS:
            raise ModelError(f"{where}: unknown relation {self.op!r}; valid: {' '.join(OPS)}")
        if isinstance(self.rhs, bool) or not isinstance(self.rhs, int | str):
            raise ModelError(f"{where}: the right side must be an integer or an unknown's name")

    def lhs(self, values: Sequence[int]) -> int:
        return sum(w * values[c] for c, w in zip(self.cells, self.weights, strict=True))

    def bounds(self, domains: Sequence[Sequence[int]]) -> tuple[int, int]:
        """The least and greatest value the left side can take, cell by cell."""
        lo = hi = 0
        for c, w in zip(self.cells, self.weights, strict=True):
            ends = (w * domains[c][0], w * domains[c][-1])
            lo += min(ends)
            hi += max(ends)
        return lo, hi

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        rhs = unknowns[self.rhs] if isinstance(self.rhs, str) else self.rhs
        return OPS[self.op](self.lhs(values), rhs)

    def describe(self, names: Sequence[str]) -> str:
        terms = ""
        for k, (c, w) in enumerate(zip(self.cells, self.weights, strict=True)):
            sign = "-" if w < 0 else "+"
            term = names[c] if abs(w) == 1 else f"{abs(w)}*{names[c]}"
            terms += (f"-{term}" if sign == "-" else term) if k == 0 else f" {sign} {term}"
        return f"{terms} {self.op} {self.rhs}"

    def image(self, p: Perm) -> Linear:
        pairs = sorted((p[c], w) for c, w in zip(self.cells, self.weights, strict=True))
        return Linear(tuple(c for c, _ in pairs), tuple(w for _, w in pairs), self.op, self.rhs)

    def key(self) -> tuple[object, ...]:
        """Equal for the same relation written either way round (`a - b < 0` and `b - a > 0`)."""
        terms = frozenset(zip(self.cells, self.weights, strict=True))
        if isinstance(self.rhs, str) or self.op in ("<", "<=", "=", "!="):
            return ("linear", terms, self.op, self.rhs)
        flipped = frozenset((c, -w) for c, w in terms)
        return ("linear", flipped, FLIPPED[self.op], -self.rhs)


@dataclass(frozen=True)
class Table:
    """The cells' values form one of `tuples` (allowed) or none of them (forbidden)."""

    cells: tuple[int, ...]
    tuples: tuple[tuple[int, ...], ...]
    allowed: bool = True

    def validate(self, where: str) -> None:
        _cells(self.cells, where)
        for t in self.tuples:
            if len(t) != len(self.cells):
                raise ModelError(f"{where}: the tuple {list(t)} has {len(t)} values for {len(self.cells)} cells")

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return (tuple(values[c] for c in self.cells) in self._members) == self.allowed

    @cached_property
    def _members(self) -> frozenset[tuple[int, ...]]:
        """The tuples hashed once: the checker tests every solution, and a table can be long."""
        return frozenset(self.tuples)

    def describe(self, names: Sequence[str]) -> str:
        cells = ", ".join(names[c] for c in self.cells)
        shown = ", ".join("(" + ", ".join(map(str, t)) + ")" for t in self.tuples[:8])
        more = f", ... ({len(self.tuples)} tuples)" if len(self.tuples) > 8 else ""
        return f"({cells}) {'in' if self.allowed else 'not in'} {{{shown}{more}}}"

    def image(self, p: Perm) -> Table:
        order = sorted(range(len(self.cells)), key=lambda i: p[self.cells[i]])
        cells = tuple(p[self.cells[i]] for i in order)
        return Table(cells, tuple(sorted(tuple(t[i] for i in order) for t in self.tuples)), self.allowed)

    def key(self) -> tuple[object, ...]:
        order = sorted(range(len(self.cells)), key=lambda i: self.cells[i])
        rows = frozenset(tuple(t[i] for i in order) for t in self.tuples)
        return ("table", tuple(self.cells[i] for i in order), rows, self.allowed)


# An atom: cell op value, op one of ATOM_OPS; a guard is a conjunction of atoms (empty: true).
Atom = tuple[int, str, int]
ATOM_OPS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">=": operator.ge,
}
# A term: weight, cell (None: the constant 1) and its guard; it adds weight * value while the guard holds.
Term = tuple[int, int | None, tuple[Atom, ...]]


def _guard_holds(guard: Sequence[Atom], values: Sequence[int]) -> bool:
    return all(ATOM_OPS[op](values[c], v) for c, op, v in guard)


def _say_guard(guard: Sequence[Atom], names: Sequence[str]) -> str:
    return " and ".join(f"{names[c]} {op} {v}" for c, op, v in guard)


def _move_atom(a: Atom, p: Perm) -> Atom:
    return (p[a[0]], a[1], a[2])


def _term_order(t: Term) -> tuple[object, ...]:
    """Terms sorted with the constant (cell None) first; equal terms stay apart (a count of two)."""
    w, c, g = t
    return (-1 if c is None else c, w, tuple(sorted(g)))


@dataclass(frozen=True)
class Guarded:
    """while `when` holds: sum of weight * (cell or 1) over the terms whose guard holds, op rhs.

    The one kind whose meaning depends on values elsewhere: `when` says which placement a clue is
    read under (the 1 in r1c3 and the 9 in r1c7), a term's guard which cells count (a building
    seen over the ones before it). `op` is one of `= != < <= > >=`, `rhs` an integer.

    >>> Guarded(((1, 1, ()),), "=", 5, ((0, "=", 2),)).holds((3, 7), {})
    True
    """

    terms: tuple[Term, ...]
    op: str = "="
    rhs: int = 0
    when: tuple[Atom, ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        """Every cell it reads, once each: what the model's checks and the explanations look at."""
        atoms = (*self.when, *(a for t in self.terms for a in t[2]))
        return tuple(sorted({a[0] for a in atoms} | {c for _, c, _ in self.terms if c is not None}))

    def validate(self, where: str) -> None:
        if self.op not in OPS:
            raise ModelError(f"{where}: unknown relation {self.op!r}; valid: {' '.join(OPS)}")
        if isinstance(self.rhs, bool) or not isinstance(self.rhs, int):
            raise ModelError(f"{where}: the right side of a guarded sum must be an integer")
        for _, op, _ in (*self.when, *(a for t in self.terms for a in t[2])):
            if op not in ATOM_OPS:
                raise ModelError(f"{where}: unknown comparison {op!r}; valid: {' '.join(ATOM_OPS)}")

    def lhs(self, values: Sequence[int]) -> int:
        return sum(w * (1 if c is None else values[c]) for w, c, g in self.terms if _guard_holds(g, values))

    def holds(self, values: Sequence[int], unknowns: Mapping[str, int]) -> bool:
        return not _guard_holds(self.when, values) or OPS[self.op](self.lhs(values), self.rhs)

    def describe(self, names: Sequence[str]) -> str:
        parts = []
        for w, c, g in self.terms:
            term = str(w) if c is None else names[c] if w == 1 else f"{w}*{names[c]}"
            parts.append(f"{term} [{_say_guard(g, names)}]" if g else term)
        body = f"{' + '.join(parts) or '0'} {self.op} {self.rhs}"
        return f"if {_say_guard(self.when, names)}: {body}" if self.when else body

    def image(self, p: Perm) -> Guarded:
        moved = [(w, None if c is None else p[c], tuple(sorted(_move_atom(a, p) for a in g))) for w, c, g in self.terms]
        when = tuple(sorted(_move_atom(a, p) for a in self.when))
        return Guarded(tuple(sorted(moved, key=_term_order)), self.op, self.rhs, when)

    def key(self) -> tuple[object, ...]:
        terms = tuple(sorted(((w, c, tuple(sorted(g))) for w, c, g in self.terms), key=_term_order))
        return ("guarded", terms, self.op, self.rhs, frozenset(self.when))


Constraint = AllDifferent | Linear | Table | Guarded
KINDS: tuple[type, ...] = (AllDifferent, Linear, Table, Guarded)
