"""The entry point: signals, the one click command a run needs, errors to one line and an exit status;
and the page's worker process, which runs the entry point once a job."""

import copy
import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import NoReturn

import typer

import puzzlesat
from puzzlesat.cli.common import _PENDING, _interrupted_while_starting, app


def _on_signal(signum: int, frame: object) -> None:
    """First Ctrl-C or SIGTERM: stop the search at its next safe point; a second one: stop now."""
    if puzzlesat.STOP.is_set():
        raise KeyboardInterrupt
    puzzlesat.request_stop(puzzlesat.Status.TERMINATED if signum == signal.SIGTERM else puzzlesat.Status.INTERRUPT)


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


def _stopped_line() -> str:
    """What a run stopped at once says: `terminated` after a SIGTERM, else `interrupted`."""
    return "puzzlesat: terminated" if puzzlesat.stop_reason() == "terminated" else "puzzlesat: interrupted"


def _click_command(argv: list[str] | None) -> typer.core.TyperGroup:
    """The click group, holding only the subcommand the command line starts with, if any:
    typer reads every command's signature to build each, 11 ms of every start-up for 14 commands
    (measured), and a run uses one. `puzzlesat`, `--help` or a misspelt command get them all."""
    args = sys.argv[1:] if argv is None else argv
    wanted = args[0] if args else None  # `puzzlesat --help solve` is the root's help: all of them
    chosen = [
        info
        for info in app.registered_commands
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == wanted  # type: ignore[union-attr]
    ]
    if not chosen:
        return typer.main.get_command(app)  # type: ignore[return-value]
    only = copy.copy(app)
    only.registered_commands = chosen
    return typer.main.get_command(only)  # type: ignore[return-value]


def _output_failed(e: OSError) -> NoReturn:
    """Standard output failed: one line and exit 74, except for a reader that went away (`| head`),
    a filter's normal end: quietly, exit 141, as `seq 1000000 | head` ends (docs/decisions/stopping.md,
    "A reader that goes away")."""
    failure = puzzlesat.output_failure(e)
    if failure.exit_code != puzzlesat.ExitCode.CLOSED_PIPE:
        typer.echo(f"puzzlesat: error: {failure}", err=True)
    sys.exit(failure.exit_code)


def _stop_at_once(argv: list[str] | None, signum: int) -> None:
    """The signal that came during the imports: a stop request that a command reporting stops (the
    commands of exit status 3) honours at its first safe point, printing the document of a run
    that found nothing yet; any other command ends here, as a signal at start-up did: one line, 130."""
    puzzlesat.request_stop(puzzlesat.Status.TERMINATED if signum == signal.SIGTERM else puzzlesat.Status.INTERRUPT)
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in puzzlesat.EXIT_STATUSES[puzzlesat.ExitCode.STOPPED].commands:
        raise KeyboardInterrupt


def _guard_solvers(argv: list[str] | None) -> Callable[[], None]:
    """For a command that runs solver libraries (the commands of exit status 4): a library that
    aborts the process (a C++ solver out of memory) ends it with one line and exit 4, not exit 134
    (solvers/last_words.py); returns what takes that back."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in puzzlesat.EXIT_STATUSES[puzzlesat.ExitCode.BACKEND].commands:
        return puzzlesat.guard_aborts()
    return lambda: None


def main(argv: list[str] | None = None, *, keep_stop: bool = False) -> NoReturn:
    """Entry point: every error the user can cause becomes one line on stderr and its exit status
    (puzzlesat.EXIT_STATUSES). The SIGINT and SIGTERM handlers it installs are put back as it
    ends, and the stop flag cleared, so a program (or a test) that calls it keeps its own: a
    signal to it afterwards is not a stop request for a search that has ended. `keep_stop`: a
    stop asked for before this handler was set stands (the server's worker, asked to stop the
    moment its job came)."""
    if sys.stdout is None:  # started with standard output closed (`>&-`): nothing it says could be seen
        _output_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))
    if not keep_stop:
        puzzlesat.reset_stop()
    saved = {signum: signal.signal(signum, _on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
    puzzlesat.start_signal_watcher()  # wakes a native search (Z3) that holds the handlers back
    unguard = _guard_solvers(argv)
    try:
        _main(argv)
    finally:
        # The command's own process (the start-up handler was its) keeps both to its exit: the
        # start-up handler would turn a late Ctrl-C into exit 130, and a solver freed as Python
        # exits may still abort. A program or a test that called main gets its own back.
        if saved[signal.SIGINT] is not _interrupted_while_starting:
            unguard()
            for signum, previous in saved.items():
                signal.signal(signum, signal.SIG_DFL if previous is None else previous)
        puzzlesat.reset_stop()


def _main(argv: list[str] | None) -> NoReturn:
    """`main` inside its signal handlers: the command, and its errors as one line and a status."""
    try:
        if _PENDING:
            _stop_at_once(argv, _PENDING.pop())
        code = _click_command(argv).main(args=argv, prog_name="puzzlesat", standalone_mode=False)
    except puzzlesat.PuzzleSatError as e:
        typer.echo(f"puzzlesat: error: {e}", err=True)
        sys.exit(e.exit_code)
    except typer.TyperException as e:  # click's usage errors (typer vendors click)
        if puzzlesat.is_help_request(e):  # bare `puzzlesat` or `puzzlesat compare`: show the help
            typer.echo(e.format_message())
            sys.exit(puzzlesat.ExitCode.OK)
        typer.echo(f"puzzlesat: error: {e.format_message()}", err=True)
        sys.exit(puzzlesat.ExitCode.USAGE)
    except (typer.Abort, KeyboardInterrupt):  # a second signal, or a stop where nothing is kept (convert)
        typer.echo(_stopped_line(), err=True)
        sys.exit(puzzlesat.ExitCode.INTERRUPTED)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except SystemExit as e:  # typer answers a closed pipe (EPIPE) with a silent exit 1: ours is 141
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _output_failed(BrokenPipeError(errno.EPIPE, "Broken pipe"))
        raise
    except MemoryError:  # past the size estimate (encoders/estimate.py): one line, not a traceback
        typer.echo("puzzlesat: error: out of memory; a smaller encoding may fit (see docs/guarantees.md)", err=True)
        sys.exit(puzzlesat.ExitCode.BACKEND)
    except OSError as e:  # writing to standard output failed: a full disk or device, a closed pipe
        _output_failed(e)
    if code == puzzlesat.ExitCode.INTERRUPTED:  # typer turns a KeyboardInterrupt into a silent Exit(130)
        typer.echo(_stopped_line(), err=True)
    sys.exit(code if isinstance(code, int) else puzzlesat.ExitCode.OK)


from puzzlesat.cli import exchange, puzzles, reasoning, serving, setter, solving  # noqa: E402,F401

# The order `puzzlesat --help` lists the commands in (the order they were written in one module).
ORDER = (
    "list", "show", "symmetry", "solve", "convert", "dimacs", "decode", "count", "compare",
    "check", "candidates", "clues", "generate", "explain", "hint", "grade", "serve",
)


def _name(info: typer.models.CommandInfo) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]


app.registered_commands.sort(key=lambda info: ORDER.index(_name(info)))
