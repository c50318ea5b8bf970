"""What the commands share that needs no typer: writing a line, the exit a command asks for, loading
a puzzle, the -p and -o options. The typer-free `solve` (`puzzlesat.cli.fast`) runs on these alone,
so they must never import typer (tests/test_startup.py)."""

import contextvars
import json
import sys

import puzzlesat

_ASCII = {"ascii", "us-ascii", "ansi_x3.4-1968", "646"}


def echo(text: str, err: bool = False) -> None:
    """One line to standard output (or error), flushed: what `typer.echo` writes for our text (no
    ANSI codes), UTF-8 where the stream claims ASCII (a C locale), as click does."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no such stream (closed at start): nothing to say it on
        return
    line = f"{text}\n"
    if (getattr(stream, "encoding", None) or "").lower() in _ASCII and hasattr(stream, "buffer"):
        stream.flush()
        stream.buffer.write(line.encode("utf-8", "replace"))
        stream.buffer.flush()
        return
    stream.write(line)
    stream.flush()


class Exit(Exception):  # noqa: N818 (typer's name for the same thing)
    """A command's end with this exit status and nothing more to say (the stop line for 130 is the
    entry's): raised through click untouched, so both ways a command runs handle it alike."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _config(**names: str | None):
    return puzzlesat.Config(**names)


def _given(**options: object) -> dict[str, object]:
    """The options the user gave: the library's own defaults stand for the others (one place each)."""
    return {k: v for k, v in options.items() if v is not None}


def _params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise puzzlesat.UsageError(f"-p {item!r}: expected KEY=VALUE, e.g. -p order=4")
        if key.strip() in out:  # -p order=3 -p order=4 is a slip, not "the last one wins"
            raise puzzlesat.UsageError(f"-p {key.strip()} is given twice ({out[key.strip()]} and {value.strip()})")
        out[key.strip()] = value.strip()
    return out


def _ticks(workers: int | None) -> bool:
    """Whether the status line may keep its ticker thread: not while local workers are forked from
    this process (a lock the thread holds at the fork would stay held in the child); a Dask
    cluster's workers are not forked from here."""
    return (workers or 1) == 1


def _say_workers(workers: int | None) -> None:
    """One line on stderr when --workers asks for more processes than there are cores (the split
    starts no more than the cores: `puzzlesat.usable_workers`)."""
    note = puzzlesat.usable_workers(workers)[1]
    if note is not None:
        echo(f"puzzlesat: {note}", err=True)


# --strict, set by the `_strict` decorator of each command that loads a puzzle and read by `_load`.
_STRICT = contextvars.ContextVar("strict", default=False)


def _load(ref: str, params: list[str] | None, givens: str | None):
    """The puzzle, its likely mistakes (`Puzzle.warnings`) said on stderr, one line each; its
    cosmetics noted in one line, or refused under --strict."""
    puzzle = puzzlesat.load(ref, _params(params) or None, givens)
    if puzzle.cosmetics and _STRICT.get():
        raise puzzlesat.UsageError(f"f-puzzles: {puzzlesat.cosmetics_refusal(puzzle.cosmetics)}")
    for warning in puzzle.warnings:
        echo(f"puzzlesat: warning: {warning}", err=True)
    note = puzzlesat.cosmetics_note(puzzle.cosmetics) if puzzle.cosmetics else None  # (its module: start-up)
    if note is not None:
        echo(f"puzzlesat: note: {note}", err=True)
    return puzzle


def _write_doc(output: str | None, doc: object) -> None:
    """`-o FILE`: the command's JSON document, written atomically."""
    if output is not None:
        puzzlesat.write_atomic(output, json.dumps(doc) + "\n")


def _check_output(value: str | None) -> str | None:
    """A bad -o (a folder, no such folder, a read-only file) fails before the work, not after it."""
    if value is not None:
        puzzlesat.check_output(value)
    return value
