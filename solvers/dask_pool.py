"""Cubes on a Dask distributed cluster: one task per cube, results merged by the parent as they come.

The same cubes and the same worker code as local processes (`puzzlesat.solvers.cube_worker`); a worker
process keeps the run's encoded session between its tasks (keyed by the run), so the puzzle is
encoded once per worker process, not once per cube. A task returns its messages at the end, so on
a stop the parent raises a cluster-wide event: running tasks end at their next safe point and
return what they found, tasks not started are cancelled. Tasks also know the deadline (wall clock).
`distributed` is imported only here and only when asked for (the optional extra `cluster`).
"""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections.abc import Sequence
from typing import Any

from puzzlesat.runtime.errors import Status, UsageError
from puzzlesat.solvers.cube_worker import Job, Worker
from puzzlesat.solvers.cubes import Cube
from puzzlesat.solvers.local_pool import GRACE_SECONDS, POLL_SECONDS, Handle, Stopping

CONNECT_SECONDS = 3  # an address nobody answers at fails within this, not Dask's default 30 s
CLOSE_SECONDS = 0.5  # closing a client that never connected
INSTALL = "pip install 'puzzlesat[cluster]' (or: pip install 'dask[distributed]')"

# The open worker of the run under way in this Dask worker process: (run key, Worker).
_CACHE: dict[str, Any] = {}
_LOCK = threading.Lock()


def connect(address: str) -> Any:
    """A client of the scheduler at `address`; a UsageError in one line when there is none."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(f"--scheduler needs Dask's distributed scheduler, which is not installed: {INSTALL}") from None

    class QuietClient(Client):
        """A client that failed to connect closes quickly and silently when collected: Dask's own
        `__del__` waited 6 s more, then printed a TimeoutError traceback after our one line."""

        def __del__(self) -> None:
            with contextlib.suppress(Exception):
                self.close(timeout=CLOSE_SECONDS)

    try:
        return QuietClient(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        if isinstance(e, ValueError | TypeError):  # refused before any connection (a TLS address without a context)
            raise UsageError(f"--scheduler {address}: cannot connect: {why}") from None
        raise UsageError(
            f"--scheduler {address}: no Dask scheduler answered within {CONNECT_SECONDS} s ({why})"
        ) from None


def _worker(job: Job) -> tuple[Worker, dict]:
    """The run's worker in this process (opened by the run's first task here, reused by the others)
    and its stats so far, so that each task reports only what it added ({} when just opened)."""
    key, worker = _CACHE.get("run", (None, None))
    if key == job.key:
        return worker, worker.stats()
    if worker is not None:
        worker.close()
    worker = Worker(job)
    _CACHE["run"] = (job.key, worker)
    return worker, {}


def cube_task(job: Job, index: int, cube: Cube, deadline_wall: float | None, event_name: str) -> dict:
    """One cube on a Dask worker: its messages and what it added to the worker's stats."""
    from distributed import Event

    from puzzlesat.runtime.stop import STOP, request_stop, reset

    event = Event(event_name)
    if event.is_set():
        return {"messages": [("cube", index, Status.INTERRUPT, None, 0.0)], "stats": {}}
    messages: list[tuple] = []
    finished = threading.Event()
    with _LOCK:  # one session per process: tasks in threads of one worker take turns
        reset()

        def watch() -> None:
            while not finished.wait(POLL_SECONDS * 4):
                try:
                    if event.is_set():
                        request_stop()
                        return
                except Exception:  # noqa: BLE001 (the scheduler went away: stop)
                    request_stop()
                    return

        threading.Thread(target=watch, daemon=True).start()
        try:
            worker, before = _worker(job)
            deadline = None if deadline_wall is None else time.monotonic() + (deadline_wall - time.time())
            worker.solve(index, cube, deadline, messages.append)
            stats = {k: v - before.get(k, 0) if isinstance(v, int | float) else v for k, v in worker.stats().items()}
        finally:
            finished.set()
            STOP.clear()
            # PySAT's PB encodings leave pindakaas objects that must be freed on the thread that made
            # them; a collection on the event loop's thread printed "unsendable" errors in the worker logs.
            gc.collect()
    return {"messages": messages, "stats": stats}


def run_dask(
    client: Any,
    job: Job,
    cubes: Sequence[Cube],
    deadline_wall: float | None,
    handle: Handle,
    stopping: Stopping,
) -> tuple[str | None, list[dict]]:
    """Solve `cubes` as tasks on the cluster of `client` (from `connect`), each task's messages to `handle` as it
    completes; returns why it stopped early (as `local_pool.run_local`) and each task's stats."""
    from distributed import Event, as_completed

    event = Event(f"puzzlesat-stop-{job.key}", client=client)
    stats: list[dict] = []
    reason: str | None = None
    try:
        shared = client.scatter(job, broadcast=True, hash=False)
        futures = [
            client.submit(cube_task, shared, i, cube, deadline_wall, event.name, pure=False, priority=len(cubes) - i)
            for i, cube in enumerate(cubes)
        ]
        arriving = as_completed(futures, loop=client.loop)
        grace_end: float | None = None
        while not arriving.is_empty():
            if reason is None:
                reason = stopping()
                if reason is not None:
                    event.set()
            if reason is not None and grace_end is None:
                grace_end = time.monotonic() + GRACE_SECONDS
            if grace_end is not None and time.monotonic() > grace_end:
                break
            if not arriving.has_ready():
                time.sleep(POLL_SECONDS)
                continue
            for future in arriving.next_batch(block=False):
                if future.status != "finished":
                    if reason is None and future.status == "error":
                        reason = f"failed: a Dask task failed: {future.exception()}"
                        event.set()
                    continue
                result = future.result()
                stats.append(result["stats"])
                for message in result["messages"]:
                    if handle(message) and reason is None:
                        reason = Status.LIMIT
                        event.set()
        client.cancel(futures)  # the finished ones are read; the others never started or are being stopped
    finally:
        event.set()
    return reason, stats
