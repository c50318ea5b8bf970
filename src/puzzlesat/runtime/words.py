"""Words for every message and report: counts with their nouns, numbers with thousands separators,
and the list of valid names after a mistyped one (with the closest as "did you mean")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from puzzlesat.runtime.errors import ModelError

T = TypeVar("T")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """The count with its noun in the right number (`many` for an irregular plural).

    >>> plural(1, "configuration"), plural(2, "box", "boxes"), plural(0, "given")
    ('1 configuration', '2 boxes', '0 givens')
    """
    return f"{number(count)} {noun if count == 1 else many or noun + 's'}"


def number(n: int) -> str:
    """A count or size as text shows it: a comma between thousands from 1,000 on (JSON keeps plain
    integers).

    >>> number(999), number(3072), number(1234567), plural(7040, "solution")
    ('999', '3,072', '1,234,567', '7,040 solutions')
    """
    return f"{n:,}"


def closest(name: str, valid: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The valid name a mistyped `name` most likely meant (case aside; difflib's ratio, at least
    `cutoff`), or None; of names equally close, the first listed.

    >>> closest("minisat", ["cadical195", "minisat22", "minisatgh"]), closest("zzz", ["log"])
    ('minisat22', None)
    """
    import difflib  # only once a name is wrong: not part of every start-up

    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name.lower())
    best: tuple[float, str] | None = None
    for v in valid:
        matcher.set_seq1(v.lower())
        score = matcher.ratio()
        if score >= cutoff and (best is None or score > best[0]):
            best = (score, v)
    return None if best is None else best[1]


def valid_names(name: str, valid: Iterable[str], listing: str | None = None, label: str = "valid") -> str:
    """What follows a mistyped name: `; did you mean X? valid: a, b, c` (no question when no name is
    close); `listing` replaces the comma list of names (a parameter's help, a range).

    >>> valid_names("onehto", ["log", "onehot", "order"])
    '; did you mean onehot? valid: log, onehot, order'
    >>> valid_names("xyz", ["log", "onehot"], label="valid keys")
    '; valid keys: log, onehot'
    """
    valid = list(valid)
    guess = closest(name, valid)
    shown = ", ".join(valid) if listing is None else listing
    return f"; did you mean {guess}? {label}: {shown}" if guess else f"; {label}: {shown}"


def unknown(what: str, name: str, valid: Iterable[str], listing: str | None = None) -> str:
    """The one message for a name not in a registry.

    >>> unknown("puzzle", "magic-stra", ["magic-square", "magic-star", "sudoku"])
    "unknown puzzle 'magic-stra'; did you mean magic-star? valid: magic-square, magic-star, sudoku"
    """
    return f"unknown {what} {name!r}{valid_names(name, valid, listing)}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(count: int) -> str:
    """A small count as a word, as prose writes it; larger ones as digits.

    >>> number_word(4), number_word(12)
    ('four', '12')
    """
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def kind_named(kinds: Mapping[str, T], name: object, what: str, where: str) -> T:
    """The registry entry of that name, or a ModelError naming the valid ones (the dot, line and
    outside-clue kinds look theirs up here)."""
    if not isinstance(name, str) or name not in kinds:
        raise ModelError(f"{where}: {unknown(what, str(name), kinds)}")
    return kinds[name]
