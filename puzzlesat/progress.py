"""A live count on stderr during long enumerations; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from solvers.enumerate import Solution


class Progress:
    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None, every: float = 0.1) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.every = every
        self.count = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def __call__(self, solution: Solution) -> None:
        self.count += 1
        now = time.monotonic()
        if self.enabled and now - self.last >= self.every:
            self.last = now
            self.stream.write(f"\r  {self.count} found, {now - self.start:.1f} s ")
            self.stream.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
