"""The SAT session's first search: a race between two configurations, decided by conflicts alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

import puzzlesat
from puzzlesat.model.check import violations
from puzzlesat.solvers import sat_backend
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.pysat_solvers import SOLVERS

ORDER = puzzlesat.resolve(Config(backend="sat", encoding="order"))


def first(puzzle, config=ORDER):
    with sat_backend.SatSession(puzzle, config) as session:
        found = session.next(None)
        return found, session.stats()


@pytest.fixture
def tiny_slices(monkeypatch):
    """Slices of one conflict, growing slowly: a small puzzle's first search takes many turns."""
    monkeypatch.setattr(sat_backend, "FIRST_SLICE", 1)
    monkeypatch.setattr(sat_backend, "GROWTH", 2)


def test_the_race_is_deterministic_and_its_answer_checks(tiny_slices):
    square = puzzlesat.load("magic-square", params={"order": "4"})
    runs = [first(square) for _ in range(3)]
    (found, stats), *rest = runs
    assert found is not None and violations(square, found.values) == []
    assert all(f.values == found.values and s["conflicts"] == stats["conflicts"] for f, s in rest)
    assert stats["solve_slices"] > 2  # both solvers took turns


def test_a_rival_that_answers_first_answers(tiny_slices, monkeypatch):
    """The session's own solver never finishes a slice here: the rival's model is the answer,
    and the session's solver goes on from it (the next call finds another class)."""
    real = sat_backend.SatSession._slice
    mine: list[object] = []

    def slice_(self, solver, budget, assumptions):
        if not mine:
            mine.append(solver)  # the session's solver runs the first slice
        if solver is mine[0] and self.calls == 1:
            assert self.slices < 10_000, "the rival never answered"
            self.slices += 1
            return None
        return real(self, solver, budget, assumptions)

    monkeypatch.setattr(sat_backend.SatSession, "_slice", slice_)
    square = puzzlesat.load("magic-square", params={"order": "4"})
    with sat_backend.SatSession(square, ORDER) as session:
        found = session.next(None)
        assert found is not None and violations(square, found.values) == []
        session.block([found.values])
        again = session.next(None)
        assert again is not None and again.values != found.values and violations(square, again.values) == []


def test_an_unsatisfiable_first_search_ends_in_the_race(tiny_slices):
    """Both configurations search until one proves there is none: a 3x3 magic square's centre is 5."""
    square = replace(puzzlesat.load("magic-square"), givens=((4, 1),))
    found, _ = first(square)
    assert found is None


def test_only_solvers_that_take_options_race():
    racing = sorted(name for name, info in SOLVERS.items() if info.rival is not None)
    assert racing == ["cadical153", "cadical195", "cadical300"]


@pytest.mark.parametrize("name", ["magic-star", "magic-hexagon", "magic-square"])
def test_the_rival_keeps_the_static_symmetry_breaking(tiny_slices, name):
    """Lex-leader clauses are added before the first search: the rival must have them too, or it
    answers a non-canonical solution (the collector refuses it as an internal error)."""
    puzzle = puzzlesat.load(name)
    raced = puzzlesat.solve(puzzle, symmetry_breaking="lex", encoding="order")
    assert raced.stats["solve_slices"] >= 2  # the rival had a turn
    values = raced.solutions[0].values
    assert puzzle.group.canonical(values) == values and violations(puzzle, values) == []


def test_a_stopped_generator_says_so_rather_than_not_unique():
    """An interrupted search has no solution: the generator must not take that for "unique"
    (it used to end in "not unique: a bug", exit 70)."""
    from puzzlesat.runtime import stop

    stop.request_stop("interrupt")
    try:
        with pytest.raises(KeyboardInterrupt):
            puzzlesat.generate_puzzle("sudoku", seed=1, params={"box": "2"})
    finally:
        stop.reset()


def test_pysat_installs_no_signal_handler_in_our_calls():
    """Inside our native calls PySAT is told it is not on the main thread (so it installs no C
    SIGINT handler); outside, its own check is back."""
    from pysat._utils import MainThread

    from puzzlesat.encoders.pysat_names import no_pysat_signals

    assert MainThread.check() is True
    with no_pysat_signals():
        assert MainThread.check() is False
    assert MainThread.check() is True
