"""Simon Tatham's puzzle descriptions (sgt-puzzles keen, towers, unequal) as puzzlesat TOML.

The formats are the games' own (`keen.c`, `towers.c`, `unequal.c`): keen gives the block structure
as run lengths of non-walls between the internal edges (vertical edges in reading order, then
horizontal ones transposed; `_` no run, `a`..`y` 1..25, `z` 25 without a wall, a digit repeats the
letter before it), then one clue per block in the order of its first cell; towers gives the clues
top, bottom, left, right (0 or empty for none) and the givens as run lengths of blanks and digits;
unequal gives each cell's given (0 for none) and the sides (U, R, D, L) it is greater than.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def _cell(i: int, w: int) -> str:
    return f'"r{i // w + 1}c{i % w + 1}"'


def _head(ident: str, title: str, w: int, givens: dict[int, int]) -> list[str]:
    out = [f'name = "{ident}"', f'title = "{title}"']
    if givens:
        out.append("givens = { " + ", ".join(f"{_cell(i, w)} = {v}" for i, v in sorted(givens.items())) + " }")
    return [*out, "", "[grid]", f"size = {w}", 'boxes = "none"', ""]


def _expand(s: str) -> str:
    """keen's run-length compression undone: a letter followed by a count is that many letters."""
    return re.sub(r"([_a-z])(\d+)", lambda m: m.group(1) * int(m.group(2)), s)


def keen(desc: str, ident: str) -> str:
    size, rest = desc.split(":", 1)
    w = int(size)
    struct, clues = rest.split(",", 1)
    walls: list[bool] = []
    for c in _expand(struct):
        if c == "z":
            walls += [False] * 25
        else:
            walls += [False] * (0 if c == "_" else ord(c) - ord("a") + 1) + [True]
    parent = list(range(w * w))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, wall in enumerate(walls[: 2 * w * (w - 1)]):
        if i < w * (w - 1):
            y, x = divmod(i, w - 1)
            a, b = y * w + x, y * w + x + 1
        else:
            x, y = divmod(i - w * (w - 1), w - 1)
            a, b = y * w + x, (y + 1) * w + x
        if not wall:
            ra, rb = root(a), root(b)
            parent[max(ra, rb)] = min(ra, rb)
    roots = [i for i in range(w * w) if root(i) == i]
    ops = re.findall(r"([asmd])(\d+)", clues)
    if len(ops) != len(roots):
        raise ValueError(f"{desc}: {len(ops)} clues for {len(roots)} blocks")
    name = {"a": "sum", "s": "difference", "m": "product", "d": "quotient"}
    out = _head(ident, f"KenKen {w}x{w} (sgt-puzzles keen {desc})", w, {})
    for r, (op, value) in zip(roots, ops, strict=True):
        cells = ", ".join(_cell(i, w) for i in range(w * w) if root(i) == r)
        out += ["[[cage]]", f"cells = [{cells}]", f"{name[op]} = {value}", "distinct = false", ""]
    return "\n".join(out)


def towers(desc: str, ident: str) -> str:
    size, rest = desc.split(":", 1)
    w = int(size)
    clues, _, grid = rest.partition(",")
    values = clues.split("/")
    givens: dict[int, int] = {}
    i = 0
    for digit, blanks in re.findall(r"(\d)|([a-z])", grid):
        if digit:
            givens[i] = int(digit)
            i += 1
        else:
            i += ord(blanks) - ord("a") + 1
    out = _head(ident, f"Skyscrapers {w}x{w} (sgt-puzzles towers {desc})", w, givens)
    for k, v in enumerate(values):
        if v in ("", "0"):
            continue
        side, j = divmod(k, w)
        line = [[(r, j) for r in range(w)], [(r, j) for r in reversed(range(w))],
                [(j, c) for c in range(w)], [(j, c) for c in reversed(range(w))]][side]  # fmt: skip
        cells = ", ".join(_cell(r * w + c, w) for r, c in line)
        out += ["[[outside]]", 'kind = "skyscraper"', f"cells = [{cells}]", f"value = {v}", ""]
    return "\n".join(out)


def unequal(desc: str, ident: str) -> str:
    size, rest = desc.split(":", 1)
    w = int(size)
    cells = rest.rstrip(",").split(",")
    givens: dict[int, int] = {}
    signs: list[tuple[int, int]] = []
    step = {"U": -w, "D": w, "L": -1, "R": 1}
    for i, text in enumerate(cells):
        m = re.fullmatch(r"(\d+)([URDL]*)", text)
        if not m:
            raise ValueError(f"{desc}: cell {i} is {text!r}")
        if int(m.group(1)):
            givens[i] = int(m.group(1))
        signs += [(i + step[f], i) for f in m.group(2)]  # the neighbour is less than this cell
    out = _head(ident, f"Futoshiki {w}x{w} (sgt-puzzles unequal {desc})", w, givens)
    for a, b in signs:
        out += ["[[less]]", f"cells = [{_cell(a, w)}, {_cell(b, w)}]", ""]
    return "\n".join(out)


CONVERT: dict[str, Callable[[str, str], str]] = {"keen": keen, "towers": towers, "unequal": unequal}
