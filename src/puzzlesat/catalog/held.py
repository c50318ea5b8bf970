"""A puzzle held as text, in a file or on standard input: which form it is, told by its content.

Whatever PUZZLE reads as an argument reads from a file or a pipe too: a SudokuPad link, an
f-puzzles link or string (another site's link gets f-puzzles' "not a link" message), a classic
line (16, 81 or 256 characters) or a 729-character sukaku, each the whole text but for spaces
around it. A `.sdk`/`.sdm` file, or text shaped like one (rows of digits and '.' under `#` header
lines), is SadMan's; anything else is a TOML puzzle file, whose errors then say what is wrong.
The content decides, not the name: a link saved as `puzzle.toml` or `link.txt` still loads. No
TOML document is any of these forms, since each has a line without `=`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from puzzlesat.runtime.errors import UsageError

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle


def form(text: str, name: str = "") -> str:
    """The form `text` holds: sudokupad, fpuzzles, classic, sukaku, sadman or toml (`name`, a file's
    name, makes a .sdk or .sdm file SadMan's when it holds no link)."""
    from puzzlesat.formats.fpuzzles.link import extract, is_link
    from puzzlesat.formats.sadman.files import classic_box, is_sadman, is_sukaku, looks_like_grid
    from puzzlesat.formats.sudokupad.link import is_sudokupad

    line = text.strip()
    if is_sudokupad(line):
        return "sudokupad"
    if extract(text) is not None or is_link(line):
        return "fpuzzles"
    if is_sadman(name):
        return "sadman"
    if classic_box(line) is not None:
        return "classic"
    if is_sukaku(line):
        return "sukaku"
    return "sadman" if looks_like_grid(text) else "toml"


def load_held(text: str, label: str, givens: str | None, name: str = "") -> Puzzle:
    """The puzzle `text` holds, read by its form; errors name `label` (the file, or <stdin>)."""
    kind = form(text, name)
    line = text.strip()
    if kind == "classic":
        return classic(line, label, None, givens)
    if kind == "sukaku":
        return sukaku_line(line, label, None, givens)
    if kind == "sudokupad":
        from puzzlesat.formats.sudokupad.link import load_sudokupad

        puzzle = load_sudokupad(line, label)
    elif kind == "fpuzzles":
        from puzzlesat.formats.fpuzzles.link import load_fpuzzles

        puzzle = load_fpuzzles(line, label)
    elif kind == "sadman":
        from puzzlesat.formats.sadman.files import read_sadman

        suffix = name.lower()[-4:]
        puzzle = read_sadman(text, label, sdm={".sdm": True, ".sdk": False}.get(suffix))
    else:
        from puzzlesat.formats.toml.files import load_text

        puzzle = load_text(text, label)
    if givens is None:
        return puzzle
    from puzzlesat.model.givens import with_givens  # here: it brings the grid's module

    return with_givens(puzzle, givens, label)


def classic(line: str, label: str, params: Mapping[str, str] | None, givens: str | None) -> Puzzle:
    """A classic line: the catalog's sudoku of that size, the line its givens."""
    from puzzlesat.catalog.builtin import build
    from puzzlesat.formats.sadman.files import classic_box

    if params:
        raise UsageError(f"{label}: a classic line is a sudoku whose size its length gives; -p does not apply")
    if givens is not None:
        raise UsageError(f"{label}: a classic line holds its own givens; drop --givens")
    return build("sudoku", {"box": str(classic_box(line))}, line)


def sukaku_line(line: str, label: str, params: Mapping[str, str] | None, givens: str | None) -> Puzzle:
    """A 729-character sukaku: the 9x9 sudoku whose cells take only their pencil-marked digits."""
    from puzzlesat.formats.sadman.files import sukaku

    if params:
        raise UsageError(f"{label}: a sukaku is a 9x9 sudoku; -p does not apply")
    if givens is not None:
        raise UsageError(f"{label}: a sukaku's pencil marks are its clues; drop --givens")
    return sukaku(line, label)
