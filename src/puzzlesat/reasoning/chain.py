"""A case split's chain: the placements a person follows from the hypothesis to the contradiction.

Singles only (a cell with one candidate left, a value with one place left in a full house), on
the marks printed before the step and within the houses the step cites; each placement remembers
the placements that removed what it needed, so the chain printed is only the part that leads to
the contradiction: `r1c2=7 → r1c9=9 → r2c9=7 → no 9 in row 2`. None when singles alone do not
reach a contradiction (a sum's or a line's reasoning is needed): the step then says its rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesat.reasoning.patterns import House, Marks
from puzzlesat.runtime.records import dataclass

LIMIT = 200  # placements followed before giving up


@dataclass(frozen=True)
class Chain:
    """The placements in order (the hypothesis first) and where they end ("no 9 in row 2")."""

    placements: tuple[tuple[int, int], ...]
    ends: str


def follow(marks: Marks, houses: Sequence[House], cell: int, value: int) -> Chain | None:
    cands = {c: set(marks.cands[c]) for c in range(len(marks.cands))}
    placed = set(marks.placed)
    of_cell: dict[int, list[House]] = {}
    for h in houses:
        for c in h.cells:
            of_cell.setdefault(c, []).append(h)
    cause: dict[tuple[int, int], int] = {}  # (cell, value) removed by the chain -> the placement that removed it
    nodes: list[tuple[int, int, frozenset[int]]] = []  # (cell, value, the placements it needs)

    def needs(pairs) -> frozenset[int]:
        return frozenset(cause[p] for p in pairs if p in cause)

    def place(c: int, v: int, deps: frozenset[int]) -> str | None:
        """Place v in c; the contradiction it leads to, if any, with its needs in `end_needs`."""
        i = len(nodes)
        nodes.append((c, v, deps))
        removed = [(c, w) for w in sorted(cands[c] - {v})]
        cands[c] = {v}
        placed.add(c)
        for h in of_cell.get(c, ()):
            removed += [(d, v) for d in h.cells if d != c and v in cands[d]]
        for d, w in removed:
            cands[d].discard(w)
            cause[d, w] = i
        for d, w in removed:
            if not cands[d]:
                end_needs[:] = [needs((d, x) for x in marks.cands[d])]
                return f"no value for {marks.names[d]}"
            for h in of_cell.get(d, ()):
                if h.full and not any(w in cands[x] for x in h.cells):
                    end_needs[:] = [needs((x, w) for x in h.cells)]
                    return f"no {w} in {h.name}"
        return None

    end_needs: list[frozenset[int]] = []
    ends = place(cell, value, frozenset())
    while ends is None and len(nodes) < LIMIT:
        step = _single(cands, placed, houses, marks)
        if step is None:
            return None
        c, v, pairs = step
        ends = place(c, v, needs(pairs))
    if ends is None:
        return None
    wanted: set[int] = {0}
    todo = list(end_needs[0])
    while todo:
        i = todo.pop()
        if i not in wanted:
            wanted.add(i)
            todo += nodes[i][2]
    return Chain(tuple((nodes[i][0], nodes[i][1]) for i in sorted(wanted)), ends)


def _single(cands, placed, houses, marks) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The next single: (cell, value, the removals it reads); naked singles first."""
    cells = sorted({c for h in houses for c in h.cells} - placed)
    for c in cells:
        if len(cands[c]) == 1:
            (v,) = cands[c]
            return c, v, [(c, w) for w in marks.cands[c] if w != v]
    for h in houses:
        if not h.full:
            continue
        for v in sorted(set().union(*(marks.cands[d] for d in h.cells))):
            where = [d for d in h.cells if v in cands[d]]
            if len(where) == 1 and where[0] not in placed:
                return where[0], v, [(d, v) for d in h.cells if d != where[0]]
    return None
