"""A fixed pool of worker processes (web/worker.py) that bounds how much runs at once.

Each worker runs one job at a time. A job past its time limit, or cancelled (the client went away,
or a newer request on the same board), is stopped by killing the worker's whole process group
(a ganak or ApproxMC child included), and a fresh worker takes its place; the other workers go on.
Killing is the only way to stop native solver code at once, and it leaves nothing half-done behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# The longest line a worker may send: a `solve --all` document of a large figure fits.
LINE_LIMIT = 1 << 30


@dataclass(frozen=True)
class Limits:
    """What one request may take (serve --timeout, --memory) and how many may wait (--queue)."""

    seconds: float = 60.0
    memory: int = 2 << 30
    queue: int = 100


@dataclass(frozen=True)
class Result:
    """What the CLI said: its exit status, standard output and standard error."""

    code: int
    out: str
    err: str


class Busy(Exception):
    """More requests wait than the queue holds: the client may try again later."""


class Stopped(Exception):
    """The job was stopped: `why` is "time" (its limit) or "died" (the worker ended: memory, a crash)."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(why)
        self.why, self.detail = why, detail


class _Worker:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    async def send(self, job: dict) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(job) + "\n").encode("utf-8"))
        await self.process.stdin.drain()

    async def receive(self) -> dict | None:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        return json.loads(line) if line else None

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)


class Pool:
    """`size` workers started by `command`, each in its own session (so its group can be killed)
    and its own empty folder (so no relative path means anything), with `env` added."""

    def __init__(
        self, command: Sequence[str], size: int, limits: Limits, cwd: str, env: dict[str, str] | None = None
    ) -> None:
        self.command, self.size, self.limits, self.cwd = list(command), size, limits, cwd
        self.env = {**os.environ, **(env or {})}
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._tasks: set[asyncio.Task] = set()
        self.waiting = 0
        self.running = 0

    async def start(self) -> None:
        """Every worker started and ready (its imports done) before the first request."""
        workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        for w in workers:
            self._idle.put_nowait(w)

    async def _spawn(self) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
            limit=LINE_LIMIT,
        )
        worker = _Worker(process)
        self._all.add(worker)
        hello = await worker.receive()
        if not hello or not hello.get("ready"):
            worker.kill()
            raise RuntimeError("a worker of the pool did not start")
        return worker

    def _replace(self, worker: _Worker) -> None:
        """Kill a worker whose job is stopped and start another in its place, off the request."""
        worker.kill()
        self._all.discard(worker)

        async def renew() -> None:
            await worker.process.wait()
            self._idle.put_nowait(await self._spawn())

        task = asyncio.get_running_loop().create_task(renew())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self, job: dict, seconds: float, progress: Callable[[str], None] | None = None) -> Result:
        """The job's result; Busy when the queue is full, Stopped past `seconds` or when the worker
        dies; cancelling the caller stops the job too."""
        if self.waiting >= self.limits.queue:
            raise Busy()
        self.waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            await worker.send(job)
            answer = await asyncio.wait_for(self._answer(worker, progress), seconds)
        except TimeoutError:
            self._replace(worker)
            raise Stopped("time") from None
        except asyncio.CancelledError:
            self._replace(worker)
            raise
        except (ConnectionError, Stopped) as e:
            self._replace(worker)
            code = worker.process.returncode
            raise Stopped("died", f"signal {-code}" if code is not None and code < 0 else str(e)) from None
        finally:
            self.running -= 1
        self._idle.put_nowait(worker)
        return answer

    async def _answer(self, worker: _Worker, progress: Callable[[str], None] | None) -> Result:
        while True:
            message = await worker.receive()
            if message is None:
                await worker.process.wait()
                raise Stopped("died", "the worker ended")
            if "progress" in message:
                if progress is not None:
                    progress(str(message["progress"]))
                continue
            return Result(int(message["code"]), str(message["out"]), str(message["err"]))

    async def close(self) -> None:
        """Every worker killed; started replacements too."""
        for task in list(self._tasks):
            task.cancel()
        for worker in list(self._all):
            worker.kill()
            with contextlib.suppress(ProcessLookupError):
                await worker.process.wait()
        self._all.clear()
