"""Routine steps on one rule cost what a single does, by the cells a person holds in mind
(docs/decisions/explanations.md D14): `costs.routine_cost`, on the line through the naked single
(1.0) and the hidden single (1.2), whatever the rule's kind."""

from __future__ import annotations

from pathlib import Path

import puzzlesat
from puzzlesat.reasoning.costs import ROUTINE_FLOOR, named_cost, routine_cost
from puzzlesat.reasoning.guarded import RuleCNF
from puzzlesat.reasoning.why import combinations_left

ROOT = Path(__file__).parent.parent


def test_the_line_through_the_singles():
    """One cell a naked single's 1.0, nine a hidden single's 1.2; a rule holds two cells at least,
    so every routine step costs more than a naked single and ends no earlier search."""
    assert [routine_cost(n) for n in range(1, 10)] == [1.02, 1.02, 1.05, 1.07, 1.1, 1.12, 1.15, 1.18, 1.2]
    assert routine_cost(9) == named_cost("hidden single")
    assert named_cost("naked single") < ROUTINE_FLOOR == routine_cost(2)


def test_killer_6x6_prices_every_cage_step_by_its_cells():
    """Each step read off one cage costs routine_cost of the cage's cells (2-cell cages 1.02, 3-cell
    1.05), never more than a hidden single; the walk grades easy, 2.43 (was medium 4.42)."""
    p = puzzlesat.load(str(ROOT / "examples" / "killer-6x6.toml"))
    e = puzzlesat.explain(p)
    cages = [s for s in e.steps if s.technique == "single rule"]
    assert len(cages) == 24
    assert all(s.cost == routine_cost(len(s.main[0].cells)) for s in cages)
    assert sorted({s.cost for s in cages}) == [1.02, 1.05]
    assert (e.grade.level, e.grade.score) == ("easy", 2.43)


def _with_cage(tmp_path: Path, size: int, total: int):
    """A 9x9 killer with one cage of `size` cells on row 1 summing to `total`, its rules' CNF and the cage's rule."""
    cells = ", ".join(f'"r1c{c}"' for c in range(1, size + 1))
    path = tmp_path / f"cage{size}.toml"
    toml = f'name = "one-cage"\n[grid]\nsize = 9\n\n[[cage]]\ncells = [{cells}]\nsum = {total}\n'
    path.write_text(toml, encoding="utf-8")
    p = puzzlesat.load(str(path))
    g = RuleCNF(p)
    (rule,) = [r for r in g.rules if r.name.startswith("cage")]
    return p, g, rule


def test_one_combination_left_counts_past_the_why_texts_seven_cells(tmp_path):
    """An 8-cell cage of 43 holds 1-9 less 2: one combination, so routine, although too long for
    a why-text to list. A 7-cell cage of 38 leaves out two digits making 7 (1+6, 2+5 or 3+4): three
    sets, and one once 3 and 4 are out of all its cells (only "less 3 and 4" fits)."""
    p, g, rule = _with_cage(tmp_path, 8, 43)
    try:
        assert combinations_left(p, rule, [set(d) for d in p.domains]) == 1
    finally:
        g.close()
    p, g, rule = _with_cage(tmp_path, 7, 38)
    try:
        marks = [set(d) for d in p.domains]
        assert combinations_left(p, rule, marks) == 3
        for c in rule.cells:
            marks[c] -= {3, 4}
        assert combinations_left(p, rule, marks) == 1
    finally:
        g.close()
