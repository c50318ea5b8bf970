"""puzzles: the puzzle model, the built-in catalog and puzzle files.

`load()` is the one entry point the CLI and the API share: a catalog name, a TOML file, or an
f-puzzles link or string (or a file holding one).
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
    if ref.endswith(".toml") or any(s in ref for s in seps):
        return True
    try:
        return Path(ref).is_file()
    except (OSError, ValueError):  # too long for a file name (ENAMETOOLONG), or a NUL in it
        return False


def load(ref: str, params: Mapping[str, str] | None = None, givens: str | None = None) -> Puzzle:
    """The puzzle a catalog name, a .toml path or an f-puzzles link, string or file stands for;
    -p and --givens are for the catalog only."""
    from .fpuzzles import extract, is_fpuzzles, is_link, load_ref

    fpuzzles = is_fpuzzles(ref) or is_link(ref)  # another site's link gets f-puzzles' "not a link" message
    if fpuzzles or is_file_ref(ref):
        if params or givens is not None:
            bare = fpuzzles and extract(ref) is not None
            label, into = ("the f-puzzles link or string", "the puzzle") if bare else (ref, "the file")
            raise UsageError(
                f"{label}: parameters (-p) and --givens apply to catalog puzzles only; write them into {into}"
            )
        if fpuzzles:
            return load_ref(ref)
        from .files import load_file

        return load_file(ref)
    from .catalog import build

    return build(ref, params, givens)
