"""Every backend and encoding against brute force on small random puzzles (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from oracle import brute_force, burnside
from strategies import small_puzzles

import puzzlesat
from puzzlesat import encoders
from puzzlesat.solvers import BACKENDS

# The external backend needs a solver program: tests/test_external.py runs this oracle on it.
CONFIGS = [(b, e) for b, info in sorted(BACKENDS.items()) if b != "external" for e in encoders.names(info.kind)]


@pytest.mark.parametrize(("backend", "encoding"), CONFIGS)
@settings(max_examples=25)
@given(puzzle=small_puzzles())
def test_backend_agrees_with_brute_force(backend, encoding, puzzle):
    """Raw list, canonical list and orbit count equal brute force's; Burnside agrees on the count."""
    truth = brute_force(puzzle)
    raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend=backend, encoding=encoding)
    assert raw.complete
    assert [s.values for s in raw.solutions] == truth.raw
    assert len(truth.canonical) == burnside(puzzle, truth.raw)
    for strategy in ("auto", "orbit"):
        classes = puzzlesat.solve(puzzle, all=True, backend=backend, encoding=encoding, symmetry_breaking=strategy)
        assert [s.values for s in classes.solutions] == truth.canonical, strategy
        for s in classes.solutions:
            assert s.unknowns == puzzle.unknown_values(s.values)


@pytest.mark.parametrize(("backend", "encoding"), CONFIGS)
@settings(max_examples=10)
@given(puzzle=small_puzzles(with_symmetry=False))
def test_first_solution_exists_iff_brute_force_finds_one(backend, encoding, puzzle):
    """A plain solve returns a solution exactly when one exists, and it stops at the limit."""
    truth = brute_force(puzzle)
    one = puzzlesat.solve(puzzle, backend=backend, encoding=encoding)
    assert one.count == min(1, len(truth.raw))
    assert one.stopped == ("limit" if truth.raw else None)
