"""One worker process of `puzzlesat serve`: runs one job at a time with its output captured.

A job is a CLI command line (the server mirrors the CLI, so a job runs exactly what `puzzlesat
COMMAND ... --json` runs, in-process, the way the tests run it) or a board to draw. The server
cancels a job by killing this process's group, so nothing here has to be interruptible, and a
job that outgrows its memory dies alone.

Protocol (one JSON document a line): the server writes jobs on standard input; the worker writes
on a private copy of its standard output, whose descriptor 1 is pointed at /dev/null so that a
native library or a child process cannot garble the channel:
  {"ready": true}                                     once, when the imports are done
  {"progress": "text"}                                while a job runs (the CLI's status line)
  {"code": int, "out": "stdout", "err": "stderr"}     when it ends
"""

from __future__ import annotations

import io
import json
import os
import resource
import sys
from collections.abc import Callable
from typing import TextIO

# What the CLI draws for a live status line (puzzlesat/render/progress.py): carriage return, erase.
STATUS_PREFIX = "\r\033[K"
MEMORY_VARIABLE = "PUZZLESAT_WEB_MEMORY"  # bytes a job may add to the worker's address space


class _Stderr(io.StringIO):
    """Standard error as the CLI sees it: a terminal (so it draws its progress line), whose status
    lines go to the server as progress and whose other lines are kept for the answer."""

    def __init__(self, send: Callable[[dict], None]) -> None:
        super().__init__()
        self._send = send

    def isatty(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if s.startswith(STATUS_PREFIX):  # a status line drawn (text) or erased (nothing after it)
            text = s[len(STATUS_PREFIX) :].strip()
            if text:
                self._send({"progress": text})
            return len(s)
        return super().write(s)


class _Channel:
    """The private copy of descriptor 1, one flushed line a message."""

    def __init__(self) -> None:
        self._out = os.fdopen(os.dup(1), "w", encoding="utf-8")
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)

    def send(self, message: dict) -> None:
        self._out.write(json.dumps(message) + "\n")
        self._out.flush()


def _limit_memory() -> None:
    """Address space capped at what the worker uses now plus the job's share (`serve --memory`):
    a build past it fails with MemoryError, which the CLI says in one line."""
    extra = int(os.environ.get(MEMORY_VARIABLE, "0") or 0)
    if extra <= 0:
        return
    with open("/proc/self/status", encoding="ascii") as f:
        size = next((int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:")), 0)
    resource.setrlimit(resource.RLIMIT_AS, (size + extra, size + extra))


def serve(run: Callable[[list[str]], int]) -> None:
    """The worker loop: `run(argv)` runs a CLI command line and returns its exit status."""
    channel = _Channel()
    jobs: TextIO = sys.stdin
    _limit_memory()
    channel.send({"ready": True})
    for line in jobs:
        job = json.loads(line)
        out, err = io.StringIO(), _Stderr(channel.send)
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin = io.TextIOWrapper(io.BytesIO(job.get("stdin", "").encode("utf-8")), encoding="utf-8")
        sys.stdout, sys.stderr = out, err
        try:
            code = run(job["argv"]) if "argv" in job else _draw(job["board"])
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        channel.send({"code": code, "out": out.getvalue(), "err": err.getvalue()})


def _draw(request: dict) -> int:
    """A board job: its document on standard output, or the CLI's one error line and status."""
    from puzzlesat import ExitCode, PuzzleSatError

    from .board import draw

    try:
        doc = draw(request)
    except PuzzleSatError as e:
        sys.stderr.write(f"puzzlesat: error: {e}\n")
        return int(e.exit_code)
    except MemoryError:
        sys.stderr.write("puzzlesat: error: out of memory\n")
        return int(ExitCode.BACKEND)
    sys.stdout.write(json.dumps(doc) + "\n")
    return 0
