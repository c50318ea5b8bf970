"""`python -m puzzlesat.solvers.approx_worker EPSILON DELTA SEED`: approximate model counts with ApproxMC.

The same protocol as `puzzlesat.solvers.ganak_worker` (CNFs on stdin, each ended by `c end`, projections as
`c p show` lines; one count per line out), for the same reason: `pyapproxmc.Counter.count()` is
one blocking C call, so the parent kills this process to stop it. ApproxMC's answer is within a
factor (1 + EPSILON) of the true count with probability at least 1 - DELTA; the seed makes it the
same answer every run (Chakraborty, Meel and Vardi, IJCAI 2016).
"""

from __future__ import annotations

import sys

from puzzlesat.solvers.ganak_worker import parse, serve


def count(text: str, epsilon: float, delta: float, seed: int) -> int:
    import pyapproxmc

    nvars, clauses, show = parse(text)
    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    counter.add_clauses(clauses)
    cells, hashes = counter.count(show if show is not None else list(range(1, nvars + 1)))
    return cells * 2**hashes


def main() -> None:
    epsilon, delta, seed = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    serve(lambda text: count(text, epsilon, delta, seed))


if __name__ == "__main__":
    main()
