"""The DLX peer (Knuth's dancing links, the `exact-cover` package from PyPI, in C), run as its own
process: `python benchmarks/peer_dlx.py N BOX GIVENS MODE`.

A sudoku (BOX > 0) or a Latin square (BOX = 0) of side N as an exact cover: one row per (cell,
value) the givens allow, columns "cell filled", "row has value", "column has value" (and "box has
value"). GIVENS is a file of N*N numbers, 0 blank. MODE "first" prints one solution, "all" every
one up to two (enough to prove a puzzle unique); one line of cell values each, "none" if there is
none. It imports only numpy and exact_cover, so its time is the peer's own.
"""

import sys

import exact_cover
import numpy as np


def matrix(n: int, box: int, givens: list[int]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    options = [(cell, v) for cell in range(n * n) for v in range(1, n + 1) if givens[cell] in (0, v)]
    parts = 4 if box else 3
    m = np.zeros((len(options), parts * n * n), dtype=np.int32)
    for i, (cell, v) in enumerate(options):
        r, c = divmod(cell, n)
        m[i, cell] = 1
        m[i, n * n + r * n + v - 1] = 1
        m[i, 2 * n * n + c * n + v - 1] = 1
        if box:
            m[i, 3 * n * n + ((r // box) * box + c // box) * n + v - 1] = 1
    return m, options


def main() -> None:
    n, box, path, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    givens = [int(t) for t in open(path, encoding="utf-8").read().split()]
    m, options = matrix(n, box, givens)
    try:
        if mode == "first":
            found = [tuple(exact_cover.get_exact_cover(m))]
        else:
            found = sorted(exact_cover.get_all_solutions(m, max_count=2))
    except exact_cover.error.NoSolution:
        print("none")
        return
    for rows in found:
        values = [0] * (n * n)
        for i in rows:
            cell, v = options[i]
            values[cell] = v
        print(" ".join(map(str, values)))


if __name__ == "__main__":
    main()
