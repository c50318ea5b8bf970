"""Live status on stderr during long runs; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from puzzles.words import number
from solvers.enumerate import Solution


class StatusLine:
    """One line on stderr, rewritten in place and erased at the end. Writes hold a lock, so a
    ticker thread (`Ticker`) and the main thread's output never interleave."""

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


class Ticker(StatusLine):
    """What a long command is doing and the time so far, redrawn every `every` seconds by a daemon
    thread (`ticking`), so that a long solver call shows it is alive; `say` changes what it says.
    Without the thread, each `say` draws the line (at most every `every` seconds)."""

    def __init__(
        self,
        message: str = "",
        stream: TextIO | None = None,
        enabled: bool | None = None,
        every: float = 0.25,
        ticking: bool = True,
    ) -> None:
        super().__init__(stream, enabled)
        self.message = message
        self.every = every
        self.start = time.monotonic()
        self.last = 0.0
        self.ticking = ticking and self.enabled
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if self.ticking:
            self._thread = threading.Thread(target=self._tick, name="puzzlesat-progress", daemon=True)
            self._thread.start()

    def words(self) -> str:
        """What the line says before the time."""
        return self.message

    def text(self) -> str:
        words, seconds = self.words(), time.monotonic() - self.start
        return f"  {words}, {seconds:.1f} s " if words else f"  {seconds:.1f} s "

    def say(self, message: str) -> None:
        self.message = message
        self._update()

    def _update(self) -> None:
        now = time.monotonic()
        if not self.ticking and now - self.last >= self.every:  # the ticker shows it otherwise
            self.last = now
            self.show(self.text())

    def _tick(self) -> None:
        while not self._done.wait(self.every):
            self.show(self.text())

    def stop(self) -> None:
        """End the ticker and erase the line (idempotent)."""
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.close()


class Progress(Ticker):
    """The solutions found so far and the time: "searching, T s" until the first, then "N found,
    T s"; a search calls it with each solution."""

    def __init__(
        self, stream: TextIO | None = None, enabled: bool | None = None, every: float = 0.25, ticking: bool = True
    ) -> None:
        self.count = 0
        super().__init__("", stream, enabled, every, ticking)

    def words(self) -> str:
        return f"{number(self.count)} found" if self.count else "searching"

    def __call__(self, solution: Solution) -> None:
        self.count += 1
        self._update()
