"""Locked candidates: v's places in a full house A all lie where A meets house B, so B's other cells lose v.

Box on a line is HoDoKu's Type 1 (Pointing), a line on a box Type 2 (Claiming); any other two
houses sharing two or more cells (a diagonal and a box, a jigsaw region and a row) give plain
"Locked Candidates"."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from puzzlesat.reasoning.patterns import House, Pattern
from puzzlesat.reasoning.patterns.context import Board, make
from puzzlesat.reasoning.patterns.scores import SCORES

LINES = ("row", "column")


def kind_of(a: House, b: House) -> str:
    if a.kind == "box" and b.kind in LINES:
        return "Locked Candidates Type 1 (Pointing)"
    if a.kind in LINES and b.kind == "box":
        return "Locked Candidates Type 2 (Claiming)"
    return "Locked Candidates"


def pairs(b: Board) -> list[tuple[House, House, frozenset[int]]]:
    return _pairs(b.houses)


@lru_cache(maxsize=8)
def _pairs(houses: tuple[House, ...]) -> list[tuple[House, House, frozenset[int]]]:
    """Two houses meeting in 2 or more cells, neither inside the other (the grid's, cached by houses)."""
    out = []
    for a in houses:
        if not a.full:
            continue
        sa = frozenset(a.cells)
        for h in houses:
            if h is a:
                continue
            inter = sa & frozenset(h.cells)
            if len(inter) >= 2 and not sa <= frozenset(h.cells) and not frozenset(h.cells) <= sa:
                out.append((a, h, inter))
    return out


def locked(b: Board) -> Iterator[Pattern]:
    placed, cands = b.placed, b.cands
    held: dict[str, list[tuple[int, tuple[int, ...]]]] = {}  # a house's values with 2+ places, none placed
    for a, h, inter in pairs(b):
        if a.name not in held:
            held[a.name] = [(v, p) for v, p in b.where(a).items() if len(p) >= 2 and placed.isdisjoint(p)]
        for v, p in held[a.name]:  # by value, as `values` lists them
            if not inter.issuperset(p):
                continue
            elims = [(c, v) for c in h.cells if c not in inter and c not in placed and v in cands[c]]
            if elims:
                name = kind_of(a, h)
                yield make(b, name, f"{v} in {a.name} on {h.name}", houses=(a.name, h.name), cells=p,
                           digits_=(v,), eliminates=elims, score=SCORES[name])
