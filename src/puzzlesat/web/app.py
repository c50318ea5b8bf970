"""The ASGI app of `puzzlesat serve`: the page, its assets, and a JSON API that mirrors the CLI.

`POST /api/COMMAND` answers with exactly the document `puzzlesat COMMAND ... --json` prints (the
CLI runs it, in a worker of the pool), its exit status in the `X-Puzzlesat-Exit` header and its
stderr notes in `X-Puzzlesat-Notes`. Errors are one line, the CLI's own, under "error".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from puzzlesat.catalog.load import STDIN_NAME
from puzzlesat.runtime.errors import ExitCode, UsageError
from puzzlesat.web.body import JSON_ONLY, board_request, is_json, parse
from puzzlesat.web.commands import COMMANDS, Job, job_for, puzzle_ref, schema
from puzzlesat.web.limits import BodyLimit
from puzzlesat.web.pool import Busy, Pool, Result, Stopped
from puzzlesat.web.settings import Settings

if TYPE_CHECKING:  # typer's own click: its classes only name the types here
    import click

STATIC = Path(__file__).parent / "static"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
LOG = logging.getLogger("uvicorn.error")  # uvicorn's own log: one line each, at its level
# The HTTP status of a CLI exit status when the CLI printed no document (docs/web.md).
STATUS_OF_EXIT = {
    ExitCode.USAGE: 400,
    ExitCode.GARBLED: 400,
    ExitCode.NOT_A_SOLUTION: 400,
    ExitCode.INCONSISTENT: 400,
    ExitCode.STOPPED: 504,
    ExitCode.BACKEND: 503,
    ExitCode.CHECK: 500,  # an internal error: a bug, said in one line
}
# No script but our own, nothing fetched from elsewhere; boards are inline SVG.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _error(status: int, message: str, code: int | None = None, headers: dict[str, str] | None = None) -> JSONResponse:
    line = message if message.startswith("puzzlesat: ") else f"puzzlesat: error: {message}"
    body: dict[str, object] = {"error": line}
    if code is not None:
        body["exit"] = code
    return JSONResponse(body, status_code=status, headers={**SECURITY_HEADERS, **(headers or {})})


class _Left(Exception):
    """The client went away before its request body had all come."""


@dataclass
class _Board:
    """What one board of the page is running, for /api/progress and for cancelling it."""

    command: str
    task: asyncio.Task | None
    limit: float
    queued: float = field(default_factory=time.monotonic)
    started: bool = False  # a worker has the job (else it waits for one)
    status: str = ""


class Api:
    """The handlers, around one pool; `group` is the CLI's click group, whose commands the API mirrors."""

    def __init__(self, group: click.Group, worker: Sequence[str], settings: Settings) -> None:
        self.group, self.worker, self.settings = group, list(worker), settings
        self.pool: Pool | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.boards: dict[str, _Board] = {}

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        limits = self.settings.limits
        with tempfile.TemporaryDirectory(prefix="puzzlesat-serve-") as folder:
            memory = str(limits.memory)
            env = {"PUZZLESAT_WEB_MEMORY": memory, "PUZZLESAT_MEMORY_LIMIT": memory}
            self.pool = Pool(self.worker, self.settings.workers, limits, folder, env)
            self.loop = asyncio.get_running_loop()
            await self.pool.start()
            try:
                yield
            finally:
                await self.pool.close()

    def shutdown(self, now: bool = False) -> None:
        """The server stops (Ctrl-C, SIGTERM; from the signal handler, any thread): the running jobs
        are asked to stop and answer with what they found; `now` (a second Ctrl-C): killed at once."""
        if self.pool is not None and self.loop is not None:
            self.loop.call_soon_threadsafe(self.pool.stop, now)

    def running(self) -> int:
        """How many jobs a worker has now."""
        return self.pool.running if self.pool is not None else 0

    async def _body(self, request: Request) -> dict:
        if not is_json(request.headers.getlist("content-type")):
            raise UsageError(JSON_ONLY)
        try:
            raw = await request.body()
        except ClientDisconnect:
            raise _Left() from None
        return parse(raw)

    def _left(self, request: Request) -> Response:
        """One log line, not a traceback: a client that goes away mid-body is no fault of ours."""
        LOG.warning("puzzlesat: a client left before its request body came: %s %s", request.method, request.url.path)
        return _error(400, "the request body did not all come", ExitCode.USAGE)

    async def command(self, request: Request) -> Response:
        """POST /api/COMMAND: the command's --json document."""
        name = request.path_params["command"]
        try:
            body = await self._body(request)
            job = job_for(self.group, name, body, self.settings.limits.seconds)
        except UsageError as e:
            return _error(400, str(e), ExitCode.USAGE)
        except _Left:
            return self._left(request)
        payload = {"argv": list(job.argv), "stdin": job.stdin}
        return await self._run(request, job, payload, body.get("board"))

    async def board(self, request: Request) -> Response:
        """POST /api/board: the puzzle drawn by puzzlesat's SVG renderer, with values, marks, shading."""
        try:
            body = await self._body(request)
            ref, stdin = puzzle_ref("puzzle", body.get("puzzle"))
            draw = board_request(body)
        except UsageError as e:
            return _error(400, str(e), ExitCode.USAGE)
        except _Left:
            return self._left(request)
        payload = {"board": {"ref": ref, **draw}, "stdin": stdin}
        return await self._run(request, Job("board", (), stdin, self.settings.limits.seconds), payload, None)

    async def _run(self, request: Request, job: Job, payload: dict, board: str | None) -> Response:
        assert self.pool is not None
        pool, loop, name = self.pool, asyncio.get_running_loop(), job.command
        entry: _Board | None = None
        if board:
            old = self.boards.get(board)
            if old is not None and old.task is not None and not old.task.done():
                old.task.cancel()
            entry = _Board(name, None, job.limit)  # the task is set just below

            def progress(text: str) -> None:
                entry.status = text

            def started() -> None:
                entry.started = True

            run = pool.run(payload, job.limit, progress, stops_itself=job.stops_itself, started=started)
            task = loop.create_task(run)
            entry.task = task
            self.boards[board] = entry
        else:
            task = loop.create_task(pool.run(payload, job.limit, stops_itself=job.stops_itself))
        watch = asyncio.get_running_loop().create_task(_watch(request, task))
        try:
            result = await task
        except asyncio.CancelledError:
            if asyncio.current_task() is not None and asyncio.current_task().cancelling():  # type: ignore[union-attr]
                raise
            return _error(409, f"{name}: cancelled by a newer request on this board, or the client left")
        except Busy:
            return _error(503, "busy: too many requests wait; try again shortly", headers={"Retry-After": "1"})
        except Stopped as e:
            return self._stopped(job, e.why, e.detail)
        finally:
            watch.cancel()
            if entry is not None and board is not None and self.boards.get(board) is entry:
                del self.boards[board]
        return self._answer(job, result)

    def _stopped(self, job: Job, why: str, detail: str = "") -> Response:
        """A job that ended with no document: past its limit, the server stopping, or a dead worker
        (its memory, told apart from a crash by what the worker said last)."""
        name = job.command
        if why == "time":
            return _error(504, f"{name}: stopped at the time limit of {job.limit:g} s", ExitCode.STOPPED)
        if why == "closing":
            return _error(503, f"{name}: the server is stopping; the job ended before it had an answer")
        if why == "memory":
            mib = self.settings.limits.memory >> 20
            return _error(503, f"{name}: out of memory (the limit is {mib} MiB; serve --memory): {detail}")
        return _error(500, f"{name}: the worker died ({detail}); a fresh one takes its place")

    def _answer(self, job: Job, result: Result) -> Response:
        """The command's document (its exit status and notes in headers), late or not; else its
        one error line with the status of its exit status."""
        headers = {**SECURITY_HEADERS, "X-Puzzlesat-Exit": str(result.code)}
        err = ANSI.sub("", result.err)  # the worker's stderr claims a terminal (for progress): no colours
        notes = [line.replace(STDIN_NAME, "the puzzle") for line in err.splitlines() if line.strip()]
        notes = [line for line in notes if "error:" not in line]
        if notes:
            headers["X-Puzzlesat-Notes"] = json.dumps(notes)
        if result.out.strip().startswith("{"):
            return Response(result.out, media_type="application/json", headers=headers)
        if result.stopped is not None:  # asked to stop, it kept nothing (generate, a board)
            return self._stopped(job, result.stopped)
        lines = [line for line in err.splitlines() if line.strip()]
        message = next((line for line in reversed(lines) if "error:" in line), lines[-1] if lines else "no answer")
        message = message.replace(STDIN_NAME, "the puzzle")  # the pasted puzzle reaches the CLI on stdin
        return _error(STATUS_OF_EXIT.get(result.code, 500), message, result.code)

    async def progress(self, request: Request) -> Response:
        """GET /api/progress?board=ID: what that board is running, for the page's progress line."""
        entry = self.boards.get(request.query_params.get("board", ""))
        if entry is None:
            return JSONResponse({"state": "idle"}, headers=SECURITY_HEADERS)
        now = time.monotonic()
        return JSONResponse(
            {
                "state": "running" if entry.started else "queued",
                "command": entry.command,
                "seconds": round(now - entry.queued, 1),
                "limit": entry.limit,
                "status": entry.status,
            },
            headers=SECURITY_HEADERS,
        )

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi(self.group), headers=SECURITY_HEADERS)

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=SECURITY_HEADERS)

    async def not_found(self, request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        what = "no such page" if status == 404 else "method not allowed"
        return _error(status, f"{what}: {request.method} {request.url.path}")


async def _watch(request: Request, task: asyncio.Task) -> None:
    """Cancel the job when the client goes away (a closed tab, an aborted fetch)."""
    while not task.done():
        if await request.is_disconnected():
            task.cancel()
            return
        await asyncio.sleep(0.2)


def openapi(group: click.Group) -> dict[str, object]:
    """The OpenAPI description, each command's body read off its click parameters."""
    error = {
        "description": "One line: the CLI's message.",
        "content": {
            "application/json": {
                "schema": {"type": "object", "properties": {"error": {"type": "string"}, "exit": {"type": "integer"}}}
            }
        },
    }
    paths: dict[str, object] = {}
    for name in COMMANDS:
        command = group.commands[name]
        paths[f"/api/{name}"] = {
            "post": {
                "summary": (command.help or "").strip().split("\n")[0],
                "requestBody": {"required": True, "content": {"application/json": {"schema": schema(command)}}},
                "responses": {
                    "200": {
                        "description": f"Exactly what `puzzlesat {name} ... --json` prints (docs/json.md); the "
                        "exit status in X-Puzzlesat-Exit.",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "400": error,
                    "409": error,
                    "413": error,
                    "503": error,
                    "504": error,
                },
            }
        }
    paths["/api/board"] = {
        "post": {
            "summary": "The board as SVG, with values, pencil marks, counts and shaded cells keyed by cell name.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {"200": {"description": "{svg, cells, rows, cols, title}"}, "400": error},
        }
    }
    paths["/api/progress"] = {
        "get": {
            "summary": "What a board of the page is running.",
            "parameters": [{"name": "board", "in": "query", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "{state, command, seconds, limit, status}"}},
        }
    }
    from puzzlesat import __version__

    return {"openapi": "3.1.0", "info": {"title": "puzzlesat", "version": __version__}, "paths": paths}


def make_app(group: click.Group, worker: Sequence[str], settings: Settings) -> Starlette:
    """The app; `worker` is the command line that starts one worker (the CLI's own)."""
    api = Api(group, worker, settings)
    routes = [
        Route("/", api.page),
        Route("/openapi.json", api.openapi),
        Route("/api/progress", api.progress),
        Route("/api/board", api.board, methods=["POST"]),
        Route("/api/{command}", api.command, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [
        Middleware(BodyLimit, limit=settings.body_limit),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts)),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=api.lifespan,
        exception_handlers={404: api.not_found, 405: api.not_found},
    )
    app.state.api = api
    return app
