"""The order CNF encoding: one Boolean per cell and domain value saying "cell >= v".

Crawford & Baker (AAAI 1994) and Tamura, Taga, Kitagawa, Banbara (Sugar, Constraints 2009):
o[c, v] <-> c >= v for each domain value but the least, with the chain o[c, v'] -> o[c, v] over
consecutive domain values v < v' (holes need nothing more, since o exists only on domain values).
"c == v" is o[c, v] & -o[c, next(v)]. A cell's value is min + sum((v - prev(v)) * o[c, v]), so a
linear sum is one PB equality over order literals ("pb", with the selected --pb encoding), or,
repeating each literal by its weight, one cardinality equality ("totalizer", Bailleux & Boufkhad,
CP 2003). All-different goes through equality literals e[c, v] <-> o[c, v] & -o[c, next(v)] and
AtMostOne per value and group with the selected --card encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from puzzlesat.encoders.builder import ClauseBuilder, Options, option_names
from puzzlesat.encoders.intvars import (
    IntVar,
    Scheme,
    Sink,
    SumEquals,
    encode_integers,
    pb_sum,
    value_all_different,
)
from puzzlesat.model.model import Puzzle

if TYPE_CHECKING:
    from puzzlesat.encoders.literal import LiteralEncoding

# How a linear sum over order literals is encoded. Measured: cadical195, card seqcounter, enumeration
# modulo symmetry, CPU seconds (2 shared cores, +-20%) and variables / clauses:
#                        magic-star          magic-square-18       magic-pair-18
#   "pb", --pb bdd        1.9  3288/15138     6.1-7.8 18918/92434   19-22 37854/184958
#   "pb", --pb totalizer  1.4  1548/10470     1.6     4710/51746    3.1    9438/103582
#   "totalizer"           1.9  3312/15168     3.1-3.9 10726/84250   8.4-11 21470/168590
# "pb" is the default: it honours --pb, and with --pb totalizer (Pindakaas' generalized totalizer,
# one structure per equality) it beats the card totalizer, which CardEnc.equals builds twice (for
# AtMost and AtLeast). Sugar's support clauses are not offered: they grow as the product of all but
# one domain size per sum (16^3 clauses per row of an order-4 magic square).
DEFAULT_SUM_MODE = "pb"


def order_var(sink: Sink, key: tuple[object, ...], domain: tuple[int, ...]) -> IntVar:
    """o[v] for every domain value but the least ("x >= v")."""
    o = {v: sink.var((*key, ">=", v)) for v in domain[1:]}
    equals: dict[int, tuple[int, ...]] = {}
    for i, v in enumerate(domain):
        lits = [o[v]] if i > 0 else []
        if i + 1 < len(domain):
            lits.append(-o[domain[i + 1]])
        equals[v] = tuple(lits)
    terms = tuple((o[v], v - prev) for prev, v in pairwise(domain))
    return IntVar(domain, domain[0], terms, tuple(o.items()), equals, ge=o)


def order_restrict(sink: Sink, var: IntVar) -> None:
    """The chain o[v'] -> o[v] over consecutive values v < v'."""
    sink.clauses.extend([-hi, lo] for (_, lo), (_, hi) in pairwise(var.primary))


def order_distinct(sink: Sink, groups: Sequence[tuple[int, ...]], cells: Sequence[IntVar]) -> None:
    """AtMostOne per value over equality literals, each defined once even when groups overlap."""
    eq: dict[tuple[int, int], int] = {}

    def literal(c: int, v: int) -> int:
        if (c, v) in eq:
            return eq[c, v]
        lits = cells[c].equals[v]
        if len(lits) == 1:  # the least or greatest value: the order literal itself
            eq[c, v] = lits[0]
            return lits[0]
        e = sink.var(("eq", c, v))
        sink.clauses.extend([-e, lit] for lit in lits)
        sink.clauses.append([*(-lit for lit in lits), e])  # with no lits (one-value domain): e holds
        eq[c, v] = e
        return e

    value_all_different(sink, groups, [cell.domain for cell in cells], literal)


def _at_least(var: IntVar, v: int) -> int | bool:
    """The literal "var >= v" (True or False where the domain decides it)."""
    if v <= var.domain[0]:
        return True
    above = [lit for label, lit in var.primary if label >= v]
    return above[0] if above else False


def order_less(x: IntVar, y: IntVar) -> list[list[int]]:
    """x < y natively: x >= v implies y >= v + 1, one binary clause per value of x (Tamura et al.)."""
    out: list[list[int]] = []
    for v in x.domain:
        ge_x = _at_least(x, v)
        gt_y = _at_least(y, v + 1)
        if gt_y is True:
            continue
        clause = [] if ge_x is True else [-ge_x]
        out.append(clause if gt_y is False else [*clause, gt_y])
    return out


def totalizer_sum(sink: ClauseBuilder, lits: list[int], weights: list[int], bound: int) -> None:
    """The sum as a cardinality equality over order literals repeated by weight (a totalizer)."""
    sink.card_equals(lits, weights, bound, "totalizer")


SUM_ENCODERS: dict[str, SumEquals] = {"pb": pb_sum, "totalizer": totalizer_sum}
SUM_MODES = tuple(SUM_ENCODERS)


def scheme(sum_mode: str | None = None) -> Scheme:
    mode = sum_mode or DEFAULT_SUM_MODE
    if mode not in SUM_ENCODERS:
        raise ValueError(f"unknown sum mode {mode!r}; valid: {', '.join(SUM_MODES)}")
    return Scheme("order", order_var, order_restrict, order_distinct, order_less, SUM_ENCODERS[mode])


def encode(puzzle: Puzzle, options: Options, *, sum_mode: str | None = None) -> LiteralEncoding:
    """The order CNF of `puzzle`; identical clause lists run to run."""
    from puzzlesat.encoders.literal import cnf_encoding  # (its class is made by dataclasses: start-up.md D6)

    card, pb = option_names(options)
    mode = sum_mode or DEFAULT_SUM_MODE
    driver = encode_integers(puzzle, scheme(mode), ClauseBuilder(card, pb))
    return cnf_encoding(driver, {"encoding": "order", "card": card, "pb": pb, "sum_mode": mode})
