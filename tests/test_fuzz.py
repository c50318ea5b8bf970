"""Fuzzing the CLI in-process: mutated puzzle files and random argument lists never give a traceback.

Run longer with HYPOTHESIS_PROFILE=thorough.
"""

from __future__ import annotations

import contextlib
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import cli
from puzzles.catalog import build
from puzzles.check import violations
from puzzles.files import dump_toml, load_file

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
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err


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
