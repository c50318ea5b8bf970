"""Atomic file writes: a temporary file in the same folder, then a rename, so no file is half-written."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from puzzles.errors import UsageError


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = True) -> Path:
    """Write `data` to `path` all at once; with force=False an existing file is an error."""
    target = Path(path)
    if not force and target.exists():
        raise UsageError(f"{target}: already exists; use --force to replace it")
    folder = target.parent if str(target.parent) else Path(".")
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
