"""What the two f-puzzles modules share: the fault they raise and how they name a JSON value.

Kept apart so that `puzzles.fpuzzles` (finding and decoding a link) and `puzzles.fpuzzles_doc`
(the document as a puzzle) import it, not each other.
"""

from __future__ import annotations


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
