"""One value, two strong links: skyscraper, 2-string kite, turbot fish; and the empty rectangle.

Two conjugate pairs a=b and c=d with b and c seeing each other: b or c is not v, so a or d is v,
and a cell seeing both a and d loses v. Both links in rows (or both in columns) with b, c in one
column (row): Skyscraper. One in a row and one in a column with b, c in one box: 2-String Kite.
Any other two links: Turbot Fish."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import Board, make
from puzzlesat.reasoning.patterns.scores import SCORES


def _kind(b: Board, h1: str, h2: str, x: int, y: int) -> str:
    k1, k2 = b.house_of[h1].kind, b.house_of[h2].kind
    line = b.line_of
    if k1 == k2 and k1 in ("row", "column"):
        other = "column" if k1 == "row" else "row"
        if x in line[other] and y in line[other] and line[other][x] is line[other][y]:
            return "Skyscraper"
    if {k1, k2} == {"row", "column"}:
        if x in line["box"] and y in line["box"] and line["box"][x] is line["box"][y]:
            return "2-String Kite"
    return "Turbot Fish"


def two_links(b: Board) -> Iterator[Pattern]:
    for v, links in sorted(b.strong.items()):
        yield from b.by_value("two links", v, lambda v=v, links=links: _two_links_on(b, v, links))


def _two_links_on(b: Board, v: int, links: list[tuple[int, int, str]]) -> Iterator[Pattern]:
    ends = [(a, x, h) for a, c, h in links for a, x in ((a, c), (c, a))]
    for i, (a, x, h1) in enumerate(ends):
        for d, y, h2 in ends[i + 1:]:
            if h1 == h2 or x == y or len({a, x, y, d}) < 4 or y not in b.peers[x]:
                continue
            if d in b.peers[a]:  # a and d see each other: an X-wing-like loop, no chain end pair
                continue
            elims = [(c, v) for c in b.targets(v, (a, d), (x, y))]
            if not elims:
                continue
            name = _kind(b, h1, h2, x, y)
            head = f"{v} in {b.names[a]},{b.names[d]} (connected by {b.names[x]},{b.names[y]})"
            yield make(b, name, head, houses=(h1, h2), cells=(a, x, y, d), digits_=(v,), eliminates=elims,
                       chain=((a, v), (x, v), (y, v), (d, v)), score=SCORES[name])


def empty_rectangle(b: Board) -> Iterator[Pattern]:
    """v's places in a full box lie on one row and one column through it (on both, not one alone);
    a conjugate pair p=q on a line outside the box with p on the box's row (column): v in the box's
    column (row) at q's line is false either way."""
    rows, cols = b.line_of["row"], b.line_of["column"]
    for box in b.kind("box"):
        if not box.full:
            continue
        bset = set(box.cells)
        for v, p in b.where(box).items():
            if len(p) < 2 or any(c in b.placed for c in p) or any(c not in rows or c not in cols for c in p):
                continue
            yield from b.by_value(("empty rectangle", box.name), v, lambda v=v, p=p, box=box, bset=bset:
                                  _er_on(b, box, bset, v, p))


def _er_on(b: Board, box, bset, v: int, p: tuple[int, ...]) -> Iterator[Pattern]:
    rows, cols = b.line_of["row"], b.line_of["column"]
    for r in {rows[c].name for c in p}:
        for k in {cols[c].name for c in p}:
            if not all(rows[c].name == r or cols[c].name == k for c in p):
                continue
            if all(rows[c].name == r for c in p) or all(cols[c].name == k for c in p):
                continue
            yield from _er_links(b, box, bset, v, r, k)


def _er_links(b: Board, box, bset, v: int, r: str, k: str) -> Iterator[Pattern]:
    rows, cols = b.line_of["row"], b.line_of["column"]
    for x, y, h in b.strong.get(v, ()):
        kind = b.house_of[h].kind
        for p, q in ((x, y), (y, x)):
            if p in bset or q in bset:
                continue
            if kind == "column" and rows.get(p) is not None and rows[p].name == r and q in rows:
                e = b.at_rc.get((rows[q].name, k))
            elif kind == "row" and cols.get(p) is not None and cols[p].name == k and q in cols:
                e = b.at_rc.get((r, cols[q].name))
            else:
                continue
            if e is None or e in bset or e in b.placed or v not in b.cands[e] or e in (p, q):
                continue
            head = f"{v} in {box.name} ({b.names[p]},{b.names[q]})"
            yield make(b, "Empty Rectangle", head, houses=(box.name, r, k, h), cells=(p, q), digits_=(v,),
                       eliminates=((e, v),), score=SCORES["Empty Rectangle"])
