"""Domains narrowed by a figure's givens before encoding (issue 31): smaller CNF, same solutions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import puzzlesat
from puzzlesat.solvers import narrow, sat_backend
from puzzlesat.solvers.base import Config

ORDER = puzzlesat.resolve(Config(backend="sat", encoding="order"))
GIVENS_5X5 = Path(__file__).parent.parent / "benchmarks" / "data" / "magic-square-5-givens.toml"


def square_4_with_givens():
    """A 4x4 magic square with two givens (16 in a corner, 1 beside it) and no symmetry left."""
    square = puzzlesat.load("magic-square", params={"order": "4"})
    return replace(square, givens=((0, 16), (1, 1)), generators=())


def test_the_givens_narrow_every_line_of_the_5x5():
    """Given cells keep their value, the others lose the seven given values, and the two free
    cells of the first column (their sum is 21) lose what cannot make 21."""
    puzzle = puzzlesat.load(str(GIVENS_5X5))
    sizes = [len(d) for d in narrow.narrowed(puzzle).domains]
    given = dict(puzzle.givens)
    assert [sizes[c] for c in sorted(given)] == [1] * 7
    assert sizes[15] == sizes[20] == 14
    assert all(sizes[c] == 18 for c in range(25) if c not in given and c not in (15, 20))


def test_puzzles_without_givens_or_sums_are_left_as_they_are():
    """No givens, or a grid (sudoku): the very same puzzle comes back."""
    square = puzzlesat.load("magic-square", params={"order": "4"})
    sudoku = puzzlesat.load("sudoku")
    assert narrow.narrowed(square) is square
    assert narrow.narrowed(sudoku) is sudoku


def test_the_session_encodes_the_narrowed_domains_and_finds_the_same_solutions(monkeypatch):
    """Every solution of the 4x4 with two givens, narrowed and not: the same sorted list."""
    puzzle = square_4_with_givens()
    with sat_backend.SatSession(puzzle, ORDER) as session:
        assert session.encoding.domains[0] == (16,)
        assert 16 not in session.encoding.domains[5]
    narrowed = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, config=ORDER)
    monkeypatch.setattr(narrow, "narrowed", lambda p: p)
    plain = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, config=ORDER)
    assert narrowed.complete and plain.complete
    assert [s.values for s in narrowed.solutions] == [s.values for s in plain.solutions]
    assert narrowed.count == 42  # as Z3 over integers counts them
    assert narrowed.stats["clauses"] < plain.stats["clauses"]


def test_a_scope_given_a_narrowed_away_value_has_no_solution():
    """A batch scope (`push`) may ask for a value the narrowing removed: no solution, not a crash."""
    puzzle = square_4_with_givens()
    with sat_backend.SatSession(puzzle, ORDER) as session:
        session.push([(5, 16)])  # 16 is given at cell 0
        assert session.next(None) is None
        session.pop()
        assert session.next(None) is not None


def test_blocking_an_assignment_outside_the_narrowed_domains_is_a_no_op():
    """An orbit image that moves a given is no model of the narrowed CNF: blocking it adds nothing
    (it used to be a clause; now there are no literals to say it with)."""
    puzzle = square_4_with_givens()
    with sat_backend.SatSession(puzzle, ORDER) as session:
        found = session.next(None)
        moved = (1, 16, *found.values[2:])  # the two givens swapped
        session.block([moved])
        assert session.stats()["blocking_clauses"] == 0
        session.block([found.values])
        assert session.stats()["blocking_clauses"] == 1
