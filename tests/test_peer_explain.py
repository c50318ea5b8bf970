"""The CPMpy explain peer on any puzzle: puzzlesat's core exported as neutral JSON
(benchmarks/peer_rules.py) and rebuilt in CPMpy (benchmarks/peer_explain.py) is the same puzzle,
and its OCUS steps on a small variant are each right and each implied by what they cite."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import puzzlesat

pytest.importorskip("cpmpy", reason="cpmpy is not installed (pip install -e '.[bench]')")
pytest.importorskip("pypblib", reason="pypblib is not installed (pip install -e '.[bench]')")

from benchmarks.peer_explain import BUILDERS, explain, solutions_model  # noqa: E402
from benchmarks.peer_rules import NEUTRAL, rules_json  # noqa: E402
from puzzlesat.model.check import violations  # noqa: E402
from puzzlesat.model.core import KINDS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FOUR = 'name = "{name}"\n[grid]\nsize = 4\n{rules}'
RULES = {  # one small 4x4 variant per rule family; the core kinds they lower to are asserted below
    "cage": '[[cage]]\ncells = ["r1c1", "r2c1"]\nsum = 4\n',
    "thermo": '[[less]]\ncells = ["r4c1", "r3c2", "r2c3"]\n',
    "arrow": '[[sum]]\ncells = ["r1c1", "r1c2", "r3c1"]\nweights = [1, 1, -1]\nequals = 0\n',
    "dot": '[[dot]]\nkind = "white"\ncells = ["r1c2", "r1c3"]\n',
    "xsum": '[[outside]]\nkind = "xsum"\ncells = ["r1c1", "r1c2", "r1c3", "r1c4"]\nvalue = 6\n',
}


def _load(tmp_path: Path, name: str, text: str) -> puzzlesat.Puzzle:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return puzzlesat.load(str(path))


def _cpmpy_solutions(puzzle: puzzlesat.Puzzle) -> list[tuple[int, ...]]:
    """Every solution of the CPMpy model built from the neutral JSON (after a JSON round trip)."""
    model = json.loads(json.dumps(rules_json(puzzle)))
    v, m = solutions_model(model)
    found: list[tuple[int, ...]] = []
    m.solveAll(solver="ortools", display=lambda: found.append(tuple(int(x.value()) for x in v.x)))
    return sorted(found)


def test_every_core_kind_has_one_export_and_one_cpmpy_translation() -> None:
    """The two registries cover the core's kinds, one entry each, the same names both sides."""
    assert set(NEUTRAL) == set(KINDS)
    assert {"alldifferent", "linear", "table", "guarded"} == set(BUILDERS)


@pytest.mark.parametrize("kind", sorted(RULES))
def test_the_cpmpy_model_of_a_4x4_variant_has_puzzlesats_solutions(tmp_path: Path, kind: str) -> None:
    """Each 4x4 variant rebuilt in CPMpy has exactly puzzlesat's raw solutions, each passing
    puzzlesat's plain-Python checker."""
    puzzle = _load(tmp_path, kind, FOUR.format(name=kind, rules=RULES[kind]))
    ours = sorted(s.values for s in puzzlesat.solve(puzzle, all=True, modulo_symmetry=False).solutions)
    theirs = _cpmpy_solutions(puzzle)
    assert [tuple(s) for s in ours] == theirs
    assert all(not violations(puzzle, s) for s in theirs)
    counts = {"cage": 48, "thermo": 24, "arrow": 24, "dot": 144, "xsum": 48}
    assert len(theirs) == counts[kind]


def test_the_kinds_the_4x4_variants_lower_to_cover_the_core(tmp_path: Path) -> None:
    """The variants above exercise every core kind (the cage and the dot are tables, the arrow and
    thermometer linear, the X-sum guarded), so the round trips test every translation."""
    kinds = set()
    for kind, text in RULES.items():
        kinds |= {type(c).__name__ for c in _load(tmp_path, kind, FOUR.format(name=kind, rules=text)).core}
    assert kinds == {"AllDifferent", "Table", "Linear", "Guarded"}


@pytest.mark.parametrize("name", ["killer-6x6", "thermo-sudoku"])
def test_the_cpmpy_model_of_a_6x6_example_has_its_one_solution(name: str) -> None:
    """The 6x6 examples (killer, thermometers) rebuilt in CPMpy have exactly puzzlesat's solutions."""
    puzzle = puzzlesat.load(str(ROOT / "examples" / f"{name}.toml"))
    ours = [tuple(s.values) for s in puzzlesat.solve(puzzle, all=True, modulo_symmetry=False).solutions]
    assert _cpmpy_solutions(puzzle) == sorted(ours) and len(ours) == 1


def test_the_peers_steps_on_a_small_variant_are_right_and_implied_by_what_they_cite(tmp_path: Path) -> None:
    """CPMpy's OCUS steps on a 4x4 killer-thermo: every blank placed once, each the solution's
    value, each implied (brute force over the cited rules' cells) by the rules it cites, named as
    `show` names them, and the facts it cites, which were known before the step."""
    rules = RULES["cage"] + RULES["thermo"]
    text = FOUR.format(name="mini", rules=rules).replace("[grid]", 'givens = { "r1c1" = 1 }\n[grid]')
    puzzle = _load(tmp_path, "mini", text)
    (solution,) = [s.values for s in puzzlesat.solve(puzzle, all=True, modulo_symmetry=False).solutions]
    names = list(puzzle.cells)
    by_name: dict[str, list] = {}
    for label, c in puzzle.lowered:
        by_name.setdefault(puzzle.display[label], []).append(c)
    assert "thermometer 1 (r4c1→r2c3)" in by_name and "row 1" in by_name

    def implies(cited: list[str], facts: dict[int, int], cell: int, value: int) -> bool:
        cons = [c for r in cited for c in by_name[r]]
        cells = sorted({i for c in cons for i in c.cells} | {cell})
        for vals in itertools.product(range(1, 5), repeat=len(cells)):
            g = dict(zip(cells, vals, strict=True))
            if any(g.get(i, v) != v for i, v in facts.items()):
                continue
            full = [g.get(i, 0) for i in range(16)]
            if all(c.holds(full, {}) for c in cons) and g[cell] != value:
                return False
        return True

    known = dict(puzzle.givens)
    steps = list(explain(rules_json(puzzle)))
    assert len(steps) == 16 - len(known)
    for s in steps:
        cell, value = names.index(s["cell"]), s["value"]
        facts = {names.index(f["cell"]): f["value"] for f in s["facts"]}
        assert cell not in known and value == solution[cell]
        assert all(known[i] == v for i, v in facts.items())
        assert set(s["rules"]) <= set(by_name)
        assert implies(s["rules"], facts, cell, value)
        known[cell] = value
