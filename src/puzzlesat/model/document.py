"""The keys every JSON document starts with, shared by every renderer (and by `groups`, which
must not import the renderers that import it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlesat.model.model import Puzzle


def params_json(params: Sequence[tuple[str, object]]) -> dict[str, Any]:
    """Parameters as JSON: whole numbers as numbers (`{"order": 4}`), anything else as given."""
    out: dict[str, Any] = {}
    for key, value in params:
        text = str(value).strip()
        whole = isinstance(value, int) or (text[1:] if text[:1] == "-" else text).isdigit()
        out[key] = int(text) if whole and not isinstance(value, bool) else value
    return out


def document(puzzle: Puzzle) -> dict[str, Any]:
    """The keys every JSON document starts with: the format's version, the puzzle, its parameters."""
    from puzzlesat import __version__

    return {"version": __version__, "puzzle": puzzle.name, "params": params_json(puzzle.params)}
