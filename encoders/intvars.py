"""Integers as sets of literals: the driver shared by the order and log CNF encodings.

An encoding scheme says how one integer becomes literals (`IntVar`: value = offset + the weights of
its true literals, and the conjunction meaning "== v") and how a distinct group is encoded; the
driver does the rest the same way for every scheme: linear sums as one PB equality each (unknowns
moved to the left side), givens as unit clauses, and a `LiteralEncoding` whose `value_literals`
returns the scheme's conjunction, so blocking and decoding need no scheme-specific code.
This is CPMpy's `int2bool` design (direct, order, binary behind one interface).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from puzzles.model import Puzzle

from .builder import ClauseBuilder, Options, option_names
from .cnf import CNFEncoding


@dataclass(frozen=True)
class IntVar:
    """An integer over `domain` as literals: it equals `offset` + the weights of its true `terms`.

    `labels[i]` names `terms[i]`'s literal within the variable (order: the v of "x >= v"; log: the
    bit index); `equals[v]` is the conjunction of literals meaning "x == v".
    """

    domain: tuple[int, ...]
    offset: int
    terms: tuple[tuple[int, int], ...]
    labels: tuple[int, ...]
    equals: Mapping[int, tuple[int, ...]]


# make_var(builder, key, domain): the literals of one integer, its domain clauses already added.
MakeVar = Callable[[ClauseBuilder, tuple[object, ...], tuple[int, ...]], IntVar]
# distinct(builder, groups, cells): every all-different group, over the cells' IntVars.
Distinct = Callable[[ClauseBuilder, Sequence[tuple[int, ...]], Sequence[IntVar]], None]
# sum_equals(builder, lits, weights, bound): sum(weights * lits) == bound, weights positive.
SumEquals = Callable[[ClauseBuilder, list[int], list[int], int], None]


@dataclass(frozen=True)
class LiteralEncoding(CNFEncoding):
    """A CNF whose "cell holds v" is a stored conjunction of literals (order, log encodings).

    `x[(cell, label)]` and `y[(unknown, label)]` are the primary variables, labelled as in
    `IntVar.labels`; `cell_lits` / `unknown_lits` map (cell or unknown, value) to the conjunction.
    """

    cell_lits: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    unknown_lits: dict[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)

    def value_literals(self, cell: int, value: int) -> list[int]:
        """The conjunction meaning "cell holds value" (one or two order literals, or every bit)."""
        if (cell, value) not in self.cell_lits:
            raise ValueError(f"{value} is not in the domain of cell #{cell}")
        return list(self.cell_lits[cell, value])

    def less_than_clauses(self, a: int, b: int) -> list[list[int]]:
        return self.pairwise_less_than_clauses(a, b)

    def unknown_literals(self, name: str, value: int) -> list[int]:
        """The conjunction meaning "the unknown `name` equals value"."""
        if (name, value) not in self.unknown_lits:
            raise ValueError(f"{value} is not in the domain of unknown {name}")
        return list(self.unknown_lits[name, value])


def linear_pb(parts: Iterable[tuple[int, IntVar]], total: int) -> tuple[list[int], list[int], int]:
    """sum(coef * var) == total as sum(weights * lits) == bound with every weight positive.

    Each var is offset + sum(w * lit); a negative coefficient a on a literal becomes
    a + |a| * (-lit), the usual PB normalisation (Een & Sorensson, JSAT 2006).
    """
    lits: list[int] = []
    weights: list[int] = []
    bound = total
    for coef, var in parts:
        bound -= coef * var.offset
        for lit, w in var.terms:
            a = coef * w
            if a > 0:
                lits.append(lit)
                weights.append(a)
            elif a < 0:
                lits.append(-lit)
                weights.append(-a)
                bound -= a
    return lits, weights, bound


def pb_sum(b: ClauseBuilder, lits: list[int], weights: list[int], bound: int) -> None:
    """The default sum encoding: PySAT's PBEnc with the selected --pb encoding."""
    b.pb_equals(lits, weights, bound)


def encode_integers(
    puzzle: Puzzle,
    options: Options | None,
    scheme: str,
    make_var: MakeVar,
    distinct: Distinct,
    sum_equals: SumEquals = pb_sum,
    settings: Mapping[str, str] | None = None,
) -> LiteralEncoding:
    """The CNF of `puzzle` with every cell and unknown encoded by `make_var`; deterministic
    (cells, unknowns, groups and sum terms are visited in sorted order)."""
    card, pb = option_names(options)
    b = ClauseBuilder(card, pb)
    cells = [make_var(b, ("x", c), puzzle.domains[c]) for c in range(puzzle.size)]
    unknowns = {u.name: make_var(b, ("y", u.name), u.domain) for u in sorted(puzzle.unknowns, key=lambda u: u.name)}

    distinct(b, sorted(tuple(sorted(g)) for g in puzzle.distinct), cells)

    for s in puzzle.sums:
        parts = [(w, cells[c]) for c, w in sorted(zip(s.cells, s.weights, strict=True))]
        total = 0
        if isinstance(s.total, str):
            parts.append((-1, unknowns[s.total]))
        else:
            total = s.total
        sum_equals(b, *linear_pb(parts, total))

    for c, v in sorted(puzzle.givens):
        b.clauses.extend([lit] for lit in cells[c].equals[v])

    return LiteralEncoding(
        clauses=b.clauses,
        nvars=b.pool.top,
        x={
            (c, label): lit
            for c, var in enumerate(cells)
            for label, (lit, _) in zip(var.labels, var.terms, strict=True)
        },
        y={
            (n, label): lit
            for n, var in unknowns.items()
            for label, (lit, _) in zip(var.labels, var.terms, strict=True)
        },
        domains=puzzle.domains,
        unknown_domains={name: var.domain for name, var in unknowns.items()},
        atmosts=b.atmosts,
        settings={"encoding": scheme, "card": card, "pb": pb, **(settings or {})},
        cell_lits={(c, v): lits for c, var in enumerate(cells) for v, lits in var.equals.items()},
        unknown_lits={(name, v): lits for name, var in unknowns.items() for v, lits in var.equals.items()},
    )
