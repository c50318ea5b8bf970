"""The rule of 45 (reasoning/innies.py, docs/decisions/explanations.md D14): a house's total less the
sums inside it, or the sums covering it less its total, is what the cells left over make; found on
the explainer's marks, re-derived by `innies.check` and by the re-checking solver, priced as a
step a killer solver takes early (`costs.innie_cost`)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.reasoning import innies
from puzzlesat.reasoning.costs import innie_cost, routine_cost
from puzzlesat.reasoning.innies import Sum, check, find, text_of
from puzzlesat.reasoning.patterns import House
from puzzlesat.reasoning.recheck import implies
from puzzlesat.runtime.errors import CheckError

ROOT = Path(__file__).parent.parent
NAMES = tuple(f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5))  # a 4x4's cells, 0 = r1c1
ROW1 = House("row 1", "row", (0, 1, 2, 3), True)
ROW2 = House("row 2", "row", (4, 5, 6, 7), True)
TOTALS = {"row 1": 10, "row 2": 10}


def _cands(**marks: set[int]) -> list[set[int]]:
    out = [set(range(1, 5)) for _ in NAMES]
    for name, kept in marks.items():
        out[NAMES.index(name)] = set(kept)
    return out


def test_innies_of_a_row_leave_two_cells_and_remove_what_makes_no_total():
    """Row 1 holds 1-4 (10); cage 3 on r1c1-r1c2 leaves r1c3 + r1c4 = 7, all different in row 1:
    with r1c3 only 3 or 4, r1c4 loses 1 and 2 (no partner makes 7)."""
    cage = Sum("cage 3 at r1c1 (2 cells)", (0, 1), 3)
    cands = _cands(r1c3={3, 4})
    (found,) = find([ROW1], {"row 1": 10}, [cage], cands, {}, NAMES)
    assert found.form == "innies" and found.houses == ("row 1",) and found.sums == (cage,)
    assert found.cells == (2, 3) and found.rest == 7 and found.distinct == "row 1"
    assert found.places == () and found.eliminates == ((3, 1), (3, 2))
    assert found.text == "rule of 45 in row 1: 10 - cage 3 at r1c1 (2 cells) leaves r1c3 + r1c4 = 7"
    assert check(found, [ROW1], {"row 1": 10}, cands, {}, NAMES)


def test_a_placed_cell_left_over_is_taken_off_by_its_value():
    """Cage 3 on r1c1-r1c2, r1c3 placed 4: r1c4 = 10 - 3 - 4 = 3, a placement."""
    cage = Sum("cage 3 at r1c1 (2 cells)", (0, 1), 3)
    cands = _cands(r1c3={4})
    (found,) = find([ROW1], {"row 1": 10}, [cage], cands, {2: 4}, NAMES)
    assert found.placed == ((2, 4),) and found.cells == (3,) and found.rest == 3 and found.places == ((3, 3),)
    assert found.text == "rule of 45 in row 1: 10 - cage 3 at r1c1 (2 cells) - r1c3 (4) leaves r1c4 = 3"


def test_outies_of_a_row_and_the_sum_of_two_rows():
    """Cages 6 (r1c1, r1c2, r2c1) and 7 (r1c3, r1c4) cover row 1 and stick out by r2c1: r2c1 =
    6 + 7 - 10 = 3. Rows 1-2 (20) hold cage 7 and cage 6 (r1c1, r1c2, r2c1) and cage 4 on r2c2-r2c3:
    r2c4 = 20 - 7 - 6 - 4 = 3, an innie of the two rows together."""
    a, b = Sum("cage 6 at r1c1 (3 cells)", (0, 1, 4), 6), Sum("cage 7 at r1c3 (2 cells)", (2, 3), 7)
    c = Sum("cage 4 at r2c2 (2 cells)", (5, 6), 4)
    cands = _cands()
    found = find([ROW1, ROW2], TOTALS, [a, b, c], cands, {}, NAMES)
    said = {(f.houses, f.form): (f.cells, f.rest, f.places, f.text) for f in found}
    assert said[("row 1",), "outies"] == (
        (4,), 3, ((4, 3),),
        "rule of 45 in row 1: cage 6 at r1c1 (3 cells) + cage 7 at r1c3 (2 cells) - 10 leaves r2c1 = 3",
    )
    assert said[("row 1", "row 2"), "innies"] == (
        (7,), 3, ((7, 3),),
        "rule of 45 in rows 1-2: 20 - cage 6 at r1c1 (3 cells) - cage 7 at r1c3 (2 cells) - cage 4 at r2c2 (2 cells)"
        " leaves r2c4 = 3",
    )
    assert all(check(f, [ROW1, ROW2], TOTALS, cands, {}, NAMES) for f in found)


def test_nothing_new_no_step():
    """A rest that removes nothing is no step; neither is a rest over more than three open cells."""
    cage = Sum("cage 3 at r1c1 (2 cells)", (0, 1), 3)
    assert find([ROW1], {"row 1": 10}, [cage], _cands(r1c3={3, 4}, r1c4={3, 4}), {}, NAMES) == []
    small = Sum("cage 1 at r1c1 (1 cells)", (0,), 1)
    assert find([ROW2], {"row 2": 10}, [small], _cands(), {}, NAMES) == []  # not inside row 2


def test_the_checker_refuses_forged_steps():
    """Each lie is caught from the definitions alone: a wrong total, a sum not inside the region,
    overlapping sums, an elimination some filling uses, a placement that is not forced, a text
    that says another number, a region that is not a full house."""
    cage = Sum("cage 3 at r1c1 (2 cells)", (0, 1), 3)
    cands = _cands(r1c3={3, 4})
    (good,) = find([ROW1], {"row 1": 10}, [cage], cands, {}, NAMES)
    args = ([ROW1], {"row 1": 10}, cands, {}, NAMES)
    assert check(good, *args)

    def retext(f):
        return replace(f, text=text_of(f.form, f.houses, f.region_total, f.sums, f.placed, f.cells, f.rest, NAMES))

    forged = [
        retext(replace(good, rest=8)),
        retext(replace(good, region_total=11)),
        retext(replace(good, sums=(Sum("cage 3 at r1c1 (2 cells)", (0, 4), 3),))),
        retext(replace(good, sums=(cage, Sum("cage 4 at r1c2 (2 cells)", (1, 2), 4)))),
        replace(good, eliminates=((3, 1), (3, 3))),
        replace(good, places=((2, 3),)),
        replace(good, text=good.text.replace("= 7", "= 8")),
        retext(replace(good, form="outies")),
        retext(replace(good, distinct="row 2")),
    ]
    for bad in forged:
        assert not check(bad, *args), bad
    assert not check(good, [replace(ROW1, full=False)], {"row 1": 10}, cands, {}, NAMES)


def test_a_small_killer_places_its_innie_with_the_exact_text():
    """`generate killer-sudoku -p size=6 --seed 5` (deterministic): step 17 (14 before D17 priced
    cage steps by what they hold, after two rule-of-45 steps on row 3 and box 3) is box 6 (1-6 make
    21) less its cages 9 and 6, which leaves r5c4 = 6, a placement from the box and the two cages
    alone: 1.2 and 0.15 for each of the three totals."""
    from puzzlesat.setter.generate import generate_puzzle

    p = generate_puzzle("killer-sudoku", seed=5, params={"size": "6"}).puzzle
    e = puzzlesat.explain(p)
    assert [i for i, s in enumerate(e.steps, 1) if s.technique == "rule of 45"] == [11, 15, 17]
    s = e.steps[16]
    assert s.text == "rule of 45 in box 6: 21 - cage 9 at r5c5 (3 cells) - cage 6 at r6c4 (2 cells) leaves r5c4 = 6"
    assert [(p.cells[f.cell], f.value, f.kind) for f in s.deduced] == [("r5c4", 6, "place")]
    assert [r.name for r in s.main] == ["box 6", "cage 9 at r5c5 (3 cells)", "cage 6 at r6c4 (2 cells)"]
    assert s.cost == innie_cost(1, 2) == 1.65 and s.facts == ()
    assert implies(p, [r.id for r in s.rules], s.facts, s.deduced) is True
    assert e.solved


def test_kenken_rows_take_the_rule_of_their_total():
    """examples/kenken.toml (6x6, rows of 1-6 make 21): step 12 (13 before D17) is row 2 less its 3-cell sum cage,
    the three cells left making 6, so 1, 2 and 3 between them; the walk still solves."""
    p = puzzlesat.load(str(ROOT / "examples" / "kenken.toml"))
    e = puzzlesat.explain(p)
    s = e.steps[11]
    assert s.technique == "rule of 45"
    assert s.text == "rule of 45 in row 2: 21 - cage 15 at r2c4 (3 cells) leaves r2c1 + r2c2 + r2c3 = 6"
    assert {f.value for f in s.deduced} <= {4, 5, 6} and not any(f.placed for f in s.deduced)
    assert [r.name for r in s.main] == ["row 2", "cage 15 at r2c4 (3 cells)"] and s.cost == innie_cost(1, 1) == 1.5
    assert implies(p, [r.id for r in s.rules], s.facts, s.deduced) is True
    assert e.solved


KD = "KD_Killer_IM1-B1-P1"  # KrazyDad intermediate killer, volume 1 book 1 (benchmarks/data/rated_variants.json)


def _kd(tmp_path: Path):
    data = json.loads((ROOT / "benchmarks" / "data" / "rated_variants.json").read_text(encoding="utf-8"))
    (toml,) = [p["toml"] for p in data["puzzles"] if p["id"] == KD]
    path = tmp_path / f"{KD}.toml"
    path.write_text(toml, encoding="utf-8")
    return puzzlesat.load(str(path))


def test_a_published_killer_takes_the_rule_of_45_with_its_exact_text(tmp_path):
    """KrazyDad's easiest intermediate killer: after its cages' routine steps, box 6 less cage 38
    leaves r4c7 + r6c7 = 7, which places both; the step cites box 6 and the cage, costs less than
    locked candidates, and follows in plain Python from what it cites. The puzzle grades easy, 2.98
    (medium 4.05 before D18: its cages read alone, its totals read as givens, its work at a classic
    sudoku's share of cells placed)."""
    p = _kd(tmp_path)
    e = puzzlesat.explain(p)
    (i,) = [i for i, s in enumerate(e.steps) if s.technique == "rule of 45"]
    s = e.steps[i]
    assert i == 27
    assert s.text == "rule of 45 in box 6: 45 - cage 38 at r4c8 (7 cells) leaves r4c7 + r6c7 = 7"
    assert [(p.cells[f.cell], f.value, f.kind) for f in s.deduced] == [("r4c7", 4, "place"), ("r6c7", 3, "place")]
    assert [r.name for r in s.main] == ["box 6", "cage 38 at r4c8 (7 cells)"]
    assert s.cost == innie_cost(1, 1) == 1.5 and s.cost < 3.05
    assert implies(p, [r.id for r in s.rules], s.facts, s.deduced) is True
    assert (e.grade.level, e.grade.score) == ("easy", 2.98)


@pytest.mark.parametrize("lie", ["text", "rest"])
def test_the_explainer_refuses_a_forged_rule_of_45(monkeypatch, tmp_path, lie):
    """A finder that lies (the text says 8 where the arithmetic gives 7, or the rest itself is
    wrong) stops the walk with a CheckError instead of printing the step."""
    real = innies.find

    def lying(*args, **kwargs):
        out = []
        for f in real(*args, **kwargs):
            if lie == "text":
                f = replace(f, text=f.text.replace(f"= {f.rest}", f"= {f.rest + 1}"))
            else:
                f = replace(f, rest=f.rest + 1)
                f = replace(f, text=text_of(f.form, f.houses, f.region_total, f.sums, f.placed, f.cells, f.rest,
                                            args[5]))  # fmt: skip
            out.append(f)
        return out

    monkeypatch.setattr(innies, "find", lying)
    with pytest.raises(CheckError, match="rule-of-45 step does not hold"):
        puzzlesat.explain(_kd(tmp_path))


def test_the_rule_of_45_is_priced_by_its_houses_and_totals():
    """A house 1.2, 0.3 a house more, 0.15 for each total in the arithmetic (the region's and each
    sum's), not by the cells left (D17); at most 3.0, below locked candidates."""
    assert [innie_cost(1, n) for n in (1, 2, 3)] == [1.5, 1.65, 1.8]
    assert [innie_cost(h, 2) for h in (1, 2, 3)] == [1.65, 1.95, 2.25]
    assert innie_cost(3, 9) == 3.0 < 3.05


def test_a_sum_written_down_before_is_read_again_as_a_cage():
    """examples/kenken.toml: rows 2 and 6 less their cages give the same sums twice each (steps 12
    and 24, 14 and 16), the second time with more marks known; the first costs the rule of 45's
    price, the second what a cage of those three cells read alone costs (D17)."""
    p = puzzlesat.load(str(ROOT / "examples" / "kenken.toml"))
    e = puzzlesat.explain(p)
    found = [(i, s.text.rsplit(" = ", 1)[0], s.cost) for i, s in enumerate(e.steps, 1) if s.technique == "rule of 45"]
    row2 = "rule of 45 in row 2: 21 - cage 15 at r2c4 (3 cells) leaves r2c1 + r2c2 + r2c3"
    row6 = "rule of 45 in row 6: 21 - cage 8 at r6c1 (3 cells) leaves r6c4 + r6c5 + r6c6"
    assert found == [(12, row2, innie_cost(1, 1)), (14, row6, innie_cost(1, 1)),
                     (16, row6, routine_cost(3)), (24, row2, routine_cost(3))]  # fmt: skip
    assert innie_cost(1, 1) == 1.5 and routine_cost(3) == 1.05
