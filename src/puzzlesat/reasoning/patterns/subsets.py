"""Naked and hidden subsets (pair, triple, quadruple), and HoDoKu's locked pair/triple.

Naked: k open cells of a house whose marks together hold k values; those values leave every other
cell of every house holding all k cells (an all-different house is enough). Hidden: k values of a
*full* house with k places in all; the other candidates leave those cells."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import Board, cell_list, digits, make
from puzzlesat.reasoning.patterns.scores import SCORES

SIZE = {2: "Pair", 3: "Triple", 4: "Quadruple"}


def common_houses(b: Board, cells: tuple[int, ...]) -> list[int]:
    hs = set(b.at[cells[0]])
    for c in cells[1:]:
        hs &= set(b.at[c])
    return sorted(hs)


def naked(b: Board, k: int) -> Iterator[Pattern]:
    done: set[tuple[int, ...]] = set()
    for h in b.houses:
        open_ = [c for c in h.cells if c not in b.placed]
        if len(open_) <= k:
            continue
        small = [c for c in open_ if 2 <= len(b.cands[c]) <= k]
        bits = {c: sum(b.bit[v] for v in b.cands[c]) for c in small}  # the union's size by bit counts
        for cells in combinations(small, k):
            union = 0
            for c in cells:
                union |= bits[c]
            if union.bit_count() != k or cells in done:
                continue
            vals = frozenset().union(*(b.cands[c] for c in cells))
            done.add(cells)
            common = common_houses(b, cells)
            elims: set[tuple[int, int]] = set()
            hit: set[int] = set()
            for i in common:
                for c in b.houses[i].cells:
                    if c in cells or c in b.placed:
                        continue
                    for v in b.cands[c] & vals:
                        elims.add((c, v))
                        hit.add(i)
            if not elims:
                continue
            locked = k <= 3 and len(hit) >= 2 and not any(
                all(c in b.houses[i].cells for c, _ in elims) for i in hit)
            name = f"Locked {SIZE[k]}" if locked else f"Naked {SIZE[k]}"
            houses = tuple(b.houses[i].name for i in common if i in hit)
            yield make(b, name, f"{digits(sorted(vals))} in {cell_list(b.names, cells)}", houses=houses,
                       cells=cells, digits_=tuple(sorted(vals)), eliminates=sorted(elims), score=SCORES[name])


def hidden(b: Board, k: int) -> Iterator[Pattern]:
    done: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    name = f"Hidden {SIZE[k]}"
    for h in b.houses:
        if not h.full:
            continue
        open_ = [c for c in h.cells if c not in b.placed]
        if len(open_) <= k:
            continue
        where = {}
        for v, p in b.where(h).items():
            if 2 <= len(p) <= k and b.placed.isdisjoint(p):
                where[v] = p
        for vals in combinations(sorted(where), k):
            cells = tuple(sorted(set().union(*(where[v] for v in vals))))
            if len(cells) != k or (cells, vals) in done:
                continue
            done.add((cells, vals))
            elims = [(c, v) for c in cells for v in sorted(b.cands[c]) if v not in vals]
            if elims:
                yield make(b, name, f"{digits(vals)} in {cell_list(b.names, cells)}", houses=(h.name,),
                           cells=cells, digits_=vals, eliminates=elims, score=SCORES[name])
