"""Short chains: X-Chain (one value, conjugate pairs joined by cells that see each other), XY-Chain
(bivalue cells, each passing one value to the next), Remote Pair (an XY-chain on one pair).

A chain runs strong, weak, strong, ... strong: if its first node is false its last is true, so a
candidate that sees both ends is false. Bounded: at most `MOST_LINKS` strong links (X) or
`MOST_CELLS` cells (XY), shortest first; chains of two strong links are the turbot family."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import NE, Board, make
from puzzlesat.reasoning.patterns.scores import SCORES

MOST_LINKS = 4
MOST_CELLS = 6


def chain_text(b: Board, nodes: list[tuple[int, int]]) -> str:
    """`r1c1≠4 → r1c5=4 → r5c5≠4 → r5c2=4`: if the first is false, each next node follows."""
    return " → ".join(f"{b.names[c]}{'=' if i % 2 else NE}{v}" for i, (c, v) in enumerate(nodes))


def _x_walk(b: Board, v: int, strong: dict[int, list[int]], weak: dict[int, list[int]], path: list[int],
            found: dict[tuple, tuple[int, list[int]]]) -> None:
    """Extend path (ending on a strong link) by a weak link then a strong one, recording each chain
    of 3 or more strong links by its eliminations (the first, shortest, kept)."""
    links = len(path) // 2
    if links >= 3 and path[0] < path[-1]:
        elims = tuple((c, v) for c in b.targets(v, (path[0], path[-1]), path))
        if elims and (elims not in found or found[elims][0] > links):
            found[elims] = (links, list(path))
    if links >= MOST_LINKS:
        return
    for w in weak[path[-1]]:
        if w not in path:
            for s in strong[w]:
                if s not in path:
                    _x_walk(b, v, strong, weak, [*path, w, s], found)


def x_chain(b: Board) -> Iterator[Pattern]:
    for v, links in sorted(b.strong.items()):
        strong: dict[int, list[int]] = {}
        for p, q, _ in links:
            strong.setdefault(p, []).append(q)
            strong.setdefault(q, []).append(p)
        weak = {c: [d for d in sorted(strong) if d in b.peers[c]] for c in strong}
        found: dict[tuple, tuple[int, list[int]]] = {}
        for a in sorted(strong):
            for s in strong[a]:
                _x_walk(b, v, strong, weak, [a, s], found)
        for elims, (_, path) in sorted(found.items(), key=lambda f: (f[1][0], f[1][1])):
            nodes = [(c, v) for c in path]
            yield make(b, "X-Chain", f"{v} {chain_text(b, nodes)}", cells=tuple(path), digits_=(v,),
                       eliminates=elims, chain=nodes, score=SCORES["X-Chain"])


def _xy_paths(b: Board) -> list[tuple[list[tuple[int, int]], int]]:
    """Every bivalue path (cell, value entering) of 3..MOST_CELLS cells, as chain nodes (c, off), (c, on)."""
    bv = [c for c in b.open if len(b.cands[c]) == 2]
    near = {c: [d for d in bv if d in b.peers[c]] for c in bv}
    out = []

    def walk(nodes: list[tuple[int, int]], cells: list[int]) -> None:
        if len(cells) >= 3 and nodes[0][1] == nodes[-1][1]:  # 3 cells: also an XY-wing, kept for remote pairs
            out.append((list(nodes), len(cells)))
        if len(cells) >= MOST_CELLS:
            return
        c, on = nodes[-1]
        for d in near[c]:
            if d in cells or on not in b.cands[d]:
                continue
            (nxt,) = b.cands[d] - {on}
            walk([*nodes, (d, on), (d, nxt)], [*cells, d])

    for a in bv:
        for off in sorted(b.cands[a]):
            (on,) = b.cands[a] - {off}
            walk([(a, off), (a, on)], [a])
    return out


def xy_chain(b: Board) -> Iterator[Pattern]:
    seen: set[tuple] = set()
    for nodes, _ in sorted(_xy_paths(b), key=lambda p: p[1]):
        z = nodes[0][1]
        a, d = nodes[0][0], nodes[-1][0]
        if a > d or len(nodes) < 8:  # three cells are an XY-wing
            continue
        cells = tuple(dict.fromkeys(c for c, _ in nodes))
        elims = tuple((c, z) for c in b.targets(z, (a, d), cells))
        if not elims or elims in seen:
            continue
        seen.add(elims)
        yield make(b, "XY-Chain", f"{z} {chain_text(b, nodes)}", cells=cells, digits_=(z,),
                   eliminates=elims, chain=nodes, score=SCORES["XY-Chain"])


def remote_pair(b: Board) -> Iterator[Pattern]:
    """An XY-chain of an even number (4 or more) of cells on one pair: its ends differ, so a cell
    seeing both loses both values."""
    seen: set[tuple] = set()
    for nodes, n in sorted(_xy_paths(b), key=lambda p: p[1]):
        cells = tuple(dict.fromkeys(c for c, _ in nodes))
        pair = b.cands[cells[0]]
        if n < 4 or n % 2 or any(b.cands[c] != pair for c in cells) or cells[0] > cells[-1]:
            continue
        x, y = sorted(pair)
        elims = tuple((c, w) for w in (x, y) for c in b.targets(w, (cells[0], cells[-1]), cells))
        if not elims or tuple(sorted(elims)) in seen:
            continue
        seen.add(tuple(sorted(elims)))
        head = f"{x}/{y} {chain_text(b, nodes)}"
        yield make(b, "Remote Pair", head, cells=cells, digits_=(x, y), eliminates=elims, chain=nodes,
                   score=SCORES["Remote Pair"])
