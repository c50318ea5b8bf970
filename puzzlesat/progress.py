"""Live status on stderr during long runs; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from solvers.enumerate import Solution


class StatusLine:
    """One line on stderr, rewritten in place and erased at the end."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.shown = False

    def show(self, text: str) -> None:
        if self.enabled:
            self.stream.write(f"\r\033[K{text}")
            self.stream.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


class Progress(StatusLine):
    """The count of solutions found so far, at most ten updates a second."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None, every: float = 0.1) -> None:
        super().__init__(stream, enabled)
        self.every = every
        self.count = 0
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, solution: Solution) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self.show(f"  {self.count} found, {now - self.start:.1f} s ")
