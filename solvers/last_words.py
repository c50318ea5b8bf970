"""One line and exit 4 when a solver library aborts the process (`solvers._lastwords`, C++).

Python cannot catch what a native library does past its own error handling: a C++ solver that runs
out of memory throws an exception nothing catches (CaDiCaL's std::bad_alloc while it takes the
clauses, Glucose's OutOfMemoryException in PySAT's constructor), and the C++ runtime aborts the
process with "terminate called after throwing ..." and exit 134. The command line installs the
extension's handlers for the commands that run solvers: that end becomes "puzzlesat: error: out of
memory in the solver library (std::bad_alloc); ..." and exit 4, what was streamed flushed first.
What PySAT does turn into MemoryError (Glucose's clause allocator) and the cp search's own
MemoryError stay Python's: a BackendError or the CLI's one line, also exit 4.

Only the command line installs it, and takes it back when `main` returns to a program (or a test)
that called it: a program that imports the library keeps the C++ runtime's behaviour. Where the
extension is not built (no C++ compiler at install), `install` does nothing: an abort stays an abort.
"""

from __future__ import annotations

from collections.abc import Callable


def install() -> Callable[[], None]:
    """Install the handlers; returns what puts the previous ones back (a no-op where not built)."""
    try:
        from . import _lastwords
    except ImportError:
        return lambda: None
    if _lastwords.installed():  # an outer caller installed them: it takes them back
        return lambda: None
    _lastwords.install()
    return _lastwords.uninstall
