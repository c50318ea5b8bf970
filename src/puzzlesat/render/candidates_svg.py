"""`candidates --svg FILE`: the grid with every cell's candidates as pencil marks, and with
`--counts` each candidate's number of solutions under it (`svg.board_svg`'s `marks`, `counts`).

A run stopped early draws every value not ruled out (the candidates found and the pairs not yet
asked), as pencil marks are drawn by hand: what the picture leaves out is certainly no candidate.
"""

from __future__ import annotations

from pathlib import Path

from puzzlesat.model.model import Puzzle
from puzzlesat.render.svg import board_svg
from puzzlesat.render.svg import check as check_path
from puzzlesat.runtime.errors import UsageError
from puzzlesat.setter.candidates import Candidates


def check(puzzle: Puzzle, path: str) -> None:
    """Refuse, before any work, a bad file name or a puzzle with no grid to put the marks on."""
    check_path(path)
    if puzzle.grid is None:
        raise UsageError(
            f"--svg draws pencil marks on a grid; {puzzle.name} has none (its candidates are in the text and --json)"
        )


def candidates_svg(c: Candidates) -> str:
    """The board: givens, and the pencil marks (with their counts, when counted) of the other cells."""
    marks = {i: found | unknown for i, (found, unknown) in enumerate(zip(c.found, c.unknown, strict=True))}
    counts = None if c.counts is None else dict(enumerate(c.counts))
    return board_svg(c.puzzle, marks=marks, counts=counts)


def write_candidates_svg(c: Candidates, path: str) -> Path:
    """The board to `path`, written atomically."""
    from puzzlesat.runtime.atomic import write_atomic

    return write_atomic(path, candidates_svg(c))
