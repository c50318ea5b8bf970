"""`generate --difficulty LEVEL`: a puzzle whose grade is that level.

A generated puzzle has minimal givens, which makes it as hard as its solution allows. Harder than
asked: givens are put back, one at a time, where the hardest step deduces (the cell a person is
stuck on), and the puzzle is graded again; easier than asked, or out of givens to add: the next
seed. Adding a given never adds a solution, so every result is still unique, and it is graded by
the same explanation `grade` prints.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from puzzlesat.reasoning.api import LEVELS, TOP_LEVEL, explain
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import replace
from puzzlesat.runtime.words import unknown
from puzzlesat.setter.generate import Generated, generate_puzzle

ORDER = [name for _, name in LEVELS] + [TOP_LEVEL]
# Seeds tried before giving up (each is a generation and a few explanations: about a second on 9x9).
ATTEMPTS = 30


def generate_at(kind: str, level: str, *, seed: int = 1, params: Mapping[str, str] | None = None,
                attempts: int = ATTEMPTS) -> Generated:
    if level not in ORDER:
        raise UsageError(f"--difficulty: {unknown('level', level, ORDER)}")
    want = ORDER.index(level)
    start = time.monotonic()
    for s in range(seed, seed + attempts):
        made = generate_puzzle(kind, seed=s, params=params)
        puzzle = made.puzzle
        givens = dict(puzzle.givens)
        while True:
            e = explain(puzzle)
            got = ORDER.index(e.grade.level)
            if got == want:
                return replace(made, puzzle=puzzle, minimal=puzzle is made.puzzle, seconds=time.monotonic() - start,
                               grade=(e.grade.score, e.grade.level))
            if got < want or e.grade.hardest is None:
                break
            cell = e.grade.hardest.deduced[0].cell
            if cell in givens:
                break
            givens[cell] = made.solution[cell]
            puzzle = replace(puzzle, givens=tuple(sorted(givens.items())))
    raise UsageError(
        f"generate {kind} --difficulty {level}: none of seeds {seed}..{seed + attempts - 1} "
        f"makes a puzzle that grades {level}; try another --seed"
    )
