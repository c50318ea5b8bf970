"""Files of instances for batch solving: one givens string a line (e.g. 81 characters a sudoku).

Blank lines and lines starting with # are skipped; a bad line is one error naming the file and line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .atomic import read_stdin_text, read_text
from .errors import PuzzleSatError, UsageError
from .model import Puzzle


@dataclass(frozen=True)
class Instance:
    line: int  # 1-based line number in the file
    givens: str
    puzzle: Puzzle


def parse_instances(ref: str, params: Mapping[str, str] | None, text: str, label: str) -> list[Instance]:
    """One puzzle per givens line of `text`; `label` names the file in errors."""
    from . import load

    out: list[Instance] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            out.append(Instance(number, line, load(ref, params, line)))
        except PuzzleSatError as e:
            raise type(e)(f"{label} line {number}: {e}") from None
    if not out:
        raise UsageError(f"{label}: no instances (one givens string a line; blank and # lines are skipped)")
    return out


def load_instances(ref: str, params: Mapping[str, str] | None, path: str) -> list[Instance]:
    """The instances in the file at `path` ("-": standard input)."""
    text = read_stdin_text(f"--givens-file {path}") if path == "-" else read_text(path, label=f"--givens-file {path}")
    return parse_instances(ref, params, text, "<stdin>" if path == "-" else path)
