"""A real `puzzlesat` process stopped by SIGINT or SIGTERM keeps what it found and exits 3."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from guards import HANG, Watched, hang_guard

ROOT = Path(__file__).resolve().parent.parent


def start(*args: str, stderr) -> subprocess.Popen:
    """stderr goes to a file: with two pipes, communicate() reads the raw fds and would drop lines
    already buffered by readline()."""
    return subprocess.Popen(
        [sys.executable, "-c", "from puzzlesat import cli; cli.main()", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize(("backend", "order"), [("sat", "4"), ("z3", "4"), ("cp", "5")])  # cp lists the 4x4s in 0.1 s
def test_signal_keeps_streamed_solutions(tmp_path, sig, backend, order):
    """After 3 streamed solutions the signal stops the run: summary says incomplete, file is saved, exit 3."""
    out_file = tmp_path / "found.json"
    err_file = (tmp_path / "stderr.txt").open("w+")
    proc = start(
        "solve",
        "magic-square",
        "-p",
        f"order={order}",
        "--all",
        "--no-symmetry",
        "--jsonl",
        "--backend",
        backend,
        "-o",
        str(out_file),
        stderr=err_file,
    )
    lines = []
    assert proc.stdout is not None
    deadline = time.monotonic() + 120
    while len(lines) < 3 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(json.loads(line))
    assert len(lines) == 3
    proc.send_signal(sig)
    rest = proc.stdout.read()
    proc.wait(timeout=60)
    err_file.seek(0)
    err = err_file.read()
    assert proc.returncode == 3, err
    assert "Traceback" not in err
    tail = [json.loads(line) for line in rest.splitlines()]
    summary = tail[-1]["summary"]
    expected = "terminated" if sig == signal.SIGTERM else "interrupt"
    assert summary["complete"] is False and summary["stopped"] == expected
    streamed = lines + tail[:-1]
    assert summary["count"] == len(streamed) >= 3
    saved = json.loads(out_file.read_text())
    assert saved["complete"] is False
    assert sorted(s["values"] for s in saved["solutions"]) == sorted(s["values"] for s in streamed)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_z3_inside_its_search(sig):
    """A signal while Z3 is inside one long `check` (an order-5 magic square: minutes before its
    first class): the signal watcher interrupts Z3's context, the run ends, says why, exit 3.
    SIGINT came back as exit 4, "z3 could not decide the puzzle: canceled": Z3 caught it itself
    (its ctrl_c option) and Python never heard of it."""
    run = Watched("solve", "magic-square", "-p", "order=5", "--backend", "z3", "--all", "--json")
    run.wait_for(r"^puzzlesat: searching, ")  # built: Z3 is in its first check
    run.signal(sig)
    code, out, err = run.finish()
    assert (code, err) == (3, ""), err
    doc = json.loads(out)
    assert doc["complete"] is False and doc["stopped"] == ("terminated" if sig == signal.SIGTERM else "interrupt")
    assert doc["count"] == len(doc["solutions"]) and "stopped_while" not in doc["stats"]


BIG = """name = "big"
cells = 1000
values = { min = 1, max = 1000 }
distinct = "all"
"""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_build(tmp_path, sig):
    """1000 cells of 1..1000 all different take tens of seconds to encode: a signal once the build
    has begun ends it, in the build (exit 3, `stopped` naming the signal, nothing found)."""
    path = tmp_path / "big.toml"
    path.write_text(BIG)
    run = Watched("solve", str(path), "--json")
    run.wait_for(r"^puzzlesat: building, ")
    run.signal(sig)
    code, out, err = run.finish()
    assert (code, err) == (3, ""), err
    doc = json.loads(out)
    assert (doc["complete"], doc["count"]) == (False, 0)
    assert doc["stats"]["stopped_while"] == "building"
    assert doc["stopped"] == ("terminated" if sig == signal.SIGTERM else "interrupt")


LATIN5 = """name = "latin-5"
cells = 25
values = { min = 1, max = 5 }
distinct = [[0,1,2,3,4],[5,6,7,8,9],[10,11,12,13,14],[15,16,17,18,19],[20,21,22,23,24],
            [0,5,10,15,20],[1,6,11,16,21],[2,7,12,17,22],[3,8,13,18,23],[4,9,14,19,24]]
"""


def test_two_quick_interrupts_leave_every_jsonl_line_whole(tmp_path):
    """A second Ctrl-C stops at once (exit 130) in the middle of streaming: every line already
    written to the file parses (each line is written whole)."""
    path = tmp_path / "latin5.toml"
    path.write_text(LATIN5)
    out_path = tmp_path / "found.jsonl"
    with out_path.open("w") as out, (tmp_path / "err.txt").open("w+") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from puzzlesat import cli; cli.main()", "solve", str(path), "--all", "--jsonl"]
            + ["--symmetry", "none"],
            cwd=ROOT,
            stdout=out,
            stderr=err,
        )
        deadline = time.monotonic() + 60
        while out_path.stat().st_size < 20_000 and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
    assert code in (3, 130)
    lines = out_path.read_text().splitlines()
    assert len(lines) > 100
    for line in lines:
        json.loads(line)


def _children(pid: int) -> list[int]:
    """The child processes of `pid` (Linux /proc)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        out += [int(x) for x in task.read_text().split()]
    return out


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_stops_a_ganak_count(sig):
    """A signal during a ganak count (9x9 sudoku grids: minutes) kills the counting child at once:
    the document says interrupted (terminated for SIGTERM), exit 3, and the child is gone."""
    run = Watched("count", "sudoku", "--givens", "." * 81, "--method", "sharpsat", "--json")
    run.wait_for(r"^puzzlesat: counting.* with ganak, ")
    deadline = time.monotonic() + HANG  # a hang guard: the child starts right after that line
    while not (children := _children(run.proc.pid)) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert children, "the ganak child never started"
    run.signal(sig)
    code, out, err = run.finish()  # a hang guard: unstopped, the count runs for minutes
    assert (code, err) == (3, ""), err
    doc = json.loads(out)
    said = "terminated" if sig == signal.SIGTERM else "interrupt"  # as solve says it
    assert (doc["complete"], doc["stopped"], doc["count_complete"]) == (False, said, False)
    for child in children:
        assert not Path(f"/proc/{child}").exists() or "zombie" in Path(f"/proc/{child}/status").read_text().lower()


# Sends SIGINT to the process itself when `puzzlesat.cli` reaches `import typer`: a Ctrl-C at start-up,
# at a moment the test chooses rather than a race with the clock. argv: [argv0, command...]
# (`list` without one); TIMES signals in a row.
INTERRUPT_AT_IMPORT = """
import os, signal, sys
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started in the background of a shell without job
    signal.signal(signal.SIGINT, signal.default_int_handler)  # control: a program from a terminal has this
TIMES = 1
class Hook:
    def find_spec(self, name, path=None, target=None):
        if name == "puzzlesat.cli.guarded":  # imported at start-up by typer's way and the fast solve
            for _ in range(TIMES):
                os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Hook())
sys.argv = [sys.argv[1], *(sys.argv[2:] or ["list"])]
from puzzlesat import cli
cli.main()
"""


def _signalled_at_import(*command: str, sig: str = "SIGINT", times: int = 1, argv0: str = "/usr/local/bin/puzzlesat"):
    """Run `command` with `times` signals sent while cli imports its modules (argv[0] `puzzlesat`, as
    the console script runs it)."""
    script = INTERRUPT_AT_IMPORT.replace("SIGINT", sig).replace("TIMES = 1", f"TIMES = {times}")
    return subprocess.run(
        [sys.executable, "-c", script, argv0, *command], cwd=ROOT, capture_output=True, text=True, timeout=HANG
    )


def test_ctrl_c_while_starting_is_one_line_and_exit_130():
    """A command with nothing to report on a stop (`list`) says it was interrupted, exit 130."""
    done = _signalled_at_import()
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "puzzlesat: interrupted\n")


def test_sigterm_while_starting_is_one_line_and_exit_130():
    """SIGTERM during the imports killed the process by the signal, silently: now one line, and
    the status of a stop at once (130, ExitCode.INTERRUPTED: "a second Ctrl-C or SIGTERM")."""
    done = _signalled_at_import(sig="SIGTERM")
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "puzzlesat: terminated\n")


@pytest.mark.parametrize(
    ("command", "keys"),
    [
        (("explain", "sudoku", "--json"), {"steps": [], "complete": False}),
        (("grade", "sudoku", "--json"), {"steps": 0, "complete": False}),
        (("hint", "sudoku", "--json"), {"step": None}),
        (("solve", "magic-star", "-p", "points=9", "--all", "--workers", "2", "--json"), {"count": 0}),
        (("count", "magic-frame", "--json"), {"count_complete": False}),
        (("candidates", "sudoku", "--json"), {"complete": False}),
    ],
    ids=lambda x: x[0] if isinstance(x, tuple) else "",
)
@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_one_signal_while_starting_still_gives_the_document(tmp_path, command, keys, sig):
    """One signal during the imports (seconds on a loaded machine: 7 of 30 SIGTERMs to `explain`
    landed there and ended it with exit 130, no JSON, no -o file): a command that reports stops
    takes it as a stop request at its first safe point, so the document, empty and saying why it
    stopped, is printed and written, exit 3."""
    out = tmp_path / "doc.json"
    done = _signalled_at_import(*command, "-o", str(out), sig=sig)
    assert (done.returncode, done.stderr) == (3, "")
    doc = json.loads(done.stdout)
    assert doc["stopped"] == ("terminated" if sig == "SIGTERM" else "interrupt")
    assert {k: doc[k] for k in keys} == keys
    assert json.loads(out.read_text()) == doc


def test_two_signals_while_starting_end_it_at_once():
    """The second signal during the imports is a stop at once, as a second Ctrl-C always is."""
    done = _signalled_at_import("explain", "sudoku", "--json", times=2)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "puzzlesat: interrupted\n")


def test_a_program_importing_cli_keeps_its_own_ctrl_c():
    """Imported by another program, cli installs no handler: the KeyboardInterrupt is the program's."""
    done = _signalled_at_import(argv0="my-script")
    assert done.returncode == -signal.SIGINT and done.stderr.rstrip().endswith("KeyboardInterrupt")


def test_z3_cancelled_without_a_signal_is_the_timeout(monkeypatch):
    """Z3 says "canceled" for its own timeout and for an interrupt. Without a stop requested it is
    the timeout, however early Z3's timer ended (the clock used to decide, and on a loaded machine
    a timeout came back as "interrupt"); with one, it is the interrupt."""
    import time as clock

    import z3

    import puzzlesat
    from puzzlesat.solvers import open_session
    from puzzlesat.solvers.base import Config, SearchStopped

    session = open_session(puzzlesat.load("magic-frame"), Config(backend="z3"))

    class Cancelled:  # Z3's answer when its timer (or an interrupt) ended the search
        def set(self, *args):
            pass

        def check(self):
            return z3.unknown

        def reason_unknown(self):
            return "canceled"

    session.solver = Cancelled()
    puzzlesat.reset_stop()
    with pytest.raises(SearchStopped):
        session.next(clock.monotonic() + 60)  # far from the deadline: still the timeout
    monkeypatch.setattr("puzzlesat.solvers.z3_backend.check_stop", lambda: None)  # the signal comes during the search
    puzzlesat.request_stop()
    try:
        with pytest.raises(KeyboardInterrupt):
            session.next(clock.monotonic() + 60)
        # The watcher thread saw SIGTERM and interrupted Z3 before the main thread ran its handler
        # (which sets the stop flag): still the signal, with its reason (CI once said exit 4, "z3
        # could not decide the puzzle: canceled", for a Ctrl-C).
        import puzzlesat.runtime.stop

        puzzlesat.reset_stop()
        monkeypatch.setitem(puzzlesat.runtime.stop._SIGNALLED, "value", puzzlesat.Status.TERMINATED)
        with pytest.raises(KeyboardInterrupt):
            session.next(clock.monotonic() + 60)
        assert puzzlesat.stop_reason() == puzzlesat.Status.TERMINATED
    finally:
        puzzlesat.reset_stop()
        session.close()


def test_main_puts_back_the_handlers_it_installed(cli, monkeypatch):
    """In-process (a test, a program calling cli.main): a SIGTERM during the run stops the search
    (exit 3, "terminated"); once main returns, SIGINT and SIGTERM have the caller's handlers again
    and no stop is pending, so a SIGTERM to pytest is no longer "stop the current search"."""
    import os

    import puzzlesat
    import puzzlesat.search.solving as solving

    real = solving.solve

    def signalled_solve(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)  # main's handler asks for the stop; the search ends at once
        return real(*args, **kwargs)

    monkeypatch.setattr(solving, "solve", signalled_solve)
    heard: list[int] = []

    def mine(signum: int, frame: object) -> None:
        heard.append(signum)

    before = {s: signal.signal(s, mine) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        r = cli("solve", "magic-frame", "--all", "--json")
        assert r.code == 3 and r.json()["stopped"] == "terminated"
        assert signal.getsignal(signal.SIGINT) is mine and signal.getsignal(signal.SIGTERM) is mine
        assert not puzzlesat.STOP.is_set() and heard == []
        os.kill(os.getpid(), signal.SIGTERM)
        assert heard == [signal.SIGTERM] and not puzzlesat.STOP.is_set()
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("command", ["explain", "grade"])
def test_a_signal_keeps_the_steps_found(tmp_path, command, sig):
    """A signal once the first step is out (an X-sudoku takes half a minute to explain): the
    document keeps the steps found, says why it stopped, is written to -o as printed, exit 3."""
    out_file = tmp_path / "doc.json"
    run = Watched(command, "x-sudoku", "--json", "-o", str(out_file))
    run.wait_for(r"^puzzlesat: explaining: 1 step, ")
    run.signal(sig)
    code, out, err = run.finish()
    assert (code, err) == (3, ""), err
    doc = json.loads(out)
    assert json.loads(out_file.read_text()) == doc
    said = "terminated" if sig == signal.SIGTERM else "interrupt"
    assert (doc["complete"], doc["stopped"], doc["solved"]) == (False, said, False)
    assert (len(doc["steps"]) if command == "explain" else doc["steps"]) >= 1


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_hint_leaves_its_document(tmp_path, sig):
    """A signal while hint looks for its step: the step if it was found in time (exit 0), else no
    step and `stopped` (exit 3); the document is printed and written either way."""
    out_file = tmp_path / "doc.json"
    run = Watched("hint", "x-sudoku", "--json", "-o", str(out_file))
    run.wait_for(r"^puzzlesat: explaining, ")
    run.signal(sig)
    code, out, err = run.finish()
    assert err == ""
    doc = json.loads(out)
    assert json.loads(out_file.read_text()) == doc
    said = "terminated" if sig == signal.SIGTERM else "interrupt"
    assert (code, doc["stopped"], doc["step"] is None) in ((3, said, True), (0, None, False))


def test_a_stop_request_from_another_thread_interrupts_z3_at_once():
    """`request_stop()` (what a program embedding the library, or a Dask worker, calls) wakes Z3
    inside a long check, as a signal does: the check ends "canceled", which is the stop (an
    interrupt), not a failure and not a wait for the check to end (an order-5 square: minutes)."""
    import threading

    import puzzlesat
    from puzzlesat.runtime import stop
    from puzzlesat.solvers import open_session
    from puzzlesat.solvers.base import Config

    session = open_session(puzzlesat.load("magic-square", {"order": "5"}), Config(backend="z3"))

    def ask_once_z3_checks() -> None:
        while not stop._WAKERS:  # registered just before the check begins
            time.sleep(0.001)
        puzzlesat.request_stop(puzzlesat.Status.TERMINATED)

    threading.Thread(target=ask_once_z3_checks, daemon=True).start()
    try:
        with hang_guard():
            with pytest.raises(KeyboardInterrupt):
                session.next(None)
        assert puzzlesat.stop_reason() == puzzlesat.Status.TERMINATED
    finally:
        puzzlesat.reset_stop()
        session.close()


def test_a_search_that_starts_after_the_interrupt_is_interrupted_again():
    """A waker registered just before its search starts may be called before the search can take
    the interrupt (Z3 clears it as its check begins): after a signal the watcher calls the wakers
    again until they are gone, and a block entered with a stop already asked is interrupted
    until it ends. Here the "search" takes the interrupt only on its third call."""
    import threading

    from puzzlesat.runtime import stop

    calls = []
    taken = threading.Event()

    def interrupt() -> None:
        calls.append(1)
        if len(calls) >= 3:
            taken.set()

    with stop.wake_on_signal(interrupt):
        watcher = threading.Thread(target=stop._wake_until_done)
        watcher.start()
        assert taken.wait(30)  # the search has taken it: it returns, the block ends
    watcher.join(30)
    assert not watcher.is_alive() and len(calls) >= 3
    calls.clear()
    taken.clear()
    stop.request_stop()
    try:
        with stop.wake_on_signal(interrupt):
            assert taken.wait(30)
    finally:
        stop.reset()
    assert len(calls) >= 3
