"""Two solvers racing on each question (solvers/raced.py, explanations D21): every answer is the
clause set's, with a model that holds the question or a core inside it, whichever solver was
first; the loser is interrupted and the next question goes on."""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st
from test_witnessed import CLAUSES

from puzzlesat.solvers.clauses import ClauseSolver
from puzzlesat.solvers.raced import Raced


class Stalled:
    """A solver that never answers on its own: it waits until interrupted (then gives None, as
    PySAT's interruptible solve does). It counts the questions and interrupts it took."""

    def __init__(self) -> None:
        self.flag = threading.Event()
        self.taken = threading.Semaphore(0)  # released as each question is taken
        self.asked = 0
        self.stopped = 0
        self.deleted = False

    def solve_interruptible(self, assumptions) -> None:
        self.asked += 1
        self.taken.release()
        self.flag.wait()
        self.stopped += 1

    def interrupt(self) -> None:
        self.flag.set()

    def clear_interrupt(self) -> None:
        self.flag.clear()

    def delete(self) -> None:
        self.deleted = True


class AfterIt(ClauseSolver):
    """A solver that answers each question only once the stalled one has taken it."""

    def __init__(self, clauses, name: str, stalled: Stalled) -> None:
        super().__init__(clauses, name)
        self.stalled = stalled

    def solve_interruptible(self, assumptions=()) -> bool | None:
        assert self.stalled.taken.acquire(timeout=60)
        return super().solve_interruptible(assumptions)


def holds(model: list[int], clauses: list[list[int]], question: list[int]) -> bool:
    true = set(model)
    return all(any(lit in true for lit in c) for c in clauses) and all(lit in true for lit in question)


def test_the_other_solver_answers_when_this_one_stalls():
    """Here stalls: the answer (and its model, its core) is there's, here is interrupted."""
    here = Stalled()
    race = Raced(here, ClauseSolver(CLAUSES, "m22"))
    try:
        assert race.solve([7, 8, 1]) is True and race.won == 1 and here.stopped == 1
        assert holds(race.get_model(), CLAUSES, [7, 8, 1]) and race.get_core() is None
        assert race.solve([7, 8, 9]) is False and race.won == 2 and here.stopped == 2  # three pigeons, two holes
        assert set(race.get_core()) <= {7, 8, 9} and race.get_model() is None
    finally:
        race.delete()
    assert here.deleted


def test_this_solver_answers_and_the_stalled_one_is_stopped():
    """There stalls: here answers every question (once there has taken it), there is
    interrupted on each, and closing the race ends its thread."""
    there = Stalled()
    race = Raced(AfterIt(CLAUSES, "m22", there), there)
    try:
        answers = [race.solve(q) for q in ([7, 8], [7, 8, 9], [9, 5, 2], [8, 9, 3, 5])]
        assert answers == [True, False, True, False] and race.won == 0
    finally:
        race.delete()
    assert there.deleted and not race._thread.is_alive()
    assert there.asked == there.stopped == 4  # every question was interrupted there


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(1, 9).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=6),
                min_size=1, max_size=25))  # fmt: skip
def test_every_raced_answer_is_the_clause_sets(questions):
    """Random questions on the pigeons, two MiniSats set to try opposite values first: the
    answer is a fresh solver's, a model holds the clauses and the question, a core is a subset of
    the question that a fresh solver finds unsatisfiable."""
    here, there = ClauseSolver(CLAUSES, "m22"), ClauseSolver(CLAUSES, "m22")
    here.set_phases(range(1, 10))
    there.set_phases([-v for v in range(1, 10)])
    race = Raced(here, there)
    try:
        for q in questions:
            q = list(dict.fromkeys(q))
            if any(-x in q for x in q):
                continue
            found = race.solve(q)
            with ClauseSolver(CLAUSES, "g3") as fresh:
                assert found == fresh.solve(q)
            if found:
                assert holds(race.get_model(), CLAUSES, q)
            else:
                core = race.get_core()
                assert set(core) <= set(q)
                with ClauseSolver(CLAUSES, "g3") as fresh:
                    assert not fresh.solve(sorted(core))
    finally:
        race.delete()
