"""The entry point through typer: the one click command a run needs, click's errors to one line and
an exit status (the guards around it, shared with the typer-free `solve`, are `guarded`); and the
page's worker process, which runs the entry point once a job."""

import copy
import importlib
import sys
from typing import NoReturn

import typer

import puzzlesat
from puzzlesat.cli import guarded
from puzzlesat.cli.common import app


def web_worker() -> None:
    """One worker process of `puzzlesat serve` (src/puzzlesat/web/worker.py): runs the command lines the server
    sends, each as `main` runs it, its output captured."""

    def run(argv: list[str]) -> int:
        try:
            main(argv, keep_stop=True)  # the worker clears the stop flag before each job
        except SystemExit as e:
            return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        return 0

    from puzzlesat.web.worker import serve as loop

    loop(run)


def _click_command(argv: list[str] | None) -> typer.core.TyperGroup:
    """The click group, holding only the subcommand the command line starts with, if any:
    typer reads every command's signature to build each, 11 ms of every start-up for 14 commands
    (measured), and a run uses one. `puzzlesat`, `--help` or a misspelt command get them all."""
    args = sys.argv[1:] if argv is None else argv
    wanted = args[0] if args else None  # `puzzlesat --help solve` is the root's help: all of them
    chosen = [info for info in registered(wanted).registered_commands if _name(info) == wanted]
    if not chosen:
        return typer.main.get_command(app)  # type: ignore[return-value]
    only = copy.copy(app)
    only.registered_commands = chosen
    return typer.main.get_command(only)  # type: ignore[return-value]


def main(argv: list[str] | None = None, *, keep_stop: bool = False) -> NoReturn:
    """Entry point: the command through typer, inside the guards (`guarded.main`: signals, errors to
    one line and an exit status)."""
    guarded.main(argv, _invoke, keep_stop=keep_stop)


def _invoke(argv: list[str] | None) -> object:
    """The click command run; click's own exceptions to one line and a status (the others are the
    guards')."""
    try:
        return _click_command(argv).main(args=argv, prog_name="puzzlesat", standalone_mode=False)
    except typer.TyperException as e:  # click's usage errors (typer vendors click)
        if puzzlesat.is_help_request(e):  # bare `puzzlesat` or `puzzlesat compare`: show the help
            typer.echo(e.format_message())
            sys.exit(puzzlesat.ExitCode.OK)
        typer.echo(f"puzzlesat: error: {e.format_message()}", err=True)
        sys.exit(puzzlesat.ExitCode.USAGE)
    except typer.Abort:  # a second signal, or a stop where nothing is kept (convert)
        raise KeyboardInterrupt from None
    except typer.Exit as e:
        sys.exit(e.exit_code)


# Each command and the module that defines it, in the order `puzzlesat --help` lists them (the order
# they were written in one module). A run imports only its command's module (`registered`).
COMMANDS = {
    "list": "puzzles", "show": "puzzles", "symmetry": "puzzles", "solve": "solving", "convert": "exchange",
    "dimacs": "exchange", "decode": "exchange", "count": "solving", "compare": "solving", "check": "setter",
    "candidates": "setter", "clues": "setter", "generate": "setter", "explain": "reasoning", "hint": "reasoning",
    "grade": "reasoning", "serve": "serving",
}  # fmt: skip


def _name(info: typer.models.CommandInfo) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]


def registered(wanted: str | None = None) -> typer.Typer:
    """The app with `wanted`'s command registered (its module imported), or every command when
    `wanted` is none of them (`puzzlesat`, `--help`, a misspelt command): 6 ms less for a run."""
    modules = [COMMANDS[wanted]] if wanted in COMMANDS else dict.fromkeys(COMMANDS.values())
    for module in modules:
        importlib.import_module(f"puzzlesat.cli.{module}")
    app.registered_commands.sort(key=lambda info: list(COMMANDS).index(_name(info)))
    return app
