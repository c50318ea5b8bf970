"""Fuzzing the CLI in-process: mutated puzzle files and random argument lists never give a traceback.

Run longer with HYPOTHESIS_PROFILE=thorough.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from link_strategies import broken_links

from puzzlesat import cli
from puzzlesat.catalog.builtin import build
from puzzlesat.formats.toml.files import dump_toml, load_file
from puzzlesat.model.check import violations
from puzzlesat.runtime import atomic

SMALL = ["magic-blocks", "magic-frame", "magic-frame-primes", "magic-triangle", "magic-star"]


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main(args)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 0
    return code, out.getvalue(), err.getvalue()


def assert_sane(code: int, out: str, err: str) -> None:
    assert code in (0, 2, 3), (code, err)
    assert "Traceback" not in out + err
    if code == 2:  # one error line, after any warnings about the puzzle (a mutated file may overlap cages)
        errors = [line for line in err.strip().splitlines() if not line.startswith("puzzlesat: warning: ")]
        assert len(errors) == 1, err


@st.composite
def mutated_toml(draw: st.DrawFn) -> str:
    text = dump_toml(build(draw(st.sampled_from(SMALL))))
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "truncate", "replace", "insert", "number"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if kind == "drop" and lines:
            del lines[i]
        elif kind == "truncate" and lines:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif kind == "replace" and lines:
            lines[i] = draw(st.text(alphabet='abcxyz=[]{}"0123456789-., \n', max_size=20))
        elif kind == "insert":
            lines.insert(i, draw(st.sampled_from(["bogus = 1", "[[sum]]", "cells = -3", 'equals = "M"', "[symmetry]"])))
        elif kind == "number" and lines:
            lines[i] = "".join(str(draw(st.integers(-3, 30))) if ch.isdigit() else ch for ch in lines[i])
    return "\n".join(lines) + "\n"


@settings(max_examples=60)
@given(text=mutated_toml(), backend=st.sampled_from(["sat", "z3"]))
def test_mutated_files_never_crash(tmp_path_factory, text, backend):
    """Any mutation of a valid file: exit 0/2/3, no traceback, and every printed solution checks out."""
    path = tmp_path_factory.mktemp("fuzz") / "p.toml"
    path.write_text(text)
    code, out, err = run(
        ["solve", str(path), "--all", "--json", "--limit", "50", "--timeout", "5", "--backend", backend]
    )
    assert_sane(code, out, err)
    if code in (0, 3):
        puzzle = load_file(path)
        for s in json.loads(out)["solutions"]:
            assert violations(puzzle, s["values"], s["unknowns"]) == []


ARGS = st.lists(
    st.sampled_from(
        [
            "solve",
            "show",
            "list",
            "magic-frame",
            "magic-star",
            "sudoku",
            "nope",
            "--all",
            "--json",
            "--jsonl",
            "--limit",
            "2",
            "0",
            "-1",
            "--no-symmetry",
            "--backend",
            "z3",
            "sat",
            "x",
            "--encoding",
            "onehot",
            "z3-int",
            "--card",
            "totalizer",
            "--pb",
            "bdd",
            "--solver",
            "glucose4",
            "-p",
            "box=2",
            "order=4",
            "points=7",
            "box=9",
            "--givens",
            "1234",
            "--timeout",
            "0.5",
            "abc",
            "--help",
        ]
    ),
    max_size=8,
)


@settings(max_examples=80)
@given(args=ARGS)
def test_random_arguments_never_crash(args):
    """Random argument lists: exit 0/2/3 and never a traceback."""
    code, out, err = run(["solve", "magic-frame", "--timeout", "5", *args] if args[:1] == ["--all"] else args)
    assert_sane(code, out, err)


@st.composite
def deep_toml(draw: st.DrawFn) -> str:
    """A puzzle file with one value nested 1 to 2000 levels deep, as arrays or inline tables."""
    depth = draw(st.integers(1, 2000))
    opener, closer = draw(st.sampled_from([("[", "]"), ("{a = ", "}")]))
    key = draw(st.sampled_from(["x", "cells", "values", "distinct", "givens"]))
    return f'name = "deep"\ncells = 3\nvalues = {{ min = 1, max = 3 }}\n{key} = {opener * depth}1{closer * depth}\n'


@settings(max_examples=25)
@given(text=deep_toml())
def test_deep_nesting_never_crashes(tmp_path_factory, text):
    """Nesting at any depth is a value error or one line, never a RecursionError traceback."""
    path = tmp_path_factory.mktemp("deep") / "p.toml"
    path.write_text(text)
    assert_sane(*run(["solve", str(path), "--timeout", "5"]))


@st.composite
def special_file(draw: st.DrawFn) -> tuple[str, str]:
    """What a puzzle path can be besides a file: a folder, a FIFO with no writer, a symlink (to a
    good file, to nothing, to a folder), an empty or a binary file, a line of 100 kB."""
    return draw(
        st.sampled_from(
            ["folder", "fifo", "link-good", "link-dangling", "link-folder", "empty", "binary", "long-line"]
        )
    ), draw(st.sampled_from(["solve", "show", "dimacs"]))


@settings(max_examples=30)
@given(case=special_file())
def test_special_files_never_crash(tmp_path_factory, case):
    """Each special path as the puzzle: exit 0 or one line with exit 2, no traceback, no hang."""
    import os

    kind, command = case
    folder = tmp_path_factory.mktemp("special")
    path = folder / "p.toml"
    good = folder / "good.toml"
    good.write_text(dump_toml(build("magic-frame")))
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-good":
        path.symlink_to(good)
    elif kind == "link-dangling":
        path.symlink_to(folder / "nothing.toml")
    elif kind == "link-folder":
        path.symlink_to(folder)
    elif kind == "empty":
        path.write_text("")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    else:
        path.write_text("x = " + "1" * 100_000 + "\n")
    extra = ["-o", str(folder / "out.cnf"), "--force"] if command == "dimacs" else []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atomic, "READ_WAIT", 0.2)
        assert_sane(*run([command, str(path), *extra]))


@settings(max_examples=10)
@given(size=st.integers(0, 3), unit=st.sampled_from(["lines", "one-line"]))
def test_huge_inputs_are_refused_in_one_line(tmp_path_factory, size, unit):
    """Files past the read cap (lowered here to 64 kB) are one line whatever their shape."""
    path = tmp_path_factory.mktemp("huge") / "p.toml"
    body = ("# filler\n" * 20_000) if unit == "lines" else ("# " + "z" * 200_000 + "\n")
    path.write_text(dump_toml(build("magic-frame")) + body * (size + 1))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atomic, "READ_LIMIT", 65536)
        code, out, err = run(["solve", str(path)])
    assert code == 2 and "larger than 65536 bytes" in err
    assert_sane(code, out, err)


# --- links: every reader, mutated real documents ---------------------------------------------------


@settings(max_examples=120)
@given(link=broken_links())
def test_broken_links_are_one_line_of_the_readers_own(link):
    """Issue 39: a real f-puzzles or SudokuPad document with wrong types, numbers of 5,000 digits,
    deep nesting or missing keys, in a link whose slashes may be folded, added or dropped: a puzzle,
    or one line of the reader's own error (FileFormatError, naming f-puzzles or SudokuPad), never
    a traceback, and in bounded time (the slash repair tries within a budget)."""
    from puzzlesat.catalog.load import load
    from puzzlesat.runtime.errors import FileFormatError, UsageError

    try:
        load(link)
    except (FileFormatError, UsageError) as e:
        message = str(e)
        assert "\n" not in message and message.startswith(("f-puzzles: ", "SudokuPad")), message
        assert len(message) < 1000, message[:200]
