"""Cubes over local worker processes: a queue of cubes in, a queue of messages out.

Each process encodes the puzzle once and pulls cubes, largest first, until none is left, so a
worker that finishes early takes more. Messages come back one by one (every solution as it is
found). The parent owns Ctrl-C and the deadline: workers ignore SIGINT, and stop at their next safe
point when the parent sets the stop event (a thread in each worker raises the worker's own stop
flag) or when the deadline passes (each worker also knows it); a worker whose parent died stops too.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from puzzlesat.runtime.errors import Status
from puzzlesat.solvers.cube_worker import Job, run_cubes
from puzzlesat.solvers.cubes import Cube

# After a stop, how long the parent waits for the workers to send what they found and exit before
# it terminates them (a worker stops within one conflict-budget slice, about 0.25 s).
GRACE_SECONDS = 3.0
POLL_SECONDS = 0.05

Handle = Callable[[tuple], bool]  # takes a message; True when the parent wants no more (limit reached)
Stopping = Callable[[], str | None]  # the reason to stop now ("timeout", "interrupt", ...), else None


def _context() -> multiprocessing.context.BaseContext:
    """fork where there is one (no re-import: a worker starts in milliseconds), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


# The signals a forked worker must not take with the parent's handler, in the moment between its
# fork and `serve` setting its own: a terminal's Ctrl-C goes to the whole process group.
_HELD = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _holding_signals() -> Iterator[None]:
    """Start workers with Ctrl-C and SIGTERM held back: a child is born with them blocked, and one
    that comes before `serve` ignores it is dropped there (SIG_IGN discards a pending SIGINT), never
    run through the parent's handler, which the child inherited. In the parent, a signal that comes
    meanwhile is only delayed to the end of the block (or taken by another thread at once)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, saved)


def serve(wid: int, job: Job, tasks, results, stop, deadline_wall: float | None, parent: int, warm=None) -> None:  # noqa: ANN001
    """A worker process: cubes from `tasks` until a None, every message to `results`, then an exit message."""
    from puzzlesat.runtime.stop import request_stop, reset

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent owns Ctrl-C and passes it on through `stop`
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # held since the fork (see `_holding_signals`)
    reset()

    def watch() -> None:
        while not stop.value and os.getppid() == parent:
            time.sleep(POLL_SECONDS)
        request_stop()

    threading.Thread(target=watch, daemon=True).start()
    deadline = None if deadline_wall is None else time.monotonic() + (deadline_wall - time.time())

    def cubes():  # noqa: ANN202
        while True:
            item = tasks.get()
            if item is None:
                return
            yield item

    stats: dict = {}
    try:
        stats = run_cubes(job, cubes(), deadline, results.put, warm)
    except BaseException as e:  # noqa: BLE001 (reported to the parent, which decides)
        results.put(("error", wid, f"worker {wid}: {type(e).__name__}: {e}"))
    results.put(("exit", wid, stats))


def run_local(
    job: Job,
    cubes: Sequence[Cube],
    workers: int,
    deadline_wall: float | None,
    handle: Handle,
    stopping: Stopping,
    warm: Any = None,
) -> tuple[str | None, list[dict]]:
    """Solve `cubes` on `workers` processes, each message to `handle`; returns why it stopped early
    (None, "limit", a `stopping` reason or "failed: ...") and each worker's stats.

    `warm`, the parent's session: forked workers go on from a copy of it, with what the parent's
    search learnt, rather than encoding anew (spawned ones cannot inherit it, and encode)."""
    ctx = _context()
    if ctx.get_start_method() != "fork":
        warm = None
    # The stop flag is a shared byte, polled: an Event's condition variable deadlocks `set()` once a
    # process died while one of its threads waited on it (measured: a hang after the last cube).
    tasks, results, stop = ctx.Queue(), ctx.Queue(), ctx.RawValue("b", 0)
    for item in enumerate(cubes):
        tasks.put(item)
    for _ in range(workers):
        tasks.put(None)
    procs = [
        ctx.Process(target=serve, args=(w, job, tasks, results, stop, deadline_wall, os.getpid(), warm), daemon=True)
        for w in range(workers)
    ]
    with _holding_signals():
        for p in procs:
            p.start()
    stats: dict[int, dict] = {}
    reason: str | None = None
    grace_end: float | None = None
    dead_since: dict[int, float] = {}
    try:
        while len(stats) < workers:
            if reason is None:
                reason = stopping()
                if reason is not None:
                    stop.value = 1
            if reason is not None and grace_end is None:
                grace_end = time.monotonic() + GRACE_SECONDS
            if grace_end is not None and time.monotonic() > grace_end:
                break
            try:
                message = results.get(timeout=POLL_SECONDS)
            except queue.Empty:
                now = time.monotonic()
                for w, p in enumerate(procs):
                    if w not in stats and p.exitcode is not None and now - dead_since.setdefault(w, now) > 1.0:
                        stats[w] = {}
                        if reason is None:
                            reason = f"failed: worker {w} died (exit status {p.exitcode})"
                            stop.value = 1
                continue
            kind = message[0]
            if kind == "exit":
                stats[message[1]] = message[2]
            elif kind == "error":
                if reason is None:
                    reason = f"failed: {message[2]}"
                    stop.value = 1
            elif handle(message) and reason is None:
                reason = Status.LIMIT
                stop.value = 1
    finally:
        stop.value = 1
        for p in procs:
            p.join(timeout=0.5 if grace_end is None else max(0.1, grace_end - time.monotonic()))
            if p.exitcode is None:
                p.terminate()
                p.join(timeout=1.0)
        tasks.cancel_join_thread()
        results.cancel_join_thread()
    return reason, [stats.get(w, {}) for w in range(workers)]
