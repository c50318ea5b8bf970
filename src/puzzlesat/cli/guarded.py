"""A command's run inside its guards: the signal handlers that stop a search, the solver-abort guard,
and every error the user can cause as one line on stderr and an exit status. Both ways a command
runs use it: typer's (`puzzlesat.cli.entry`) and the typer-free `solve` (`puzzlesat.cli.fast`);
so it never imports typer."""

import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import NoReturn

import puzzlesat
from puzzlesat.cli.plain import Exit, echo
from puzzlesat.cli.starting import _PENDING, _interrupted_while_starting

# What runs the command: the argument list in, the exit status (or None for 0) out.
Invoke = Callable[[list[str] | None], object]


def _on_signal(signum: int, frame: object) -> None:
    """First Ctrl-C or SIGTERM: stop the search at its next safe point; a second one: stop now."""
    if puzzlesat.STOP.is_set():
        raise KeyboardInterrupt
    puzzlesat.request_stop(puzzlesat.Status.TERMINATED if signum == signal.SIGTERM else puzzlesat.Status.INTERRUPT)


def _stopped_line() -> str:
    """What a run stopped at once says: `terminated` after a SIGTERM, else `interrupted`."""
    return "puzzlesat: terminated" if puzzlesat.stop_reason() == "terminated" else "puzzlesat: interrupted"


def _output_failed(e: OSError) -> NoReturn:
    """Standard output failed: one line and exit 74, except for a reader that went away (`| head`),
    a filter's normal end: quietly, exit 141, as `seq 1000000 | head` ends (docs/decisions/stopping.md,
    "A reader that goes away")."""
    failure = puzzlesat.output_failure(e)
    if failure.exit_code != puzzlesat.ExitCode.CLOSED_PIPE:
        echo(f"puzzlesat: error: {failure}", err=True)
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


def main(argv: list[str] | None, invoke: Invoke, *, keep_stop: bool = False) -> NoReturn:
    """Run `invoke(argv)`: every error the user can cause becomes one line on stderr and its exit
    status (puzzlesat.EXIT_STATUSES). The SIGINT and SIGTERM handlers it installs are put back as it
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
        _main(argv, invoke)
    finally:
        # The command's own process (the start-up handler was its) keeps both to its exit: the
        # start-up handler would turn a late Ctrl-C into exit 130, and a solver freed as Python
        # exits may still abort. A program or a test that called main gets its own back.
        if saved[signal.SIGINT] is not _interrupted_while_starting:
            unguard()
            for signum, previous in saved.items():
                signal.signal(signum, signal.SIG_DFL if previous is None else previous)
        puzzlesat.reset_stop()


def _main(argv: list[str] | None, invoke: Invoke) -> NoReturn:
    """`main` inside its signal handlers: the command, and its errors as one line and a status."""
    try:
        if _PENDING:
            _stop_at_once(argv, _PENDING.pop())
        code = invoke(argv)
    except Exit as e:  # the command's own status (`Exit(3)` after a stop): as if it had returned it
        code = e.code
    except puzzlesat.PuzzleSatError as e:
        echo(f"puzzlesat: error: {e}", err=True)
        sys.exit(e.exit_code)
    except (KeyboardInterrupt, EOFError) as e:  # a second signal, or a stop where nothing is kept (convert)
        if isinstance(e, EOFError):  # what click says first (the typer way never gets here with one)
            echo("", err=True)
        echo(_stopped_line(), err=True)
        sys.exit(puzzlesat.ExitCode.INTERRUPTED)
    except SystemExit as e:  # typer answers a closed pipe (EPIPE) with a silent exit 1: ours is 141
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _output_failed(BrokenPipeError(errno.EPIPE, "Broken pipe"))
        raise
    except MemoryError:  # past the size estimate (encoders/estimate.py): one line, not a traceback
        echo("puzzlesat: error: out of memory; a smaller encoding may fit (see docs/guarantees.md)", err=True)
        sys.exit(puzzlesat.ExitCode.BACKEND)
    except OSError as e:  # writing to standard output failed: a full disk or device, a closed pipe
        _output_failed(e)
    if code == puzzlesat.ExitCode.INTERRUPTED:  # typer turns a KeyboardInterrupt into a silent Exit(130)
        echo(_stopped_line(), err=True)
    sys.exit(code if isinstance(code, int) else puzzlesat.ExitCode.OK)
