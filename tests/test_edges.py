"""Reliability at the edges (issue 19): special files, bounded reads, output failures, stops during the
build, size estimates, partial results when a backend fails, and the CNF/map pair."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from guards import hang_guard

from puzzlesat import encoders
from puzzlesat.runtime import atomic
from puzzlesat.runtime.errors import ClosedPipe, OutputError, UsageError

ROOT = Path(__file__).resolve().parent.parent


def one_line(result, code: int) -> str:
    """The single stderr line of a failed command (never a traceback)."""
    assert result.code == code, (result.out, result.err)
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    return lines[0]


def run(*args: str, limit_fsize: int | None = None, **kwargs) -> subprocess.CompletedProcess:
    """A real `puzzlesat` process; with `limit_fsize`, files it writes may not grow past that many bytes."""

    def limit() -> None:
        if limit_fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_fsize, limit_fsize))

    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run(
        [sys.executable, "-c", "from puzzlesat import cli; cli.main()", *args],
        cwd=ROOT,
        text=True,
        preexec_fn=limit,
        timeout=120,
        **streams,
    )


# --- 1. -o and special files ----------------------------------------------------------------------


def test_a_symlink_is_followed_and_its_target_replaced(tmp_path):
    """-o LINK writes the link's target (atomically); the link stays a link."""
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    atomic.write_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new\n"


def test_a_fifo_is_written_through_not_replaced(tmp_path):
    """A FIFO with a reader receives the data and stays a FIFO."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    for _ in range(100):  # the reader must have the FIFO open before a non-blocking writer opens it
        time.sleep(0.02)
        try:
            atomic.write_atomic(fifo, "through\n")
            break
        except UsageError:
            continue
    reader.join(5)
    assert got == [b"through\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_fifo_without_reader_is_one_line(tmp_path):
    """No reader: an error naming the FIFO, not a hang and not a regular file in its place."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="a FIFO with no reader"):
        atomic.write_atomic(fifo, "x")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_dimacs_force_onto_a_fifo_and_a_symlink(cli, tmp_path):
    """`dimacs -o PATH --force` where PATH is a symlink: the target gets the CNF, the link remains."""
    target = tmp_path / "real.cnf"
    target.write_text("old")
    link = tmp_path / "f.cnf"
    link.symlink_to(target)
    result = cli("dimacs", "magic-frame", "-o", str(link), "--force")
    assert result.code == 0, result.err
    assert link.is_symlink() and target.read_text().startswith("c puzzlesat")


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_get_the_umasks_mode(tmp_path, umask, mode):
    """A new file has 0666 less the umask (not always 0600); a replaced one keeps its mode."""
    old = os.umask(umask)
    try:
        path = atomic.write_atomic(tmp_path / "out.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    path.chmod(0o640)
    atomic.write_atomic(path, "{}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_o_into_a_missing_folder_is_an_error(cli, tmp_path):
    """-o into a folder that does not exist: one line, exit 2, and the folder is not created."""
    missing = tmp_path / "no" / "such"
    line = one_line(cli("solve", "magic-frame", "-o", str(missing / "x.json")), 2)
    assert line == f"puzzlesat: error: {missing / 'x.json'}: cannot write: the folder {missing} does not exist"
    line = one_line(cli("dimacs", "magic-frame", "-o", str(missing / "x.cnf")), 2)
    assert "does not exist" in line
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("command", ["solve", "dimacs"])
def test_o_empty_or_a_folder_is_an_error(cli, tmp_path, command):
    """`-o ''` and `-o EXISTING_DIR` are usage errors before any work (solve used to succeed silently)."""
    assert "empty file name" in one_line(cli(command, "magic-frame", "-o", ""), 2)
    force = ["--force"] if command == "dimacs" else []
    assert "is a directory" in one_line(cli(command, "magic-frame", "-o", str(tmp_path), *force), 2)


def test_a_full_disk_keeps_the_old_file(tmp_path):
    """A write that fails half-way (EFBIG under RLIMIT_FSIZE, like ENOSPC) is exit 74 and one line;
    the file given with -o keeps its old content and no temporary file is left."""
    out = tmp_path / "out.json"
    out.write_text("previous\n")
    proc = run("solve", "magic-star", "--all", "--json", "-o", str(out), limit_fsize=2000)
    assert proc.returncode == 74, proc.stderr
    assert proc.stderr == f"puzzlesat: error: {out}: cannot write: File too large\n"
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_stdout_on_a_full_device_is_one_line(tmp_path):
    """Standard output that cannot take the document (a full disk, /dev/full): exit 74, one line, no traceback."""
    full = tmp_path / "stdout.txt"
    full.write_text("x" * 1024)
    with full.open("a") as f:  # already at the size limit: the first write fails, as on a full disk
        proc = run("solve", "magic-star", "--all", "--json", limit_fsize=1024, stdout=f)
    assert proc.returncode == 74
    assert proc.stderr == "puzzlesat: error: standard output: cannot write: File too large\n"


def test_stdout_closed_by_its_reader_ends_quietly():
    """A reader that goes away (| head): no message and exit 141, as `seq 1000000 | head` ends."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from puzzlesat import cli; cli.main()", "solve", "magic-star", "--all"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # closed before anything is read: the first write fails with EPIPE
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert (proc.returncode, err) == (141, "")


def test_output_failure_silences_stdout(monkeypatch):
    """output_failure names the error; ENOSPC reads as the system says it; EPIPE is the quiet end."""
    import errno

    monkeypatch.setattr(os, "dup2", lambda *a: None)
    failure = atomic.output_failure(OSError(errno.ENOSPC, "No space left on device"))
    assert isinstance(failure, OutputError) and failure.exit_code == 74
    assert str(failure) == "standard output: cannot write: No space left on device"
    closed = atomic.output_failure(BrokenPipeError(errno.EPIPE, "Broken pipe"))
    assert isinstance(closed, ClosedPipe) and closed.exit_code == 141


# --- 5. bounded reads -----------------------------------------------------------------------------


def test_an_oversized_puzzle_file_is_one_line(cli, tmp_path, monkeypatch):
    """A file past the read limit is refused from its size, before reading it."""
    monkeypatch.setattr(atomic, "READ_LIMIT", 1000)
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * 2000 + "\n")
    line = one_line(cli("solve", str(path)), 2)
    assert (
        line == f"puzzlesat: error: {path}: larger than 1000 bytes, the most puzzlesat reads (see docs/guarantees.md)"
    )


def test_an_endless_stream_is_cut_at_the_limit(tmp_path, monkeypatch):
    """A FIFO that never ends (as /dev/zero) is read up to the limit only, then refused."""
    monkeypatch.setattr(atomic, "READ_LIMIT", 1 << 20)
    fifo = tmp_path / "zero"
    os.mkfifo(fifo)

    def endless() -> None:
        try:
            with fifo.open("wb") as f:
                while True:
                    f.write(b"\0" * 65536)
        except OSError:
            pass

    threading.Thread(target=endless, daemon=True).start()
    with pytest.raises(UsageError, match="larger than 1 MiB"):
        atomic.read_bytes(fifo)


def test_a_fifo_nobody_writes_to_does_not_hang(cli, tmp_path, monkeypatch):
    """A FIFO as the puzzle file with no writer: an error after the wait, not a hang."""
    monkeypatch.setattr(atomic, "READ_WAIT", 0.3)
    fifo = tmp_path / "puzzle.toml"
    os.mkfifo(fifo)
    with hang_guard():  # opening a FIFO with no writer blocks for ever unless the wait ends it
        result = cli("solve", str(fifo))
    assert result.code == 2 and "Traceback" not in result.err


def test_a_fifo_with_a_writer_is_read(cli, tmp_path):
    """A FIFO the puzzle comes through is read like a file."""
    fifo = tmp_path / "puzzle.toml"
    os.mkfifo(fifo)
    text = (ROOT / "examples").glob("*.toml")
    source = next(p for p in sorted(text) if "magic" in p.name)
    threading.Thread(target=lambda: fifo.write_bytes(source.read_bytes()), daemon=True).start()
    time.sleep(0.1)
    result = cli("solve", str(fifo), "--json")
    assert result.code == 0, result.err
    assert result.json()["count"] == 1


@pytest.mark.parametrize("reader", ["map", "block"])
def test_decode_and_block_files_are_capped(cli, tmp_path, monkeypatch, reader):
    """--map and --block files go through the same cap."""
    monkeypatch.setattr(atomic, "READ_LIMIT", 100)
    path = tmp_path / "big.json"
    path.write_text("[" + "0, " * 200 + "0]")
    if reader == "map":
        answer = tmp_path / "answer.txt"
        answer.write_text("s UNSATISFIABLE\n")
        result = cli("decode", "magic-frame", str(answer), "--map", str(path))
    else:
        result = cli("dimacs", "magic-frame", "--block", str(path), "-o", str(tmp_path / "f.cnf"))
    assert "larger than 100 bytes" in one_line(result, 2)


# --- 6. tracebacks ---------------------------------------------------------------------------------


def test_toml_nested_500_deep_is_one_line(cli, tmp_path):
    """Deep nesting is a RecursionError inside tomllib: it becomes one line naming the file."""
    path = tmp_path / "deep.toml"
    path.write_text("cells = 3\nx = " + "[" * 500 + "]" * 500 + "\n")
    assert (
        one_line(cli("solve", str(path)), 2)
        == f"puzzlesat: error: {path}: nested too deeply (arrays or tables within each other)"
    )


def test_json_nested_deep_is_one_line(cli, tmp_path):
    """A --map or --block file nested 100,000 deep: one line."""
    path = tmp_path / "deep.map.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    answer = tmp_path / "answer.txt"
    answer.write_text("s UNSATISFIABLE\n")
    assert "nested too deeply" in one_line(cli("decode", "magic-frame", str(answer), "--map", str(path)), 2)
    result = cli("dimacs", "magic-frame", "--block", str(path), "-o", str(tmp_path / "f.cnf"))
    assert "nested too deeply" in one_line(result, 2)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_timeout_must_be_finite_and_positive(cli, value):
    """--timeout nan, inf, 0 and negative values are usage errors."""
    assert one_line(cli("solve", "magic-frame", "--timeout", value), 2).startswith("puzzlesat: error:")


def test_library_timeouts_are_checked():
    """The API refuses the same values with a message naming them."""
    import puzzlesat

    with pytest.raises(UsageError, match="--timeout nan: expected a finite number"):
        puzzlesat.solve(puzzlesat.load("magic-frame"), timeout=float("nan"))


# --- 2, 3. builds: deadline, size estimates, fallback ----------------------------------------------

BIG = 'name = "big"\ncells = 1000\nvalues = { min = 1, max = 1000 }\ndistinct = "all"\n'


def test_timeout_holds_during_the_build(cli, tmp_path):
    """1000 cells of 1..1000 all different took 27 s to encode with --timeout 2: now the build
    checks the deadline and the run ends there, in the build: exit 3, nothing found."""
    path = tmp_path / "big.toml"
    path.write_text(BIG)
    result = cli("solve", str(path), "--timeout", "1", "--json")
    assert result.code == 3, result.err
    doc = result.json()
    assert (doc["complete"], doc["stopped"], doc["count"]) == (False, "timeout", 0)
    assert doc["stats"]["stopped_while"] == "building"


def refuse_to_build(*args: object) -> None:
    pytest.fail("the encoding was built", pytrace=False)


def test_a_build_that_will_not_fit_is_refused(cli, monkeypatch):
    """With 1 GB free, `dimacs magic-square -p order=12` is refused at once, naming the estimate."""
    monkeypatch.setenv("PUZZLESAT_MEMORY_LIMIT", "1G")
    monkeypatch.setattr(encoders.EncodingInfo, "load", refuse_to_build)  # refused before the build starts
    line = one_line(cli("dimacs", "magic-square", "-p", "order=12", "--encoding", "onehot", "-o", "/nonexistent-ok"), 2)
    assert line.startswith("puzzlesat: error: magic-square: the onehot encoding would need about ")
    assert "but 1.0 GB of memory is free; " in line


def test_the_refusal_names_what_would_fit(monkeypatch):
    """With room for the log encoding of an order-8 square but not one-hot, the message says so."""
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.encoders.estimate import check_fits, estimate

    p = puzzles.load("magic-square", {"order": "8"})
    log, onehot = estimate(p, "log").bytes, estimate(p, "onehot").bytes
    assert log < onehot
    with pytest.raises(UsageError, match=r"would fit: .*--encoding log \(about"):
        check_fits(p, "onehot", None, ["onehot", "order", "log"], limit=(log + onehot) // 2)
    check_fits(p, "onehot", None, ["onehot", "order", "log"], limit=onehot)  # fits: no error


def test_estimates_track_real_sizes():
    """The clause estimate is within a factor of 4 of the real count for the kinds of constraint
    the catalog has (measured sizes in docs/decisions/stopping.md, "Reliability at the edges")."""
    from puzzlesat import solvers
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.encoders.estimate import estimate
    from puzzlesat.solvers.base import Config

    for name, params, encoding in [
        ("magic-square", {"order": "5"}, "onehot"),
        ("magic-square", {"order": "6"}, "log"),
        ("sudoku", None, "onehot"),
        ("killer-sudoku", None, "order"),
    ]:
        p = puzzles.load(name, params)
        session = solvers.open_session(p, Config(encoding=encoding))
        real = session.stats()["clauses"]
        session.close()
        guess = estimate(p, encoding).clauses
        assert real / 4 <= guess <= real * 4, (name, encoding, real, guess)


def test_default_falls_back_to_log_where_onehot_refuses(cli, tmp_path):
    """20 cells of 1..20000 (one-hot takes at most 10,000 values): the default is log, and it solves."""
    path = tmp_path / "wide.toml"
    path.write_text(
        'name = "wide"\ncells = 3\nvalues = { min = 1, max = 20000 }\ndistinct = "all"\n'
        "[[sum]]\ncells = [0, 1, 2]\nequals = 6\n"
    )
    result = cli("solve", str(path), "--all", "--json", "--no-symmetry")
    assert result.code == 0, result.err
    doc = result.json()
    assert doc["encoding"] == "log" and doc["count"] == 6
    assert one_line(cli("solve", str(path), "--encoding", "onehot"), 2).endswith(
        "(use --encoding log, or --backend z3; encodings without a limit: z3-int, log)"
    )


# --- 4. a backend failure keeps what was found -----------------------------------------------------


def repeating_solver(tmp_path: Path) -> str:
    """A solver that answers its first model again on every later call (a real bug seen in the wild)."""
    cadical = shutil.which("cadical")
    if cadical is None:
        pytest.skip("needs the cadical binary")
    cache = tmp_path / "first-answer.txt"
    script = tmp_path / "repeat.sh"
    script.write_text(
        f'#!/bin/sh\nif [ ! -f "{cache}" ]; then {cadical} -q "$1" > "{cache}"; fi\ncat "{cache}"\nexit 10\n'
    )
    script.chmod(0o755)
    return str(script)


@pytest.mark.parametrize("mode", ["text", "json", "jsonl"])
def test_backend_failure_keeps_the_solutions(cli, tmp_path, mode):
    """The second answer falsifies the blocking clause: exit 4 with the first (checked) solution
    printed, "complete": false, "stopped": "failed" and the reason, in every output form and in -o."""
    out = tmp_path / "out.json"
    args = ["solve", "magic-frame", "--all", "--backend", "external", "--solver-cmd", repeating_solver(tmp_path)]
    args += ["-o", str(out)] + ({"text": [], "json": ["--json"], "jsonl": ["--jsonl"]}[mode])
    result = cli(*args)
    line = one_line(result, 4)
    assert "returned a model that falsifies clause" in line
    saved = json.loads(out.read_text())
    assert (saved["complete"], saved["stopped"], saved["count"]) == (False, "failed", 1)
    assert saved["error"] == line.removeprefix("puzzlesat: error: ")
    if mode == "json":
        assert result.json() == saved
    elif mode == "jsonl":
        lines = [json.loads(x) for x in result.out.splitlines()]
        assert lines[0] == saved["solutions"][0]
        assert lines[-1]["summary"]["stopped"] == "failed" and lines[-1]["summary"]["count"] == 1
    else:
        assert "1 solution modulo symmetry (group of order 8), INCOMPLETE: the backend failed: solver" in result.out


# --- 7. the CNF and its map as a pair --------------------------------------------------------------


def test_a_map_from_another_run_is_refused(cli, tmp_path):
    """A CNF from one `dimacs` run read with the sidecar of another: decode says so instead of
    decoding garbage (the sidecar records the CNF's sha256)."""
    cnf = tmp_path / "f.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(cnf)).code == 0
    first_map = (tmp_path / "f.cnf.map.json").read_text()
    assert cli("dimacs", "magic-frame", "-o", str(cnf), "--encoding", "onehot", "--force").code == 0
    (tmp_path / "f.cnf.map.json").write_text(first_map)
    answer = tmp_path / "answer.txt"
    answer.write_text("s UNSATISFIABLE\n")
    line = one_line(cli("decode", "magic-frame", str(answer), "--map", str(tmp_path / "f.cnf.map.json")), 2)
    assert "was written with another f.cnf than the one beside it" in line


def test_concurrent_dimacs_runs_leave_a_consistent_pair(tmp_path):
    """Two `dimacs --force` runs with different encodings on one path, 6 rounds: the map always
    belongs to the CNF beside it (the pair is written under a lock on the folder)."""
    cnf = tmp_path / "f.cnf"
    for _ in range(6):
        procs = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "from puzzlesat import cli; cli.main()",
                    "dimacs",
                    "magic-star",
                    "-o",
                    str(cnf),
                    "--force",
                    "--encoding",
                    enc,
                ],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for enc in ("onehot", "log")
        ]
        for p in procs:
            assert p.wait(timeout=60) == 0
        doc = json.loads((tmp_path / "f.cnf.map.json").read_text())
        import hashlib

        assert hashlib.sha256(cnf.read_bytes()).hexdigest() == doc["file_sha256"]


@pytest.mark.parametrize(
    "edit, needle",
    [
        (lambda d: d.update(version=2), "map version 2; this puzzlesat reads version 1"),
        (lambda d: d["settings"].update(encoding=3), "`settings` must map names to strings"),
        (lambda d: d["settings"].update(encoding="fancy"), "unknown encoding 'fancy'"),
        (lambda d: d["map"]["x"][0].__setitem__(1, 99), "maps cell #0 to 99, which is not a value of that cell"),
    ],
)
def test_a_sidecar_is_validated_fully(cli, tmp_path, edit, needle):
    """Version, settings and every mapped value are checked when a sidecar is read."""
    cnf = tmp_path / "f.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(cnf)).code == 0
    side = tmp_path / "f.cnf.map.json"
    doc = json.loads(side.read_text())
    edit(doc)
    side.write_text(json.dumps(doc))
    answer = tmp_path / "answer.txt"
    answer.write_text("s UNSATISFIABLE\n")
    assert needle in one_line(cli("decode", "magic-frame", str(answer), "--map", str(side)), 2)


def test_a_number_too_long_for_python_is_one_line(cli, tmp_path):
    """tomllib raises a bare ValueError for an integer of more than 4300 digits (found by the fuzz test)."""
    path = tmp_path / "long.toml"
    path.write_text("x = 1" + "1" * 5000 + "\n")
    assert (
        one_line(cli("solve", str(path)), 2)
        == f"puzzlesat: error: {path}: invalid TOML: a number with more than 4300 digits"
    )


# --- under load: streaming keeps nothing -----------------------------------------------------------

LATIN4 = """name = "latin-4"
cells = 16
values = { min = 1, max = 4 }
distinct = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15],
            [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]
"""


def test_streaming_keeps_no_solutions(tmp_path):
    """keep=False hands every solution to the callback and keeps none: the outcome has the count
    only (576 Latin squares of order 4), so memory does not grow with the enumeration."""
    import puzzlesat

    path = tmp_path / "latin4.toml"
    path.write_text(LATIN4)
    seen: list[tuple[int, ...]] = []
    outcome = puzzlesat.solve(
        puzzlesat.load(str(path)), all=True, keep=False, on_solution=lambda s: seen.append(s.values)
    )
    assert (outcome.count, outcome.solutions, outcome.complete) == (576, [], True)
    assert len(set(seen)) == 576
    kept = puzzlesat.solve(puzzlesat.load(str(path)), all=True)
    assert sorted(seen) == [s.values for s in kept.solutions]


def test_jsonl_streams_every_line_and_the_count(cli, tmp_path):
    """--jsonl without -o streams (keeps nothing) and still reports the right count."""
    path = tmp_path / "latin4.toml"
    path.write_text(LATIN4)
    result = cli("solve", str(path), "--all", "--jsonl", "--symmetry", "none")
    lines = [json.loads(x) for x in result.out.splitlines()]
    assert len(lines) == 577 and lines[-1]["summary"]["count"] == 576
    assert len({tuple(x["values"]) for x in lines[:-1]}) == 576


def test_a_batch_on_a_pipe_streams(tmp_path):
    """`--givens-file -` on a pipe answers each line as it arrives: the first result is out before
    the second line is written."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from puzzlesat import cli; cli.main()",
            "solve",
            "sudoku",
            "-p",
            "box=2",
            "--givens-file",
            "-",
            "--jsonl",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1234341221434321\n")
    proc.stdin.flush()
    first = json.loads(proc.stdout.readline())  # would block forever if the batch read all of stdin first
    assert (first["line"], first["count"]) == (1, 1)
    proc.stdin.write("1.3.3.1.2.4.4.2.\n")
    proc.stdin.close()
    rest = [json.loads(x) for x in proc.stdout.read().splitlines()]
    assert proc.wait(timeout=60) == 0
    assert rest[0]["line"] == 2 and rest[-1]["summary"]["instances"] == 2


def test_dimacs_into_a_fifo_writes_no_sidecar(cli, tmp_path):
    """`dimacs -o FIFO`: the CNF goes through the FIFO (its map in its comments); no sidecar is
    made beside a device or a FIFO, and the FIFO stays one."""
    fifo = tmp_path / "f.cnf"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    time.sleep(0.2)
    result = cli("dimacs", "magic-frame", "-o", str(fifo), "--force")
    reader.join(10)
    assert result.code == 0, result.err
    assert result.out.strip().endswith("clauses") and "map:" not in result.out
    assert got[0].startswith(b"c puzzlesat") and b"\nc x " in got[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.cnf"] and stat.S_ISFIFO(fifo.lstat().st_mode)


def test_the_address_space_limit_counts(monkeypatch):
    """Under RLIMIT_AS the free memory is the limit less what the process already maps."""
    from puzzlesat.encoders import estimate

    monkeypatch.delenv(estimate.LIMIT_VARIABLE, raising=False)
    monkeypatch.setattr(estimate.resource, "getrlimit", lambda what: (3 * 10**9, 3 * 10**9))
    monkeypatch.setattr(estimate, "_address_space_used", lambda: 10**9)
    assert estimate.available_bytes() <= 2 * 10**9


def test_running_out_of_memory_is_one_line(cli, monkeypatch):
    """A MemoryError past the estimate (a native allocation Python sees) is one line and exit 4."""
    import puzzlesat.search.solving

    def starve(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(puzzlesat.search.solving, "solve", starve)
    line = one_line(cli("solve", "magic-frame"), 4)
    assert line == "puzzlesat: error: out of memory; a smaller encoding may fit (see docs/guarantees.md)"


# --- compact log all-different for wide domains ----------------------------------------------------


@pytest.mark.parametrize("name", ["magic-frame", "magic-frame-odd", "magic-frame-digits", "magic-star", "sudoku"])
def test_bitwise_all_different_agrees_with_z3(monkeypatch, name):
    """With every pair told apart bit by bit (the wide-domain form forced on), the log encoding
    finds the same classes as Z3, and the same raw solutions as the per-value form."""
    import puzzlesat
    from puzzlesat.encoders import log

    def classes(**kw) -> list[tuple[int, ...]]:
        return [s.values for s in puzzlesat.solve(puzzlesat.load(name), all=True, **kw).solutions]

    expected = classes(backend="z3")
    raw_values = classes(encoding="log", modulo_symmetry=False)
    monkeypatch.setattr(log, "BIT_DIFFER_FACTOR", 0)
    assert classes(encoding="log") == expected
    assert classes(encoding="log", modulo_symmetry=False) == raw_values


def test_wide_domains_are_compact_in_log():
    """Order-8 magic square in log: 72,990 clauses (was 175,806; order 12: 725,208, was 2,032,800);
    6 cells of 1..5000 all different: 15 pairs of 2 * 13 + 1 clauses, not 75,000 clauses."""
    from puzzlesat import solvers
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.solvers.base import Config

    session = solvers.open_session(puzzles.load("magic-square", {"order": "8"}), Config(encoding="log"))
    assert session.stats()["clauses"] == 72_990
    session.close()
    from puzzlesat.formats.toml.files import load_text

    wide = load_text('name = "w"\ncells = 6\nvalues = { min = 1, max = 5000 }\ndistinct = "all"\n')
    session = solvers.open_session(wide, Config(encoding="log"))
    # 15 pairs of 2 * 13 + 1 clauses, plus the clauses cutting 5000..8191 off each cell's 13 bits
    assert session.stats()["clauses"] == 15 * 27 + 6 * session_gaps()
    session.close()


def session_gaps() -> int:
    """Clauses that cut 13 bits down to 0..4999 (one per maximal aligned block above 4999)."""
    from puzzlesat.encoders.log import _forbid_gaps

    class Sink:
        clauses: list = []

    sink = Sink()
    sink.clauses = []
    _forbid_gaps(sink, list(range(1, 14)), list(range(5000)))
    return len(sink.clauses)


def test_the_z3_pb_refusal_does_not_advise_its_own_backend(monkeypatch):
    """z3-pb already runs on the z3 backend: when it does not fit, the advice is z3-int, not --backend z3."""
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.encoders.estimate import check_fits

    p = puzzles.load("magic-square", {"order": "8"})
    with pytest.raises(UsageError) as refused:
        check_fits(p, "z3-pb", None, ["z3-pb"], limit=1000)
    assert str(refused.value).endswith("of memory is free; try --encoding z3-int")
    with pytest.raises(UsageError, match="; no CNF encoding fits: try --backend z3$"):
        check_fits(p, "onehot", None, ["onehot", "order", "log"], limit=1000)


def test_the_refusal_never_reads_need_equal_to_free():
    """25.3 GB needed and 24.9 GB free both round to "25 GB": more decimals until they differ."""
    from puzzlesat.encoders.estimate import human, human_pair

    assert (human(25.3e9), human(24.9e9)) == ("25 GB", "25 GB")
    assert human_pair(25.3e9, 24.9e9) == ("25.3 GB", "24.9 GB")
    assert human_pair(25.004e9, 25.001e9) == ("25.004 GB", "25.001 GB")
    assert human_pair(3e9, 1e9) == ("3.0 GB", "1.0 GB")


def test_a_missing_pindakaas_is_one_line_for_every_pb_sum(cli, monkeypatch):
    """Without python-sat[pb], PySAT asserts when `pysat.pb` is imported: the log encoding's first
    sum imported it before the guard and died with that AssertionError; now one line, exit 4."""
    monkeypatch.setitem(sys.modules, "pindakaas", None)  # import pindakaas -> ImportError
    monkeypatch.delitem(sys.modules, "pysat.pb", raising=False)  # imported again, without it
    line = one_line(cli("solve", "magic-square", "--encoding", "log"), 4)
    assert line == "puzzlesat: error: PB encodings need Pindakaas: pip install 'python-sat[pb]'"


@pytest.mark.parametrize("step", ["dump_toml", "load_text"])
@pytest.mark.parametrize("reason", ["terminated", "interrupt"])
def test_convert_honours_a_stop_between_its_steps(cli, tmp_path, monkeypatch, step, reason):
    """convert of a million cells ran on through SIGTERM and Ctrl-C (minutes, before its quadratic
    part went): a stop requested during a step ends it after that step, one line, exit 130,
    nothing written."""
    from puzzlesat.formats.toml import files as convert  # the TOML target (puzzlesat.exchange.targets) calls these two
    from puzzlesat.runtime.stop import request_stop

    real = getattr(convert, step)

    def stopped_during(*args, **kwargs):
        request_stop(reason)  # as the CLI's signal handler does
        return real(*args, **kwargs)

    monkeypatch.setattr(convert, step, stopped_during)
    target = tmp_path / "out.toml"
    result = cli("convert", "magic-star", "-o", str(target))
    said = "terminated" if reason == "terminated" else "interrupted"
    assert (result.code, result.out, result.err) == (130, "", f"puzzlesat: {said}\n")
    assert not target.exists()


def test_dump_toml_checks_the_stop_flag():
    """dump_toml (what convert writes) stops at its safe points when a stop was requested."""
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.formats.toml.files import dump_toml
    from puzzlesat.runtime.stop import request_stop, reset

    p = puzzles.load("killer-sudoku")
    request_stop("terminated")
    try:
        with pytest.raises(KeyboardInterrupt):
            dump_toml(p)
    finally:
        reset()


class _Clock:
    """puzzlesat.runtime.stop's clock, jumped far ahead once `jump()` is called: a deadline passed mid-build,
    at a point the test chooses rather than a race with the real clock."""

    def __init__(self) -> None:
        self.offset = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.offset

    def jump(self) -> None:
        self.offset = 1e6


def _stop_at(calls: int, then):
    """A wrapper that runs `then()` at its `calls`-th call, and counts every call."""

    def wrap(real):
        def inner(*args, **kwargs):
            inner.calls += 1
            if inner.calls == calls:
                then()
            return real(*args, **kwargs)

        inner.calls = 0
        return inner

    return wrap


FREE = 'name = "free"\ncells = 3000\nvalues = { min = 1, max = 9 }\ndistinct = "none"\n'


@pytest.mark.parametrize("how", ["terminated", "interrupt", "timeout"])
def test_the_z3_int_build_checks_the_stop_and_the_deadline(tmp_path, monkeypatch, how):
    """z3-int on a million cells ran 99 s through --timeout 20 and SIGTERM: its build now checks
    the stop flag and the deadline at every cell. A stop (or the deadline) at cell 100 of 3000
    ends the build there: nothing found, `stopped` says why."""
    import puzzlesat
    import puzzlesat.runtime.stop
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.solvers import z3_int

    clock = _Clock()
    monkeypatch.setattr(puzzlesat.runtime.stop, "time", clock)
    then = clock.jump if how == "timeout" else lambda: puzzlesat.runtime.stop.request_stop(how)
    counted = _stop_at(100, then)(z3_int.in_domain)
    monkeypatch.setattr(z3_int, "in_domain", counted)
    path = tmp_path / "free.toml"
    path.write_text(FREE)
    try:
        outcome = puzzlesat.solve(puzzles.load(str(path)), backend="z3", timeout=60)
    finally:
        puzzlesat.runtime.stop.reset()
    assert (outcome.complete, outcome.stopped, outcome.count) == (False, how, 0)
    assert outcome.stats["stopped_while"] == "building" and counted.calls == 100


@pytest.mark.parametrize("how", ["terminated", "timeout"])
def test_count_builds_ganaks_cnf_under_its_deadline(tmp_path, monkeypatch, how):
    """count --timeout 10 ran 66 s on a million cells: the CNF ganak counts was built with no
    deadline, and a SIGTERM was reported as an interrupt. A stop or the deadline in that build now
    ends the count there, saying which."""
    import puzzlesat
    import puzzlesat.runtime.stop
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.encoders.builder import ClauseBuilder

    clock = _Clock()
    monkeypatch.setattr(puzzlesat.runtime.stop, "time", clock)
    then = clock.jump if how == "timeout" else lambda: puzzlesat.runtime.stop.request_stop(how)
    counted = _stop_at(20, then)(ClauseBuilder.at_most_one)
    monkeypatch.setattr(ClauseBuilder, "at_most_one", counted)
    p = puzzles.load("sudoku", {"box": "2"})
    try:
        outcome = puzzlesat.count_solutions(p, method="sharpsat", timeout=60)
    finally:
        puzzlesat.runtime.stop.reset()
    assert (outcome.complete, outcome.stopped, outcome.count_complete) == (False, how, False)
    assert counted.calls == 20


def test_a_sigterm_while_count_enumerates_ends_the_count():
    """SIGTERM during count's enumeration was taken for the auto limit: the count went on to build
    ganak's CNF. Now the count ends there, `stopped` terminated, method enumerate."""
    import puzzlesat
    import puzzlesat.runtime.stop
    from puzzlesat.catalog import load as puzzles

    p = puzzles.load("sudoku", {"box": "2"})
    try:
        stop = puzzlesat.runtime.stop
        outcome = puzzlesat.count_solutions(p, on_progress=lambda text: stop.request_stop("terminated"))
    finally:
        puzzlesat.runtime.stop.reset()
    assert (outcome.complete, outcome.stopped, outcome.method) == (False, "terminated", "enumerate")


WIDE_SUM = (
    'name = "wide-sum"\ncells = 40\nvalues = { min = 1, max = 9000 }\ndistinct = "all"\n'
    "[[sum]]\ncells = [" + ", ".join(map(str, range(40))) + "]\nequals = 180000\n"
)


def test_a_build_that_cannot_meet_the_deadline_is_refused(cli, tmp_path, monkeypatch):
    """40 cells over 1..9000 summing to 180,000 with --timeout 60 ran 101-180 s and 4.6-8 GB: the
    log encoding's one Pindakaas call for the sum has no safe point to check the deadline at. Its
    estimate (25 million clauses, about 84 s) is refused up front, naming what fits; count too."""
    from puzzlesat.encoders import estimate

    monkeypatch.setattr(estimate, "available_bytes", lambda: 10**12)  # memory is not the question here
    path = tmp_path / "wide.toml"
    path.write_text(WIDE_SUM)
    for command in ("solve", "count"):
        line = one_line(cli(command, str(path), "--timeout", "60"), 2)
        assert line == (
            "puzzlesat: error: wide-sum: the log encoding would take about 84 s to build (25,218,280 clauses), "
            "more than the 60 s --timeout leaves; would fit: --encoding log --pb adder (about 310 MB)"
        )


def test_counts_probe_second_is_not_a_deadline(monkeypatch):
    """count's auto method first enumerates for a second: a build too slow for that second is no
    refusal (the user set no deadline), the count goes on and completes."""
    import puzzlesat
    from puzzlesat.catalog import load as puzzles
    from puzzlesat.encoders import estimate

    monkeypatch.setattr(estimate, "SLOW_FLOOR", 0)
    monkeypatch.setattr(estimate, "BUILD_RATE", 1.0)  # every build "takes" its clause count in seconds
    frame = puzzles.load("magic-frame")
    outcome = puzzlesat.count_solutions(frame, modulo_symmetry=False, backend="sat")  # the CNF's build is sized
    assert outcome.complete and outcome.count > 0
    with pytest.raises(UsageError, match="to build .* more than the 5 s --timeout leaves"):
        puzzlesat.count_solutions(frame, timeout=5, backend="sat")
