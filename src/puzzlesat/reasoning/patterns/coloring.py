"""Simple colours on one value: the conjugate pairs of v joined into a cluster, coloured alternately.

One colour is all v, the other all not v. Wrap: two cells of one colour see each other, so that
colour is false and its cells lose v. Trap: a cell outside the cluster that sees both colours
loses v."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import Board, cell_list, make
from puzzlesat.reasoning.patterns.scores import SCORES


def clusters(b: Board, v: int) -> list[tuple[list[int], list[int], list[str]]]:
    """The connected clusters of v's conjugate pairs with 2 links or more: (colour A, colour B, houses)."""
    adj: dict[int, list[tuple[int, str]]] = {}
    for p, q, h in b.strong.get(v, ()):
        adj.setdefault(p, []).append((q, h))
        adj.setdefault(q, []).append((p, h))
    colour: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        order, houses, stack, odd = [start], set(), [start], False
        while stack:
            c = stack.pop()
            for d, h in adj[c]:
                houses.add(h)
                if d not in colour:
                    colour[d] = 1 - colour[c]
                    order.append(d)
                    stack.append(d)
                odd = odd or colour[d] == colour[c]
        if len(order) >= 3 and not odd:  # an odd cycle of conjugate pairs: marks that cannot hold, no colouring
            out.append(([c for c in sorted(order) if colour[c] == 0], [c for c in sorted(order) if colour[c] == 1],
                        sorted(houses)))
    return out


def simple_colors(b: Board) -> Iterator[Pattern]:
    for v in sorted(b.strong):
        yield from b.by_value("simple colors", v, lambda v=v: _colors_on(b, v))


def _colors_on(b: Board, v: int) -> Iterator[Pattern]:
    for a, z, houses in clusters(b, v):
        head = f"{v} ({cell_list(b.names, a)}) / ({cell_list(b.names, z)})"
        cells = tuple(a + z)
        wrapped = False
        for col in (a, z):
            if any(d in b.peers[c] for i, c in enumerate(col) for d in col[i + 1:]):
                wrapped = True
                yield make(b, "Simple Colors Wrap", head, houses=houses, cells=cells, digits_=(v,),
                           eliminates=[(c, v) for c in col], score=SCORES["Simple Colors Wrap"])
        if wrapped:
            continue
        inside = set(cells)
        elims = [(c, v) for c in b.open if c not in inside and v in b.cands[c]
                 and any(d in b.peers[c] for d in a) and any(d in b.peers[c] for d in z)]
        if elims:
            yield make(b, "Simple Colors Trap", head, houses=houses, cells=cells, digits_=(v,), eliminates=elims,
                       score=SCORES["Simple Colors Trap"])
