"""`find(marks)`: every named pattern present in the marks, cheapest first (HoDoKu's base scores).

The families are a registry: (the least score a finder can yield, the finder). `find` runs them in
that order and holds what they yield in a heap, so a caller that takes the first pattern runs only
the finders that could beat it (the singles, on most states). A pattern is yielded only if it
places or eliminates something the marks still allow, and once: the same placements and
eliminations found again (from another house, or by a dearer technique) are dropped."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from functools import partial

from puzzlesat.reasoning.patterns import (
    Marks,
    Pattern,
    chains,
    coloring,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    wings,
)
from puzzlesat.reasoning.patterns.context import Board
from puzzlesat.reasoning.patterns.scores import SCORES

Finder = Callable[[Board], Iterator[Pattern]]

FAMILIES: tuple[tuple[float, str, Finder], ...] = tuple(sorted((
    (SCORES["Full House"], "full house", singles.full_house),
    (SCORES["Naked Single"], "naked single", singles.naked_single),
    (SCORES["Hidden Single"], "hidden single", singles.hidden_single),
    (SCORES["Locked Pair"], "naked pair", partial(subsets.naked, k=2)),
    (SCORES["Locked Candidates"], "locked candidates", intersections.locked),
    (SCORES["Locked Triple"], "naked triple", partial(subsets.naked, k=3)),
    (SCORES["Hidden Pair"], "hidden pair", partial(subsets.hidden, k=2)),
    (SCORES["Hidden Triple"], "hidden triple", partial(subsets.hidden, k=3)),
    (SCORES["Remote Pair"], "remote pair", chains.remote_pair),
    (SCORES["Naked Quadruple"], "naked quadruple", partial(subsets.naked, k=4)),
    (SCORES["Turbot Fish"], "two strong links", single_digit.two_links),
    (SCORES["Empty Rectangle"], "empty rectangle", single_digit.empty_rectangle),
    (SCORES["Finned X-Wing"], "finned x-wing", partial(fish.finned, k=2)),
    (SCORES["X-Wing"], "x-wing", partial(fish.basic, k=2)),
    (SCORES["Hidden Quadruple"], "hidden quadruple", partial(subsets.hidden, k=4)),
    (SCORES["Swordfish"], "swordfish", partial(fish.basic, k=3)),
    (SCORES["W-Wing"], "w-wing", wings.w_wing),
    (SCORES["Simple Colors Trap"], "simple colors", coloring.simple_colors),
    (SCORES["Jellyfish"], "jellyfish", partial(fish.basic, k=4)),
    (SCORES["XY-Wing"], "xy-wing", wings.xy_wing),
    (SCORES["XYZ-Wing"], "xyz-wing", wings.xyz_wing),
    (SCORES["Finned Swordfish"], "finned swordfish", partial(fish.finned, k=3)),
    (SCORES["Finned Jellyfish"], "finned jellyfish", partial(fish.finned, k=4)),
    (SCORES["X-Chain"], "x-chain", chains.x_chain),
    (SCORES["XY-Chain"], "xy-chain", chains.xy_chain),
), key=lambda f: f[0]))


SINGLES = frozenset({"full house", "naked single", "hidden single"})


# The finders' patterns by value (`Board.by_value`), one table for each of the last few sets of
# houses and cell names: a walk asks for patterns on marks that differ from the last in a value or
# two, and a batch grades many puzzles on one grid. Bounded: a table is dropped past MEMO_ENTRIES.
MEMO_KEPT = 4
MEMO_ENTRIES = 50_000
_MEMOS: dict[tuple[object, ...], dict[tuple[object, ...], tuple[object, ...]]] = {}


def _memo(marks: Marks) -> dict[tuple[object, ...], tuple[object, ...]]:
    key = (marks.houses, marks.names)
    memo = _MEMOS.pop(key, None)
    if memo is None or len(memo) > MEMO_ENTRIES:
        memo = {}
    _MEMOS[key] = memo  # the newest last; the oldest dropped past MEMO_KEPT
    while len(_MEMOS) > MEMO_KEPT:
        _MEMOS.pop(next(iter(_MEMOS)))
    return memo


def find(marks: Marks, skip: frozenset[str] = frozenset()) -> Iterator[Pattern]:
    """The patterns present in `marks`, by score (ties in the registry's order, then as found).
    `skip`: families by name the caller knows to be absent (the step search asks for patterns
    only where it found no single)."""
    b = Board(marks, _memo(marks))
    heap: list[tuple[float, int, Pattern]] = []
    said: set[tuple[tuple, tuple]] = set()
    n = 0
    for least, name, finder in FAMILIES:
        yield from _pop(heap, said, least)
        if name in skip:
            continue
        for p in finder(b):
            heapq.heappush(heap, (p.score, n, p))
            n += 1
    yield from _pop(heap, said, float("inf"))


def _pop(heap: list[tuple[float, int, Pattern]], said: set[tuple[tuple, tuple]], upto: float) -> Iterator[Pattern]:
    """Yield what costs at most `upto`, cheapest first; a deduction already said (the same
    placements and eliminations, by a cheaper or earlier pattern) is dropped."""
    while heap and heap[0][0] <= upto:
        p = heapq.heappop(heap)[2]
        key = (p.places, p.eliminates)
        if key not in said:
            said.add(key)
            yield p
