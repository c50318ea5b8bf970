"""Start the page: bind the socket first (so a taken port is one line, not uvicorn's log), then
run uvicorn on it until Ctrl-C."""

from __future__ import annotations

import errno
import json
import os
import socket
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING
from urllib.parse import quote

from puzzlesat.encoders.estimate import parse_bytes
from puzzlesat.runtime.errors import UsageError
from puzzlesat.web.pool import Limits
from puzzlesat.web.settings import Settings

if TYPE_CHECKING:  # typer's own click: its classes only name the types here
    import click

LOOPBACK = ("127.0.0.1", "localhost", "::1")
INSTALL = "the page needs the web extra: pip install 'puzzlesat[web]' (Starlette and uvicorn)"


def need_extra() -> None:
    """One line saying how to install the extra, before anything is started."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise UsageError(INSTALL) from None


def settings_for(host: str, workers: int, seconds: float, memory: str, body: str, queue: int) -> Settings:
    """The options resolved once; a size that does not parse is one line."""
    sizes = {}
    for flag, text in (("--memory", memory), ("--body-limit", body)):
        n = parse_bytes(text)
        if n is None or n <= 0:
            raise UsageError(f"{flag} {text}: expected a size such as 512MiB, 2GiB or 64M")
        sizes[flag] = n
    loopback = host in LOOPBACK
    hosts = ("127.0.0.1", "localhost", "[::1]", host) if loopback else ("*",)
    return Settings(workers, Limits(seconds, sizes["--memory"], queue), sizes["--body-limit"], hosts, loopback)


def url(host: str, port: int, puzzle: str | None = None) -> str:
    """The address to open; `/?puzzle=NAME` opens the page on that puzzle."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else (f"[{host}]" if ":" in host else host)
    return f"http://{shown}:{port}/" + (f"?puzzle={quote(puzzle, safe='')}" if puzzle else "")


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one UsageError line when the address cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise UsageError(f"--port {port}: in use on {host}; choose another port") from None
        if e.errno == errno.EACCES:
            raise UsageError(f"--port {port}: not allowed on {host} (ports below 1024 need root)") from None
        raise UsageError(f"--host {host}: cannot listen there ({e.strerror})") from None
    except (socket.gaierror, OverflowError) as e:
        sock.close()
        raise UsageError(f"--host {host}: not an address of this machine ({e})") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock


def run(group: click.Group, worker: Sequence[str], settings: Settings, sock: socket.socket) -> None:
    """Serve until Ctrl-C or SIGTERM. The first stops taking requests and asks the running jobs to
    stop (they answer with what they found, within seconds); a second kills them at once (their
    clients get 503); a third gives up waiting for connections. The workers go on the way out."""
    import uvicorn

    from puzzlesat.web.app import make_app
    from puzzlesat.web.pool import GRACE

    app = make_app(group, worker, settings)
    api = app.state.api

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            """Not uvicorn's: its second Ctrl-C skipped the pool's shutdown and answered 500."""
            self.signals = getattr(self, "signals", 0) + 1
            self.should_exit = True
            api.shutdown(now=self.signals > 1)
            self.force_exit = self.signals > 2
            os.write(2, stopping_line(self.signals, api.running()).encode())

    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        access_log=False,
        server_header=False,
        timeout_graceful_shutdown=int(GRACE) + 5,  # past a worker's grace: only a stalled client waits that long
    )
    server = Server(config)
    server.run(sockets=[sock])
    if server.should_exit and not server.started:  # the lifespan failed: the pool did not start
        print("puzzlesat: error: the server did not start (its workers failed)", file=sys.stderr)
        raise SystemExit(4)


def stopping_line(signals: int, running: int) -> str:
    """What the server says when Ctrl-C or SIGTERM comes (`signals`: how many so far)."""
    if signals > 1:
        return "puzzlesat: stopping now\n"
    if running == 0:
        return "puzzlesat: stopping\n"
    jobs = (
        "1 running job answers with what it found"
        if running == 1
        else f"{running} running jobs answer with what they found"
    )
    return f"puzzlesat: stopping: {jobs} (Ctrl-C again: stop them at once)\n"


def self_test(group: click.Group, worker: Sequence[str], settings: Settings, host: str) -> list[dict[str, object]]:
    """Start the server on a free port of `host` in a thread, ask it what the page asks first (the
    page, a check, a hint, an oversized body), stop it: each check with its status, the status
    expected and a short answer."""
    import contextlib
    import http.client
    import threading
    import time

    import uvicorn

    from puzzlesat.web.app import make_app

    sock = bind(host, 0)
    config = uvicorn.Config(make_app(group, worker, settings), log_level="error", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.02)
    if not server.started:
        raise UsageError("the server did not start (its workers failed)")

    def ask(path: str, body: bytes | None = None) -> tuple[int, str, str]:
        """(status, content type, text); a body the server refuses early may meet a closed socket."""
        address, port = sock.getsockname()[:2]
        connection = http.client.HTTPConnection(address, port, timeout=settings.limits.seconds + 10)
        try:
            headers = {"Content-Type": "application/json", "Host": "127.0.0.1"}
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                connection.request("POST" if body is not None else "GET", path, body, headers)
            answer = connection.getresponse()
            return answer.status, answer.headers.get_content_type(), answer.read().decode("utf-8")
        finally:
            connection.close()

    checks: list[dict[str, object]] = []

    def check(what: str, path: str, body: bytes | None, expected: int, answer: Callable[[str, str], str]) -> None:
        status, kind, text = ask(path, body)
        checks.append({"what": what, "status": status, "expected": expected, "answer": answer(kind, text)})

    def hinted(kind: str, text: str) -> str:
        step = json.loads(text).get("step") or {"deduced": []}
        said = ", ".join(f"{f['cell']} {'=' if f['kind'] == 'place' else '!='} {f['value']}" for f in step["deduced"])
        return f"{said} ({step.get('technique')})"

    try:
        check("GET /", "/", None, 200, lambda kind, text: f"the page ({kind})")
        check(
            "POST /api/check sudoku",
            "/api/check",
            b'{"puzzle": "sudoku"}',
            200,
            lambda kind, text: str(json.loads(text).get("status")),
        )
        check("POST /api/hint sudoku", "/api/hint", b'{"puzzle": "sudoku"}', 200, hinted)
        check(
            "POST /api/check, body past limit",
            "/api/check",
            b" " * (settings.body_limit + 1),
            413,
            lambda kind, text: str(json.loads(text)["error"]),
        )
    finally:
        server.should_exit = True
        thread.join(timeout=30)
    return checks


def self_test_text(checks: Sequence[dict[str, object]], host: str, workers: int) -> str:
    """One line a check: what was asked, the status, what came back."""
    width = max(len(str(c["what"])) for c in checks)
    lines = [f"puzzlesat: self-test on {host} ({workers} workers)"]
    lines += [f"{str(c['what']):<{width}}  {c['status']}  {c['answer']}" for c in checks]
    return "\n".join(lines)
