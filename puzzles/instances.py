"""Files of instances for batch solving: one givens string a line (e.g. 81 characters a sudoku).

Blank lines and lines starting with # are skipped; a bad line is one error naming the file and line.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass

from .atomic import read_text
from .errors import PuzzleSatError, UsageError
from .model import Puzzle


@dataclass(frozen=True)
class Instance:
    """One line of a batch file: its puzzle, or why the line is not one (`error`, then `puzzle` is None)."""

    line: int  # 1-based line number in the file
    givens: str
    puzzle: Puzzle | None
    error: PuzzleSatError | None = None


def parse_instances(ref: str, params: Mapping[str, str] | None, text: str, label: str) -> list[Instance]:
    """One puzzle per givens line of `text`; `label` names the file in errors.

    A bad line becomes an Instance carrying its error, so the batch solves the others and reports
    it in its place; a file with no good line at all is one UsageError (the first bad line's)."""
    from . import is_file_ref, load
    from .catalog import names
    from .givens import with_givens

    base = load(ref, params)  # a bad puzzle or parameter is the whole batch's error, reported once
    catalog = ref in names() and not is_file_ref(ref)
    if base.grid is None:  # said once, not once a line
        raise UsageError(
            f"{ref}: --givens-file needs a puzzle whose cells form a grid "
            "(the sudoku and its variants, a [grid] file, an f-puzzles import)"
        )
    out: list[Instance] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            puzzle = load(ref, params, line) if catalog else with_givens(base, line, label)
            out.append(Instance(number, line, puzzle))
        except PuzzleSatError as e:
            out.append(Instance(number, line, None, type(e)(f"{label} line {number}: {e}")))
    if not out:
        raise UsageError(f"{label}: no instances (one givens string a line; blank and # lines are skipped)")
    if all(i.error is not None for i in out):
        raise out[0].error  # type: ignore[misc]
    return out


def load_instances(ref: str, params: Mapping[str, str] | None, path: str) -> list[Instance]:
    """The instances in the file at `path` ("-": standard input)."""
    text = sys.stdin.read() if path == "-" else read_text(path)
    return parse_instances(ref, params, text, "<stdin>" if path == "-" else path)
