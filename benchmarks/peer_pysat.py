"""The plain PySAT peer of a sudoku batch: one-hot, pairwise at-most-one, CaDiCaL, givens as assumptions.

`python benchmarks/peer_pysat.py FILE [--box 3]`: every line of FILE (81 characters for a 9x9,
`.` or `0` blank) solved on one CaDiCaL session built once, each line's givens passed as
assumptions; prints one solution line per puzzle (81 digits, `-` when none) and, on stderr, the
count and the seconds. This is the script a user would write in ten minutes (stdlib + python-sat
only), the bar issue 40 sets for `puzzlesat solve sudoku --givens-file`.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations

from pysat.solvers import Solver


def clauses(box: int) -> tuple[int, list[list[int]]]:
    """The one-hot sudoku CNF: variable (r, c, v) is r*n*n + c*n + v + 1."""
    n = box * box

    def x(r: int, c: int, v: int) -> int:
        return (r * n + c) * n + v + 1

    houses = [[(r, c) for c in range(n)] for r in range(n)]
    houses += [[(r, c) for r in range(n)] for c in range(n)]
    houses += [[(br + i, bc + j) for i in range(box) for j in range(box)]
               for br in range(0, n, box) for bc in range(0, n, box)]  # fmt: skip
    out: list[list[int]] = []
    for r in range(n):
        for c in range(n):
            lits = [x(r, c, v) for v in range(n)]
            out.append(lits)
            out.extend([-a, -b] for a, b in combinations(lits, 2))
    for house in houses:
        for v in range(n):
            lits = [x(r, c, v) for r, c in house]
            out.append(lits)
            out.extend([-a, -b] for a, b in combinations(lits, 2))
    return n, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--box", type=int, default=3)
    args = ap.parse_args()
    t0 = time.perf_counter()
    n, cnf = clauses(args.box)
    digits = "123456789ABCDEFG"[:n]
    solved = 0
    out = []
    with Solver(name="cadical195", bootstrap_with=cnf) as s, open(args.file) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            assumptions = [i * n + digits.index(ch) + 1 for i, ch in enumerate(line) if ch in digits]
            if s.solve(assumptions=assumptions):
                model = s.get_model()
                values = [next(v for v in range(n) if model[i * n + v] > 0) for i in range(n * n)]
                out.append("".join(digits[v] for v in values))
                solved += 1
            else:
                out.append("-")
    sys.stdout.write("\n".join(out) + "\n")
    print(f"{solved} solved, {time.perf_counter() - t0:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
