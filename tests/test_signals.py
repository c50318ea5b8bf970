"""A real `puzzlesat` process stopped by SIGINT or SIGTERM keeps what it found and exits 3."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def start(*args: str, stderr) -> subprocess.Popen:
    """stderr goes to a file: with two pipes, communicate() reads the raw fds and would drop lines
    already buffered by readline()."""
    return subprocess.Popen(
        [sys.executable, "-c", "import cli; cli.main()", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_signal_keeps_streamed_solutions(tmp_path, sig, backend):
    """After 3 streamed solutions the signal stops the run: summary says incomplete, file is saved, exit 3."""
    out_file = tmp_path / "found.json"
    err_file = (tmp_path / "stderr.txt").open("w+")
    proc = start(
        "solve",
        "magic-square",
        "-p",
        "order=4",
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
    assert summary["complete"] is False and summary["stopped"] == "interrupt"
    streamed = lines + tail[:-1]
    assert summary["count"] == len(streamed) >= 3
    saved = json.loads(out_file.read_text())
    assert saved["complete"] is False
    assert sorted(s["values"] for s in saved["solutions"]) == sorted(s["values"] for s in streamed)


def _children(pid: int) -> list[int]:
    """The child processes of `pid` (Linux /proc)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        out += [int(x) for x in task.read_text().split()]
    return out


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_stops_a_ganak_count(tmp_path, sig):
    """A signal during a ganak count (9x9 sudoku grids: minutes) kills the counting child at once:
    the document says interrupted, exit 3, and the child is gone."""
    err_file = (tmp_path / "stderr.txt").open("w+")
    proc = start("count", "sudoku", "--givens", "." * 81, "--method", "sharpsat", "--json", stderr=err_file)
    deadline = time.monotonic() + 20
    while not (children := _children(proc.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert children, "the ganak child never started"
    time.sleep(0.3)
    sent = time.monotonic()
    proc.send_signal(sig)
    out, _ = proc.communicate(timeout=10)
    assert time.monotonic() - sent < 3
    assert proc.returncode == 3
    doc = json.loads(out)
    assert (doc["complete"], doc["stopped"], doc["count_complete"]) == (False, "interrupt", False)
    for child in children:
        assert not Path(f"/proc/{child}").exists() or "zombie" in Path(f"/proc/{child}/status").read_text().lower()
