"""Burnside's lemma over a symmetry group: group elements, their conjugacy classes, fixed points.

An element is a pair (cells, values): the cell permutation `cells` (the value in cell i moves to
cell cells[i], as in `puzzlesat.model.group`) and a value mapping (value -> value, None for the
identity), so that an assignment s is fixed when s[cells[i]] == values(s[i]) for every cell i.
Today's groups move cells only (`from_cells`); value symmetries (relabellings) plug in as pairs.

The number of classes of solutions is the mean over the group of the number of solutions each
element fixes. Conjugate elements fix equally many solutions (h maps the fixed points of g one to
one onto those of h g h^-1), so one count per conjugacy class, weighted by the class's size, does.

>>> classes = conjugacy_classes(from_cells([(0, 1, 2), (1, 2, 0), (2, 0, 1)]), from_cells([(1, 2, 0)]))
>>> [(c.cells, c.size) for c in classes]
[((0, 1, 2), 1), ((1, 2, 0), 1), ((2, 0, 1), 1)]
>>> orbit_count([(3, 3), (1, 2), (2, 1)], [(0, 1), (1, 0)], lambda s, c: c.fixes(s))
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from puzzlesat.runtime.records import dataclass

Perm = tuple[int, ...]
ValueMap = tuple[tuple[int, int], ...]  # the moved values only, sorted; () is the identity


def value_key(values: Mapping[int, int] | None) -> ValueMap:
    """A value mapping in its hashable normal form: the pairs v -> w with v != w, sorted."""
    return tuple(sorted((v, w) for v, w in (values or {}).items() if v != w))


@dataclass(frozen=True, order=True)
class Element:
    """One group element (or a conjugacy class's representative, with the class's `size`)."""

    cells: Perm
    values: ValueMap = ()
    size: int = 1

    @property
    def value_map(self) -> dict[int, int] | None:
        """The value mapping as a dict (moved values only), None for the identity."""
        return dict(self.values) or None

    @property
    def is_identity(self) -> bool:
        return not self.values and all(i == p for i, p in enumerate(self.cells))

    def fixes(self, s: Sequence[int]) -> bool:
        """Whether the assignment `s` is its own image: s[cells[i]] == values(s[i]) for every i."""
        m = dict(self.values)
        return all(s[p] == m.get(s[i], s[i]) for i, p in enumerate(self.cells))

    def then(self, other: Element) -> Element:
        """First self, then other (cell permutations composed, value mappings too)."""
        cells = tuple(other.cells[x] for x in self.cells)
        a, b = dict(self.values), dict(other.values)
        keys = set(a) | set(b)
        return Element(cells, value_key({v: b.get(a.get(v, v), a.get(v, v)) for v in keys}))

    def inverse(self) -> Element:
        cells = [0] * len(self.cells)
        for i, p in enumerate(self.cells):
            cells[p] = i
        return Element(tuple(cells), value_key({w: v for v, w in self.values}))


def from_cells(perms: Iterable[Perm]) -> list[Element]:
    """Cell permutations as elements with the identity on values."""
    return [Element(tuple(p)) for p in perms]


def conjugacy_classes(elements: Iterable[Element], generators: Iterable[Element]) -> list[Element]:
    """One representative per conjugacy class (the least member), with the class's size; the
    identity first. `generators` must generate the group (conjugating by them reaches every
    conjugate), which keeps this linear in the group's order times the number of generators."""
    gens = [(g, g.inverse()) for g in generators]
    left = {Element(e.cells, e.values) for e in elements}
    classes: list[Element] = []
    while left:
        start = min(left)
        seen = {start}
        frontier = [start]
        while frontier:
            nxt = []
            for x in frontier:
                for g, gi in gens:
                    y = gi.then(x).then(g)  # g^-1 x g: first undo g, then x, then g
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            frontier = nxt
        left -= seen
        classes.append(Element(start.cells, start.values, len(seen)))
    return sorted(classes, key=lambda c: (not c.is_identity, c.cells, c.values))


def orbit_count(
    solutions: Iterable[Sequence[int]],
    classes: Sequence[Element] | Sequence[Perm],
    fixes: Callable[[Sequence[int], Element], bool] | None = None,
) -> int:
    """The number of orbits of a full list of solutions, by Burnside: sum over classes of size x
    (solutions it fixes), divided by the group's order (the sum of the sizes)."""
    elements = [c if isinstance(c, Element) else Element(tuple(c)) for c in classes]
    test = fixes or (lambda s, c: c.fixes(s))
    sols = list(solutions)
    total = sum(c.size * sum(1 for s in sols if test(s, c)) for c in elements)
    return burnside_quotient(total, sum(c.size for c in elements))


def burnside_quotient(total: int, order: int) -> int:
    """total / order, which Burnside's lemma makes an integer; anything else is a counting bug."""
    orbits, rest = divmod(total, order)
    if rest:
        from puzzlesat.runtime.errors import CheckError

        raise CheckError(f"internal error: Burnside's sum {total} is not a multiple of the group's order {order}")
    return orbits
