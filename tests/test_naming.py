"""Rule names as the board shows them (issue 43, point 1): one exact name for every kind of rule
on a small model, and `show`, `solve`, `explain`, `hint`, `grade` and their JSON naming each rule
the same way, the JSON keeping the stable id beside the name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.model.naming import NAMERS
from puzzlesat.model.rules import RULES
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.clone import Clone
from puzzlesat.model.rules.dot import KINDS as DOT_KINDS
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.indexer import Indexer
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.line import Line
from puzzlesat.model.rules.line_kinds import KINDS as LINE_KINDS
from puzzlesat.model.rules.negative import Negative
from puzzlesat.model.rules.outside import KINDS as CLUE_KINDS
from puzzlesat.model.rules.outside import Outside
from puzzlesat.model.rules.quadruple import Quadruple
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.rules.table import TableRule

ROOT = Path(__file__).resolve().parents[1]
ROW1 = tuple(f"r1c{c}" for c in range(1, 10))


def named(*rules, grid: Grid | None = None, **kw) -> list[str]:
    """The display names of the rules, in the model's order."""
    p = define("t", grid=Grid(9) if grid is None and "cells" not in kw else grid, rules=rules, **kw)
    return [p.display[rid] for rid in p.rule_ids]


def test_every_rule_kind_has_a_namer():
    """A new rule kind without a name would print its key: the registry of names covers the registry of rules."""
    assert set(NAMERS) == set(RULES)


@pytest.mark.parametrize(
    ("rules", "grid", "names"),
    [
        ((Less(("r1c6", "r1c5", "r1c4")), Less(("r3c2", "r4c2"))), None,
         ["thermometer 1 (r1c6→r1c4)", "thermometer 2 (r3c2→r4c2)"]),
        ((Less(("r1c1", "r1c2")), Less(("r2c2", "r1c2"))), Grid(4, boxes="none"),
         ["inequality r1c1 < r1c2", "inequality r2c2 < r1c2"]),
        ((Sum(("r3c4", "r4c5", "r5c6"), 0, "=", (-1, 1, 1)),), None, ["arrow r3c4 (circle) → r4c5, r5c6"]),
        ((Sum(("r4c5", "r3c4"), 0, "=", (1, -1)),), None, ["arrow r3c4 (circle) → r4c5"]),
        ((Sum(tuple(f"r{k}c{k + 1}" for k in range(1, 9)), 23),), None, ["little killer 23 ↘ from r1c2"]),
        ((Sum(("r9c8", "r8c9"), 11),), None, ["little killer 11 ↗ from r9c8"]),
        ((Sum(("r1c8", "r2c9"), 9), Sum(("r2c1", "r1c2"), 7)), None,
         ["little killer 9 ↘ from r1c8", "little killer 7 ↗ from r2c1"]),
        ((Sum(("r1c1", "r2c2"), 3),), None, ["sum 3 of r1c1, r2c2"]),  # stops short of the far edge
        ((Sum(("r1c1", "r1c2"), 10, "<="),), None, ["sum <= 10 of r1c1, r1c2"]),
        ((Sum(("r1c1", "r1c2"), 10, "=", (2, 1)),), None, ["weighted sum 10 of r1c1, r1c2"]),
        ((Sum(ROW1[:5], 25),), None, ["sum 25 of r1c1…r1c5 (5 cells)"]),
        ((Cage(("r1c2", "r1c1", "r2c1"), "sum", 15),), None, ["cage 15 at r1c1 (3 cells)"]),
        ((Cage(("r2c2",), "sum", 4),), None, ["cage 4 at r2c2 (1 cell)"]),
        ((Cage(("r1c1", "r1c2"), "product", 12), Cage(("r2c1", "r2c2"), "difference", 3),
          Cage(("r3c1", "r4c1"), "quotient", 2)), Grid(4, boxes="none"),
         ["cage 12x at r1c1 (2 cells)", "cage 3- at r2c1 (2 cells)", "cage 2/ at r3c1 (2 cells)"]),
        ((Cage(("r1c2", "r1c3"), "sum", 3), Cage(("r1c2", "r2c2"), "sum", 4)), Grid(3, latin=False, boxes="none"),
         ["run 3 across from r1c2 (2 cells)", "run 4 down from r1c2 (2 cells)"]),
        (tuple(Dot(k, ("r1c1", "r1c2")) for k in DOT_KINDS), None,
         ["white dot r1c1–r1c2", "black dot r1c1–r1c2", "X r1c1–r1c2", "V r1c1–r1c2"]),
        ((Dot("white", ("r1c7", "r1c6")), Dot("v", ("r3c1", "r2c1"))), None, ["white dot r1c6–r1c7", "V r2c1–r3c1"]),
        ((Negative(("x", "v")),), None, ["negative constraint (X, V)"]),
        ((Negative(("white", "black")),), None, ["negative constraint (white dot, black dot)"]),
        ((Clone(("r1c1", "r1c2"), ("r5c5", "r5c6")),), None, ["clone r1c1 = r5c5 (2 cells)"]),
        ((Quadruple(("r4c4", "r4c5", "r5c4", "r5c5"), (1, 2, 9)),), None, ["quadruple 1,2,9 at r4c4"]),
        ((Indexer(ROW1, "r1c1"), Indexer(("r1c1", "r2c1", "r3c1"), "r2c1")), None,
         ["indexer r1c1 on row 1", "indexer r2c1 on r1c1–r2c1–r3c1"]),
        ((TableRule(("r1c1", "r1c2"), ((1, 2),)), TableRule(("r2c1", "r2c2"), ((1, 2),), False)), None,
         ["table 1 (r1c1, r1c2)", "forbidden table 1 (r2c1, r2c2)"]),
    ],
)  # fmt: skip
def test_each_kind_is_named_as_the_board_shows_it(rules, grid, names):
    """Exact names: kind, clue, place; thermometers and tables numbered in the file's order."""
    assert named(*rules, grid=grid) == names


LINES = {
    "renban": "renban r2c2–r4c4",
    "whispers": "German whisper r2c2–r4c4",
    "nabner": "nabner line r2c2–r4c4",
    "palindrome": "palindrome r2c2–r4c4",
    "zipper": "zipper line r2c2–r4c4",
    "double_arrow": "double arrow r2c2–r4c4",
    "slow_thermometer": "slow thermometer r2c2→r4c4",
    "between": "between line r2c2–r4c4",
    "lockout": "lockout line (4 apart) r2c2–r4c4",
    "region_sum": "region-sum line r2c2–r4c4",
    "entropic": "entropic line r2c2–r4c4",
    "modular": "modular line r2c2–r4c4",
    "parity": "parity line r2c2–r4c4",
}


@pytest.mark.parametrize("kind", sorted(LINE_KINDS))
def test_every_line_kind_is_named_by_kind_and_ends(kind):
    """Each kind of the line registry, on one 9x9 line from r2c2 to r4c4 (defaults from the grid)."""
    assert named(Line(kind, ("r2c2", "r3c3", "r4c4"))) == [LINES[kind]]


def test_whispers_are_named_by_their_difference():
    """5 apart is German, 4 Dutch, any other says its difference."""
    cells = ("r1c1", "r1c2")
    assert named(Line("whispers", cells, 5), Line("whispers", cells, 4), Line("whispers", cells, 3)) == [
        "German whisper r1c1–r1c2",
        "Dutch whisper r1c1–r1c2",
        "whisper (3 apart) r1c1–r1c2",
    ]


CLUES = {"sandwich": "sandwich", "xsum": "X-sum", "skyscraper": "skyscraper", "room": "numbered room"}


@pytest.mark.parametrize("kind", sorted(CLUE_KINDS))
def test_every_outside_clue_is_named_by_its_side(kind):
    """An outside clue's side is where it reads from: left or right of a row, above or below a column."""
    column = tuple(f"r{r}c4" for r in range(1, 10))
    rules = [Outside(kind, ROW1, 3), Outside(kind, ROW1[::-1], 3), Outside(kind, column, 3),
             Outside(kind, column[::-1], 3)]  # fmt: skip
    word = CLUES[kind]
    assert named(*rules) == [f"{word} 3 left of row 1", f"{word} 3 right of row 1", f"{word} 3 above column 4",
                             f"{word} 3 below column 4"]  # fmt: skip


def test_the_grids_rules_keep_the_grids_names():
    """Houses and neighbour rules are named by the grid; ids and names agree for them."""
    p = define("g", grid=Grid(9, diagonals=True, windows=True, anti_knight=True, non_consecutive=True))
    labels = [label for label, _ in p.lowered]
    assert all(p.display[label] == label for label in labels)
    assert {"row 3", "column 7", "box 5", "diagonal r1c1-r9c9", "window 2", "anti-knight r1c1-r2c3",
            "non-consecutive r1c1-r1c2"} <= set(labels)  # fmt: skip


def test_without_a_grid_cells_are_named_as_the_file_names_them():
    """A magic figure: its lines are sums of named cells, its distinct groups numbered, chains numbered."""
    p = define("m", cells=["a", "b", "c", "d"], values=range(1, 5), sums=[(["a", "b"], "N"), (["c", "d"], "N")],
               distinct=[["a", "b", "c", "d"]], rules=[Less(("a", "c"))])  # fmt: skip
    assert p.display == {"distinct group #1": "distinct group 1", "sum #1": "sum N of a, b", "sum #2": "sum N of c, d",
                         "less #1": "chain 1 (a→c)"}  # fmt: skip


def test_names_that_would_read_alike_are_told_apart():
    """Two identical cages (a slip the linter warns about) get #1 and #2, so names stay unique."""
    cage = Cage(("r1c1", "r1c2"), "sum", 3)
    assert named(cage, cage, Cage(("r3c3", "r3c4"), "sum", 3)) == [
        "cage 3 at r1c1 (2 cells) #1",
        "cage 3 at r1c1 (2 cells) #2",
        "cage 3 at r3c3 (2 cells)",
    ]


# --- every command names a rule the same way -------------------------------------------------------

EXAMPLES = ["examples/thermo-sudoku.toml", "examples/arrow-sudoku.toml", "examples/killer-6x6.toml"]


def _show_names(text: str, display: dict[str, str]) -> list[str]:
    """The rule names `show` lists (`  NAME: words`), those the puzzle's display names know."""
    known = set(display.values())
    out = []
    for line in text.splitlines():
        if line.startswith("  ") and ": " in line:
            name = line[2:].split(": ")[0]
            if name in known:
                out.append(name)
    return out


def test_thermometers_are_named_alike_everywhere(cli):
    """thermo-sudoku: show, solve's notes and explain say `thermometer 2 (r1c6→r1c4)`; the JSON keeps `less #2`."""
    ref = str(ROOT / "examples/thermo-sudoku.toml")
    show = cli("show", ref).out
    assert "less: 6\n  thermometer 1 (r1c3→r3c5): r1c3 < r2c4 < r3c4 < r4c5 < r3c5\n" in show
    assert "  thermometer 2 (r1c6→r1c4): r1c6 < r1c5 < r1c4\n" in show
    assert "\nthermometer 2 (r1c6→r1c4): r1c6 < r1c5 < r1c4\n" in cli("solve", ref).out
    assert cli("explain", ref, "--max-steps", "1").out.splitlines()[0] == (
        "  1. r1c5 ≠ 6; r1c6 ≠ 5, 6: from thermometer 2 (r1c6→r1c4) alone  [1.05]"
    )
    step = cli("hint", ref, "--json").json()["step"]
    assert step["rules"] == [{"id": "less #2", "name": "thermometer 2 (r1c6→r1c4)", "cells": ["r1c4", "r1c5", "r1c6"]}]
    assert step["main"] == ["thermometer 2 (r1c6→r1c4)"]
    assert step["text"] == "from thermometer 2 (r1c6→r1c4) alone"


@pytest.mark.parametrize("ref", EXAMPLES)
def test_show_solve_explain_and_json_agree_on_every_name(cli, ref):
    """Every rule name explain prints or writes is the name show lists and solve notes for that rule,
    and the JSON's id is that rule's id."""
    path = str(ROOT / ref)
    p = puzzlesat.load(path)
    display = p.display
    show = cli("show", path).out
    listed = _show_names(show, display)
    rule_names = [display[rid] for rid in p.rule_ids]
    assert listed == rule_names  # every rule of the puzzle, by name
    shown_json = cli("show", path, "--json").json()
    assert [(r["id"], r["name"]) for r in shown_json["rules"] + shown_json["sums"]] == sorted(
        ((rid, display[rid]) for rid in p.rule_ids), key=lambda pair: pair[0].startswith("sum ")
    )
    solved = cli("solve", path).out
    for rid in p.rule_ids:
        if not rid.startswith("cage "):  # cages are drawn on the board, not listed below it
            assert f"\n{display[rid]}: " in solved
    doc = cli("explain", path, "--json").json()
    text = cli("explain", path).out
    seen = set()
    step_lines = [line for line in text.splitlines() if re.match(r"\s*\d+\. ", line)]  # not the why-lines
    for k, step in enumerate(doc["steps"], 1):
        for r in step["rules"]:
            assert display[r["id"]] == r["name"]
            assert [p.cells[c] for c in sorted(p.cells.index(x) for x in r["cells"])] == r["cells"]
            seen.add(r["id"])
        assert set(step["main"]) <= {r["name"] for r in step["rules"]}
        line = step_lines[k - 1]
        assert step["text"] in line
        for name in step["main"]:
            if not re.fullmatch(r"(row|column|box) \d+", name):  # houses are gathered: "rows 1, 2"
                assert name in line
    assert any(not re.fullmatch(r"(row|column|box) \d+", display[i]) for i in seen)
    grade = cli("grade", path, "--json").json()["hardest"]
    assert all(display[r["id"]] == r["name"] for r in grade["rules"])


def test_a_conflict_names_its_rules_as_show_does(cli, tmp_path):
    """explain of a puzzle without a solution lists the smallest conflicting set by display name,
    and the JSON keeps the ids."""
    path = tmp_path / "c.toml"
    path.write_text('name = "c"\n[grid]\nsize = 4\n[[less]]\ncells = ["r1c1", "r1c2", "r1c3"]\n'
                    '[[less]]\ncells = ["r1c3", "r1c2", "r1c1"]\n')  # fmt: skip
    r = cli("explain", str(path))
    assert r.out.splitlines() == [
        "c: no solution. A smallest set that cannot hold together (2 rules):",
        "  thermometer 1 (r1c1→r1c3): r1c1 r1c2 r1c3",
        "  thermometer 2 (r1c3→r1c1): r1c1 r1c2 r1c3",
    ]
    conflict = json.loads(cli("explain", str(path), "--json").out)["conflict"]
    assert [(x["id"], x["name"]) for x in conflict["rules"]] == [
        ("less #1", "thermometer 1 (r1c1→r1c3)"),
        ("less #2", "thermometer 2 (r1c3→r1c1)"),
    ]


def test_a_step_lists_its_rules_by_name_and_splits_them_by_semicolons_when_a_name_has_commas():
    """Houses are gathered (`rows 1, 2`); an arrow's name holds commas, so its step's rules are split by `;`."""
    from puzzlesat.reasoning.facts import Fact, RuleRef, Step
    from puzzlesat.render.explain import step_reason

    names = [f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7)]
    arrow = RuleRef("arrow r5c3 (circle) → r6c2, r6c1", (25, 30, 31), "sum #7")
    rows = (RuleRef("row 6", tuple(range(30, 36))), RuleRef("row 5", tuple(range(24, 30))))
    fact = Fact(26, 2, "eliminate")
    step = Step((fact,), (*rows, arrow), (), 2.0, "rules together", main=(*rows, arrow))
    assert step_reason(step, names) == "from rows 6, 5; arrow r5c3 (circle) → r6c2, r6c1 together"
    cage = RuleRef("cage 15 at r1c1 (3 cells)", (0, 1, 6), "cage #1")
    step = Step((fact,), (rows[0], cage), (), 2.0, "rules together", main=(rows[0], cage))
    assert step_reason(step, names) == "from row 6, cage 15 at r1c1 (3 cells) together"
    assert arrow.id == "sum #7" and rows[0].id == "row 6"  # a house's id is its name


def test_names_match_what_the_board_draws_on_the_real_links():
    """Over the real f-puzzles links: a sum is named a little killer exactly where the board draws
    one, an arrow exactly where it draws an arrow, a chain a thermometer exactly where it draws a
    thermometer; and no two rules of a puzzle share a name."""
    from puzzlesat.render.text.gridboard import features
    from puzzlesat.render.text.gridparts import little_killer

    corpus = json.loads((ROOT / "tests/data/real_links.json").read_text())["puzzles"]
    counted = {"little killer": 0, "arrow": 0, "thermometer": 0}
    for entry in corpus:
        p = puzzlesat.load(entry["link"])
        names = list(p.display.values())
        assert len(set(names)) == len(names), entry["link"][:60]
        if p.grid is None:
            continue
        drawn = features(p.grid, p.rules)
        arrows = iter(drawn.arrows)
        thermometers = iter(drawn.thermometers)
        for rid, rule in zip(p.rule_ids, p.rules, strict=True):
            name = p.display[rid]
            if rule.key == "sum":
                assert name.startswith("little killer ") == (little_killer(p.grid, rule) is not None), name
                if name.startswith("arrow "):
                    circle, shaft = next(arrows)
                    assert name == f"arrow {p.cells[circle]} (circle) → {', '.join(p.cells[c] for c in shaft)}"
            if rule.key == "less" and name.startswith("thermometer "):
                assert tuple(rule.cells) == next(thermometers)
            counted.update({k: counted[k] + name.startswith(k + " ") for k in counted})
        assert next(arrows, None) is None and next(thermometers, None) is None
    assert counted == {"little killer": 22, "arrow": 44, "thermometer": 80}
