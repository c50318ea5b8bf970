"""Grid puzzles drawn as solvers know them, in box-drawing characters.

Heavy lines are the frame and the borders of boxes or jigsaw regions, light lines separate cells.
When the puzzle has cages that do not overlap, a cell is two lines tall (the cage's clue, then the
value), each clue sits in its cage's top-left cell, and lines are drawn only where cages change:
light on a cage border, none inside a cage, heavy on a region border, and heavy *dashed* (`┅`, `┇`)
where a region border runs through a cage. A grid without regions (KenKen) takes its cages as the
regions: heavy cage borders, light lines inside. Overlapping cages are kakuro runs: each run's clue
goes into the blocked square before it (across at the top right, down at the bottom left).
Blocked squares are `░`. Kropki and XV dots and futoshiki signs sit on the edge between their two
cells (`○ ● X V < > ∧ ∨`); thermometers, arrows and other rules are listed in words below.

The junction characters come from Unicode's own names (`LINES`), so every mix of light and heavy
arms is available. `features` says what is drawn where; `puzzlesat.render.svg` draws the same picture.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import Any

from puzzlesat.model.grid import Grid
from puzzlesat.model.naming import arrow_of, rule_names
from puzzlesat.model.rules.dot import KINDS
from puzzlesat.render.text.gridparts import OutsideClue, cosmetic_notes, little_killer
from puzzlesat.render.text.gridparts import part as drawn_part
from puzzlesat.runtime.records import dataclass, field

NONE, LIGHT, HEAVY, DASHED = 0, 1, 2, 3  # edge styles; a dashed edge is heavy at its junctions
Square = tuple[int, int]  # (row, column) from 0; may lie outside the grid
HLINE = {NONE: " ", LIGHT: "─", HEAVY: "━", DASHED: "┅"}
VLINE = {NONE: " ", LIGHT: "│", HEAVY: "┃", DASHED: "┇"}
BLOCK = "░"

_WEIGHTS = {"LIGHT": LIGHT, "HEAVY": HEAVY}
_ARMS = {"UP": (0,), "RIGHT": (1,), "DOWN": (2,), "LEFT": (3,), "VERTICAL": (0, 2), "HORIZONTAL": (1, 3)}


def _arms(name: str) -> tuple[int, int, int, int] | None:
    """(up, right, down, left) weights of a box-drawing character's name, None if it is not made
    of plain light and heavy arms. A part of the name without its own weight takes the weight
    written before it: `LIGHT DOWN AND RIGHT`, `DOWN LIGHT AND RIGHT HEAVY`."""
    words = name.removeprefix("BOX DRAWINGS ").split()
    if any(w not in _WEIGHTS and w not in _ARMS and w != "AND" for w in words):
        return None  # DOUBLE, DASH, ARC, DIAGONAL
    arms = [NONE] * 4
    weight = None
    for part in " ".join(words).split(" AND "):
        own = [_WEIGHTS[w] for w in part.split() if w in _WEIGHTS]
        weight = own[0] if own else weight
        for w in part.split():
            for arm in _ARMS.get(w, ()):
                arms[arm] = weight if weight is not None else LIGHT
    return (arms[0], arms[1], arms[2], arms[3])


@cache
def lines() -> dict[tuple[int, int, int, int], str]:
    """Every junction of light and heavy arms: (up, right, down, left) -> character, read from
    the names of U+2500..U+257F.

    >>> table = lines()
    >>> len(table), table[LIGHT, HEAVY, LIGHT, HEAVY], table[NONE, HEAVY, HEAVY, NONE], table[NONE, NONE, NONE, LIGHT]
    (80, '┿', '┏', '╴')
    """
    out: dict[tuple[int, int, int, int], str] = {}
    for code in range(0x2500, 0x2580):
        arms = _arms(unicodedata.name(chr(code)))
        if arms is not None:
            out[arms] = chr(code)
    return out


def junction(up: int, right: int, down: int, left: int) -> str:
    """The character where four edges meet: a dashed line runs on through a point where nothing
    crosses it, and meets anything else as heavy."""
    if (up, right, down, left) == (DASHED, NONE, DASHED, NONE):
        return VLINE[DASHED]
    if (up, right, down, left) == (NONE, DASHED, NONE, DASHED):
        return HLINE[DASHED]
    arms = (min(up, HEAVY), min(right, HEAVY), min(down, HEAVY), min(left, HEAVY))
    return " " if not any(arms) else lines()[arms]


# --- what the board shows -------------------------------------------------------------------------


@dataclass(frozen=True)
class Features:
    """A grid puzzle's rules sorted by how a board shows them (cells are indices).

    `cages`: (cells, clue) outlined on the board, disjoint; `clues`: kakuro clues in blocked squares,
    square -> (across, down); `thermometers`: chains from the bulb; `arrows`: (circle, shaft);
    `signs`: futoshiki pairs (smaller, larger) of neighbours; `dots`: (kind, a, b) kropki and XV
    dots (`[[dot]]`, each kind's look in `puzzlesat.model.rules.dot.KINDS`); `negatives`: the negative
    constraints in words, which the text board leaves to the legend; `others`: the rules no board
    draws, in words. The parts of `puzzlesat.render.text.gridparts`: `lines` ([[line]] rules), `clones` (cells,
    copy), `quadruples` (corner, digits), `outside` (clues beside the grid, little killers
    included), `indexers` (cells); `spelled`: the words a text board writes for the parts it
    cannot draw; `named`: the thermometers' and arrows' notes. Every note opens with the rule's
    display name (`puzzlesat.model.naming`), as `show` and `explain` name it.
    """

    cages: tuple[tuple[tuple[int, ...], str], ...] = ()
    clues: dict[Square, tuple[str, str]] = field(default_factory=dict)
    thermometers: tuple[tuple[int, ...], ...] = ()
    arrows: tuple[tuple[int, tuple[int, ...]], ...] = ()
    signs: tuple[tuple[int, int], ...] = ()
    dots: tuple[tuple[str, int, int], ...] = ()
    negatives: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    lines: tuple[Any, ...] = ()
    clones: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    quadruples: tuple[tuple[tuple[int, int], tuple[int, ...]], ...] = ()
    outside: tuple[OutsideClue, ...] = ()
    indexers: tuple[int, ...] = ()
    spelled: tuple[str, ...] = ()
    named: tuple[str, ...] = ()


def _adjacent(grid: Grid, a: int, b: int) -> bool:
    """Orthogonal neighbours."""
    (ra, ca), (rb, cb) = grid.positions[a], grid.positions[b]
    return abs(ra - rb) + abs(ca - cb) == 1


def features(grid: Grid, rules: Sequence[Any]) -> Features:
    """Sort the rules (`puzzlesat.model.rules`, told apart by their `key`) by how they are drawn (see
    `Features`); deterministic, in the rules' order."""
    names = grid.cell_names
    shown = dict(zip(map(id, rules), rule_names(rules, grid, names), strict=True))
    cages = [r for r in rules if getattr(r, "key", "") == "cage"]
    chains = [tuple(r.cells) for r in rules if getattr(r, "key", "") == "less"]
    counts: dict[int, int] = {}
    for cage in cages:
        for c in cage.cells:
            counts[c] = counts.get(c, 0) + 1
    others: list[str] = []
    outlined: list[tuple[tuple[int, ...], str]] = []
    clues: dict[Square, list[str]] = {}
    if all(n == 1 for n in counts.values()):
        outlined = [(tuple(c.cells), c.label) for c in cages]
    else:  # kakuro: each run's clue in the blocked square before it
        for cage in cages:
            square = _clue_square(grid, tuple(cage.cells))
            slot = clues.setdefault(square[0], ["", ""]) if square else None
            if square and slot is not None and not slot[square[1]]:
                slot[square[1]] = cage.label
            else:
                others.append(f"{shown[id(cage)]}: {cage.describe(names)}")
    futoshiki = bool(chains) and all(len(ch) == 2 and _adjacent(grid, *ch) for ch in chains)
    arrows = []
    arrow_notes: list[str] = []
    dots: list[tuple[str, int, int]] = []
    negatives: list[str] = []
    parts: dict[str, list[Any]] = {}
    spelled: list[str] = []
    for rule in rules:
        key = getattr(rule, "key", "")
        drawn = drawn_part(grid, rule)
        if drawn is not None:
            parts.setdefault(drawn[0].field, []).append(drawn[1])
            if drawn[0].note is not None:
                spelled.append(f"{shown[id(rule)]}: {drawn[0].note(names, rule)}")
        elif key == "sum":
            found = arrow_of(rule)
            killer = little_killer(grid, rule) if found is None else None
            if found is not None:
                arrows.append(found)
                circle, shaft = found
                arrow_notes.append(f"{shown[id(rule)]}: {names[circle]} = {' + '.join(names[c] for c in shaft)}")
            elif killer is not None:
                parts.setdefault("outside", []).append(killer)
                spelled.append(f"{shown[id(rule)]}: " + " ".join(names[c] for c in killer.cells))
            else:
                others.append(f"{shown[id(rule)]}: " + rule.describe(names))
        elif key == "dot":
            dots.append((rule.kind, *rule.cells))
        elif key == "negative":
            negatives.append(f"{shown[id(rule)]}: " + rule.describe(names))
        elif key not in ("cage", "less"):
            others.append(f"{shown[id(rule)]}: " + rule.describe(names))
    chain_notes = [
        f"{shown[id(r)]}: {' < '.join(names[c] for c in r.cells)}" for r in rules if getattr(r, "key", "") == "less"
    ]
    thermometers = [] if futoshiki else chain_notes
    return Features(
        cages=tuple(outlined),
        clues={sq: (v[0], v[1]) for sq, v in sorted(clues.items())},
        thermometers=() if futoshiki else tuple(chains),
        arrows=tuple(arrows),
        signs=tuple((a, b) for a, b in chains) if futoshiki else (),
        dots=tuple(dots),
        negatives=tuple(negatives),
        others=tuple(others),
        spelled=tuple(spelled),
        named=(*thermometers, *arrow_notes),
        **{field: tuple(items) for field, items in parts.items()},
    )


def _clue_square(grid: Grid, cells: tuple[int, ...]) -> tuple[Square, int] | None:
    """The blocked square before a straight run of cells and the slot its clue takes there
    (0 across, 1 down); None when the run is not straight or nothing blocked precedes it."""
    pos = sorted(grid.positions[c] for c in cells)
    rows, cols = {r for r, _ in pos}, {c for _, c in pos}
    (r0, c0), (r1, c1) = pos[0], pos[-1]
    if len(rows) == 1 and c1 - c0 == len(pos) - 1:
        before, slot = (r0, c0 - 1), 0
    elif len(cols) == 1 and r1 - r0 == len(pos) - 1:
        before, slot = (r0 - 1, c0), 1
    else:
        return None
    inside = 1 <= before[0] <= grid.rows and 1 <= before[1] <= grid.columns
    if not inside or before in grid.at:
        return None
    return (before[0] - 1, before[1] - 1), slot


# --- the text board -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """Which edges are drawn how: squares of one `major` part are separated by light lines or
    none, and by no line when they also share a `minor` part (a cage)."""

    grid: Grid
    major: dict[Square, object]
    minor: dict[Square, object]

    def edge(self, s: Square, t: Square) -> int:
        if s not in self.major and t not in self.major:
            return NONE
        if s not in self.major or t not in self.major:
            return HEAVY  # the frame
        if self.major[s] != self.major[t]:
            return HEAVY if self.minor[s] != self.minor[t] else DASHED
        return LIGHT if self.minor[s] != self.minor[t] else NONE


def _layout(grid: Grid, cages: Sequence[tuple[tuple[int, ...], str]]) -> _Layout:
    cage_of = {c: k for k, (cells, _) in enumerate(cages) for c in cells}
    major: dict[Square, object] = {}
    minor: dict[Square, object] = {}
    for r in range(grid.rows):
        for c in range(grid.columns):
            i = grid.at.get((r + 1, c + 1))
            if i is None:
                major[r, c], minor[r, c] = "blocked", (r, c)
                continue
            region = grid.region_of.get(i, -1)
            cage = ("cage", cage_of[i]) if i in cage_of else ("cell", i)
            if cages and not grid.regions_cells:  # KenKen: the cages are the regions
                major[r, c], minor[r, c] = cage, i
            elif cages:
                major[r, c], minor[r, c] = region, cage
            else:
                major[r, c], minor[r, c] = region, i
    return _Layout(grid, major, minor)


def draw_grid(
    grid: Grid, texts: Sequence[str], rules: Sequence[Any] = (), notes: bool = True, cosmetics: Sequence[Any] = ()
) -> str:
    """The board with one text per cell ('.' for a blank), cages and regions drawn, the clues
    outside the grid beside it, and, with `notes`, the rules (and cosmetics) a text board cannot
    draw listed below it in words."""
    f = features(grid, rules)
    lay = _layout(grid, f.cages)
    tall = bool(f.cages or f.clues)
    corner = {min(cells): clue for cells, clue in f.cages}
    beside = _beside(grid, f.outside)
    clue_widths = [len(clue) for _, clue in f.cages] + [len(t) + 1 for pair in f.clues.values() for t in pair]
    clue_widths += [len(t) for (side, _), t in beside.items() if side in ("top", "bottom")]
    width = max([len(t) + 2 for t in texts] + clue_widths + [3])

    def content(r: int, c: int) -> list[str]:
        i = grid.at.get((r + 1, c + 1))
        if i is None:
            across, down = f.clues.get((r, c), ("", ""))
            fill = BLOCK * width
            return [(fill + across)[-width:], (down + fill)[:width]] if tall else [fill]
        value = texts[i].center(width)
        return [corner.get(i, "").ljust(width), value] if tall else [value]

    marks: dict[tuple[Square, Square], str] = {}
    for kind, a, b in f.dots:
        marks[_edge_key(grid, a, b)] = KINDS[kind].mark
    for a, b in f.signs:
        (s, t) = key = _edge_key(grid, a, b)
        smaller_first = grid.positions[a] < grid.positions[b]
        marks[key] = ("<" if smaller_first else ">") if s[0] == t[0] else ("∧" if smaller_first else "∨")

    rows, cols = grid.rows, grid.columns
    out: list[str] = []
    for k in range(rows + 1):
        line = []
        for c in range(cols + 1):
            up = lay.edge((k - 1, c - 1), (k - 1, c))
            down = lay.edge((k, c - 1), (k, c))
            left = lay.edge((k - 1, c - 1), (k, c - 1))
            right = lay.edge((k - 1, c), (k, c))
            line.append(junction(up, right, down, left))
            if c < cols:
                seg = list(HLINE[right] * width)
                mark = marks.get(((k - 1, c), (k, c)))
                if mark:
                    seg[width // 2] = mark
                line.append("".join(seg))
        out.append("".join(line))
        if k == rows:
            break
        cells = [content(k, c) for c in range(cols)]
        for h in range(2 if tall else 1):
            line = []
            for c in range(cols + 1):
                edge = VLINE[lay.edge((k, c - 1), (k, c))]
                mark = marks.get(((k, c - 1), (k, c))) if h == (1 if tall else 0) else None
                line.append(mark or edge)
                if c < cols:
                    line.append(cells[c][h])
            out.append("".join(line))
    if beside:
        out = _frame(out, beside, width, 2 if tall else 1)
    if notes:
        out += _notes(grid, f) + cosmetic_notes(cosmetics)
    return "\n".join(out)


def _beside(grid: Grid, clues: Sequence[OutsideClue]) -> dict[tuple[str, int], str]:
    """The outside clues a text board prints, by (side, row or column from 1); two clues on one
    spot are joined with a comma. Little killers (diagonal) are left to the notes."""
    out: dict[tuple[str, int], str] = {}
    for o in clues:
        if o.kind == "little_killer":
            continue
        r, c = o.square
        side = "top" if r < 1 else "bottom" if r > grid.rows else "left" if c < 1 else "right"
        at = c if side in ("top", "bottom") else r
        out[side, at] = out[side, at] + "," + o.text if (side, at) in out else o.text
    return out


def _frame(board: list[str], beside: dict[tuple[str, int], str], width: int, height: int) -> list[str]:
    """The board with its outside clues around it: above and below a column's middle, left and
    right of a row's value line."""
    left = max((len(t) + 1 for (side, _), t in beside.items() if side == "left"), default=0)
    right = max((len(t) for (side, _), t in beside.items() if side == "right"), default=-1) + 1
    span = len(board[0])

    def row_of(k: int) -> int | None:  # the row (from 1) whose value line is line k
        return k // (height + 1) + 1 if k % (height + 1) == height else None

    out = []
    for k, line in enumerate(board):
        r = row_of(k)
        lt, rt = (beside.get(("left", r), ""), beside.get(("right", r), "")) if r else ("", "")
        out.append(f"{lt + ' ' if left else '':>{left}}{line}{' ' + rt if right else ''}".ljust(left + span + right))
    for side, place in (("bottom", len(out)), ("top", 0)):
        marks = [(c, t) for (s, c), t in beside.items() if s == side]
        if marks:
            chars = [" "] * (left + span + right)
            for c, t in marks:
                start = left + 1 + (c - 1) * (width + 1) + (width - len(t) + 1) // 2
                chars[start : start + len(t)] = t
            out.insert(place, "".join(chars))
    return out


def _edge_key(grid: Grid, a: int, b: int) -> tuple[Square, Square]:
    """The two squares (from 0) of an edge, the upper or left one first."""
    pa, pb = sorted((grid.positions[a], grid.positions[b]))
    return (pa[0] - 1, pa[1] - 1), (pb[0] - 1, pb[1] - 1)


def _notes(grid: Grid, f: Features) -> list[str]:
    """The rules the text board cannot draw, one line each, and the meaning of the marks on it."""
    out = [*f.named, *f.spelled, *f.others]
    kinds = sorted({kind for kind, _, _ in f.dots}, key=list(KINDS).index)
    if kinds:
        out.append("dots: " + ", ".join(KINDS[k].legend for k in kinds))
    return out
