"""Deletion by chunks (reasoning/minimal.py) keeps exactly the subset one-by-one deletion keeps,
for any monotone question, in fewer calls where most items go."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.reasoning.minimal import deletion


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
