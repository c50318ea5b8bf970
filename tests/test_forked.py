"""Jobs of solver questions on this process and forked copies (solvers/forked.py, explanations
D20): answers in the jobs' order whoever ran them, a job the caller no longer wants cancelled
with the pipes left in step, a worker that fails or dies handing its job back, and models kept to
answer later questions without a solve."""

from __future__ import annotations

import os
import signal

from puzzlesat.solvers.clauses import ClauseSolver
from puzzlesat.solvers.forked import Forked, Refuter

# Three pigeons, two holes (variables 1-6: pigeon p in hole h is 2p+h-2), each pigeon's clause
# behind a selector (7, 8, 9): any two pigeons fit, all three do not.
CLAUSES = [[-7, 1, 2], [-8, 3, 4], [-9, 5, 6], [-1, -3], [-1, -5], [-3, -5], [-2, -4], [-2, -6], [-4, -6]]
QUESTIONS = [[7, 8], [7, 8, 9], [8, 9, 1], [7, 9, -1], [7, 8, 9, 2], [9], [7, 8, 3, 2], [8, 9, 3, 5]]
TRUTH = [True, False, False, True, False, True, True, False]  # satisfiable? (checked below)


def answers(job: tuple[int, ...], refute) -> tuple[bool, ...]:
    """A job: whether each of its questions is satisfiable (in a worker too: fork copies this)."""
    return tuple(refute(QUESTIONS[q]) is None for q in job)


JOBS = [tuple((i + k) % len(QUESTIONS) for k in range(5)) for i in range(12)]
EXPECTED = [tuple(TRUTH[q] for q in job) for job in JOBS]


def test_the_questions_truth():
    for question, truth in zip(QUESTIONS, TRUTH, strict=True):
        with ClauseSolver(CLAUSES, "g3") as solver:
            assert solver.solve(question) == truth


def test_answers_come_in_order_whoever_runs_them():
    for workers in (0, 1, 2):
        pool = Forked(ClauseSolver(CLAUSES, "m22"), answers, workers)
        try:
            assert list(pool.ordered(JOBS)) == EXPECTED
            assert list(pool.ordered(JOBS, every=False, homes=[j[0] for j in JOBS])) == EXPECTED
            assert len(pool.live) == (workers if hasattr(os, "fork") else 0)
        finally:
            pool.close()
        assert pool.procs == []


def test_a_job_not_read_is_cancelled_and_the_next_run_is_in_step():
    pool = Forked(ClauseSolver(CLAUSES, "m22"), answers, 1)
    try:
        got = pool.ordered(JOBS, every=False)
        assert [next(got), next(got)] == EXPECTED[:2]
        got.close()  # the worker had the third (or later) one under way
        assert list(pool.ordered(JOBS[5:])) == EXPECTED[5:]
        assert len(pool.live) == 1
    finally:
        pool.close()


def failing_in_a_worker(job, refute):
    if os.getpid() != PARENT[0]:
        raise MemoryError("the worker's solver ran out of memory")
    return answers(job, refute)


PARENT = [os.getpid()]


def test_a_worker_that_fails_hands_its_job_back():
    PARENT[0] = os.getpid()
    pool = Forked(ClauseSolver(CLAUSES, "m22"), failing_in_a_worker, 1)
    try:
        assert list(pool.ordered(JOBS)) == EXPECTED
        assert pool.live == []  # dropped after its error: this process ran the rest
    finally:
        pool.close()


def test_a_worker_that_dies_hands_its_job_back():
    pool = Forked(ClauseSolver(CLAUSES, "m22"), answers, 1)
    try:
        got = pool.ordered(JOBS)
        first = next(got)
        os.kill(pool.procs[0].pid, signal.SIGKILL)
        pool.procs[0].join(timeout=10)
        assert [first, *got] == EXPECTED
        assert pool.live == []
    finally:
        pool.close()


def test_a_model_found_answers_a_later_question_it_satisfies():
    """Every model is one of the whole clause set: a later question whose assumptions it makes
    true is answered without a solve; one it does not is solved, and an unsatisfiable one still
    gives its core."""
    solver = ClauseSolver(CLAUSES, "m22")
    solves = []
    real = solver.solve
    solver.solve = lambda a: solves.append(list(a)) or real(a)  # type: ignore[method-assign]
    refute = Refuter(solver, keys=range(1, 10), between=lambda: None)
    assert refute([7, 8, 1]) is None  # pigeon 1 in hole 1, pigeon 2 in hole 2
    model = set(solver.get_model() or [])
    asked = len(solves)
    same = [lit for lit in (7, 8, 1) if lit in model] + [lit for lit in (4, -3) if lit in model]
    assert refute([*same[1:], 1]) is None and len(solves) == asked  # held by that model, no solve
    assert refute([9, 5, 2]) is None and len(solves) == asked + 1  # not held: solved
    core = refute([7, 8, 9])
    assert core is not None and core <= {7, 8, 9} and len(solves) == asked + 2
