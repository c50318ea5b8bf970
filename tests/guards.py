"""Helpers for tests of stopping and killing: they assert what happened, never how fast.

Speed belongs in benchmarks/; a test that waits on a deadline or a signal asserts the outcome
(`stopped`, the exit status, the message, the child killed) and guards only against a hang.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
from collections.abc import Iterator

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
