"""Routine steps on one rule cost what a single does, by the cells a person holds in mind
(docs/decisions/explanations.md D14): `costs.routine_cost`, on the line through the naked single
(1.0) and the hidden single (1.2), whatever the rule's kind; and at the same price each fact read
and each cell of each combination left beyond the first, while reading the rule alone adds no
work to the grade (D17)."""

from __future__ import annotations

from pathlib import Path

import puzzlesat
from puzzlesat.reasoning.api import grade_of, share, work
from puzzlesat.reasoning.costs import (
    ROUTINE_FLOOR,
    combination_cells,
    innie_cost,
    named_cost,
    read_alone,
    routine_cost,
)
from puzzlesat.reasoning.facts import ELIMINATE, Fact, RuleRef, Step
from puzzlesat.reasoning.guarded import RuleCNF
from puzzlesat.reasoning.why import combinations_left

ROOT = Path(__file__).parent.parent


def test_the_line_through_the_singles():
    """One cell a naked single's 1.0, nine a hidden single's 1.2; a rule holds two cells at least,
    so every routine step costs more than a naked single and ends no earlier search."""
    assert [routine_cost(n) for n in range(1, 10)] == [1.02, 1.02, 1.05, 1.07, 1.1, 1.12, 1.15, 1.18, 1.2]
    assert routine_cost(9) == named_cost("hidden single")
    assert named_cost("naked single") < ROUTINE_FLOOR == routine_cost(2)


def test_what_is_held_beside_the_cells():
    """Each fact read and each open cell of each combination beyond the first is one more item at
    ROUTINE_CELL: a 2-cell cage 10 with four pairs left holds 2 x 3 more cells; a rule without
    combinations (None) or with one left adds nothing."""
    assert routine_cost(2, 0) == routine_cost(2) == 1.02
    assert routine_cost(2, 2 + combination_cells(2, 4)) == round(1.0 + 0.025 * (1 + 2 + 6), 2) == 1.23
    assert [combination_cells(2, k) for k in (None, 0, 1, 2, 4)] == [0, 0, 0, 2, 6]
    assert combination_cells(3, 5) == 12


def test_reading_one_rule_alone_is_not_work():
    """The work term counts a one-rule step's price above its rule read alone (a cage is a killer's
    given) and every other step's above SINGLES: two cage reads add nothing; the same cage with
    four pairs left but no fact cited is still read alone (D18); holding two marks of another cell
    beside (and the combinations) adds 0.05, its price above the cage's cells; a naked single
    0.1, a hidden single 0.3."""
    cage = (RuleRef("cage 10 at r1c1 (2 cells)", (0, 1)),)
    marks = (Fact(1, 3, ELIMINATE), Fact(1, 7, ELIMINATE))
    read = Step((), cage, (), routine_cost(2), "single rule", main=cage)
    combos = Step((), cage, (), routine_cost(2, 6), "combination", main=cage)
    held = Step((), cage, marks, routine_cost(2, 2), "single rule", main=cage)
    naked = Step((), (), (), 1.0, "naked single")
    hidden = Step((), (), (), 1.2, "hidden single")
    assert read_alone("single rule", [2]) == 1.02 and read_alone("hidden single", [9]) == 0.0
    assert read_alone("single rule", [2], facts=0, cost=1.17) == 1.17  # nothing cited: all of it read
    assert read_alone("single rule", [2], facts=2, cost=1.07) == 1.02
    assert read_alone("single rule", [2, 9]) == 0.0  # two rules: not one rule read alone
    assert [round(work(s), 2) for s in (read, combos, held, naked, hidden)] == [0.0, 0.0, 0.05, 0.1, 0.3]
    assert grade_of([read, read]).score == 1.02
    assert grade_of([read, held, naked, hidden]).score == round(1.2 + (0.05 + 0.1 + 0.3) / 5, 2) == 1.29


def test_a_rule_of_45_works_its_houses_not_its_totals():
    """A rule of 45 adds its price above SINGLES less INNIE_TOTAL for each rule cited beyond its
    first house (the totals it subtracts are on the board): a box less three cages (1.8) adds 0.45,
    what a hidden single's house and the region's own total hold; a sum written down before and read again
    as a cage of its cells (below any first-time price) adds nothing."""
    assert innie_cost(1, 3) == 1.8 and innie_cost(2, 5) == 2.4 and innie_cost(1, 1) == 1.5 > routine_cost(3)
    box = RuleRef("box 1", tuple(range(9)))
    cages = tuple(RuleRef(f"cage {i}", (i,)) for i in range(3))
    first = Step((), (box, *cages), (), innie_cost(1, 3), "rule of 45", main=(box, *cages))
    again = Step((), (box, *cages), (), routine_cost(3), "rule of 45", main=(box, *cages))
    assert read_alone("rule of 45", [9, 1, 1, 1], 0, 1.8) == 1.35
    assert [round(work(s), 2) for s in (first, again)] == [0.45, 0.0]


def test_the_work_is_weighed_by_the_share_of_cells_placed():
    """A classic sudoku leaves about 56.4 of its 81 cells to place: a walk that places more (a
    killer with no given places all 81) counts its work at that share per cell, never above 1."""
    assert abs(share(81, 81) - 56.4 / 81) < 1e-9
    assert share(81, 56) == 1.0 and share(81, 0) == 1.0 and share(36, 36) == share(81, 81)
    assert abs(share(81, 64) - 56.4 / 64) < 1e-9
    naked = Step((), (), (), 1.0, "naked single")
    hidden = Step((), (), (), 1.2, "hidden single")
    steps = [hidden] + [naked] * 80
    assert grade_of(steps).score == round(1.2 + (0.3 + 8.0) / 5, 2) == 2.86
    assert grade_of(steps, 81, 81).score == round(1.2 + share(81, 81) * 8.3 / 5, 2) == 2.36
    assert grade_of(steps, 81, 50).score == 2.86


def test_killer_6x6_prices_every_cage_step_by_what_it_holds():
    """Each step read off one cage costs routine_cost of the cage's cells, the facts it cites and
    the cells of the combinations left before it (counted here from the marks before the step);
    the 21 cage steps add no work beyond what they hold, and the work counts at a classic sudoku's
    share of cells placed: the walk grades easy, 1.69 (1.96 before D18, 2.43 before D17, medium
    4.42 before D14)."""
    p = puzzlesat.load(str(ROOT / "examples" / "killer-6x6.toml"))
    e = puzzlesat.explain(p)
    g = RuleCNF(p)
    try:
        rules = {r.name: r for r in g.rules}
        placed = {c for c, _ in p.givens}
        marks = [set(m) for m in e.before]
        priced = 0
        for i, s in enumerate(e.steps):
            if s.technique == "single rule":
                rule = rules[s.main[0].name]
                open_cells = sum(1 for c in rule.cells if c not in placed)
                combos = combination_cells(open_cells, combinations_left(p, rule, marks))
                assert s.cost == routine_cost(len(rule.cells), len(s.facts) + combos), (i, s)
                priced += 1
            placed |= {f.cell for f in s.deduced if f.placed}
            marks = [set(m) for m in e.after[i]]
    finally:
        g.close()
    assert priced == 21  # 24 before D17: steps holding more now come after hidden singles
    assert (e.grade.level, e.grade.score) == ("easy", 1.69)


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
