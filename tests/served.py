"""A real `puzzlesat serve` for the tests that need one (the page in Chromium, the load test): a
subprocess on a free port, its address read from the JSON line it prints on start."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from guards import hang_guard

ROOT = Path(__file__).parent.parent


@contextlib.contextmanager
def served(*options: str) -> Iterator[str]:
    """The server's address (`http://127.0.0.1:PORT/`); the server and its workers end after."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "serve", "--port", "0", "--json", *options],
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
        yield json.loads(line)["url"]
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the server's own group (its workers go with it)
