"""Issue 43, point 0: a stated technique is given only where its shape holds on the marks printed
before the step, and `reasoning.stated` re-checks it against its definition (a false name raises)."""

from __future__ import annotations

import pytest

import puzzlesat
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, RuleRef, Step
from puzzlesat.reasoning.guarded import RuleCNF
from puzzlesat.reasoning.names import technique
from puzzlesat.reasoning.pencil import houses_of, marks_of
from puzzlesat.reasoning.stated import check_stated
from puzzlesat.runtime.errors import CheckError

REPRO = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


@pytest.fixture(scope="module")
def board():
    p = puzzlesat.load("sudoku")
    g = RuleCNF(p)
    yield p, g, houses_of(g.rules, p.domains)
    g.close()


def fish_marks(board, extra: dict[str, set[int]] | None = None):
    """Every cell holds 1-9, except that 3 lies in rows 2 and 7 only in columns 3 and 5."""
    p, g, houses = board
    cands = [set(range(1, 10)) for _ in range(81)]
    for row in (2, 7):
        for col in range(1, 10):
            if col not in (3, 5):
                cands[cell(f"r{row}c{col}")].discard(3)
    for name, values in (extra or {}).items():
        cands[cell(name)] |= values
    return marks_of(houses, cands, {}, p.cells)


def step(technique_name: str, main: list[str], deduced, cells=(), digits=()) -> Step:
    refs = tuple(RuleRef(n, ()) for n in main)
    return Step(tuple(deduced), refs, (), 1.0, technique_name, refs, cells=tuple(cells), digits=tuple(digits))


def test_an_x_wing_is_named_only_where_the_shape_holds(board):
    houses = ["row 2", "row 7", "column 3", "column 5"]
    removal = [Fact(cell("r5c3"), 3, ELIMINATE)]
    shape = technique("case split", houses, removal, fish_marks(board))
    assert shape.technique == "X-wing" and shape.houses == tuple(houses) and shape.digits == (3,)
    assert [board[0].cells[c] for c in shape.cells] == ["r2c3", "r2c5", "r7c3", "r7c5"]
    check_stated(fish_marks(board), step("X-wing", houses, removal, shape.cells, shape.digits))
    broken = fish_marks(board, {"r2c1": {3}})  # 3 also in r2c1: no X-wing
    assert technique("case split", houses, removal, broken).technique == "contradiction"
    assert technique("case split", houses[:3], removal, fish_marks(board)).technique == "contradiction"
    assert technique("search split", houses, removal, fish_marks(board)).technique == "deep contradiction"
    with pytest.raises(CheckError, match="a base house has the digit outside the cover houses"):
        check_stated(broken, step("X-wing", houses, removal, shape.cells, shape.digits))


def test_the_repro_is_a_naked_single_and_a_hidden_single_claim_fails(board):
    """The issue's repro: the first step places a value whose cell has one candidate left; the
    house the old text named had other places for it, which the checker now rejects."""
    p = puzzlesat.load("sudoku", None, REPRO)
    e = puzzlesat.explain(p, max_steps=1)
    (s,) = e.steps
    assert (s.technique, s.cells, s.digits) == ("naked single", (cell("r5c6"),), (4,))
    _, _, houses = board
    marks = marks_of(houses, e.before, dict(p.givens), p.cells)
    check_stated(marks, s)
    false = step("hidden single", ["column 7"], [Fact(cell("r5c7"), 1, PLACE)])
    assert marks.cands[cell("r5c7")] == {1} and len([c for c in range(6, 81, 9) if 1 in marks.cands[c]]) > 1
    with pytest.raises(CheckError, match="the value has another place in the house"):
        check_stated(marks, false)


def test_a_naked_pair_claim_is_checked_cell_by_cell(board):
    p, _, houses = board
    cands = [set(range(1, 10)) for _ in range(81)]
    cands[cell("r1c1")] = {4, 7}
    cands[cell("r1c2")] = {4, 7}
    marks = marks_of(houses, cands, {}, p.cells)
    removed = [Fact(cell(f"r1c{c}"), v, ELIMINATE) for c in range(3, 10) for v in (4, 7)]
    shape = technique("complete", ["row 1"], removed, marks)
    assert (shape.technique, shape.cells, shape.digits) == ("naked pair", (0, 1), (4, 7))
    check_stated(marks, step("naked pair", ["row 1"], removed, shape.cells, shape.digits))
    with pytest.raises(CheckError, match="the cells hold other digits"):
        check_stated(marks, step("naked pair", ["row 1"], removed, (0, 2), (4, 7)))
    with pytest.raises(CheckError, match="not a subset digit outside the subset"):
        check_stated(marks, step("naked pair", ["row 1"], [Fact(cell("r1c3"), 5, ELIMINATE)], (0, 1), (4, 7)))


def test_every_step_of_hard_puzzles_states_a_true_reason():
    """The walk checks each stated technique as it goes (`Explainer.next_step`); here the names of
    a hard walk are also counted: singles are named as what they are, case splits print a chain."""
    from pathlib import Path

    rated = [ln.split() for ln in (Path(__file__).parent.parent / "benchmarks/data/rated_sudokus.txt").read_text()
             .splitlines() if ln.strip() and not ln.startswith("#")]  # fmt: skip
    line = rated[90][0]
    e = puzzlesat.explain(puzzlesat.load(line))
    assert e.solved
    splits = [s for s in e.steps if s.hypothesis is not None]
    assert splits and all(s.chain and s.chain[0] == s.hypothesis for s in splits)
    assert all(s.depth == 1 for s in splits)


def test_a_naked_triple_is_one_step_with_all_it_eliminates():
    """Issue 43 point 2: `Explainer.widen` gives everything the same rule and facts imply, so a
    naked triple found for one removal is printed with all eighteen."""
    from puzzlesat.reasoning.search import Explainer

    p = puzzlesat.load("sudoku", None, "." * 81)
    triple = [cell("r1c1"), cell("r1c2"), cell("r1c3")]
    start = [Fact(c, v, ELIMINATE) for c in triple for v in range(4, 10)]
    ex = Explainer(p, start=start)
    try:
        row = ex.g.by_name["row 1"].selector
        lits = ex.widen([row], ex.fact_lits(triple), complete=True)
        got = sorted((ex.g.fact_of[lit].cell, ex.g.fact_of[lit].value) for lit in lits)
        assert all(lit < 0 for lit in lits)
        assert got == [(c, v) for c in range(3, 9) for v in (1, 2, 3)]
        marks = ex.marks()
        deduced = [ex.g.fact_of[lit] for lit in lits]
        shape = technique("complete", ["row 1"], deduced, marks)
        assert (shape.technique, shape.cells, shape.digits) == ("naked triple", tuple(triple), (1, 2, 3))
        check_stated(marks, step("naked triple", ["row 1"], deduced, shape.cells, shape.digits))
    finally:
        ex.close()


def test_patterns_come_before_case_splits_and_print_their_cells(cli):
    """A hard rated puzzle: claiming and a W-wing are named with what forms them, as HoDoKu
    writes them; the walk has no case split (a named pattern applies each time)."""
    from pathlib import Path

    rated = [ln.split() for ln in (Path(__file__).parent.parent / "benchmarks/data/rated_sudokus.txt").read_text()
             .splitlines() if ln.strip() and not ln.startswith("#")]  # fmt: skip
    doc = cli("explain", "sudoku", "--givens", rated[60][0], "--json").json()
    lines = {s["text"]: s for s in doc["steps"] if s["technique"] not in ("naked single", "hidden single")}
    wing = lines["W-Wing: 1/6 in r2c1,r6c2 connected by 6 in r7c1,r7c2"]
    assert [f["cell"] for f in wing["deduced"]] == ["r3c2", "r6c1"] and wing["cost"] == 4.64
    assert wing["pattern"] == {"cells": ["r2c1", "r7c1", "r7c2", "r6c2"], "digits": [1, 6],
                               "text": "W-Wing: 1/6 in r2c1,r6c2 connected by 6 in r7c1,r7c2 => r3c2,r6c1≠1"}
    assert "Naked Pair: 1,5 in r3c2,r3c7" in lines
    assert not any("hypothesis" in s for s in doc["steps"]) and doc["solved"]
