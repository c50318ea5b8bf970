"""One step per deduction on variants (issue 43, point 2): a removal the core finds is widened to
everything its rules and the facts on their cells give (reasoning/widen.py), so a cage or a
thermometer read once is one step, and no step repeats what the step before it already had."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.reasoning.recheck import implies

ROOT = Path(__file__).parent.parent


def said(puzzle, step) -> str:
    """A step's deductions as the text prints them: `r3c5 ≠ 4, 5; r4c2 = 3`."""
    by: dict[tuple[str, str], list[str]] = {}
    for f in step.deduced:
        by.setdefault((puzzle.cells[f.cell], "=" if f.placed else "≠"), []).append(str(f.value))
    return "; ".join(f"{c} {op} {', '.join(v)}" for (c, op), v in by.items())


KILLER = [
    'r1c3 ≠ 1, 2, 3, 5; r1c4 ≠ 1, 2, 3, 5',
    'r4c3 ≠ 3, 4, 5, 6; r4c4 ≠ 3, 4, 5, 6',
    'r1c5 ≠ 4, 5, 6; r1c6 ≠ 4, 5, 6; r2c5 ≠ 4, 5, 6',
    'r5c5 ≠ 1, 2, 3; r6c5 ≠ 1, 2, 3; r6c6 ≠ 1, 2, 3',
    'r1c1 ≠ 3, 6; r1c2 ≠ 3, 6',
    'r2c1 ≠ 5, 6; r3c1 ≠ 5, 6',
    'r2c6 ≠ 1, 4; r3c6 ≠ 1, 4',
    'r3c2 ≠ 1, 2; r3c3 ≠ 1, 2',
    'r3c4 ≠ 1, 2; r3c5 ≠ 1, 2',
    'r5c4 ≠ 5, 6; r6c4 ≠ 5, 6',
    'r3c1 = 1',
    'r4c3 = 2',
    'r4c4 = 1',
    'r2c1 = 4',
    'r1c3 = 6',
    'r1c4 = 4',
    'r1c1 = 5',
    'r1c2 = 1',
    'r2c3 = 3',
    'r2c2 = 2',
    'r2c5 = 1',
    'r3c2 ≠ 3, 6',
    'r4c2 ≠ 4, 5',
    'r2c4 = 5',
    'r2c6 = 6',
    'r3c6 = 2',
    'r1c6 = 3',
    'r1c5 = 2',
    'r3c5 ≠ 4, 5',
    'r5c1 = 2',
    'r5c4 = 3',
    'r3c4 = 6',
    'r3c5 = 3',
    'r6c4 = 2',
    'r5c2 = 6',
    'r4c2 = 3',
    'r4c1 = 6',
    'r6c1 = 3',
    'r6c2 = 4',
    'r3c2 = 5',
    'r3c3 = 4',
    'r6c6 = 5',
    'r4c6 = 4',
    'r4c5 = 5',
    'r5c5 = 4',
    'r5c6 = 1',
    'r5c3 = 5',
    'r6c3 = 1',
    'r6c5 = 6',
]

THERMO = [
    'r1c5 ≠ 6; r1c6 ≠ 5, 6',
    'r6c3 ≠ 6; r6c4 ≠ 5, 6',
    'r5c5 ≠ 6; r5c6 ≠ 5, 6',
    'r3c1 ≠ 6; r3c2 ≠ 4, 5, 6; r4c2 ≠ 5, 6',
    'r4c3 ≠ 6; r5c3 ≠ 5, 6; r6c2 ≠ 4, 5, 6',
    'r1c3 ≠ 3, 4, 5, 6; r2c4 ≠ 4, 5, 6; r3c4 ≠ 5, 6; r4c5 ≠ 6',
    'r1c4 ≠ 1, 2; r1c5 ≠ 1',
    'r5c2 ≠ 1, 2; r6c3 ≠ 1',
    'r5c5 ≠ 1; r6c6 ≠ 1, 2',
    'r3c1 ≠ 1, 2; r4c1 ≠ 1, 2, 3; r4c2 ≠ 1',
    'r4c3 ≠ 1, 2; r5c3 ≠ 1; r5c4 ≠ 1, 2, 3',
    'r2c4 ≠ 1; r3c4 ≠ 1, 2; r3c5 ≠ 1, 2, 3, 4; r4c5 ≠ 1, 2, 3',
    'r1c4 ≠ 3; r1c5 ≠ 2',
    'r5c6 ≠ 4',
    'r3c2 ≠ 3',
    'r3c6 ≠ 1',
    'r2c1 ≠ 1',
    'r1c2 ≠ 2',
    'r4c4 ≠ 6',
    'r2c6 ≠ 6',
    'r1c1 ≠ 6',
    'r1c1 ≠ 1',
    'r6c2 ≠ 1',
    'r4c3 ≠ 3; r5c3 ≠ 2; r5c4 ≠ 4',
    'r5c2 ≠ 3, 4',
    'r5c5 ≠ 5',
    'r4c2 ≠ 4',
    'r1c2 ≠ 1, 3; r2c2 ≠ 1, 2, 3; r3c2 ≠ 2',
    'r3c2 = 1',
    'r1c6 ≠ 4',
    'r5c1 ≠ 5, 6',
    'r4c1 ≠ 4, 5; r4c4 ≠ 4, 5; r4c6 ≠ 4, 5, 6',
    'r4c1 = 6',
    'r2c3 = 6',
    'r1c3 = 1',
    'r1c4 = 6',
    'r5c4 = 5',
    'r5c2 = 6',
    'r4c3 = 4',
    'r4c5 = 5',
    'r3c5 = 6',
    'r5c3 = 3',
    'r6c2 = 2',
    'r4c2 = 3',
    'r3c1 = 5',
    'r3c3 = 2',
    'r6c3 = 5',
    'r1c2 = 5',
    'r2c2 = 4',
    'r1c5 = 4',
    'r5c5 = 2',
    'r5c6 = 1',
    'r4c6 = 2',
    'r1c6 = 3',
    'r1c1 = 2',
    'r2c1 = 3',
    'r2c4 = 2',
    'r2c5 = 1',
    'r2c6 = 5',
    'r3c6 = 4',
    'r3c4 = 3',
    'r4c4 = 1',
    'r5c1 = 4',
    'r6c1 = 1',
    'r6c4 = 4',
    'r6c5 = 3',
    'r6c6 = 6',
]


@pytest.mark.parametrize(("ref", "expected"), [("killer-6x6", KILLER), ("thermo-sudoku", THERMO)])
def test_exact_steps_of_the_variant_examples(ref, expected):
    """The whole walk, step by step: each cage or thermometer read once gives all its removals."""
    p = puzzlesat.load(str(ROOT / "examples" / f"{ref}.toml"))
    e = puzzlesat.explain(p)
    assert e.solved
    assert [said(p, s) for s in e.steps] == expected


def test_the_killer_cage_that_was_two_steps_is_one():
    """r3c5 ≠ 4 and r3c5 ≠ 5 "from cage #8 alone" were steps 18 and 19, read from the same marks;
    after D14 they were still two (steps 24 and 31), a fact between them. Now a cage step is priced
    by what it holds (D17), the cages with one combination are read first, and r3c5 loses 4 and 5
    in one step: when it comes, r3c4 holds neither partner (it is 3 or 6)."""
    assert KILLER.index("r3c5 ≠ 4, 5") == 28
    assert "r3c5 ≠ 4" not in KILLER and "r3c5 ≠ 5" not in KILLER
    p = puzzlesat.load(str(ROOT / "examples" / "killer-6x6.toml"))
    e = puzzlesat.explain(p)
    before = _known_before(e)
    r3c4 = p.cells.index("r3c4")
    assert before[28][r3c4] == frozenset({3, 6})


def test_the_thermometers_single_removals_are_gone():
    """Steps 7-37 of the thermo explanation were 31 single removals, each from one thermometer:
    now a thermometer read alone gives 13 steps, each of three removals or more (each of the six
    read by propagation, then in full; the last, thermometer 1 again after other removals)."""
    p = puzzlesat.load(str(ROOT / "examples" / "thermo-sudoku.toml"))
    e = puzzlesat.explain(p)
    alone = [s for s in e.steps if len(s.main) == 1 and s.main[0].id.startswith("less")
             and not any(f.placed for f in s.deduced)]  # fmt: skip
    assert [len(s.deduced) for s in alone] == [3, 3, 3, 6, 6, 10, 3, 3, 3, 6, 6, 10, 3]


def _known_before(e):
    """The pencil marks before each step (e.before, then e.after shifted)."""
    return [e.before, *e.after[:-1]]


@pytest.mark.parametrize("ref", ["killer-6x6", "thermo-sudoku", "xv-sudoku", "kropki-sudoku", "arrow-sudoku"])
def test_no_step_is_what_the_step_before_already_implied(ref):
    """For every step that removes candidates, the step before it, read on the same rules with
    every fact known before it, did not already give those removals (plain-Python check), and
    every widened step re-derives from what it cites alone."""
    p = puzzlesat.load(str(ROOT / "examples" / f"{ref}.toml"))
    e = puzzlesat.explain(p)
    marks = _known_before(e)
    for i, step in enumerate(e.steps):
        if step.hypothesis is None and step.tier != "pattern":  # patterns: their own checker (test_patterns)
            assert implies(p, [r.id for r in step.rules], step.facts, step.deduced) is True, step
        if i == 0 or any(f.placed for f in step.deduced):
            continue
        prev = e.steps[i - 1]
        if prev.hypothesis is not None or {r.name for r in prev.main} != {r.name for r in step.main}:
            continue
        cells = {c for r in prev.main for c in r.cells}
        before = marks[i - 1]
        facts = [puzzlesat_fact(c, v, before) for c in sorted(cells) for v in p.domains[c] if v not in before[c]]
        facts += [puzzlesat_fact(c, next(iter(before[c])), before, placed=True) for c in sorted(cells)
                  if len(before[c]) == 1]  # fmt: skip
        if prev.tier == step.tier:
            assert implies(p, [r.id for r in prev.main], facts, step.deduced) is not True, (i + 1, said(p, step))


def puzzlesat_fact(cell, value, marks, placed=False):
    from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact

    return Fact(cell, value, PLACE if placed else ELIMINATE)
