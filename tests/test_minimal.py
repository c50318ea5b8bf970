"""Deletion by chunks and by cores (reasoning/minimal.py) keep exactly the subset one-by-one
deletion keeps, for any monotone question, in fewer calls where most items go."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.reasoning.minimal import core_deletion, deletion


def one_by_one(order, holds, nonempty=False):
    """The loop the explainer ran before: drop each item, in order, when the rest still holds."""
    keep = list(order)
    for item in order:
        trial = [x for x in keep if x != item]
        if (trial or not nonempty) and holds(trial):
            keep = trial
    return keep


def monotone(sets):
    """Holds when the subset contains one of these sets (any up-closed question is one such)."""
    return lambda subset: any(s <= set(subset) for s in sets)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 14).flatmap(
        lambda n: st.tuples(
            st.permutations(list(range(n))),
            st.lists(st.sets(st.integers(0, max(n - 1, 0)), max_size=4), max_size=4),
            st.booleans(),
        )
    )
)
def test_the_same_subset_as_one_by_one_deletion(case):
    """Random orders of up to 14 items, questions up-closed from up to 4 random sets, with and
    without the last item kept: the same kept items, in the same order."""
    order, sets, nonempty = case
    holds = monotone([frozenset(s) for s in sets])
    assert deletion(order, holds, nonempty) == one_by_one(order, holds, nonempty)


def test_fewer_calls_when_few_items_stay():
    """200 items, two needed: the one-by-one loop asks 200 times, chunks 40 times."""
    calls = []

    def holds(subset):
        calls.append(1)
        return {37, 150} <= set(subset)

    assert deletion(list(range(200)), holds) == [37, 150]
    assert len(calls) == 40


def test_every_item_kept_costs_one_call_each():
    """When nothing can go, one call an item, as before."""
    calls = []

    def holds(subset):
        calls.append(1)
        return len(subset) == 10

    assert deletion(list(range(10)), holds) == list(range(10))
    assert len(calls) == 10


def test_nothing_needed_drops_all_but_the_last_when_asked_to_keep_one():
    assert deletion([3, 1, 2], lambda s: True) == []
    assert deletion([3, 1, 2], lambda s: True, nonempty=True) == [2]


def proving(sets, fixed=frozenset()):
    """A search's answer for an up-closed question: None, or the first of `sets` inside the subset
    (with `fixed` beside it) as the proof, restricted to the items as a solver's core would name them."""

    def refute(subset):
        held = set(subset) | fixed
        for s in sets:
            if s <= held:
                return frozenset(s - fixed)
        return None

    return refute


@settings(max_examples=400, deadline=None)
@given(
    st.integers(1, 14).flatmap(
        lambda n: st.tuples(
            st.permutations(list(range(n))),
            st.lists(st.sets(st.integers(-2, n - 1), max_size=4), min_size=1, max_size=4),
            st.booleans(),
            st.booleans(),
        )
    )
)
def test_core_deletion_keeps_the_one_by_one_subset(case):
    """Random orders, questions up-closed from random sets (items -1, -2 stand for facts fixed
    beside the subset, as the hypothesis and the facts are beside a split's rules), proofs the
    first set inside: the subset one-by-one deletion keeps, with and without a first proof given."""
    order, sets, nonempty, given_core = case
    fixed = frozenset({-1, -2})
    sets = [frozenset(s) for s in sets]
    refute = proving(sets, fixed)
    if refute(order) is None:
        with pytest.raises(ValueError, match="does not hold"):
            core_deletion(order, refute)
        return
    core = refute(order) if given_core else None
    holds = lambda subset: refute(subset) is not None  # noqa: E731
    assert core_deletion(order, refute, core, nonempty) == one_by_one(order, holds, nonempty)


def test_core_deletion_asks_only_about_items_in_the_last_proof():
    """100 rules, the proof names rules 10 and 60: those two are asked about (each refused), the
    98 others go unasked; one call more for the first proof when none is given."""
    calls = []

    def refute(subset):
        calls.append(len(subset))
        return frozenset({10, 60}) if {10, 60} <= set(subset) else None

    assert core_deletion(list(range(100)), refute) == [10, 60]
    assert len(calls) == 3
    calls.clear()
    assert core_deletion(list(range(100)), refute, frozenset({10, 60})) == [10, 60]
    assert len(calls) == 2
