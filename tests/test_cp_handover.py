"""The cp search handed over to sat after a failure budget (docs/decisions/search.md D8)."""

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.runtime.errors import UsageError
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.plan import HANDOVER_FAILURES, cp_reason, resolve
from tests.oracle import brute_force
from tests.strategies import small_puzzles

pytestmark = pytest.mark.skipif(
    __import__("puzzlesat.solvers.cp_native", fromlist=["native"]).native() is None, reason="cp not compiled"
)


def _square():
    return puzzlesat.load("magic-square", {"order": "4"})


def _handed(puzzle, budget):
    return replace(resolve(Config(backend="cp"), puzzle), handover=budget)


@pytest.mark.parametrize("budget", [1, 100])
def test_an_enumeration_handed_over_keeps_every_class_once(budget):
    """Handed over at its first poll (budget 1) or after some classes (100 failures since one), the
    4x4 square still has its 880 classes, each once, the same set as sat's."""
    square = _square()
    handed = puzzlesat.solve(square, all=True, config=_handed(square, budget))
    assert handed.stats["answered_by"] == "sat"
    assert (handed.stats["encoding"], handed.stats["solver"]) == ("order", "cadical195")
    assert handed.stats["handover"].startswith("the cp search failed ")
    assert handed.stats["cp_failures"] >= budget
    assert handed.stats["cp_nodes"] >= 1024  # the budget is read at the search's poll
    assert handed.count == 880
    found = [s.values for s in handed.solutions]
    assert len(set(found)) == 880
    sat = puzzlesat.solve(square, all=True, backend="sat")
    assert sorted(found) == sorted(s.values for s in sat.solutions)


def test_a_handover_is_deterministic():
    """The same budget hands over at the same point: two runs list the same classes in the same order."""
    square = _square()
    runs = [puzzlesat.solve(square, all=True, config=_handed(square, 100)) for _ in range(2)]
    assert [s.values for s in runs[0].solutions] == [s.values for s in runs[1].solutions]
    assert runs[0].stats["cp_failures"] == runs[1].stats["cp_failures"]


def test_no_handover_within_the_budget():
    """A search that stays within its budget answers on cp: the stats say nothing of sat."""
    square = _square()
    first = puzzlesat.solve(square, limit=1, config=_handed(square, 3000))
    assert "answered_by" not in first.stats
    assert first.solutions[0].values == (1, 2, 16, 15, 13, 14, 4, 3, 12, 7, 9, 6, 8, 11, 5, 10)


def test_the_25x25_sudoku_defaults_to_cp_with_a_handover():
    """Boxed grids past 16 values run on cp with the budget; asking for cp (or any 16x16) has none."""
    big = puzzlesat.load("sudoku", {"box": "5"})
    plan = resolve(Config(), big)
    assert (plan.backend, plan.handover) == ("cp", HANDOVER_FAILURES)
    assert resolve(Config(backend="cp"), big).handover is None
    assert resolve(Config(), puzzlesat.load("sudoku", {"box": "4"})).handover is None
    assert cp_reason(big) == (
        True,
        "a boxed grid of more than 16 values: the cp search, handed to sat after 100,000 failures "
        "(its heavy tail on 25x25 sudokus)",
    )


def _scope_answers(session, givens):
    session.push(givens)
    found = []
    while (answer := session.next(None)) is not None:
        found.append(answer.values)
        session.block([answer.values])
    handed = getattr(session, "on_sat", False)
    session.pop()
    return found, handed


def test_a_batch_scope_handed_over_ends_with_its_scope():
    """A scope handed over mid-way lists the same raw solutions as sat's, each once; after its pop the
    session is back on cp, and the next scope's answers are sat's again."""
    from puzzlesat.solvers import open_session

    square = _square()
    session = open_session(square, _handed(square, 1))
    sat = open_session(square, resolve(Config(backend="sat"), square))
    for givens in ([(0, 1)], [(0, 16)]):
        found, handed = _scope_answers(session, givens)
        assert handed and not session.on_sat
        assert len(set(found)) == len(found) > 0
        assert sorted(found) == sorted(_scope_answers(sat, givens)[0])
    session.close()
    sat.close()


@settings(max_examples=40, deadline=None)
@given(small_puzzles(), st.integers(0, 3), st.booleans())
def test_a_handover_at_any_point_matches_brute_force(puzzle, before, scoped):
    """Handed over after `before` solutions (0: before the first; in a scope or not), cp then sat
    list every raw solution once: brute force's list."""
    from puzzlesat.solvers import open_session

    try:
        plan = _handed(puzzle, 1)
    except UsageError:  # the cp search does not take this puzzle
        return
    session = open_session(puzzle, plan)
    if scoped:
        session.push([])
    if before == 0:
        session._hand_over()
    found = []
    while (answer := session.next(None)) is not None:
        found.append(answer.values)
        session.block([answer.values])
        if len(found) == before:
            session._hand_over()
    if len(found) >= before:
        assert session.on_sat and session.stats()["answered_by"] == "sat"
    if scoped:
        session.pop()
    session.close()
    assert len(set(found)) == len(found)
    assert sorted(found) == brute_force(puzzle).raw


def test_the_json_says_who_answered():
    """`--json` of a handed-over run: the plan's backend (cp), the settings sat ran with, and why."""
    from puzzlesat.render.report import outcome_json

    square = _square()
    doc = outcome_json(square, puzzlesat.solve(square, all=True, config=_handed(square, 1)))
    assert (doc["backend"], doc["encoding"], doc["solver"]) == ("cp", "order", "cadical195")
    assert doc["stats"]["answered_by"] == "sat"
    handover = doc["stats"]["handover"]
    assert re.fullmatch(r"the cp search failed [\d,]+ times since its last answer \(budget 1\): sat answered", handover)
