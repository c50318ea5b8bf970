"""The toolkit's exceptions: one base, so the CLI boundary can turn any of them into one line."""

from __future__ import annotations


class PuzzleSatError(Exception):
    """Base of every error puzzlesat raises on purpose; `str(e)` is the one-line message."""

    exit_code = 2


class ModelError(PuzzleSatError):
    """An invalid puzzle model; the message names the offending field."""


class FileFormatError(PuzzleSatError):
    """A puzzle file that cannot be read; the message names the file, the key and the line."""


class UsageError(PuzzleSatError):
    """A bad option or name given by the user (unknown encoding, bad -p, ...)."""


class BackendError(PuzzleSatError):
    """A backend or external program failed in a way the user can act on."""

    exit_code = 4


class CheckError(PuzzleSatError):
    """A solver returned an assignment the independent checker rejects: a bug, never a user error."""

    exit_code = 70
