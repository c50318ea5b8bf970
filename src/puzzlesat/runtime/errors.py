"""The toolkit's exceptions and exit statuses: one base, one table, one meaning per code.

Every exit status any command can end with is a row of `EXIT_STATUSES`; each exception class
carries its code from `ExitCode`, so the CLI boundary turns any of them into one line and that
code. How a search or a check ended is a `Status`, and `STATUS_EXIT` is the one table that turns
it into a code. README.md's exit status table is tested against this one (tests/test_errors.py).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from puzzlesat.runtime.records import dataclass


class ExitCode(IntEnum):
    """Every exit status puzzlesat uses. 10 is left free: it is the SAT convention's SATISFIABLE,
    the partner of 20."""

    OK = 0
    USAGE = 2
    STOPPED = 3
    BACKEND = 4
    GARBLED = 5
    TRUNCATED = 6
    NOT_A_SOLUTION = 7
    INCONSISTENT = 8
    MULTIPLE = 11  # check: more than one solution
    UNSATISFIABLE = 20  # also check's "none": the puzzle has no solution
    CHECK = 70  # EX_SOFTWARE of sysexits.h: an internal error
    OUTPUT = 74  # EX_IOERR of sysexits.h: the output could not be written
    INTERRUPTED = 130  # 128 + SIGINT, the shell's convention
    CLOSED_PIPE = 141  # 128 + SIGPIPE: what `seq 1000000 | head` ends with


@dataclass(frozen=True)
class ExitStatus:
    """One row of the table: what the code means, in full (README) and in a few words (--help)."""

    code: ExitCode
    meaning: str
    brief: str
    commands: tuple[str, ...]  # the commands that can end with it; () for every command
    briefs: tuple[tuple[str, str], ...] = ()  # (command, brief) where the code means less there

    def brief_for(self, command: str) -> str:
        """The few words `command`'s --help says for this code."""
        return dict(self.briefs).get(command, self.brief)


EXIT_STATUSES: dict[ExitCode, ExitStatus] = {
    s.code: s
    for s in (
        ExitStatus(
            ExitCode.OK,
            "done as asked: the search ended (also with no solution, also at `--limit`), the answer "
            "decoded to a checked solution, the file was written, the comparison was consistent",
            "done",
            (),
        ),
        ExitStatus(
            ExitCode.USAGE,
            "bad input: an option, a name, a puzzle file or a map that cannot be used "
            "(one line on stderr, never a traceback)",
            "bad input",
            (),
        ),
        ExitStatus(
            ExitCode.STOPPED,
            'stopped before the end: `--timeout`, Ctrl-C or SIGTERM (what was found is still printed, `"complete": '
            "false`), or the outside solver answered UNKNOWN",
            "stopped early (--timeout, a signal, or the solver said UNKNOWN)",
            ("solve", "compare", "decode", "check", "candidates", "clues", "count", "explain", "hint", "grade"),
            (("decode", "the solver answered UNKNOWN"),),
        ),
        ExitStatus(
            ExitCode.BACKEND,
            "a backend failed: a solver program crashed or gave a wrong answer, Z3 gave up, a library is missing, "
            "memory ran out (one line, also when a solver library runs out), the server's self-test got a wrong answer",
            "a backend failed",
            ("solve", "dimacs", "decode", "check", "candidates", "clues", "generate", "count", "explain", "hint",
             "grade", "serve"),  # fmt: skip
        ),
        ExitStatus(
            ExitCode.GARBLED,
            "the solver's output is not an answer (garbage)",
            "garbage answer",
            ("decode",),
        ),
        ExitStatus(
            ExitCode.TRUNCATED,
            "the solver's answer stops early: no terminating 0, or variables missing",
            "truncated answer",
            ("decode",),
        ),
        ExitStatus(
            ExitCode.NOT_A_SOLUTION,
            "the solver's model is not a solution: a cell gets no value or two, or the board breaks a rule",
            "not a solution of the puzzle",
            ("decode",),
        ),
        ExitStatus(
            ExitCode.INCONSISTENT,
            "two configurations found different solutions (an `INCONSISTENT:` line on stderr)",
            "two configurations disagree",
            ("compare",),
        ),
        ExitStatus(
            ExitCode.MULTIPLE,
            "the puzzle has more than one solution (`check`; `clues` needs a unique puzzle)",
            "more than one solution",
            ("check", "clues"),
        ),
        ExitStatus(
            ExitCode.UNSATISFIABLE,
            "the solver answered UNSATISFIABLE, or the puzzle has no solution (20 is the SAT competition's "
            "status for it)",
            "no solution (UNSATISFIABLE)",
            ("decode", "check", "clues", "explain", "hint", "grade"),
        ),
        ExitStatus(
            ExitCode.CHECK,
            "a solver's answer failed the independent checker, or a converted file would not load back "
            "to the same puzzle: a bug, please report it",
            "a solution failed the checker (a bug)",
            ("solve", "convert", "check", "candidates", "clues", "generate", "count", "explain", "hint", "grade"),
            (("convert", "the written file would not load back to the same puzzle (a bug)"),),
        ),
        ExitStatus(
            ExitCode.OUTPUT,
            "the output could not be written: the disk is full, standard output is closed (`>&-`) or a "
            "full device (one line on stderr; a file given with `-o` is left as it was)",
            "the output could not be written",
            (),
        ),
        ExitStatus(
            ExitCode.INTERRUPTED,
            "interrupted at once: a second Ctrl-C or SIGTERM, or the first for a command with nothing to keep "
            "(`list` while it starts, `convert`); the commands of status 3 keep their document",
            "interrupted",
            (),
        ),
        ExitStatus(
            ExitCode.CLOSED_PIPE,
            "the reader of standard output went away (a pipe into `head`): the command stops quietly, "
            "as `seq 1000000` does there (128 + SIGPIPE; a shell shows it only under `set -o pipefail`)",
            "the reader of standard output went away",
            (),
        ),
    )
}


class Status(StrEnum):
    """How a search or a check ended, spelled as the JSON documents spell it (an outcome's
    `"stopped"`, check's `"status"`): a `str`, so it compares, formats and serialises as the word."""

    # an outcome's `stopped` (None: the search ran to its end)
    LIMIT = "limit"  # --limit solutions found: done as asked
    TIMEOUT = "timeout"
    INTERRUPT = "interrupt"  # SIGINT, Ctrl-C
    TERMINATED = "terminated"  # SIGTERM
    FAILED = "failed"  # the backend failed; the outcome's `error` says how
    # check's verdicts
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NO_SOLUTION = "none"
    UNKNOWN = "unknown"  # the search was cut short before a verdict


# The one table from how a command's search or check ended to its exit status.
STATUS_EXIT: dict[Status | None, ExitCode] = {
    None: ExitCode.OK,
    Status.LIMIT: ExitCode.OK,
    Status.TIMEOUT: ExitCode.STOPPED,
    Status.INTERRUPT: ExitCode.STOPPED,
    Status.TERMINATED: ExitCode.STOPPED,
    Status.FAILED: ExitCode.BACKEND,
    Status.UNIQUE: ExitCode.OK,
    Status.MULTIPLE: ExitCode.MULTIPLE,
    Status.NO_SOLUTION: ExitCode.UNSATISFIABLE,
    Status.UNKNOWN: ExitCode.STOPPED,
}
# How a search can end early, other than at --limit: what was found stands, "complete" is false.
CUT_SHORT = frozenset({Status.TIMEOUT, Status.INTERRUPT, Status.TERMINATED, Status.FAILED})


def exit_code(status: Status | str | None) -> ExitCode:
    """The exit status of a command whose search or check ended so (`STATUS_EXIT`)."""
    return STATUS_EXIT[None if status is None else Status(status)]


def exit_help(command: str) -> str:
    """The `Exit status: ...` sentence of `command`'s --help, from the table."""
    rows = [s for s in EXIT_STATUSES.values() if not s.commands or command in s.commands]
    return "Exit status: " + ", ".join(f"{int(s.code)} {s.brief_for(command)}" for s in rows) + "."


class PuzzleSatError(Exception):
    """Base of every error puzzlesat raises on purpose; `str(e)` is the one-line message."""

    exit_code: ExitCode = ExitCode.USAGE


class OutputError(PuzzleSatError):
    """Writing the output failed (disk full, closed pipe, a device refusing it); nothing half-written stays."""

    exit_code = ExitCode.OUTPUT


class ClosedPipe(OutputError):
    """Standard output's reader went away (`| head`): a filter's normal end, so no message."""

    exit_code = ExitCode.CLOSED_PIPE


class ModelError(PuzzleSatError):
    """An invalid puzzle model; the message names the offending field."""


class FileFormatError(PuzzleSatError):
    """A puzzle file that cannot be read; the message names the file, the key and the line."""


class UsageError(PuzzleSatError):
    """A bad option or name given by the user (unknown encoding, bad -p, ...)."""


class BackendError(PuzzleSatError):
    """A backend or external program failed in a way the user can act on."""

    exit_code = ExitCode.BACKEND


class CheckError(PuzzleSatError):
    """A solver returned an assignment the independent checker rejects: a bug, never a user error."""

    exit_code = ExitCode.CHECK


class GarbledAnswer(PuzzleSatError):
    """A solver's output that is not an answer in any format we read."""

    exit_code = ExitCode.GARBLED


class TruncatedAnswer(GarbledAnswer):
    """An answer that stops early: no terminating 0, or variables left unassigned."""

    exit_code = ExitCode.TRUNCATED


class Undecided(PuzzleSatError):
    """The solver answered UNKNOWN (or INDET): it gave up, most often at its own time limit."""

    exit_code = ExitCode.STOPPED


class NotASolution(PuzzleSatError):
    """The model does not decode to a board, or the board breaks the puzzle (wrong map or solver)."""

    exit_code = ExitCode.NOT_A_SOLUTION


class Unsatisfiable(PuzzleSatError):
    """The solver proved the formula unsatisfiable (also: a puzzle `clues` needs solved has no solution)."""

    exit_code = ExitCode.UNSATISFIABLE


class NotUnique(PuzzleSatError):
    """A puzzle with more than one solution where one was required (`clues`)."""

    exit_code = ExitCode.MULTIPLE
