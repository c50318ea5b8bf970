"""The whole run is planned once, before anything is built (issue 42): the configuration, the group,
its breaking, the split and count's method. Nothing downstream fills a default or chooses a group."""

from __future__ import annotations

import pytest

import puzzlesat
import puzzlesat.solvers.plan
from puzzlesat import solvers
from puzzlesat.runtime.errors import UsageError
from puzzlesat.search import planning
from puzzlesat.symmetry import choice as groups


@pytest.fixture
def calls(monkeypatch):
    """Counts of the plan's steps and of sessions opened, and the plans the sessions got."""
    seen = {"plan_run": 0, "resolve": 0, "choose": 0, "sessions": []}
    real_plan, real_resolve = planning.plan_run, solvers.resolve
    real_choose, real_open = groups.choose, solvers.open_session

    def plan_run(*args, **kwargs):
        config = args[1] if len(args) > 1 else kwargs.get("config")
        if not (isinstance(config, solvers.Plan) and config.group is not None):
            seen["plan_run"] += 1  # a real resolution, not a plan passed on as it is
        return real_plan(*args, **kwargs)

    def resolve(config=None, puzzle=None):
        if not isinstance(config, solvers.Plan):  # a plan passes through resolve as it is
            seen["resolve"] += 1
        return real_resolve(config, puzzle)

    def choose(*args, **kwargs):
        seen["choose"] += 1
        return real_choose(*args, **kwargs)

    def open_session(puzzle, plan):
        seen["sessions"].append(plan)
        return real_open(puzzle, plan)

    monkeypatch.setattr(planning, "plan_run", plan_run)
    monkeypatch.setattr(solvers, "resolve", resolve)
    monkeypatch.setattr(puzzlesat.solvers.plan, "resolve", resolve)  # on_cnf's own call
    monkeypatch.setattr(groups, "choose", choose)
    monkeypatch.setattr(solvers, "open_session", open_session)
    return seen


def test_a_split_solve_modulo_the_detected_group_is_planned_once(calls):
    """`solve magic-star -p points=9 --all --symmetry detected --workers 2`: one plan, one group chosen,
    one configuration resolved; the session gets the plan whole (group, breaking, split)."""
    puzzle = puzzlesat.load("magic-star", {"points": "9"})
    outcome = puzzlesat.solve(puzzle, all=True, symmetry="detected", workers=2)
    assert outcome.complete and outcome.count == 1507 and outcome.symmetry == "detected"  # as on main
    assert (calls["plan_run"], calls["choose"], calls["resolve"]) == (1, 1, 1)
    plan = calls["sessions"][0]
    assert plan.group is not None and plan.group.source == "detected" and plan.group.group.order == 36
    assert plan.breaking is not None and plan.workers == 2
    assert outcome.plan is plan


@pytest.mark.parametrize("method", ["auto", "enumerate", "sharpsat"])
def test_a_count_is_planned_once(calls, method):
    """count: one plan holds the method, the CNF the counters need, the group and its breaking; the
    enumeration inside the count reads it (no second group chosen, no configuration derived later)."""
    puzzle = puzzlesat.load("magic-square", {"order": "3"})
    outcome = puzzlesat.count_solutions(puzzle, method=method, timeout=60)
    assert (outcome.count, outcome.orbits) == (8, 1)
    assert (calls["plan_run"], calls["choose"]) == (1, 1)
    # resolve: the run's configuration, and the CNF plan where the counters may need one (auto, sharpsat)
    assert calls["resolve"] == (1 if method == "enumerate" else 2)
    assert outcome.counting.method == method
    assert all(p.group is not None and p.breaking is not None for p in calls["sessions"])


def test_an_oversized_group_is_refused_before_the_build(calls):
    """The plan sees that an empty 9x9 sudoku's detected group is too large to list: the refusal
    comes before any session (encoding) is opened."""
    with pytest.raises(UsageError, match="more than the"):
        puzzlesat.solve(puzzlesat.load("sudoku", {"box": "4"}), all=True, symmetry="detected")
    assert calls["sessions"] == []


def test_a_first_solution_detects_no_group(monkeypatch):
    """A search for one solution needs no group: the plan does not run detection for it."""
    import puzzlesat.symmetry.detect

    def detect(puzzle):
        raise AssertionError("detection ran for a first solution")

    monkeypatch.setattr(puzzlesat.symmetry.detect, "detect", detect)
    outcome = puzzlesat.solve(puzzlesat.load("magic-star", {"points": "8"}), symmetry=None)
    assert outcome.count == 1 and outcome.plan.group.source == "declared"


def test_run_refuses_a_session_without_a_plan():
    """`run` reads the plan; given a bare configuration it says so rather than choosing a group."""
    from puzzlesat.search.solving import run

    puzzle = puzzlesat.load("magic-frame")
    plan = solvers.resolve(None, puzzle)
    session = solvers.open_session(puzzle, plan)
    try:
        with pytest.raises(ValueError, match="plan_run"):
            run(puzzle, session, plan, limit=1, timeout=None, on_solution=None)
    finally:
        session.close()
