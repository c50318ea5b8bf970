"""What every finder reads from one `Marks`, computed once: houses by kind, peers, places of a value.

A finder never recomputes these per pattern; `find` builds one `Board` per call. Cell and house
order is the input order, so every finder's output is deterministic. A finder on one value reads
nothing but where that value can go: its patterns for that value are kept (`by_value`) and found
again without the search while those places stay as they were, across calls on the same houses."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import TypeVar

from puzzlesat.reasoning.patterns import Cell, House, Marks, Pattern, Value

NE = "≠"
T = TypeVar("T")


class Board:
    """The marks with the lookups patterns need: which houses hold a cell, who sees whom, where a value can go."""

    def __init__(self, marks: Marks, memo: dict[tuple[object, ...], tuple[object, ...]] | None = None) -> None:
        self.marks = marks
        self.memo = {} if memo is None else memo  # by_value's, kept by the caller across calls
        self.cands = marks.cands
        self.names = marks.names
        self.houses = marks.houses
        self.placed = marks.placed
        self.open = tuple(c for c in range(len(marks.cands)) if c not in marks.placed)
        self.house_of: dict[str, House] = {h.name: h for h in marks.houses}
        at: list[list[int]] = [[] for _ in marks.cands]
        for i, h in enumerate(marks.houses):
            for c in h.cells:
                at[c].append(i)
        self.at = at
        self._by_house: dict[str, dict[Value, tuple[Cell, ...]]] = {}

    @cached_property
    def peers(self) -> tuple[frozenset[Cell], ...]:
        """The cells each cell sees: every other cell of any house it is in (all different)."""
        out = []
        for c, hs in enumerate(self.at):
            s: set[Cell] = set()
            for i in hs:
                s.update(self.houses[i].cells)
            s.discard(c)
            out.append(frozenset(s))
        return tuple(out)

    @cached_property
    def bit(self) -> dict[Value, int]:
        """A bit for each value some cell holds (any integers, negative ones too), for sets as masks."""
        values = sorted(set().union(*self.cands)) if self.cands else []
        return {v: 1 << i for i, v in enumerate(values)}

    @cached_property
    def _value_masks(self) -> dict[Value, tuple[int, int]]:
        """v -> (the cells that can hold v, those of them placed), as bit masks over cell indices."""
        out: dict[Value, list[int]] = {}
        placed = self.placed
        for c, cs in enumerate(self.cands):
            bit = 1 << c
            for v in cs:
                m = out.get(v)
                if m is None:
                    m = out[v] = [0, 0]
                m[0] |= bit
                if c in placed:
                    m[1] |= bit
        return {v: (m[0], m[1]) for v, m in out.items()}

    def by_value(self, family: object, v: Value, compute: Callable[[], Iterable[T]]) -> tuple[T, ...]:
        """What `compute` yields for value v, a function of v's places alone (the cells that can
        hold v and which of them are placed: nothing else of the marks may be read): kept by that
        key, so a later call with v where it was gets the same patterns, in the same order."""
        return self.kept((family, v, self._value_masks.get(v, (0, 0))), compute)

    def kept(self, key: tuple[object, ...], compute: Callable[[], Iterable[T]]) -> tuple[T, ...]:
        """What `compute` yields, kept by `key`, which must hold everything of the marks it reads."""
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = tuple(compute())
        return got  # type: ignore[return-value]

    def kind(self, kind: str) -> list[House]:
        return list(self._kinds.get(kind, ()))

    @cached_property
    def _kinds(self) -> dict[str, tuple[House, ...]]:
        out: dict[str, list[House]] = {}
        for h in self.houses:
            out.setdefault(h.kind, []).append(h)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def line_of(self) -> dict[str, dict[Cell, House]]:
        """The row, column and box of each cell (the first of that kind holding it)."""
        out: dict[str, dict[Cell, House]] = {"row": {}, "column": {}, "box": {}}
        for h in self.houses:
            if h.kind in out:
                for c in h.cells:
                    out[h.kind].setdefault(c, h)
        return out

    @cached_property
    def at_rc(self) -> dict[tuple[str, str], Cell]:
        """The cell where a row and a column cross, by their names."""
        rows, cols = self.line_of["row"], self.line_of["column"]
        return {(rows[c].name, cols[c].name): c for c in rows if c in cols}

    def where(self, h: House) -> dict[Value, tuple[Cell, ...]]:
        """v -> the cells of h that can still hold v, for every v some cell of h holds, by value
        (once per house; a finder that reads every value of a house iterates this)."""
        got = self._by_house.get(h.name)
        if got is None:
            acc: dict[Value, list[Cell]] = {}
            for c in h.cells:
                for v in self.cands[c]:
                    acc.setdefault(v, []).append(c)
            got = self._by_house[h.name] = {v: tuple(acc[v]) for v in sorted(acc)}
        return got

    def places(self, h: House, v: Value) -> tuple[Cell, ...]:
        """The cells of h that can still hold v (placed ones too: a placed v is its place)."""
        return self.where(h).get(v, ())

    def values(self, h: House) -> list[Value]:
        """The values some cell of h can hold, sorted."""
        return list(self.where(h))

    @cached_property
    def strong(self) -> dict[Value, list[tuple[Cell, Cell, str]]]:
        """Conjugate pairs: v has exactly two places in a full house, both open (one of them is v)."""
        out: dict[Value, list[tuple[Cell, Cell, str]]] = {}
        for h in self.houses:
            if not h.full:
                continue
            for v, p in self.where(h).items():
                if len(p) == 2 and p[0] not in self.placed and p[1] not in self.placed:
                    out.setdefault(v, []).append((p[0], p[1], h.name))
        return out

    def sees_all(self, c: Cell, cells: Iterable[Cell]) -> bool:
        pc = self.peers[c]
        return all(d in pc for d in cells)

    def targets(self, v: Value, seen_by: Sequence[Cell], skip: Iterable[Cell] = ()) -> list[Cell]:
        """Open cells holding v that see every cell of seen_by (the usual elimination of a chain or wing)."""
        skip = set(skip) | set(seen_by)
        first = self.peers[seen_by[0]]
        return [c for c in sorted(first) if c not in skip and c not in self.placed and v in self.cands[c]
                and self.sees_all(c, seen_by[1:])]


def number(h: House | str) -> str:
    """"row 3" -> "3": the part of a house's name after its kind."""
    name = h if isinstance(h, str) else h.name
    return name.rsplit(" ", 1)[-1]


def cell_list(names: Sequence[str], cells: Iterable[Cell]) -> str:
    return ",".join(names[c] for c in cells)


def digits(vs: Iterable[Value]) -> str:
    return ",".join(str(v) for v in vs)


def effects(names: Sequence[str], places: Sequence[tuple[Cell, Value]], elims: Sequence[tuple[Cell, Value]]) -> str:
    """HoDoKu's tail in our notation: `r3c5=7`, `r3c4,r3c6≠5` (one digit), `r3c7≠4,6,9; r3c9≠4,6` (several)."""
    if places:
        return "; ".join(f"{names[c]}={v}" for c, v in sorted(places))
    by_digit = sorted({v for _, v in elims})
    if len(by_digit) == 1:
        return f"{cell_list(names, sorted(c for c, _ in elims))}{NE}{by_digit[0]}"
    by_cell: dict[Cell, list[Value]] = {}
    for c, v in sorted(elims):
        by_cell.setdefault(c, []).append(v)
    return "; ".join(f"{names[c]}{NE}{digits(vs)}" for c, vs in by_cell.items())


def make(b: Board, technique: str, head: str, *, houses: Sequence[str] = (), cells: Sequence[Cell] = (),
         digits_: Sequence[Value] = (), places: Sequence[tuple[Cell, Value]] = (),
         eliminates: Sequence[tuple[Cell, Value]] = (), chain: Sequence[tuple[Cell, Value]] = (),
         score: float = 0.0) -> Pattern:
    """A pattern with its text `Technique: head => effects`, eliminations sorted and unique."""
    elims = tuple(sorted(set(eliminates)))
    pl = tuple(sorted(set(places)))
    tail = effects(b.names, pl, elims)
    text = f"{technique}: {head} => {tail}" if head else f"{technique}: {tail}"
    return Pattern(technique, text, tuple(houses), tuple(cells), tuple(digits_), pl, elims, tuple(chain), score)
