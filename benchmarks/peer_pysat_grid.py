"""The plain PySAT peer for grids, run as its own process: `python benchmarks/peer_pysat_grid.py N BOX GIVENS MODE`.

What a user would write in an afternoon: one Boolean per (cell, value), "exactly one" per cell and
per value in each row, column (and box, BOX > 0) as one clause plus pairwise at-most-one, the givens
as unit clauses, CaDiCaL 1.9.5. GIVENS is a file of N*N numbers, 0 blank. MODE "first" prints one
solution, "all" every one up to two (a blocking clause after each). One line of cell values each,
"none" if there is none. It imports only PySAT, so its time is the peer's own.
"""

import itertools
import sys

from pysat.solvers import Solver


def main() -> None:
    n, box, path, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    givens = [int(t) for t in open(path, encoding="utf-8").read().split()]

    def x(cell: int, v: int) -> int:
        return cell * n + v

    groups = [[cell for cell in range(n * n) if cell // n == r] for r in range(n)]
    groups += [[cell for cell in range(n * n) if cell % n == c] for c in range(n)]
    if box:
        groups += [
            [cell for cell in range(n * n) if (cell // n) // box * box + (cell % n) // box == b] for b in range(n)
        ]
    clauses = []
    for cell in range(n * n):
        lits = [x(cell, v) for v in range(1, n + 1)]
        clauses.append(lits)
        clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
        if givens[cell]:
            clauses.append([x(cell, givens[cell])])
    for g in groups:
        for v in range(1, n + 1):
            lits = [x(cell, v) for cell in g]
            clauses.append(lits)
            clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
    found = 0
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        while s.solve():
            model = s.get_model()
            values = [next(v for v in range(1, n + 1) if model[x(cell, v) - 1] > 0) for cell in range(n * n)]
            print(" ".join(map(str, values)))
            found += 1
            if mode == "first" or found == 2:
                break
            s.add_clause([-x(cell, v) for cell, v in enumerate(values)])
    if not found:
        print("none")


if __name__ == "__main__":
    main()
