"""Where the output goes and how it ends (issue 32): a reader that goes away ends a command quietly,
a closed standard output is one line and exit 74 in every command, and `-o FILE` replaces the file
it names in every command, but never a read-only one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from puzzlesat import cli as cli_module

ROOT = Path(__file__).resolve().parent.parent
CLOSED = "puzzlesat: error: standard output: cannot write: Bad file descriptor\n"


def read_only(path: object) -> str:
    """The error for -o onto a file of mode 0444."""
    return f"puzzlesat: error: {path}: cannot write: the file is read-only (mode 0444)\n"


def _commands() -> dict[str, typer.models.CommandInfo]:
    """Every command of the app, by its name: a new command is covered by the tests below at once."""
    return {
        info.name or typer.main.get_command_name(info.callback.__name__): info  # type: ignore[union-attr]
        for info in cli_module.app.registered_commands
    }


def _options(info: typer.models.CommandInfo) -> set[str]:
    import inspect

    return set(inspect.signature(info.callback).parameters)  # type: ignore[arg-type]


# What each command is given in these tests: small, quick, and a real run of the command (decode
# reads an answer from standard input). A command missing here is run with --help.
ARGS: dict[str, list[str]] = {
    "list": [],
    "show": ["magic-frame"],
    "symmetry": ["magic-frame"],
    "solve": ["magic-frame", "--all"],
    "convert": ["magic-frame"],
    "dimacs": ["magic-frame", "--encoding", "onehot"],
    "decode": ["sudoku", "-p", "box=2", "--givens", "1234341221434321", "-", "--encoding", "onehot"],
    "count": ["magic-frame"],
    "compare": ["magic-frame", "--encoding", "onehot"],
    "check": ["magic-frame"],
    "candidates": ["magic-frame"],
    "clues": ["sudoku", "-p", "box=2", "--givens", "1234341221434321"],
    "generate": ["sudoku", "-p", "box=2"],
    "explain": ["sudoku", "-p", "box=2", "--givens", "1.3...1..14.4..1"],
    "hint": ["sudoku", "-p", "box=2", "--givens", "1.3...1..14.4..1"],
    "grade": ["sudoku", "-p", "box=2", "--givens", "1.3...1..14.4..1"],
    "serve": ["--self-test"],
}


def _args(name: str) -> list[str]:
    return [name, *ARGS.get(name, ["--help"])]


# --- 5. a closed standard output (`>&-`) ------------------------------------------------------------


@pytest.mark.parametrize(
    "argv", [_args(name) for name in _commands()] + [["--version"], []], ids=lambda a: " ".join(a[:1]) or "bare"
)
def test_a_closed_stdout_is_one_line_and_exit_74(tmp_path, argv):
    """`puzzlesat ... >&-`: every command (and the bare program) says so in one line and exits 74,
    before any work: nothing is written under cnf_out/ either."""
    done = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "puzzlesat", *argv],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (74, CLOSED)
    assert list(tmp_path.iterdir()) == []


# --- 4. a reader that goes away (`| head`) --------------------------------------------------------


@pytest.mark.parametrize("extra", [[], ["--workers", "2"], ["--jsonl"]], ids=["text", "workers", "jsonl"])
def test_head_ends_the_command_quietly(extra):
    """`solve --all | head -2`: the reader takes two lines and goes away; the command ends at its
    next write with no message and exit 141, as `seq 1000000 | head -2` does (and its workers with it)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "solve", "magic-star", "-p", "points=9", "--all", *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert len(proc.stdout.readline()) > 0 and len(proc.stdout.readline()) > 0
    proc.stdout.close()
    err = proc.stderr.read()
    assert (proc.wait(timeout=60), err) == (141, "")


# --- 6. -o replaces what it names, never a read-only file -----------------------------------------


def _with_output() -> list[str]:
    """The commands that take -o FILE."""
    return [name for name, info in _commands().items() if "output" in _options(info)]


def test_every_command_with_o_is_tested():
    """The table above names every command that writes a file: a new one must be added to it."""
    assert set(_with_output()) <= set(ARGS)


@pytest.mark.parametrize("name", _with_output())
def test_a_read_only_file_is_refused_and_left_as_it_was(cli, tmp_path, name):
    """-o onto a file of mode 0444 (which the atomic rename would replace, even as root): one line,
    exit 2, before any work; the file keeps its content and its mode."""
    path = tmp_path / "kept.out"
    path.write_text("mine\n")
    path.chmod(0o444)
    args = _args(name)
    if name == "decode":
        args = [a for a in args if a != "-"] + [str(tmp_path / "no-answer.txt")]  # refused before it is read
    result = cli(*args, "-o", str(path))
    assert (result.code, result.err) == (2, read_only(path))
    assert result.out == ""
    assert (path.read_text(), path.stat().st_mode & 0o777) == ("mine\n", 0o444)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.out"]


@pytest.mark.parametrize("name", ["convert", "generate", "dimacs"])
def test_o_replaces_the_file_it_names(cli, tmp_path, name):
    """convert, generate and dimacs replace a file given with -o, as every other command does (they
    refused it without --force); --force is still accepted and changes nothing."""
    path = tmp_path / "out.file"
    path.write_text("old\n")
    first = cli(*_args(name), "-o", str(path))
    assert first.code == 0, first.err
    written = path.read_text()
    assert written != "old\n"
    again = cli(*_args(name), "-o", str(path), "--force")
    assert (again.code, again.err, path.read_text()) == (0, "", written)


def test_dimacs_runs_again_on_its_default_path(cli, tmp_path, monkeypatch):
    """`puzzlesat dimacs magic-frame` (the README's) twice: the file under cnf_out/ is replaced, map too."""
    monkeypatch.chdir(tmp_path)
    first = cli("dimacs", "magic-frame")
    assert first.code == 0, first.err
    files = sorted(p.name for p in (tmp_path / "cnf_out").iterdir())
    again = cli("dimacs", "magic-frame")
    assert (again.code, again.out, again.err) == (0, first.out, "")
    assert sorted(p.name for p in (tmp_path / "cnf_out").iterdir()) == files


def test_a_read_only_default_dimacs_file_is_left_as_it_was(cli, tmp_path, monkeypatch):
    """The default path is replaced on the same terms as a named one: not when it is read-only."""
    monkeypatch.chdir(tmp_path)
    assert cli("dimacs", "magic-frame").code == 0
    (cnf,) = (tmp_path / "cnf_out").glob("*.cnf")
    before = cnf.read_bytes()
    cnf.chmod(0o444)
    result = cli("dimacs", "magic-frame")
    rel = cnf.relative_to(tmp_path)
    assert (result.code, result.err) == (2, read_only(rel))
    assert cnf.read_bytes() == before


def test_every_o_writes_a_whole_document(cli, tmp_path):
    """`solve -o` over an existing file: the file holds the new document, whole (json parses)."""
    path = tmp_path / "doc.json"
    path.write_text("{not json")
    assert cli("solve", "magic-frame", "--all", "-o", str(path)).code == 0
    assert json.loads(path.read_text())["count"] == 6
