"""The signal handlers of the first moments of a run, before typer or puzzlesat is imported.

Imported first by both ways a command runs (`common` for typer's, `fast` for the typer-free
`solve`), so a Ctrl-C or SIGTERM during the imports is never Python's traceback.
"""

import os
import signal
import sys

# A signal that came while starting (SIGINT or SIGTERM), kept for `main` (see below).
_PENDING: list[int] = []


def _interrupted_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM while Python still imports typer and puzzlesat (0.1 s of a run, seconds
    on a loaded machine): the first is kept, and `main` asks the command to stop at its first
    safe point, so a command that reports a stop still prints its (empty) document, exit 3; a
    second one ends the run at once: one line and exit 130 rather than Python's traceback or a
    silent death by the signal. `main` replaces this handler with the one that stops a search."""
    if not _PENDING:
        _PENDING.append(signum)
        return
    os.write(2, b"puzzlesat: terminated\n" if signum == signal.SIGTERM else b"puzzlesat: interrupted\n")
    os._exit(130)  # puzzlesat.ExitCode.INTERRUPTED ("a second Ctrl-C or SIGTERM"), not imported yet


# Only when this process is the command (the console script, `python -m puzzlesat` or `python cli.py`):
# a program that imports puzzlesat.cli keeps its own Ctrl-C and SIGTERM behaviour.
_ARGV0 = sys.argv[0] if sys.argv else ""
if os.path.basename(_ARGV0) == "puzzlesat" or _ARGV0.endswith(("puzzlesat/__main__.py", "cli.py")):
    try:
        signal.signal(signal.SIGINT, _interrupted_while_starting)
        signal.signal(signal.SIGTERM, _interrupted_while_starting)
    except ValueError:  # imported outside the main thread, where handlers cannot be set
        pass
