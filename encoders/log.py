"""The log (binary) CNF encoding: a cell is its least value plus a binary number.

Iwama & Miyazaki (IFIP 1994) and the "log encoding" of Walsh (CP 2000): bits b[c, i] with
c = min + sum(2^i * b[c, i]), so a domain of d values needs ceil(log2(max - min + 1)) variables.
Holes and offsets beyond the maximum are cut by one clause per maximal aligned block of forbidden
offsets (a forbidden bit-pattern prefix). "c == v" is the conjunction of all bit literals. Sums are
PB equalities over the bits (weights w * 2^i, with the selected --pb encoding); all-different is
pairwise, one clause per pair of cells sharing a group and per shared value, "not both equal v"
(the --card encoding is unused: there is no cardinality part).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations

from puzzles.model import Puzzle
from puzzles.stop import checkpoint

from .builder import ClauseBuilder, Options, option_names
from .intvars import IntVar, LiteralEncoding, Scheme, Sink, cnf_encoding, encode_integers


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


def log_distinct(sink: Sink, groups: Sequence[tuple[int, ...]], cells: Sequence[IntVar]) -> None:
    """not(A == v and B == v) for each pair of cells sharing a group (once, however many groups
    they share) and each value in both domains."""
    pairs = sorted({pair for g in groups for pair in combinations(sorted(g), 2)})
    for p, q in pairs:
        checkpoint()
        shared = sorted(set(cells[p].domain) & set(cells[q].domain))
        sink.clauses.extend([-lit for lit in (*cells[p].equals[v], *cells[q].equals[v])] for v in shared)


SCHEME = Scheme("log", log_var, log_restrict, log_distinct)


def encode(puzzle: Puzzle, options: Options | None = None) -> LiteralEncoding:
    """The log CNF of `puzzle`; identical clause lists run to run."""
    card, pb = option_names(options)
    driver = encode_integers(puzzle, SCHEME, ClauseBuilder(card, pb))
    return cnf_encoding(driver, {"encoding": "log", "card": card, "pb": pb})
