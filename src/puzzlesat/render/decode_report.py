"""Rendering a decoded answer: the board as `solve` draws it, or JSON shaped like `solve --json`."""

from __future__ import annotations

from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.render.report import document, solution_json, solution_text
from puzzlesat.solvers.enumerate import Solution


def _settings_text(settings: dict[str, str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in settings.items())


def decoded_json(puzzle: Puzzle, solution: Solution, settings: dict[str, str], source: str) -> dict[str, Any]:
    """One document: the puzzle, the settings of the map, and the solution as `solve --json` gives one."""
    return {
        **document(puzzle),
        "source": source,
        "settings": settings,
        "status": "SATISFIABLE",
        "checked": True,
        "canonical": list(puzzle.group.canonical(solution.values)),
        "count": 1,
        "solutions": [solution_json(solution, puzzle)],
    }


def decoded_text(puzzle: Puzzle, solution: Solution, settings: dict[str, str], source: str) -> str:
    """The board, then one line saying where it came from and that the checker accepted it."""
    canonical = puzzle.group.canonical(solution.values)
    note = "" if canonical == solution.values else f"; its class's canonical form is {list(canonical)}"
    return (
        solution_text(puzzle, solution, 1)
        + f"\ndecoded from {source} ({_settings_text(settings)}): a valid solution, checked{note}"
    )
