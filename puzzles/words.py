"""Counts in words: `1 solution`, `2 solutions`, for every message and report."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """The count with its noun in the right number (`many` for an irregular plural).

    >>> plural(1, "configuration"), plural(2, "box", "boxes"), plural(0, "given")
    ('1 configuration', '2 boxes', '0 givens')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"
