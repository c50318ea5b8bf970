"""Our own encodings of a sum equality over integers, by `--pb` name: the registry the driver asks.

Each takes the driver (its fresh variables, clauses and integers' order literals), the terms
(coefficient, IntVar) and the total, and returns False to leave the equality to PySAT's stand-in
(`pysat_names.OWN_PB`), as the unary adders do when their tree would be too big for the line's
domains.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol


# What an own sum reads of the driver and its integers (`puzzlesat.encoders.intvars.Driver` and `IntVar`
# fit): said here as protocols, since the driver imports this registry and not the other way.
class IntVar(Protocol):
    domain: tuple[int, ...]
    equals: Mapping[int, tuple[int, ...]]


class Clauses(Protocol):
    clauses: list[list[int]]


class Driver(Protocol):
    sink: Clauses

    def fresh(self) -> int: ...

    def order_literals(self, var: IntVar) -> Mapping[int, int]: ...


OwnSum = Callable[[Driver, Sequence[tuple[int, IntVar]], int], bool]

# The unary adders' clauses grow as the product of the partial sums' ranges: beyond this many
# (an order-4 magic square's row needs about 2,000; a row of magic-square-18 millions) the
# equality goes to the stand-in, the generalized totalizer over the same order literals.
UNARY_LIMIT = 100_000


def _mdd(driver: Driver, terms: Sequence[tuple[int, IntVar]], total: int) -> bool:
    from puzzlesat.encoders import mdd

    mdd.encode([(w, dict(var.equals)) for w, var in terms], total, driver.fresh, driver.sink.clauses)
    return True


def _unary(driver: Driver, terms: Sequence[tuple[int, IntVar]], total: int) -> bool:
    from puzzlesat.encoders import unary

    if unary.size([(w, var.domain) for w, var in terms], total) > UNARY_LIMIT:
        return False
    leaves = [unary.scaled(w, var.domain, driver.order_literals(var)) for w, var in terms]
    unary.encode(leaves, total, driver.fresh, driver.sink.clauses)
    return True


OWN_SUMS: dict[str, OwnSum] = {"mdd": _mdd, "unary": _unary}
# The encodings that also get the sums the puzzle's equalities imply (`Driver.implied`): measured to
# pay on the unary adders (4x4 magic square 25k -> 15k conflicts); not measured on mdd.
TAKES_IMPLIED = frozenset({"unary"})
