"""Fish on one value: k full base lines (rows, or columns) whose places lie in k cover lines.

Each base line holds v once, in k different cover lines, so the cover lines' other cells lose v.
Finned: the base places outside the cover (the fins) all lie in one box or region; then v is in
the cover or on a fin, and a cover cell outside the base that sees every fin loses v. Sashimi when
some base line keeps one place or none in the cover."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from puzzlesat.reasoning.patterns import House, Pattern
from puzzlesat.reasoning.patterns.context import Board, make, number
from puzzlesat.reasoning.patterns.scores import SCORES

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
PLURAL = {"row": "rows", "column": "columns"}


def _bases(b: Board, base: str, v: int, most: int) -> list[tuple[House, tuple[int, ...]]]:
    out = []
    for h in b.kind(base):
        if not h.full:
            continue
        p = b.places(h, v)
        if 2 <= len(p) <= most and all(c not in b.placed for c in p):
            out.append((h, p))
    return out


def _head(v: int, base: str, cover: str, bases, covers) -> str:
    """`4 in rows 2,7, columns 3,8`."""
    rows = ",".join(number(h) for h, _ in bases)
    return f"{v} in {PLURAL[base]} {rows}, {PLURAL[cover]} {','.join(number(n) for n in covers)}"


def basic(b: Board, k: int) -> Iterator[Pattern]:
    for base, cover in (("row", "column"), ("column", "row")):
        for v in sorted({v for c in b.open for v in b.cands[c]}):
            yield from b.by_value(("fish", k, base), v,
                                  lambda v=v, base=base, cover=cover: _basic_on(b, k, v, base, cover))


def _basic_on(b: Board, k: int, v: int, base: str, cover: str) -> Iterator[Pattern]:
    name = NAMES[k]
    line = b.line_of[cover]
    for combo in combinations(_bases(b, base, v, k), k):
        cells = [c for _, p in combo for c in p]
        if any(c not in line for c in cells):
            continue
        covers = sorted({line[c].name for c in cells}, key=_order)
        if len(covers) != k:
            continue
        inbase = set(cells)
        elims = [(c, v) for n in covers for c in b.house_of[n].cells
                 if c not in inbase and c not in b.placed and v in b.cands[c]]
        if elims:
            yield make(b, name, _head(v, base, cover, combo, covers),
                       houses=tuple(h.name for h, _ in combo) + tuple(covers), cells=tuple(sorted(inbase)),
                       digits_=(v,), eliminates=elims, score=SCORES[name])


@lru_cache(maxsize=512)
def _order(name: str) -> tuple[str, int | str]:
    tail = number(name)
    return (name[: -len(tail)], int(tail) if tail.isdigit() else tail)


def finned(b: Board, k: int) -> Iterator[Pattern]:
    """Fins in one box or region: the cover is the lines of the places outside it, filled up to k
    with lines through the box; eliminations are cover cells outside the base seeing every fin."""
    for base, cover in (("row", "column"), ("column", "row")):
        for v in sorted({v for c in b.open for v in b.cands[c]}):
            yield from b.by_value(("finned", k, base), v,
                                  lambda v=v, base=base, cover=cover: _finned_on(b, k, v, base, cover))


def _finned_on(b: Board, k: int, v: int, base: str, cover: str) -> Iterator[Pattern]:
    blocks = [i for i, h in enumerate(b.houses) if h.kind in ("box", "region")]
    blockset = set(blocks)
    line = b.line_of[cover]
    wide = max((len({line[c].name for c in b.houses[i].cells if c in line}) for i in blocks), default=0)
    bit = {h.name: 1 << j for j, h in enumerate(b.kind(cover))}
    found: set[tuple] = set()
    lines = [(h, p) for h, p in _bases(b, base, v, k + 2) if all(c in line for c in p)]
    masks = {h.name: _mask(line, bit, p) for h, p in lines}
    touch = {h.name: {i for c in p for i in b.at[c] if i in blockset} for h, p in lines}
    out = {h.name: {i: _mask(line, bit, [c for c in p if i not in b.at[c]]) for i in touch[h.name]}
           for h, p in lines}
    for combo in combinations(lines, k):
        union = 0
        for h, _ in combo:
            union |= masks[h.name]
        if not k < union.bit_count() <= k + wide:
            continue
        for i in sorted(set().union(*(touch[h.name] for h, _ in combo))):
            rest = 0
            for h, _ in combo:
                rest |= out[h.name].get(i, masks[h.name])
            if rest.bit_count() <= k:
                yield from _with_block(b, k, v, base, cover, combo, i, found)


def _with_block(b: Board, k: int, v: int, base: str, cover: str, combo, i: int, found: set) -> Iterator[Pattern]:
    """The fins in block i: cover the lines outside it, filled up to k with lines through it."""
    line = b.line_of[cover]
    cells = [c for _, p in combo for c in p]
    cols = [line[c].name for c in cells]
    inb = b.houses[i].cells
    outside = {n for c, n in zip(cells, cols, strict=True) if c not in inb}
    extra = sorted({n for c, n in zip(cells, cols, strict=True) if c in inb} - outside)
    for add in combinations(extra, k - len(outside)):
        covers = sorted(outside | set(add), key=_order)
        fins = tuple(c for c, n in zip(cells, cols, strict=True) if n not in covers)
        if not fins or (v, tuple(covers), fins) in found:
            continue
        if any(all(line[c].name not in covers for c in p) for _, p in combo):
            continue
        found.add((v, tuple(covers), fins))
        yield from _finned_one(b, k, v, base, cover, combo, covers, fins)


def _mask(line, bit: dict[str, int], cells) -> int:
    m = 0
    for c in cells:
        m |= bit[line[c].name]
    return m


def _finned_one(b: Board, k: int, v: int, base: str, cover: str, combo, covers, fins) -> Iterator[Pattern]:
    inbase = {c for _, p in combo for c in p}
    elims = [(c, v) for n in covers for c in b.house_of[n].cells
             if c not in inbase and c not in b.placed and v in b.cands[c] and b.sees_all(c, fins)]
    if not elims:
        return
    line = b.line_of[cover]
    sashimi = any(sum(1 for c in p if line[c].name in covers) <= 1 for _, p in combo)
    name = ("Sashimi " if sashimi else "Finned ") + NAMES[k]
    head = _head(v, base, cover, combo, covers) + f", fins {','.join(b.names[c] for c in fins)}"
    yield make(b, name, head, houses=tuple(h.name for h, _ in combo) + tuple(covers),
               cells=tuple(sorted(inbase)), digits_=(v,), eliminates=elims,
               score=SCORES[name])
