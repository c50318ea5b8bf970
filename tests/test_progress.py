"""The live status line on stderr: a ticker between solutions, paused around output, erased at the end."""

from __future__ import annotations

import io
import threading
import time

from puzzlesat.runtime.progress import Progress, StatusLine, Ticker

ERASE = "\r\033[K"


class Terminal(io.StringIO):
    """A stream that says it is a terminal, and records every write with the thread that made it."""

    def __init__(self) -> None:
        super().__init__()
        self.writers: list[str] = []

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.writers.append(threading.current_thread().name)
        return super().write(text)


def wait_for(predicate, seconds: float = 10.0) -> bool:  # noqa: ANN001
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def test_the_ticker_shows_a_search_alive_before_any_solution():
    term = Terminal()
    progress = Progress(term, every=0.01)
    try:
        assert wait_for(lambda: "searching, " in term.getvalue())
        assert "puzzlesat-progress" in term.writers
    finally:
        progress.stop()
    assert term.getvalue().endswith(ERASE) and not progress.shown
    assert progress._thread is None  # joined


def test_the_ticker_counts_solutions():
    term = Terminal()
    progress = Progress(term, every=0.01)
    try:
        progress(None)  # type: ignore[arg-type]
        progress(None)  # type: ignore[arg-type]
        assert wait_for(lambda: "  2 found, " in term.getvalue())
    finally:
        progress.stop()


def test_paused_keeps_the_line_off_while_the_caller_prints():
    term = Terminal()
    progress = Progress(term, every=0.005)
    try:
        assert wait_for(lambda: progress.shown)
        with progress.paused():
            assert term.getvalue().endswith(ERASE) and not progress.shown
            before = len(term.getvalue())
            time.sleep(0.1)  # twenty ticks: none may write
            assert len(term.getvalue()) == before
        assert wait_for(lambda: len(term.getvalue()) > before)  # and after, it comes back
    finally:
        progress.stop()


def test_not_a_terminal_writes_nothing_and_starts_no_thread():
    stream = io.StringIO()
    progress = Progress(stream, every=0.005)
    progress(None)  # type: ignore[arg-type]
    time.sleep(0.05)
    progress.stop()
    assert stream.getvalue() == "" and progress._thread is None and not progress.ticking


def test_without_a_ticker_solutions_update_the_line():
    term = Terminal()
    progress = Progress(term, every=0.0, ticking=False)
    assert progress._thread is None
    progress(None)  # type: ignore[arg-type]
    assert term.getvalue().startswith(ERASE + "  1 found, ")
    progress.stop()
    assert term.getvalue().endswith(ERASE)
    assert set(term.writers) == {threading.current_thread().name}


def test_a_status_line_erases_only_what_it_showed():
    term = Terminal()
    line = StatusLine(term)
    line.close()
    assert term.getvalue() == ""
    line.show("  3 calls ")
    line.close()
    line.close()
    assert term.getvalue() == ERASE + "  3 calls " + ERASE


def test_a_ticker_says_what_the_command_does_and_the_time():
    term = Terminal()
    ticker = Ticker("asking", term, every=0.01)
    try:
        assert wait_for(lambda: "  asking, " in term.getvalue())
        ticker.say("3 calls, 5 pairs left")
        assert wait_for(lambda: "  3 calls, 5 pairs left, " in term.getvalue())
        assert "puzzlesat-progress" in term.writers
    finally:
        ticker.stop()
    assert term.getvalue().endswith(ERASE) and ticker._thread is None


def test_without_a_ticker_say_draws_the_line_itself():
    term = Terminal()
    ticker = Ticker("counting", term, every=0.0, ticking=False)
    ticker.say("enumerating: 64 solutions")
    assert term.getvalue().startswith(ERASE + "  enumerating: 64 solutions, ")
    assert term.getvalue().endswith(" s ")
    ticker.stop()
    assert set(term.writers) == {threading.current_thread().name}


def _stderr_on_a_terminal(*args: str) -> tuple[int, bytes, str]:
    """Run the command with stderr on a pseudo-terminal and stdout on a pipe: exit status, stdout,
    and what the terminal got."""
    import os
    import pty
    import subprocess
    import sys
    from pathlib import Path

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", *args],
        cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE, stderr=slave,
    )  # fmt: skip
    os.close(slave)
    out, _ = proc.communicate(timeout=120)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child's side is closed
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    return proc.returncode, out, err.decode()


def test_a_long_first_solution_shows_the_ticker_on_a_terminal_and_leaves_stdout_alone():
    """The command itself, stderr on a pseudo-terminal: the status is drawn and erased there, and
    standard output (a pipe) is the JSON document alone."""
    import json

    code, out, text = _stderr_on_a_terminal("solve", "magic-square", "-p", "order=6", "--backend", "sat", "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    assert "searching, " in text and text.endswith(ERASE)


def test_generate_shows_what_it_does_on_a_terminal():
    """A 16x16 sudoku takes about two seconds to generate: the terminal sees the line, stdout the puzzle."""
    import json

    code, out, text = _stderr_on_a_terminal("generate", "sudoku", "-p", "box=4", "--json")
    assert code == 0 and json.loads(out)["kind"] == "sudoku"
    assert "  generating a sudoku, " in text and text.endswith(ERASE)


def test_lines_mode_writes_whole_lines_to_any_stream(monkeypatch):
    """PUZZLESAT_PROGRESS=lines: a log (not a terminal) gets one line per news, no escape codes:
    the phase at once, the first solution at once, later counts at most one a second."""
    monkeypatch.setenv("PUZZLESAT_PROGRESS", "lines")
    stream = io.StringIO()
    progress = Progress(stream, ticking=False, message="building")
    progress.searching()
    progress(None)  # type: ignore[arg-type]
    progress(None)  # type: ignore[arg-type]  # within the second: no line
    progress.stop()
    lines = stream.getvalue().splitlines()
    assert [line.rsplit(", ", 1)[0] for line in lines] == [
        "puzzlesat: building",
        "puzzlesat: searching",
        "puzzlesat: 1 found",
    ]
    assert all(line.endswith(" s") for line in lines) and "\033" not in stream.getvalue()


def test_lines_mode_says_each_new_message_of_a_ticker(monkeypatch):
    monkeypatch.setenv("PUZZLESAT_PROGRESS", "lines")
    stream = io.StringIO()
    ticker = Ticker("explaining", stream)
    ticker.say("explaining: 1 step")
    ticker.say("explaining: 1 step")  # nothing new: no line
    ticker.stop()
    assert [line.rsplit(", ", 1)[0] for line in stream.getvalue().splitlines()] == [
        "puzzlesat: explaining",
        "puzzlesat: explaining: 1 step",
    ]


def test_off_shows_nothing_even_on_a_terminal_and_a_bad_mode_is_one_error(monkeypatch, cli):
    monkeypatch.setenv("PUZZLESAT_PROGRESS", "off")
    term = Terminal()
    progress = Progress(term, ticking=False, every=0.0)
    progress(None)  # type: ignore[arg-type]
    progress.stop()
    assert term.getvalue() == "" and not progress.enabled
    monkeypatch.setenv("PUZZLESAT_PROGRESS", "line")
    r = cli("solve", "magic-frame")
    assert (r.code, r.out) == (2, "")
    assert r.err == (
        "puzzlesat: error: PUZZLESAT_PROGRESS: unknown progress mode 'line'; did you mean lines? valid: lines, off\n"
    )
