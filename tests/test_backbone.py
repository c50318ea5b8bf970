"""The step search's backbones (reasoning/backbone.py): a house's by matching equals brute force,
and a group's by the solver, with earlier models and removals remembered, equals a fresh one."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.reasoning.backbone import Witnesses, alldifferent_support, backbone
from puzzlesat.reasoning.guarded import RuleCNF


def brute(cands: dict[int, set[int]]) -> set[tuple[int, int]] | None:
    cells = sorted(cands)
    kept: set[tuple[int, int]] = set()
    for values in itertools.product(*(sorted(cands[c]) for c in cells)):
        if len(set(values)) == len(values):
            kept |= set(zip(cells, values, strict=True))
    return kept if kept else None


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(st.sets(st.integers(1, 6), max_size=6), min_size=n, max_size=n)))
def test_matching_keeps_exactly_what_some_all_different_assignment_keeps(sets):
    """Every (cell, value) pair, against every assignment of up to 6 cells: same pairs, same None."""
    cands = {10 + i: set(s) for i, s in enumerate(sets)}
    assert alldifferent_support(cands) == brute(cands)


def test_a_naked_pair_leaves_the_other_cells():
    """Two cells hold {1, 2}: no other cell keeps 1 or 2, so the third is 4 and the fifth 5."""
    cands = {0: {1, 2}, 1: {1, 2}, 2: {1, 2, 3, 4}, 3: {3}, 4: {1, 4, 5}}
    kept = alldifferent_support(cands)
    assert kept == {(0, 1), (0, 2), (1, 1), (1, 2), (2, 4), (3, 3), (4, 5)}


def test_remembered_models_give_the_same_backbone_as_a_fresh_solver():
    """A row of a 4x4 asked again and again as facts grow: the remembering backbone (models that
    still agree, removals proven before) equals a fresh solver's answer every time."""
    g = RuleCNF(puzzlesat.load("sudoku", {"box": "2"}, "................"))
    row = g.by_name["row 1"]
    solver = g.isolated([row.selector], on=False)
    memory = Witnesses()
    cell_lits = [g.lit[c, v] for c in row.cells for v in (1, 2, 3, 4)]
    steps = [[], [-g.lit[0, 1]], [-g.lit[0, 1], -g.lit[1, 1]], [-g.lit[0, 1], -g.lit[1, 1], -g.lit[2, 1]],
             [-g.lit[0, 1], -g.lit[1, 1], -g.lit[2, 1], -g.lit[0, 2], -g.lit[1, 2]]]  # fmt: skip
    answers = []
    for facts in steps:
        gone = {(g.fact_of[-f].cell, g.fact_of[-f].value) for f in facts}
        open_lits = [g.lit[c, v] for c in row.cells for v in (1, 2, 3, 4) if (c, v) not in gone]
        base = [row.selector, *facts]
        fresh = g.isolated([row.selector], on=False)
        try:
            expected = backbone(fresh, base, facts, open_lits, cell_lits, Witnesses())
        finally:
            fresh.delete()
        got = backbone(solver, base, facts, open_lits, cell_lits, memory)
        assert sorted(got) == sorted(expected)
        answers.append(sorted(g.fact_of[x] for x in got))
    solver.delete()
    g.close()
    assert [len(a) for a in answers] == [0, 0, 0, 3, 5]  # r1c4 = 1 forced (≠ 2, 3, 4), then r1c3 = 2 (≠ 3, 4)
