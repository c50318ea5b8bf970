"""`puzzlesat convert`: any puzzle (catalog, TOML file, f-puzzles link or string) as a TOML puzzle file.

The text is `puzzles.files.dump_toml`; before anything is written it is read back and compared
with the puzzle, so a file `convert` writes always loads to the very puzzle it was made from (a
difference is a bug, exit 70, and nothing is written). Files are written atomically, an existing
one replaced (puzzles.atomic).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.atomic import write_atomic
from puzzles.errors import CheckError, PuzzleSatError
from puzzles.files import dump_toml, load_text
from puzzles.model import Puzzle
from puzzles.stop import check_stop
from puzzles.words import plural


@dataclass(frozen=True)
class Converted:
    """A puzzle's TOML text, and where it was written (None: nowhere, for standard output)."""

    puzzle: Puzzle
    text: str
    path: Path | None

    def as_json(self) -> dict[str, Any]:
        p = self.puzzle
        from puzzlesat import __version__

        doc: dict[str, Any] = {
            "version": __version__,
            "written": None if self.path is None else str(self.path),
            "puzzle": p.name,
            "title": p.title,
            "cells": p.size,
            "givens": len(p.givens),
            "rules": len(p.rules),
            "constraints": len(p.core),
            "bytes": len(self.text.encode()),
        }
        if self.path is None:
            doc["toml"] = self.text
        return doc

    def summary(self) -> str:
        p = self.puzzle
        return (
            f"{self.path}: {p.name} ({p.title}), {plural(p.size, 'cell')}, {plural(len(p.givens), 'given')}, "
            f"{plural(len(p.rules), 'rule')} besides the grid's, {plural(len(p.core), 'constraint')}"
        )


def convert(puzzle: Puzzle, output: str | Path | None = None) -> Converted:
    """The puzzle as TOML, checked to load back equal, and written to `output` when given.

    A stop (Ctrl-C, SIGTERM) is honoured between the steps, which take seconds each for a million
    cells: KeyboardInterrupt, and nothing written."""
    check_stop()
    text = dump_toml(puzzle)
    check_stop()
    try:
        back = load_text(text, "<converted>")
    except PuzzleSatError as e:
        raise CheckError(
            f"convert: the TOML form of {puzzle.name} does not load back ({e}): a bug, please report it"
        ) from None
    check_stop()
    if back != puzzle:
        raise CheckError(
            f"convert: the TOML form of {puzzle.name} loads back as another puzzle: a bug, please report it"
        )
    check_stop()
    path = None if output is None else write_atomic(output, text)
    return Converted(puzzle, text, path)
