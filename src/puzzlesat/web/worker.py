"""One worker process of `puzzlesat serve`: runs one job at a time with its output captured.

A job is a CLI command line (the server mirrors the CLI, so a job runs exactly what `puzzlesat
COMMAND ... --json` runs, in-process, the way the tests run it) or a board to draw. The server
asks a job to stop with SIGTERM, which the CLI takes as it does from a shell: the command stops at
its next safe point and prints what it found. It cancels a job by killing this process's group, so
a job that outgrows its memory dies alone. A worker never outlives the server: the kernel kills it
when the server dies (Linux), and a thread kills its group when the job pipe's far end closes.

Protocol (one JSON document a line): the server writes jobs on standard input; the worker writes
on a private copy of its standard output, whose descriptor 1 is pointed at /dev/null so that a
native library or a child process cannot garble the channel:
  {"ready": true}                                     once, when the imports are done
  {"progress": "text"}                                while a job runs (the CLI's status line)
  {"finished": true}                                  when it ends, just before its answer
  {"code": int, "out": "stdout", "err": "stderr"}     its answer
Its standard error (native libraries, a crash) goes to a file the server reads if it dies.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import select
import signal
import sys
import threading
from collections.abc import Callable
from typing import TextIO

# What the CLI draws for a live status line (src/puzzlesat/runtime/progress.py): carriage return, erase.
STATUS_PREFIX = "\r\033[K"
MEMORY_VARIABLE = "PUZZLESAT_WEB_MEMORY"  # bytes a job may add to the worker's address space
PR_SET_PDEATHSIG = 1  # linux/prctl.h


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


def _die_with_server() -> None:
    """No orphan: SIGKILL from the kernel when the server dies (Linux's PR_SET_PDEATHSIG), and a
    thread that kills this worker's group (a solver child with it) once no one holds the far end
    of the job pipe: a poll for nothing but the hang-up, so it never takes a job's line."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        hangup = select.poll()
        hangup.register(sys.stdin.fileno(), 0)  # POLLHUP and POLLERR are reported whatever is asked
        while not hangup.poll():
            pass
        if os.getpgrp() == os.getpid():  # the server starts each worker in a session of its own
            os.killpg(os.getpid(), signal.SIGKILL)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="puzzlesat-server-watch", daemon=True).start()


def _asked_to_stop(signum: int, frame: object) -> None:
    """SIGTERM before a command sets the CLI's own handler (or in a board job): the stop is kept
    for the command to see at its first safe point. Never KeyboardInterrupt, unlike the CLI's
    second signal: the server asks once."""
    from puzzlesat.runtime.errors import Status
    from puzzlesat.runtime.stop import request_stop

    request_stop(Status.TERMINATED)


def serve(run: Callable[[list[str]], int]) -> None:
    """The worker loop: `run(argv)` runs a CLI command line and returns its exit status."""
    from puzzlesat.runtime.stop import reset

    _die_with_server()
    # The server alone stops a job: a SIGINT meant for its terminal is not ours (we have our own
    # session anyway).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    channel = _Channel()
    jobs: TextIO = sys.stdin
    _limit_memory()
    channel.send({"ready": True})
    for line in jobs:
        job = json.loads(line)
        # A stop asked for in an earlier job is gone; one asked for in this job, even before the
        # command sets the CLI's own handler, stops it at its first safe point, what it found kept.
        reset()
        signal.signal(signal.SIGTERM, _asked_to_stop)
        with contextlib.suppress(OSError):  # fd 2 is the server's file of this worker's last words
            os.ftruncate(2, 0)
        out, err = io.StringIO(), _Stderr(channel.send)
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin = io.TextIOWrapper(io.BytesIO(job.get("stdin", "").encode("utf-8")), encoding="utf-8")
        sys.stdout, sys.stderr = out, err
        try:
            code = run(job["argv"]) if "argv" in job else _draw(job["board"])
        except Exception as e:  # noqa: BLE001 - a bug: said as one line, and the worker goes on
            code = _internal(err, e)
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        channel.send({"finished": True})  # the answer follows: the server waits for it, late or not
        channel.send({"code": code, "out": out.getvalue(), "err": err.getvalue()})


def _internal(err: io.StringIO, e: Exception) -> int:
    """An exception no command turned into its line: a bug, named in one line (exit 70), not a
    dead worker the server could only guess about."""
    from puzzlesat import ExitCode

    where = e.__traceback__
    while where is not None and where.tb_next is not None:
        where = where.tb_next
    place = f" at {os.path.basename(where.tb_frame.f_code.co_filename)}:{where.tb_lineno}" if where else ""
    said = " ".join(str(e).split())
    err.write(f"puzzlesat: error: internal error: {type(e).__name__}: {said}{place}\n")
    return int(ExitCode.CHECK)


def _draw(request: dict) -> int:
    """A board job: its document on standard output, or the CLI's one error line and status."""
    from puzzlesat import ExitCode, PuzzleSatError
    from puzzlesat.web.board import draw

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
