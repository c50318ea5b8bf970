"""What a request body may be, checked before any worker sees it: JSON by its media type, strict
JSON (no NaN or Infinity, no number past Python's digit limit, nesting bounded), an object, and
for POST /api/board the shape of each key. Every fault is one UsageError line (400).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping

from puzzlesat.runtime.errors import UsageError

# No endpoint takes more than body -> key -> cell -> value (board's counts, a command's param).
MAX_DEPTH = 4
# The board's values and marks are values of the puzzle: they fit in a machine word.
_VALUE_BITS = 63
BOARD_KEYS = ("puzzle", "param", "givens", "values", "marks", "counts", "shade")
JSON_ONLY = "send the request as JSON (Content-Type: application/json)"


def is_json(content_types: Iterable[str]) -> bool:
    """One Content-Type header, `application/json` exactly, with no parameter but a UTF-8
    charset (RFC 8259: JSON is UTF-8). Anything else, a cross-site form's `text/plain; x=application/json`
    among them, is refused: a page elsewhere cannot send `application/json` without asking first."""
    values = list(content_types)
    if len(values) != 1:
        return False
    kind, *parameters = values[0].split(";")
    if kind.strip().lower() != "application/json":
        return False
    for parameter in parameters:
        name, equals, value = parameter.partition("=")
        if not parameter.strip():
            continue  # `application/json;`: an empty parameter says nothing
        if not equals or name.strip().lower() != "charset":
            return False
        if value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


def parse(raw: bytes) -> dict:
    """The body as a JSON object (an empty body is `{}`)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError(f"the request body is not JSON: not UTF-8 ({e.reason} at byte {e.start})") from None
    try:
        body = json.loads(text or "{}", parse_constant=_constant, parse_float=_float)
    except RecursionError:
        raise UsageError(f"the request body is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise UsageError(f"the request body is not JSON: {e}") from None
    except ValueError:  # a whole number past sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        raise UsageError(f"the request body has a number of more than {limit} digits") from None
    if not isinstance(body, dict):
        raise UsageError('the request body must be a JSON object such as {"puzzle": "sudoku"}')
    if _depth(body) > MAX_DEPTH:
        raise UsageError(f"the request body is nested too deeply (more than {MAX_DEPTH} levels)")
    return body


def _constant(word: str) -> object:
    raise UsageError(f"the request body is not JSON: {word} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UsageError(f"the request body is not JSON: {text[:20]} is past the largest number")
    return value


def _depth(value: object) -> int:
    """How deep the containers go (a scalar 0, {} 1), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            if depth + 1 <= MAX_DEPTH:  # deeper than that is refused whatever lies below
                stack.extend((x, depth + 1) for x in item)
    return deepest


def shown(value: object) -> str:
    """A value as the client wrote it, cut short for a one-line message."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _value(where: str, value: object) -> int:
    if not _whole(value) or value.bit_length() > _VALUE_BITS:  # type: ignore[union-attr]
        raise UsageError(f"board: {where} must be a whole number, not {shown(value)}")
    return int(value)  # type: ignore[call-overload]


def _by_cell(key: str, value: object) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise UsageError(f"board: '{key}' must be an object keyed by cell name, not {shown(value)}")
    return value


def board_request(body: Mapping[str, object]) -> dict[str, object]:
    """The parts of a POST /api/board body the worker draws, each checked for its shape: `param`
    {name: value}, `givens` a string, `values` {cell: value}, `marks` {cell: [values]}, `counts`
    {cell: {value: count}}, `shade` {cell: colour}. The cells and colours are checked where the
    puzzle is known (src/puzzlesat/web/board.py)."""
    extra = sorted(set(body) - set(BOARD_KEYS))
    if extra:
        raise UsageError(f"board: unknown key {extra[0]!r}; valid: {', '.join(BOARD_KEYS)}")
    draw: dict[str, object] = {}
    param = body.get("param")
    if param is not None:
        for name, v in _by_cell("param", param).items():
            if isinstance(v, bool) or not isinstance(v, str | int | float):
                raise UsageError(f"board: param {name} must be a string or a number, not {shown(v)}")
        draw["param"] = param
    givens = body.get("givens")
    if givens is not None:
        if not isinstance(givens, str):
            raise UsageError(f"board: 'givens' must be a string such as 2......3...1..4., not {shown(givens)}")
        if givens:
            draw["givens"] = givens
    if body.get("values") is not None:
        draw["values"] = {c: _value(f"values: {c}", v) for c, v in _by_cell("values", body["values"]).items()}
    if body.get("marks") is not None:
        marks = {}
        for c, vs in _by_cell("marks", body["marks"]).items():
            if not isinstance(vs, list):
                raise UsageError(f"board: marks: {c} must be a list of values, not {shown(vs)}")
            marks[c] = [_value(f"marks: {c}", v) for v in vs]
        draw["marks"] = marks
    if body.get("counts") is not None:
        counts: dict[str, dict[str, int]] = {}
        for c, per in _by_cell("counts", body["counts"]).items():
            if not isinstance(per, dict):
                raise UsageError(f"board: counts: {c} must be an object {{value: count}}, not {shown(per)}")
            counts[c] = {}
            for v, n in per.items():
                if not (v.lstrip("-").isdigit() and v.isascii()) or len(v) > 19:
                    raise UsageError(f"board: counts: {c}: {v!r} is not a value")
                if not _whole(n) or n < 0:
                    raise UsageError(f"board: counts: {c}: {v} must be a count (a whole number), not {shown(n)}")
                counts[c][v] = n
        draw["counts"] = counts
    if body.get("shade") is not None:
        shade = _by_cell("shade", body["shade"])
        for c, colour in shade.items():
            if not isinstance(colour, str):
                raise UsageError(f"board: shade: {c} must be a colour written #rgb or #rrggbb, not {shown(colour)}")
        draw["shade"] = shade
    return draw
