"""The HoDoKu peer: hodoku-py (PyPI, a Python port of HoDoKu 2.2's solver and grader) rating classic
sudokus, as its own process: `python benchmarks/peer_hodoku.py LINE [LINE ...]`.

Each LINE is 81 characters, `.` or `0` blank; one JSON object a line comes out, `{"level": ...,
"score": ...}` (the level lower-case, as benchmarks/data/rated_sudokus.txt writes HoDoKu's). It
imports only hodoku, so a whole process's time is the peer's own; `rate` is the same call for an
in-process timing (benchmarks/grading_peer.py).
"""

from __future__ import annotations

import json
import sys


def rater():
    """One hodoku-py Solver with HoDoKu's default steps and scores (built once: it holds the tables)."""
    from hodoku import Solver

    return Solver()


def rate(solver, line: str) -> tuple[str, int]:
    """HoDoKu's level and score of one puzzle line (`Solver.rate`: the whole solve, steps not kept)."""
    result = solver.rate(line.replace(".", "0"))
    return result.level.name.lower(), int(result.score)


def main(argv: list[str]) -> int:
    solver = rater()
    for line in argv:
        level, score = rate(solver, line)
        print(json.dumps({"level": level, "score": score}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
