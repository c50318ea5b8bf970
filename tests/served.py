"""A real `puzzlesat serve` for the tests that need one (the page in Chromium, the load test, the
signals): a subprocess on a free port, its address read from the JSON line it prints on start."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from guards import hang_guard

ROOT = Path(__file__).parent.parent


@dataclass
class Server:
    """A running server: its address, its process (stderr piped, text), and its readiness line."""

    url: str
    process: subprocess.Popen
    ready: dict

    def said(self, wanted: str) -> str:
        """Read the server's stderr up to the first line holding `wanted`, and return it (a hang
        guard ends the test if it never comes)."""
        assert self.process.stderr is not None
        with hang_guard(60):
            for line in self.process.stderr:
                if wanted in line:
                    return line
        raise AssertionError(f"the server ended without saying {wanted!r}")

    def workers(self) -> list[int]:
        """The process ids of the server's children now: its workers."""
        return children(self.process.pid)


def children(pid: int) -> list[int]:
    """The child processes of `pid` (Linux's /proc)."""
    found: list[int] = []
    with contextlib.suppress(FileNotFoundError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                found += [int(c) for c in f.read().split()]
    return found


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def gone(pids: list[int], seconds: float = 10.0) -> list[int]:
    """Poll until none of `pids` is alive or `seconds` pass; the ones still alive."""
    deadline = time.monotonic() + seconds
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.02)


@contextlib.contextmanager
def serving(*options: str) -> Iterator[Server]:
    """A server started with `options`; it and its workers end after."""
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "serve", "--port", "0", "--json", *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        with hang_guard(60):
            line = process.stdout.readline() if process.stdout else ""
        if not line.startswith("{"):
            raise AssertionError(f"the server said {line!r}; stderr: {process.stderr.read() if process.stderr else ''}")
        ready = json.loads(line)
        yield Server(ready["url"], process, ready)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the server's own group (its workers go with it)


@contextlib.contextmanager
def served(*options: str) -> Iterator[str]:
    """The server's address (`http://127.0.0.1:PORT/`); the server and its workers end after."""
    with serving(*options) as server:
        yield server.url
