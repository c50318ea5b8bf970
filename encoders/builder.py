"""The CNF sink every Boolean encoding writes into: one PySAT `IDPool`, card and PB parts by our names.

Threading one pool through every `pysat.card` / `pysat.pb` call keeps auxiliary variables from
colliding (PySAT's `vpool=` idiom). The driver (`puzzlesat.encoders.intvars`) says what must hold (clauses,
at-most-one, PB constraints); this class says it in CNF with the selected encodings.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import Protocol

from puzzlesat.encoders.cnf import NativeAtMost
from puzzlesat.encoders.pysat_names import (
    AUTO_BEYOND,
    DEFAULT_PB,
    OWN_PB,
    PAIRWISE_MAX,
    card_enc,
    check_pb,
    no_pysat_signals,
    pb_enc,
    pysat_pb,
)
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.stop import checkpoint

# Pindakaas (behind every `pysat.pb` encoding but "native") holds coefficients in 64-bit integers: a
# coefficient past 2**63 - 1 is a TypeError out of PySAT, and sums past it wrap, so the clauses say
# something else (three coefficients of 2**62: no solution where brute force finds three). Below
# 2**63 binmerge and watchdog still go wrong (16 of 560 counts on random sums of 2**62..2**63, the
# least at 1.39 * 2**62; and [2**62, 2**60, 2**60 - 1] == 2**62 has no solution). What goes to
# it is proved here, in Python's integers, to have coefficients adding up to at most 2**62: then
# each coefficient and the bound (0..sum once `trivial` has decided the rest) are at most 2**62 too.
# Measured at that edge: every bound of 8 constraints whose coefficients add up to exactly 2**62,
# and 120 random ones adding up to 2**61..2**62, on all 7 Pindakaas encodings that build them
# (1932 + 840 counts, all equal to brute force; docs/decisions/encodings-and-defaults.md, D9).
# "native" constraints go to the solver's propagator, which reads Python's integers: no limit.
PB_LIMIT = 2**62
# PySAT's card encodings take a C int bound; `card_equals` repeats each literal by its weight.
CARD_LIMIT = 2**31 - 1


class WideSum(UsageError):
    """A sum whose coefficients a PB or card library cannot be proved to hold: refused before the
    call. `reason` says why, `hint` what takes it instead, which a caller with other ways (DIMACS's
    --format) may replace."""

    def __init__(self, reason: str, hint: str = "") -> None:
        super().__init__(reason + hint)
        self.reason, self.hint = reason, hint


def check_width(weights: list[int], bound: int, limit: int, what: str, hint: str) -> None:
    """A WideSum unless the (positive) weights add up to at most `limit` and the bound lies in
    0..`limit`: then each weight is within it too.

    >>> check_width([2**61, 2**61], 2**61, PB_LIMIT, "PB", "")
    >>> try:
    ...     check_width([2**62, 1], 1, PB_LIMIT, "the adder PB encoding", "")
    ... except WideSum as e:
    ...     print(e)
    the adder PB encoding takes sums whose coefficients add up to at most 2**62; this one's add up to
    4611686018427387905
    """
    total = sum(weights)
    if total > limit or not 0 <= bound <= limit:
        top = "2**62" if limit == PB_LIMIT else f"{limit:,}"
        why = f"{what} takes sums whose coefficients add up to at most {top}; this one's add up to {total}"
        raise WideSum(why, hint)


class Options(Protocol):
    """What `encode` reads: a resolved plan (`puzzlesat.solvers.plan.Plan`), where card and PB are filled in
    wherever the encoding takes them (None: it takes none, as log takes no card encoding)."""

    encoding: str
    card: str | None
    pb: str | None


def option_names(options: Options) -> tuple[str | None, str]:
    """The card and PB names of a resolved plan. The plan fills them; an encoder fills nothing."""
    if options is None or options.pb is None:
        raise ValueError("encode takes a resolved plan (solvers.resolve), which names the PB encoding")
    return options.card, options.pb


def trivial(weights: list[int], op: str, bound: int) -> bool | None:
    """sum(weights * lits) op bound decided without looking at the literals: True (always holds),
    False (never), or None; weights are positive. PySAT returns no clauses for an empty sum."""
    top = sum(weights)
    if op in ("=", "<=") and bound < 0 or op in ("=", ">=") and bound > top:
        return False
    if op == "<=" and bound >= top or op == ">=" and bound <= 0:
        return True
    return None


def sequential_at_most_one(lits: list[int], pool) -> list[list[int]]:  # pool: the builder's pysat IDPool
    """At most one of `lits` by the sequential counter (Sinz, CP 2005), clause for clause and with the
    auxiliary ids PySAT's `CardEnc.atmost(lits, 1, vpool=pool, encoding=seqcounter)` gives, the pool
    moved on as it moves it (tests/test_edges.py compares them): a 9x9's 324 of them were a third of
    the explainer's CNF (start-up.md D6). The pool has no occupied ranges (the builder's own)."""
    top = max(pool.top, *map(abs, lits))
    if len(lits) == 2:
        pool.top = top
        return [[-lits[0], -lits[1]]]
    aux = range(top + 1, top + len(lits))  # s_i: one of the first i literals holds
    clauses = [[-lits[0], aux[0]]]
    for i in range(1, len(lits) - 1):
        clauses += [[-aux[i - 1], aux[i]], [-lits[i], -aux[i - 1]], [-lits[i], aux[i]]]
    clauses.append([-lits[-1], -aux[-1]])
    pool.top = aux[-1]
    return clauses


class ClauseBuilder:
    """Collects clauses and native constraints while sharing one variable pool."""

    def __init__(self, card: str | None, pb: str) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()
        self.card = card
        self.pb_name = pb
        check_pb(pb)
        self.own_sums = pb if pb in OWN_PB else None  # sum equalities built by the driver (puzzlesat.encoders.own_sums)
        self.clauses: list[list[int]] = []
        self.atmosts: list[NativeAtMost] = []

    @cached_property
    def pb_id(self) -> int:
        """PySAT's number for the PB encoding, looked up at the first PB constraint: pysat.pb and
        Pindakaas cost 6 ms of start-up that a puzzle whose sums are ours (unary, mdd) never needs."""
        return pb_enc(self.pb_name)

    def var(self, key: tuple[object, ...]) -> int:
        return self.pool.id(key)

    def _add(self, cnf) -> None:  # a pysat.formula.CNFPlus
        self.clauses.extend(cnf.clauses)  # PySAT's own lists, not copied: nothing else holds them
        for am in cnf.atmosts:
            lits, bound, *rest = am
            self.atmosts.append((list(lits), int(bound), list(rest[0]) if rest else []))

    def at_most_one(self, lits: list[int], used: bool = False) -> None:
        checkpoint()
        card = self.card
        if card is None:  # an encoding without one (log) never asks
            raise ValueError("this encoding was planned without a card encoding")
        if card == "auto":
            card = "pairwise" if len(lits) <= PAIRWISE_MAX else AUTO_BEYOND
        if len(lits) >= 2 and card == "pairwise":  # written here: PySAT's object per call cost 5x the clauses
            self.clauses.extend([-a, -b] for a, b in combinations(lits, 2))
        elif len(lits) >= 2 and card == "seqcounter":  # the explainer's and `auto`'s: PySAT's call was 25 us each
            self.clauses.extend(sequential_at_most_one(lits, self.pool))
        elif len(lits) >= 2:
            from pysat.card import CardEnc

            with no_pysat_signals():  # PySAT's own Ctrl-C handling is unsafe
                self._add(CardEnc.atmost(lits, 1, vpool=self.pool, encoding=card_enc(card)))
        if used:
            self.clauses.append(list(lits))

    def exactly_one(self, lits: list[int]) -> None:
        """The at-least-one half is always one clause: every PySAT card encoding emits exactly that
        for k = 1, and for "native" a clause beats an AtMost(n - 1) over the negations."""
        self.clauses.append(list(lits))
        self.at_most_one(lits)

    def _trivial(self, lits: list[int], weights: list[int], op: str, bound: int, guard: list[int]) -> bool:
        """Decide the constraint here when no encoding is needed; True if done."""
        verdict = trivial(weights, op, bound)
        if verdict is False:
            self.clauses.append(guard)
        elif verdict is None and op == "=" and bound == 0:  # every literal false
            self.clauses.extend([*guard, -lit] for lit in lits)
        elif verdict is None and op == "=" and bound == sum(weights):
            self.clauses.extend([*guard, lit] for lit in lits)
        else:
            return verdict is True
        return True

    def pb(self, lits: list[int], weights: list[int], op: str, bound: int, when: int | None = None) -> None:
        """sum(weights * lits) op bound (op = <= >=), or `when -> (...)` if `when` is given.

        Weights must be positive.
        """
        checkpoint()
        if self._trivial(lits, weights, op, bound, [] if when is None else [-when]):
            return
        pbenc = pysat_pb().PBEnc
        build = {"=": pbenc.equals, "<=": pbenc.leq, ">=": pbenc.geq}[op]
        conditionals = None if when is None else [when]
        # A native constraint carries no condition literal (PySAT drops it, which made a `!=` over
        # large domains unsatisfiable): a conditional one is written in clauses, with the default PB.
        # Pindakaas is called only with coefficients proved to fit it (`PB_LIMIT`).
        name = DEFAULT_PB if when is not None and self.pb_name == "native" else self.pb_name
        if name != "native":  # the solver's propagator reads Python's integers
            way = "--backend z3, which takes" if when is not None else "--backend z3 or --pb native, which take"
            what = f"the {OWN_PB.get(name, name)} PB encoding (Pindakaas, 64-bit integers)"
            check_width(weights, bound, PB_LIMIT, what, f" (use {way} any integers)")
        encoding = self.pb_id if name == self.pb_name else pb_enc(name)
        with no_pysat_signals():
            self._add(build(lits, weights, bound, vpool=self.pool, encoding=encoding, conditionals=conditionals))

    def card_equals(self, lits: list[int], weights: list[int], bound: int, encoding: str) -> None:
        """sum(weights * lits) == bound as a cardinality constraint: each literal repeated `weight`
        times, encoded with the named AtMostK-capable card encoding (e.g. "totalizer")."""
        if self._trivial(lits, weights, "=", bound, []):
            return
        from pysat.card import CardEnc

        check_width(weights, bound, CARD_LIMIT, f"the {encoding} card encoding (C ints)", " (use the sum mode \"pb\")")
        inputs = [lit for lit, w in zip(lits, weights, strict=True) for _ in range(w)]
        with no_pysat_signals():
            self._add(CardEnc.equals(inputs, bound, vpool=self.pool, encoding=card_enc(encoding)))
