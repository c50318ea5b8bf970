"""The log (binary) CNF encoding: a cell is its least value plus a binary number.

Iwama & Miyazaki (IFIP 1994) and the "log encoding" of Walsh (CP 2000): bits b[c, i] with
c = min + sum(2^i * b[c, i]), so a domain of d values needs ceil(log2(max - min + 1)) variables.
Holes and offsets beyond the maximum are cut by one clause per maximal aligned block of forbidden
offsets (a forbidden bit-pattern prefix). "c == v" is the conjunction of all bit literals. Sums are
PB equalities over the bits (weights w * 2^i, with the selected --pb encoding); all-different is
pairwise, one clause per pair of cells sharing a group and per shared value, "not both equal v",
or for wide domains "some bit differs" (the --card encoding is unused: there is no cardinality part).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from puzzlesat.encoders.builder import ClauseBuilder, Options, option_names
from puzzlesat.encoders.intvars import IntVar, Scheme, Sink, encode_integers
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.stop import checkpoint

if TYPE_CHECKING:
    from puzzlesat.encoders.literal import LiteralEncoding


def _forbid_gaps(b: Sink, bits: Sequence[int], offsets: Sequence[int]) -> None:
    """One clause per maximal aligned block [base, base + 2^k) holding no allowed offset; the
    block is the bit-pattern prefix fixing bits k.. (most significant first), so its clause
    negates that prefix. `offsets` are the allowed values of the bits, sorted."""

    def walk(prefix: list[int], base: int, k: int) -> None:
        size = 1 << k
        inside = bisect_left(offsets, base + size) - bisect_left(offsets, base)
        if inside == size:
            return
        if inside == 0:
            b.clauses.append([-lit for lit in prefix])
            return
        walk([*prefix, -bits[k - 1]], base, k - 1)
        walk([*prefix, bits[k - 1]], base + size // 2, k - 1)

    walk([], 0, len(bits))


def log_var(sink: Sink, key: tuple[object, ...], domain: tuple[int, ...]) -> IntVar:
    """Bits for value - min(domain), least significant first."""
    lo = domain[0]
    nbits = (domain[-1] - lo).bit_length()
    bits = [sink.var((*key, "bit", i)) for i in range(nbits)]
    equals = {v: tuple(bit if (v - lo) >> i & 1 else -bit for i, bit in enumerate(bits)) for v in domain}
    terms = tuple((bit, 1 << i) for i, bit in enumerate(bits))
    return IntVar(domain, lo, terms, tuple(enumerate(bits)), equals)


def log_restrict(sink: Sink, var: IntVar) -> None:
    """Cut the bit patterns that are no value of the domain."""
    _forbid_gaps(sink, [lit for _, lit in var.primary], [v - var.offset for v in var.domain])


# A pair of cells with the same offset and width whose shared values outnumber BIT_DIFFER_FACTOR
# clauses a bit is told apart bit by bit (2 * bits + 1 clauses) rather than value by value: the
# order-12 magic square's 144 values take 17 clauses a pair instead of 144
# (docs/decisions/stopping.md, "Reliability at the edges"), and a domain of 100,000 values 35
# instead of 100,000. Small domains keep the per-value clauses.
BIT_DIFFER_FACTOR = 8


def _bits_differ(sink: Sink, p: int, q: int, x: IntVar, y: IntVar) -> None:
    """x != y as "some bit differs": d[i] -> x[i] xor y[i], and one d[i] true (Tseitin, one direction)."""
    flags = []
    for (i, a), (_, b) in zip(x.primary, y.primary, strict=True):
        d = sink.var(("differ", p, q, i))
        sink.clauses.extend([[-d, a, b], [-d, -a, -b]])
        flags.append(d)
    sink.clauses.append(flags)


def log_distinct(sink: Sink, groups: Sequence[tuple[int, ...]], cells: Sequence[IntVar]) -> None:
    """For each pair of cells sharing a group (once, however many groups they share): not(A == v and
    B == v) for each value in both domains, or, for wide domains of the same shape, a differing bit."""
    pairs = sorted({pair for g in groups for pair in combinations(sorted(g), 2)})
    for p, q in pairs:
        checkpoint()
        x, y = cells[p], cells[q]
        width = len(x.primary)
        if (x.offset, width) == (y.offset, len(y.primary)) and min(
            len(x.domain), len(y.domain)
        ) > BIT_DIFFER_FACTOR * width:
            _bits_differ(sink, p, q, x, y)
            continue
        shared = sorted(set(x.domain) & set(y.domain))
        sink.clauses.extend([-lit for lit in (*x.equals[v], *y.equals[v])] for v in shared)


SCHEME = Scheme("log", log_var, log_restrict, log_distinct)


def encode(puzzle: Puzzle, options: Options) -> LiteralEncoding:
    """The log CNF of `puzzle`; identical clause lists run to run."""
    from puzzlesat.encoders.literal import cnf_encoding  # (its class is made by dataclasses: start-up.md D6)

    card, pb = option_names(options)
    driver = encode_integers(puzzle, SCHEME, ClauseBuilder(card, pb))
    return cnf_encoding(driver, {"encoding": "log", "card": card, "pb": pb})
