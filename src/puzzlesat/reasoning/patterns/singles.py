"""Singles: a full house's last cell, a cell with one candidate, a value with one place in a full house."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlesat.reasoning.patterns import Pattern
from puzzlesat.reasoning.patterns.context import Board, make
from puzzlesat.reasoning.patterns.scores import SCORES


def full_house(b: Board) -> Iterator[Pattern]:
    """The one open cell of a full house takes the one value its marks keep beside the placed ones."""
    seen = set()
    for h in b.houses:
        if not h.full:
            continue
        open_ = [c for c in h.cells if c not in b.placed]
        if len(open_) != 1 or open_[0] in seen:
            continue
        c = open_[0]
        placed_vals = {next(iter(b.cands[d])) for d in h.cells if d != c}
        left = b.cands[c] - placed_vals
        if len(left) == 1:
            seen.add(c)
            v = next(iter(left))
            yield make(b, "Full House", h.name, houses=(h.name,), cells=(c,), digits_=(v,), places=((c, v),),
                       score=SCORES["Full House"])


def naked_single(b: Board) -> Iterator[Pattern]:
    for c in b.open:
        if len(b.cands[c]) == 1:
            (v,) = b.cands[c]
            yield make(b, "Naked Single", "", cells=(c,), digits_=(v,), places=((c, v),),
                       score=SCORES["Naked Single"])


def hidden_single(b: Board) -> Iterator[Pattern]:
    """v has one place in a full house and that cell still has others (else it is a naked single)."""
    seen = set()
    for h in b.houses:
        if not h.full:
            continue
        for v, p in b.where(h).items():
            if len(p) == 1 and p[0] not in b.placed and len(b.cands[p[0]]) > 1 and (p[0], v) not in seen:
                seen.add((p[0], v))
                yield make(b, "Hidden Single", f"{v} in {h.name}", houses=(h.name,), cells=p, digits_=(v,),
                           places=((p[0], v),), score=SCORES["Hidden Single"])
