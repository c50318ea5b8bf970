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


def _lits(pairs):
    return frozenset(100 + 10 * c + v for c, v in pairs)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sets(st.integers(1, 4), min_size=1, max_size=4), min_size=4, max_size=4),
    st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4)), max_size=6),
)
def test_a_house_joined_with_another_rules_models_holds_what_brute_force_holds(sets, models):
    """A house of cells 0-3 and another rule over cells 2-4 known by a few models: the pairs held
    (a model of the other rule completed in the house by matching) equal brute force over every
    all-different assignment of the house that agrees with a model on cells 2 and 3 (the models
    that break a candidate fact dropped)."""
    from puzzlesat.reasoning.backbone import Supports, house_joined

    cands = {c: set(s) for c, s in enumerate(sets)}
    pair_of = {100 + 10 * c + v: (c, v) for c in range(5) for v in range(1, 5)}
    other = Supports(_lits((c, v) for c in (2, 3, 4) for v in range(1, 5)))
    for a, b, e in models:
        other.add(_lits([(2, a), (3, b), (4, e)]))
    facts = [-lit for lit in _lits((c, v) for c in range(4) for v in range(1, 5) if v not in cands[c])]
    truth: set[tuple[int, int]] = set()
    for m in other.alive(facts):
        got = dict(pair_of[lit] for lit in m)
        for values in itertools.product(*(sorted(cands[c]) for c in range(4))):
            if len(set(values)) == 4 and values[2] == got[2] and values[3] == got[3]:
                truth |= set(enumerate(values)) | {(4, got[4])}
    wanted = {(c, v) for c in range(5) for v in range(1, 5)}
    assert house_joined(range(4), cands, other, facts, pair_of, wanted) == truth


def test_joined_models_hold_what_some_model_of_both_rules_holds():
    """Two rules' models joined where they agree on the shared cell: only agreeing pairs join, and
    a fact that a model breaks drops it for good."""
    from puzzlesat.reasoning.backbone import Supports, joined

    a = Supports(_lits((c, v) for c in (0, 1) for v in (1, 2, 3)))
    b = Supports(_lits((c, v) for c in (1, 2) for v in (1, 2, 3)))
    a.add(_lits([(0, 1), (1, 2)]))
    a.add(_lits([(0, 3), (1, 1)]))
    b.add(_lits([(1, 2), (2, 3)]))
    b.add(_lits([(1, 3), (2, 1)]))
    assert joined(a, b, ()) == set(_lits([(0, 1), (1, 2), (2, 3)]))
    assert joined(a, b, [-(100 + 10 * 2 + 3)]) == set()  # r?c2 ≠ 3: b's only agreeing model is gone
    assert len(b.alive(())) == 1


def test_an_explainers_group_backbones_equal_a_fresh_solvers_along_a_walk():
    """Along killer-6x6's walk, every pair of a cage and a house asked in full with the rules' own
    models joined (no solver call where they suffice) removes exactly what a fresh solver removes."""
    from puzzlesat.reasoning import api
    from puzzlesat.reasoning.search import Explainer

    puzzle = puzzlesat.load("examples/killer-6x6.toml")
    ex = Explainer(puzzle, api._solutions(puzzle, None))
    checked = 0
    try:
        for step in ex.run(12):
            assert step is not None
            for a, b in ex._pairs()[:40]:
                sels = (a.selector, b.selector)
                cells = sorted({*a.cells, *b.cells})
                lits = ex.fact_lits(cells)
                got = ex._backbone([*sels, *lits], cells, lambda s=sels: ex._sub(s, True))
                fresh = ex.g.isolated(sels, on=False)
                try:
                    open_lits = [ex.g.lit[c, v] for c in cells if c not in ex.placed for v in sorted(ex.cands[c])]
                    want = [-x for x in open_lits if not fresh.solve([*sels, *lits, x])]
                finally:
                    fresh.delete()
                assert sorted(got) == sorted(ex._new(want))
                checked += 1
    finally:
        ex.close()
    assert checked > 100
