"""Classic grids as `Marks` for the pattern tests: houses, givens, a plain solver, states along a solve."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from puzzlesat.reasoning.patterns import House, Marks
from puzzlesat.reasoning.patterns.library import find

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def houses(n: int, bh: int, bw: int) -> tuple[House, ...]:
    rows = [House(f"row {r + 1}", "row", tuple(r * n + c for c in range(n)), True) for r in range(n)]
    cols = [House(f"column {c + 1}", "column", tuple(r * n + c for r in range(n)), True) for c in range(n)]
    boxes = []
    for i in range(n):
        r0, c0 = (i // (n // bw)) * bh, (i % (n // bw)) * bw
        cells = tuple((r0 + r) * n + c0 + c for r in range(bh) for c in range(bw))
        boxes.append(House(f"box {i + 1}", "box", cells, True))
    return tuple(rows + cols + boxes)


def names(n: int) -> tuple[str, ...]:
    return tuple(f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n))


def shape(n: int) -> tuple[int, int]:
    bh = int(n ** 0.5)
    while n % bh:
        bh -= 1
    return bh, n // bh


def parse(givens: str) -> tuple[int, list[int]]:
    n = int(len(givens) ** 0.5)
    return n, [0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1 for ch in givens]


def propagate(cands: list[set[int]], hs: Sequence[House], placed: set[int]) -> None:
    """Each placed value leaves its houses' other cells (what a person does without naming it)."""
    for h in hs:
        for c in h.cells:
            if c in placed:
                (v,) = cands[c]
                for d in h.cells:
                    if d != c:
                        cands[d].discard(v)


def start(givens: str) -> Marks:
    n, vals = parse(givens)
    hs = houses(n, *shape(n))
    cands = [{v} if v else set(range(1, n + 1)) for v in vals]
    placed = {c for c, v in enumerate(vals) if v}
    propagate(cands, hs, placed)
    return Marks(tuple(frozenset(s) for s in cands), hs, names(n), frozenset(placed))


def cell(name: str, n: int = 9) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def marks(spec: str = "", only: dict[int, str] | None = None, placed: str = "") -> Marks:
    """A 9x9 state for a hand-made example: every cell holds 1-9, except the cells `spec` names
    (`r1c1=12`), and a value of `only` that is a candidate only in the cells listed there."""
    given = {cell(k): frozenset(int(ch) for ch in v) for k, v in (x.split("=") for x in spec.split())}
    keep = {v: {cell(x) for x in w.split()} for v, w in (only or {}).items()}
    cands = tuple(given.get(i, frozenset(v for v in range(1, 10) if v not in keep or i in keep[v])) for i in range(81))
    return Marks(cands, houses(9, 3, 3), names(9), frozenset(cell(x) for x in placed.split()))


def solve(givens: str) -> list[int] | None:
    """Plain backtracking (fewest candidates first): the one solution the tests compare against."""
    n, vals = parse(givens)
    hs = houses(n, *shape(n))
    peers = [set() for _ in vals]
    for h in hs:
        for c in h.cells:
            peers[c].update(h.cells)
    grid = list(vals)

    def options(c: int) -> set[int]:
        return set(range(1, n + 1)) - {grid[d] for d in peers[c]}

    def go() -> bool:
        empty = [c for c in range(len(grid)) if not grid[c]]
        if not empty:
            return True
        c = min(empty, key=lambda e: len(options(e)))
        for v in sorted(options(c)):
            grid[c] = v
            if go():
                return True
        grid[c] = 0
        return False

    return grid if go() else None


def apply(m: Marks, places, elims) -> Marks:
    cands = [set(s) for s in m.cands]
    placed = set(m.placed)
    for c, v in places:
        cands[c] = {v}
        placed.add(c)
    for c, v in elims:
        cands[c].discard(v)
    propagate(cands, m.houses, placed)
    return Marks(tuple(frozenset(s) for s in cands), m.houses, m.names, frozenset(placed))


def states(givens: str, solution: Sequence[int], most: int = 400) -> Iterator[Marks]:
    """The states of a solve that applies the cheapest pattern each time; where none is left it
    places the solution's value in a cell with fewest candidates (a guess that is right)."""
    m = start(givens)
    for _ in range(most):
        if len(m.placed) == len(m.cands):
            return
        yield m
        p = next(find(m), None)
        if p is not None:
            m = apply(m, p.places, p.eliminates)
        else:
            c = min((c for c in range(len(m.cands)) if c not in m.placed), key=lambda c: (len(m.cands[c]), c))
            m = apply(m, [(c, solution[c])], [])
