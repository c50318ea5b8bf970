"""The external backend: any SAT solver program, given the CNF as a DIMACS file, one run per solution.

Not incremental: every `next` writes the whole CNF plus the blocking clauses so far to a file in a
private temporary folder and runs the solver from scratch, so `--all` costs one full solver run
per solution (slower than the PySAT backend; it is here to try solvers PySAT does not bundle).
Its answer goes through the shared parser (`dimacs_io`), is checked against every clause (a wrong
model is the solver's fault, so a BackendError, not a CheckError), and is decoded by the encoding.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from puzzlesat.formats.dimacs.answer import SAT, UNSAT, GarbledAnswer, first_violated, parse_answer
from puzzlesat.formats.dimacs.writer import clause_lines, encode_for_dimacs
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.atomic import write_atomic
from puzzlesat.runtime.errors import BackendError
from puzzlesat.solvers.base import Config, Found, SearchStopped
from puzzlesat.solvers.external_cmd import Run, SolverCommand, run
from puzzlesat.solvers.plan import Plan

# The SAT competition's exit statuses.
EXIT_SAT, EXIT_UNSAT = 10, 20


def _tail(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return f"; it said: {lines[-1][:120]}" if lines else ""


class ExternalSession:
    """One enumeration through an external solver program; the temporary folder goes on close."""

    def __init__(self, puzzle: Puzzle, plan: Plan) -> None:
        t0 = time.perf_counter()
        self.command = SolverCommand.parse(plan.solver_cmd)
        self.encoding = encode_for_dimacs(puzzle, plan)
        self.settings = {k: self.encoding.settings.get(k) for k in ("encoding", "card", "pb")}
        self.settings["solver"] = str(self.command)
        self.body = clause_lines(self.encoding.clauses)
        self.blocked: list[list[int]] = []
        self.blocked_text: list[str] = []
        self.folder = Path(tempfile.mkdtemp(prefix="puzzlesat-"))
        self.cnf = self.folder / "formula.cnf"
        self.build_seconds = time.perf_counter() - t0
        self.solve_seconds = 0.0
        self.calls = 0

    def _write(self) -> None:
        nclauses = len(self.encoding.clauses) + len(self.blocked)
        header = f"c puzzlesat external backend\np cnf {self.encoding.nvars} {nclauses}\n"
        write_atomic(self.cnf, header + self.body + "".join(self.blocked_text))

    def next(self, deadline: float | None) -> Found | None:
        if deadline is not None and time.monotonic() >= deadline:
            raise SearchStopped
        t0 = time.perf_counter()
        self.calls += 1
        try:
            self._write()
            result = run(self.command, self.cnf, self.folder, deadline)
        finally:
            self.solve_seconds += time.perf_counter() - t0
        model = self._model(result)
        if model is None:
            return None
        values, unknowns = self.encoding.decode(model)
        return Found(values, unknowns)

    def _model(self, result: Run) -> tuple[int, ...] | None:
        """The model of a SAT answer, None for UNSAT; every other outcome is a BackendError."""
        name = self.command.program
        code = result.returncode
        if code < 0:
            raise BackendError(f"solver {name!r} crashed (killed by signal {-code}){_tail(result.stderr)}")
        try:
            answer = parse_answer(result.answer, self.encoding.nvars)
        except GarbledAnswer as e:
            if code in (EXIT_SAT, EXIT_UNSAT):
                raise BackendError(
                    f"solver {name!r} exited with status {code} but its answer is unusable: {e}"
                ) from None
            raise BackendError(
                f"solver {name!r} exited with status {code} and gave no usable answer ({e})"
                f"{_tail(result.stderr or result.answer)}"
            ) from None
        expected = {EXIT_SAT: SAT, EXIT_UNSAT: UNSAT}.get(code)
        if expected is not None and answer.status != expected:
            raise BackendError(f"solver {name!r} exited with status {code} but answered {answer.status}")
        if answer.status == UNSAT:
            return None
        if answer.status != SAT:
            raise BackendError(f"solver {name!r} answered {answer.status}{_tail(result.stderr)}")
        bad = first_violated(self.encoding.clauses, answer.model)
        if bad is None:
            bad_blocked = first_violated(self.blocked, answer.model)
            bad = None if bad_blocked is None else len(self.encoding.clauses) + bad_blocked
        if bad is not None:
            raise BackendError(f"solver {name!r} returned a model that falsifies clause #{bad + 1} of the CNF")
        return answer.model

    def block(self, assignments: Sequence[tuple[int, ...]]) -> None:
        self._add([self.encoding.blocking_clause(a) for a in assignments])

    def add_less_than(self, pairs: Sequence[tuple[int, int]]) -> None:
        self._add([c for a, b in pairs for c in self.encoding.less_than_clauses(a, b)])

    def _add(self, clauses: list[list[int]]) -> None:
        self.blocked.extend(clauses)
        self.blocked_text.append(clause_lines(clauses))

    def stats(self) -> dict[str, int | float | str]:
        return {
            **self.settings,
            **self.encoding.stats(),
            "blocking_clauses": len(self.blocked),
            "build_seconds": round(self.build_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
            "solver_calls": self.calls,
        }

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> ExternalSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_session(puzzle: Puzzle, plan: Plan | Config) -> ExternalSession:
    """A session on the planned encoding (a `Config` is resolved first, for callers of this module)."""
    from puzzlesat.solvers.plan import resolve

    return ExternalSession(puzzle, resolve(plan, puzzle))
