"""The clause collector every CNF encoder shares: one PySAT `IDPool`, card and PB parts by our names.

Threading one pool through every `pysat.card` / `pysat.pb` call keeps auxiliary variables from
colliding (PySAT's `vpool=` idiom); the encoders (one-hot, order, log) differ only in how they
turn integers into literals, not in how they emit cardinality, PB or all-different parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .cnf import NativeAtMost
from .pysat_names import DEFAULT_CARD, DEFAULT_PB, card_enc, check_card, check_pb, pb_enc


class Options(Protocol):
    """What `encode` reads; `solvers.base.Config` fits. None fields mean the defaults."""

    card: str | None
    pb: str | None


def option_names(options: Options | None) -> tuple[str, str]:
    """The checked card and PB names of `options`, defaults filled in."""
    card = check_card(getattr(options, "card", None) or DEFAULT_CARD)
    pb = check_pb(getattr(options, "pb", None) or DEFAULT_PB)
    return card, pb


class ClauseBuilder:
    """Collects clauses and native constraints while sharing one variable pool."""

    def __init__(self, card: str, pb: str) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()
        self.card = card
        self.pb = pb
        self.card_id = card_enc(card)
        self.pb_id = pb_enc(pb)
        self.clauses: list[list[int]] = []
        self.atmosts: list[NativeAtMost] = []

    def var(self, key: tuple[object, ...]) -> int:
        return self.pool.id(key)

    def _add(self, cnf) -> None:  # a pysat.formula.CNFPlus
        self.clauses.extend(list(c) for c in cnf.clauses)
        for am in cnf.atmosts:
            lits, bound, *rest = am
            self.atmosts.append((list(lits), int(bound), list(rest[0]) if rest else []))

    def at_most_one(self, lits: list[int]) -> None:
        if len(lits) < 2:
            return
        from pysat.card import CardEnc

        self._add(CardEnc.atmost(lits, 1, vpool=self.pool, encoding=self.card_id))

    def exactly_one(self, lits: list[int]) -> None:
        """The at-least-one half is always one clause: every PySAT card encoding emits exactly that
        for k = 1, and for "native" a clause beats an AtMost(n - 1) over the negations."""
        self.clauses.append(list(lits))
        self.at_most_one(lits)

    def all_different(
        self,
        groups: Sequence[Sequence[int]],
        domains: Sequence[Sequence[int]],
        literal: Callable[[int, int], int],
    ) -> None:
        """AtMostOne per value and group over `literal(cell, value)` ("cell holds value"), plus
        "the value is used" when a group is a permutation of its values (redundant, but it lets
        unit propagation see that the last free cell must take the last free value)."""
        for group in sorted(tuple(sorted(g)) for g in groups):
            union = sorted({v for c in group for v in domains[c]})
            permutation = len(union) == len(group)
            for v in union:
                lits = [literal(c, v) for c in group if v in domains[c]]
                self.at_most_one(lits)
                if permutation:
                    self.clauses.append(lits)

    def _trivial(self, lits: list[int], weights: list[int], bound: int, guard: list[int]) -> bool:
        """Decide sum(weights * lits) == bound here when no encoding is needed; True if done.

        PySAT returns no clauses at all for an empty sum, whatever the bound.
        """
        if bound < 0 or bound > sum(weights):
            self.clauses.append(guard)
        elif bound == 0:  # every literal false
            self.clauses.extend([*guard, -lit] for lit in lits)
        elif bound == sum(weights):
            self.clauses.extend([*guard, lit] for lit in lits)
        else:
            return False
        return True

    def pb_equals(self, lits: list[int], weights: list[int], bound: int, when: int | None = None) -> None:
        """sum(weights * lits) == bound, or `when -> (... == bound)` if `when` is given.

        Weights must be positive.
        """
        if self._trivial(lits, weights, bound, [] if when is None else [-when]):
            return
        from pysat.pb import PBEnc

        cnf = PBEnc.equals(
            lits,
            weights,
            bound,
            vpool=self.pool,
            encoding=self.pb_id,
            conditionals=None if when is None else [when],
        )
        self._add(cnf)

    def card_equals(self, lits: list[int], weights: list[int], bound: int, encoding: str) -> None:
        """sum(weights * lits) == bound as a cardinality constraint: each literal repeated `weight`
        times, encoded with the named AtMostK-capable card encoding (e.g. "totalizer")."""
        if self._trivial(lits, weights, bound, []):
            return
        from pysat.card import CardEnc

        inputs = [lit for lit, w in zip(lits, weights, strict=True) for _ in range(w)]
        self._add(CardEnc.equals(inputs, bound, vpool=self.pool, encoding=card_enc(encoding)))
