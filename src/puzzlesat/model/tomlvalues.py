"""TOML values in and out, shared by the file reader and writer and every rule's `from_toml` and
`to_toml`: type checks when reading, literals when writing.

A fault is raised as `Bad(path, message)` at a key path (`("sum", 2, "cells")`); the file reader
turns it into one line with the file name and the line number.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from puzzlesat.runtime.words import valid_names

KeyPath = tuple[str | int, ...]


class Bad(Exception):
    """A fault at a key path; `puzzlesat.formats.toml.files.load_text` adds the file name and the line."""

    def __init__(self, path: KeyPath, message: str) -> None:
        super().__init__(message)
        self.path, self.message = path, message


def kind(v: object) -> str:
    """What a TOML value is, for 'expected X, got Y'."""
    if isinstance(v, bool):
        return "a boolean"
    kinds = {int: "an integer", float: "a float", str: "a string", list: "an array", dict: "a table"}
    return next((name for t, name in kinds.items() if isinstance(v, t)), "a date or time")


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def expect(ok: bool, v: object, path: KeyPath, what: str) -> None:
    if not ok:
        raise Bad(path, f"expected {what}, got {kind(v)}")


def table(v: object, path: KeyPath, allowed: tuple[str, ...] | None = None) -> dict[str, Any]:
    expect(isinstance(v, dict), v, path, "a table")
    if allowed is not None:
        for key in v:
            if key not in allowed:
                raise Bad((*path, key), "unknown key" + valid_names(key, allowed, label="valid keys"))
    return v


def required(t: dict[str, Any], path: KeyPath, *keys: str) -> None:
    for key in keys:
        if key not in t:
            raise Bad((*path, key), "required key is missing")


def cells_list(v: object, path: KeyPath) -> list[int | str]:
    expect(isinstance(v, list), v, path, "a list of cell indices or names")
    for k, c in enumerate(v, 1):
        expect(is_int(c) or isinstance(c, str), c, (*path, k), "a cell index or name")
    return v


def int_list(v: object, path: KeyPath, what: str = "a list of integers") -> list[int]:
    expect(isinstance(v, list), v, path, what)
    for k, x in enumerate(v, 1):
        expect(is_int(x), x, (*path, k), "an integer")
    return v


def one_of(t: dict[str, Any], path: KeyPath, keys: tuple[str, ...]) -> str:
    """The single key of `keys` present in `t`: none is the first key missing, two are too many."""
    present = [k for k in keys if k in t]
    if not present:
        raise Bad((*path, keys[0]), "required key is missing")
    if len(present) > 1:
        raise Bad((*path, present[1]), f"give only one of {', '.join(keys)} (also given: {present[0]})")
    return present[0]


def quote(s: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(v: int | str | list) -> str:
    """An integer, a string or a (nested) list of them as TOML."""
    if isinstance(v, list):
        return "[" + ", ".join(map(toml_value, v)) + "]"
    return quote(v) if isinstance(v, str) else str(v)


def cells_value(cells: Sequence[int], names: Sequence[str]) -> str:
    """Cells as their names, or as indices when the names are the indices ("0", "1", ...)."""
    if all(names[c] == str(c) for c in cells):
        return toml_value(list(cells))
    return toml_value([names[c] for c in cells])
