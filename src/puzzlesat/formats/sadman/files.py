"""The classic exchange files besides the 81-character line: SadMan's `.sdk` and `.sdm`, and the
729-character sukaku of pencil marks.

- `.sdk`: `#` header lines (`#A` author, `#D` description, ...), then the grid, one line a row,
  '.' or '0' blank (an optional `[Puzzle]` section header; a later section such as `[State]`,
  the solver's progress, is not the puzzle and is skipped).
- `.sdm`: one classic line a puzzle. As PUZZLE it must hold exactly one; a file of many is a
  batch, which `--givens-file` reads (each line one instance).
- sukaku: nine characters a cell, row by row; a digit is a candidate, '0' or '.' not. It
  restricts each cell's domain (a single candidate is a given in all but name).

Each is the catalog's sudoku of the right size with those givens or domains, as the classic line
is (`puzzles._classic`).
"""

from __future__ import annotations

import re

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import FileFormatError
from puzzlesat.runtime.records import replace

# The classic exchange line: one character a cell, row by row ('.' or '0' blank), of a 4x4, 9x9 or
# 16x16 sudoku (16x16 writes 10-16 as A-G, as its boards do); its length names the box.
CLASSIC_BOXES = {16: 2, 81: 3, 256: 4}
_CLASSIC = {2: re.compile(r"[0-4.]{16}"), 3: re.compile(r"[0-9.]{81}"), 4: re.compile(r"[0-9A-Ga-g.]{256}")}
# The suffixes read as SadMan files wherever a puzzle is (checked case-insensitively).
SUFFIXES = (".sdk", ".sdm")
_SUKAKU = re.compile(r"[0-9.]{729}")
_SECTION = re.compile(r"\[[A-Za-z ]+\]")
_ROW = re.compile(r"[0-9A-Ga-g.]+")


def classic_box(ref: str) -> int | None:
    """The box size of the sudoku a classic line is (2, 3 or 4), or None when `ref` is not one."""
    box = CLASSIC_BOXES.get(len(ref))
    return box if box is not None and _CLASSIC[box].fullmatch(ref) else None


def is_sadman(ref: str) -> bool:
    return ref.lower().endswith(SUFFIXES)


def is_sukaku(text: str) -> bool:
    """Nine characters of 0-9 or '.' for each of 81 cells (no classic line is that long)."""
    return _SUKAKU.fullmatch(text) is not None


def sukaku(text: str, label: str) -> Puzzle:
    """The 9x9 sudoku whose cells may take only their pencil-marked digits."""
    from puzzlesat.catalog.builtin import build
    from puzzlesat.model.grid import cell_name

    base = build("sudoku", {"box": "3"}, "." * 81)
    domains = []
    for k in range(81):
        marks = tuple(sorted({int(ch) for ch in text[9 * k : 9 * k + 9] if ch not in "0."}))
        if not marks:
            raise FileFormatError(
                f"{label}: cell {cell_name(k // 9 + 1, k % 9 + 1)} has no candidate (nine '0' or '.')"
            )
        domains.append(marks)
    return replace(base, name="sukaku", title="Sukaku: a sudoku given as pencil marks", domains=tuple(domains))


def _rows(text: str) -> list[str]:
    """The lines of a grid: no blank or `#` line, no section header, nothing past the first section."""
    rows: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if _SECTION.fullmatch(line):
            if rows:
                break
            continue
        rows.append(line)
    return rows


def looks_like_grid(text: str) -> bool:
    """Text shaped like a .sdk or .sdm file whatever its name: rows of digits and '.' (no TOML is)."""
    rows = _rows(text)
    return bool(rows) and all(_ROW.fullmatch(r) for r in rows)


def read_sadman(text: str, label: str, sdm: bool | None = None) -> Puzzle:
    """A .sdk grid (`sdm` False) or a .sdm line (True); None tells them apart by shape: lines of a
    classic line's length that do not make a square are a .sdm's."""
    if sdm is None:
        rows = _rows(text)
        sdm = len(rows) > 1 and all(classic_box(r) is not None and len(r) != len(rows) for r in rows)
    return _sdm(text, label) if sdm else _sdk(text, label)


def _sdk(text: str, label: str) -> Puzzle:
    from puzzlesat.runtime.words import plural

    rows: list[str] = []
    section = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if _SECTION.fullmatch(line):
            if section or rows:  # the next section ([State], ...) is the solver's, not the puzzle
                break
            section = True
            continue
        rows.append(line)
        if not re.fullmatch(r"[0-9A-Ga-g.]+", line):
            bad = next(ch for ch in line if not re.fullmatch(r"[0-9A-Ga-g.]", ch))
            raise FileFormatError(f"{label} line {number}: {bad!r} is no digit or '.' (a blank) of a .sdk grid")
    line = "".join(rows)
    if classic_box(line) is None or any(len(r) != len(rows) for r in rows):
        widths = sorted({len(r) for r in rows})
        raise FileFormatError(
            f"{label}: a .sdk grid is 9 lines of 9 characters (4 of 4, 16 of 16) after its # header lines, "
            f"got {plural(len(rows), 'line')} of {', '.join(map(str, widths)) or 'no'} characters"
        )
    return _sudoku(line)


def _sdm(text: str, label: str) -> Puzzle:
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if not lines:
        raise FileFormatError(f"{label}: no puzzle (a .sdm file holds one 81-character line a puzzle)")
    if len(lines) > 1:
        raise FileFormatError(
            f"{label}: holds {len(lines)} puzzles; solve them all with "
            f"`puzzlesat solve sudoku --givens-file {label}`, or keep one line"
        )
    number, line = lines[0]
    if classic_box(line) is None:
        raise FileFormatError(
            f"{label} line {number}: not a classic sudoku line (81 characters of 1-9, '.' or '0' for a blank)"
        )
    return _sudoku(line)


def _sudoku(line: str) -> Puzzle:
    from puzzlesat.catalog.builtin import build

    return build("sudoku", {"box": str(classic_box(line))}, line)
