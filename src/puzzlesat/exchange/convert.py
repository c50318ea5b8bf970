"""`puzzlesat convert`: any puzzle (catalog, TOML file, link or string) as a TOML puzzle file, or
with `--to` as an f-puzzles or SudokuPad link or a .sdk file (`puzzlesat.exchange.targets`).

Before anything is written the text is read back and compared with the puzzle (TOML: equal
field for field; the others: the same cells, values and core, `targets.same_puzzle`), so what
`convert` writes always loads to the very puzzle it was made from (a difference is a bug, exit 70,
and nothing is written). Files are written atomically, an existing one replaced (puzzlesat.runtime.atomic).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.atomic import write_atomic
from puzzlesat.runtime.errors import CheckError, PuzzleSatError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import check_stop
from puzzlesat.runtime.words import plural


@dataclass(frozen=True)
class Converted:
    """A puzzle's text in a format (TOML unless `--to` says otherwise), and where it was written
    (None: nowhere, for standard output)."""

    puzzle: Puzzle
    text: str
    path: Path | None
    format: str = "toml"

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
        if self.format != "toml":
            doc["format"] = self.format
        if self.path is None:
            from puzzlesat.exchange.targets import TARGETS

            doc[TARGETS[self.format].key] = self.text.strip() if self.format in ("fpuzzles", "sudokupad") else self.text
        return doc

    def summary(self) -> str:
        p = self.puzzle
        return (
            f"{self.path}: {p.name} ({p.title}), {plural(p.size, 'cell')}, {plural(len(p.givens), 'given')}, "
            f"{plural(len(p.rules), 'rule')} besides the grid's, {plural(len(p.core), 'constraint')}"
        )


def convert(puzzle: Puzzle, output: str | Path | None = None, to: str = "toml") -> Converted:
    """The puzzle in format `to` (TOML by default), checked to load back as the same puzzle, and
    written to `output` when given; a puzzle the format cannot state is a UsageError.

    A stop (Ctrl-C, SIGTERM) is honoured between the steps, which take seconds each for a million
    cells: KeyboardInterrupt, and nothing written."""
    from puzzlesat.exchange.targets import same_puzzle, target

    fmt = target(to)
    form = "TOML" if to == "toml" else to
    check_stop()
    text = fmt.write(puzzle)
    check_stop()
    try:
        back = fmt.read(text)
    except PuzzleSatError as e:
        raise CheckError(
            f"convert: the {form} form of {puzzle.name} does not load back ({e}): a bug, please report it"
        ) from None
    check_stop()
    if (back != puzzle) if to == "toml" else not same_puzzle(back, puzzle):
        raise CheckError(
            f"convert: the {form} form of {puzzle.name} loads back as another puzzle: a bug, please report it"
        )
    check_stop()
    path = None if output is None else write_atomic(output, text)
    return Converted(puzzle, text, path, to)
