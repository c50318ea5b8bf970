"""Files in and out: bounded reads that fail as one clear error, and safe writes.

Reads are capped at `READ_LIMIT` bytes (no puzzle, answer, map or givens file comes near it), so
`/dev/zero` or a runaway pipe is one line, not a memory blow-up; a FIFO or a terminal is read with
a wait limit (`READ_WAIT`), so a pipe nobody writes to cannot hang a command forever.

Writes go to a temporary file in the target's folder, then a rename, so no regular file is ever
half-written: a symlink is followed and its target replaced; a device or a FIFO is written
through, never replaced; a folder that does not exist is an error, not created. A file named to
be written is replaced, as `sort -o` and `gcc -o` replace it, but only one we may write: the
rename would bypass a read-only file's mode, so that is refused. New files get the umask's mode
(0644 with the usual umask 022), a replaced file keeps its own.
"""

from __future__ import annotations

import errno
import os
import select
import stat
import sys
from typing import TYPE_CHECKING, BinaryIO

from puzzlesat.runtime.errors import ClosedPipe, OutputError, PuzzleSatError, UsageError

if TYPE_CHECKING:  # pathlib only where a file is written: reading a puzzle needs none of it (start-up)
    from pathlib import Path

# The largest file any command reads: 64 MiB (a DIMACS answer for a million variables is ~8 MB).
READ_LIMIT = 64 * 1024 * 1024
# How long a read from a FIFO, a pipe or a terminal waits for the next bytes before giving up.
READ_WAIT = 30.0
_CHUNK = 1 << 16


def _too_big(name: str, limit: int) -> str:
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"
    return f"{name}: larger than {size}, the most puzzlesat reads (see docs/guarantees.md)"


def read_stream(f: BinaryIO | int, name: str, *, limit: int | None = None, patient: bool = False) -> bytes:
    """All bytes of an open file or descriptor, up to `limit` (default READ_LIMIT; UsageError beyond
    it); unless `patient` (a regular file), a stream silent for READ_WAIT seconds is an error too
    (a FIFO with no writer, a terminal)."""
    fd = f if isinstance(f, int) else f.fileno()
    limit = READ_LIMIT if limit is None else limit
    wait = None if patient else READ_WAIT
    parts: list[bytes] = []
    size = 0
    while True:
        if wait is not None:
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                raise UsageError(f"{name}: nothing to read for {wait:g} s (a FIFO or a pipe nobody writes to?)")
        try:
            chunk = os.read(fd, _CHUNK)
        except BlockingIOError:
            continue
        if not chunk:
            return b"".join(parts)
        size += len(chunk)
        if size > limit:
            raise UsageError(_too_big(name, limit))
        parts.append(chunk)


def read_bytes(
    path: str | Path, *, error: type[PuzzleSatError] = UsageError, label: str | None = None, limit: int | None = None
) -> bytes:
    """A file's bytes, capped at `limit`; a FIFO is opened without blocking and read with a wait limit."""
    name = label or str(path)
    limit = READ_LIMIT if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except IsADirectoryError:
        raise error(f"{name}: is a directory") from None
    except OSError as e:
        raise error(f"{name}: cannot read: {e.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{name}: is a directory")
        if stat.S_ISREG(mode):
            if os.fstat(fd).st_size > limit:
                raise error(_too_big(name, limit))
            os.set_blocking(fd, True)
            return read_stream(fd, name, limit=limit, patient=True)
        return read_stream(fd, name, limit=limit)
    except UsageError as e:
        raise error(str(e)) from None
    except OSError as e:
        raise error(f"{name}: cannot read: {e.strerror}") from None
    finally:
        os.close(fd)


def _decode(data: bytes, name: str, error: type[PuzzleSatError], lenient: bool) -> str:
    try:
        return data.decode("utf-8", errors="replace" if lenient else "strict")
    except UnicodeDecodeError as e:
        raise error(f"{name}: not UTF-8 text (byte {e.start})") from None


def read_text(
    path: str | Path, *, error: type[PuzzleSatError] = UsageError, label: str | None = None, lenient: bool = False
) -> str:
    """A file's UTF-8 text (at most READ_LIMIT bytes); a missing, unreadable, oversized or (unless
    lenient) non-UTF-8 file is one `error` naming it (`label`, default the path)."""
    name = label or str(path)
    return _decode(read_bytes(path, error=error, label=name), name, error, lenient)


def read_stdin_text(label: str = "standard input", *, lenient: bool = False) -> str:
    """Standard input's UTF-8 text, capped like a file (a terminal or a silent pipe waits READ_WAIT)."""
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
    if stream is None:  # a test harness's text stream
        data = sys.stdin.read(READ_LIMIT + 1).encode()
        if len(data) > READ_LIMIT:
            raise UsageError(_too_big(label, READ_LIMIT))
        return _decode(data, label, UsageError, lenient)
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # an in-memory stream (CliRunner)
        data = stream.read(READ_LIMIT + 1)
        if len(data) > READ_LIMIT:
            raise UsageError(_too_big(label, READ_LIMIT)) from None
        return _decode(data, label, UsageError, lenient)
    regular = stat.S_ISREG(os.fstat(fd).st_mode)
    return _decode(read_stream(fd, label, patient=regular), label, UsageError, lenient)


def _umask_mode() -> int:
    """0o666 less the process umask: the mode `open()` would give a new file."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def output_failure(e: OSError, name: str = "standard output") -> OutputError:
    """The one-line error for a failed write (ENOSPC, EBADF, ...), or ClosedPipe when standard
    output's reader went away (EPIPE: the command ends quietly); the broken stream is silenced, so
    the interpreter's final flush cannot print a traceback after it."""
    if name == "standard output":
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass
        if e.errno == errno.EPIPE:
            return ClosedPipe(f"{name}: closed by its reader")
    what = "closed pipe" if e.errno == errno.EPIPE else (e.strerror or str(e))
    return OutputError(f"{name}: cannot write: {what}")


def _check_name(path: str | Path) -> Path:
    from pathlib import Path

    if str(path) == "" or str(path).strip() == "":
        raise UsageError("an empty file name: give a path to write to")
    return Path(path)


def _write_through(target: Path, raw: bytes, mode: int) -> Path:
    """Write into a character device or a FIFO as it is (never replace it)."""
    flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)
    if stat.S_ISFIFO(mode):
        flags |= os.O_NONBLOCK
    try:
        fd = os.open(target, flags)
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise UsageError(f"{target}: a FIFO with no reader; start the reader first") from None
        raise OutputError(f"{target}: cannot write: {e.strerror}") from None
    try:
        os.set_blocking(fd, True)
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as e:
        raise OutputError(f"{target}: cannot write: {e.strerror}") from None
    finally:
        os.close(fd)
    return target


def writable_target(path: str | Path) -> tuple[Path, os.stat_result | None]:
    """Where a write to `path` goes, checked before any work: the symlink's target, its stat (None if
    new); refuses an empty name, a folder, a missing folder, sockets, block devices and a regular
    file we may not write."""
    from pathlib import Path

    target = _check_name(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    try:
        info: os.stat_result | None = target.stat()
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        blocking = next((p for p in target.parents if p.exists() and not p.is_dir()), target.parent)
        raise UsageError(f"{path}: cannot write: {blocking} is not a directory") from None
    except OSError as e:
        raise UsageError(f"{path}: cannot write: {e.strerror}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{path}: is a directory; give a file name")
    if info is not None and not (
        stat.S_ISREG(info.st_mode) or stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)
    ):
        raise UsageError(f"{path}: not a regular file, a character device or a FIFO; refusing to write to it")
    if info is not None and stat.S_ISREG(info.st_mode) and not _may_write(target, info):
        mode = stat.S_IMODE(info.st_mode)
        raise UsageError(f"{path}: cannot write: the file is read-only (mode {mode:04o})")
    folder = target.parent if str(target.parent) else Path(".")
    if info is None and not folder.is_dir():
        what = "is not a directory" if folder.exists() else "does not exist"
        raise UsageError(f"{path}: cannot write: the folder {folder} {what}")
    return target, info


def _may_write(target: Path, info: os.stat_result) -> bool:
    """Whether we could open the existing file for writing, which a rename over it would not ask:
    the system's answer, and for root (to whom it always says yes) a write bit in the mode, as
    `cp` and the shell's noclobber see a read-only file."""
    return os.access(target, os.W_OK) and bool(info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def write_atomic(path: str | Path, data: str | bytes) -> Path:
    """Write `data` to `path` all at once, replacing a file we may write (see the module's
    docstring). Returns the path written (a symlink's target)."""
    from pathlib import Path

    target, info = writable_target(path)
    raw = data.encode() if isinstance(data, str) else data
    if info is not None and not stat.S_ISREG(info.st_mode):
        return _write_through(target, raw, info.st_mode)
    mode = stat.S_IMODE(info.st_mode) if info is not None else _umask_mode()
    folder = target.parent if str(target.parent) else Path(".")
    try:
        import tempfile  # here: reading a puzzle needs none of it (tempfile brings random)

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise UsageError(f"{path}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot write: {e.strerror}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
