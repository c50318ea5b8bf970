"""`check(marks, pattern)`: is the stated pattern true of these marks, and does all it claims follow?

Independent of the finders: it reads only the pattern's own fields (houses by name, cells, digits,
chain) and the marks, and re-derives the shape from its definition: a fish's base and cover lines
and where v lies in them, a chain's every strong and weak link, a subset's union of candidates.
Every elimination must remove a candidate still there, and follow from that shape."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlesat.reasoning.patterns import Cell, House, Marks, Pattern, Value

LINES = ("row", "column")
FISH_SIZE = {"X-Wing": 2, "Swordfish": 3, "Jellyfish": 4}
SUBSET_SIZE = {"Pair": 2, "Triple": 3, "Quadruple": 4}


class _M:
    """The marks with the two questions every check asks: which houses, who sees whom."""

    def __init__(self, marks: Marks) -> None:
        self.m = marks
        self.c = marks.cands
        self.by_name = {h.name: h for h in marks.houses}
        self.houses_of: list[list[House]] = [[] for _ in marks.cands]
        for h in marks.houses:
            for x in h.cells:
                self.houses_of[x].append(h)

    def house(self, name: str) -> House:
        if name not in self.by_name:
            raise _No
        return self.by_name[name]

    def sees(self, a: Cell, b: Cell) -> bool:
        return a != b and any(b in h.cells for h in self.houses_of[a])

    def places(self, h: House, v: Value) -> list[Cell]:
        return [x for x in h.cells if v in self.c[x]]

    def conjugate(self, a: Cell, b: Cell, v: Value) -> bool:
        """a and b are the only places of v in some full house (exactly one of them is v)."""
        return a != b and any(h.full and sorted(self.places(h, v)) == sorted((a, b)) for h in self.houses_of[a])

    def line(self, x: Cell, kind: str) -> House | None:
        return next((h for h in self.houses_of[x] if h.kind == kind), None)


class _No(Exception):
    """The pattern is not what it says."""


def _need(ok: bool) -> None:
    if not ok:
        raise _No


def check(marks: Marks, pattern: Pattern) -> bool:
    """True when `pattern` holds on `marks` and every placement and elimination it states follows."""
    m = _M(marks)
    p = pattern
    try:
        _need(bool(p.places) or bool(p.eliminates))
        _need(all(0 <= x < len(m.c) for x, _ in (*p.places, *p.eliminates)) and all(0 <= x < len(m.c) for x in p.cells))
        _need(all(v in m.c[x] and x not in marks.placed for x, v in p.eliminates))
        _need(all(v in m.c[x] and x not in marks.placed for x, v in p.places))
        _need(len(set(p.eliminates)) == len(p.eliminates))
        _said(marks, p)
        rule = _rule(p.technique)
        _need(rule is not None)
        rule(m, p)  # type: ignore[misc]
        return True
    except (_No, ValueError, IndexError, KeyError, TypeError, StopIteration):
        return False


def _said(marks: Marks, p: Pattern) -> None:
    """The text names the technique, and after `=>` exactly what changes: `c1,c2≠d` / `c≠d1,d2`
    segments for eliminations, `c=d` for placements, joined by `; `."""
    _need(p.text.startswith(p.technique + ": "))
    tail = p.text.split(" => ", 1)[1] if " => " in p.text else p.text[len(p.technique) + 2 :]
    index = {n: i for i, n in enumerate(marks.names)}
    said: dict[str, set[tuple[Cell, Value]]] = {"≠": set(), "=": set()}
    for seg in tail.split("; "):
        op = "≠" if "≠" in seg else "="
        left, right = seg.split(op)
        for name in left.split(","):
            for d in right.split(","):
                said[op].add((index[name], int(d)))
    _need(said["≠"] == set(p.eliminates) and said["="] == set(p.places))


def _rule(technique: str) -> Callable[[_M, Pattern], None] | None:
    words = technique.split()
    if technique in RULES:
        return RULES[technique]
    if words[0] in ("Naked", "Hidden", "Locked") and words[-1] in SUBSET_SIZE:
        return _naked if words[0] in ("Naked", "Locked") else _hidden
    if technique.removeprefix("Finned ").removeprefix("Sashimi ") in FISH_SIZE:
        return _fish
    if technique.startswith("Locked Candidates"):
        return _locked
    return None


# --- singles ---------------------------------------------------------------------------------

def _full_house(m: _M, p: Pattern) -> None:
    (h,) = (m.house(n) for n in p.houses)
    ((x, v),) = p.places
    _need(h.full and not p.eliminates and x in h.cells and p.cells == (x,))
    _need(all(y in m.m.placed for y in h.cells if y != x))
    taken = {next(iter(m.c[y])) for y in h.cells if y != x}
    _need(m.c[x] - taken == {v})


def _naked_single(m: _M, p: Pattern) -> None:
    ((x, v),) = p.places
    _need(not p.eliminates and m.c[x] == {v})


def _hidden_single(m: _M, p: Pattern) -> None:
    (h,) = (m.house(n) for n in p.houses)
    ((x, v),) = p.places
    _need(h.full and not p.eliminates and m.places(h, v) == [x])


# --- subsets and intersections ---------------------------------------------------------------

def _size(p: Pattern) -> int:
    return SUBSET_SIZE[p.technique.split()[-1]]


def _naked(m: _M, p: Pattern) -> None:
    k = _size(p)
    cells = set(p.cells)
    _need(len(cells) == k == len(p.digits) and not p.places and all(x not in m.m.placed for x in cells))
    union = set().union(*(m.c[x] for x in cells))
    _need(union == set(p.digits))
    common = [h for h in m.m.houses if cells <= set(h.cells)]
    _need(bool(common))
    if p.technique.startswith("Locked"):
        _need(len(common) >= 2 and k <= 3)
    for x, v in p.eliminates:
        _need(v in union and x not in cells and any(x in h.cells for h in common))


def _hidden(m: _M, p: Pattern) -> None:
    k = _size(p)
    (h,) = (m.house(n) for n in p.houses)
    cells = set(p.cells)
    _need(h.full and len(cells) == k == len(set(p.digits)) and cells <= set(h.cells) and not p.places)
    for v in p.digits:
        where = m.places(h, v)
        _need(bool(where) and set(where) <= cells)
    for x, v in p.eliminates:
        _need(x in cells and v not in p.digits)


def _locked(m: _M, p: Pattern) -> None:
    a, b = (m.house(n) for n in p.houses)
    (v,) = p.digits
    inter = set(a.cells) & set(b.cells)
    where = m.places(a, v)
    _need(a.full and bool(where) and set(where) <= inter and not p.places and sorted(p.cells) == where)
    kinds = (a.kind, b.kind)
    if p.technique.endswith("(Pointing)"):
        _need(a.kind == "box" and b.kind in LINES)
    elif p.technique.endswith("(Claiming)"):
        _need(a.kind in LINES and b.kind == "box")
    else:
        _need(kinds not in (("box", "row"), ("box", "column"), ("row", "box"), ("column", "box")))
    for x, w in p.eliminates:
        _need(w == v and x in b.cells and x not in inter)


# --- fish ------------------------------------------------------------------------------------

def _fish(m: _M, p: Pattern) -> None:
    name = p.technique
    k = FISH_SIZE[name.removeprefix("Finned ").removeprefix("Sashimi ")]
    hs = [m.house(n) for n in p.houses]
    _need(len(hs) == 2 * k and len(p.digits) == 1 and not p.places)
    (v,) = p.digits
    bases, covers = hs[:k], hs[k:]
    bk = bases[0].kind
    _need(bk in LINES and all(h.kind == bk and h.full for h in bases))
    _need(all(h.kind == ("column" if bk == "row" else "row") for h in covers))
    _need(len({h.name for h in bases}) == k and len({h.name for h in covers}) == k)
    cover_cells = set().union(*(h.cells for h in covers))
    base_cells = set().union(*(h.cells for h in bases))
    fins = [x for h in bases for x in m.places(h, v) if x not in cover_cells]
    inside = [[x for x in m.places(h, v) if x in cover_cells] for h in bases]
    _need(all(inside) and all(len(m.places(h, v)) >= 2 for h in bases))
    _need(sorted(p.cells) == sorted(x for h in bases for x in m.places(h, v)))
    finned = name.startswith(("Finned", "Sashimi"))
    _need(bool(fins) == finned)
    if finned:
        _need(name.startswith("Sashimi") == any(len(i) <= 1 for i in inside))
    for x, w in p.eliminates:
        _need(w == v and x in cover_cells and x not in base_cells)
        _need(all(m.sees(x, f) for f in fins))


# --- chains (and the wings and two-link patterns, which are short chains) --------------------

def _aic(m: _M, chain: Sequence[tuple[Cell, Value]], eliminates: Sequence[tuple[Cell, Value]],
         cells: Sequence[Cell] = ()) -> None:
    """Strong, weak, strong, ... strong: one end is true; each elimination is weakly linked to both.
    The pattern's cells are the chain's, each once."""
    _need(len(set(cells)) == len(cells) and set(cells) == {x for x, _ in chain})
    _need(len(chain) >= 4 and len(chain) % 2 == 0 and len(set(chain)) == len(chain))
    _need(all(v in m.c[x] for x, v in chain))
    for i in range(len(chain) - 1):
        (a, u), (b, w) = chain[i], chain[i + 1]
        if i % 2 == 0:  # strong: a bivalue cell, or a conjugate pair
            _need((a == b and m.c[a] == {u, w} and u != w) or (u == w and m.conjugate(a, b, u)))
        else:  # weak: one cell, two values; or one value, two cells that see each other
            _need((a == b and u != w) or (u == w and m.sees(a, b)))

    def weak(x: Cell, v: Value, node: tuple[Cell, Value]) -> bool:
        return (x == node[0] and v != node[1]) or (v == node[1] and m.sees(x, node[0]))

    for x, v in eliminates:
        _need((x, v) not in chain and weak(x, v, chain[0]) and weak(x, v, chain[-1]))


def _links(chain: Sequence[tuple[Cell, Value]]) -> list[tuple[tuple[Cell, Value], tuple[Cell, Value]]]:
    return [(chain[i], chain[i + 1]) for i in range(0, len(chain), 2)]


def _strong_house_kind(m: _M, a: Cell, b: Cell, v: Value) -> set[str]:
    return {h.kind for h in m.houses_of[a] if h.full and sorted(m.places(h, v)) == sorted((a, b))}


def _two_links(m: _M, p: Pattern) -> None:
    _need(len(p.chain) == 4 and len({v for _, v in p.chain}) == 1 and not p.places)
    _aic(m, p.chain, p.eliminates, p.cells)
    (a, v), (x, _), (y, _), (d, _) = p.chain
    k1, k2 = _strong_house_kind(m, a, x, v), _strong_house_kind(m, y, d, v)
    if p.technique == "Skyscraper":
        same = [k for k in LINES if k in k1 and k in k2]
        _need(any(m.line(x, o) is not None and m.line(x, o) == m.line(y, o)
                  for k in same for o in LINES if o != k))
    elif p.technique == "2-String Kite":
        _need(("row" in k1 and "column" in k2) or ("column" in k1 and "row" in k2))
        _need(m.line(x, "box") is not None and m.line(x, "box") == m.line(y, "box"))


def _x_chain(m: _M, p: Pattern) -> None:
    _need(len({v for _, v in p.chain}) == 1 and len(p.chain) >= 6 and not p.places)
    _aic(m, p.chain, p.eliminates, p.cells)
    _need(len(p.houses) == len(p.chain) // 2)  # the house of each strong link, in order
    for name, ((a, v), (b, _)) in zip(p.houses, _links(p.chain), strict=True):
        h = m.house(name)
        _need(h.full and sorted(m.places(h, v)) == sorted((a, b)))


def _xy_chain(m: _M, p: Pattern) -> None:
    _need(len(p.chain) >= 6 and all(a[0] == b[0] for a, b in _links(p.chain)) and not p.places)
    _aic(m, p.chain, p.eliminates, p.cells)


def _xy_wing(m: _M, p: Pattern) -> None:
    _need(len(p.chain) == 6 and len({x for x, _ in p.chain}) == 3)
    _xy_chain(m, p)


def _w_wing(m: _M, p: Pattern) -> None:
    _need(len(p.chain) == 6 and not p.places)
    (a, x), (a2, y), (s, y2), (t, _), (c, _), (c2, x2) = p.chain
    _need(a == a2 and c == c2 and x == x2 and y == y2 and m.c[a] == m.c[c] and s != t and s not in (a, c))
    _aic(m, p.chain, p.eliminates, p.cells)


def _remote_pair(m: _M, p: Pattern) -> None:
    cells = list(p.cells)
    pair = set(p.digits)
    _need(len(cells) >= 4 and len(cells) % 2 == 0 and len(set(cells)) == len(cells) and len(pair) == 2)
    _need(all(m.c[x] == pair for x in cells) and all(m.sees(a, b) for a, b in zip(cells, cells[1:], strict=False)))
    for x, v in p.eliminates:
        _need(v in pair and x not in cells and m.sees(x, cells[0]) and m.sees(x, cells[-1]))


def _xyz_wing(m: _M, p: Pattern) -> None:
    piv, p1, p2 = p.cells
    z = p.digits[2]
    _need(len(m.c[piv]) == 3 and len(m.c[p1]) == 2 and len(m.c[p2]) == 2 and m.c[p1] != m.c[p2])
    _need(m.c[p1] < m.c[piv] and m.c[p2] < m.c[piv] and m.c[p1] & m.c[p2] == {z})
    _need(m.sees(piv, p1) and m.sees(piv, p2) and set(p.digits) == set(m.c[piv]) and not p.places)
    for x, v in p.eliminates:
        _need(v == z and x not in p.cells and all(m.sees(x, y) for y in p.cells))


# --- colouring and the empty rectangle -------------------------------------------------------

def _colors(m: _M, p: Pattern) -> None:
    (v,) = p.digits
    cells = list(p.cells)
    _need(len(cells) >= 3 and len(set(cells)) == len(cells) and not p.places)
    colour = {cells[0]: 0}
    stack = [cells[0]]
    while stack:
        a = stack.pop()
        for b in cells:
            if b != a and m.conjugate(a, b, v):
                if b not in colour:
                    colour[b] = 1 - colour[a]
                    stack.append(b)
                _need(colour[b] != colour[a])
    _need(len(colour) == len(cells))
    partners = {b for a in cells for h in m.houses_of[a] if h.full and len(m.places(h, v)) == 2
                for b in m.places(h, v) if b not in m.m.placed}
    _need(partners <= set(cells))  # the whole cluster, not a part of it
    sides = [[x for x in cells if colour[x] == k] for k in (0, 1)]
    if p.technique == "Simple Colors Wrap":
        bad = [s for s in sides if any(m.sees(a, b) for a in s for b in s)]
        _need(bool(bad) and sorted(x for x, _ in p.eliminates) in [sorted(s) for s in bad])
        _need(all(w == v for _, w in p.eliminates))
    else:
        for x, w in p.eliminates:
            _need(w == v and x not in colour and all(any(m.sees(x, y) for y in s) for s in sides))


def _empty_rectangle(m: _M, p: Pattern) -> None:
    box, r, k, h = (m.house(n) for n in p.houses)
    (v,) = p.digits
    pcell, q = p.cells
    _need(box.kind == "box" and box.full and {r.kind, k.kind} == set(LINES) and not p.places)
    _need(all(set(line.cells) & set(box.cells) for line in (r, k)))
    where = m.places(box, v)
    _need(len(where) >= 2 and all(x in r.cells or x in k.cells for x in where))
    _need(h.full and sorted(m.places(h, v)) == sorted((pcell, q)) and h.kind in LINES)
    _need(pcell not in box.cells and q not in box.cells)
    for x, w in p.eliminates:
        _need(w == v and x not in box.cells and m.sees(x, q))
        _need((pcell in r.cells and x in k.cells) or (pcell in k.cells and x in r.cells))


RULES: dict[str, Callable[[_M, Pattern], None]] = {
    "Full House": _full_house,
    "Naked Single": _naked_single,
    "Hidden Single": _hidden_single,
    "Skyscraper": _two_links,
    "2-String Kite": _two_links,
    "Turbot Fish": _two_links,
    "X-Chain": _x_chain,
    "XY-Chain": _xy_chain,
    "XY-Wing": _xy_wing,
    "W-Wing": _w_wing,
    "XYZ-Wing": _xyz_wing,
    "Remote Pair": _remote_pair,
    "Simple Colors Trap": _colors,
    "Simple Colors Wrap": _colors,
    "Empty Rectangle": _empty_rectangle,
}
