"""Wings on bivalue cells: W-Wing, XY-Wing, XYZ-Wing.

W: two cells holding only x,y, apart, and a conjugate pair on y whose ends see one each: one of
them is x. XY: a pivot x,y sees pincers x,z and y,z: one pincer is z. XYZ: a pivot x,y,z sees
pincers x,z and y,z: z is in one of the three. A cell seeing all that could be z loses z."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import Board, cell_list, make
from puzzlesat.reasoning.patterns.scores import SCORES


def _bivalue(b: Board) -> list[int]:
    return [c for c in b.open if len(b.cands[c]) == 2]


def w_wing(b: Board) -> Iterator[Pattern]:
    bv = _bivalue(b)
    for i, a in enumerate(bv):
        for c in bv[i + 1:]:
            if b.cands[a] != b.cands[c] or c in b.peers[a]:
                continue
            for y in sorted(b.cands[a]):
                (x,) = b.cands[a] - {y}
                for p, q, h in b.strong.get(y, ()):
                    for s, t in ((p, q), (q, p)):
                        if s in (a, c) or t in (a, c) or s not in b.peers[a] or t not in b.peers[c]:
                            continue
                        elims = [(e, x) for e in b.targets(x, (a, c))]
                        if elims:
                            head = f"{x}/{y} in {b.names[a]},{b.names[c]} connected by {y} in {b.names[s]},{b.names[t]}"
                            yield make(b, "W-Wing", head, houses=(h,), cells=(a, s, t, c), digits_=(x, y),
                                       eliminates=elims, chain=((a, x), (a, y), (s, y), (t, y), (c, y), (c, x)),
                                       score=SCORES["W-Wing"])


def xy_wing(b: Board) -> Iterator[Pattern]:
    bv = _bivalue(b)
    for piv in bv:
        x, y = sorted(b.cands[piv])
        seen = [c for c in bv if c in b.peers[piv]]
        for p1 in seen:
            if x not in b.cands[p1] or y in b.cands[p1]:
                continue
            (z,) = b.cands[p1] - {x}
            for p2 in seen:
                if b.cands[p2] != frozenset((y, z)) or p2 == p1:
                    continue
                elims = [(e, z) for e in b.targets(z, (p1, p2), (piv,))]
                if elims:
                    head = f"{x}/{y}/{z} in {cell_list(b.names, (piv, p1, p2))}"
                    yield make(b, "XY-Wing", head, cells=(piv, p1, p2), digits_=(x, y, z), eliminates=elims,
                               chain=((p1, z), (p1, x), (piv, x), (piv, y), (p2, y), (p2, z)), score=SCORES["XY-Wing"])


def xyz_wing(b: Board) -> Iterator[Pattern]:
    bv = _bivalue(b)
    for piv in b.open:
        if len(b.cands[piv]) != 3:
            continue
        seen = [c for c in bv if c in b.peers[piv] and b.cands[c] < b.cands[piv]]
        for i, p1 in enumerate(seen):
            for p2 in seen[i + 1:]:
                common = b.cands[p1] & b.cands[p2]
                if len(common) != 1 or b.cands[p1] == b.cands[p2]:
                    continue
                (z,) = common
                elims = [(e, z) for e in b.targets(z, (piv, p1, p2))]
                if elims:
                    x, y = sorted(b.cands[piv] - {z})
                    head = f"{x}/{y}/{z} in {cell_list(b.names, (piv, p1, p2))}"
                    yield make(b, "XYZ-Wing", head, cells=(piv, p1, p2), digits_=(x, y, z), eliminates=elims,
                               score=SCORES["XYZ-Wing"])
