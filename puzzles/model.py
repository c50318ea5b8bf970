"""The puzzle model: one immutable, validated description that every encoder and backend reads.

A puzzle is cells with integer domains, all-different groups, linear sums equal to a constant or
to a named unknown, givens, and a symmetry group given by generators. `define()` is the friendly
constructor (names or indices, ranges, unknown domains resolved); `Puzzle` itself re-checks its
invariants so that no invalid model can exist, whoever builds it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from .errors import ModelError

if TYPE_CHECKING:
    from .symmetry import Group

CellRef = int | str

# Beyond this, tuples of every value stop being a sensible representation of a domain.
MAX_DOMAIN = 1_000_000


def is_prime(n: int) -> bool:
    """Trial division: the domains here are small."""
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    return all(n % d for d in range(3, math.isqrt(n) + 1, 2))


def describe_values(values: Sequence[int]) -> str:
    """`1..9` for a run, `0, 1, 3` for a short list, so messages stay one short line."""
    if not values:
        return "(empty)"
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    if len(values) > 12:
        return ", ".join(map(str, values[:10])) + f", ... ({len(values)} values)"
    return ", ".join(map(str, values))


@dataclass(frozen=True)
class LinearSum:
    """sum(weights[i] * cell[cells[i]]) == total, where total is an int or an unknown's name."""

    cells: tuple[int, ...]
    weights: tuple[int, ...]
    total: int | str

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

    def describe(self, names: Sequence[str]) -> str:
        terms = [names[c] if w == 1 else f"{w}*{names[c]}" for c, w in zip(self.cells, self.weights, strict=True)]
        return f"{' + '.join(terms)} = {self.total}"


@dataclass(frozen=True)
class UnknownSpec:
    """What a puzzle declares about an unknown; `define()` resolves it to a finite `Unknown`."""

    min: int | None = None
    max: int | None = None
    values: tuple[int, ...] | None = None
    prime: bool = False


@dataclass(frozen=True)
class Unknown:
    """A shared unknown (the magic constant N) with its resolved finite domain."""

    name: str
    domain: tuple[int, ...]
    prime: bool = False


@dataclass(frozen=True)
class Puzzle:
    """A validated puzzle. Cells are indices 0..n-1; `cells` holds their display names."""

    name: str
    title: str
    cells: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    distinct: tuple[tuple[int, ...], ...] = ()
    sums: tuple[LinearSum, ...] = ()
    unknowns: tuple[Unknown, ...] = ()
    givens: tuple[tuple[int, int], ...] = ()
    generators: tuple[tuple[int, ...], ...] = ()
    layout: str | None = None
    params: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def size(self) -> int:
        return len(self.cells)

    @cached_property
    def unknown_index(self) -> dict[str, int]:
        return {u.name: i for i, u in enumerate(self.unknowns)}

    @cached_property
    def given_map(self) -> dict[int, int]:
        return dict(self.givens)

    @cached_property
    def group(self) -> Group:
        from .symmetry import Group

        return Group.generate(self.size, self.generators)

    @cached_property
    def values(self) -> tuple[int, ...]:
        """Every value any cell may take, sorted."""
        return tuple(sorted({v for d in self.domains for v in d}))

    def unknown_values(self, values: Sequence[int]) -> dict[str, int]:
        """The unknowns implied by a full cell assignment (each unknown is pinned by its sums)."""
        out: dict[str, int] = {}
        for s in self.sums:
            if isinstance(s.total, str) and s.total not in out:
                out[s.total] = s.lhs(values)
        return {u.name: out[u.name] for u in self.unknowns}


def _validate(p: Puzzle) -> None:
    """Structural invariants; `define()` gives friendlier messages for the same faults."""
    from .board import validate_layout
    from .symmetry import check_generator

    if not p.name:
        raise ModelError("name: must not be empty")
    n = len(p.cells)
    if n == 0:
        raise ModelError("cells: a puzzle needs at least one cell")
    if len(set(p.cells)) != n:
        dup = next(c for c in p.cells if p.cells.count(c) > 1)
        raise ModelError(f"cells: the name {dup!r} is used twice")
    if len(p.domains) != n:
        raise ModelError(f"values: {len(p.domains)} domains for {n} cells")
    for i, d in enumerate(p.domains):
        if not d:
            raise ModelError(f"values: cell {p.cells[i]} has an empty domain")
        if list(d) != sorted(set(d)):
            raise ModelError(f"values: the domain of cell {p.cells[i]} is not sorted and unique")

    def check_cell(where: str, c: int) -> None:
        if not isinstance(c, int) or not 0 <= c < n:
            raise ModelError(f"{where}: cell index {c!r} is outside 0..{n - 1}")

    for gi, g in enumerate(p.distinct):
        for c in g:
            check_cell(f"distinct group #{gi + 1}", c)
        if len(set(g)) != len(g):
            raise ModelError(f"distinct group #{gi + 1}: a cell appears twice")
    names = {u.name for u in p.unknowns}
    if len(names) != len(p.unknowns):
        raise ModelError("unknowns: a name is declared twice")
    used: set[str] = set()
    for si, s in enumerate(p.sums):
        where = f"sum #{si + 1}"
        if not s.cells:
            raise ModelError(f"{where}: no cells")
        if len(s.weights) != len(s.cells):
            raise ModelError(f"{where}: {len(s.weights)} weights for {len(s.cells)} cells")
        for c in s.cells:
            check_cell(where, c)
        if len(set(s.cells)) != len(s.cells):
            dup = next(c for c in s.cells if s.cells.count(c) > 1)
            raise ModelError(f"{where}: cell {p.cells[dup]} appears twice")
        if isinstance(s.total, str):
            if s.total not in names:
                raise ModelError(f"{where}: equals {s.total!r}, which is not a declared unknown")
            used.add(s.total)
        elif not isinstance(s.total, int) or isinstance(s.total, bool):
            raise ModelError(f"{where}: equals must be an integer or an unknown's name")
    for u in p.unknowns:
        if u.name not in used:
            raise ModelError(f"unknowns.{u.name}: not used by any sum")
        if not u.domain:
            raise ModelError(f"unknowns.{u.name}: the domain is empty")
    seen: dict[int, int] = {}
    for c, v in p.givens:
        check_cell("givens", c)
        if c in seen:
            raise ModelError(f"givens: cell {p.cells[c]} is given twice")
        seen[c] = v
        if v not in p.domains[c]:
            raise ModelError(f"givens: cell {p.cells[c]} = {v} is outside its domain {describe_values(p.domains[c])}")
    for gi, g in enumerate(p.distinct):
        held: dict[int, int] = {}
        for c in g:
            if c in seen:
                v = seen[c]
                if v in held:
                    raise ModelError(
                        f"givens: cells {p.cells[held[v]]} and {p.cells[c]} both hold {v} "
                        f"but are in distinct group #{gi + 1}"
                    )
                held[v] = c
    if p.layout is not None:
        validate_layout(p.layout, n)
    for k, gen in enumerate(p.generators):
        check_generator(p, gen, k)


def _resolve_cell(ref: CellRef, index: Mapping[str, int], n: int, where: str) -> int:
    if isinstance(ref, bool):
        raise ModelError(f"{where}: {ref!r} is not a cell")
    if isinstance(ref, int):
        if not 0 <= ref < n:
            raise ModelError(f"{where}: cell index {ref} is outside 0..{n - 1}")
        return ref
    if isinstance(ref, str) and ref in index:
        return index[ref]
    raise ModelError(f"{where}: {ref!r} is not a cell of the puzzle")


def _resolve_domain(spec: object, where: str) -> tuple[int, ...]:
    """A domain is a (min, max) mapping, a range, or an explicit list of integers."""
    if isinstance(spec, range):
        values = list(spec)
    elif isinstance(spec, Mapping):
        extra = set(spec) - {"min", "max"}
        if extra or not {"min", "max"} <= set(spec):
            raise ModelError(f"{where}: a range needs exactly 'min' and 'max'")
        lo, hi = spec["min"], spec["max"]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)):
            raise ModelError(f"{where}: min and max must be integers")
        if hi - lo + 1 > MAX_DOMAIN:
            raise ModelError(f"{where}: {hi - lo + 1} values is more than puzzlesat handles (at most {MAX_DOMAIN})")
        values = list(range(lo, hi + 1))
    elif isinstance(spec, Iterable) and not isinstance(spec, str):
        values = list(spec)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in values):
            raise ModelError(f"{where}: values must be integers")
    else:
        raise ModelError(f"{where}: expected a list of integers or {{min, max}}")
    if not values:
        raise ModelError(f"{where}: the domain is empty")
    if len(values) > MAX_DOMAIN:
        raise ModelError(f"{where}: {len(values)} values is more than puzzlesat handles (at most {MAX_DOMAIN})")
    if len(set(values)) != len(values):
        raise ModelError(f"{where}: a value is listed twice")
    return tuple(sorted(values))


def _sum_bounds(s: LinearSum, doms: Sequence[Sequence[int]], groups: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Bounds of a sum's left side; tighter when its cells must all differ (unit weights):
    k distinct values sum to at least the k smallest and at most the k largest available."""
    lo, hi = s.bounds(doms)
    if set(s.weights) == {1} and any(set(s.cells) <= set(g) for g in groups):
        pool = sorted({v for c in s.cells for v in doms[c]})
        k = len(s.cells)
        if len(pool) >= k:
            lo, hi = max(lo, sum(pool[:k])), min(hi, sum(pool[-k:]))
    return lo, hi


def define(
    name: str,
    *,
    cells: int | Sequence[str],
    values: object,
    title: str = "",
    domains: Mapping[CellRef, object] | None = None,
    distinct: str | Sequence[Sequence[CellRef]] | None = "all",
    sums: Sequence[tuple[Sequence[CellRef], int | str] | tuple[Sequence[CellRef], int | str, Sequence[int]]] = (),
    unknowns: Mapping[str, UnknownSpec] | None = None,
    givens: Mapping[CellRef, int] | None = None,
    generators: Sequence[Sequence[int]] = (),
    layout: str | None = None,
    params: Mapping[str, object] | None = None,
) -> Puzzle:
    """Build a validated `Puzzle` from friendly parts; raises `ModelError` naming the field.

    `values` is every cell's domain (overridden per cell by `domains`); sums are
    `(cells, equals)` or `(cells, equals, weights)`; an unknown used by a sum but not declared gets
    the default domain: every integer the sums allow.

    >>> p = define("pair", cells=2, values=[1, 2], sums=[([0, 1], "N")])
    >>> p.unknowns
    (Unknown(name='N', domain=(3,), prime=False),)
    """
    if isinstance(cells, int) and not isinstance(cells, bool):
        if cells < 1:
            raise ModelError("cells: a puzzle needs at least one cell")
        names = tuple(str(i) for i in range(cells))
    elif isinstance(cells, Sequence) and not isinstance(cells, str):
        names = tuple(str(c) for c in cells)
        if not names:
            raise ModelError("cells: a puzzle needs at least one cell")
    else:
        raise ModelError("cells: expected a count or a list of names")
    n = len(names)
    index = {c: i for i, c in enumerate(names)}
    base = _resolve_domain(values, "values")
    doms = [base] * n
    for ref, spec in (domains or {}).items():
        c = _resolve_cell(ref, index, n, "domains")
        doms[c] = _resolve_domain(spec, f"domains.{names[c]}")

    if distinct is None or distinct == "none":
        groups: list[tuple[int, ...]] = []
    elif distinct == "all":
        groups = [tuple(range(n))]
    elif isinstance(distinct, str):
        raise ModelError(f'distinct: expected "all" or a list of groups, got {distinct!r}')
    else:
        groups = []
        for gi, g in enumerate(distinct):
            if isinstance(g, str) or not isinstance(g, Sequence):
                raise ModelError(f"distinct group #{gi + 1}: expected a list of cells")
            groups.append(tuple(_resolve_cell(c, index, n, f"distinct group #{gi + 1}") for c in g))

    linear: list[LinearSum] = []
    for si, entry in enumerate(sums):
        where = f"sum #{si + 1}"
        scells, total, *rest = entry
        if isinstance(scells, str) or not isinstance(scells, Sequence):
            raise ModelError(f"{where}: cells must be a list")
        idx = tuple(_resolve_cell(c, index, n, where) for c in scells)
        weights = tuple(rest[0]) if rest and rest[0] is not None else (1,) * len(idx)
        if not all(isinstance(w, int) and not isinstance(w, bool) for w in weights):
            raise ModelError(f"{where}: weights must be integers")
        if len(weights) != len(idx):
            raise ModelError(f"{where}: {len(weights)} weights for {len(idx)} cells")
        if isinstance(total, bool) or not isinstance(total, int | str):
            raise ModelError(f"{where}: equals must be an integer or an unknown's name")
        linear.append(LinearSum(idx, weights, total))

    declared = dict(unknowns or {})
    used_names = sorted({s.total for s in linear if isinstance(s.total, str)})
    for u in declared:
        if u not in used_names:
            raise ModelError(f"unknowns.{u}: not used by any sum")
    resolved: list[Unknown] = []
    for u in used_names:
        spec = declared.get(u, UnknownSpec())
        lo, hi = -(10**9), 10**9
        for s in linear:
            if s.total == u:
                if len(s.weights) != len(s.cells):
                    raise ModelError(f"sum: {len(s.weights)} weights for {len(s.cells)} cells")
                slo, shi = _sum_bounds(s, doms, groups)
                lo, hi = max(lo, slo), min(hi, shi)
        if spec.min is not None:
            lo = max(lo, spec.min)
        if spec.max is not None:
            hi = min(hi, spec.max)
        if spec.values is not None:
            dom = sorted(v for v in set(spec.values) if lo <= v <= hi)
        elif hi - lo + 1 > MAX_DOMAIN:
            raise ModelError(
                f"unknowns.{u}: its sums reach {hi - lo + 1} values, more than puzzlesat handles "
                f"(at most {MAX_DOMAIN}); declare its values or a min and max"
            )
        else:
            dom = list(range(lo, hi + 1)) if lo <= hi else []
        if spec.prime:
            dom = [v for v in dom if is_prime(v)]
        if not dom:
            raise ModelError(f"unknowns.{u}: no value is both allowed and reachable by its sums")
        resolved.append(Unknown(u, tuple(dom), spec.prime))

    given_pairs: list[tuple[int, int]] = []
    for ref, v in (givens or {}).items():
        c = _resolve_cell(ref, index, n, "givens")
        if isinstance(v, bool) or not isinstance(v, int):
            raise ModelError(f"givens: the value of cell {names[c]} must be an integer")
        given_pairs.append((c, v))
    given_pairs.sort()

    gens: list[tuple[int, ...]] = []
    for k, g in enumerate(generators):
        if isinstance(g, str) or not isinstance(g, Sequence):
            raise ModelError(f"symmetry.generators #{k + 1}: expected a list of cell indices")
        gens.append(tuple(g))

    return Puzzle(
        name=name,
        title=title or name,
        cells=names,
        domains=tuple(doms),
        distinct=tuple(groups),
        sums=tuple(linear),
        unknowns=tuple(resolved),
        givens=tuple(given_pairs),
        generators=tuple(gens),
        layout=layout,
        params=tuple(sorted((str(k), str(v)) for k, v in (params or {}).items())),
    )
