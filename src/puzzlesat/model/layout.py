"""Boards drawn the way the seed pages draw them: layout templates and their generators.

A layout is text with `{i}` placeholders for cell i (or `{name}` for the cell of that name),
optionally with an alignment and width (`{i:>2}`); `{{` and `}}` are literal braces. Nothing in a
template is evaluated. A text longer than its slot widens every slot's column, rule lines included,
so the drawing keeps its shape (`show` writes cell numbers 10.. into one-character slots).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from puzzlesat.runtime.errors import ModelError

_SPEC = re.compile(r"[<>^]?\d{0,3}")


def _fields(template: str, names: Sequence[str] = ()) -> tuple[tuple[str, int | None, str], ...]:
    """Split a template into (literal, cell index or None, spec) triples; a placeholder is a cell
    index or one of `names` (the cells' names). Parsed once per template: a batch draws thousands."""
    return _parsed(template, tuple(names))


@lru_cache(maxsize=64)
def _parsed(template: str, names: tuple[str, ...]) -> tuple[tuple[str, int | None, str], ...]:
    import string  # here: a puzzle without a layout (most) never parses one

    index = {name: i for i, name in enumerate(names)}
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as e:
        raise ModelError(f"layout: {e}") from None
    out = []
    for literal, field_name, spec, conversion in parts:
        if field_name is None:
            out.append((literal, None, ""))
            continue
        named = field_name in index
        if conversion or not (field_name.isdigit() or named) or not _SPEC.fullmatch(spec or ""):
            raise ModelError(
                f"layout: placeholder {{{field_name}{'!' + conversion if conversion else ''}"
                f"{':' + spec if spec else ''}}} is not of the form {{i}}, {{i:>w}} or {{name}} (a cell's name)"
            )
        out.append((literal, index[field_name] if named else int(field_name), spec or ""))
    return tuple(out)


def validate_layout(template: str, ncells: int, names: Sequence[str] = ()) -> None:
    """Every placeholder names an existing cell; every cell appears exactly once."""
    seen: list[int] = [i for _, i, _ in _fields(template, names) if i is not None]
    bad = [i for i in seen if i >= ncells]
    if bad:
        raise ModelError(f"layout: placeholder {{{bad[0]}}} names no cell (cells are 0..{ncells - 1})")
    missing = sorted(set(range(ncells)) - set(seen))
    if missing:
        raise ModelError(f"layout: cell {missing[0]} has no placeholder")
    if len(seen) != len(set(seen)):
        dup = next(i for i in seen if seen.count(i) > 1)
        raise ModelError(f"layout: cell {dup} has two placeholders")


def render(template: str | None, values: Sequence[object], names: Sequence[str] = ()) -> str:
    """Fill a layout with one text per cell (a value, a name, or '.' for a blank).

    A text longer than its slot widens the slot's column by the excess on every line, rule and
    border lines too (their character under the slot's last column is repeated), so cell 10 in a
    one-character slot of a sudoku reads `10`, not a shifted `1`, `0`.

    >>> print(render("{0} {1}\\n---", ["a", "bcd"]))
      a bcd
    -------
    """
    if template is None:
        return "[" + ", ".join(str(v) for v in values) + "]"
    narrowest, positional = _filled(template, tuple(names))
    shown = [str(v) for v in values]
    if len(shown) >= narrowest[1] and max(map(len, shown), default=0) <= narrowest[0]:  # nothing to widen
        return _tidy(positional.format(*shown))
    fields = _fields(template, names)
    texts = {i: str(values[i]) for _, i, _ in fields if i is not None}
    widths = {i: max(len(format("", spec)), 1) for _, i, spec in fields if i is not None}
    extra = max((len(texts[i]) - widths[i] for i in texts), default=0)
    if extra <= 0:
        out = []
        for literal, i, spec in fields:
            out.append(literal)
            if i is not None:
                out.append(format(texts[i], spec))
        return _tidy("".join(out))
    return _tidy(_widened(fields, texts, widths, extra))


@lru_cache(maxsize=64)
def _filled(template: str, names: tuple[str, ...]) -> tuple[tuple[int, int], str]:
    """A layout as a `str.format` template by cell index, with (its narrowest slot's width, the
    cells it needs): a board whose texts all fit is one `format` call (a batch draws thousands)."""
    fields = _fields(template, names)
    slots = [max(len(format("", spec)), 1) for _, i, spec in fields if i is not None]
    needed = 1 + max((i for _, i, _ in fields if i is not None), default=-1)
    positional = "".join(
        literal.replace("{", "{{").replace("}", "}}") + ("" if i is None else f"{{{i}:{spec}}}" if spec else f"{{{i}}}")
        for literal, i, spec in fields
    )
    return (min(slots, default=1), needed), positional


def _tidy(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def _widened(
    fields: list[tuple[str, int | None, str]], texts: dict[int, str], widths: dict[int, int], extra: int
) -> str:
    """The layout with every column that ends a slot widened by `extra` characters."""
    lines: list[list[tuple[str, int | None, str]]] = [[]]  # per line: (char, cell, spec) per column
    for literal, i, spec in fields:
        for ch in literal:
            if ch == "\n":
                lines.append([])
            else:
                lines[-1].append((ch, None, ""))
        if i is not None:
            lines[-1] += [("", i, spec)] * widths[i]
    ends = {
        c
        for line in lines
        for c, (_, i, _) in enumerate(line)
        if i is not None and (c + 1 == len(line) or line[c + 1][1] != i)
    }
    out = []
    for line in lines:
        text = []
        for c, (ch, i, spec) in enumerate(line):
            if i is not None:
                if c + 1 == len(line) or line[c + 1][1] != i:  # the slot's last column: the whole text
                    align = spec[0] if spec[:1] and spec[0] in "<>^" else ">"
                    text.append(format(texts[i], f"{align}{widths[i] + extra}"))
            else:
                text.append(ch * (1 + extra) if c in ends else ch)
        out.append("".join(text))
    return "\n".join(out)


def places(template: str, names: Sequence[str] = ()) -> list[tuple[int, float, bool]]:
    """Where each cell's placeholder sits in the drawn layout: (line, centre column, boxed), by
    cell index; `boxed` when a vertical bar stands on both sides of it (a square's cell), so a
    picture can put the cell where the text board does.

    >>> places("( {0})\\n|{1:>2}|")
    [(0, 2.5, False), (1, 2.0, True)]
    """
    text, found = "", {}
    for literal, i, spec in _fields(template, names):
        text += literal
        if i is not None:
            width = max(len(format("", spec)), 1)
            found[i] = (len(text), width)
            text += "x" * width
    lead = len(text) - len(text.lstrip("\n"))
    out = []
    for i in sorted(found):
        at, width = found[i]
        line_start = text.rfind("\n", 0, at) + 1
        before, after = text[at - 1 : at] if at > line_start else "", text[at + width : at + width + 1]
        boxed = before in ("|", "│") and after in ("|", "│")
        out.append((text.count("\n", lead, at), at - line_start + width / 2, boxed))
    return out


def box_grid(rows: int, cols: int, cell_at: Mapping[tuple[int, int], int], width: int) -> str:
    """A grid in box-drawing characters, as `000_*.txt` draws it; absent positions stay blank."""
    bar = "─" * width

    def rule(left: str, mid: str, right: str) -> str:
        return left + mid.join([bar] * cols) + right

    lines = [rule("┌", "┬", "┐")]
    for r in range(rows):
        row = "│".join(f"{{{cell_at[r, c]}:>{width}}}" if (r, c) in cell_at else " " * width for c in range(cols))
        lines.append("│" + row + "│")
        lines.append(rule("├", "┼", "┤") if r < rows - 1 else rule("└", "┴", "┘"))
    return "\n".join(lines)


def ascii_grid(rows: int, cols: int, width: int) -> str:
    """A `+--+` grid, as `003_*.txt` draws its squares (cells in row-major order)."""
    rule = "+" + "+".join(["-" * width] * cols) + "+"
    lines = [rule]
    for r in range(rows):
        lines.append("|" + "|".join(f"{{{r * cols + c}:>{width}}}" for c in range(cols)) + "|")
        lines.append(rule)
    return "\n".join(lines)


def sudoku_grid(box: int, width: int) -> str:
    """Rows of digits with `|` between boxes and a dashed rule between bands, as `001_*.txt` does."""
    n = box * box
    lines = []
    for r in range(n):
        chunks = [" ".join(f"{{{r * n + b * box + c}:>{width}}}" for c in range(box)) for b in range(box)]
        lines.append(" | ".join(chunks))
        if r % box == box - 1 and r < n - 1:
            lines.append("-" * (n * (width + 1) + 2 * (box - 1) - 1))
    return "\n".join(lines)


def canvas(points: Sequence[tuple[float, float]], width: int, wrap: tuple[str, str] = ("(", ")")) -> str:
    """Place cells at (x, y) points (y up) on a character canvas, rows by distinct y.

    Used for the magic stars: the hexagram comes out as `004_*.txt` draws it. The closest two cells
    of a row just touch; columns are rounded about the figure's axis, so a mirror-symmetric figure
    is drawn mirror-symmetric.
    """

    def r6(v: float) -> float:
        return round(v, 6) + 0.0

    ys = sorted({r6(y) for _, y in points}, reverse=True)
    cell_w = width + len(wrap[0]) + len(wrap[1])
    gaps = []
    for y in ys:
        row_xs = sorted(r6(x) for x, yy in points if r6(yy) == y)
        gaps += [b - a for a, b in zip(row_xs, row_xs[1:], strict=False) if b - a > 1e-6]
    scale = cell_w / min(gaps) if gaps else 1.0
    mid = (min(x for x, _ in points) + max(x for x, _ in points)) / 2
    cols = [round((x - mid) * scale - cell_w / 2) for x, _ in points]
    left = min(cols)
    rows: dict[int, list[tuple[int, int]]] = {}
    for i, (_, y) in enumerate(points):
        rows.setdefault(ys.index(r6(y)), []).append((cols[i] - left, i))
    lines = []
    for r in range(len(ys)):
        line, used = "", 0  # `used` counts drawn columns: a placeholder is longer than its text
        for col, i in sorted(rows.get(r, [])):
            line += " " * max(col - used, 0) + f"{wrap[0]}{{{i}:>{width}}}{wrap[1]}"
            used = max(col, used) + cell_w
        lines.append(line)
    return "\n".join(lines)
