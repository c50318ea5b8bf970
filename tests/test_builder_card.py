"""The builder's own sequential counter (start-up.md D6): PySAT's clauses and auxiliary ids exactly,
so every CNF (and every explanation found on one) is what it was through `CardEnc.atmost`."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from puzzlesat.encoders.builder import ClauseBuilder, sequential_at_most_one


def _pools(top: int) -> tuple[IDPool, IDPool]:
    pools = IDPool(), IDPool()
    for pool in pools:
        for i in range(top):
            pool.id(("v", i))
    return pools


def _pysat(lits: list[int], pool: IDPool) -> list[list[int]]:
    return CardEnc.atmost(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses


@given(
    st.lists(st.integers(1, 40).flatmap(lambda v: st.sampled_from([v, -v])), min_size=2, max_size=30),
    st.integers(0, 45),
)
def test_the_sequential_counter_is_pysats(lits, top):
    """Property: random signed literals (repeats, a literal and its negation, past the pool's top)
    and pool sizes give PySAT's clauses, in its order, and leave the pool where PySAT leaves it."""
    ours, theirs = _pools(top)
    assert sequential_at_most_one(list(lits), ours) == _pysat(list(lits), theirs)
    assert ours.top == theirs.top
    assert ours.id(("next",)) == theirs.id(("next",))  # the next id handed out is the same


def test_two_and_three_literals():
    """Two literals: one binary clause and no auxiliary; three: Sinz's five clauses over s1, s2."""
    pool, _ = _pools(3)
    assert sequential_at_most_one([1, 2], pool) == [[-1, -2]] and pool.top == 3
    assert sequential_at_most_one([1, -2, 3], pool) == [[-1, 4], [-4, 5], [2, -4], [2, 5], [-3, -5]]
    assert pool.top == 5


def test_the_builder_writes_what_pysat_writes():
    """A builder with seqcounter (and `auto` past PAIRWISE_MAX) holds PySAT's clauses after a run of
    at-most-ones and exactly-ones over shared variables, and the same next id."""
    for card, size in product(("seqcounter", "auto"), (2, 5, 9, 20)):
        ours, theirs = ClauseBuilder(card, "totalizer"), IDPool()
        expected: list[list[int]] = []
        for group in range(4):
            lits = [ours.var(("x", group, i)) for i in range(size)]
            assert [theirs.id(("x", group, i)) for i in range(size)] == lits
            if group % 2:
                ours.exactly_one(lits)
                expected.append(list(lits))
            else:
                ours.at_most_one(lits)
            if card == "seqcounter" or size > 16:
                expected += _pysat(lits, theirs)
            else:
                expected += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]
        assert ours.clauses == expected, (card, size)
        assert ours.pool.top == theirs.top
