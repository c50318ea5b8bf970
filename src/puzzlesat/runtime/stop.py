"""Stopping: the stop flag, why it was raised, the build deadline, and who to wake when a signal comes.

Lives below `encoders` and `solvers` so that the encoders can check it while they build (a huge
domain must not be deaf to Ctrl-C, SIGTERM or --timeout for the minutes a build can take), and
the backends while they search. `puzzlesat.solvers.base` re-exports the names the backends use.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

from puzzlesat.runtime.errors import Status, UsageError

# Set by the CLI's SIGINT/SIGTERM handler; searches and builds stop at the next safe point (between
# solver calls, conflict-budget slices or constraints), so no library is left half-way through an object.
STOP = threading.Event()
# Why STOP was set: "interrupt" (SIGINT, Ctrl-C) or "terminated" (SIGTERM); reported as `stopped`.
_REASON = {"value": Status.INTERRUPT}
# Set by the signal watcher thread the moment a signal arrives, before it interrupts a native
# search: the main thread's handler (which sets STOP) may run only after that search has returned.
_SIGNALLED: dict[str, Status | None] = {"value": None}
REASONS = {signal.SIGINT: Status.INTERRUPT, signal.SIGTERM: Status.TERMINATED}


class SearchStopped(Exception):
    """The deadline passed inside a solver call or a build; what was found so far stands."""


def request_stop(reason: Status = Status.INTERRUPT) -> None:
    """Ask every search and build to stop at its next safe point, saying why; a native search that
    registered a waker (Z3's check) is interrupted at once, whichever thread asks."""
    _REASON["value"] = reason
    STOP.set()
    _wake_all()


def reset() -> None:
    """Clear the flag and the build deadline (a new command in the same process)."""
    STOP.clear()
    _REASON["value"] = Status.INTERRUPT
    _SIGNALLED["value"] = None
    _DEADLINE["value"] = None


def stop_reason() -> Status:
    """ "interrupt" or "terminated": what an outcome stopped by a signal reports."""
    pending = _SIGNALLED["value"]
    return pending if pending is not None and not STOP.is_set() else _REASON["value"]


def signalled() -> bool:
    """A stop was requested, or a signal arrived whose handler has not run yet (a native search
    the watcher interrupted returns before the main thread runs the handler)."""
    return STOP.is_set() or _SIGNALLED["value"] is not None


def check_stop() -> None:
    """Raise KeyboardInterrupt here, at a safe point, if a stop was requested."""
    if STOP.is_set():
        raise KeyboardInterrupt


# The deadline (a time.monotonic() value) of the build under way, or None: set by `build_deadline`.
_DEADLINE: dict[str, float | None] = {"value": None}


@contextlib.contextmanager
def build_deadline(deadline: float | None) -> Iterator[None]:
    """While encoding, `checkpoint()` raises SearchStopped once `deadline` has passed."""
    saved = _DEADLINE["value"]
    _DEADLINE["value"] = deadline
    try:
        yield
    finally:
        _DEADLINE["value"] = saved


def time_left() -> float | None:
    """Seconds the build deadline leaves (never negative), or None without one."""
    deadline = _DEADLINE["value"]
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def checkpoint() -> None:
    """A safe point inside a build: stop on a signal (KeyboardInterrupt) or past the deadline (SearchStopped)."""
    if STOP.is_set():
        raise KeyboardInterrupt
    deadline = _DEADLINE["value"]
    if deadline is not None and time.monotonic() >= deadline:
        raise SearchStopped


def check_timeout(seconds: float | None, flag: str = "--timeout") -> float | None:
    """A timeout must be a finite positive number of seconds: nan, inf and 0 or less are usage errors."""
    if seconds is None:
        return None
    if not isinstance(seconds, int | float) or math.isnan(seconds) or math.isinf(seconds) or seconds <= 0:
        raise UsageError(f"{flag} {seconds}: expected a finite number of seconds greater than 0")
    return float(seconds)


# Called from the watcher thread as soon as a signal arrives, while the main thread may be inside a
# native call (Z3's check) that runs no Python signal handler until it returns.
_WAKERS: dict[int, Callable[[], None]] = {}
# Re-entrant: the CLI's signal handler (request_stop, then the wakers) runs in the main thread
# between two bytecodes, perhaps while that thread holds the lock to register a waker.
_WAKER_LOCK = threading.RLock()


@contextlib.contextmanager
def wake_on_signal(callback: Callable[[], None]) -> Iterator[None]:
    """While inside, a SIGINT or SIGTERM (or a stop already requested) calls `callback` at once,
    from another thread: e.g. `z3.Context.interrupt`, which Z3 allows from any thread."""
    key = id(callback)
    done = threading.Event()
    with _WAKER_LOCK:
        _WAKERS[key] = callback
    try:
        if STOP.is_set():  # asked before the search began: one call could come before it starts
            try:
                threading.Thread(target=_keep_calling, args=(callback, done), daemon=True).start()
            except RuntimeError:  # no thread to be had: one call, as before
                callback()
        yield
    finally:
        done.set()
        with _WAKER_LOCK:
            _WAKERS.pop(key, None)


def _keep_calling(callback: Callable[[], None], done: threading.Event) -> None:
    while not done.is_set():
        with contextlib.suppress(Exception):
            callback()
        done.wait(WAKE_AGAIN_SECONDS)


def _wake_all() -> bool:
    """Call every waker registered now; False when there is none."""
    with _WAKER_LOCK:
        callbacks = list(_WAKERS.values())
    for callback in callbacks:
        with contextlib.suppress(Exception):
            callback()
    return bool(callbacks)


# After a signal, how often the watcher calls the wakers again while any is registered (seconds).
WAKE_AGAIN_SECONDS = 0.02


def _wake_until_done() -> None:
    """Call the wakers until none is registered. A search registers its waker just before it
    starts, and an interrupt that comes in between is lost (Z3 clears it as its check begins), so
    one call is not enough: a SIGTERM under load once left Z3 searching for minutes."""
    while _wake_all():
        time.sleep(WAKE_AGAIN_SECONDS)


_WATCHING: list[int] = []  # the watcher's pipe, once started (one per process)


def start_signal_watcher() -> None:
    """Route the C-level signal wake-up byte to a daemon thread that runs the wakers (main thread only).

    Python runs a signal handler only between bytecodes of the main thread; `signal.set_wakeup_fd`
    writes the signal number to a pipe at once, so the watcher can interrupt a native search that
    would otherwise hold the handler back for minutes (SIGTERM during Z3's check).
    """
    if _WATCHING:
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    except ValueError:  # not the main thread: the Python handlers alone will do
        os.close(read_end)
        os.close(write_end)
        return

    def watch() -> None:
        while True:
            try:
                data = os.read(read_end, 64)
            except OSError:
                return
            if not data:
                return
            reasons = [REASONS[b] for b in data if b in REASONS]
            if reasons:
                _SIGNALLED["value"] = reasons[0]
                _wake_until_done()

    try:
        threading.Thread(target=watch, name="puzzlesat-signals", daemon=True).start()
    except RuntimeError:  # no thread to be had (its stack does not fit in the address space left)
        signal.set_wakeup_fd(-1)
        os.close(read_end)
        os.close(write_end)
        return
    _WATCHING.append(read_end)
