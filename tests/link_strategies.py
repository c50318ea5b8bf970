"""Hypothesis strategies for links that are not quite right (tests/test_fuzz.py): the real fixtures'
documents (tests/data) with values of the wrong type, numbers of thousands of digits, deep
nesting and missing keys put in, packed back into an f-puzzles or SudokuPad link whose slashes
may be folded, added or taken away."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

import lzstring
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parent / "data"
HUGE = "\x00huge\x00"  # stands for a number of 5,000 digits, which json.dumps cannot write
DEEP = "\x00deep\x00"  # stands for arrays nested 2,000 deep, which json.dumps cannot write either
PREFIXES = {
    "fpuzzles": "https://www.f-puzzles.com/?load=",
    "sudokupad-fpuzzles": "https://sudokupad.app/fpuzzles",
    "scl": "https://sudokupad.app/scl",
}
# Values of every JSON type, and the shapes the readers expect in the wrong place.
WRONG = st.sampled_from(
    [None, True, False, 0, -1, 7, 1.5, -0.5, 1e17, HUGE, DEEP, "", "x", "9" * 5000, "R1C1", "R0C1", "UR",
     "#000000", [], {}, [None], [1.5], ["R1C1"], [["R1C1", "R1C2"]], [[0.5, 0.5]], [0, 0], {"k": []},
     [[[]]], {"cells": 1.5}, "R" + "9" * 5000 + "C1"]
)  # fmt: skip


@functools.cache
def documents() -> tuple[tuple[str, Any], ...]:
    """(kind, document) of every real link in tests/data: the f-puzzles links' JSON and the SudokuPad
    ones' (their own scl JSON, or the f-puzzles JSON of an fpuzzles link)."""
    from puzzlesat.formats.fpuzzles.link import _decode, extract
    from puzzlesat.formats.sudokupad import link as sudokupad

    out: list[tuple[str, Any]] = []
    for entry in json.loads((DATA / "real_links.json").read_text(encoding="utf-8"))["puzzles"]:
        out.append(("fpuzzles", _decode(extract(entry["link"]))))  # type: ignore[arg-type]
    for name in ("sudokupad-real.txt", "sudokupad-converted.txt", "sudokupad-kinds.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            fmt, payload = sudokupad._split(sudokupad.puzzle_id(line.split()[-1]))
            text = sudokupad._decompress(sudokupad._repair(payload))
            try:
                doc = json.loads(text)
            except json.JSONDecodeError:
                doc = sudokupad._unzip(text)
            out.append(("scl" if fmt == "scl" else "sudokupad-fpuzzles", doc))
    return tuple(out)


def _paths(o: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(o, dict):
        for k, v in o.items():
            out += _paths(v, (*path, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            out += _paths(v, (*path, i))
    return out


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[str, Any]:
    """A real document with one to four places replaced by a wrong value or deleted; shallow places
    (the top-level keys, their entries) as likely as deep ones."""
    kind, doc = draw(st.sampled_from(documents()))
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(doc)[1:]
        if not paths:
            break
        depth = draw(st.sampled_from([1, 2, 3, 99]))
        path = draw(st.sampled_from([p for p in paths if len(p) <= depth] or paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.integers(0, 4)) == 0:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(draw(WRONG))  # a later mutation must not change WRONG itself
    return kind, doc


def _text(doc: Any) -> str:
    deep = "[" * 2000 + "]" * 2000
    return json.dumps(doc).replace(json.dumps(HUGE), "9" * 5000).replace(json.dumps(DEEP), deep)


@st.composite
def broken_links(draw: st.DrawFn) -> str:
    """A mutated document packed into a link, its data then left alone or with slashes folded
    (`//` to `/`), added or taken away, or cut short."""
    kind, doc = draw(mutated_documents())
    data = lzstring.compress_to_base64(_text(doc))
    how = draw(st.sampled_from(["as is", "as is", "fold", "add slashes", "drop slashes", "cut"]))
    if how == "fold":
        data = data.replace("//", "/")
    elif how == "add slashes":
        for _ in range(draw(st.integers(1, 14))):
            i = draw(st.integers(0, len(data)))
            data = data[:i] + "/" + data[i:]
    elif how == "drop slashes":
        data = data.replace("/", "", draw(st.integers(1, 3)))
    elif how == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    return PREFIXES[kind] + data
