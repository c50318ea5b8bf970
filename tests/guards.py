"""Helpers for tests of stopping and killing: they assert what happened, never how fast.

Speed belongs in benchmarks/; a test that waits on a deadline or a signal asserts the outcome
(`stopped`, the exit status, the message, the child killed) and guards only against a hang.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

HANG = 60  # seconds: far past any run these tests wait for; only a hang gets there


@contextlib.contextmanager
def hang_guard(seconds: int = HANG) -> Iterator[None]:
    """Fail the test if the block is still running after `seconds`: a guard against a hang (a test
    that would otherwise never end), not a measure of speed. SIGALRM: the main thread only."""

    def hung(signum: int, frame: object) -> None:
        pytest.fail(f"still running after {seconds} s: hung", pytrace=False)

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def spawned(monkeypatch: pytest.MonkeyPatch) -> list[subprocess.Popen]:
    """Every process the code under test starts with `subprocess.Popen` from now on, in order."""
    procs: list[subprocess.Popen] = []

    class Recorded(subprocess.Popen):  # type: ignore[type-arg]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            procs.append(self)

    monkeypatch.setattr(subprocess, "Popen", Recorded)
    return procs


def killed(proc: subprocess.Popen) -> bool:
    """The process has ended, by SIGKILL (what the code under test sends at a deadline or a stop)."""
    return proc.poll() == -signal.SIGKILL


# A progress line (PUZZLESAT_PROGRESS=lines): "puzzlesat: 12 found, 1.3 s".
PROGRESS_LINE = re.compile(r"puzzlesat: .*, \d+\.\d s")
ROOT = Path(__file__).resolve().parent.parent


class Watched:
    """A `puzzlesat` process that writes its progress as lines on stderr (PUZZLESAT_PROGRESS=lines),
    read by a thread, so a test waits for what the program says (the search has begun, a class
    was found, a step was taken) before it sends a signal, never for a guessed number of seconds.

    `stdout`: a file to write to (a `> file` redirection), or None for a pipe read at `finish`.
    `group`: the process leads a process group of its own (its workers join it), as a terminal's
    foreground job does; `signal(..., group=True)` is then a terminal's Ctrl-C."""

    def __init__(self, *args: str, stdout: IO[str] | None = None, group: bool = False) -> None:
        env = {**os.environ, "PUZZLESAT_PROGRESS": "lines"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "puzzlesat", *args],
            cwd=ROOT, env=env, text=True, start_new_session=group,
            stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.group = group
        self.lines: list[str] = []
        self.out: list[str] = []
        self.ended = False
        self.changed = threading.Condition()
        self.readers = [threading.Thread(target=self._read, daemon=True)]
        if stdout is None:
            assert self.proc.stdout is not None
            stream = self.proc.stdout
            self.readers.append(threading.Thread(target=lambda: self.out.append(stream.read()), daemon=True))
        for reader in self.readers:
            reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait_for(self, pattern: str, after: int = 0, seconds: float = HANG) -> re.Match[str]:
        """The first stderr line from index `after` on that `pattern` matches (re.search); fails the
        test if the program ends (or HANG seconds pass, a hang guard) without one."""
        regex = re.compile(pattern)

        def found() -> re.Match[str] | None:
            return next((m for line in self.lines[after:] if (m := regex.search(line))), None)

        with self.changed:
            self.changed.wait_for(lambda: found() is not None or self.ended, timeout=seconds)
            match = found()
        if match is None:
            self.finish()
            pytest.fail(f"the program never said {pattern!r}; it said:\n{''.join(self.lines)}", pytrace=False)
        return match

    def signal(self, sig: int, group: bool = False) -> None:
        if group:
            os.killpg(self.proc.pid, sig)
        else:
            self.proc.send_signal(sig)

    def finish(self) -> tuple[int, str, str]:
        """(exit status, stdout if piped, stderr without the progress lines); a hang guard kills it."""
        try:
            code = self.proc.wait(timeout=HANG)
        finally:
            self.kill()  # a hang: killed, the test fails on the timeout
            for reader in self.readers:
                reader.join(timeout=HANG)
        err = "".join(line for line in self.lines if not PROGRESS_LINE.fullmatch(line.rstrip("\n")))
        return code, "".join(self.out), err

    def kill(self) -> None:
        """SIGKILL to the process and its group (workers left behind): the end of a test that failed half-way."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if self.group:
                os.killpg(self.proc.pid, signal.SIGKILL)
            elif self.proc.poll() is None:
                self.proc.kill()
        self.proc.wait()


@contextlib.contextmanager
def cpu_load(processes: int = 5) -> Iterator[None]:
    """Busy loops, more than the cores, for the length of the block, killed at its end: the loaded
    machine (load average 15-37 on 2 cores) where stops were lost (issue 39)."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait()
