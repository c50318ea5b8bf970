"""Start the page: bind the socket first (so a taken port is one line, not uvicorn's log), then
run uvicorn on it until Ctrl-C."""

from __future__ import annotations

import errno
import socket
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING
from urllib.parse import quote

from encoders.estimate import parse_bytes
from puzzles.errors import UsageError

from .app import Settings
from .pool import Limits

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
    """Serve until interrupted; the pool's workers are killed on the way out."""
    import uvicorn

    from .app import make_app

    app = make_app(group, worker, settings)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False, server_header=False)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    if server.should_exit and not server.started:  # the lifespan failed: the pool did not start
        print("puzzlesat: error: the server did not start (its workers failed)", file=sys.stderr)
        raise SystemExit(4)
