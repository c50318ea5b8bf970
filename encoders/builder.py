"""The CNF sink every Boolean encoding writes into: one PySAT `IDPool`, card and PB parts by our names.

Threading one pool through every `pysat.card` / `pysat.pb` call keeps auxiliary variables from
colliding (PySAT's `vpool=` idiom). The driver (`encoders.intvars`) says what must hold (clauses,
at-most-one, PB constraints); this class says it in CNF with the selected encodings.
"""

from __future__ import annotations

from functools import cached_property
from typing import Protocol

from puzzles.stop import checkpoint

from .cnf import NativeAtMost
from .pysat_names import DEFAULT_PB, OWN_PB, card_enc, check_pb, no_pysat_signals, pb_enc, pysat_pb


class Options(Protocol):
    """What `encode` reads: a resolved plan (`solvers.plan.Plan`), where card and PB are filled in
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


class ClauseBuilder:
    """Collects clauses and native constraints while sharing one variable pool."""

    def __init__(self, card: str | None, pb: str) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()
        self.card = card
        self.pb_name = pb
        check_pb(pb)
        self.own_sums = pb if pb in OWN_PB else None  # sum equalities built by the driver (encoders.own_sums)
        self.clauses: list[list[int]] = []
        self.atmosts: list[NativeAtMost] = []

    @cached_property
    def card_id(self) -> int:
        """PySAT's number for the card encoding; an encoding without one (log) never asks."""
        if self.card is None:
            raise ValueError("this encoding was planned without a card encoding")
        return card_enc(self.card)

    @cached_property
    def pb_id(self) -> int:
        """PySAT's number for the PB encoding, looked up at the first PB constraint: pysat.pb and
        Pindakaas cost 6 ms of start-up that a puzzle whose sums are ours (unary, mdd) never needs."""
        return pb_enc(self.pb_name)

    def var(self, key: tuple[object, ...]) -> int:
        return self.pool.id(key)

    def _add(self, cnf) -> None:  # a pysat.formula.CNFPlus
        self.clauses.extend(list(c) for c in cnf.clauses)
        for am in cnf.atmosts:
            lits, bound, *rest = am
            self.atmosts.append((list(lits), int(bound), list(rest[0]) if rest else []))

    def at_most_one(self, lits: list[int], used: bool = False) -> None:
        checkpoint()
        if len(lits) >= 2:
            from pysat.card import CardEnc

            with no_pysat_signals():  # PySAT's own Ctrl-C handling is unsafe
                self._add(CardEnc.atmost(lits, 1, vpool=self.pool, encoding=self.card_id))
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
        encoding = self.pb_id if when is None or self.pb_name != "native" else pb_enc(DEFAULT_PB)
        with no_pysat_signals():
            self._add(build(lits, weights, bound, vpool=self.pool, encoding=encoding, conditionals=conditionals))

    def card_equals(self, lits: list[int], weights: list[int], bound: int, encoding: str) -> None:
        """sum(weights * lits) == bound as a cardinality constraint: each literal repeated `weight`
        times, encoded with the named AtMostK-capable card encoding (e.g. "totalizer")."""
        if self._trivial(lits, weights, "=", bound, []):
            return
        from pysat.card import CardEnc

        inputs = [lit for lit, w in zip(lits, weights, strict=True) for _ in range(w)]
        with no_pysat_signals():
            self._add(CardEnc.equals(inputs, bound, vpool=self.pool, encoding=card_enc(encoding)))
