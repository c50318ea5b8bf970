"""The z3-pb encoding (Z3 on one-hot Booleans): its pieces, and the seed puzzles too slow for it whole.

tests/test_seeds.py and tests/test_oracle.py run z3-pb with every other encoding; magic-square-18
and magic-pair-18 take it 18-150 s whole (see TOO_SLOW there), so here it must match z3-int on
parts of them: the square with its centre given, the pair with its first square given.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
import z3
from oracle import brute_force

import puzzlesat
from puzzlesat.catalog.builtin import build
from puzzlesat.model.model import define
from puzzlesat.solvers import z3_pb


def values(puzzle, encoding, **kw):
    outcome = puzzlesat.solve(puzzle, all=True, backend="z3", encoding=encoding, **kw)
    assert outcome.complete
    return [s.values for s in outcome.solutions]


@pytest.mark.parametrize(("centre", "classes"), [(9, 10), (12, 4)])
def test_magic_square_18_by_centre_agrees_with_z3_int(centre, classes):
    """magic-square-18 with its centre given (the centre is fixed by every symmetry): same classes."""
    puzzle = dataclasses.replace(build("magic-square-18"), givens=((4, centre),))
    got = values(puzzle, "z3-pb")
    assert got == values(puzzle, "z3-int")
    assert len(got) == classes


def test_magic_square_18_raw_with_centre_5():
    """Centre 5 leaves only the 1..9 square: one class, its 8 images when counted raw."""
    puzzle = dataclasses.replace(build("magic-square-18"), givens=((4, 5),))
    raw = values(puzzle, "z3-pb", modulo_symmetry=False)
    assert raw == values(puzzle, "z3-int", modulo_symmetry=False)
    assert len(raw) == 8 and all(sorted(r) == list(range(1, 10)) for r in raw)


def test_magic_pair_18_second_square():
    """magic-pair-18 with a 1..9 square given (no symmetry left): the second square is 10..18, 8 ways."""
    first = (2, 7, 6, 9, 5, 1, 4, 3, 8)
    puzzle = dataclasses.replace(build("magic-pair-18"), givens=tuple(enumerate(first)), generators=())
    raw = values(puzzle, "z3-pb")
    assert raw == values(puzzle, "z3-int")
    assert len(raw) == 8 and all(sorted(r[9:]) == list(range(10, 19)) for r in raw)


def test_weighted_sums_with_negative_values_agree_with_brute_force():
    """Weights other than 1 (also negative and zero) and values around zero, sums equal to N and to a constant."""
    puzzle = define(
        "weighted",
        cells=4,
        values=range(-2, 4),
        distinct=[[0, 1, 2]],
        sums=[([0, 1, 2], "N", [2, -1, 3]), ([1, 2, 3], 1, [1, 0, -2]), ([0, 3], "N", [1, 4])],
    )
    truth = brute_force(puzzle).raw
    assert truth
    assert values(puzzle, "z3-pb", modulo_symmetry=False) == truth == values(puzzle, "z3-int", modulo_symmetry=False)


@pytest.mark.parametrize("name", ["magic-frame", "magic-triangle"])
def test_lex_and_orbit_agree(name):
    """Lex-leader constraints on the Booleans and orbit blocking report the same classes as z3-int."""
    puzzle = build(name)
    lex = values(puzzle, "z3-pb", symmetry_breaking="lex")
    assert lex == values(puzzle, "z3-pb", symmetry_breaking="orbit") == values(puzzle, "z3-int")


def test_less_than_and_differs_from_over_the_booleans():
    """less_than(a, b) admits exactly the pairs with a < b (domains with holes); blocking each leaves none."""
    puzzle = define("pair", cells=2, values=[1, 3, 4, 7], domains={1: [0, 3, 5]}, distinct="none")
    ctx = z3.Context()
    enc = z3_pb.encode(puzzle, ctx)
    solver = z3.Solver(ctx=ctx)
    solver.add(*enc.assertions, enc.less_than(0, 1))
    found = []
    while solver.check() == z3.sat:
        found.append(enc.values(solver.model()))
        solver.add(enc.differs_from(found[-1]))
    assert sorted(found) == [(a, b) for a, b in itertools.product(*puzzle.domains) if a < b]
    assert z3.is_true(z3.simplify(enc.differs_from((2, 0))))  # outside the domain: nothing to block


def test_stats_count_the_booleans():
    """The session reports assertions and one Boolean per cell value and unknown value."""
    puzzle = build("magic-frame")
    stats = puzzlesat.solve(puzzle, backend="z3", encoding="z3-pb").stats
    assert stats["encoding"] == "z3-pb"
    assert stats["booleans"] == sum(map(len, puzzle.domains)) + sum(len(u.domain) for u in puzzle.unknowns)
    assert stats["assertions"] > 0
    assert {"assertions", "integers"} <= set(puzzlesat.solve(puzzle, backend="z3").stats)


def test_weights_and_totals_past_c_ints_agree_with_brute_force():
    """Z3's PB terms take C ints: a weight or a total of 2**31 or more is said in integer arithmetic
    instead (it raised Z3Exception "k is too large"), with the same solutions as brute force."""
    from puzzlesat.model.rules.sum import Sum

    puzzle = define(
        "huge-weights",
        cells=3,
        values=range(4),
        distinct="none",
        sums=[([0, 1], 2**31 + 3, [2**31, 1])],
        rules=[Sum((0, 1, 2), 9 * 10**9 - 2**31 + 1, ">=", (-(2**31), 3 * 10**9, 1)), Sum((1, 2), 4, "<=")],
    )
    truth = brute_force(puzzle).raw
    assert truth == [(1, 3, 1)]
    assert values(puzzle, "z3-pb", modulo_symmetry=False) == truth == values(puzzle, "z3-int", modulo_symmetry=False)
