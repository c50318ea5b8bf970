"""The cp search against the sat backend and brute force on small models whose values sit anywhere a
model accepts (near 0, +-2**61, +-2**62, the ends of 64-bit integers and past them), with weights
up to 2**63 and right sides at the 64-bit edges once shifted (issue 39): the three agree exactly, or
cp or sat refuses in one line."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from oracle import brute_force
from strategies import far_sum_puzzles

import puzzlesat
from puzzlesat.encoders.domains import refusal
from puzzlesat.runtime.errors import UsageError
from puzzlesat.solvers.cp_native import native

pytestmark = pytest.mark.skipif(native() is None, reason="the cp search is not compiled here")
SAT = ((None, None), ("onehot", "adder"), ("log", "native"))


@settings(max_examples=150)
@given(puzzle=far_sum_puzzles())
def test_cp_is_exact_or_refuses_at_every_magnitude(puzzle):
    """cp, sat and brute force give the same raw solutions, or cp refuses in one line."""
    truth = brute_force(puzzle).raw
    # The default; onehot with adders, within the memory estimate at every magnitude here; log with
    # native PB constraints, which take any integers but for a conditional sum (a !=).
    for encoding, pb in SAT:
        try:
            sat = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend="sat", encoding=encoding, pb=pb)
        except UsageError as e:
            event(f"sat {encoding} {pb} refuses: {'the PB limit' if 'Pindakaas, 64-bit' in str(e) else str(e)}")
            assert "\n" not in str(e) and ("--backend z3" in str(e) or "would fit: --encoding" in str(e))
            continue
        assert sat.complete and [s.values for s in sat.solutions] == truth
    why = refusal(puzzle)
    if why is None:
        event("cp takes it")
        cp = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend="cp")
        assert cp.complete and [s.values for s in cp.solutions] == truth
    else:
        event(f"cp refuses: {why.split(';')[0]}")
        with pytest.raises(UsageError) as refused:  # this, or the plan's own word on too many values
            puzzlesat.solve(puzzle, backend="cp")
        assert "\n" not in str(refused.value) and "--backend sat" in str(refused.value)
