"""Counts in words: `1 solution`, `2 solutions`, for every message and report."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """The count with its noun in the right number (`many` for an irregular plural).

    >>> plural(1, "configuration"), plural(2, "box", "boxes"), plural(0, "given")
    ('1 configuration', '2 boxes', '0 givens')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(count: int) -> str:
    """A small count as a word, as prose writes it; larger ones as digits.

    >>> number_word(4), number_word(12)
    ('four', '12')
    """
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
