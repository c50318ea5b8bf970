"""Rules for the tests themselves: no wall-clock asserts (speed belongs in benchmarks/).

A test that asserts `time.monotonic() - start < 5` measures the machine, not the code: it fails on
a loaded machine and passes a regression that is merely fast. Tests assert the behaviour the time
stood for (the outcome says "timeout", the child was killed, the build was cut short) and guard
against a hang with a generous limit (`tests/guards.py`, `communicate(timeout=HANG)`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# A clock read inside an assert, or an elapsed time (by its name) under an upper bound.
CLOCK = re.compile(r"\b(?:monotonic|perf_counter|process_time|thread_time)(?:_ns)?\(|\btime\.time(?:_ns)?\(")
ELAPSED = re.compile(r"(?:elapsed|took|duration|spent|seconds|wall)\w*['\"\]]*\)?\s*<=?\s*(?:[\d.]|[A-Z][A-Z0-9_]*\b)")


def clock_asserts(folder: Path) -> list[str]:
    """`file:line` of every assert in `folder`'s test modules that compares a wall-clock time."""
    found = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Assert):
                source = ast.get_source_segment(text, node.test) or ""
                if CLOCK.search(source) or ELAPSED.search(source):
                    found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_test_asserts_a_wall_clock_time():
    """No assert in tests/ reads the clock or bounds an elapsed time: speed is a benchmark's
    business (benchmarks/), a test asserts behaviour and at most guards against a hang."""
    assert clock_asserts(TESTS) == []


def test_the_scan_sees_each_way_of_writing_one(tmp_path):
    """The scan finds a clock read, a named elapsed time and a multi-line assert; it leaves alone a
    time that is only checked to be there or compared with another time."""
    (tmp_path / "test_x.py").write_text(
        "import time\n"
        "def test_a():\n"
        "    start = time.monotonic()\n"
        "    assert time.monotonic() - start < 5\n"
        "    elapsed = 1.0\n"
        "    assert elapsed <= 2\n"
        "    assert (\n"
        "        time.perf_counter()\n"
        "        > start\n"
        "    )\n"
        "    assert doc['seconds'] < LIMIT\n"
        "    assert doc['stats']['seconds'] >= 0\n"
        "    assert row['first_seconds'] >= 0 and row['first_seconds'] <= row['all_seconds']\n"
    )
    assert clock_asserts(tmp_path) == ["test_x.py:4", "test_x.py:6", "test_x.py:7", "test_x.py:11"]


# A call that sends a signal to a process under test, and the shortest sleep that is a guess at
# how far the program has come rather than a poll for a condition (polls sleep 0.01-0.05 s).
SIGNALS = ("send_signal", "kill", "killpg", "signal")
GUESS = 0.1


def sleeps_before_signals(folder: Path) -> list[str]:
    """`file:line` of every `sleep(N)`, N >= GUESS seconds, in a test function that sends a signal."""
    found = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for fn in ast.walk(ast.parse(text)):
            if not isinstance(fn, ast.FunctionDef):
                continue
            calls = [n for n in ast.walk(fn) if isinstance(n, ast.Call)]
            names = [c.func.attr if isinstance(c.func, ast.Attribute) else getattr(c.func, "id", "") for c in calls]
            if not any(name in SIGNALS for name in names):
                continue
            for call, name in zip(calls, names, strict=True):
                arg = call.args[0] if name == "sleep" and call.args else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, int | float) and arg.value >= GUESS:
                    found.append(f"{path.name}:{call.lineno}")
    return found


def test_no_signal_test_waits_by_sleeping():
    """A test sends its signal once the program has said how far it is (a progress line, a streamed
    solution, a child process seen), never after a guessed sleep: on a loaded machine a 3 s sleep
    landed in the build and every assertion still held (issue 39)."""
    assert sleeps_before_signals(TESTS) == []


def test_the_sleep_scan_sees_a_guess_and_not_a_poll(tmp_path):
    (tmp_path / "test_y.py").write_text(
        "import os, signal, time\n"
        "def test_a(proc):\n"
        "    time.sleep(3)\n"
        "    proc.send_signal(signal.SIGTERM)\n"
        "def test_b(proc):\n"
        "    while not ready():\n"
        "        time.sleep(0.01)\n"
        "    os.killpg(proc.pid, signal.SIGINT)\n"
        "def test_c():\n"
        "    time.sleep(1)\n"
    )
    assert sleeps_before_signals(tmp_path) == ["test_y.py:3"]
