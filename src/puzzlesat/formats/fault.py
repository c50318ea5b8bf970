"""What the f-puzzles and SudokuPad modules share: the fault they raise, how they name a JSON
value, and the checks of a document's shapes.

Kept apart so that `puzzlesat.formats.fpuzzles.link` (finding and decoding a link), `puzzlesat.formats.fpuzzles.doc` and
`puzzlesat.formats.sudokupad.doc` (the documents as puzzles) import it, not each other.
"""

from __future__ import annotations

import json
import re
from typing import Any


class Fault(Exception):
    """A fault in the link, the string or the document (`arrow[2].cells: ...`); `load_fpuzzles`
    adds the source and turns it into a FileFormatError."""


def json_kind(v: object) -> str:
    """What a JSON value is, for 'expected X, got Y'."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    kinds = {int: "a number", float: "a number", str: "a string", list: "an array", dict: "an object"}
    return next(name for t, name in kinds.items() if isinstance(v, t))


def shown(v: object, width: int = 40) -> str:
    """A JSON value as a message quotes it, cut to about `width` characters (a link may hold megabytes)."""
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 128:
        return "a number of more than 38 digits"
    try:
        text = json.dumps(v)
    except (ValueError, RecursionError):  # a value Python cannot write (nested too deeply)
        return json_kind(v)
    if len(text) <= width:
        return text
    return text[: width - 4] + ('..."' if text.startswith('"') else "...")


# The most digits a number in a document may have: no size, coordinate, sum or count comes near it,
# and Python's int() refuses strings of more than 4,300 digits with a ValueError.
MAX_DIGITS = 18


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise Fault(f"the JSON document holds a number of {digits:,} digits, more than any puzzle needs")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not abs(value) < 10.0**MAX_DIGITS:  # inf too
        raise Fault(f"the JSON document holds the number {shown(text)}, too large for a coordinate or a value")
    return value


def _constant(name: str) -> float:
    raise Fault(f"the JSON document holds {name}, which is no JSON number")


def loads(text: str) -> Any:
    """JSON as the link readers take it: numbers bounded (MAX_DIGITS digits, finite), NaN and
    Infinity refused, each as a Fault; json.JSONDecodeError and RecursionError pass to the caller."""
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)


def whole(text: str) -> int | None:
    """A string of digits (a sign and spaces around allowed) as an int, or None; no more than MAX_DIGITS."""
    m = re.fullmatch(rf"\s*(-?\d{{1,{MAX_DIGITS}}})\s*", text)
    return int(m[1]) if m else None


def present(v: object) -> bool:
    """Does a value say anything? (f-puzzles and SudokuPad may write empty lists and false flags.)"""
    return v not in (None, False, "", [], {})


def expect(ok: bool, v: object, where: str, what: str) -> None:
    if not ok:
        raise Fault(f"{where}: expected {what}, got {json_kind(v)}")


def entries(doc: dict[str, Any], key: str) -> list[tuple[str, dict[str, Any]]]:
    """The entries of a list-of-objects key, each with its path (`arrow[2]`)."""
    v = doc.get(key) or []
    expect(isinstance(v, list), v, key, "an array")
    out = []
    for k, entry in enumerate(v, 1):
        expect(isinstance(entry, dict), entry, f"{key}[{k}]", "an object")
        out.append((f"{key}[{k}]", entry))
    return out
