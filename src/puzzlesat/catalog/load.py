"""puzzlesat.catalog.load: the puzzle model, the built-in catalog and puzzle files.

`load()` is the one entry point the CLI and the API share: a catalog name, a TOML file, an
f-puzzles link or string, a SudokuPad link, a SadMan `.sdk` or `.sdm` file, a classic sudoku line
(81 characters, one a cell) or a 729-character sukaku of pencil marks (`puzzlesat.formats.sadman.files`). A file,
or `-` (standard input), may hold any of them but a name, told apart by content (`puzzlesat.catalog.held`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

# The classic exchange line lives with the other classic formats, which read it too.
from puzzlesat.catalog.held import classic as _classic
from puzzlesat.catalog.held import sukaku_line as _sukaku
from puzzlesat.formats.sadman.files import classic_box
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError

__all__ = ["STDIN", "Puzzle", "is_file_ref", "load"]

# The ref that reads the puzzle from standard input, and the name it has in messages.
STDIN, STDIN_NAME = "-", "<stdin>"

# A catalog name: never an f-puzzles link or string (those start with http or N4Ig), so such a
# ref goes to the catalog without importing the f-puzzles reader (start-up, issue 16).
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


def is_file_ref(ref: str) -> bool:
    """A ref is a file when it ends in .toml (.sdk, .sdm), has a path separator, or names an existing file."""
    seps = {os.sep, "/"} | ({os.altsep} if os.altsep else set())
    if ref.endswith(".toml") or ref.lower().endswith((".sdk", ".sdm")) or any(s in ref for s in seps):
        return True
    try:
        return os.path.isfile(ref)  # not pathlib: 10 ms of a start-up
    except (OSError, ValueError):  # too long for a file name (ENAMETOOLONG), or a NUL in it
        return False


def _is_file(ref: str) -> bool:
    try:
        return os.path.isfile(ref)  # not pathlib: 10 ms of a start-up
    except (OSError, ValueError):  # too long for a file name (ENAMETOOLONG), or a NUL in it
        return False


def load(ref: str, params: Mapping[str, str] | None = None, givens: str | None = None) -> Puzzle:
    """The puzzle a catalog name, a link, a line or a file (of any form, `puzzlesat.catalog.held`) stands for.

    -p is for the catalog only; `givens` (one character or number a cell, row by row) works for any
    puzzle whose cells form a grid and replaces the puzzle's own givens."""
    if ref == STDIN:
        return _load_stdin(params, givens)
    if classic_box(ref) is not None and not is_file_ref(ref):
        return _classic(ref, "the classic line", params, givens)
    from puzzlesat.formats.sadman.files import is_sukaku

    if is_sukaku(ref) and not is_file_ref(ref):
        return _sukaku(ref, "the sukaku line", params, givens)
    if _NAME.fullmatch(ref) and not is_file_ref(ref):
        from puzzlesat.catalog.builtin import build

        return build(ref, params, givens)
    from puzzlesat.formats.sudokupad.link import is_sudokupad

    if is_sudokupad(ref):
        if params:
            raise UsageError(
                "the SudokuPad link: parameters (-p) apply to catalog puzzles only; write them into the puzzle"
            )
        from puzzlesat.formats.sudokupad.link import load_sudokupad

        puzzle = load_sudokupad(ref)
        from puzzlesat.model.givens import with_givens

        return puzzle if givens is None else with_givens(puzzle, givens, "the SudokuPad link")
    if _is_file(ref):
        return _load_file(ref, params, givens)
    from puzzlesat.formats.fpuzzles.link import extract, is_link

    if extract(ref) is not None or is_link(ref):  # another site's link gets f-puzzles' "not a link" message
        label = "the f-puzzles link or string" if extract(ref) is not None else ref
        if params:
            raise UsageError(f"{label}: parameters (-p) apply to catalog puzzles only; write them into the puzzle")
        from puzzlesat.formats.fpuzzles.link import load_fpuzzles

        puzzle = load_fpuzzles(ref)
        from puzzlesat.model.givens import with_givens

        return puzzle if givens is None else with_givens(puzzle, givens, label)
    if is_file_ref(ref):
        return _load_file(ref, params, givens)  # no such file: said by the reader
    from puzzlesat.catalog.builtin import build

    return build(ref, params, givens)


def _load_file(ref: str, params: Mapping[str, str] | None, givens: str | None) -> Puzzle:
    """A file holding any form PUZZLE reads (`puzzlesat.catalog.held`), its name in every message."""
    from puzzlesat.catalog.held import load_held
    from puzzlesat.runtime.atomic import read_text
    from puzzlesat.runtime.errors import FileFormatError

    if params:
        raise UsageError(f"{ref}: parameters (-p) apply to catalog puzzles only; write them into the file")
    return load_held(read_text(ref, error=FileFormatError), ref, givens, ref)


def _load_stdin(params: Mapping[str, str] | None, givens: str | None) -> Puzzle:
    """`-`: standard input read once, then read by its content as a file is (`puzzlesat.catalog.held`)."""
    from puzzlesat.catalog.held import load_held
    from puzzlesat.runtime.atomic import read_stdin_text

    if params:
        raise UsageError(f"{STDIN_NAME}: parameters (-p) apply to catalog puzzles only; write them into the puzzle")
    text = read_stdin_text(STDIN_NAME)
    if not text.strip():
        raise UsageError(
            f"{STDIN_NAME}: empty; pipe a puzzle file (TOML), an f-puzzles or SudokuPad link, an f-puzzles string, "
            "or a classic sudoku line"
        )
    return load_held(text, STDIN_NAME, givens)
