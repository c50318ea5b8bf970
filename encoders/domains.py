"""The `domains` encoding: the core as the cp backend's search reads it (`puzzlesat.solvers._cpsearch`).

Each cell and unknown becomes a 64-bit mask of the values it may take, as offsets from one base
(the least value anywhere); all-different groups stay groups; every linear constraint becomes
sum(weight * offset) op rhs with op one of =, <= and != (an unknown on the right moves to the left
side); tables keep their tuples, as offsets. No Booleans, no clauses: the search propagates bounds
on sums itself, which is what closes the gap to Gecode on magic squares with givens
(docs/decisions/search.md, "A propagating search of our own"). Position-dependent sums (`Guarded`)
are not taken: `refusal` says so before any work.

Arithmetic (issue 39). The search computes in 64-bit integers; what reaches it is proved here, in
Python's exact integers, to stay far inside them, or the puzzle is refused in one line:

- every value lies in -2**63..2**63-1, so the base and each base + offset the search hands back
  are 64-bit integers (`refusal`);
- the shift to offsets is exact: sum(w * x) op rhs is sum(w * o) op rhs - base * sum(w), with
  o = x - base in 0..63. On offsets the left side lies in [LO, HI], LO = 63 * (the negative
  weights' sum), HI = 63 * (the positive ones'), and a right side below LO - 1 or above HI + 1
  decides every relation as LO - 1 or HI + 1 does: it is clamped there, whatever its size, so no
  right side is ever refused;
- a sum's weights (an unknown on the right counts as -1) add up in size to W <= 2**54
  (`MAX_WEIGHT_SUM`), else a refusal. Then |LO|, |HI| <= 63 * W < 2**60, the clamped right side is
  at most 2**60 in size, and every number the search forms (each weight * offset, the sums of the
  least and greatest terms, the room rhs - (lo - term) left to one term) is below
  2**61 + 2**60 < 2**62 in size: no overflow, no INT64_MIN / -1.

The search checks the same contract itself (weights up to 2**54 in all, right sides up to 2**61 in
size: `C_RHS`) and raises ValueError past it, whoever calls it.

>>> from puzzlesat.catalog import load as puzzles
>>> m = encode(puzzles.load("magic-square", {"order": "3"}))
>>> m.base, m.masks[0] == (1 << 9) - 1, m.linears[0]
(1, True, ((0, 1, 2), (1, 1, 1), 0, 12))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlesat.model.core import AllDifferent, Linear, Table
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass

# The op codes of `puzzlesat.solvers._cpsearch`.
EQ, LE, NE = 0, 1, 2
SPAN = 64  # values per mask
INT64 = (-(2**63), 2**63 - 1)  # the values the search holds
MAX_WEIGHT_SUM = 2**54  # a sum's weights added up in size: 63 * 2**54 < 2**60 (the module's docstring)
C_RHS = 2**61  # the right sides the search takes, in size (a clamped one is at most 2**60 + 1)


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
        """The masks with each given cell down to its value: a scope's givens (`puzzlesat.solvers.cp_backend`)."""
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
    if low < INT64[0] or high > INT64[1]:
        return (
            "the cp backend takes values within 64-bit integers (-2**63..2**63-1); this puzzle's run "
            f"{low}..{high} (use --backend sat)"
        )
    for origin, c in puzzle.lowered:
        if isinstance(c, Linear):
            size = sum(abs(w) for w in c.weights) + (1 if isinstance(c.rhs, str) else 0)
            if size > MAX_WEIGHT_SUM:
                return (
                    "the cp backend takes sums whose weights add up to at most 2**54 in size; "
                    f"{origin}'s add up to {size} (use --backend sat)"
                )
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
    """sum(w * x) op rhs as sum(w * (x - base)) OP rhs' with OP one of =, <=, != and rhs' at most
    one past the left side's reach."""
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
    # Past the left side's reach every relation decides as at its edge: clamped there (the docstring)
    reach = (SPAN - 1) * sum(w for w in weights if w < 0), (SPAN - 1) * sum(w for w in weights if w > 0)
    rhs = min(max(rhs, reach[0] - 1), reach[1] + 1)
    return tuple(cells), tuple(weights), {"=": EQ, "<=": LE, "!=": NE}[op], rhs
