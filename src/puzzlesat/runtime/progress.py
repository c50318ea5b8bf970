"""Live status on stderr during long runs; silent when stderr is not a terminal, unless asked.

PUZZLESAT_PROGRESS=lines writes the status as whole lines ("puzzlesat: searching, 2.0 s") to
stderr whatever it is: a log file, a CI job, a test that must know the search has begun before
it sends a signal. A new phase or the first solution is a line at once; later counts at most one
a second, and a line every HEARTBEAT seconds says a long call is still alive. `off` shows nothing,
even on a terminal.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.words import number, unknown

if TYPE_CHECKING:
    from puzzlesat.solvers.enumerate import Solution

PROGRESS_VARIABLE = "PUZZLESAT_PROGRESS"
MODES = ("lines", "off")  # besides the default: rewritten in place on a terminal, nothing elsewhere
LINE_EVERY = 1.0  # lines mode: seconds between two lines that only count further
HEARTBEAT = 5.0  # lines mode: seconds between two lines of a ticker that has nothing new to say


def progress_mode() -> str | None:
    """PUZZLESAT_PROGRESS: "lines", "off", or None (unset or empty: the terminal's status line)."""
    value = os.environ.get(PROGRESS_VARIABLE, "").strip()
    if value and value not in MODES:
        raise UsageError(f"{PROGRESS_VARIABLE}: {unknown('progress mode', value, list(MODES))}")
    return value or None


class StatusLine:
    """One line on stderr, rewritten in place and erased at the end (or, in lines mode, one line
    per update). Writes hold a lock, so a ticker thread (`Ticker`) and the main thread's output
    never interleave. `enabled` given: a terminal's line or nothing, whatever the environment says."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        mode = progress_mode() if enabled is None else None
        self.lines = mode == "lines"
        self.enabled = (self.lines or (mode != "off" and self.stream.isatty())) if enabled is None else enabled
        self.shown = False
        self.lock = threading.Lock()

    def show(self, text: str) -> None:
        if self.enabled:
            with self.lock:
                if self.lines:
                    self.stream.write(f"puzzlesat: {text.strip()}\n")
                else:
                    self.stream.write(f"\r\033[K{text}")
                    self.shown = True
                self.stream.flush()

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
    Without the thread, each `say` draws the line (at most every `every` seconds). In lines mode a
    new message is a line at once, the thread's lines come every HEARTBEAT seconds."""

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
        self.said: str | None = None  # lines mode: the words of the last line written
        self.ticking = ticking and self.enabled
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if self.lines and self.words():
            self._line()
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
        new = message != self.message
        self.message = message
        self._update(urgent=new)

    def _update(self, urgent: bool = False) -> None:
        now = time.monotonic()
        if self.lines:  # a line when there is news: at once for a new phase, else at most every LINE_EVERY
            if self.words() != self.said and (urgent or now - self.last >= LINE_EVERY):
                self._line()
        elif not self.ticking and now - self.last >= self.every:  # the ticker shows it otherwise
            self.last = now
            self.show(self.text())

    def _line(self) -> None:
        self.last, self.said = time.monotonic(), self.words()
        self.show(self.text())

    def _tick(self) -> None:
        while not self._done.wait(HEARTBEAT if self.lines else self.every):
            if self.lines:
                self._line()
            else:
                self.show(self.text())

    def stop(self) -> None:
        """End the ticker and erase the line (idempotent)."""
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.close()


class Progress(Ticker):
    """The solutions found so far and the time: `message` ("searching", or "building" until
    `searching` is called) until the first, then "N found, T s"; a search calls it with each solution."""

    def __init__(
        self,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        every: float = 0.25,
        ticking: bool = True,
        message: str = "searching",
    ) -> None:
        self.count = 0
        super().__init__(message, stream, enabled, every, ticking)

    def words(self) -> str:
        return f"{number(self.count)} found" if self.count else self.message

    def searching(self) -> None:
        """The encoding is built: the search begins."""
        self.say("searching")

    def __call__(self, solution: Solution) -> None:
        self.count += 1
        self._update(urgent=self.count == 1)
