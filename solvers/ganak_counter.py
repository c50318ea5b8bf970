"""Exact projected model counting with ganak, in a child process that can be stopped.

`pyganak`'s count() blocks in C with no timeout and never returns to Python on Ctrl-C, so the
counts run in `python -m puzzlesat.solvers.ganak_worker`, a child process fed the CNFs on stdin; the parent
waits for its answers (read by a thread) and kills it at the deadline or when the stop flag
(`puzzlesat.solvers.base.STOP`) is set, within `POLL` seconds. One child serves a whole sequence of counts
(Burnside's conjugacy classes), as it costs 0.1-0.5 s to start. The approximate counter
ApproxMC runs the same way (`puzzlesat.solvers.approx_worker`, `Worker`).
"""

from __future__ import annotations

import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO

from puzzlesat.runtime.errors import BackendError
from puzzlesat.runtime.records import dataclass
from puzzlesat.solvers.base import STOP, SearchStopped

POLL = 0.05  # seconds between looks at the deadline and the stop flag


@dataclass(frozen=True)
class Problem:
    """Count the assignments to `projection` (None: every variable) that extend to a model of the clauses."""

    clauses: Sequence[Sequence[int]]
    nvars: int
    projection: Sequence[int] | None = None

    def dimacs(self) -> str:
        """DIMACS text, the projection as `c p show ... 0` (the counting competition's format), `c end`."""
        lines = [f"p cnf {self.nvars} {len(self.clauses)}"]
        if self.projection is not None:
            lines.append("c p show " + " ".join(map(str, self.projection)) + " 0")
        lines += [" ".join(map(str, c)) + " 0" for c in self.clauses]
        return "\n".join(lines) + "\nc end\n"


@dataclass(frozen=True)
class Worker:
    """A counter's child process: `python -m module *args`, and the package it needs."""

    module: str
    package: str
    purpose: str
    args: tuple[str, ...] = ()

    def available(self) -> bool:
        """Whether the package can be imported (looked up, not imported: only the worker imports it)."""
        import importlib.util

        return importlib.util.find_spec(self.package) is not None


GANAK = Worker("puzzlesat.solvers.ganak_worker", "pyganak", "exact counting")

# ApproxMC's guarantee: within a factor (1 + tolerance) of the count with probability 1 - delta; a
# fixed seed so that the same command gives the same estimate.
APPROX_TOLERANCE = 0.8
APPROX_DELTA = 0.2
APPROX_SEED = 1
APPROX = Worker("puzzlesat.solvers.approx_worker", "pyapproxmc", "approximate counting",
                (str(APPROX_TOLERANCE), str(APPROX_DELTA), str(APPROX_SEED)))  # fmt: skip


def available() -> bool:
    """Whether pyganak can be imported (only this module and the worker name it)."""
    return GANAK.available()


def count_models(
    problems: Sequence[Problem],
    deadline: float | None = None,
    on_count: Callable[[int, int], None] | None = None,
    on_wait: Callable[[], None] | None = None,
    worker: Worker = GANAK,
) -> list[int]:
    """Each problem's count, in order; `on_count(index, count)` as each is known, `on_wait()`
    every POLL seconds meanwhile (a progress line). `worker` is the counter (ganak by default).

    Raises SearchStopped past `deadline` (a time.monotonic() value), KeyboardInterrupt when a stop
    is requested (the counts known by then were passed to `on_count`), BackendError if pyganak is
    missing or the child fails.
    """
    if not worker.available():
        raise BackendError(f"{worker.purpose} needs {worker.package}: pip install {worker.package}")
    counts: list[int] = []
    if not problems:
        return counts
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", worker.module, *worker.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err,
        )
        try:
            lines: queue.Queue[str | None] = queue.Queue()
            text = "".join(p.dimacs() for p in problems)
            threading.Thread(target=_feed, args=(proc, text, lines), daemon=True).start()
            while len(counts) < len(problems):
                line = _next_line(lines, deadline, on_wait)
                if line is None or not line.strip().isdigit():
                    raise BackendError(_failed(worker.package.removeprefix("py"), _why(proc, err)))
                counts.append(int(line))
                if on_count is not None:
                    on_count(len(counts) - 1, counts[-1])
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
    return counts


def _feed(proc: subprocess.Popen, text: str, lines: queue.Queue) -> None:  # type: ignore[type-arg]
    """Write the problems, then pass each answer line on; None at the end of the child's output."""
    stdin, stdout = proc.stdin, proc.stdout
    try:
        if stdin is not None:
            stdin.write(text.encode())
            stdin.close()
    except (BrokenPipeError, ValueError, OSError):
        pass  # the child died: its status and stderr say why
    try:
        for raw in stdout if stdout is not None else ():
            lines.put(raw.decode())
    except (ValueError, OSError):
        pass
    lines.put(None)


def _next_line(
    lines: queue.Queue,  # type: ignore[type-arg]
    deadline: float | None,
    on_wait: Callable[[], None] | None,
) -> str | None:
    """The child's next answer, looking at the stop flag and the deadline every POLL seconds."""
    while True:
        try:
            return lines.get(timeout=POLL)
        except queue.Empty:
            if on_wait is not None:
                on_wait()
            if STOP.is_set():
                raise KeyboardInterrupt from None
            if deadline is not None and time.monotonic() >= deadline:
                raise SearchStopped from None


# What a counter's last line says when it ran out of memory (pyganak turns std::bad_alloc into a
# RuntimeError; a C++ abort ends with "what():  std::bad_alloc"; Python's own MemoryError).
OUT_OF_MEMORY = ("bad_alloc", "MemoryError", "OutOfMemory", "out of memory")


def _failed(name: str, why: str) -> str:
    """The one line for a counter that failed: out of memory said as such (exit 4 either way)."""
    if any(word in why for word in OUT_OF_MEMORY):
        return f"{name} ran out of memory ({why.strip()})"
    return f"{name} failed: {why}"


def _why(proc: subprocess.Popen, err: IO[bytes]) -> str:  # type: ignore[type-arg]
    """The last line the child wrote on stderr, or its exit status."""
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    err.seek(0)
    lines = err.read().decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else f"exit status {proc.returncode}"
