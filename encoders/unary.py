"""A linear equality over order-encoded integers as a tree of unary adders, bounds consistent by unit propagation.

Why: PySAT's totalizer over the order literals of a line (`--pb totalizer`) treats each cell's
"x >= v" literals as independent inputs, so a third of its tree re-counts what the order encoding
already says (a cell's own literals are already a unary number), and every bound a cell takes
ripples through that subtree. Here the leaves are the cells themselves: a node is a partial sum,
itself order-encoded over the sums it can take that can still reach the total, and two clauses per
pair of child values say "l >= a and r >= b give s >= a + b" and "l <= a and r <= b give
s <= a + b" (the unary adders of BEE, Metodi and Codish, TPLP 2012; a totalizer over integers,
Bailleux and Boufkhad, CP 2003). The root needs no node: l + r == total is binary clauses between
the two halves. Measured on the issue-16 workloads in docs/decisions/encodings-and-defaults.md
("Unary sums").

Integers that are not order-encoded (one-hot, log) get order literals channelled to their value
literals first (`channel`), so `--pb unary` works with every encoding.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence

from puzzlesat.runtime.records import dataclass

# A literal, or a constant where the node's window makes "s >= v" certain either way.
Lit = int | bool


@dataclass(frozen=True)
class Unary:
    """An integer as its sorted `values` and the literals ge[v] == "x >= v" for every value but the least."""

    values: tuple[int, ...]
    ge: Mapping[int, int]

    def at_least(self, v: int) -> Lit:
        """"x >= v" for any integer v: True below the least value, False above the greatest."""
        if v <= self.values[0]:
            return True
        if v > self.values[-1]:
            return False
        return self.ge[self.values[bisect_left(self.values, v)]]


def scaled(coef: int, values: Sequence[int], ge: Mapping[int, int]) -> Unary:
    """coef * x: a negative coefficient reverses the order, "c*x >= c*v" being "x <= v"."""
    if coef > 0:
        return Unary(tuple(coef * v for v in values), {coef * v: lit for v, lit in ge.items()})
    order = sorted(values)
    out = {}
    for i, v in enumerate(order[:-1]):  # c*x >= c*v  <=>  x <= v  <=>  not (x >= next value)
        out[coef * v] = -ge[order[i + 1]]
    return Unary(tuple(sorted(coef * v for v in values)), out)


def channel(
    values: Sequence[int], equals: Mapping[int, Sequence[int]], fresh: Callable[[], int], clauses: list[list[int]]
) -> dict[int, int]:
    """Order literals "x >= v" tied to the conjunctions `equals[v]` ("x == v"), both ways."""
    order = sorted(values)
    eq: dict[int, int] = {}
    for v in order:
        lits = list(equals[v])
        if len(lits) == 1:
            eq[v] = lits[0]
            continue
        e = fresh()  # e <-> the conjunction (an empty one, for a one-value domain, is true)
        clauses.extend([-e, lit] for lit in lits)
        clauses.append([e, *(-lit for lit in lits)])
        eq[v] = e
    ge = {v: fresh() for v in order[1:]}
    for lo, hi in zip(order[1:], order[2:], strict=False):
        clauses.append([-ge[hi], ge[lo]])
    for i, v in enumerate(order):
        below = ge.get(v)  # "x >= v", None for the least value (true)
        above = ge[order[i + 1]] if i + 1 < len(order) else None  # "x >= next", None past the top (false)
        if below is not None:
            clauses.append([-eq[v], below])
        if above is not None:
            clauses.append([-eq[v], -above])
        clauses.append([*([-below] if below is not None else []), *([above] if above is not None else []), eq[v]])
    return ge


def _clause(lits: Sequence[Lit], clauses: list[list[int]]) -> None:
    """A clause over literals and constants: dropped if some constant is True, False ones left out."""
    if any(lit is True for lit in lits):
        return
    clauses.append([lit for lit in lits if lit is not False])  # type: ignore[misc]


def _merge(left: Unary, right: Unary, lo: int, hi: int, fresh: Callable[[], int], clauses: list[list[int]]) -> Unary:
    """s = left + right, over the sums in [lo, hi] (outside it no completion reaches the total)."""
    sums = sorted({a + b for a in left.values for b in right.values if lo <= a + b <= hi})
    if not sums:
        clauses.append([])
        return Unary((lo,), {})
    node = Unary(tuple(sums), {v: fresh() for v in sums[1:]})
    # The chain "s >= v'" -> "s >= v" (v < v'): the adders imply it only where the sums leave no holes.
    clauses.extend([-node.ge[hi], node.ge[lo]] for lo, hi in zip(sums[1:], sums[2:], strict=False))
    # Each literal looked up once (the pairs' loop is most of a 5x5 square's build time).
    lefts = [(a, _neg(left.at_least(a)), left.at_least(a + 1)) for a in left.values]
    rights = [(b, _neg(right.at_least(b)), right.at_least(b + 1)) for b in right.values]
    reach = {a + b for a in left.values for b in right.values}
    up = {v: node.at_least(v) for v in reach}
    down = {v: _neg(node.at_least(v + 1)) for v in reach}
    add = clauses.append
    for a, not_la, la1 in lefts:
        for b, not_rb, rb1 in rights:
            v = a + b
            # l >= a and r >= b give s >= a + b
            u = up[v]
            if not_la is not True and not_rb is not True and u is not True:  # identity: literal 1 == True
                if not_la is False or not_rb is False or u is False:
                    add([x for x in (not_la, not_rb, u) if x is not False])
                else:  # three literals, the common case: no filtering pass (a third of the build)
                    add([not_la, not_rb, u])
            # l <= a and r <= b give s <= a + b, i.e. not (s >= a + b + 1)
            d = down[v]
            if la1 is not True and rb1 is not True and d is not True:
                if la1 is False or rb1 is False or d is False:
                    add([x for x in (la1, rb1, d) if x is not False])
                else:
                    add([la1, rb1, d])
    return node


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else -lit


def size(terms: Sequence[tuple[int, Sequence[int]]], total: int) -> int:
    """An upper bound on the clauses `encode` writes for sum(coef * x) == total: two per pair of
    child values at each node, counting a node's values as its range within the window."""
    ranges = [sorted((c * min(d), c * max(d))) for c, d in terms]
    widths = [len(d) for _, d in terms]
    low, high = sum(r[0] for r in ranges), sum(r[1] for r in ranges)

    def node(i: int, j: int) -> tuple[int, int]:  # (values, clauses) of the subtree over terms[i:j]
        if j - i == 1:
            return widths[i], 0
        mid = (i + j) // 2
        (nl, cl), (nr, cr) = node(i, mid), node(mid, j)
        lo, hi = sum(r[0] for r in ranges[i:j]), sum(r[1] for r in ranges[i:j])
        window = min(hi, total - (low - lo)) - max(lo, total - (high - hi)) + 1
        values = max(1, min(nl * nr, hi - lo + 1, window))
        return values, cl + cr + 2 * nl * nr + values

    if len(terms) < 2:
        return 2
    mid = len(terms) // 2
    (nl, cl), (nr, cr) = node(0, mid), node(mid, len(terms))
    return cl + cr + 2 * (nl + nr)


def encode(terms: Sequence[Unary], total: int, fresh: Callable[[], int], clauses: list[list[int]]) -> None:
    """Append the clauses of sum(terms) == total (each term already scaled by its coefficient)."""
    if not terms:
        if total != 0:
            clauses.append([])
        return
    if len(terms) == 1:
        (x,) = terms
        _clause([x.at_least(total)], clauses)
        _clause([_neg(x.at_least(total + 1))], clauses)
        return
    least = [t.values[0] for t in terms]
    most = [t.values[-1] for t in terms]

    def build(i: int, j: int) -> Unary:
        if j - i == 1:
            return terms[i]
        mid = (i + j) // 2
        left, right = build(i, mid), build(mid, j)
        rest_lo = sum(least) - sum(least[i:j])
        rest_hi = sum(most) - sum(most[i:j])
        return _merge(left, right, total - rest_hi, total - rest_lo, fresh, clauses)

    mid = len(terms) // 2
    left, right = build(0, mid), build(mid, len(terms))
    # left + right == total: l >= a forbids r >= total - a + 1, and l <= a needs r >= total - a;
    # both ways round, since holes in one side's values leave the other's bounds to say the rest
    # (without holes the second round repeats the first: each clause is written once).
    root: list[list[int]] = []
    for x, y in ((left, right), (right, left)):
        for a in x.values:
            _clause([_neg(x.at_least(a)), _neg(y.at_least(total - a + 1))], root)
            _clause([x.at_least(a + 1), y.at_least(total - a)], root)
    seen: set[frozenset[int]] = set()
    for clause in root:
        if frozenset(clause) not in seen:
            seen.add(frozenset(clause))
            clauses.append(clause)
