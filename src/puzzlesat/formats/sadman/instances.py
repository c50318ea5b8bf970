"""Files of instances for batch solving: one givens string a line (e.g. 81 characters a sudoku).

Blank lines and lines starting with # are skipped; a bad line is one error naming the file and line.
"""

from __future__ import annotations

import io
import itertools
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import fields
from typing import BinaryIO

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.atomic import read_stdin_text, read_text
from puzzlesat.runtime.errors import PuzzleSatError, UsageError
from puzzlesat.runtime.records import dataclass


@dataclass(frozen=True)
class Instance:
    """One line of a batch file: its puzzle, or why the line is not one (`error`, then `puzzle` is None)."""

    line: int  # 1-based line number in the file
    givens: str
    puzzle: Puzzle | None
    error: PuzzleSatError | None = None


# The longest givens line read (a 25x25 board with separators is about 1,300 characters).
LINE_LIMIT = 1 << 20


def parse_instances(ref: str, params: Mapping[str, str] | None, text: str, label: str) -> list[Instance]:
    """One puzzle per givens line of `text`; `label` names the file in errors.

    A bad line becomes an Instance carrying its error, so the batch solves the others and reports
    it in its place; a file with no good line at all is one UsageError (the first bad line's)."""
    out = list(_instances(ref, params, enumerate(text.splitlines(), 1), label))
    if not out:
        raise UsageError(f"{label}: no instances (one givens string a line; blank and # lines are skipped)")
    if all(i.error is not None for i in out):
        raise out[0].error  # type: ignore[misc]
    return out


def _instances(
    ref: str, params: Mapping[str, str] | None, lines: Iterable[tuple[int, str]], label: str
) -> Iterator[Instance]:
    from puzzlesat.catalog.builtin import names
    from puzzlesat.catalog.load import is_file_ref, load
    from puzzlesat.model.givens import with_givens

    base = load(ref, params)  # a bad puzzle or parameter is the whole batch's error, reported once
    catalog = ref in names() and not is_file_ref(ref)
    if base.grid is None:  # said once, not once a line
        raise UsageError(
            f"{ref}: --givens-file needs a puzzle whose cells form a grid "
            "(the sudoku and its variants, a [grid] file, an f-puzzles import)"
        )
    quick: bool | None = None if catalog else True  # whether a line may skip the catalog's build
    for number, raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if quick is None:  # the first good catalog line says whether base + givens is the same puzzle
                puzzle = load(ref, params, line)
                quick = _same_but_title(puzzle, with_givens(base, line, label))
            elif quick:
                puzzle = _quick(ref, params, base, line, label, catalog)
            else:
                puzzle = load(ref, params, line)
        except PuzzleSatError as e:
            yield Instance(number, line, None, type(e)(f"{label} line {number}: {e}"))
        else:
            yield Instance(number, line, puzzle)


def _quick(ref: str, params: Mapping[str, str] | None, base: Puzzle, line: str, label: str, catalog: bool) -> Puzzle:
    """A line's puzzle as the base with its givens (no model built again); a catalog line that
    fails so is loaded the catalog's way, so that its error is the catalog's own."""
    from puzzlesat.catalog.load import load
    from puzzlesat.model.givens import with_givens

    try:
        return with_givens(base, line, label)
    except PuzzleSatError:
        if not catalog:
            raise
    return load(ref, params, line)


def _same_but_title(a: Puzzle, b: Puzzle) -> bool:
    """Whether two puzzles differ at most in their titles (a catalog's title counts its givens)."""
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(a) if f.name != "title")


def _lines(stream: BinaryIO, label: str) -> Iterator[tuple[int, str]]:
    """Numbered lines of a byte stream as they arrive, each at most LINE_LIMIT bytes."""
    for number in itertools.count(1):
        raw = stream.readline(LINE_LIMIT + 1)
        if not raw:
            return
        if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
            raise UsageError(f"{label} line {number}: longer than {LINE_LIMIT} bytes")
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise UsageError(f"{label} line {number}: not UTF-8 text (byte {e.start})") from None


def _one_stdin(ref: str, path: str) -> None:
    """Standard input is read once: it cannot hold both the puzzle and its instances."""
    if ref == "-" and path == "-":
        raise UsageError("the puzzle and --givens-file cannot both be - (standard input is read once)")


def iter_instances(ref: str, params: Mapping[str, str] | None, path: str) -> Iterator[Instance]:
    """The instances of the file at `path` ("-": standard input) one at a time. Standard input is
    parsed as the lines arrive: a batch on a pipe is solved as it streams in, with memory that does
    not grow with its length (a bad line is that instance's error, as in a file)."""
    _one_stdin(ref, path)  # at the call, not at the first instance
    return _iter_instances(ref, params, path)


def _iter_instances(ref: str, params: Mapping[str, str] | None, path: str) -> Iterator[Instance]:
    if path != "-":  # a file is read and checked whole first: a bad line stops it before any work
        yield from load_instances(ref, params, path)
        return
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else io.BytesIO(sys.stdin.read().encode())
    empty = True
    for instance in _instances(ref, params, _lines(stream, "<stdin>"), "<stdin>"):
        empty = False
        yield instance
    if empty:
        raise UsageError("<stdin>: no instances (one givens string a line; blank and # lines are skipped)")


def load_instances(ref: str, params: Mapping[str, str] | None, path: str) -> list[Instance]:
    """The instances in the file at `path` ("-": standard input)."""
    _one_stdin(ref, path)
    text = read_stdin_text(f"--givens-file {path}") if path == "-" else read_text(path)
    return parse_instances(ref, params, text, "<stdin>" if path == "-" else path)
