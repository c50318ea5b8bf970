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


def _x_from(b: Board, strong: dict[int, list[int]], weak: dict[int, list[int]], a: int) -> dict[int, list[int]]:
    """Breadth first from a (false): the shortest chain to each cell that is then true, up to
    MOST_LINKS strong links, as the list of its cells."""
    paths = {s: [a, s] for s in strong[a] if s != a}
    frontier = list(paths)
    for _ in range(MOST_LINKS - 1):
        nxt = []
        for t in frontier:
            path = paths[t]
            for w in weak[t]:
                if w in path:
                    continue
                for s in strong[w]:
                    if s not in paths and s not in path and s != a:
                        paths[s] = [*path, w, s]
                        nxt.append(s)
        frontier = nxt
    return paths


def x_chain(b: Board) -> Iterator[Pattern]:
    for v, links in sorted(b.strong.items()):
        yield from b.by_value("x-chain", v, lambda v=v, links=links: _x_chain_on(b, v, links))


def _x_chain_on(b: Board, v: int, links: list[tuple[int, int, str]]) -> Iterator[Pattern]:
    strong: dict[int, list[int]] = {}
    house: dict[frozenset[int], str] = {}
    for p, q, h in links:
        strong.setdefault(p, []).append(q)
        strong.setdefault(q, []).append(p)
        house.setdefault(frozenset((p, q)), h)
    weak = {c: [d for d in sorted(strong) if d in b.peers[c]] for c in strong}
    found: dict[tuple, list[int]] = {}
    for a in sorted(strong):
        for e, path in _x_from(b, strong, weak, a).items():
            if len(path) < 6 or a > e:  # two strong links are the turbot family
                continue
            elims = tuple((c, v) for c in b.targets(v, (a, e), path))
            if elims and (elims not in found or len(found[elims]) > len(path)):
                found[elims] = path
    for elims, path in sorted(found.items(), key=lambda f: (len(f[1]), f[1])):
        nodes = [(c, v) for c in path]
        hs = tuple(house[frozenset(path[i : i + 2])] for i in range(0, len(path), 2))
        yield make(b, "X-Chain", f"{v} {chain_text(b, nodes)}", houses=hs, cells=tuple(path), digits_=(v,),
                   eliminates=elims, chain=nodes, score=SCORES["X-Chain"])


def _xy_paths(b: Board, pair: frozenset[int] | None = None) -> list[tuple[list[tuple[int, int]], int]]:
    """Shortest bivalue chains (breadth first, up to MOST_CELLS cells) from each cell and value it
    lacks to each cell that then holds that value, as chain nodes (c, off), (c, on), ...; with
    `pair`, over the cells holding exactly that pair."""
    bv = [c for c in b.open if len(b.cands[c]) == 2 and (pair is None or b.cands[c] == pair)]
    near = {c: [d for d in bv if d in b.peers[c]] for c in bv}
    out = []
    for a in bv:
        for off in sorted(b.cands[a]):
            (on,) = b.cands[a] - {off}
            best = {(a, on): [(a, off), (a, on)]}
            frontier = [(a, on)]
            for _ in range(MOST_CELLS - 1):
                nxt = []
                for c, v in frontier:
                    nodes = best[(c, v)]
                    cells = {x for x, _ in nodes}
                    for d in near[c]:
                        if d in cells or v not in b.cands[d]:
                            continue
                        (w,) = b.cands[d] - {v}
                        if (d, w) not in best:
                            best[(d, w)] = [*nodes, (d, v), (d, w)]
                            nxt.append((d, w))
                frontier = nxt
            out += [(nodes, len(nodes) // 2) for (d, w), nodes in best.items() if w == off and d != a]
    return out


def xy_chain(b: Board) -> Iterator[Pattern]:
    seen: set[tuple] = set()
    for nodes, _ in sorted(_xy_paths(b), key=lambda p: (p[1], p[0])):
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
    pairs = sorted({b.cands[c] for c in b.open if len(b.cands[c]) == 2}, key=sorted)
    for nodes, n in sorted((p for pair in pairs for p in _xy_paths(b, pair)), key=lambda p: (p[1], p[0])):
        cells = tuple(dict.fromkeys(c for c, _ in nodes))
        if n < 4 or n % 2 or cells[0] > cells[-1]:
            continue
        x, y = sorted(b.cands[cells[0]])
        elims = tuple((c, w) for w in (x, y) for c in b.targets(w, (cells[0], cells[-1]), cells))
        if not elims or tuple(sorted(elims)) in seen:
            continue
        seen.add(tuple(sorted(elims)))
        head = f"{x}/{y} {chain_text(b, nodes)}"
        yield make(b, "Remote Pair", head, cells=cells, digits_=(x, y), eliminates=elims, chain=nodes,
                   score=SCORES["Remote Pair"])
