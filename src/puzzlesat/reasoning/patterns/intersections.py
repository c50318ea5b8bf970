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
    """In the order of the house pairs (`pairs`), then by value: each value's are kept by its places
    (`Board.by_value`) and merged."""
    found: list[tuple[int, int, int, Pattern]] = []
    for v in sorted(b.bit):
        for n, (i, p) in enumerate(b.by_value("locked", v, lambda v=v: _locked_on(b, v))):
            found.append((i, v, n, p))
    found.sort(key=lambda f: f[:3])
    for *_, p in found:
        yield p


def _locked_on(b: Board, v: int) -> Iterator[tuple[int, Pattern]]:
    """(the index of the house pair in `pairs`, the pattern) for value v."""
    placed, cands = b.placed, b.cands
    for a, meets in _by_first(b.houses):
        p = b.places(a, v)
        if len(p) < 2 or not placed.isdisjoint(p):
            continue
        for i, h, inter in meets:
            if not inter.issuperset(p):
                continue
            elims = [(c, v) for c in h.cells if c not in inter and c not in placed and v in cands[c]]
            if elims:
                name = kind_of(a, h)
                yield i, make(b, name, f"{v} in {a.name} on {h.name}", houses=(a.name, h.name), cells=p,
                              digits_=(v,), eliminates=elims, score=SCORES[name])


@lru_cache(maxsize=8)
def _by_first(houses: tuple[House, ...]) -> list[tuple[House, list[tuple[int, House, frozenset[int]]]]]:
    """`_pairs` grouped by their first house, each pair with its index there."""
    out: list[tuple[House, list[tuple[int, House, frozenset[int]]]]] = []
    for i, (a, h, inter) in enumerate(_pairs(houses)):
        if not out or out[-1][0] is not a:
            out.append((a, []))
        out[-1][1].append((i, h, inter))
    return out
