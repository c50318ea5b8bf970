"""Running an external SAT solver: the argument list from `--solver-cmd`, no shell, a deadline.

The CNF reaches the solver in one of three ways (CNFgen keys its solvers by the same conventions):
`{cnf}` in the command is replaced by the file's path; otherwise a `-` argument means the solver
reads the CNF on its standard input; otherwise the path is appended as the last argument. `{out}`
is replaced by a result file the solver writes (minisat's `minisat {cnf} {out}`), which is then
read instead of the standard output.
"""

from __future__ import annotations

import os
import select
import shlex
import signal
import subprocess
from pathlib import Path

from puzzlesat.runtime.atomic import READ_LIMIT, read_text
from puzzlesat.runtime.errors import BackendError, UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.solvers.base import SearchStopped, check_stop, remaining

CNF, OUT = "{cnf}", "{out}"


@dataclass(frozen=True)
class SolverCommand:
    """A parsed `--solver-cmd`: its words, and how the CNF goes in and the answer comes out."""

    words: tuple[str, ...]

    @classmethod
    def parse(cls, text: str | None) -> SolverCommand:
        if text is None or not text.strip():
            raise UsageError('--backend external needs --solver-cmd, e.g. --solver-cmd "cadical -q"')
        try:
            words = tuple(shlex.split(text))
        except ValueError as e:
            raise UsageError(f"--solver-cmd {text!r}: {e}") from None
        command = cls(words)
        if command.writes_out and not command.has_placeholder and "-" not in words:
            raise UsageError(f"--solver-cmd {text!r}: with {OUT}, say where the CNF goes with {CNF}")
        return command

    @property
    def program(self) -> str:
        return self.words[0]

    @property
    def has_placeholder(self) -> bool:
        return any(CNF in w for w in self.words)

    @property
    def reads_stdin(self) -> bool:
        return not self.has_placeholder and "-" in self.words[1:]

    @property
    def writes_out(self) -> bool:
        return any(OUT in w for w in self.words)

    def argv(self, cnf: Path, out: Path) -> list[str]:
        args = [w.replace(CNF, str(cnf)).replace(OUT, str(out)) for w in self.words]
        if not self.has_placeholder and not self.reads_stdin:
            args.append(str(cnf))
        return args

    def __str__(self) -> str:
        return shlex.join(self.words)


@dataclass(frozen=True)
class Run:
    """What a finished solver process left: its exit status, its answer text and its stderr."""

    returncode: int
    answer: str
    stderr: str


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the solver and anything it started (it leads its own process group), then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    proc.communicate()


def _tick(deadline: float | None) -> float:
    """A stop requested by a signal handler, or the deadline passed, ends the wait here; else how
    long the next wait may be (0.2 s at most, so either is seen within 0.2 s)."""
    check_stop()
    left = remaining(deadline)
    if left is not None and left <= 0:
        raise SearchStopped
    return 0.2 if left is None else min(0.2, left)


def _wait(proc: subprocess.Popen, deadline: float | None, name: str) -> tuple[bytes, bytes]:
    """The solver's standard output and error, read as they come, each at most READ_LIMIT bytes (a
    program that writes without end, `yes`, is a BackendError at 64 MiB, not gigabytes in memory)."""
    parts: dict[int, list[bytes]] = {proc.stdout.fileno(): [], proc.stderr.fileno(): []}
    sizes = dict.fromkeys(parts, 0)
    open_fds = list(parts)
    while open_fds:
        ready, _, _ = select.select(open_fds, [], [], _tick(deadline))
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                open_fds.remove(fd)
                continue
            sizes[fd] += len(chunk)
            if sizes[fd] > READ_LIMIT:
                what = "standard output" if fd == proc.stdout.fileno() else "standard error"
                raise BackendError(
                    f"solver {name!r} wrote more than {READ_LIMIT // 2**20} MiB on its {what}, the most "
                    "puzzlesat reads (is it a SAT solver?)"
                )
            parts[fd].append(chunk)
    while True:  # both pipes closed: the solver is ending
        try:
            proc.wait(timeout=_tick(deadline))
            break
        except subprocess.TimeoutExpired:
            continue
    return b"".join(parts[proc.stdout.fileno()]), b"".join(parts[proc.stderr.fileno()])


def run(command: SolverCommand, cnf: Path, workdir: Path, deadline: float | None) -> Run:
    """Run the solver on `cnf` until it ends or the deadline passes (SearchStopped, process killed)."""
    out = workdir / "answer.txt"
    out.unlink(missing_ok=True)
    argv = command.argv(cnf, out)
    stdin = cnf.open("rb") if command.reads_stdin else subprocess.DEVNULL
    try:
        proc = subprocess.Popen(
            argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=workdir, start_new_session=True
        )
    except FileNotFoundError:
        raise BackendError(
            f"solver {command.program!r} not found: install it or give its full path in --solver-cmd"
        ) from None
    except PermissionError:
        raise BackendError(f"solver {command.program!r} is not executable") from None
    except OSError as e:
        raise BackendError(f"solver {command.program!r} could not be started: {e.strerror}") from None
    finally:
        if stdin is not subprocess.DEVNULL:
            stdin.close()
    try:
        stdout, stderr = _wait(proc, deadline, command.program)
    except BaseException:  # timeout, Ctrl-C, SIGTERM or too much output: never leave the solver running
        _kill(proc)
        raise
    if command.writes_out:
        label = f"solver {command.program!r}: its answer file"
        answer = read_text(out, error=BackendError, label=label, lenient=True) if out.exists() else ""
    else:
        answer = stdout.decode("utf-8", errors="replace")
    return Run(proc.returncode, answer, stderr.decode("utf-8", errors="replace"))
