"""Hypothesis strategies for f-puzzles documents of one rule kind each (tests/test_fprules.py):
a 4x4 grid, boxes or a jigsaw, a given or none, and one to three clues of the kind, shaped as
f-puzzles writes them."""

from __future__ import annotations

from hypothesis import strategies as st
from strategies import FP_JIGSAWS, _fp_cell, _fp_path

N = 4
LINE_KEYS = (
    "renban", "whispers", "nabner", "palindrome", "zipperline", "doublearrow", "slowthermometer",
    "betweenline", "lockout", "regionsumline", "entropicline", "modularline", "parityline",
)  # fmt: skip
KINDS = (*LINE_KEYS, "littlekillersum", "maximum", "minimum", "disjointgroups", "clone", "quadruple", "pill", "parity")


def _cell(draw: st.DrawFn) -> tuple[int, int]:
    return draw(st.integers(1, N)), draw(st.integers(1, N))


def _line(draw: st.DrawFn, least: int = 2, most: int = 4) -> list[str]:
    return [_fp_cell(x) for x in draw(_fp_path(least, most))]


def _clue(draw: st.DrawFn, key: str) -> dict:
    """One entry of `key`; the whole document's value for the flags."""
    if key in LINE_KEYS:
        entry: dict = {"lines": [_line(draw, 3 if key == "doublearrow" else 2)]}
        if key in ("whispers", "lockout") and draw(st.booleans()):
            entry["value"] = str(draw(st.integers(1, 3)))
        return entry
    if key == "littlekillersum":
        side = draw(st.sampled_from(["top", "left", "bottom", "right"]))
        k = draw(st.integers(1, N))
        cell = {"top": (0, k), "left": (k, 0), "bottom": (N + 1, k), "right": (k, N + 1)}[side]
        steps = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
        into = [d for d, (dr, dc) in steps.items() if 1 <= cell[0] + dr <= N and 1 <= cell[1] + dc <= N]
        return {
            "cell": _fp_cell(cell),
            "direction": draw(st.sampled_from(into)),
            "value": str(draw(st.integers(1, 14))),
        }
    if key in ("maximum", "minimum"):
        return {"cell": _fp_cell(_cell(draw))}
    if key == "clone":
        a = draw(_fp_path(1, 3))
        dr, dc = draw(st.sampled_from([(2, 0), (0, 2), (2, 2), (1, 2), (2, -1)]))
        b = [(r + dr, c + dc) for r, c in a]
        if not all(1 <= r <= N and 1 <= c <= N for r, c in b):
            b = [(N + 1 - r, N + 1 - c) for r, c in a]
        return {"cells": [_fp_cell(x) for x in a], "cloneCells": [_fp_cell(x) for x in b]}
    if key == "quadruple":
        r, c = draw(st.integers(1, N - 1)), draw(st.integers(1, N - 1))
        cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        return {
            "cells": [_fp_cell(x) for x in cells],
            "values": draw(st.lists(st.integers(1, N), min_size=1, max_size=3)),
        }
    if key == "pill":
        line = draw(_fp_path(3, 5))
        return {"cells": [_fp_cell(x) for x in line[:2]], "lines": [[_fp_cell(x) for x in line[1:]]]}
    raise AssertionError(key)


@st.composite
def documents(draw: st.DrawFn, key: str) -> dict:
    """A 4x4 document with clues of the kind `key` ("pill": arrows with two-cell circles; "parity":
    cells' parity fields; "disjointgroups": the flag)."""
    jigsaw = draw(st.sampled_from((None, *FP_JIGSAWS)))
    grid: list[list[dict]] = [[{} for _ in range(N)] for _ in range(N)]
    for r in range(N):
        for c in range(N):
            if jigsaw is not None:
                grid[r][c]["region"] = int(jigsaw[r * N + c])
    if draw(st.booleans()):
        r, c = _cell(draw)
        grid[r - 1][c - 1].update({"value": draw(st.integers(1, N)), "given": True})
    doc: dict = {"size": N, "grid": grid}
    if key == "disjointgroups":
        doc["disjointgroups"] = True
    elif key == "parity":
        for _ in range(draw(st.integers(1, 4))):
            r, c = _cell(draw)
            grid[r - 1][c - 1]["parity"] = draw(st.sampled_from(["odd", "even"]))
    else:
        doc["arrow" if key == "pill" else key] = [_clue(draw, key) for _ in range(draw(st.integers(1, 3)))]
    return doc
