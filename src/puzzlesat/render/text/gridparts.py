"""Where a board puts the rules f-puzzles draws beyond cages, thermometers, arrows and dots: lines
(renban, whispers, ...), clones, quadruples, indexers, little killers and the clues outside the grid.

`part(grid, rule)` names the `Features` field a rule is drawn in and the item it adds there, or
None when the board cannot place it (a quadruple that is no 2x2 block, an outside clue whose line
does not start on the edge): such a rule stays a note in words. The text board draws only the
outside clues (around the grid); it lists the rest in words, short (`renban: r1c1-r1c4`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from puzzlesat.model.grid import Grid
from puzzlesat.runtime.records import dataclass

Square = tuple[int, int]  # (row, column) from 1; may lie outside the grid


@dataclass(frozen=True)
class OutsideClue:
    """A number beside the grid: its square off the grid, the step from it into the grid (dr, dc)
    and its text; `kind` is the outside rule's kind, or "little_killer" for a diagonal sum;
    `says`: what a clue of its kind means, for a legend."""

    kind: str
    square: Square
    step: tuple[int, int]
    text: str
    cells: tuple[int, ...]
    says: str = ""


def _inside(grid: Grid, sq: Square) -> bool:
    return 1 <= sq[0] <= grid.rows and 1 <= sq[1] <= grid.columns


def _run(grid: Grid, cells: tuple[int, ...], diagonal: bool) -> OutsideClue | None:
    """The square before a straight run that starts on the grid's edge and its step, when the run
    goes one step at a time (orthogonally, or diagonally for a little killer)."""
    if len(cells) < 2:
        return None
    pos = [grid.positions[c] for c in cells]
    step = (pos[1][0] - pos[0][0], pos[1][1] - pos[0][1])
    if (abs(step[0]) == 1 and abs(step[1]) == 1) != diagonal or abs(step[0]) + abs(step[1]) not in (1, 2):
        return None
    if any((b[0] - a[0], b[1] - a[1]) != step for a, b in zip(pos, pos[1:], strict=False)):
        return None
    before = (pos[0][0] - step[0], pos[0][1] - step[1])
    if _inside(grid, before):
        return None
    return OutsideClue("", before, step, "", tuple(cells))


def little_killer(grid: Grid, rule: Any) -> OutsideClue | None:
    """A sum of a whole diagonal (weights 1, equal to a number, edge to edge) is f-puzzles' little
    killer: its clue sits off the grid before the first cell (the importer keeps that order)."""
    weights = getattr(rule, "weights", None)
    if rule.op != "=" or not isinstance(rule.rhs, int) or (weights and set(weights) != {1}):
        return None
    found = _run(grid, tuple(rule.cells), diagonal=True)
    if found is None:
        return None
    last = grid.positions[rule.cells[-1]]
    if _inside(grid, (last[0] + found.step[0], last[1] + found.step[1])):
        return None  # stops short of the far edge: a plain diagonal sum
    says = "the diagonal its arrow points along sums to the clue"
    return OutsideClue("little_killer", found.square, found.step, str(rule.rhs), found.cells, says)


def _outside(grid: Grid, rule: Any) -> OutsideClue | None:
    from puzzlesat.model.rules.outside import KINDS

    found = _run(grid, tuple(rule.cells), diagonal=False)
    if found is None:
        return None
    lo, hi = rule.bread
    says = KINDS[rule.kind].says.format(lo=lo, hi=hi, value="the clue")
    return OutsideClue(rule.kind, found.square, found.step, str(rule.value), found.cells, says)


def quadruple_corner(grid: Grid, cells: tuple[int, ...]) -> Square | None:
    """The lattice point (row, column of the square below and right of it) four cells of a 2x2
    block share, where f-puzzles draws the quadruple's circle; None for any other shape."""
    pos = sorted(grid.positions[c] for c in cells)
    if len(pos) != 4:
        return None
    (r, c) = pos[0]
    return (r + 1, c + 1) if pos == [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] else None


def _quadruple(grid: Grid, rule: Any) -> tuple[Square, tuple[int, ...]] | None:
    corner = quadruple_corner(grid, tuple(rule.cells))
    return None if corner is None else (corner, tuple(rule.values))


def _line_note(names: Sequence[str], rule: Any) -> str:
    return "-".join(names[c] for c in rule.cells)


def _cells(names: Sequence[str], cells: Sequence[int]) -> str:
    return " ".join(names[c] for c in cells)


@dataclass(frozen=True)
class Part:
    """How a kind of rule is drawn: the `Features` field it goes in, its item there (None: the
    board cannot place it, so it stays in words) and the short note a text board writes for it
    after the rule's display name (None: the text board draws it too)."""

    field: str
    item: Callable[[Grid, Any], Any]
    note: Callable[[Sequence[str], Any], str] | None


PARTS: dict[str, Part] = {
    "line": Part("lines", lambda grid, rule: rule, _line_note),
    "clone": Part("clones", lambda grid, rule: (tuple(rule.cells), tuple(rule.copy)),
                  lambda n, rule: f"{_cells(n, rule.cells)} = {_cells(n, rule.copy)}"),
    "quadruple": Part("quadruples", _quadruple,
                      lambda n, rule: f"{', '.join(map(str, rule.values))} among {_cells(n, rule.cells)}"),
    "outside": Part("outside", _outside, None),
    "indexer": Part("indexers", lambda grid, rule: rule.cell,
                    lambda n, rule: _cells(n, rule.cells)),
}  # fmt: skip


def part(grid: Grid, rule: Any) -> tuple[Part, Any] | None:
    """The part a rule is drawn as and its item (`PARTS`), None for a rule left in words."""
    entry = PARTS.get(getattr(rule, "key", ""))
    if entry is None:
        return None
    item = entry.item(grid, rule)
    return None if item is None else (entry, item)


def cosmetic_notes(cosmetics: Sequence[Any]) -> list[str]:
    """A text board's words for f-puzzles' cosmetics (`puzzlesat.model.cosmetics`), which it cannot draw:
    one line each, cell colours one line per colour."""
    out: list[str] = []
    colours: dict[str, list[str]] = {}
    for c in cosmetics:
        if c.kind == "colour":
            colours.setdefault(c.colour, []).extend(c.cells)
            continue
        text = f" {c.text!r}" if c.text else ""
        where = "; ".join("-".join(line) for line in c.lines) if c.lines else " ".join(c.cells)
        out.append(f"cosmetic {c.kind}{text}: {where}" + (f" ({c.colour})" if c.colour else ""))
    out += [f"cell colour {colour}: {' '.join(cells)}" for colour, cells in colours.items()]
    return out
