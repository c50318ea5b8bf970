"""The board the page shows: the puzzle drawn by puzzlesat's own SVG renderer, with what the page
asks to see on it (values, pencil marks with their counts, shaded cells). Runs in a worker."""

from __future__ import annotations

import re
from collections.abc import Mapping

from puzzlesat import UsageError, board_svg, load

# A colour the page may ask a cell shaded in; anything else could carry markup into the SVG.
_COLOUR = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")


def draw(request: Mapping[str, object]) -> dict[str, object]:
    """{"svg", "cells", "rows", "cols"} for a request the server has checked the shape of: `ref` is a
    catalog name or "-" (the pasted puzzle, on standard input), the rest keyed by cell name."""
    params = request.get("param") or {}
    puzzle = load(str(request["ref"]), {str(k): str(v) for k, v in dict(params).items()} or None, request.get("givens"))
    index = {name: i for i, name in enumerate(puzzle.cells)}

    def cell(name: object, what: str) -> int:
        if name not in index:
            raise UsageError(
                f"{what}: {name!r} is not a cell of {puzzle.name} ({puzzle.cells[0]} .. {puzzle.cells[-1]})"
            )
        return index[str(name)]

    values: list[int | None] | None = None
    if request.get("values"):
        values = [None] * puzzle.size
        for c, v in puzzle.given_map.items():
            values[c] = v
        for name, v in dict(request["values"]).items():
            values[cell(name, "values")] = int(v)
    marks = {cell(n, "marks"): sorted({int(v) for v in vs}) for n, vs in dict(request.get("marks") or {}).items()}
    counts = {
        cell(n, "counts"): {int(v): int(k) for v, k in dict(per).items()}
        for n, per in dict(request.get("counts") or {}).items()
    }
    shade: dict[int, str] = {}
    for name, colour in dict(request.get("shade") or {}).items():
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise UsageError(f"shade: {colour!r} is not a colour written #rgb or #rrggbb")
        shade[cell(name, "shade")] = colour
    # marks={} even when there are none: the page reads the board by the elements' class and data-cell
    svg = board_svg(puzzle, values, None, shade or None, marks=marks, counts=counts or None)
    grid = puzzle.grid
    return {
        "svg": svg,
        "cells": list(puzzle.cells),
        "rows": grid.rows if grid is not None else None,
        "cols": grid.columns if grid is not None else None,
        "title": puzzle.title,
    }
