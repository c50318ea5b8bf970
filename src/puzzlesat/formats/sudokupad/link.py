"""SudokuPad links: `https://sudokupad.app/<id>` and `https://app.crackingthecryptic.com/sudoku/<id>`.

The id says its format by its prefix, as SudokuPad's own loader reads it: `scl` (alias `ctc`) is
lz-string's `compressToBase64` of SudokuPad's JSON (plain, or shortened by its PuzzleZipper),
read by `puzzlesat.formats.sudokupad.doc`; `fpuz` (alias `fpuzzles`) is an f-puzzles string
(`puzzlesat.formats.fpuzzles.link`); `classic` is followed by an 81-character classic line. Any other id is a
short one that SudokuPad looks up on its server: that needs the network, which puzzlesat does not
use, so it is one line saying so. `scf` (a legacy compact form) is refused by name.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import TYPE_CHECKING, Any

from puzzlesat.formats.fault import Fault, json_kind, loads
from puzzlesat.runtime.errors import FileFormatError, ModelError, UsageError

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle

# Hosts (and the path before the id) that serve SudokuPad; scheme and www optional.
HOSTS = re.compile(
    r"(?:https?://)?(?:www\.|beta\.)?(?:sudokupad\.app/(?:sudoku/)?|(?:app|test)\.crackingthecryptic\.com/sudoku/)",
    re.I,
)
LABEL = "SudokuPad"


def is_sudokupad(ref: str) -> bool:
    """Is `ref` a link to SudokuPad (any id, with or without payload)?"""
    return HOSTS.match(ref.strip()) is not None and not any(ch.isspace() for ch in ref.strip())


def puzzle_id(link: str) -> str:
    """The puzzle id of a link: its path after the host, or its `?puzzleid=` (%-escapes undone)."""
    from urllib.parse import unquote, urlsplit  # here: telling a link from a file needs neither

    link = link.strip()
    rest = link[HOSTS.match(link).end() :]  # type: ignore[union-attr]
    parts = urlsplit("https://x/" + rest)
    # not parse_qs: it reads '+' as a space, and lz-string data is full of them
    query = [v for k, _, v in (q.partition("=") for q in parts.query.split("&")) if k == "puzzleid"]
    raw = query[0] if query else parts.path[1:]
    return unquote(raw).strip("/")


def load_sudokupad(link: str, source: str = "") -> Puzzle:
    """The puzzle of a SudokuPad link: every fault is one error line starting `SudokuPad: `
    (`SOURCE: SudokuPad: ` for a link read from a file or standard input)."""
    try:
        return _load(link)
    except (UsageError, FileFormatError) as e:
        if not source:
            raise
        raise type(e)(f"{source}: {e}") from None


def _load(link: str) -> Puzzle:
    pid = puzzle_id(link)
    fmt, payload = _split(pid)
    if fmt is None:
        shown = pid if len(pid) <= 40 else pid[:37] + "..."
        what = "no puzzle id" if not pid else f"{shown!r} is a short puzzle id, which SudokuPad looks up on its server"
        raise UsageError(
            f"{LABEL}: {what}; puzzlesat does not use the network: open the link in SudokuPad and share it "
            "with its data (Share > 'Copy link' with the puzzle data, or the f-puzzles export)"
        )
    try:
        return READERS[fmt](payload)
    except Fault as e:
        raise FileFormatError(f"{LABEL} ({fmt}): {e}") from None
    except ModelError as e:
        raise FileFormatError(f"{LABEL} ({fmt}): {e}") from None
    except RecursionError:  # a value nested nearly as deep as the JSON reader allows, written out
        raise FileFormatError(f"{LABEL} ({fmt}): the JSON document is nested too deeply") from None


# Prefixes as SudokuPad registers them, longest first within a family.
PREFIXES = (("scl", "scl"), ("ctc", "scl"), ("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("classic", "classic"),
            ("scf", "scf"))  # fmt: skip


def _split(pid: str) -> tuple[str | None, str]:
    for prefix, fmt in PREFIXES:
        if pid.startswith(prefix) and len(pid) > len(prefix):
            return fmt, pid[len(prefix) :]
    return None, pid


def _classic(payload: str) -> Puzzle:
    from puzzlesat.catalog.builtin import build
    from puzzlesat.formats.sadman.files import classic_box

    if classic_box(payload) is None:
        raise Fault(
            f"expected an 81-character classic line after 'classic' (1-9, '.' or '0'), got {len(payload)} characters"
        )
    return build("sudoku", {"box": str(classic_box(payload))}, payload)


def _fpuzzles(payload: str) -> Puzzle:
    from puzzlesat.formats.fpuzzles.doc import build
    from puzzlesat.formats.fpuzzles.link import _decode

    return build(_decode(_repair(payload)))


def _scl(payload: str) -> Puzzle:
    from puzzlesat.formats.sudokupad.doc import build

    text = _decompress(_repair(payload))
    try:
        doc = loads(text)
    except json.JSONDecodeError:
        doc = _unzip(text)
    except RecursionError:
        raise Fault("the JSON document is nested too deeply") from None
    if not isinstance(doc, dict):
        raise Fault(f"the data decompresses to {json_kind(doc)}, not a puzzle (a JSON object)")
    return build(doc)


def _scf(payload: str) -> Puzzle:
    raise Fault("the legacy scf format is not supported; share the puzzle from SudokuPad again (an scl link)")


READERS = {"scl": _scl, "fpuzzles": _fpuzzles, "classic": _classic, "scf": _scf}


# --- lz-string and SudokuPad's transport forms ----------------------------------------------------


def _decompress(data: str) -> str:
    from puzzlesat.formats.fpuzzles.link import _decompress as lz

    text = lz(data)
    if not text:
        raise Fault(f"the data does not decompress (lz-string data, {len(data)} characters; cut short?)")
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


# Decompressions while repairing folded slashes stop after this many characters in all (about half a
# second): a short payload gets every placement of up to 12 doublings, a 100 kB one a few dozen.
REPAIR_BUDGET = 2_000_000
REPAIR_SLASHES = 12


def _decoded(text: str | None) -> bool:
    """Did the data decompress to what a puzzle is, a JSON object (plain or PuzzleZipper-shortened)?"""
    return bool(text) and text.lstrip().startswith("{")  # type: ignore[union-attr]


def _repair(data: str) -> str:
    """A payload whose `//` a web server or browser folded into `/` (SudokuPad repairs them the same
    way): the first placement of doubled slashes that decompresses to a JSON object, trying few
    doublings first, among the first REPAIR_SLASHES slashes and within REPAIR_BUDGET characters of
    decompression in all (each try costs the payload's length: bounded, not 2^12 tries of 100 kB)."""
    from puzzlesat.formats.fpuzzles.link import _decompress as lz

    if "/" not in data or _decoded(lz(data)):
        return data
    slashes = [m.start() for m in re.finditer("/", data)][:REPAIR_SLASHES]
    placements = itertools.chain.from_iterable(
        itertools.combinations(slashes, k) for k in range(1, len(slashes) + 1)
    )
    for chosen in itertools.islice(placements, max(1, REPAIR_BUDGET // len(data))):
        cuts = [0, *chosen, len(data)]
        fixed = "/".join(data[a:b] for a, b in itertools.pairwise(cuts))  # each chosen slash doubled
        if _decoded(lz(fixed)):
            return fixed
    return data


# SudokuPad's PuzzleZipper: short names for the native format's keys.
PROPS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2", "cells": "ce",
    "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
    "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs", "thickness": "th",
    "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te", "duration": "d", "d": "d2",
}  # fmt: skip
_LONG = {short: long for long, short in PROPS.items()}


def _unzip(zipped: str) -> dict[str, Any]:
    """PuzzleZipper.unzip: quotes, bare keys, empty objects, t/f and colour shorthands, short keys."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, repl in (
        (r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":'),
        (r"([,{\[])(?=[,}\]])", r"\1_"),
        (r"{_}", "{}"),
        (r"([,{\[])_", r"\1{}"),
        (r"(:)f([,}\]])", r"\1false\2"),
        (r"(:)t([,}\]])", r"\1true\2"),
        (r"(:)#0([,}\]])", r'\1"#000000"\2'),
        (r"(:)#F([,}\]])", r'\1"#FFFFFF"\2'),
        (r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3'),
    ):
        zipped = re.sub(pattern, repl, zipped)
    try:
        return _long_keys(loads(zipped))  # both recurse once a level (the renaming twice)
    except json.JSONDecodeError as e:
        raise Fault(f"the data decompresses to no SudokuPad document ({e.msg} at character {e.pos})") from None
    except RecursionError:
        raise Fault("the JSON document is nested too deeply") from None


def _long_keys(o: Any) -> Any:
    if isinstance(o, list):
        return [_long_keys(v) for v in o]
    if isinstance(o, dict):
        return {_LONG.get(k, k): _long_keys(v) for k, v in o.items()}
    if isinstance(o, str) and re.fullmatch(r"[0-9a-fA-F]{6}", o):
        return "#" + o
    return o
