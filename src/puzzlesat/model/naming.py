"""Every rule's display name: what it is and where it sits, as the board shows it.

One place names rules for `show`, `solve`'s notes, `explain`, `hint`, `grade`, conflicts, lint
warnings and the JSON: `thermometer 2 (r1c6→r1c4)`, `arrow r3c4 (circle) → r4c5, r5c6`,
`cage 15 at r1c1 (3 cells)`, `little killer 23 ↘ from r1c2`, `German whisper r2c2–r4c4`. The
grid's own rules keep the names the grid gives them (`row 3`, `column 7`, `box 5`,
`anti-knight r1c1-r2c3`). Each name stands beside the rule's stable id, `Puzzle.lowered`'s label
(`less #2`, `sum #5`), which the JSON keeps for programs.

`NAMERS` maps a rule's key to the function that says what its rule is (`Shown`); a kind numbered
on the board (a thermometer, a table) takes its number in the model's order, which is the file's
order within a kind and `show`'s order (docs/decisions/explanations.md, D3). Two rules
that would read alike (two identical cages, two lines with the same ends) are told apart by `#1`,
`#2`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import plural

if TYPE_CHECKING:
    from puzzlesat.model.grid import Grid

ARROWS = {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}
# An outside clue's side, by the step from its first cell to the next: (side, row or column).
SIDES = {(0, 1): ("left of", "row"), (0, -1): ("right of", "row"), (1, 0): ("above", "column"),
         (-1, 0): ("below", "column")}  # fmt: skip
OUTSIDE_WORDS = {"sandwich": "sandwich", "xsum": "X-sum", "skyscraper": "skyscraper", "room": "numbered room"}
# Lines named as setters name them; any other kind is its key in words with " line" after it.
LINE_WORDS = {"renban": "renban", "palindrome": "palindrome", "slow_thermometer": "slow thermometer",
              "double_arrow": "double arrow", "region_sum": "region-sum line"}  # fmt: skip
WHISPERS = {5: "German whisper", 4: "Dutch whisper"}
SPAN = 4  # cells listed by name in a locator; a longer run is its two ends and its length


@dataclass(frozen=True)
class Context:
    """What a rule's name may read besides the rule: the cells' names, the grid (None for a puzzle
    without one) and every rule of the puzzle (whether its chains are futoshiki signs, its cages
    kakuro runs: cages that cross in a grid without Latin rows)."""

    names: Sequence[str]
    grid: Grid | None
    rules: Sequence[Any]

    @cached_property
    def futoshiki(self) -> bool:
        """Every chain two neighbours: signs between cells, as the board draws them, not thermometers."""
        grid = self.grid
        chains = [r.cells for r in self.rules if getattr(r, "key", "") == "less"]
        if grid is None or not chains:
            return False
        pos = grid.positions
        near = lambda a, b: abs(pos[a][0] - pos[b][0]) + abs(pos[a][1] - pos[b][1]) == 1  # noqa: E731
        return all(len(ch) == 2 and near(*ch) for ch in chains)

    @cached_property
    def kakuro(self) -> bool:
        """Cages that cross in a grid without Latin rows: across and down runs."""
        cages = [r for r in self.rules if getattr(r, "key", "") == "cage"]
        overlapping = len({c for r in cages for c in r.cells}) < sum(len(r.cells) for r in cages)
        return overlapping and self.grid is not None and not self.grid.latin

    def first(self, cells: Sequence[int]) -> int:
        """The cell a setter writes a clue in: the first in reading order."""
        return self.ordered(cells)[0]

    def ordered(self, cells: Sequence[int]) -> list[int]:
        """The cells in reading order (by index without a grid)."""
        if self.grid is None:
            return sorted(cells)
        return sorted(cells, key=lambda c: self.grid.positions[c])  # type: ignore[union-attr]

    def span(self, cells: Sequence[int], sep: str = ", ") -> str:
        """A few cells by name, or a long run as its ends and length."""
        if len(cells) <= SPAN:
            return sep.join(self.names[c] for c in cells)
        return f"{self.names[cells[0]]}…{self.names[cells[-1]]} ({len(cells)} cells)"

    def house(self, cells: Sequence[int]) -> str | None:
        """`row 3` or `column 7` when the cells are that whole row or column, else None."""
        grid = self.grid
        if grid is None:
            return None
        for k, word in ((0, "row"), (1, "column")):
            lines = {grid.positions[c][k] for c in cells}
            if len(lines) == 1:
                line = lines.pop()
                whole = {i for i, pos in enumerate(grid.positions) if pos[k] == line}
                return f"{word} {line}" if whole == set(cells) else None
        return None

    def step(self, cells: Sequence[int]) -> tuple[int, int] | None:
        """The one step a straight run of cells takes (row, column), None for another shape."""
        if self.grid is None or len(cells) < 2:
            return None
        pos = [self.grid.positions[c] for c in cells]
        step = (pos[1][0] - pos[0][0], pos[1][1] - pos[0][1])
        straight = all((b[0] - a[0], b[1] - a[1]) == step for a, b in zip(pos, pos[1:], strict=False))
        return step if straight and max(abs(step[0]), abs(step[1])) == 1 else None

    def on_edge(self, cells: Sequence[int], step: tuple[int, int]) -> bool:
        """Whether the run starts and ends at the grid's frame (a little killer's whole diagonal, as
        the board draws one: `puzzlesat.render.text.gridparts.little_killer`)."""
        grid = self.grid
        if grid is None:
            return False
        inside = lambda r, c: 1 <= r <= grid.rows and 1 <= c <= grid.columns  # noqa: E731
        (r0, c0), (r1, c1) = grid.positions[cells[0]], grid.positions[cells[-1]]
        return not inside(r0 - step[0], c0 - step[1]) and not inside(r1 + step[0], c1 + step[1])


@dataclass(frozen=True)
class Shown:
    """A rule as the board shows it: `kind` ("thermometer"), `where` ("r1c6→r1c4"); a `numbered`
    kind reads `kind N (where)`, any other `kind where`."""

    kind: str
    where: str
    numbered: bool = False


def _less(rule: Any, ctx: Context) -> Shown:
    cells, names = rule.cells, ctx.names
    if ctx.futoshiki:
        return Shown("inequality", f"{names[cells[0]]} < {names[cells[1]]}")
    kind = "thermometer" if ctx.grid is not None else "chain"
    return Shown(kind, f"{names[cells[0]]}→{names[cells[-1]]}", numbered=True)


def arrow_of(rule: Any) -> tuple[int, tuple[int, ...]] | None:
    """(circle, shaft) when a sum reads as an arrow: one cell equals the sum of the others
    (weights all +1 but one -1, or the reverse, equal to 0); else None."""
    weights = tuple(getattr(rule, "weights", None) or ())
    cells = tuple(getattr(rule, "cells", ()))
    if getattr(rule, "op", None) != "=" or getattr(rule, "rhs", None) != 0 or len(cells) < 2:
        return None
    for sign in (-1, 1):
        if sorted(weights) == sorted([sign] + [-sign] * (len(cells) - 1)):
            k = weights.index(sign)
            return cells[k], cells[:k] + cells[k + 1 :]
    return None


def _sum(rule: Any, ctx: Context) -> Shown:
    names = ctx.names
    found = arrow_of(rule)
    if found is not None:
        circle, shaft = found
        return Shown("arrow", f"{names[circle]} (circle) → {', '.join(names[c] for c in shaft)}")
    plain = rule.op == "=" and isinstance(rule.rhs, int) and (not rule.weights or set(rule.weights) == {1})
    step = ctx.step(rule.cells) if plain else None
    if step in ARROWS and ctx.on_edge(rule.cells, step):  # type: ignore[arg-type]
        return Shown(f"little killer {rule.rhs}", f"{ARROWS[step]} from {names[rule.cells[0]]}")  # type: ignore[index]
    weighted = rule.weights and set(rule.weights) != {1}
    what = "weighted sum" if weighted else "sum"
    op = "" if rule.op == "=" else f"{rule.op} "
    return Shown(f"{what} {op}{rule.rhs}", f"of {ctx.span(rule.cells)}")


def _cage(rule: Any, ctx: Context) -> Shown:
    size = f"({plural(len(rule.cells), 'cell')})"
    step = ctx.step(rule.cells)
    if ctx.kakuro and step in ((0, 1), (1, 0)):  # runs across and down
        way = "across" if step == (0, 1) else "down"
        return Shown(f"run {rule.label} {way}", f"from {ctx.names[rule.cells[0]]} {size}")
    return Shown(f"cage {rule.label}", f"at {ctx.names[ctx.first(rule.cells)]} {size}")


def _dot(rule: Any, ctx: Context) -> Shown:
    from puzzlesat.model.rules.dot import KINDS

    return Shown(_dot_word(KINDS[rule.kind]), "–".join(ctx.names[c] for c in ctx.ordered(rule.cells)))


def _dot_word(kind: Any) -> str:
    """`white dot`, `black dot`; a dot drawn as a letter is that letter: "X", "V"."""
    shape, text = kind.look
    return text if shape == "letter" else f"{kind.name} dot"


def _negative(rule: Any, ctx: Context) -> Shown:
    from puzzlesat.model.rules.dot import KINDS

    return Shown("negative constraint", f"({', '.join(_dot_word(KINDS[k]) for k in rule.kinds)})")


def _line(rule: Any, ctx: Context) -> Shown:
    kind = rule.kind
    if kind == "whispers":
        word = WHISPERS.get(rule.difference, f"whisper ({rule.difference} apart)")
    elif kind == "lockout":
        word = f"lockout line ({rule.difference} apart)"
    else:
        word = LINE_WORDS.get(kind, kind.replace("_", " ") + " line")
    arrow = "→" if kind == "slow_thermometer" else "–"
    return Shown(word, f"{ctx.names[rule.cells[0]]}{arrow}{ctx.names[rule.cells[-1]]}")


def _clone(rule: Any, ctx: Context) -> Shown:
    n = ctx.names
    return Shown("clone", f"{n[ctx.first(rule.cells)]} = {n[ctx.first(rule.copy)]} ({plural(len(rule.cells), 'cell')})")


def _quadruple(rule: Any, ctx: Context) -> Shown:
    return Shown(f"quadruple {','.join(map(str, rule.values))}", f"at {ctx.names[ctx.first(rule.cells)]}")


def _outside(rule: Any, ctx: Context) -> Shown:
    word = f"{OUTSIDE_WORDS.get(rule.kind, rule.kind)} {rule.value}"
    step = ctx.step(rule.cells)
    if step in SIDES and ctx.grid is not None:
        side, line = SIDES[step]  # type: ignore[index]
        r, c = ctx.grid.positions[rule.cells[0]]
        return Shown(word, f"{side} {line} {r if line == 'row' else c}")
    return Shown(word, f"from {ctx.names[rule.cells[0]]}")


def _indexer(rule: Any, ctx: Context) -> Shown:
    return Shown("indexer", f"{ctx.names[rule.cell]} on {ctx.house(rule.cells) or ctx.span(rule.cells, '–')}")


def _table(rule: Any, ctx: Context) -> Shown:
    return Shown("table" if rule.allowed else "forbidden table", ctx.span(rule.cells), numbered=True)


NAMERS: dict[str, Callable[[Any, Context], Shown]] = {
    "less": _less,
    "sum": _sum,
    "cage": _cage,
    "dot": _dot,
    "negative": _negative,
    "line": _line,
    "clone": _clone,
    "quadruple": _quadruple,
    "outside": _outside,
    "indexer": _indexer,
    "table": _table,
}


def rule_names(rules: Sequence[Any], grid: Grid | None, names: Sequence[str]) -> tuple[str, ...]:
    """Each rule's display name, in the rules' order (cells resolved to indices)."""
    ctx = Context(names, grid, rules)
    counts: dict[str, int] = {}
    out = []
    for rule in rules:
        namer = NAMERS.get(rule.key)
        shown = namer(rule, ctx) if namer is not None else Shown(rule.key, "", numbered=True)
        if shown.numbered:
            counts[shown.kind] = counts.get(shown.kind, 0) + 1
            where = f" ({shown.where})" if shown.where else ""
            out.append(f"{shown.kind} {counts[shown.kind]}{where}")
        else:
            out.append(f"{shown.kind} {shown.where}")
    return _distinguished(out)


def _distinguished(names: list[str]) -> tuple[str, ...]:
    """Names that would read alike get `#1`, `#2`... in order; the others stay as they are."""
    seen: dict[str, int] = {}
    total = {n: names.count(n) for n in names}
    out = []
    for n in names:
        if total[n] > 1:
            seen[n] = seen.get(n, 0) + 1
            n = f"{n} #{seen[n]}"
        out.append(n)
    return tuple(out)
