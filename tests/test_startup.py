"""Start-up: each command imports only what it uses, and the typer-free `solve`, `list`, `explain`,
`hint` and `grade` read their command lines exactly as typer does (docs/decisions/start-up.md D4, D6)."""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import help_spec
import pytest
import startup_spec
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat import cli as puzzlesat_cli
from puzzlesat.cli import entry, fast, plain

ROOT = Path(__file__).resolve().parent.parent

def _body(command: str):
    module, function = fast.RUNS[command].split(":")
    return importlib.import_module(module), function


# Each body's parameters, read before a test patches it.
RUN_PARAMETERS = {c: tuple(inspect.signature(getattr(*_body(c))).parameters) for c in fast.RUNS}
KENKEN = str(ROOT / "benchmarks" / "data" / "kenken-9.toml")
KILLER = str(ROOT / "examples" / "killer-6x6.toml")

# Modules no command of these needs: the other backends' libraries, the page, plots, the cluster.
HEAVY = ("z3", "pysat", "pynauty", "starlette", "uvicorn", "matplotlib", "dask", "distributed", "ortools")

_PROBE = """
import json, sys
sys.argv = ["puzzlesat", *json.loads(sys.argv[1])]
from puzzlesat.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
else:
    code = 0
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""


def _modules(*args: str) -> set[str]:
    """The top-level modules a whole `puzzlesat ARGS` process has imported by its end (exit 0)."""
    return {m.split(".")[0] for m in _all_modules(*args)}


def _all_modules(*args: str) -> set[str]:
    """Every module a whole `puzzlesat ARGS` process has imported by its end (exit 0)."""
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(args))], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return set(json.loads(run.stderr.rsplit("MODULES ", 1)[1]))


def test_spec_is_current():
    """fast_spec.py is what `python -m tests.startup_spec` writes from the live typer command."""
    assert startup_spec.spec_text() == startup_spec.SPEC.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "args",
    [
        ("solve", KENKEN, "--limit", "2", "--backend", "cp", "--json"),
        ("solve", KENKEN, "--limit", "2"),
        ("solve", "magic-square", "-p", "order=3", "--all"),
    ],
)
def test_solve_imports_neither_typer_nor_unused_backends(args):
    """A plain `solve` on cp runs without typer, click, PySAT, Z3 or pynauty."""
    loaded = _modules(*args)
    assert not loaded & {"typer", "click", "shellingham", *HEAVY}, sorted(loaded & {"typer", "click", *HEAVY})


def test_solve_on_sat_imports_pysat_only():
    """`solve --backend sat`: PySAT, and still no typer, Z3 or pynauty (a limited run detects no symmetry)."""
    loaded = _modules("solve", KENKEN, "--limit", "2", "--backend", "sat")
    assert "pysat" in loaded
    assert not loaded & {"typer", "z3", "pynauty", "starlette", "matplotlib", "dask"}


CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize(
    "args",
    [("grade", CLASSIC, "--json"), ("grade", KILLER), ("hint", CLASSIC), ("explain", CLASSIC, "--json")],
)
def test_reasoning_commands_import_no_typer(args):
    """A plain `grade`, `hint` or `explain` runs without typer or click, and with PySAT as its only
    solver library (D6): no Z3, pynauty, page, plot or cluster library."""
    loaded = _modules(*args)
    assert "pysat" in loaded
    assert not loaded & {"typer", "click", "shellingham", *HEAVY} - {"pysat"}, sorted(loaded & {"typer", *HEAVY})


def test_grade_imports_only_the_rendering_it_prints():
    """`grade --json` renders one document: no picture, board or report module, no other command's
    body, and `dataclasses` nowhere on its path (records are generated: D5, D6)."""
    loaded = _all_modules("grade", CLASSIC, "--json")
    assert {m for m in loaded if m.startswith("puzzlesat.render")} == {"puzzlesat.render", "puzzlesat.render.explain"}
    assert {m for m in loaded if m.startswith("puzzlesat.cli.")} == {
        "puzzlesat.cli.fast", "puzzlesat.cli.fast_spec", "puzzlesat.cli.guarded", "puzzlesat.cli.plain",
        "puzzlesat.cli.reasoning_run", "puzzlesat.cli.starting",
    }  # fmt: skip
    assert not loaded & {"dataclasses", "inspect", "puzzlesat.web", "puzzlesat.setter"}


def test_list_imports_no_typer():
    """A plain `list` runs without typer too, and loads no solver library."""
    loaded = _modules("list")
    assert not loaded & {"typer", "click", *HEAVY}, sorted(loaded & {"typer", "click", *HEAVY})


@pytest.mark.parametrize("args", [("--help",), ("list", "--help"), ("solve", "-h"), ("show", "kenken")])
def test_typer_commands_import_no_backend(args):
    """`show` goes through typer and `--help` through its generated text (D5); neither loads a solver,
    page or plot library, and help no typer either."""
    loaded = _modules(*args)
    assert ("typer" in loaded) == (args[-1] not in ("--help", "-h"))
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_help_text_is_current():
    """help_text.py is what `python -m tests.help_spec` writes from the live typer commands."""
    run = subprocess.run([sys.executable, "-m", "tests.help_spec", "--print"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=True)  # fmt: skip
    assert run.stdout == help_spec.TEXT.read_text(encoding="utf-8")


_TYPER_HELP = "import sys\nfrom puzzlesat.cli.entry import main\nmain(sys.argv[1:])"


_HELPS = [("--help",), ("-h",), *((c, "--help") for c in entry.COMMANDS), ("solve", "-h")]


@pytest.mark.parametrize(
    ("args", "columns"),
    [(a, None) for a in _HELPS] + [(a, c) for a in _HELPS[::6] for c in ("80", "200", "79", "60")],
)
def test_help_is_what_typer_prints(args, columns):
    """A whole `puzzlesat ... --help` process prints byte for byte what typer prints for it, on any
    width (COLUMNS, or none: no terminal here, click's fallback of 80); from the generated text
    where the width is 78, through typer otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"} | ({"COLUMNS": columns} if columns else {})
    fast_run = subprocess.run([str(Path(sys.executable).parent / "puzzlesat"), *args], capture_output=True, env=env,
                              cwd=ROOT, timeout=120)  # fmt: skip
    typer_run = subprocess.run([sys.executable, "-c", _TYPER_HELP, *args], capture_output=True, env=env, cwd=ROOT,
                               timeout=120)  # fmt: skip
    assert (fast_run.returncode, fast_run.stdout, fast_run.stderr) == (0, typer_run.stdout, b"")
    assert typer_run.returncode == 0
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("COLUMNS", raising=False)
        if columns:
            mp.setenv("COLUMNS", columns)
        assert (fast.help_text(list(args)) is not None) == (columns in (None, "80", "200"))


@pytest.mark.parametrize(("args", "module"), [(("show", "kenken"), "puzzles"), (("count", "magic-star"), "solving")])
def test_a_command_imports_only_its_own_module(args, module):
    """typer builds only the command asked for, and only that command's module is imported."""
    commands = {m for m in _all_modules(*args) if m.removeprefix("puzzlesat.cli.") in set(entry.COMMANDS.values())}
    assert commands == {f"puzzlesat.cli.{module}"}


def test_the_command_table_names_every_command_in_help_order():
    """entry.COMMANDS is the whole app: every registered command, in the order --help lists them."""
    names = [entry._name(info) for info in entry.registered().registered_commands]
    assert names == list(entry.COMMANDS)
    for name, module in entry.COMMANDS.items():
        info = next(i for i in entry.app.registered_commands if entry._name(i) == name)
        assert info.callback.__module__ == f"puzzlesat.cli.{module}", name


def test_version_imports_no_typer():
    """`--version` is answered before typer (D3)."""
    assert not _modules("--version") & {"typer", "click", *HEAVY}


# --- the typer-free parser against typer itself --------------------------------------------------


class _Called(Exception):
    pass


def _recorded(monkeypatch, command: str, call) -> tuple[tuple, dict, bool]:
    """What the command's body receives (and --strict) when `call()` runs it; the run itself is cut."""
    seen = {}

    def record(*args, **kwargs):
        seen.update(args=args, kwargs=kwargs, strict=plain._STRICT.get())
        raise _Called

    monkeypatch.setattr(*_body(command), record)
    plain._STRICT.set(False)
    with pytest.raises(_Called):
        call()
    return seen["args"], seen["kwargs"], seen["strict"]


def _through_typer(monkeypatch, args: list[str]):
    def call():
        entry._click_command(args).main(args=args, prog_name="puzzlesat", standalone_mode=False)

    positional, kwargs, strict = _recorded(monkeypatch, args[0], call)
    return {**dict(zip(RUN_PARAMETERS[args[0]], positional, strict=True)), **kwargs}, strict


def _through_fast(monkeypatch, args: list[str]):
    invoke = fast.runner(args)
    assert invoke is not None, args
    _, kwargs, strict = _recorded(monkeypatch, args[0], lambda: invoke(args))
    return kwargs, strict


AGREE = [
    ["solve", "magic-star"],
    ["solve", "magic-star", "--all", "--json"],
    ["solve", "-a", "magic-star", "--no-symmetry"],
    ["solve", "magic-square", "-p", "order=4", "--param", "x=1", "--limit", "3"],
    ["solve", "sudoku", "--givens", "." * 81, "--timeout", "1.5", "--jsonl", "--strict"],
    ["solve", "kenken", "--backend", "sat", "--encoding", "order", "--card", "seqcounter", "--pb", "best"],
    ["solve", "kenken", "--solver", "cadical195", "--solver-cmd", "cadical -q", "--symmetry", "none"],
    ["solve", "-", "--symmetry-breaking", "orbit", "--workers", "2", "--scheduler", "tcp://h:1"],
    ["solve", "magic-star", "--givens-file", "x.txt", "--svg", "a.svg", "--limit", " 7", "--timeout", "inf"],
    ["list"],
    ["list", "--json"],
    ["list", "-o", "-"],
    ["explain", "sudoku"],
    ["explain", "sudoku", "--boards", "--max-steps", "3", "--json", "--state", "1" + "." * 80, "--strict"],
    ["explain", "x.toml", "--marks", "r1c1=12", "--marks", "r2c2=3", "--svg", "d", "--timeout", "2", "-o", "-"],
    ["explain", "sudoku", "-p", "box=2", "--givens", "1" + "." * 15],
    ["hint", "sudoku", "--marks", "r4c6=19", "--json"],
    ["hint", "-", "--state", "12", "--svg", "h.svg", "--timeout", "0.5", "--strict", "-p", "box=2"],
    ["grade", "sudoku"],
    ["grade", "sudoku", "--json", "--timeout", "1e3", "--givens", "." * 81, "-o", "-", "--strict"],
]


def test_every_fast_command_is_tried():
    """The fixed command lines cover every command that runs without typer."""
    assert {args[0] for args in AGREE} == set(fast.RUNS)


@pytest.mark.parametrize("args", AGREE)
def test_fast_parser_passes_what_typer_passes(monkeypatch, args):
    """For each command line, the command's body receives the same arguments (Config included) both ways."""
    assert _through_fast(monkeypatch, args) == _through_typer(monkeypatch, args)


def test_fast_parser_runs_the_output_callback(monkeypatch, tmp_path):
    """-o is checked before the work, as typer's callback checks it: a folder is refused at once."""
    ok = ["solve", "magic-star", "-o", str(tmp_path / "out.json")]
    assert _through_fast(monkeypatch, ok) == _through_typer(monkeypatch, ok)
    invoke = fast.runner(["solve", "magic-star", "-o", str(tmp_path)])
    assert invoke is not None
    with pytest.raises(Exception) as fast_error:
        invoke(None)
    with pytest.raises(Exception) as typer_error:
        entry._click_command(["solve"]).main(
            args=["solve", "magic-star", "-o", str(tmp_path)], prog_name="puzzlesat", standalone_mode=False
        )
    assert str(fast_error.value) == str(typer_error.value)
    assert type(fast_error.value) is type(typer_error.value)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["solve"],
        ["solve", "--help"],
        ["solve", "-h", "x"],
        ["solve", "x", "y"],
        ["solve", "x", "--limit", "0"],
        ["solve", "x", "--limit", "two"],
        ["solve", "x", "--limit", "2.0"],
        ["solve", "x", "--limit=2"],
        ["solve", "x", "--limit"],
        ["solve", "x", "--limit", "1", "--limit", "2"],
        ["solve", "x", "--all", "--all"],
        ["solve", "x", "--timeout", "0"],
        ["solve", "x", "--timeout", "nan"],
        ["solve", "x", "--givens", "-1"],
        ["solve", "-ap", "x"],
        ["solve", "x", "--", "y"],
        ["solve", "x", "--unknown"],
        ["solve", "x", "--version"],
        ["solve", "--json"],
        ["list", "x"],
        ["list", "--json", "--json"],
        ["list", "-h"],
        ["show", "kenken"],
        ["grade", "sudoku", "--max-steps", "2"],
        ["grade", "sudoku", "--timeout", "0"],
        ["hint", "sudoku", "--boards"],
        ["explain", "sudoku", "--max-steps", "0"],
        ["explain", "sudoku", "--marks"],
    ],
)
def test_fast_parser_leaves_the_rest_to_typer(args):
    """What typer would refuse, explain or read in its own way is not read here (typer then runs)."""
    assert fast.parse(args) is None


@given(
    st.sampled_from(sorted(fast.RUNS)), st.lists(st.sampled_from(["--json", "-o", "o.json", "x", "--all"]), max_size=4)
)
def test_fast_parser_agrees_with_typer_for_each_command(command, args):
    """Property, for each fast command: wherever the fast parser reads a line, typer reads the same from it."""
    argv = [command, *args]
    if fast.parse(argv) is None:
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _through_fast(monkeypatch, argv) == _through_typer(monkeypatch, argv)


TOKENS = st.sampled_from(
    ["--all", "-a", "--limit", "--no-symmetry", "--json", "--jsonl", "--strict", "-p", "--timeout", "--backend",
     "--workers", "--givens", "1", "2", "0", "-1", "0.5", "abc", "order=3", "cp", "-", "magic-star", "--", "-h",
     "--limit=3", "1e3", " 4"]
)  # fmt: skip


@given(st.lists(TOKENS, max_size=7))
def test_fast_parser_agrees_with_typer_on_random_command_lines(args):
    """Property: wherever the fast parser reads a command line, typer reads the same arguments from it."""
    argv = ["solve", *args]
    if fast.parse(argv) is None:
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _through_fast(monkeypatch, argv) == _through_typer(monkeypatch, argv)


# --- whole runs, both ways -----------------------------------------------------------------------


def _run(capsys, main, args: list[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as end:
        main(list(args))
    captured = capsys.readouterr()
    code = end.value.code
    return (code if isinstance(code, int) else (0 if code is None else 1)), captured.out, captured.err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "magic-square", "-p", "order=3", "--all"],
        ["solve", "magic-star", "--limit", "2", "--json"],
        ["solve", "kenken", "--jsonl"],
        ["solve", "sudoku", "-p", "box=2", "--givens", "1...............", "--limit", "3"],
        ["solve", "nosuch"],
        ["solve", "magic-star", "--json", "--jsonl"],
        ["solve", "magic-square", "-p", "order=3", "-p", "order=4"],
        ["solve", "magic-star", "--backend", "nosuch"],
        ["solve", "magic-star", "--backend", "z3", "--card", "pairwise"],
        ["list"],
        ["grade", KILLER],
        ["grade", "sudoku", "-p", "box=2", "--givens", "1.3...1..14.4..1", "--json"],
        ["grade", "sudoku", "--givens", "11" + "." * 79],
        ["hint", KILLER, "--json"],
        ["hint", "sudoku", "--marks", "r4c6=19"],
        ["explain", KILLER, "--max-steps", "3"],
        ["explain", "sudoku", "-p", "box=2", "--givens", "1.3...1..14.4..1", "--boards", "--json"],
        ["explain", "nosuch"],
    ],
)
def test_a_whole_run_is_the_same_both_ways(capsys, args):
    """The exit status, standard output and standard error of a run through typer and of the same
    run without it are equal, byte for byte (times masked), errors included."""
    assert fast.parse(args) is not None
    through_typer = _run(capsys, entry.main, args)
    without = _run(capsys, puzzlesat_cli.main, args)
    mask = functools.partial(re.sub, r"\d+\.\d+ s|\"(\w*seconds|time)\": [\d.e-]+", "T")
    assert (without[0], mask(without[1]), mask(without[2])) == (
        through_typer[0],
        mask(through_typer[1]),
        mask(through_typer[2]),
    )
    assert through_typer[1] or through_typer[2]
