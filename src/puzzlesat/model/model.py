"""The puzzle model: one immutable, validated description that every encoder and backend reads.

A puzzle is cells with integer domains, all-different groups, rules (sums, chains, tables, ...:
`puzzlesat.model.rules`), shared unknowns, givens, and a symmetry group given by generators. The rules
lower into the constraint core (`Puzzle.core`, `puzzlesat.model.core`), which is all that encoders and the
checker read. `define()` is the friendly constructor (names or indices, ranges, unknown domains
resolved); `Puzzle` itself re-checks its invariants so that no invalid model can exist.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from puzzlesat.model.core import AllDifferent, Constraint, Linear
from puzzlesat.runtime.errors import ModelError
from puzzlesat.runtime.records import dataclass, field

if TYPE_CHECKING:
    from puzzlesat.model.cosmetics import Cosmetic
    from puzzlesat.model.grid import Grid
    from puzzlesat.model.group import Element, Group
    from puzzlesat.model.rules import Rule

CellRef = int | str

# An unknown that a file does not declare must look like one: `equals = "<3"` is a mistake, not N.
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
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
    """A validated puzzle. Cells are indices 0..n-1; `cells` holds their display names.

    `distinct` holds the all-different groups of the file's `distinct` key; `rules` every other
    rule, cells resolved to indices. Both lower into `core`, the constraints encoders read.
    """

    name: str
    title: str
    cells: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    distinct: tuple[tuple[int, ...], ...] = ()
    rules: tuple[Rule, ...] = ()
    unknowns: tuple[Unknown, ...] = ()
    givens: tuple[tuple[int, int], ...] = ()
    generators: tuple[Element, ...] = ()  # (cell permutation, value map or None): puzzlesat.model.group
    layout: str | None = None
    params: tuple[tuple[str, str], ...] = field(default=())
    grid: Grid | None = None
    # Drawn, never checked (f-puzzles' cosmetics: puzzlesat.model.cosmetics); not part of the puzzle's identity.
    cosmetics: tuple[Cosmetic, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    def with_givens(self, givens: Iterable[tuple[int, int]]) -> Puzzle:
        """This puzzle with `givens` in place of its own, checked as `Puzzle` checks givens; the
        rest is not validated again and its lowered core is shared (a batch makes one a line)."""
        new = object.__new__(Puzzle)
        new.__dict__.update({k: v for k, v in self.__dict__.items() if k not in _GIVENS_CACHED})
        object.__setattr__(new, "givens", tuple(givens))
        _validate_givens(new)
        return new

    @property
    def size(self) -> int:
        return len(self.cells)

    @cached_property
    def lowered(self) -> tuple[tuple[str, Constraint], ...]:
        """Every core constraint with where it comes from (`distinct group #1`, `sum #2`, ...)."""
        out: list[tuple[str, Constraint]] = [] if self.grid is None else self.grid.lowered(self.domains)
        out += [(f"distinct group #{gi}", AllDifferent(tuple(g))) for gi, g in enumerate(self.distinct, 1)]
        for rid, rule in zip(self.rule_ids, self.rules, strict=True):
            out += [(rid, c) for c in rule.lower(self.domains)]
        return tuple(out)

    @cached_property
    def rule_ids(self) -> tuple[str, ...]:
        """Each rule's stable id, its key and its count among the rules of that key (`less #2`):
        the labels of `lowered`, kept by the JSON beside the display names (`display`)."""
        counts: dict[str, int] = {}
        out = []
        for rule in self.rules:
            counts[rule.key] = counts.get(rule.key, 0) + 1
            out.append(f"{rule.key} #{counts[rule.key]}")
        return tuple(out)

    @cached_property
    def core(self) -> tuple[Constraint, ...]:
        """The puzzle as core constraints (`puzzlesat.model.core`): all an encoder or the checker reads."""
        return tuple(c for _, c in self.lowered)

    @cached_property
    def sums(self) -> tuple[Linear, ...]:
        """The linear constraints of the core."""
        return tuple(c for c in self.core if isinstance(c, Linear))

    @cached_property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The cells of every all-different constraint of the core."""
        return tuple(c.cells for c in self.core if isinstance(c, AllDifferent))

    @cached_property
    def display(self) -> dict[str, str]:
        """Each rule's id (a label of `lowered`: `less #2`) -> its name as the board shows it
        (`thermometer 2 (r1c6→r1c4)`): `puzzlesat.model.naming`."""
        from puzzlesat.model.naming import rule_names

        named = dict(zip(self.rule_ids, rule_names(self.rules, self.grid, self.cells), strict=True))
        # the grid's houses keep the grid's names; a file's groups are "distinct group 1"
        out = {label: named.get(label) or label.replace(" #", " ") for label, _ in self.lowered}
        return {**out, **named}  # a rule that lowers to nothing still has its name

    @cached_property
    def warnings(self) -> tuple[str, ...]:
        """Likely mistakes that still make a valid puzzle (overlapping cages, a sum out of reach):
        `puzzlesat.model.lint`; the CLI prints each as `puzzlesat: warning: ...`."""
        from puzzlesat.model.lint import lint

        return lint(self)


    @cached_property
    def given_map(self) -> dict[int, int]:
        return dict(self.givens)

    @cached_property
    def group(self) -> Group:
        from puzzlesat.model.group import Group

        return Group.generate(self.size, self.generators, self.values)

    @cached_property
    def values(self) -> tuple[int, ...]:
        """Every value any cell may take, sorted."""
        return tuple(sorted({v for d in self.domains for v in d}))

    @cached_property
    def _pins(self) -> tuple[tuple[str, Linear], ...]:
        """For each unknown, the first equality that pins it to the cells."""
        out: dict[str, Linear] = {}
        for s in self.sums:
            if s.op == "=" and isinstance(s.rhs, str):
                out.setdefault(s.rhs, s)
        return tuple(out.items())

    def unknown_values(self, values: Sequence[int]) -> dict[str, int]:
        """The unknowns implied by a full cell assignment (each unknown is pinned by an equality)."""
        out = {name: s.lhs(values) for name, s in self._pins}
        return {u.name: out[u.name] for u in self.unknowns}


def _validate(p: Puzzle) -> None:
    """Structural invariants; `define()` gives friendlier messages for the same faults."""
    from puzzlesat.model.layout import validate_layout

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

    names = {u.name for u in p.unknowns}
    if len(names) != len(p.unknowns):
        raise ModelError("unknowns: a name is declared twice")
    pinned: set[str] = set()
    for where, c in p.lowered:
        if not all(type(x) is int for x in c.cells) or min(c.cells, default=0) < 0 or max(c.cells, default=0) >= n:
            bad = next(x for x in c.cells if type(x) is not int or not 0 <= x < n)
            raise ModelError(f"{where}: cell index {bad!r} is outside 0..{n - 1}")
        if not isinstance(c, AllDifferent) and len(set(c.cells)) != len(c.cells):
            dup = next(x for x in c.cells if c.cells.count(x) > 1)
            raise ModelError(f"{where}: cell {p.cells[dup]} appears twice")
        c.validate(where)
        if isinstance(c, Linear) and isinstance(c.rhs, str):
            if c.rhs not in names:
                raise ModelError(f"{where}: equals {c.rhs!r}, which is not a declared unknown")
            if c.op == "=":
                pinned.add(c.rhs)
    used = {c.rhs for c in p.sums if isinstance(c.rhs, str)}
    for u in p.unknowns:
        if u.name not in used:
            raise ModelError(f"unknowns.{u.name}: not used by any sum")
        if u.name not in pinned:
            raise ModelError(
                f"unknowns.{u.name}: only compared, never equal to a sum; an unknown must be some sum's value"
            )
        if not u.domain:
            raise ModelError(f"unknowns.{u.name}: the domain is empty")
    _validate_givens(p)
    if p.layout is not None:
        validate_layout(p.layout, n, p.cells)
    if p.grid is not None and p.grid.cell_names != p.cells:
        raise ModelError(f"grid: its {len(p.grid.cell_names)} squares are not the puzzle's {n} cells")


def _houses(p: Puzzle) -> dict[int, tuple[int, ...]]:
    """Cell -> the numbers of the all-different constraints it is in, once per lowered core (a
    batch checks the givens of thousands of lines against one)."""
    global _last_houses
    entry = _last_houses
    if entry is None or entry[0] is not p.lowered:
        found: dict[int, list[int]] = {}
        for k, (_, con) in enumerate(p.lowered):
            if isinstance(con, AllDifferent):
                for c in con.cells:
                    found.setdefault(c, []).append(k)
        entry = _last_houses = (p.lowered, {c: tuple(ks) for c, ks in found.items()})
    return entry[1]


_last_houses: tuple[object, dict[int, tuple[int, ...]]] | None = None

# What a puzzle caches from its givens: dropped by `Puzzle.with_givens`, every other cache is kept.
_GIVENS_CACHED = frozenset({"givens", "given_map", "warnings"})


def _validate_givens(p: Puzzle) -> None:
    """The givens' invariants: each a cell of the puzzle, once, inside its domain, no two alike in
    an all-different constraint; and the declared symmetry still maps them onto themselves."""
    n = len(p.cells)
    seen: dict[int, int] = {}
    for c, v in p.givens:
        if not isinstance(c, int) or not 0 <= c < n:
            raise ModelError(f"givens: cell index {c!r} is outside 0..{n - 1}")
        if c in seen:
            raise ModelError(f"givens: cell {p.cells[c]} is given twice")
        seen[c] = v
        if v not in p.domains[c]:
            raise ModelError(f"givens: cell {p.cells[c]} = {v} is outside its domain {describe_values(p.domains[c])}")
    houses = _houses(p)
    keys = [(h, v) for c, v in p.givens for h in houses.get(c, ())]
    clash = len(set(keys)) != len(keys)
    for where, con in p.lowered if clash else ():  # only to word the clash
        if not isinstance(con, AllDifferent):
            continue
        held: dict[int, int] = {}
        for c in con.cells:
            if c in seen:
                v = seen[c]
                if v in held:
                    raise ModelError(
                        f"givens: cells {p.cells[held[v]]} and {p.cells[c]} both hold {v} but are in {where}"
                        + _box_reading(p, where)
                    )
                held[v] = c
    if p.generators:  # the check's module (and the group's) only for a declared symmetry: start-up
        from puzzlesat.model.invariance import check_generator

        for k, gen in enumerate(p.generators):
            check_generator(p, gen, k)


def _box_reading(p: Puzzle, where: str) -> str:
    """How a non-square box was read, for a clash in one: `2x3` and `3x2` both tile a 6x6 grid."""
    shape = None if p.grid is None or not where.startswith("box ") else p.grid.box_shape
    if shape is None or shape[0] == shape[1]:
        return ""
    return f" ({p.grid.box_reading})"  # type: ignore[union-attr]


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


def _nearest_allowed(name: str, spec: UnknownSpec, target: int) -> int:
    """The allowed value of an unknown nearest `target` (the lesser on a tie): an unknown whose sums
    reach none of its allowed values keeps that one, so the puzzle loads and has no solution (check:
    none) rather than being refused. A ModelError only when no value is allowed at all."""
    lo = -(10**9) if spec.min is None else spec.min
    hi = 10**9 if spec.max is None else spec.max

    def allowed(v: int) -> bool:
        return lo <= v <= hi and (not spec.prime or is_prime(v))

    if spec.values is not None:
        pool = [v for v in spec.values if allowed(v)]
        if pool:
            return min(pool, key=lambda v: (abs(v - target), v))
    else:
        start = min(max(target, lo), hi)
        for step in range(min(hi - lo, MAX_DOMAIN) + 1):  # primes are close together: a few steps
            for v in (start - step, start + step):
                if allowed(v):
                    return v
    raise ModelError(f"unknowns.{name}: no value is allowed (its values, min, max and prime leave none)")


def _sum_bounds(s: Linear, doms: Sequence[Sequence[int]], groups: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Bounds of a sum's left side; tighter when its cells must all differ (unit weights):
    k distinct values sum to at least the k smallest and at most the k largest available."""
    lo, hi = s.bounds(doms)
    if set(s.weights) == {1} and any(set(s.cells) <= set(g) for g in groups):
        pool = sorted({v for c in s.cells for v in doms[c]})
        k = len(s.cells)
        if len(pool) >= k:
            lo, hi = max(lo, sum(pool[:k])), min(hi, sum(pool[-k:]))
    return lo, hi


SumSpec = tuple[Sequence[CellRef], int | str] | tuple[Sequence[CellRef], int | str, Sequence[int] | None]


def _boxes_fit(grid: Grid, doms: Sequence[tuple[int, ...]]) -> None:
    """Boxes of more cells than their cells have values cannot all differ: refused, not solved to
    "no solution" (issue 39: `size = 6`, `boxes = "3x3"`), with the shapes that would fit."""
    if grid.box_shape is None:
        return
    for box in grid.regions_cells:
        values = set().union(*(doms[c] for c in box))
        if len(box) > len(values):
            h, w = grid.box_shape
            fits = [f'"{a}x{b}"' for a in range(2, grid.rows) for b in range(2, grid.columns)
                    if a * b == len(values) and not grid.rows % a and not grid.columns % b]  # fmt: skip
            hint = f"; try {' or '.join(fits)}" if fits else '; try "none"'
            raise ModelError(
                f"grid.boxes: {h}x{w} boxes ({h} rows x {w} columns each) hold {len(box)} cells, which cannot all "
                f"differ with the {len(values)} values they take{hint}"
            )


def define(
    name: str,
    *,
    cells: int | Sequence[str] | None = None,
    values: object = None,
    title: str = "",
    domains: Mapping[CellRef, object] | None = None,
    distinct: str | Sequence[Sequence[CellRef]] | None = "all",
    sums: Sequence[SumSpec] = (),
    rules: Sequence[Rule] = (),
    unknowns: Mapping[str, UnknownSpec] | None = None,
    givens: Mapping[CellRef, int] | str | None = None,
    grid: Grid | None = None,
    generators: Sequence[Sequence[int] | Mapping[str, Sequence[int]]] = (),
    layout: str | None = None,
    params: Mapping[str, object] | None = None,
) -> Puzzle:
    """Build a validated `Puzzle` from friendly parts; raises `ModelError` naming the field.

    `values` is every cell's domain (overridden per cell by `domains`); with a `grid`, the cells
    are its squares (`r1c1`..), the values default to 1..side, `distinct` adds groups to the
    grid's houses and `givens` may be a string, one character a cell; sums are
    `(cells, equals)` or `(cells, equals, weights)`, shorthand for `rules.sum.Sum` rules; `rules`
    holds any rule of `puzzlesat.model.rules` with cells by index or name; a generator is a list of cell
    indices or `{"cells": [...], "values": [...]}`, `values` the images of the puzzle's sorted
    values (a value symmetry: `values = [9, 8, ..., 1]` is x -> 10 - x). An unknown used by a sum but
    not declared gets the default domain: every integer the sums allow.

    >>> p = define("pair", cells=2, values=[1, 2], sums=[([0, 1], "N")])
    >>> p.unknowns
    (Unknown(name='N', domain=(3,), prime=False),)
    >>> from puzzlesat.model.rules.less import Less
    >>> define("up", cells=["a", "b"], values=[1, 2], rules=[Less(("a", "b"))]).core
    (AllDifferent(cells=(0, 1)), Linear(cells=(0, 1), weights=(1, -1), op='<', rhs=0))
    """
    if grid is not None:
        if cells is not None and tuple(map(str, cells)) != grid.cell_names:  # type: ignore[arg-type]
            raise ModelError("cells: a grid names its own cells (r1c1, r1c2, ...); leave cells out")
        cells = grid.cell_names
        values = range(1, max(grid.rows, grid.columns) + 1) if values is None else values
        distinct = "none" if distinct == "all" else distinct
    if cells is None or values is None:
        raise ModelError(f"{'cells' if cells is None else 'values'}: required (or give a grid)")
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

    def cell(ref: CellRef, where: str) -> int:
        if type(ref) is int and 0 <= ref < n:  # the common case, kept fast for batches
            return ref
        return _resolve_cell(ref, index, n, where)

    base = _resolve_domain(values, "values")
    doms = [base] * n
    for ref, spec in (domains or {}).items():
        c = cell(ref, "domains")
        doms[c] = _resolve_domain(spec, f"domains.{names[c]}")

    if grid is not None:
        _boxes_fit(grid, doms)

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
            groups.append(tuple(cell(c, f"distinct group #{gi + 1}") for c in g))

    written: list[Rule] = []
    if sums:
        from puzzlesat.model.rules.sum import Sum
    for entry in sums:
        scells, total, *rest = entry
        weights = rest[0] if rest else None
        written.append(Sum(scells, total, "=", None if weights is None else tuple(weights)))
    written += rules
    # One order for every way of writing the same puzzle: the registry's, then as given (a file
    # cannot keep the order between [[sum]] and [[cage]] tables, so neither does the model).
    from puzzlesat.model.rules import RULES

    rank = {key: i for i, key in enumerate(RULES)}
    written.sort(key=lambda rule: rank.get(rule.key, len(rank)))
    resolved_rules: list[Rule] = []
    origins: list[str] = []
    counts: dict[str, int] = {}
    for rule in written:
        counts[rule.key] = counts.get(rule.key, 0) + 1
        origins.append(f"{rule.key} #{counts[rule.key]}")
        resolved_rules.append(rule.resolved(cell, origins[-1]))
    resolved_rules = [  # a rule that reads the grid or the other rules (the negative constraint)
        rule.placed(grid, resolved_rules, origin) if hasattr(rule, "placed") else rule  # type: ignore[attr-defined]
        for rule, origin in zip(resolved_rules, origins, strict=True)
    ]
    lowered: list[tuple[str, Constraint]] = []
    for rule, origin in zip(resolved_rules, origins, strict=True):
        try:
            lowered += [(origin, c) for c in rule.lower(doms)]
        except ModelError as e:  # a rule that cannot hold with these domains (a cage's unreachable target)
            raise ModelError(f"{origin}: {e}") from None
    linear = [c for _, c in lowered if isinstance(c, Linear)]
    declared = dict(unknowns or {})
    for origin, c in lowered:
        undeclared = isinstance(c, Linear) and isinstance(c.rhs, str) and c.rhs not in declared
        if undeclared and not IDENTIFIER.fullmatch(c.rhs):  # type: ignore[union-attr, arg-type]
            raise ModelError(
                f"{origin}: {c.rhs!r} is neither an integer nor an unknown's name (declare it under "  # type: ignore[union-attr]
                "[unknowns], or use a name of letters, digits and _)"
            )

    used_names = sorted({s.rhs for s in linear if isinstance(s.rhs, str)})
    for u in declared:
        if u not in used_names:
            raise ModelError(f"unknowns.{u}: not used by any sum")
    resolved: list[Unknown] = []
    for u in used_names:
        spec = declared.get(u, UnknownSpec())
        lo, hi = -(10**9), 10**9
        for s in linear:
            if s.rhs == u and s.op == "=":
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
        if not dom:  # its sums reach no allowed value: the puzzle has no solution, which a solver then proves
            dom = [_nearest_allowed(u, spec, lo)]
        resolved.append(Unknown(u, tuple(dom), spec.prime))

    if isinstance(givens, str):
        if grid is None:
            raise ModelError("givens: a string of givens needs a grid; give a table cell = value")
        from puzzlesat.model.grid import parse_givens

        givens = parse_givens(givens, grid, base)
    given_pairs: list[tuple[int, int]] = []
    for ref, v in (givens or {}).items():
        c = cell(ref, "givens")
        if isinstance(v, bool) or not isinstance(v, int):
            raise ModelError(f"givens: the value of cell {names[c]} must be an integer")
        given_pairs.append((c, v))
    given_pairs.sort()

    all_values = sorted({v for d in doms for v in d})
    gens = [_generator(g, all_values, f"symmetry.generators #{k + 1}") for k, g in enumerate(generators)]

    return Puzzle(
        name=name,
        title=title or name,
        cells=names,
        domains=tuple(doms),
        distinct=tuple(groups),
        rules=tuple(resolved_rules),
        unknowns=tuple(resolved),
        givens=tuple(given_pairs),
        generators=tuple(gens),
        layout=layout,
        params=tuple(sorted((str(k), str(v)) for k, v in (params or {}).items())),
        grid=grid,
    )


def _generator(g: object, values: Sequence[int], where: str) -> Element:
    """A generator as an element: a list of cell indices, or a table of cells and value images."""
    if isinstance(g, Mapping):
        extra = set(g) - {"cells", "values"}
        if extra or "cells" not in g:
            raise ModelError(f"{where}: a table generator has 'cells' and optionally 'values'")
        cells, images = g["cells"], g.get("values")
    else:
        cells, images = g, None
    if isinstance(cells, str) or not isinstance(cells, Sequence):
        raise ModelError(f"{where}: expected a list of cell indices")
    if images is None:
        return tuple(cells), None
    if isinstance(images, str) or not isinstance(images, Sequence):
        raise ModelError(f"{where}: values must be a list of the puzzle's values")
    if sorted(images) != list(values) or not all(type(v) is int for v in images):
        raise ModelError(
            f"{where}: values must list each of the puzzle's values {describe_values(values)} once "
            f"(the image of each, in sorted order), got {len(images)} entries"
        )
    index = {v: k for k, v in enumerate(values)}
    vmap = tuple(index[v] for v in images)
    return tuple(cells), (None if vmap == tuple(range(len(values))) else vmap)
