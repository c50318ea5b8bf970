"""The external backend: real solvers agree with PySAT, and every way a solver can fail is one clear error."""

from __future__ import annotations

import os
import shutil
import stat
import time
from pathlib import Path

import pytest
from guards import killed, spawned
from hypothesis import assume, given, settings
from oracle import brute_force
from strategies import small_puzzles

import puzzlesat
from puzzlesat import encoders, solvers
from puzzlesat.runtime.errors import BackendError, UsageError
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.external_backend import ExternalSession
from puzzlesat.solvers.external_cmd import SolverCommand

CADICAL = shutil.which("cadical")
needs_cadical = pytest.mark.skipif(CADICAL is None, reason="cadical is not installed (apt-get install cadical)")

# Quick to enumerate with one cadical run per solution: compared in full against PySAT.
FULL = [
    "magic-blocks",
    "magic-frame",
    "magic-frame-digits",
    "magic-frame-digits2",
    "magic-frame-even",
    "magic-frame-odd",
    "magic-frame-primes",
    "magic-square",
    "magic-triangle",
    "sudoku",
]
# Longer enumerations (47, 18 and 80 classes; ~0.5 s a run): a few solutions each, checked against PySAT's list.
SUBSET = ["magic-blocks-inner", "magic-triangle-free", "magic-star"]


def canonical_list(name: str, **kwargs) -> list[tuple[tuple[int, ...], dict[str, int]]]:
    outcome = puzzlesat.solve(puzzlesat.load(name), **kwargs)
    assert outcome.complete or outcome.stopped == "limit"
    return [(s.values, s.unknowns) for s in outcome.solutions]


def one_line_error(result, code: int) -> str:
    assert result.code == code, (result.code, result.out, result.err)
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("puzzlesat: error: "), result.err
    return lines[0].removeprefix("puzzlesat: error: ")


def fake_solver(tmp_path: Path, script: str, name: str = "fake-solver") -> str:
    """An executable shell script standing in for a solver; returns its path for --solver-cmd."""
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_registered_as_a_cnf_backend():
    """`external` is in the backend registry, takes CNF encodings, defaults to onehot."""
    info = solvers.get("external")
    assert (info.kind, info.default_encoding) == ("cnf", "onehot")
    assert solvers.resolve(Config(backend="external", encoding="log")).encoding == "log"


@needs_cadical
@pytest.mark.parametrize("name", FULL)
def test_all_solutions_match_pysat(name):
    """--all through cadical gives PySAT's canonical list exactly (values and unknowns)."""
    external = canonical_list(name, all=True, backend="external", solver_cmd="cadical -q")
    assert external == canonical_list(name, all=True, backend="sat")


@needs_cadical
@pytest.mark.parametrize("encoding", encoders.names("cnf"))
@settings(max_examples=15)
@given(puzzle=small_puzzles())
def test_agrees_with_brute_force(encoding, puzzle):
    """Raw and canonical lists from cadical equal brute force's, for every CNF encoding (small answers
    only: one solver run per solution)."""
    truth = brute_force(puzzle)
    assume(len(truth.raw) <= 24)
    config = Config(backend="external", solver_cmd="cadical -q", encoding=encoding)
    raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, config=config)
    assert raw.complete and [s.values for s in raw.solutions] == truth.raw
    classes = puzzlesat.solve(puzzle, all=True, config=config)
    assert [s.values for s in classes.solutions] == truth.canonical


@needs_cadical
@pytest.mark.parametrize("name", SUBSET)
def test_longer_enumerations_give_pysat_solutions(name):
    """A few classes of each longer enumeration: distinct, canonical, and all in PySAT's full list."""
    found = canonical_list(name, limit=4, backend="external", solver_cmd="cadical -q")
    assert len(found) == 4 == len({v for v, _ in found})
    full = canonical_list(name, all=True, backend="sat")
    assert all(entry in full for entry in found)


@needs_cadical
def test_magic_square_18_first_classes_are_solutions():
    """magic-square-18 (50 classes, ~1 s a run): the first two classes are valid and canonical."""
    p = puzzlesat.load("magic-square-18")
    found = canonical_list("magic-square-18", limit=2, backend="external", solver_cmd="cadical -q")
    assert len(found) == 2 and all(p.group.canonical(v) == v for v, _ in found)


@needs_cadical
@pytest.mark.parametrize("encoding", ["order", "log"])
def test_other_encodings_through_cadical(encoding):
    """Order and log CNFs (conjunctions per value) decode and block correctly through the external solver."""
    external = canonical_list("magic-frame", all=True, backend="external", solver_cmd="cadical -q", encoding=encoding)
    assert external == canonical_list("magic-frame", all=True, backend="sat")


@pytest.mark.parametrize(
    ("command", "binary"),
    [
        ("cadical -q", "cadical"),
        ("cadical -q -", "cadical"),
        ("cadical -q {cnf}", "cadical"),
        ("minisat {cnf} {out}", "minisat"),
        ("picosat", "picosat"),
    ],
)
def test_each_io_convention(command, binary):
    """Path appended, CNF on stdin (`-`), `{cnf}` placeholder, and minisat's `{out}` result file."""
    if shutil.which(binary) is None:
        pytest.skip(f"{binary} is not installed (apt-get install {binary})")
    assert canonical_list("magic-frame", all=True, backend="external", solver_cmd=command) == canonical_list(
        "magic-frame", all=True, backend="sat"
    )


@needs_cadical
def test_cli_json_reports_the_command(cli):
    """`solve --backend external --solver-cmd ... --json` names the command as the solver."""
    result = cli("solve", "magic-frame", "--backend", "external", "--solver-cmd", "cadical -q", "--all", "--json")
    assert result.code == 0, result.err
    doc = result.json()
    assert (doc["backend"], doc["solver"], doc["count"], doc["complete"]) == ("external", "cadical -q", 6, True)
    assert doc["stats"]["solver_calls"] == 7


def test_command_conventions():
    """How --solver-cmd words become argv: placeholders replaced, `-` for stdin, else the path appended."""
    cnf, out = Path("/t/f.cnf"), Path("/t/out")
    assert SolverCommand.parse("cadical -q").argv(cnf, out) == ["cadical", "-q", "/t/f.cnf"]
    assert SolverCommand.parse("minisat {cnf} {out}").argv(cnf, out) == ["minisat", "/t/f.cnf", "/t/out"]
    assert SolverCommand.parse("my\\ solver '-' ").argv(cnf, out) == ["my solver", "-"]
    assert SolverCommand.parse("kissat --time=5").reads_stdin is False
    with pytest.raises(UsageError, match="needs --solver-cmd"):
        SolverCommand.parse("  ")
    with pytest.raises(UsageError, match="No closing quotation"):
        SolverCommand.parse("cadical 'oops")
    with pytest.raises(UsageError, match=r"with \{out\}, say where the CNF goes"):
        SolverCommand.parse("minisat {out}")


# --- failures ------------------------------------------------------------------------------------


def external(cli, command: str, *more: str):
    return cli("solve", "magic-frame", "--backend", "external", "--solver-cmd", command, *more)


def test_missing_binary(cli):
    """A solver that does not exist: exit 4, saying so and how to fix it."""
    msg = one_line_error(external(cli, "no-such-solver-xyz -q"), 4)
    assert "solver 'no-such-solver-xyz' not found" in msg and "full path" in msg


def test_crashing_command(cli):
    """`false` exits 1 with no answer: exit 4, naming the status."""
    msg = one_line_error(external(cli, "false"), 4)
    assert "solver 'false' exited with status 1 and gave no usable answer" in msg


def test_killed_by_a_signal(cli, tmp_path):
    """A solver killed by a signal (a segfault) is reported as a crash."""
    msg = one_line_error(external(cli, fake_solver(tmp_path, "echo 'c starting' ; kill -SEGV $$")), 4)
    assert "crashed (killed by signal 11)" in msg


def test_not_executable(cli, tmp_path):
    """A path that is not executable: exit 4."""
    path = tmp_path / "solver.txt"
    path.write_text("not a program")
    assert "is not executable" in one_line_error(external(cli, str(path)), 4)


@pytest.mark.parametrize(
    ("script", "needle"),
    [
        ("echo 'Segmentation fault (core dumped)'; exit 10", "exited with status 10 but its answer is unusable"),
        ("echo 'hello'; exit 0", "exited with status 0 and gave no usable answer"),
        ("echo 's SATISFIABLE'; echo 'v 1 -2 3'; exit 10", "no terminating 0"),
        ("echo 's SATISFIABLE'; echo 'v 1 -2 3 0'; exit 10", "(variable 4 is missing)"),
        ("echo 's UNSATISFIABLE'; exit 10", "exited with status 10 but answered UNSATISFIABLE"),
        ("echo 's UNKNOWN'; exit 0", "answered UNKNOWN"),
    ],
)
def test_bad_answers(cli, tmp_path, script, needle):
    """Garbage, truncated models, contradictions between status and exit code: exit 4, one line each."""
    assert needle in one_line_error(external(cli, fake_solver(tmp_path, script)), 4)


def test_model_that_violates_the_cnf(cli, tmp_path):
    """A full model that falsifies a clause is the solver's fault: exit 4, naming the clause."""
    script = 'n=$(grep "^p cnf" "$1" | cut -d" " -f3); echo "s SATISFIABLE"; seq 1 "$n" | tr "\\n" " "; echo 0; exit 10'
    msg = one_line_error(external(cli, fake_solver(tmp_path, script)), 4)
    assert "returned a model that falsifies clause #" in msg


def test_unsat_answer_ends_the_search(cli, tmp_path):
    """A solver answering UNSATISFIABLE (exit 20) means no solution: a complete, empty search."""
    result = external(cli, fake_solver(tmp_path, "echo 's UNSATISFIABLE'; exit 20"), "--all")
    assert result.code == 0 and result.out.startswith("no solution") and "complete" in result.out


def test_timeout_kills_the_solver(cli, tmp_path, monkeypatch):
    """A solver still running at the deadline is killed (with anything it started), not waited for:
    exit 3, stopped by timeout."""
    marker = tmp_path / "still-running"
    script = f"sleep 10; touch {marker}"
    solvers_run = spawned(monkeypatch)
    result = external(cli, fake_solver(tmp_path, script), "--timeout", "0.5")
    assert result.code == 3 and "INCOMPLETE: stopped by timeout" in result.out
    assert len(solvers_run) == 1 and killed(solvers_run[0])
    time.sleep(0.2)
    assert not marker.exists()


def test_sleep_as_a_solver_times_out(cli, monkeypatch):
    """`sh -c 'sleep 10' -` (stdin convention) stops at the timeout too: killed, exit 3."""
    solvers_run = spawned(monkeypatch)
    result = external(cli, "sh -c 'sleep 10' -", "--timeout", "0.5")
    assert result.code == 3 and "INCOMPLETE: stopped by timeout" in result.out
    assert len(solvers_run) == 1 and killed(solvers_run[0])


def test_usage_errors(cli):
    """--backend external needs --solver-cmd; --solver-cmd needs --backend external; --solver is PySAT's."""
    assert "needs --solver-cmd" in one_line_error(cli("solve", "magic-frame", "--backend", "external"), 2)
    assert one_line_error(cli("solve", "magic-frame", "--solver-cmd", "cadical"), 2) == (
        "--solver-cmd is not used by the sat backend (it applies to: external)"
    )
    assert one_line_error(
        cli("solve", "magic-frame", "--backend", "external", "--solver-cmd", "cadical", "--solver", "cadical195"), 2
    ) == ("--solver is not used by the external backend (it applies to: sat)")
    assert "cannot be written as DIMACS" in one_line_error(
        cli(
            "solve",
            "magic-frame",
            "--backend",
            "external",
            "--solver-cmd",
            "cadical",
            "--encoding",
            "onehot",
            "--card",
            "native",
        ),
        2,
    )
    assert "--encoding z3-int runs on the z3 backend, not external" in one_line_error(
        cli("solve", "magic-frame", "--backend", "external", "--solver-cmd", "cadical", "--encoding", "z3-int"), 2
    )


def test_session_removes_its_folder(tmp_path):
    """The private temporary folder (mode 0700) holds the CNF while the session lives and goes on close."""
    frame = puzzlesat.load("magic-frame")
    with ExternalSession(frame, puzzlesat.resolve(Config(backend="external", solver_cmd="true"), frame)) as session:
        folder = session.folder
        assert folder.is_dir() and stat.S_IMODE(os.stat(folder).st_mode) == 0o700
        with pytest.raises(BackendError):
            session.next(None)
        assert (folder / "formula.cnf").read_text().splitlines()[1].startswith("p cnf ")
    assert not folder.exists()


@pytest.mark.parametrize("stream", ["", " >&2"])
def test_output_without_end_is_cut_at_the_read_limit(cli, tmp_path, monkeypatch, stream):
    """`--solver-cmd yes` was read without bound (2.1 GB in 6 s): each of the solver's streams is
    read as it comes and the run fails at atomic.READ_LIMIT (here lowered to 1 MiB), the solver
    killed, without waiting for it to end."""
    from puzzlesat.solvers import external_cmd

    monkeypatch.setattr(external_cmd, "READ_LIMIT", 1 << 20)
    script = f"yes | head -c 3000000{stream}; exec sleep 5"
    msg = one_line_error(external(cli, fake_solver(tmp_path, script)), 4)
    what = "standard error" if stream else "standard output"
    assert f"wrote more than 1 MiB on its {what}, the most puzzlesat reads (is it a SAT solver?)" in msg
