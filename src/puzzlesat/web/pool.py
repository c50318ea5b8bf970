"""A fixed pool of worker processes (src/puzzlesat/web/worker.py) that bounds how much runs at once.

Each worker runs one job at a time. A job past its time limit, or one running when the server
stops, is asked to stop first (SIGTERM: the command stops at its next safe point and answers with
what it found, as it does from a shell) and killed only if it has not answered `GRACE` seconds
later. A job cancelled (the client went away, or a newer request on the same board) is killed at
once with the worker's whole process group (a ganak or ApproxMC child included), and a fresh
worker takes its place; the other workers go on. Once the pool is stopping, no worker is started.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import signal
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO

# The longest line a worker may send: a `solve --all` document of a large figure fits.
LINE_LIMIT = 1 << 30
# Seconds a job asked to stop (SIGTERM) has to answer before its worker is killed: every backend
# stops within about a second (docs/guarantees.md); the rest is for a loaded machine.
GRACE = 3.0
# Seconds past its own --timeout before a command that stops itself is asked to stop.
SLACK = 2.0
# What a worker's last words on stderr say when memory ran out: Python's MemoryError, C++'s
# std::bad_alloc, a C library's ENOMEM.
_MEMORY_WORDS = ("MemoryError", "bad_alloc", "Cannot allocate memory", "out of memory")


@dataclass(frozen=True)
class Limits:
    """What one request may take (serve --timeout, --memory) and how many may wait (--queue)."""

    seconds: float = 60.0
    memory: int = 2 << 30
    queue: int = 100


@dataclass(frozen=True)
class Result:
    """What the CLI said: its exit status, standard output and standard error; `stopped` is why the
    server asked it to stop ("time" or "closing"), None when it ended by itself."""

    code: int
    out: str
    err: str
    stopped: str | None = None


class Busy(Exception):
    """More requests wait than the queue holds: the client may try again later."""


class Stopped(Exception):
    """The job ended with no answer: `why` is "time" (killed past its limit), "closing" (the server
    stops), "memory" (the worker ran out of it) or "died" (the worker crashed; `detail` says how)."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(why)
        self.why, self.detail = why, detail


class _Worker:
    def __init__(self, process: asyncio.subprocess.Process, stderr: IO[bytes]) -> None:
        self.process, self.stderr = process, stderr
        self.why: str | None = None  # why the server wants the running job stopped
        self.ask = asyncio.Event()  # set: ask the job to stop now (SIGTERM)
        self.kill_now = asyncio.Event()  # set: do not wait for an answer
        self.finished = asyncio.Event()  # set: the command has ended, its answer is on its way

    async def send(self, job: dict) -> None:
        assert self.process.stdin is not None
        self.why = None
        self.ask.clear()
        self.kill_now.clear()
        self.finished.clear()
        self.process.stdin.write((json.dumps(job) + "\n").encode("utf-8"))
        await self.process.stdin.drain()

    async def receive(self) -> dict | None:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        return json.loads(line) if line else None

    def terminate(self) -> None:
        """Ask the running command to stop at its next safe point (the worker alone, not its group:
        the command stops its own children)."""
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def last_words(self) -> str:
        """The end of what the worker wrote on its own stderr in its last job (native libraries,
        a Python traceback), one line."""
        with contextlib.suppress(OSError, ValueError):
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - 4096))
            lines = [line for line in self.stderr.read().decode("utf-8", "replace").splitlines() if line.strip()]
            return lines[-1].strip() if lines else ""
        return ""

    def death(self, where: str) -> Stopped:
        """Why the worker ended: memory when its last words say so, else the signal or status."""
        words, code = self.last_words(), self.process.returncode
        how = where
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        elif code is not None:
            how = f"exit status {code}"
        if any(w in words for w in _MEMORY_WORDS):
            return Stopped("memory", f"{how}: {words}")
        return Stopped("died", f"{how}: {words}" if words else how)


class Pool:
    """`size` workers started by `command`, each in its own session (so its group can be killed)
    and its own empty folder (so no relative path means anything), with `env` added."""

    def __init__(
        self, command: Sequence[str], size: int, limits: Limits, cwd: str, env: dict[str, str] | None = None
    ) -> None:
        self.command, self.size, self.limits, self.cwd = list(command), size, limits, cwd
        self.env = {**os.environ, **(env or {})}
        self._idle: asyncio.Queue[_Worker | None] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._busy: set[_Worker] = set()
        self._retired: set[_Worker] = set()  # killed, their end not yet awaited
        self._tasks: set[asyncio.Task] = set()
        self.closing = False
        self.waiting = 0
        self.running = 0

    async def start(self) -> None:
        """Every worker started and ready (its imports done) before the first request."""
        workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        for w in workers:
            self._idle.put_nowait(w)

    async def _spawn(self) -> _Worker:
        stderr = tempfile.TemporaryFile()  # unlinked: its last words, read if it dies
        # Appending: the worker empties it at each job, and our reads move no offset its writes use.
        fcntl.fcntl(stderr.fileno(), fcntl.F_SETFL, fcntl.fcntl(stderr.fileno(), fcntl.F_GETFL) | os.O_APPEND)
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
                limit=LINE_LIMIT,
            )
        except BaseException:
            stderr.close()
            raise
        worker = _Worker(process, stderr)
        self._all.add(worker)
        hello = await worker.receive()
        if not hello or not hello.get("ready"):
            worker.kill()
            raise RuntimeError("a worker of the pool did not start")
        return worker

    def _replace(self, worker: _Worker) -> None:
        """Kill a worker whose job is stopped and start another in its place, off the request;
        none once the pool is stopping (its folder is about to go)."""
        worker.kill()
        if self.closing:  # close() waits for it with the others
            return
        self._all.discard(worker)
        self._retired.add(worker)

        async def renew() -> None:
            await worker.process.wait()
            self._retired.discard(worker)
            worker.stderr.close()
            if not self.closing:
                self._idle.put_nowait(await self._spawn())

        task = asyncio.get_running_loop().create_task(renew())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take(self) -> _Worker:
        """An idle worker; Stopped("closing") once the pool stops (the None put in the queue then
        is handed on from waiter to waiter)."""
        if self.closing:
            raise Stopped("closing")
        if self.waiting >= self.limits.queue:
            raise Busy()
        self.waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self.waiting -= 1
        if worker is None or self.closing:
            self._idle.put_nowait(worker)
            raise Stopped("closing")
        return worker

    async def run(
        self,
        job: dict,
        seconds: float,
        progress: Callable[[str], None] | None = None,
        *,
        stops_itself: bool = False,
        started: Callable[[], None] | None = None,
    ) -> Result:
        """The job's result. Past `seconds` (plus `SLACK` for a command that `stops_itself` at its
        own --timeout), or when the pool stops, the job is asked to stop and answers with what it
        found; killed `GRACE` later if it has not. Busy when the queue is full; Stopped when the job
        ended with no answer; cancelling the caller kills the job."""
        worker = await self._take()
        self.running += 1
        self._busy.add(worker)
        if started is not None:
            started()
        reading: asyncio.Task[Result] | None = None
        try:
            try:
                await worker.send(job)
            except (ConnectionError, RuntimeError):
                await worker.process.wait()
                raise worker.death("the worker ended before its job") from None
            reading = asyncio.get_running_loop().create_task(self._answer(worker, progress))
            answer = await self._outcome(worker, reading, seconds + (SLACK if stops_itself else 0.0))
        except BaseException:
            if reading is not None:
                reading.cancel()
            self._busy.discard(worker)
            self._replace(worker)
            raise
        finally:
            self.running -= 1
        self._busy.discard(worker)
        self._idle.put_nowait(worker)
        return answer

    async def _outcome(self, worker: _Worker, reading: asyncio.Task[Result], seconds: float) -> Result:
        """The answer, from a job left alone for `seconds` or until the pool stops, then asked to
        stop and given `GRACE` to answer. Work that has finished is never dropped: once the worker
        says its command ended, its answer is awaited however late (unless the server stops now)."""
        if not await _until(reading, seconds, worker.ask):
            worker.why = worker.why or "time"
            worker.terminate()
            if not await _until(reading, GRACE, worker.kill_now) and worker.finished.is_set():
                await _until(reading, None, worker.kill_now)
        if not reading.done():
            raise Stopped(worker.why or "time")
        answer = reading.result()
        return answer if worker.why is None else Result(answer.code, answer.out, answer.err, worker.why)

    async def _answer(self, worker: _Worker, progress: Callable[[str], None] | None) -> Result:
        while True:
            message = await worker.receive()
            if message is None:
                await worker.process.wait()
                raise worker.death("the worker ended")
            if "progress" in message:
                if progress is not None:
                    progress(str(message["progress"]))
                continue
            if "finished" in message:
                worker.finished.set()
                continue
            return Result(int(message["code"]), str(message["out"]), str(message["err"]))

    def stop(self, now: bool = False) -> None:
        """The server stops: no job starts, the waiting ones are told so, the running ones are asked
        to stop and answer with what they found; `now` (a second Ctrl-C): killed without waiting."""
        self.closing = True
        self._idle.put_nowait(None)
        for worker in list(self._busy):
            worker.why = worker.why if worker.why == "time" else "closing"
            worker.ask.set()
            if now:
                worker.kill_now.set()

    async def close(self) -> None:
        """Every worker killed; started replacements too."""
        self.stop(now=True)
        for task in list(self._tasks):
            task.cancel()
        for worker in [*self._all, *self._retired]:
            worker.kill()
            with contextlib.suppress(ProcessLookupError):
                await worker.process.wait()
            worker.stderr.close()
        self._all.clear()
        self._retired.clear()


async def _until(task: asyncio.Task, seconds: float | None, event: asyncio.Event) -> bool:
    """Wait for `task` at most `seconds` (None: no limit) or until `event` is set; is it done?"""
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({task, waiter}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
    return task.done()
