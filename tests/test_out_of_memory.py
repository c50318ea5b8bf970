"""A solver that runs out of memory ends the command with one line on stderr and exit 4, on every
backend, instead of "terminate called after throwing ..." and an abort (exit 134).

Real allocations fail: a subprocess does its imports, then caps its address space (RLIMIT_AS) at
what it uses plus a headroom, so the headroom, not this machine's libraries, decides where memory
runs out. Which allocation fails first moves with the headroom, so each test tries a few and
requires every run to end well, and the failure it is about (a C++ solver's exception, the cp
search's MemoryError) to be among them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from guards import HANG

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")

HEADROOM = """
import os, resource, sys
import puzzlesat, puzzlesat.cli.entry, puzzlesat.solvers.last_words  # the command line loaded before the limit
from puzzlesat import cli
{preload}
used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
limit = used + int(sys.argv[1]) * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.argv = ["puzzlesat", *sys.argv[2:]]
cli.main()
"""

# The estimate's refusal before any work (encoders/estimate.py): a small headroom may get it.
REFUSED = "of memory is free"


def _with_headroom(mib: int, preload: str, *args: str) -> subprocess.CompletedProcess[str]:
    script = HEADROOM.format(preload=preload)
    return subprocess.run(
        [sys.executable, "-c", script, str(mib), *args], cwd=ROOT, capture_output=True, text=True, timeout=HANG
    )


def _endings(headrooms: list[int], preload: str, *args: str) -> list[str]:
    """Each run's stderr line when it failed; every run ended with 0, or 2 (refused before any
    work) or 4 (out of memory), and said at most one line."""
    lines = []
    for mib in headrooms:
        done = _with_headroom(mib, preload, *args)
        err = done.stderr.splitlines()
        assert done.returncode in (0, 2, 4), (mib, done.returncode, done.stderr[-800:])
        assert len(err) == (done.returncode != 0), (mib, done.stderr[-800:])
        if done.returncode == 2:
            assert REFUSED in err[0], err
        elif done.returncode == 4:
            assert err[0].startswith("puzzlesat: error: ") and "out of memory" in err[0], err
            lines.append(err[0])
    return lines


def _built() -> bool:
    try:
        import puzzlesat.solvers._lastwords  # noqa: F401
    except ImportError:
        return False
    return True


needs_last_words = pytest.mark.skipif(not _built(), reason="puzzlesat.solvers._lastwords not built (no C++ compiler)")


@needs_last_words
def test_cadical_out_of_memory_is_one_line_and_exit_4():
    """CaDiCaL takes the clauses of a 25x25 sudoku and throws std::bad_alloc (was: the abort)."""
    lines = _endings([48, 64, 96, 128], "import puzzlesat.solvers.sat_backend, pysat.solvers",
                     "solve", "sudoku", "-p", "box=5", "--backend", "sat", "--json")  # fmt: skip
    assert any("out of memory in the solver library (std::bad_alloc)" in line for line in lines), lines


@needs_last_words
def test_glucose_out_of_memory_in_grade_is_one_line_and_exit_4():
    """The rules' solvers of a 16x16 sudoku's grade: Glucose30::OutOfMemoryException in PySAT's
    constructor, which PySAT does not catch (issue 39: exit 134 under ulimit -v). Which allocation
    fails first moves as the explainer builds fewer solvers (issue 43): each failing run is one line,
    exit 4 (`_endings`), and at least one of the headrooms ends in a solver or in Python's own."""
    lines = _endings([32, 64], "import pysat.solvers, puzzlesat.reasoning.api",
                     "grade", "sudoku", "-p", "box=4", "--json")  # fmt: skip
    assert lines and all(
        "(Glucose30::OutOfMemoryException)" in line
        or line.endswith("a smaller encoding may fit (see docs/guarantees.md)")
        for line in lines
    ), lines


def test_the_cp_search_out_of_memory_is_one_line_and_exit_4():
    """The cp search's own allocations (its stack of domains) fail as MemoryError: a BackendError,
    the document of what was found, one line, exit 4."""
    lines = _endings([1, 2, 3, 4], "import puzzlesat.solvers.cp_backend, puzzlesat.solvers._cpsearch",
                     "solve", "sudoku", "-p", "box=5", "--backend", "cp", "--json")  # fmt: skip
    assert "puzzlesat: error: the cp search ran out of memory" in lines, lines


@needs_last_words
def test_what_was_streamed_is_flushed_before_the_line():
    """Standard output a pipe (block-buffered): what was printed before the abort still comes out."""
    script = """
import os, resource
import puzzlesat.solvers.last_words, pysat.solvers
puzzlesat.solvers.last_words.install()
print("streamed before the end")
used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (used, used))
pysat.solvers.Solver(name="g3")
print("not reached")
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=HANG)
    assert (done.returncode, done.stdout) == (4, "streamed before the end\n")
    assert done.stderr == (
        "puzzlesat: error: out of memory in the solver library (Glucose30::OutOfMemoryException); "
        "a smaller encoding may fit (see docs/guarantees.md)\n"
    )


@needs_last_words
def test_the_command_line_takes_its_handlers_back(cli, monkeypatch):
    """Installed for a command that runs solvers, removed when main returns (a program that calls
    main keeps the C++ runtime's own end); `list` runs no solver and installs nothing."""
    import puzzlesat.solvers.last_words
    from puzzlesat.solvers import _lastwords

    calls = []
    real = puzzlesat.solvers.last_words.install
    monkeypatch.setattr(puzzlesat.solvers.last_words, "install", lambda: calls.append(1) or real())
    assert cli("list").code == 0 and calls == []
    assert cli("solve", "magic-frame").code == 0 and calls == [1]
    assert not _lastwords.installed()
    undo = real()
    assert _lastwords.installed() and real()() is None  # a second install leaves them to the first
    assert _lastwords.installed()
    undo()
    assert not _lastwords.installed()
