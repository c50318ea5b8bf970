"""Questions answered by a kept model (solvers/witnessed.py, explanations D20): every answer is
the clause set's, found by a solve or by a model of an earlier one, checked against a fresh
solver on random questions; a held question costs no solve."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.solvers.clauses import ClauseSolver
from puzzlesat.solvers.witnessed import Refuter

# Three pigeons, two holes (variables 1-6: pigeon p in hole h is 2p+h-2), each pigeon's clause
# behind a selector (7, 8, 9): any two pigeons fit, all three do not.
CLAUSES = [[-7, 1, 2], [-8, 3, 4], [-9, 5, 6], [-1, -3], [-1, -5], [-3, -5], [-2, -4], [-2, -6], [-4, -6]]


def test_a_model_found_answers_a_later_question_it_holds():
    """A later question whose assumptions a kept model makes true is answered without a solve;
    one it does not is solved, and an unsatisfiable one still gives its core."""
    refute = Refuter(ClauseSolver(CLAUSES, "m22"), keys=range(1, 10), between=lambda: None)
    assert refute([7, 8, 1]) is None and refute.solves == 1  # pigeon 1 in hole 1, so pigeon 2 in hole 2
    assert refute([8, 4, 1]) is None and refute.solves == 1  # held by that model: no solve
    assert refute([9, 5, 2]) is None and refute.solves == 2  # not held (pigeon 1 is not in hole 2): solved
    assert refute([8, 9, 1]) == frozenset({8, 9, 1}) and refute.solves == 3  # pigeons 2, 3 in hole 2
    plain = Refuter(ClauseSolver(CLAUSES, "m22"), between=lambda: None)  # no keys: every question solved
    assert [plain(q) is None for q in ([7, 8, 1], [8, 4, 1])] == [True, True] and plain.solves == 2


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(1, 9).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=6),
                min_size=1, max_size=25))  # fmt: skip
def test_every_answer_is_the_clause_sets(questions):
    """Random questions on the pigeons: satisfiable exactly when a fresh solver says so, and a
    core is a subset of the question that a fresh solver finds unsatisfiable."""
    refute = Refuter(ClauseSolver(CLAUSES, "m22"), keys=range(1, 10), between=lambda: None)
    for q in questions:
        q = list(dict.fromkeys(q))
        if any(-x in q for x in q):
            continue
        core = refute(q)
        with ClauseSolver(CLAUSES, "g3") as fresh:
            assert (core is None) == fresh.solve(q)
        if core is not None:
            assert core <= set(q)
            with ClauseSolver(CLAUSES, "g3") as fresh:
                assert not fresh.solve(sorted(core))
