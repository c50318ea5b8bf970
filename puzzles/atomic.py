"""Files in and out: reads that fail as one clear error, and atomic writes (a temporary file in the
same folder, then a rename), so no file is ever half-written."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from puzzles.errors import PuzzleSatError, UsageError


def read_text(
    path: str | Path, *, error: type[PuzzleSatError] = UsageError, label: str | None = None, lenient: bool = False
) -> str:
    """A file's UTF-8 text; a missing, unreadable or (unless lenient) non-UTF-8 file is one `error`
    naming it (`label`, default the path)."""
    name = label or str(path)
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace" if lenient else "strict")
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except IsADirectoryError:
        raise error(f"{name}: is a directory") from None
    except UnicodeDecodeError as e:
        raise error(f"{name}: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise error(f"{name}: cannot read: {e.strerror}") from None


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = True) -> Path:
    """Write `data` to `path` all at once; with force=False an existing file is an error."""
    target = Path(path)
    if not force and target.exists():
        raise UsageError(f"{target}: already exists; use --force to replace it")
    folder = target.parent if str(target.parent) else Path(".")
    blocking = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if blocking is not None and not blocking.is_dir():
        raise UsageError(f"{target}: cannot write: {blocking} is not a directory")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise UsageError(f"{target}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
