"""The page: serve."""

import json
import sys
from typing import Annotated

import typer

import puzzlesat
from puzzlesat.cli.common import OutputOpt, _Command, _examples, _exit_statuses, _write_doc, app

# serve's own options, declared here so that its signature reads as a list of them.
ServePuzzleOpt = Annotated[
    str | None,
    typer.Argument(
        metavar="PUZZLE", help="A catalog name or a link the printed address opens the page on.", show_default=False
    ),
]
ServeHostOpt = Annotated[
    str,
    typer.Option(
        metavar="ADDRESS", help="The address to listen on; other than loopback, anyone who reaches it may use it."
    ),
]
ServePortOpt = Annotated[
    int, typer.Option(min=0, max=65535, metavar="PORT", help="The port to listen on (0: any free port).")
]
ServeWorkersOpt = Annotated[
    int, typer.Option(min=1, max=64, metavar="N", help="Worker processes: at most N requests run at once.")
]
ServeTimeoutOpt = Annotated[
    float, typer.Option(min=0.1, metavar="SECONDS", help="The time limit of one request; a request may ask less.")
]
ServeMemoryOpt = Annotated[
    str,
    typer.Option(
        metavar="SIZE", help="The memory one request may add, e.g. 512MiB or 4GiB; size estimates refuse more."
    ),
]
ServeBodyLimitOpt = Annotated[
    str, typer.Option(metavar="SIZE", help="The largest request body; larger ones get 413.")
]
ServeQueueOpt = Annotated[
    int, typer.Option(min=1, metavar="N", help="Requests that may wait for a worker; more get 503.")
]
ServeSelfTestOpt = Annotated[
    bool,
    typer.Option(
        "--self-test", help="Start on a free port, ask the page, a check, a hint and a body past the limit, stop."
    ),
]
ServeAsJsonOpt = Annotated[
    bool, typer.Option("--json", help="Say where it serves (or the self-test) as one JSON document (docs/web.md).")
]


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat serve --self-test",
        "puzzlesat serve   # not run: serves until Ctrl-C",
        "puzzlesat serve sudoku --port 8001   # not run",
        "puzzlesat serve --workers 4 --timeout 120 --memory 4GiB   # not run",
    ),
)
@_exit_statuses("serve")
def serve(
    puzzle: ServePuzzleOpt = None,
    host: ServeHostOpt = "127.0.0.1",
    port: ServePortOpt = 8000,
    workers: ServeWorkersOpt = 2,
    timeout: ServeTimeoutOpt = 60.0,
    memory: ServeMemoryOpt = "2GiB",
    body_limit: ServeBodyLimitOpt = "1MiB",
    queue: ServeQueueOpt = 100,
    self_test: ServeSelfTestOpt = False,
    as_json: ServeAsJsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """A local page for setters: the board with its rules, candidates, hints, the explanation, the
    grade, counts, clues, generation and links out, in a browser; and a JSON API that answers as the
    commands' --json do (docs/web.md). Needs pip install 'puzzlesat[web]'. Ctrl-C stops it.
    """
    from puzzlesat.web.serve import bind, need_extra, run, self_test_text, settings_for, url
    from puzzlesat.web.serve import self_test as check_server

    need_extra()
    settings = settings_for(host, workers, timeout, memory, body_limit, queue)
    worker = [sys.executable, "-c", "from puzzlesat import cli; cli.web_worker()"]
    from puzzlesat.cli.entry import registered  # the page runs every command: all of them registered

    commands = typer.main.get_command(registered())
    if self_test:
        checks = check_server(commands, worker, settings, host)
        doc = {"version": puzzlesat.version, "host": host, "workers": workers, "checks": checks}
        doc["ok"] = all(c["status"] == c["expected"] for c in checks)
        _write_doc(output, doc)
        typer.echo(json.dumps(doc) if as_json else self_test_text(checks, host, workers))
        if not doc["ok"]:
            raise puzzlesat.BackendError("serve --self-test: an answer was not the one expected (above)")
        return
    sock = bind(host, port)
    address = url(host, sock.getsockname()[1], puzzle)
    doc = {
        "version": puzzlesat.version,
        "url": address,
        "host": host,
        "port": sock.getsockname()[1],
        "workers": workers,
        "timeout": timeout,
        "memory": settings.limits.memory,
        "body_limit": settings.body_limit,
        "queue": queue,
    }
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else f"puzzlesat: serving {address} (Ctrl-C stops)")
    if not settings.loopback:
        typer.echo(f"puzzlesat: warning: listening on {host}: anyone who can reach it may use it", err=True)
    run(commands, worker, settings, sock)
