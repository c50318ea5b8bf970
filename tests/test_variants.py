"""The classic variants: every catalog entry, example file and benchmark instance has exactly one
solution, the one recorded with it, and the backends and encodings agree on it.

Each instance was made by benchmarks/make_instances.py and proved unique by puzzlesat when it was
made; these tests prove it again from the stored file. Seconds below were measured on the 2-core
development machine (shared), proving uniqueness (`limit=2`).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.catalog import builtin as catalog
from puzzlesat.formats.toml.files import load_file
from puzzlesat.model.check import violations
from puzzlesat.model.grid import Grid
from puzzlesat.model.group import image
from puzzlesat.model.model import Puzzle

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = [
    *((name, {}) for name in catalog.VARIANT_TITLES),
    *(("kenken", {"size": str(n)}) for n in range(4, 10)),
    *(("futoshiki", {"size": str(n)}) for n in range(5, 10)),
]
EXAMPLE_FILES = sorted(
    f"examples/{kind}.toml"
    for kind in (
        "killer-sudoku kakuro kenken futoshiki thermo-sudoku arrow-sudoku kropki-sudoku xv-sudoku "
        "anti-knight-sudoku x-sudoku windoku jigsaw-sudoku magic-hexagon"
    ).split()
)
BENCHMARKS = ("killer-hard", "kakuro-15x15", "kenken-9", "futoshiki-9")
BENCHMARK_FILES = [f"benchmarks/data/{stem}.toml" for stem in BENCHMARKS]
# Clifford Adams' magic hexagon, row by row (the layout's order).
ADAMS = (3, 17, 18, 19, 7, 1, 11, 16, 2, 5, 6, 9, 12, 4, 8, 14, 10, 13, 15)

CONFIGS = [("sat", "onehot"), ("sat", "order"), ("sat", "log"), ("z3", "z3-int"), ("z3", "z3-pb")]
# Z3 on integers is slow on 9x9 grids: 27-60 s on the killer sudoku, 48 s on futoshiki 9x9, 4-7 s on
# the thermo, arrow, anti-knight and jigsaw sudokus and futoshiki 8x8, 2.4 on windoku (the SAT
# encodings take 0.03-0.75 s on each); z3-pb (the same Z3 on one-hot Booleans) checks the z3
# backend on all of them instead.
TOO_SLOW = {
    ("killer-sudoku", "z3-int"): 27,
    ("futoshiki-9", "z3-int"): 45,
    ("thermo-sudoku", "z3-int"): 4,
    ("arrow-sudoku", "z3-int"): 6,
    ("jigsaw-sudoku", "z3-int"): 6,
    ("anti-knight-sudoku", "z3-int"): 4,
    ("futoshiki-8", "z3-int"): 4,
    ("windoku", "z3-int"): 2,
}
SLOW = {("x-sudoku", "z3-int"), ("xv-sudoku", "z3-int")}


def label(name: str, params: dict[str, str]) -> str:
    return name + "".join(f"-{v}" for v in params.values())


def solutions(p: Puzzle, **config: str) -> list[tuple[int, ...]]:
    """Every solution up to two: one proves the puzzle unique."""
    out = puzzlesat.solve(p, limit=2, modulo_symmetry=False, **config)
    assert out.complete or out.stopped == "limit"
    return [s.values for s in out.solutions]


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=[label(*v) for v in VARIANTS])
def test_entry_is_its_data_file(name, params):
    """The entry is the data file's puzzle under the entry's name and title, with only its parameters."""
    stored = catalog.stored_instance(name, params)
    p = catalog.build(name, params)
    assert p == dataclasses.replace(stored, name=name, title=p.title, params=tuple(params.items()))
    assert dict(stored.params)["seed"] and p.grid is not None and p.group.order == 1
    title = {"kenken": catalog.kenken_title, "futoshiki": catalog.futoshiki_title}.get(name)
    assert p.title == (title(params["size"]) if title else catalog.VARIANT_TITLES[name])


def _agreement_params() -> list:
    out = []
    for name, params in VARIANTS:
        for backend, encoding in CONFIGS:
            key = (label(name, params), encoding)
            marks = [pytest.mark.slow] if key in SLOW else []
            if key in TOO_SLOW:
                marks = [pytest.mark.skip(reason=f"{encoding} takes over {TOO_SLOW[key]} s on {key[0]}")]
            out.append(pytest.param(name, params, backend, encoding, id=f"{key[0]}-{encoding}", marks=marks))
    return out


@pytest.mark.parametrize(("name", "params", "backend", "encoding"), _agreement_params())
def test_entry_has_exactly_its_recorded_solution(name, params, backend, encoding):
    """Each variant entry has one solution, the one its data file records: every backend and
    encoding (the default among them) finds it and proves it the only one."""
    p = catalog.build(name, params)
    expected = catalog.stored_solution(catalog.stored_instance(name, params))
    assert solutions(p, backend=backend, encoding=encoding) == [expected]


@pytest.mark.parametrize("path", EXAMPLE_FILES)
def test_example_has_exactly_its_recorded_solution(path):
    """Each example file loads and has one solution (modulo symmetry), the one it records."""
    p = load_file(ROOT / path)
    out = puzzlesat.solve(p, all=True)
    assert out.complete
    assert [s.values for s in out.solutions] == [p.group.canonical(catalog.stored_solution(p))]


@pytest.mark.parametrize("path", BENCHMARK_FILES)
def test_benchmark_instance_has_exactly_its_recorded_solution(path):
    """Each benchmark instance has one solution, the one it records."""
    p = load_file(ROOT / path)
    assert solutions(p, encoding="order") == [catalog.stored_solution(p)]


def test_examples_are_written_as_a_user_would():
    """Cells are named r1c1.., every example says what its keys mean, and the grid ones draw a board."""
    for path in EXAMPLE_FILES:
        text = (ROOT / path).read_text(encoding="utf-8")
        assert text.startswith("# ") and "puzzlesat solve" in text
        p = load_file(ROOT / path)
        if p.grid is not None:
            assert re.search(r'"r[0-9]+c[0-9]+"', text) or "givens = '''" in text
            assert "# cells are named r1c1" in text


def test_magic_hexagon_has_one_class_of_twelve():
    """Adams' magic hexagon is the only one: 1 solution modulo the hexagon's 12 symmetries, 12 raw."""
    p = catalog.build("magic-hexagon")
    assert (p.size, p.group.order, len(p.sums), {s.rhs for s in p.sums}) == (19, 12, 15, {38})
    assert sorted(len(s.cells) for s in p.sums) == [3] * 6 + [4] * 6 + [5] * 3
    classes = puzzlesat.solve(p, all=True)
    assert classes.complete and [s.values for s in classes.solutions] == [p.group.canonical(ADAMS)]
    raw = puzzlesat.solve(p, all=True, modulo_symmetry=False)
    assert raw.complete and raw.count == 12
    assert {s.values for s in raw.solutions} == {image(ADAMS, g) for g in p.group.permutations}


@pytest.mark.parametrize(
    "encoding",
    ["order", pytest.param("onehot", marks=pytest.mark.slow)],  # one-hot: 4 s
)
def test_magic_hexagon_encodings_agree(encoding):
    """Order and one-hot find the one class too (the default, log, is tested above; Z3 takes 10-15 s)."""
    p = catalog.build("magic-hexagon")
    out = puzzlesat.solve(p, all=True, encoding=encoding)
    assert out.complete and [s.values for s in out.solutions] == [p.group.canonical(ADAMS)]


def test_magic_hexagon_board():
    """The hexagon is drawn as five rows of 3, 4, 5, 4, 3 cells."""
    from puzzlesat.model.layout import render

    board = render(catalog.build("magic-hexagon").layout, ADAMS)
    assert board == "\n".join(
        ["    ( 3)(17)(18)", "  (19)( 7)( 1)(11)", "(16)( 2)( 5)( 6)( 9)", "  (12)( 4)( 8)(14)", "    (10)(13)(15)"]
    )


def test_magic_hexagon_example_is_the_catalog_entry():
    """examples/magic-hexagon.toml is the catalog's puzzle, written out with comments."""
    p = load_file(ROOT / "examples/magic-hexagon.toml")
    assert dataclasses.replace(p, params=()) == catalog.build("magic-hexagon")


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=[label(*v) for v in VARIANTS])
def test_recorded_solution_passes_the_checker(name, params):
    """The recorded solution passes the plain-Python checker, and breaking one cell is caught."""
    p = catalog.build(name, params)
    s = list(catalog.stored_solution(catalog.stored_instance(name, params)))
    assert violations(p, s) == []
    free = next(c for c in range(p.size) if c not in p.given_map)
    s[free] = s[free] % max(p.values) + 1
    assert violations(p, s)


def test_kenken_and_futoshiki_sizes():
    """-p size picks the instance: an n x n Latin square without boxes, values 1..n."""
    for name, sizes in (("kenken", range(4, 10)), ("futoshiki", range(5, 10))):
        for n in sizes:
            p = catalog.build(name, {"size": str(n)})
            assert (p.size, p.values, p.params) == (n * n, tuple(range(1, n + 1)), (("size", str(n)),))
            assert isinstance(p.grid, Grid) and p.grid.box_shape is None and p.grid.latin


def test_kakuro_runs():
    """The kakuro's runs are 2..9 white squares, each an all-different sum cage, and cover every cell."""
    p = catalog.build("kakuro")
    cages = [r for r in p.rules if r.key == "cage"]
    assert all(2 <= len(c.cells) <= 9 and c.operation == "sum" and c.distinct for c in cages)
    covered = [c for cage in cages for c in cage.cells]
    assert sorted(set(covered)) == list(range(p.size)) and len(covered) == 2 * p.size
    assert p.givens == ()


def test_stored_solution_needs_a_record():
    """A puzzle without a recorded solution says so."""
    from puzzlesat.runtime.errors import ModelError

    with pytest.raises(ModelError, match="no solution recorded"):
        catalog.stored_solution(catalog.build("kenken"))
