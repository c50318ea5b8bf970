"""Live status on stderr during long runs; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from solvers.enumerate import Solution


class StatusLine:
    """One line on stderr, rewritten in place and erased at the end. Writes hold a lock, so a
    ticker thread (`Progress`) and the main thread's output never interleave."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.shown = False
        self.lock = threading.Lock()

    def show(self, text: str) -> None:
        if self.enabled:
            with self.lock:
                self.stream.write(f"\r\033[K{text}")
                self.stream.flush()
                self.shown = True

    def close(self) -> None:
        with self.lock:
            self._erase()

    def _erase(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The line erased and kept off while the caller writes to the terminal (a board, a JSON
        line), so the two never run into each other; the next update draws it again."""
        with self.lock:
            self._erase()
            yield


class Progress(StatusLine):
    """The solutions found so far and the time, redrawn every `every` seconds by a daemon thread
    (`ticking`), so that a long search (a hard first solution, the proof that the last class was
    the last) shows it is alive between solutions; updated at each solution without one."""

    def __init__(
        self, stream: TextIO | None = None, enabled: bool | None = None, every: float = 0.25, ticking: bool = True
    ) -> None:
        super().__init__(stream, enabled)
        self.every = every
        self.count = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.ticking = ticking and self.enabled
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if self.ticking:
            self._thread = threading.Thread(target=self._tick, name="puzzlesat-progress", daemon=True)
            self._thread.start()

    def text(self) -> str:
        seconds = time.monotonic() - self.start
        return f"  {self.count} found, {seconds:.1f} s " if self.count else f"  searching, {seconds:.1f} s "

    def _tick(self) -> None:
        while not self._done.wait(self.every):
            self.show(self.text())

    def __call__(self, solution: Solution) -> None:
        self.count += 1
        now = time.monotonic()
        if not self.ticking and now - self.last >= self.every:  # the ticker shows it otherwise
            self.last = now
            self.show(self.text())

    def stop(self) -> None:
        """End the ticker and erase the line (idempotent)."""
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.close()
