"""Exit statuses: one table in src/puzzlesat/runtime/errors.py, and every document and --help text agrees with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesat.runtime import errors
from puzzlesat.runtime.errors import EXIT_STATUSES, ExitCode, PuzzleSatError

ROOT = Path(__file__).parent.parent
ROW = re.compile(r"^\| (\d+) \| (.+) \| (.+) \|$")


def _section(path: Path, heading: str) -> list[str]:
    """The lines of the first markdown table after the line starting with `heading`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    table = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    return table


def _readme_table() -> dict[int, tuple[str, str]]:
    rows = [ROW.match(line) for line in _section(ROOT / "README.md", "Exit status")]
    return {int(m[1]): (m[2], m[3]) for m in rows if m}


def test_readme_table_is_the_module_table():
    """Every code in README.md's table is in the module with the same meaning and commands, and back."""
    readme = _readme_table()
    module = {int(s.code): (s.meaning, ", ".join(s.commands) or "all") for s in EXIT_STATUSES.values()}
    expected = "\n".join(f"| {code} | {meaning} | {commands} |" for code, (meaning, commands) in module.items())
    assert sorted(readme) == sorted(module), f"README.md's exit status table should read:\n{expected}"
    for code in module:
        assert readme[code] == module[code], f"README.md, exit status {code}; the table should read:\n{expected}"


def test_every_code_has_one_row_and_every_row_a_code():
    """The table and the enum name the same codes, once each; 10 (SAT) stays free."""
    assert list(EXIT_STATUSES) == list(ExitCode)
    assert all(s.code is code for code, s in EXIT_STATUSES.items())
    assert 10 not in set(ExitCode)


def _error_classes() -> list[type[PuzzleSatError]]:
    return [c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, PuzzleSatError)]


@pytest.mark.parametrize("cls", _error_classes(), ids=lambda c: c.__name__)
def test_every_error_carries_a_code_from_the_table(cls):
    """Each exception's exit code is a member of the table, not a bare number."""
    assert isinstance(cls.exit_code, ExitCode)
    assert cls.exit_code in EXIT_STATUSES


def test_the_modules_that_raise_them_use_the_same_classes():
    """decode's and the parser's exceptions are the ones defined with the table."""
    import puzzlesat.exchange.decode as decode
    from puzzlesat.formats.dimacs import answer as dimacs_io

    assert dimacs_io.GarbledAnswer is errors.GarbledAnswer and dimacs_io.TruncatedAnswer is errors.TruncatedAnswer
    assert (decode.Undecided, decode.NotASolution, decode.Unsatisfiable) == (
        errors.Undecided,
        errors.NotASolution,
        errors.Unsatisfiable,
    )


def test_dimacs_doc_lists_decodes_codes():
    """docs/dimacs.md's decode table has a row for exactly the codes decode can end with."""
    rows = [re.match(r"^\| (\d+) \|", line) for line in _section(ROOT / "docs" / "dimacs.md", "### Exit status")]
    documented = sorted(int(m[1]) for m in rows if m)
    assert documented == sorted(int(s.code) for s in EXIT_STATUSES.values() if not s.commands or "decode" in s.commands)


def _commands() -> list[str]:
    from puzzlesat import cli

    return sorted(c.name or c.callback.__name__.removesuffix("_cmd") for c in cli.app.registered_commands)


@pytest.mark.parametrize("command", _commands())
def test_help_lists_the_commands_exit_statuses(cli, command):
    """Every command's --help ends its description with the statuses it can end with, from the table,
    in that command's words (decode's 3 is the solver's UNKNOWN: it has no --timeout)."""
    out = " ".join(cli(command, "--help").out.split())
    assert errors.exit_help(command) in out
    for s in EXIT_STATUSES.values():
        shown = f"{int(s.code)} {s.brief_for(command)}" in out
        assert shown == (not s.commands or command in s.commands), (command, s.code)


def test_no_help_names_a_timeout_its_command_lacks(cli):
    """An exit status that speaks of --timeout is listed only by commands that take --timeout."""
    for command in _commands():
        out = " ".join(cli(command, "--help").out.split())
        described = out.split("Exit status:", 1)[-1]
        assert ("--timeout" in described) <= ("--timeout SECONDS" in out), command


def test_exit_help_reads_as_a_sentence():
    assert errors.exit_help("compare") == (
        "Exit status: 0 done, 2 bad input, 3 stopped early (--timeout, a signal, or the solver said UNKNOWN), "
        "8 two configurations disagree, 74 the output could not be written, 130 interrupted, "
        "141 the reader of standard output went away."
    )


def test_statuses_are_one_enum_with_one_exit_table():
    """How a search or a check ended is a `Status`: the very word the JSON documents write, and
    one exit status each, from `STATUS_EXIT` alone (None: the search ran to its end)."""
    import json

    from puzzlesat.runtime.errors import CUT_SHORT, Status, exit_code

    assert json.dumps({"stopped": Status.TIMEOUT, "status": Status.NO_SOLUTION}) == (
        '{"stopped": "timeout", "status": "none"}'
    )
    assert {s.value: int(exit_code(s)) for s in Status} == {
        "limit": 0, "timeout": 3, "interrupt": 3, "terminated": 3, "failed": 4,
        "unique": 0, "multiple": 11, "none": 20, "unknown": 3,
    }  # fmt: skip
    assert exit_code(None) == ExitCode.OK and exit_code("timeout") == ExitCode.STOPPED
    assert CUT_SHORT == {s for s in Status if s.value in ("timeout", "interrupt", "terminated", "failed")}


def test_no_status_is_compared_as_a_string_literal():
    """An outcome's `stopped` and check's `status` are compared with `Status` members, never with a
    literal, so a misspelt status cannot pass silently (compare's table column `row.status` and
    Dask's `future.status` are other vocabularies)."""
    literal = re.compile(r"""\b(?:stopped|checked\.status|self\.status)\s*(?:==|!=|(?:not )?in)\s*[([{]?\s*["']""")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("src/puzzlesat", "encoders", "solvers")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if literal.search(line.split("#")[0])
    ]
    assert found == []
