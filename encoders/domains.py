"""The `domains` encoding: the core as the cp backend's search reads it (`solvers._cpsearch`).

Each cell and unknown becomes a 64-bit mask of the values it may take, as offsets from one base
(the least value anywhere); all-different groups stay groups; every linear constraint becomes
sum(weight * offset) op rhs with op one of =, <= and != (an unknown on the right moves to the left
side); tables keep their tuples, as offsets. No Booleans, no clauses: the search propagates bounds
on sums itself, which is what closes the gap to Gecode on magic squares with givens
(docs/decisions/search.md, "A propagating search of our own"). Position-dependent sums (`Guarded`)
are not taken: `refusal` says so before any work.

>>> import puzzles
>>> m = encode(puzzles.load("magic-square", {"order": "3"}))
>>> m.base, m.masks[0] == (1 << 9) - 1, m.linears[0]
(1, True, ((0, 1, 2), (1, 1, 1), 0, 12))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzles.core import AllDifferent, Linear, Table
from puzzles.errors import UsageError
from puzzles.model import Puzzle

# The op codes of `solvers._cpsearch`.
EQ, LE, NE = 0, 1, 2
SPAN = 64  # values per mask
# Weighted sums stay well inside 64-bit arithmetic: |weight| * 63 * terms below 2**62, and so do
# the right sides.
MAX_WEIGHT_SUM = 2**62 // 63
MAX_RHS = 2**61


@dataclass(frozen=True)
class DomainModel:
    """What the search is given. Variables are the cells, then the unknowns."""

    base: int
    masks: tuple[int, ...]
    alldiff: tuple[tuple[int, ...], ...]
    linears: tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]  # variables, weights, op, rhs
    tables: tuple[tuple[tuple[int, ...], bytes, bool], ...]  # variables, tuples of offsets, forbidden
    cells: int
    unknowns: tuple[str, ...]

    def pinned(self, givens: Iterable[tuple[int, int]]) -> list[int]:
        """The masks with each given cell down to its value: a scope's givens (`solvers.cp_backend`)."""
        return _pin(self.masks, self.base, givens)

    def values(self, offsets: tuple[int, ...]) -> tuple[tuple[int, ...], dict[str, int]]:
        """A solution's cell values and unknowns, from the search's values of all variables."""
        return offsets[: self.cells], dict(zip(self.unknowns, offsets[self.cells :], strict=True))

    def stats(self) -> dict[str, int]:
        return {"variables": len(self.masks), "constraints": len(self.alldiff) + len(self.linears) + len(self.tables)}


def refusal(puzzle: Puzzle) -> str | None:
    """Why the cp backend cannot take `puzzle`, in one line; None when it can."""
    if any(not isinstance(c, AllDifferent | Linear | Table) for c in puzzle.core):
        return (
            "the cp backend takes all-different groups, linear sums and tables; this puzzle has "
            "position-dependent sums (use --backend sat)"
        )
    domains = _domains(puzzle)
    low = min(min(d) for d in domains)
    high = max(max(d) for d in domains)
    if high - low >= SPAN:
        return (
            f"the cp backend takes values spanning at most {SPAN} numbers; this puzzle's run {low}..{high} "
            "(use --backend sat)"
        )
    for c in puzzle.sums:
        if sum(abs(w) for w in c.weights) + (1 if isinstance(c.rhs, str) else 0) > MAX_WEIGHT_SUM:
            return "the cp backend takes weights up to 2**56 in all; this puzzle has larger ones (use --backend sat)"
        if isinstance(c.rhs, int) and abs(c.rhs) > MAX_RHS:
            return "the cp backend takes sums up to 2**61; this puzzle has a larger one (use --backend sat)"
    return None


def _domains(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """The cells' domains, then the unknowns': the search's variables in order."""
    return [*puzzle.domains, *(u.domain for u in puzzle.unknowns)]


def encode(puzzle: Puzzle, *_: object) -> DomainModel:
    """The model of `puzzle` with its givens as one-value domains; a UsageError where it cannot be."""
    why = refusal(puzzle)
    if why is not None:
        raise UsageError(why)
    domains = _domains(puzzle)
    base = min(min(d) for d in domains)
    index = {u.name: puzzle.size + k for k, u in enumerate(puzzle.unknowns)}
    alldiff: list[tuple[int, ...]] = []
    linears: list[tuple[tuple[int, ...], tuple[int, ...], int, int]] = []
    tables: list[tuple[tuple[int, ...], bytes, bool]] = []
    for c in puzzle.core:
        if isinstance(c, AllDifferent):
            alldiff.append(c.cells)
        elif isinstance(c, Linear):
            linears.append(_linear(c, index, base))
        elif isinstance(c, Table):
            # a tuple with a value outside every domain can match nothing: it goes
            kept = [t for t in c.tuples if all(0 <= v - base < SPAN for v in t)]
            tables.append((c.cells, bytes(v - base for t in kept for v in t), not c.allowed))
    masks = tuple(_pin([_mask(d, base) for d in domains], base, puzzle.givens))
    return DomainModel(base, masks, tuple(alldiff), tuple(linears), tuple(tables), puzzle.size, tuple(index))


def _pin(masks: Sequence[int], base: int, givens: Iterable[tuple[int, int]]) -> list[int]:
    """Each given cell down to its value (to no value where it lies outside SPAN: no solution)."""
    out = list(masks)
    for c, v in givens:
        offset = v - base
        out[c] &= 1 << offset if 0 <= offset < SPAN else 0
    return out


def _mask(domain: tuple[int, ...], base: int) -> int:
    out = 0
    for v in domain:
        out |= 1 << (v - base)
    return out


def _linear(c: Linear, index: dict[str, int], base: int) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """sum(w * x) op rhs as sum(w * (x - base)) OP rhs' with OP one of =, <=, !=."""
    cells, weights, rhs = list(c.cells), list(c.weights), c.rhs
    if isinstance(rhs, str):
        cells.append(index[rhs])
        weights.append(-1)
        rhs = 0
    rhs -= base * sum(weights)
    kept = [(c, w) for c, w in zip(cells, weights, strict=True) if w]  # a zero weight says nothing
    cells, weights = [c for c, _ in kept], [w for _, w in kept]
    op = c.op
    if op in (">", ">="):
        weights, rhs, op = [-w for w in weights], -rhs, "<" if op == ">" else "<="
    if op == "<":
        rhs, op = rhs - 1, "<="
    return tuple(cells), tuple(weights), {"=": EQ, "<=": LE, "!=": NE}[op], rhs
