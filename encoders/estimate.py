"""How big an encoding will be, before it is built: refuse what will not fit in the memory that is free.

A build that outgrows memory is killed by the system (or aborts in a native allocation) after
minutes; an estimate from the domain sizes and the constraints' shapes takes microseconds. The
formulas are rough (within a factor of about 2 of what was measured, docs/decisions/stopping.md,
"Reliability at the edges", its "Size estimates"): they only have to tell a build of 100 MB from
one of 20 GB.
"""

from __future__ import annotations

import math
import os
import resource
from collections.abc import Callable
from itertools import combinations
from math import prod

from puzzlesat.encoders.builder import PB_LIMIT
from puzzlesat.encoders.pysat_names import default_pb
from puzzlesat.model.core import AllDifferent, Linear, Table
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import time_left

# Measured on CPython 3.11 (docs/decisions/stopping.md): a clause costs about 150 bytes plus 36 a literal
# while it is a Python list, and each (cell, value) a scheme stores in its maps about 250 bytes.
CLAUSE_BYTES = 150
LITERAL_BYTES = 36
ENTRY_BYTES = 250
# Clauses per literal and bound unit of one PB equality, by PySAT PB encoding (rough fits).
PB_GROWTH: dict[str, Callable[[int, int], float]] = {
    "totalizer": lambda n, bound: 2.5 * n * bound,
    "seqcounter": lambda n, bound: 2.0 * n * bound,
    "bdd": lambda n, bound: 2.0 * n * bound,
    "sortnetwrk": lambda n, bound: 2.0 * n * bound,
    "binmerge": lambda n, bound: 2.0 * n * bound,
    "adder": lambda n, bound: 12.0 * n * max(1, bound.bit_length()),
    "native": lambda n, bound: 1.0,
    "mdd": lambda n, bound: 4.0 * n * bound,  # an edge per value and partial sum, each 3-4 clauses
    # "unary": its equalities are counted by `unary.size`, as the encoder counts them; the rest
    # (inequalities, equalities past UNARY_LIMIT) are the totalizer's
}
LOG_SUM_FACTOR = 0.1
# The PB encodings whose size grows with the bound however few the cells, from three literals on
# (two are a clause or two): a sum of two cells of 0..99 weighted 1000 and 1 took 29M clauses on
# seqcounter, three literals weighing 2**20, 3 and 1 took 4M. The others grow with the sums their
# n literals can make, at most 2**n, and their bound is capped there: that two-cell sum took 87k
# clauses or fewer on the totalizer, BDD, binmerge, watchdog, mixed radix and adder whatever the
# weight, and 4 to 16 literals weighing about 2**58 took 10 to 1,243 on the totalizer and BDD,
# where the capped estimate says 160 to 2.6M. A sum of one or two cells is 4 clauses a literal.
BOUND_GROWN = frozenset({"seqcounter", "sortnetwrk"})
# Clauses (as estimated) built per second, and the size from which a build is judged against the
# deadline (docs/decisions/stopping.md, "Builds that cannot meet the deadline"). Measured here
# 60,000 to 1,300,000 a second: the estimate is rough, so only big builds are judged, at a
# middling rate.
BUILD_RATE = 300_000
SLOW_FLOOR = 10_000_000
# Set PUZZLESAT_MEMORY_LIMIT (bytes, or with a K/M/G suffix) to pretend less memory is free (tests).
LIMIT_VARIABLE = "PUZZLESAT_MEMORY_LIMIT"


class BuildTooSlow(UsageError):
    """A build that cannot end before the deadline (its estimate at BUILD_RATE): refused up front."""


@dataclass(frozen=True)
class Estimate:
    """The expected size of one encoding of one puzzle."""

    encoding: str
    clauses: int
    literals: int
    entries: int  # (cell, value) pairs held in the scheme's maps

    @property
    def bytes(self) -> int:
        return self.clauses * CLAUSE_BYTES + self.literals * LITERAL_BYTES + self.entries * ENTRY_BYTES


def human(n: float, digits: int | None = None) -> str:
    """Bytes as `1.5 GB`, `320 MB`, `12 kB`; `digits` decimals instead of the usual 0 or 1."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            places = digits if digits is not None else (1 if n < 10 * size else 0)
            return f"{n / size:.{places}f} {unit}"
    return f"{int(n)} B"


def human_pair(a: float, b: float) -> tuple[str, str]:
    """`a` and `b` as `human` writes them, with as many decimals as it takes (up to 3) for two
    different amounts not to read the same ("about 25 GB ... but 25 GB is free")."""
    shown = human(a), human(b)
    for digits in (1, 2, 3):
        if shown[0] != shown[1] or a == b:
            break
        shown = human(a, digits), human(b, digits)
    return shown


def _bits(domain: tuple[int, ...]) -> int:
    return max(1, (domain[-1] - domain[0]).bit_length())


def _sum_bound(puzzle: Puzzle, con: Linear) -> int:
    """How far a PB encoding counts: the right side above the left side's least value (a sum to a
    constant), else the largest value the left side can reach above its least."""
    spans = [
        abs(w) * (puzzle.domains[c][-1] - puzzle.domains[c][0]) for c, w in zip(con.cells, con.weights, strict=True)
    ]
    span = max(1, sum(spans))
    if isinstance(con.rhs, int):
        least = sum(
            w * (puzzle.domains[c][0] if w > 0 else puzzle.domains[c][-1])
            for c, w in zip(con.cells, con.weights, strict=True)
        )
        return max(1, min(span, abs(con.rhs - least) + 1))
    return span


def estimate(puzzle: Puzzle, encoding: str, pb: str = "totalizer") -> Estimate:
    """Clauses, literals and map entries of `encoding` ("onehot", "order", "log", "z3-pb") for `puzzle`."""
    domains = puzzle.domains
    sizes = [len(d) for d in domains] + [len(u.domain) for u in puzzle.unknowns]
    entries = sum(sizes)
    clauses = literals = 0
    log = encoding == "log"
    if log:
        clauses += sum(2 * _bits(d) for d in domains)
        literals += sum(2 * _bits(d) ** 2 for d in domains)
    else:  # exactly-one or the order chain, and its sequential counter: about 3 clauses a value
        clauses += 3 * entries
        literals += 7 * entries
    pairs: set[tuple[int, int]] = set()
    for con in puzzle.core:
        if isinstance(con, AllDifferent):
            cells = sorted(con.cells)
            if log:
                pairs.update(combinations(cells, 2))
            else:
                union = len({v for c in cells for v in domains[c]})
                clauses += 3 * union * len(cells)
                literals += 7 * union * len(cells)
        elif isinstance(con, Linear) and encoding == "z3-pb":  # one PB term, whatever its weights
            clauses += 1
            literals += sum(len(domains[c]) for c in con.cells)
        elif isinstance(con, Linear):
            adders = _unary_size(puzzle, con) if pb == "unary" else None
            if adders is not None:  # counted as the encoder counts them, whatever the weights
                clauses += adders
                literals += 3 * adders
                continue
            n = sum(_bits(domains[c]) if log and pb != "mdd" else len(domains[c]) for c in con.cells)
            # the literals of the PB constraint (a bit each, or a value each but the least), the unknown's too
            sides = [domains[c] for c in con.cells] + [u.domain for u in puzzle.unknowns if u.name == con.rhs]
            lits = sum(_bits(d) if log else len(d) - 1 for d in sides)
            bound = _sum_bound(puzzle, con) if pb in BOUND_GROWN else min(_sum_bound(puzzle, con), 2**lits)
            grow = PB_GROWTH.get(pb, PB_GROWTH["totalizer"])
            # Over bits weighted 1, 2, 4, .. the partial sums are far fewer than n x bound: a tenth
            # (fitted on the log magic squares of orders 8 and 12, docs/decisions/stopping.md).
            thin = LOG_SUM_FACTOR if log and pb not in ("adder", "mdd") else 1.0
            size = int(thin * grow(n, bound)) if len(con.cells) > 2 or pb in BOUND_GROWN and lits > 2 else 4 * n
            clauses += size
            literals += 3 * size
        elif isinstance(con, Table):
            arity = len(con.cells)
            count = min(len(con.tuples), prod(len(domains[c]) for c in con.cells))
            clauses += count * (arity + 1)
            literals += count * arity * (3 if log else 2)
    for p, q in pairs:
        width = _bits(domains[p])
        if min(len(domains[p]), len(domains[q])) > 8 * width:  # a differing bit (encoders/log.py)
            clauses += 2 * width + 1
            literals += 7 * width
            continue
        shared = len(set(domains[p]) & set(domains[q]))
        clauses += shared
        literals += shared * (width + _bits(domains[q]))
    if log:  # each value of each cell is also stored as a tuple of its bits
        literals += sum(len(d) * _bits(d) for d in domains)
    return Estimate(encoding, clauses, literals, entries)


def pb_width(puzzle: Puzzle, encoding: str, pb: str) -> int:
    """The most the coefficients of one of the puzzle's sums add up to as a PB constraint over the
    literals of `encoding` (onehot, order, log), among the sums `pb` leaves to Pindakaas: what
    `builder.PB_LIMIT` is checked against when the encoding is built."""

    def term(w: int, d: tuple[int, ...]) -> int:
        if encoding == "order":  # a literal per step, weighing the step
            return abs(w) * (d[-1] - d[0])
        if encoding == "log":  # a literal per bit
            return abs(w) * ((1 << (d[-1] - d[0]).bit_length()) - 1)
        end = d[0] if w > 0 else d[-1]  # one-hot: each value above the cell's least contribution
        return abs(w) * sum(abs(v - end) for v in d)

    unknowns = {u.name: u.domain for u in puzzle.unknowns}
    widths = [
        sum(term(w, puzzle.domains[c]) for c, w in zip(con.cells, con.weights, strict=True))
        + (term(-1, unknowns[con.rhs]) if isinstance(con.rhs, str) else 0)
        for con in puzzle.sums
        if not (pb == "mdd" and con.op == "=" or pb == "unary" and _unary_size(puzzle, con) is not None)
    ]
    return max(widths, default=0)


def _adders(puzzle: Puzzle, con: Linear) -> int:
    """The clauses the unary adders (puzzlesat.encoders.unary) would write for the sum equality `con`."""
    from puzzlesat.encoders.unary import size

    terms = [(w, puzzle.domains[c]) for c, w in zip(con.cells, con.weights, strict=True) if w]
    if isinstance(con.rhs, str):
        terms.append((-1, next(u.domain for u in puzzle.unknowns if u.name == con.rhs)))
    return size(terms, 0 if isinstance(con.rhs, str) else con.rhs)


def _unary_size(puzzle: Puzzle, con: Linear) -> int | None:
    """What `--pb unary` writes for `con` where the adders build it (`own_sums._unary`); None where
    the totalizer does (an inequality, or adders past UNARY_LIMIT)."""
    from puzzlesat.encoders.own_sums import UNARY_LIMIT

    if con.op != "=":
        return None
    size = _adders(puzzle, con)
    return size if size <= UNARY_LIMIT else None


def unary_clauses(puzzle: Puzzle) -> int:
    """What the unary adders (`--pb unary`, puzzlesat.encoders.unary) would write for the puzzle's sum equalities."""
    return sum(_adders(puzzle, con) for con in puzzle.sums if con.op == "=")


def parse_bytes(text: str) -> int | None:
    """512, 64K, 2G, 1.5M (decimal units) or 1MiB, 2GiB (binary), None when it does not parse.

    >>> parse_bytes("2G"), parse_bytes("1MiB"), parse_bytes("12x")
    (2000000000, 1048576, None)
    """
    text = text.strip().upper().removesuffix("B")
    binary = text.endswith("I")
    text = text.removesuffix("I")
    scale = {"K": 1, "M": 2, "G": 3}.get(text[-1:], 0)
    try:
        number = float(text[:-1] if scale else text)
    except ValueError:
        return None
    if not math.isfinite(number) or number < 0:
        return None
    return int(number * (1024 if binary else 1000) ** scale)


def _address_space_used() -> int:
    """This process's virtual size (what RLIMIT_AS counts), 0 if unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def available_bytes() -> int | None:
    """Memory this process may still use: MemAvailable, the address-space limit, or $PUZZLESAT_MEMORY_LIMIT."""
    limits: list[int] = []
    forced = os.environ.get(LIMIT_VARIABLE)
    if forced:
        parsed = parse_bytes(forced)
        if parsed is not None:
            limits.append(parsed)
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    limits.append(int(line.split()[1]) * 1024)
    except (OSError, ValueError, IndexError):
        pass
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        limits.append(max(0, soft - _address_space_used()))
    return min(limits) if limits else None


def build_seconds(e: Estimate) -> float:
    """Roughly how long building `e` takes: its clauses at BUILD_RATE."""
    return e.clauses / BUILD_RATE


def _too_slow(e: Estimate, left: float | None) -> bool:
    """A build past SLOW_FLOOR clauses that cannot end in the `left` seconds of the deadline."""
    return left is not None and e.clauses >= SLOW_FLOOR and build_seconds(e) > left


def check_fits(
    puzzle: Puzzle,
    encoding: str,
    pb: str | None,
    alternatives: list[str],
    limit: int | None = None,
    left: float | None = None,
) -> None:
    """A UsageError naming the estimate and the encodings that would fit, when `encoding` will not
    fit in the free memory, or (with a deadline) cannot be built before it: one PySAT or Pindakaas
    call for a wide sum runs minutes without a safe point where the deadline could be checked.
    `limit` overrides `available_bytes()`, `left` the seconds the build deadline leaves."""
    free = available_bytes() if limit is None else limit
    left = time_left() if left is None else left
    mine = estimate(puzzle, encoding, pb or "totalizer")
    big = free is not None and mine.bytes > free
    if not big and not _too_slow(mine, left):
        return
    fits = []
    for other in alternatives:
        default = default_pb(other) if other != "z3-pb" else "totalizer"
        for other_pb in dict.fromkeys((default, "totalizer", "adder") if other != "z3-pb" else (default,)):
            if other != "z3-pb" and pb_width(puzzle, other, other_pb) > PB_LIMIT:  # refused at the build
                continue
            guess = estimate(puzzle, other, other_pb)
            roomy = free is None or guess.bytes <= free
            if (other, other_pb) != (encoding, pb or "totalizer") and roomy and not _too_slow(guess, left):
                flags = f"--encoding {other}" + (f" --pb {other_pb}" if other_pb != default else "")
                fits.append(f"{flags} (about {human(guess.bytes)})")
                break
    # z3-int is never sized: Z3's integers grow with the constraints, not with the domains. The
    # advice names a configuration other than the one refused (z3-pb is already on --backend z3).
    other = "try --encoding z3-int" if encoding == "z3-pb" else "no CNF encoding fits: try --backend z3"
    hint = "; would fit: " + ", ".join(fits) if fits else f"; {other}"
    if not big:
        raise BuildTooSlow(
            f"{puzzle.name}: the {encoding} encoding would take about {build_seconds(mine):.0f} s to build "
            f"({mine.clauses:,} clauses), more than the {left:.0f} s --timeout leaves{hint}"
        )
    need, room = human_pair(mine.bytes, free)  # type: ignore[arg-type]
    raise UsageError(
        f"{puzzle.name}: the {encoding} encoding would need about {need} "
        f"({mine.clauses:,} clauses) but {room} of memory is free{hint}"
    )
