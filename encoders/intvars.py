"""Integers as sets of literals: the one driver behind every Boolean encoding (CNF, Z3-PB, OPB).

A scheme says how one integer becomes literals (`IntVar`: value = offset + the weights of its true
literals, and the conjunction meaning "== v"), how all-different groups are encoded, and how
"x < y" is (natively, where it can be); the driver does the rest the same way for every scheme and
for every core kind (`puzzlesat.model.core`): `Linear` as one pseudo-Boolean constraint over the literals
(unknowns moved to the left side), `Table` as clauses, givens as units. It writes into a `Sink`:
clauses, at-most-one and pseudo-Boolean constraints, which the CNF builder turns into clauses with
PySAT's encodings, the Z3 sink into `PbEq`/`AtMost`, the OPB sink into OPB lines. So one-hot
(the direct scheme), order and log each exist once, whatever the target.
This is CPMpy's `int2bool` design (direct, order, binary behind one interface).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import product
from math import prod
from typing import Protocol

from puzzlesat.encoders.builder import WideSum
from puzzlesat.model.core import AllDifferent, Atom, Guarded, Linear, Table
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import checkpoint

# A `!=` over cells whose domains multiply to at most this many tuples becomes clauses forbidding
# each tuple that hits the value; a larger one, two PB constraints on a fresh indicator.
NOT_EQUAL_TABLE_LIMIT = 4096
# An allowed table with at most this many tuples gets one selector per tuple (support clauses);
# a larger one is encoded by forbidding the tuples it leaves out, if those are fewer.
TABLE_SELECTOR_LIMIT = 10_000


@dataclass(frozen=True)
class IntVar:
    """An integer over `domain` as literals: it equals `offset` + the weights of its true `terms`.

    `primary` lists the (label, variable) pairs that make up the integer (order: the v of
    "x >= v"; log: the bit index; direct: every value); `equals[v]` is the conjunction of literals
    meaning "x == v". `exactly_one`: exactly one primary variable is true (the direct scheme), so
    a linear term can drop each integer's least contribution and keep every weight positive.
    """

    domain: tuple[int, ...]
    offset: int
    terms: tuple[tuple[int, int], ...]
    primary: tuple[tuple[int, int], ...]
    equals: Mapping[int, tuple[int, ...]]
    exactly_one: bool = False
    ge: Mapping[int, int] | None = None  # "x >= v" for each value but the least, where the scheme has them (order)

    def linear_terms(self, coef: int) -> tuple[list[tuple[int, int]], int]:
        """coef * self as (literal, weight) pairs plus a constant."""
        if self.exactly_one:
            least = min(coef * v for v in self.domain)
            pairs = [(self.equals[v][0], coef * v - least) for v in self.domain if coef * v != least]
            return pairs, least
        return [(lit, coef * w) for lit, w in self.terms if coef * w], coef * self.offset


class Sink(Protocol):
    """Where the driver writes: one variable pool, clauses, cardinality and PB constraints."""

    clauses: list[list[int]]
    # Sum equalities built by one of our own encodings over the integers (`--pb mdd`: puzzlesat.encoders.mdd,
    # `--pb unary`: puzzlesat.encoders.unary) rather than as `pb`: the name, or None. Only a CNF sink asks
    # for them; the Z3 and OPB sinks say sums natively.
    own_sums: str | None

    def var(self, key: tuple[object, ...]) -> int: ...

    def at_most_one(self, lits: list[int], used: bool = False) -> None:
        """At most one literal true; exactly one if `used`."""
        ...

    def exactly_one(self, lits: list[int]) -> None: ...

    def pb(self, lits: list[int], weights: list[int], op: str, bound: int, when: int | None = None) -> None:
        """sum(weights * lits) op bound, op one of = <= >=, weights positive; only if `when` holds."""
        ...


# make_var(sink, key, domain): the literals of one integer (variables only, no constraints yet).
MakeVar = Callable[[Sink, tuple[object, ...], tuple[int, ...]], IntVar]
# restrict(sink, var): the constraints that keep an integer inside its domain.
Restrict = Callable[[Sink, IntVar], None]
# distinct(sink, groups, cells): every all-different group, over the cells' IntVars.
Distinct = Callable[[Sink, Sequence[tuple[int, ...]], Sequence[IntVar]], None]
# less(x, y): clauses saying x < y.
Less = Callable[[IntVar, IntVar], list[list[int]]]
# sum_equals(sink, lits, weights, bound): sum(weights * lits) == bound, weights positive.
SumEquals = Callable[[Sink, list[int], list[int], int], None]


def pairwise_less(x: IntVar, y: IntVar) -> list[list[int]]:
    """x < y for any scheme: forbid each pair v >= w; a negated conjunction is a clause."""
    return [
        [-lit for lit in (*x.equals[v], *y.equals[w])] for v in x.domain for w in y.domain if v >= w
    ]


def value_all_different(
    sink: Sink, groups: Sequence[Sequence[int]], domains: Sequence[Sequence[int]], literal: Callable[[int, int], int]
) -> None:
    """AtMostOne per value and group over `literal(cell, value)` ("cell holds value"), exactly one
    when a group is a permutation of its values (redundant, but it lets unit propagation see that
    the last free cell must take the last free value)."""
    for group in groups:
        union = sorted({v for c in group for v in domains[c]})
        permutation = len(union) == len(group)
        for v in union:
            checkpoint()
            sink.at_most_one([literal(c, v) for c in group if v in domains[c]], used=permutation)


def pb_sum(sink: Sink, lits: list[int], weights: list[int], bound: int) -> None:
    """The default sum encoding: one PB equality (PySAT's PBEnc with the selected --pb in CNF)."""
    sink.pb(lits, weights, "=", bound)


@dataclass(frozen=True)
class Scheme:
    """How integers become literals; `less` is the scheme's native x < y (lex-leader and chains)."""

    name: str
    make_var: MakeVar
    restrict: Restrict
    distinct: Distinct
    less: Less = pairwise_less
    sum_equals: SumEquals = pb_sum
    reify_unknowns: bool = False  # one conditional equality per value of an unknown (one-hot "reify")


def normalize(pairs: Iterable[tuple[int, int]], bound: int) -> tuple[list[int], list[int], int]:
    """sum(w * lit) vs bound with every weight positive: a negative weight a on a literal becomes
    a + |a| * (-lit), the usual PB normalisation (Een & Sorensson, JSAT 2006)."""
    lits: list[int] = []
    weights: list[int] = []
    for lit, a in pairs:
        if a > 0:
            lits.append(lit)
            weights.append(a)
        elif a < 0:
            lits.append(-lit)
            weights.append(-a)
            bound -= a
    return lits, weights, bound


def linear_pb(parts: Iterable[tuple[int, IntVar]], total: int) -> tuple[list[int], list[int], int]:
    """sum(coef * var) == total as sum(weights * lits) == bound with every weight positive."""
    pairs: list[tuple[int, int]] = []
    bound = total
    for coef, var in parts:
        terms, const = var.linear_terms(coef)
        pairs += terms
        bound -= const
    return normalize(pairs, bound)


class Driver:
    """Encodes one puzzle's core into a sink with one scheme; `encode_integers` runs it."""

    def __init__(self, puzzle: Puzzle, scheme: Scheme, sink: Sink) -> None:
        self.puzzle, self.scheme, self.sink = puzzle, scheme, sink
        self.cells = [self._make(("x", c), puzzle.domains[c]) for c in range(puzzle.size)]
        by_name = sorted(puzzle.unknowns, key=lambda u: u.name)
        self.unknowns = {u.name: self._make(("y", u.name), u.domain) for u in by_name}
        self.indicators = 0
        self.channels: dict[int, Mapping[int, int]] = {}  # id(var) -> its channelled "x >= v" literals
        self.conjunctions: dict[tuple[int, ...], int] = {}  # sorted literals -> the literal defined as their "and"
        for var in (*self.cells, *self.unknowns.values()):
            checkpoint()
            scheme.restrict(sink, var)

    def _make(self, key: tuple[object, ...], domain: tuple[int, ...]) -> IntVar:
        checkpoint()  # every build step checks the stop flag and the deadline (puzzlesat.runtime.stop)
        return self.scheme.make_var(self.sink, key, domain)

    def run(self) -> None:
        groups = sorted(tuple(sorted(c.cells)) for c in self.puzzle.core if isinstance(c, AllDifferent))
        self.scheme.distinct(self.sink, groups, self.cells)
        for origin, con in self.puzzle.lowered:
            checkpoint()
            if not isinstance(con, AllDifferent):
                try:
                    HANDLERS[type(con)](self, con)
                except WideSum as e:  # the sink knows the numbers, the driver which rule they come from
                    raise WideSum(f"{origin}: {e.reason}", e.hint) from None
        if self.sink.own_sums is not None:
            self.implied()
        for c, v in sorted(self.puzzle.givens):
            self.sink.clauses.extend([lit] for lit in self.cells[c].equals[v])

    def implied(self) -> None:
        """The short sums the puzzle's equalities imply (`puzzlesat.model.implied`), as sums of their own.
        Redundant, so the solutions stay the same; added only for the own sums that take them
        (`own_sums.TAKES_IMPLIED`: unary, 4x4 magic square 25k conflicts -> 15k;
        docs/decisions/encodings-and-defaults.md, "Implied sums")."""
        from puzzlesat.encoders.own_sums import TAKES_IMPLIED
        from puzzlesat.model.implied import implied_sums

        if self.sink.own_sums not in TAKES_IMPLIED:
            return
        for con in implied_sums(self.puzzle):
            checkpoint()
            try:
                self.linear(con)
            except WideSum:  # redundant: one the PB library cannot take is left out (refused before any clause)
                continue

    def fresh(self) -> int:
        self.indicators += 1
        return self.sink.var(("aux", self.indicators))

    def order_literals(self, var: IntVar) -> Mapping[int, int]:
        """"x >= v" for each value but the least: the scheme's own (order), else channelled to the
        value literals once per integer, however many sums it is in (`puzzlesat.encoders.unary.channel`)."""
        if var.ge is not None:
            return var.ge
        if id(var) not in self.channels:
            from puzzlesat.encoders.unary import channel

            self.channels[id(var)] = channel(var.domain, var.equals, self.fresh, self.sink.clauses)
        return self.channels[id(var)]

    def linear(self, con: Linear) -> None:
        """sum(w * cell) op rhs: native x < y where the scheme has it, else PB constraints."""
        pairs = sorted(zip(con.cells, con.weights, strict=True))
        terms = [(w, self.cells[c]) for c, w in pairs if w]
        less = _as_less(con)
        if less is not None:
            self.sink.clauses.extend(self.scheme.less(self.cells[less[0]], self.cells[less[1]]))
            return
        if isinstance(con.rhs, str):
            unknown = self.unknowns[con.rhs]
            if con.op == "=" and self.scheme.reify_unknowns:
                lits, weights, bound = linear_pb(terms, 0)
                for n in unknown.domain:
                    self.sink.pb(lits, weights, "=", n + bound, when=unknown.equals[n][0])
                return
            terms.append((-1, unknown))
            total = 0
        else:
            total = con.rhs
        if con.op == "!=" and not isinstance(con.rhs, str) and self._not_equal_table(con):
            return
        if con.op == "=" and self.sink.own_sums is not None:
            from puzzlesat.encoders.own_sums import OWN_SUMS

            if OWN_SUMS[self.sink.own_sums](self, terms, total):
                return
        lits, weights, bound = linear_pb(terms, total)
        self.compare(lits, weights, con.op, bound)

    def compare(self, lits: list[int], weights: list[int], op: str, bound: int, when: int | None = None) -> None:
        """sum(weights * lits) op bound with positive weights, strict and != ops reduced to = <= >=."""
        if op == "=":
            if when is None:
                self.scheme.sum_equals(self.sink, lits, weights, bound)
            else:
                self.sink.pb(lits, weights, "=", bound, when=when)
        elif op in ("<=", ">="):
            self.sink.pb(lits, weights, op, bound, when=when)
        elif op == "<":
            self.sink.pb(lits, weights, "<=", bound - 1, when=when)
        elif op == ">":
            self.sink.pb(lits, weights, ">=", bound + 1, when=when)
        else:  # "!=": below or above, chosen by a fresh indicator
            side = self.fresh()
            self.sink.pb(lits, weights, "<=", bound - 1, when=side)
            self.sink.pb(lits, weights, ">=", bound + 1, when=-side)

    def _not_equal_table(self, con: Linear) -> bool:
        """A small `!=` as clauses, one per tuple of values that would hit the right side."""
        doms = [self.puzzle.domains[c] for c in con.cells]
        if prod(len(d) for d in doms) > NOT_EQUAL_TABLE_LIMIT:
            return False
        for values in product(*doms):
            checkpoint()
            if sum(w * v for w, v in zip(con.weights, values, strict=True)) == con.rhs:
                self._forbid(con.cells, values)
        return True

    def _forbid(self, cells: Sequence[int], values: Sequence[int]) -> None:
        self.sink.clauses.append(
            [-lit for c, v in zip(cells, values, strict=True) for lit in self.cells[c].equals[v]]
        )

    def table(self, con: Table) -> None:
        """Forbidden tuples as one clause each; allowed ones by selectors with support clauses
        (arc consistent on the direct scheme), or by forbidding the rest when that is smaller."""
        doms = [self.puzzle.domains[c] for c in con.cells]
        inside = [t for t in con.tuples if all(v in d for v, d in zip(t, doms, strict=True))]
        if not con.allowed:
            for t in inside:
                self._forbid(con.cells, t)
            return
        size = prod(len(d) for d in doms)
        if len(con.cells) == 1 or size - len(inside) < len(inside) or len(inside) > TABLE_SELECTOR_LIMIT:
            keep = set(inside)
            for t in product(*doms):
                checkpoint()
                if t not in keep:
                    self._forbid(con.cells, t)
            return
        selectors = [self.fresh() for _ in inside]
        self.sink.clauses.append(list(selectors))
        for s, t in zip(selectors, inside, strict=True):
            checkpoint()
            for c, v in zip(con.cells, t, strict=True):
                self.sink.clauses.extend([-s, lit] for lit in self.cells[c].equals[v])
        for i, (c, d) in enumerate(zip(con.cells, doms, strict=True)):
            for v in d:
                support = [s for s, t in zip(selectors, inside, strict=True) if t[i] == v]
                self.sink.clauses.append([*(-lit for lit in self.cells[c].equals[v]), *support])


    # --- Guarded: sums read under conditions on values (position-dependent clues) ---------------

    def atom(self, atom: Atom) -> int | bool:
        """The literal of "cell op value" (True or False where the domain decides it): an equality
        is the scheme's conjunction, a comparison the order literal (`order_literals`)."""
        c, op, v = atom
        var = self.cells[c]
        if op in ("=", "!="):
            lit = self.conjunction(var.equals[v]) if v in var.equals else False
            return lit if op == "=" else _negate(lit)
        above = [w for w in var.domain if w >= v]
        if not above:
            lit: int | bool = False
        elif above[0] == var.domain[0]:
            lit = True
        else:
            lit = self.order_literals(var)[above[0]]
        return lit if op == ">=" else _negate(lit)

    def conjunction(self, lits: Sequence[int | bool]) -> int | bool:
        """A literal equivalent to the "and" of `lits`, defined once per set of literals (Tseitin)."""
        if False in lits:
            return False
        key = tuple(sorted({lit for lit in lits if lit is not True}))
        if not key:
            return True
        if len(key) == 1:
            return key[0]
        if key not in self.conjunctions:
            g = self.fresh()
            self.sink.clauses.extend([-g, lit] for lit in key)
            self.sink.clauses.append([g, *(-lit for lit in key)])
            self.conjunctions[key] = g
        return self.conjunctions[key]

    def guarded(self, con: Guarded) -> None:
        """`when` -> sum op rhs, as one PB constraint conditional on the `when` literal; a term
        w * cell under a guard g is w * (offset * g + sum(weight * (lit and g))) over the cell's
        literals, so one-hot, order and log all say it through their own `terms`."""
        when = self.conjunction([self.atom(a) for a in con.when])
        if when is False:
            return
        pairs: list[tuple[int, int]] = []
        const = 0
        for w, c, guard in sorted(con.terms, key=lambda t: (-1 if t[1] is None else t[1], t[0], sorted(t[2]))):
            checkpoint()
            g = self.conjunction([self.atom(a) for a in guard])
            if g is False or w == 0:
                continue
            if c is None:
                terms, offset = [], w
            elif g is True:
                terms, offset = self.cells[c].linear_terms(w)
            else:
                var = self.cells[c]
                terms = [(lit, w * k) for lit, k in var.terms]
                offset = w * var.offset
            if g is True:
                pairs += terms
                const += offset
            else:
                pairs += [(self.conjunction([lit, g]), k) for lit, k in terms]
                pairs += [(g, offset)] if offset else []
        merged: dict[int, int] = {}
        for lit, k in pairs:  # a literal twice (one cell under two guards that coincide) is one term
            merged[lit] = merged.get(lit, 0) + k
        lits, weights, bound = normalize(sorted(merged.items()), con.rhs - const)
        cond = None if when is True else when
        if con.op != "!=":
            self.compare(lits, weights, con.op, bound, when=cond)
            return
        below, above = self.fresh(), self.fresh()  # != as below or above, each only under `when`
        self.sink.clauses.append([below, above] if cond is None else [-cond, below, above])
        if cond is not None:  # both false when `when` is: one model per solution, for counters
            self.sink.clauses.extend([[-below, cond], [-above, cond]])
        self.sink.pb(lits, weights, "<=", bound - 1, when=below)
        self.sink.pb(lits, weights, ">=", bound + 1, when=above)


def _negate(lit: int | bool) -> int | bool:
    return not lit if isinstance(lit, bool) else -lit


def _as_less(con: Linear) -> tuple[int, int] | None:
    """(a, b) when the constraint says cell a < cell b, as a chain or a futoshiki sign does."""
    if len(con.cells) != 2 or con.rhs != 0 or sorted(con.weights) != [-1, 1]:
        return None
    plus, minus = (con.cells[0], con.cells[1]) if con.weights[0] == 1 else (con.cells[1], con.cells[0])
    return {"<": (plus, minus), ">": (minus, plus)}.get(con.op)


HANDLERS: dict[type, Callable[[Driver, object], None]] = {
    Linear: Driver.linear,
    Table: Driver.table,
    Guarded: Driver.guarded,
}


def encode_integers(puzzle: Puzzle, scheme: Scheme, sink: Sink) -> Driver:
    """Write the puzzle's core into `sink` with `scheme`; deterministic (cells, unknowns, groups
    and sum terms are visited in sorted order). The driver holds the integers for the caller."""
    driver = Driver(puzzle, scheme, sink)
    driver.run()
    return driver
