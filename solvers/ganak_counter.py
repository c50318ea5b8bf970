"""Exact projected model counting with ganak, in a child process that can be stopped.

`pyganak`'s count() blocks in C with no timeout and never returns to Python on Ctrl-C, so each
count runs `python -m solvers.ganak_worker` as a child process fed the CNF on stdin; the parent
polls it and kills it at the deadline or when the stop flag (`solvers.base.STOP`) is set, within
`POLL` seconds. A child costs about 0.1 s to start, small beside the counts it is used for.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from puzzles.errors import BackendError

from .base import STOP, SearchStopped

POLL = 0.05  # seconds between looks at the deadline and the stop flag


def dimacs(clauses: Sequence[Sequence[int]], nvars: int, projection: Sequence[int] | None) -> str:
    """The CNF as DIMACS text, the projection as `c p show ... 0` (the counting competition's format)."""
    lines = [f"p cnf {nvars} {len(clauses)}"]
    if projection is not None:
        lines.append("c p show " + " ".join(map(str, projection)) + " 0")
    lines += [" ".join(map(str, c)) + " 0" for c in clauses]
    return "\n".join(lines) + "\n"


def available() -> bool:
    """Whether pyganak can be imported (checked in this process; only this module names it)."""
    try:
        import pyganak  # noqa: F401
    except ImportError:
        return False
    return True


def count_models(
    clauses: Sequence[Sequence[int]], nvars: int, projection: Sequence[int] | None, deadline: float | None = None
) -> int:
    """The number of assignments to `projection` (None: all variables) that extend to a model.

    Raises SearchStopped past `deadline` (a time.monotonic() value), KeyboardInterrupt when a stop
    was requested, BackendError if ganak is missing or the child fails.
    """
    if not available():
        raise BackendError("exact counting needs pyganak: pip install pyganak")
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "solvers.ganak_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err,
        )
        try:
            return _wait(proc, dimacs(clauses, nvars, projection).encode(), deadline, err)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def _wait(proc: subprocess.Popen, data: bytes, deadline: float | None, err) -> int:  # type: ignore[type-arg]
    """Feed the child, then poll it until it answers, the deadline passes or a stop is requested."""
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(data)
        proc.stdin.close()
    except BrokenPipeError:
        pass  # the child died at once: its status and stderr say why, below
    while True:
        try:
            proc.wait(timeout=POLL)
            break
        except subprocess.TimeoutExpired:
            if STOP.is_set():
                raise KeyboardInterrupt from None
            if deadline is not None and time.monotonic() >= deadline:
                raise SearchStopped from None
    out = proc.stdout.read().decode().strip()
    if proc.returncode != 0 or not out.isdigit():
        err.seek(0)
        lines = err.read().decode(errors="replace").strip().splitlines()
        why = lines[-1] if lines else f"exit status {proc.returncode}"
        raise BackendError(f"ganak failed: {why}")
    return int(out)
