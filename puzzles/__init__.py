"""puzzles: the puzzle model, the built-in catalog and puzzle files.

`load()` is the one entry point the CLI and the API share: a catalog name or a TOML file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from .errors import UsageError
from .model import Puzzle

__all__ = ["Puzzle", "is_file_ref", "load"]


def is_file_ref(ref: str) -> bool:
    """A ref is a file when it ends in .toml, has a path separator, or names an existing file."""
    seps = {os.sep, "/"} | ({os.altsep} if os.altsep else set())
    return ref.endswith(".toml") or any(s in ref for s in seps) or Path(ref).is_file()


def load(ref: str, params: Mapping[str, str] | None = None, givens: str | None = None) -> Puzzle:
    """The puzzle a catalog name or a .toml path stands for; -p and --givens are for the catalog only."""
    if is_file_ref(ref):
        if params or givens is not None:
            raise UsageError(
                f"{ref}: parameters (-p) and --givens apply to catalog puzzles only; write them into the file"
            )
        from .files import load_file

        return load_file(ref)
    from .catalog import build

    return build(ref, params, givens)
