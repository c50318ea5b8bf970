"""`python -m benchmarks.rated_check [FILE]`: every line of a rated-sudoku file has one solution.

Calibration against published ratings is only meaningful on proper puzzles, so this checks the
line format of benchmarks/data/rated_sudokus.txt and uniqueness through puzzlesat's own API, and
prints the count per scale and rating.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import puzzlesat

DEFAULT = Path(__file__).parent / "data" / "rated_sudokus.txt"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")


def problems(line: str) -> str | None:
    """What is wrong with one data line, or None."""
    fields = line.split()
    if len(fields) not in (3, 4) or len(fields[0]) != 81:
        return "want <81 chars> <rating> <scale> [<score>]"
    grid, rating, scale = fields[:3]
    if scale == "hodoku" and (rating not in LEVELS or len(fields) == 4 and not fields[3].isdigit()):
        return f"hodoku rating must be one of {', '.join(LEVELS)}, score an integer"
    if scale == "se" and not (
        len(fields) == 3 and rating.replace(".", "", 1).isdigit() and 1.0 <= float(rating) <= 11.9
    ):
        return "se rating must be a number in 1.0-11.9"
    if scale not in ("hodoku", "se"):
        return f"unknown scale {scale!r}"
    try:
        outcome = puzzlesat.solve(puzzlesat.load(grid), limit=2, modulo_symmetry=False, symmetry="none")
    except puzzlesat.PuzzleSatError as e:
        return str(e)
    if outcome.count == 1 and outcome.complete:
        return None
    return f"{outcome.count} solutions" if outcome.complete or outcome.count > 1 else "search stopped"


def order(scale: str, rating: str) -> tuple[str, float]:
    """Sort key: by scale, then easy to hard."""
    return scale, float(LEVELS.index(rating) if scale == "hodoku" else rating)


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    bad = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        wrong = problems(line)
        if wrong:
            bad += 1
            print(f"{path.name}:{number}: {wrong}")
        else:
            counts[line.split()[2], line.split()[1]] += 1
    for (scale, rating), n in sorted(counts.items(), key=lambda kv: order(*kv[0])):
        print(f"{scale} {rating}: {n}")
    print(f"{sum(counts.values())} unique, {bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
