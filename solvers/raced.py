"""Each question asked of two solvers on one clause set at once, each set to try other values
first: the first answer is taken and the other solver is stopped.

The explainer's search splits cut each refuted hypothesis to minimal rules and facts by deletion
(`puzzlesat.reasoning.split_cuts`): thousands of questions whose answer is the clause set's, not
the solver's. Their times are heavy-tailed, and a solver that tries other values first is slow on
other questions: over Orbit's 8,513 recorded questions MiniSat set to the solution took 48.4 s,
MiniSat set to nothing 47.0 s, and the faster of the two on each question 35.4 s. So the second
core races a second solver, set the other way, in a thread of this process: PySAT lets go of
Python's lock while an interruptible solve runs, so both search at once
(docs/decisions/explanations.md, D21).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from puzzlesat.solvers.clauses import ClauseSolver


class Raced:
    """`here` and `there` (the same clauses), each question asked of both; the first answer wins
    and the other solver is interrupted. Keeps `ClauseSolver`'s names for what a caller asks:
    `solve`, `get_model`, `get_core`, `delete`. `won`: the questions `there` answered first."""

    def __init__(self, here: ClauseSolver, there: ClauseSolver) -> None:
        self.here, self.there = here, there
        self.won = 0
        self._lock = threading.Lock()  # guards all below, and each interrupt
        self._ask = threading.Condition(self._lock)
        self._question: tuple[int, list[int]] | None = None  # for `there`: the question under way
        self._asked = 0  # its number
        self._busy = {"here": False, "there": False}  # which solver is solving it
        self._answer: tuple[str, bool, list[int] | None] | None = None  # the first answer: who, found, model or core
        self._closing = False
        self._thread = threading.Thread(target=self._serve, name="puzzlesat-raced", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        """`there`'s side: each question in turn, until closed. A failure there (its memory) ends
        the race quietly: `here` answers alone."""
        try:
            self._serve_all()
        except Exception:  # noqa: BLE001 (here still answers every question)
            return

    def _serve_all(self) -> None:
        done = 0
        while True:
            with self._ask:
                while not self._closing and self._asked == done:
                    self._ask.wait()
                if self._closing:
                    return
                done = self._asked
                assert self._question is not None
                i, assumptions = self._question
                if self._answer is not None:
                    continue  # answered here already
                self._busy["there"] = True
            self._race(self.there, "there", i, assumptions)

    def _race(self, solver: ClauseSolver, who: str, i: int, assumptions: Sequence[int]) -> None:
        """One side's solve of question `i`: the first to answer keeps its answer (and its model
        or core, taken before the solver is asked anything else) and interrupts the other."""
        try:
            found = solver.solve_interruptible(assumptions)
        finally:
            with self._lock:
                self._busy[who] = False
                solver.clear_interrupt()  # an interrupt that came as it ended is void
                self._ask.notify_all()
        if found is None:
            return
        kept = solver.get_model() if found else solver.get_core()
        with self._lock:
            if self._asked != i or self._answer is not None:
                return
            self._answer = (who, found, kept)
            other = "there" if who == "here" else "here"
            if self._busy[other]:
                (self.there if who == "here" else self.here).interrupt()
            self._ask.notify_all()

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        asked = list(assumptions)
        with self._lock:
            self._asked += 1
            i = self._asked
            self._question, self._answer = (i, asked), None
            self._busy["here"] = True
            self._ask.notify_all()
        self._race(self.here, "here", i, asked)
        with self._ask:
            while self._answer is None:  # interrupted here: `there` has answered, or is about to
                self._ask.wait()
            who, found, _ = self._answer
            if self._busy["there"]:  # `there` still on it (or on an earlier one): stop it
                self.there.interrupt()
        self.won += who == "there"
        return found

    def get_model(self) -> list[int] | None:
        answer = self._answer
        return None if answer is None or not answer[1] else answer[2]

    def get_core(self) -> list[int] | None:
        answer = self._answer
        return None if answer is None or answer[1] else answer[2]

    def delete(self) -> None:
        with self._ask:
            self._closing = True
            if self._busy["there"]:
                self.there.interrupt()
            self._ask.notify_all()
        self._thread.join()
        self.there.delete()
        self.here.delete()
