"""`python -m puzzlesat.solvers.ganak_worker`: count the models of DIMACS CNFs on stdin with ganak, one line each.

A separate process because `pyganak.Counter.count()` is one blocking C call with no timeout that
keeps the interpreter from seeing Ctrl-C: the parent (`puzzlesat.solvers.ganak_counter`) kills this process
to stop it. Input: one or more CNFs, each ended by a `c end` line; a CNF may carry its projection
as `c p show V1 V2 ... 0` lines (the model counting competition's format; without them every
variable counts). Output: each count as one decimal line, flushed as soon as it is known, so one
child (0.1-0.5 s to start) serves every conjugacy class of a Burnside count.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable


def die_with_parent() -> None:
    """Linux: SIGKILL this process when its parent dies, so no orphan counts on after a crash."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def parse(text: str) -> tuple[int, list[list[int]], list[int] | None]:
    """The variable count, the clauses and the projection (None: all variables) of a DIMACS text."""
    nvars = 0
    show: list[int] | None = None
    clauses: list[list[int]] = []
    current: list[int] = []
    for line in text.splitlines():
        if line.startswith("c p show"):
            show = (show or []) + [int(t) for t in line.split()[3:] if t != "0"]
        elif line.startswith("p cnf"):
            nvars = int(line.split()[2])
        elif line and not line.startswith("c"):
            for token in line.split():
                lit = int(token)
                if lit:
                    current.append(lit)
                else:
                    clauses.append(current)
                    current = []
    return nvars, clauses, show


def count(text: str) -> int:
    import pyganak

    nvars, clauses, show = parse(text)
    counter = pyganak.Counter()
    counter.new_vars(nvars)
    counter.add_clauses(clauses)
    if show is not None:
        counter.set_sampling_set(show)
    return counter.count()


def serve(counter: Callable[[str], int]) -> None:
    """The protocol, for this worker and ApproxMC's: the CNFs from stdin, one count a line out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop, and kills us
    die_with_parent()
    problems = [p for p in sys.stdin.read().split("c end\n") if p.strip()]
    out = os.dup(1)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # anything the C library prints must not mix with the counts
    for text in problems:
        os.write(out, f"{counter(text)}\n".encode())


def main() -> None:
    serve(count)


if __name__ == "__main__":
    main()
