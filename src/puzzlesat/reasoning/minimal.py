"""A minimal subset by deletion, in fewer calls: the same subset, asked by chunks.

Every step's premises are shrunk by deletion: try each item in a fixed order (the dearest to keep
first) and drop it when the rest still holds. With 200 facts on a group's cells and 5 kept, that
is 200 calls, one per fact (on "Bird in a Storm" 181,000 propagations in a walk). The question is
monotone (more facts or rules assumed imply at least as much: unit propagation is), so a run of
items whose removal together still holds would each have been dropped one by one: the chunk goes
in one call. The chunk grows after each such call and halves after one that fails (an item alone
that fails is kept), so every item is decided as the one-by-one deletion decides it: the same
subset, in about k log(n/k) calls for k kept of n instead of n (the progression of Marques-Silva,
Janota and Belov 2013, "Minimal sets over monotone predicates", with QuickXplain's halving).
Used where the question is propagation on a solver that never searches, so no solver's history
depends on which calls were made (a search's cores would; docs/decisions/explanations.md, D15).
Where the question is a search, `core_deletion` asks one by one but drops an item outside the
last unsatisfiable core unasked: the same subset again, in fewer solves (D16).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def deletion(order: Sequence[T], holds: Callable[[list[T]], bool], nonempty: bool = False) -> list[T]:
    """The subset one-by-one deletion keeps, trying `order` first to last: `holds(subset)` (given
    the subset in `order`'s order) must be monotone. `nonempty`: never drop the last item (the
    one-by-one loop's `if trial and ...`). The kept items in `order`'s order: n calls when every
    item is kept, about 2 log n when none is."""
    kept: list[T] = []
    rest = list(order)
    size = 1
    while rest:
        size = min(size, len(rest))
        trial = [*kept, *rest[size:]]
        if (trial or not nonempty) and holds(trial):
            rest = rest[size:]  # the chunk dropped: one by one, each item would have been
            size *= 2
        elif size == 1:
            kept.append(rest.pop(0))
        else:
            size //= 2
    return kept


def core_deletion(order: Sequence[T], refute: Callable[[list[T]], frozenset[T] | None],
                  core: frozenset[T] | None = None, nonempty: bool = False) -> list[T]:  # fmt: skip
    """The subset one-by-one deletion keeps, trying `order` first to last, where the question is a
    search: `refute(subset)` is None when the subset does not hold, else a proof (an unsatisfiable
    core) that holds inside the subset and whatever is fixed beside it. An item outside the last
    proof goes without a call: the rest holds that proof, so it holds (monotone). Every answer is
    the one the one-by-one loop gets, so is the subset; only the calls skipped differ. `core`: a
    proof for the whole of `order` already at hand (else one call finds it; `order` must hold)."""
    keep = list(order)
    if core is None:
        core = refute(keep)
        if core is None:
            raise ValueError("core_deletion: the whole set does not hold")
    for item in order:
        trial = [x for x in keep if x != item]
        if nonempty and not trial:
            continue
        if item not in core:
            keep = trial  # the last proof is inside the rest
            continue
        found = refute(trial)
        if found is not None:
            keep, core = trial, found
    return keep
