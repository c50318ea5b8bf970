"""`python -m solvers.ganak_worker`: count the models of a DIMACS CNF on stdin with ganak, print the count.

A separate process because `pyganak.Counter.count()` is one blocking C call with no timeout that
keeps the interpreter from seeing Ctrl-C: the parent (`solvers.ganak_counter`) kills this process
to stop it. The CNF may carry the projection as `c p show V1 V2 ... 0` lines (the model counting
competition's format); without them every variable counts. Output: the count, one decimal line.
"""

from __future__ import annotations

import os
import signal
import sys


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


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop, and kills us
    die_with_parent()
    text = sys.stdin.read()
    out = os.dup(1)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # anything the C library prints must not mix with the count
    result = count(text)
    os.write(out, f"{result}\n".encode())


if __name__ == "__main__":
    main()
