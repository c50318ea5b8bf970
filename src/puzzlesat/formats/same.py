"""When two puzzles are the same puzzle though written differently (an f-puzzles link read back, a
SudokuPad drawing read as rules): `convert --to` checks its links and files with it."""

from __future__ import annotations

from puzzlesat.model.model import Puzzle


def fingerprint(p: Puzzle) -> tuple[object, ...]:
    """What makes two puzzles the same puzzle whatever their names and rule forms: the cells, each
    cell's values with the givens folded in, and the core's constraints in normal form."""
    given = p.given_map
    domains = tuple((given[i],) if i in given else d for i, d in enumerate(p.domains))
    return p.cells, domains, frozenset(c.key() for c in p.core)


def same_puzzle(a: Puzzle, b: Puzzle) -> bool:
    return fingerprint(a) == fingerprint(b)
