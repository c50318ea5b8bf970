"""The cp backend (puzzlesat's own search, solvers/_cpsearch.c): the same solutions as the sat
backend on the figures it is the default for, the default chosen where it was measured best, and
its edges (not compiled, refused puzzles, timeouts, scopes). Brute force checks it on every core
kind in tests/test_core.py."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlesat
from puzzlesat import solvers
from puzzlesat.model.model import define
from puzzlesat.runtime.errors import Status, UsageError
from puzzlesat.solvers import Config
from puzzlesat.solvers.cp_native import NOT_BUILT, native

ROOT = Path(__file__).resolve().parent.parent
SQUARE_7 = str(ROOT / "benchmarks/data/magic-square-5-givens.toml")
SQUARE_6 = str(ROOT / "benchmarks/data/magic-square-5-six-givens.toml")

pytestmark = pytest.mark.skipif(native() is None, reason="the cp search is not compiled here")


@pytest.mark.parametrize(
    ("ref", "params", "classes"),
    [
        ("magic-star", {"points": "6"}, 80),
        ("magic-star", {"points": "7"}, 72),
        ("magic-star", {"points": "8"}, 112),
        ("magic-square", {"order": "3"}, 1),
        ("magic-square", {"order": "4"}, 880),
        (SQUARE_7, {}, 122),
    ],
)
def test_cp_lists_the_sat_backends_classes(ref, params, classes):
    """The same canonical solutions, in the same order, as the sat backend, and the count PUZZLES.md
    or the benchmark states."""
    puzzle = puzzlesat.load(ref, params)
    cp = puzzlesat.solve(puzzle, all=True, backend="cp")
    sat = puzzlesat.solve(puzzle, all=True, backend="sat")
    assert cp.complete and sat.complete
    assert [s.values for s in cp.solutions] == [s.values for s in sat.solutions]
    assert len(cp.solutions) == classes
    assert cp.stats["solver"] == "cp" and cp.stats["encoding"] == "domains"
    assert cp.stats["nodes"] > 0


def test_cp_raw_count_is_the_classes_times_their_orbits():
    """Raw enumeration of the 4x4 squares on cp: 7,040 squares, the 880 classes of the sat backend
    times the group's 8 (no 4x4 square is fixed by a non-identity element)."""
    puzzle = puzzlesat.load("magic-square", {"order": "4"})
    raw = puzzlesat.count_solutions(puzzle, backend="cp", modulo_symmetry=False, method="enumerate")
    classes = puzzlesat.solve(puzzle, all=True, backend="sat")
    assert raw.count == 7040 == len(classes.solutions) * puzzle.group.order


def test_six_givens_count_equals_z3s_on_a_part():
    """The 1,068 squares of the six-givens benchmark: cp's count, and each of its first 40
    solutions re-derived by Z3 with the cells pinned (not trusted from one engine)."""
    puzzle = puzzlesat.load(SQUARE_6)
    out = puzzlesat.solve(puzzle, all=True, backend="cp", modulo_symmetry=False)
    assert out.complete and len(out.solutions) == 1068
    assert len({s.values for s in out.solutions}) == 1068
    sat = puzzlesat.solve(puzzle, all=True, backend="sat", modulo_symmetry=False, limit=40)
    assert {s.values for s in sat.solutions} <= {s.values for s in out.solutions}


@pytest.mark.parametrize(
    ("ref", "params", "backend"),
    [
        ("magic-star", {"points": "8"}, "cp"),
        ("magic-square", {"order": "5"}, "cp"),
        (SQUARE_7, {}, "cp"),
        ("magic-square", {"order": "6"}, "cp"),  # 36 cells: cp with restarts finds a first square 7x sooner
        ("magic-square", {"order": "8"}, "cp"),  # 64 values, the most its domains hold: ~100x
        ("sudoku", {}, "cp"),  # grids: cp 2.5x faster on top1465 (docs/decisions/encodings-and-defaults.md)
        ("sudoku", {"box": "4"}, "cp"),
        ("sudoku", {"box": "5"}, "cp"),  # 25 values: cp with a handover to sat (search.md D8)
        ("futoshiki", {"size": "9"}, "cp"),
    ],
)
def test_default_backend_is_the_measured_one(ref, params, backend):
    plan = solvers.resolve(Config(), puzzlesat.load(ref, params))
    assert plan.backend == backend
    assert plan.encoding == ("domains" if backend == "cp" else plan.encoding)


def test_sat_options_keep_the_sat_backend():
    """--card, --pb or a CNF encoding name the sat backend: the figure's default gives way."""
    square = puzzlesat.load("magic-square", {"order": "4"})
    assert solvers.resolve(Config(card="seqcounter"), square).backend == "sat"
    assert solvers.resolve(Config(encoding="order"), square).backend == "sat"
    assert solvers.resolve(Config(pb="bdd"), square).backend == "sat"


def test_cnf_tools_take_the_sat_plan_where_cp_was_the_default(cli, tmp_path):
    """ganak, ApproxMC and the DIMACS export read a CNF: on a figure they take the sat backend's
    plan; where the user named cp they say it has none."""
    square = puzzlesat.load("magic-square", {"order": "3"})
    plan = solvers.resolve(Config(), square)
    assert plan.backend == "cp"
    assert solvers.on_cnf(plan, square).backend == "sat"
    assert solvers.on_cnf(solvers.resolve(Config(backend="cp"), square), square) is None
    counted = cli("count", "magic-square", "-p", "order=3", "--method", "sharpsat", "--json")
    assert counted.code == 0 and counted.json()["count"] == 8
    refused = cli("count", "magic-square", "-p", "order=3", "--method", "sharpsat", "--backend", "cp")
    assert refused.code == 2
    assert refused.err.strip() == (
        "puzzlesat: error: --method sharpsat counts models of a CNF; the cp backend has none "
        "(use --backend sat, or --method enumerate)"
    )
    dumped = cli("dimacs", "magic-square", "-p", "order=3", "-o", str(tmp_path / "square.cnf"))
    assert dumped.code == 0
    assert "p cnf 199 1889" in (tmp_path / "square.cnf").read_text()  # order + unary, as solve --backend sat


def test_not_compiled_is_one_line_and_the_default_gives_way(cli, monkeypatch):
    monkeypatch.setattr("puzzlesat.solvers.cp_native.native", lambda: None)
    assert solvers.resolve(Config(), puzzlesat.load("magic-star")).backend == "sat"
    out = cli("solve", "magic-star", "--backend", "cp")
    assert out.code == 2
    assert out.err.strip() == f"puzzlesat: error: {NOT_BUILT}"


def test_refused_puzzles_say_why(cli):
    wide = define("wide", cells=["a", "b"], values=[1, 2, 99, 100], sums=[(["a", "b"], 101)])
    with pytest.raises(UsageError, match=r"spanning at most 64 numbers; this puzzle's run 1\.\.100"):
        puzzlesat.solve(wide, backend="cp")
    assert solvers.resolve(Config(), wide).backend == "sat"
    assert [s.values for s in puzzlesat.solve(wide, all=True, modulo_symmetry=False).solutions] == [
        (1, 100), (2, 99), (99, 2), (100, 1)
    ]  # fmt: skip


def test_timeout_keeps_what_was_found():
    out = puzzlesat.solve(puzzlesat.load(SQUARE_6), all=True, backend="cp", modulo_symmetry=False, timeout=0.05)
    assert out.stopped == Status.TIMEOUT and not out.complete
    assert len(out.solutions) < 1068


def test_scopes_solve_each_instance_alone():
    """push/pop: a scope's givens and blocks end with it (batch solving and --workers use them)."""
    square = puzzlesat.load("magic-square", {"order": "3"})
    plan = solvers.resolve(Config(backend="cp"), square)
    session = solvers.open_session(square, plan)
    first = session.next(None)
    assert first is not None
    session.block([first.values])
    session.push([(4, 5), (0, 2)])  # the centre is 5 in every 3x3 square; a 2 in a corner
    inside = []
    while (found := session.next(None)) is not None:
        inside.append(found.values)
        session.block([found.values])
    # two 3x3 squares have a 2 in the first corner; the first square found is one and stays blocked
    assert first.values[0] == 2 and len(inside) == 1 and inside[0][0] == 2 and inside[0] != first.values
    session.pop()
    rest = []
    while (found := session.next(None)) is not None:
        rest.append(found.values)
        session.block([found.values])
    assert first.values not in rest and len(rest) == 7  # 8 squares, the first blocked outside the scope


def test_workers_split_the_cp_search(cli):
    one = cli("solve", "magic-star", "-p", "points=7", "--all", "--json")
    two = cli("solve", "magic-star", "-p", "points=7", "--all", "--workers", "2", "--json")
    assert one.code == two.code == 0
    assert one.json()["solutions"] == two.json()["solutions"]
    assert len(one.json()["solutions"]) == 72


def test_a_sum_past_64_bit_arithmetic_is_decided_not_overflowed():
    """A right side past 64 bits is out of every sum's reach: the cp search decides it exactly (no
    OverflowError from the extension, no refusal), and such a figure's default stays cp; weights
    past 2**54 in all are one UsageError, and the default is then the sat backend (issue 39;
    tests/test_cp_native.py has the edges)."""
    huge = define("huge", cells=["a", "b"], values=[1, 2], sums=[(["a", "b"], 2**62)])
    assert puzzlesat.solve(huge, backend="cp").solutions == []
    assert solvers.resolve(Config(), huge).backend == "cp"
    heavy = define("heavy", cells=["a", "b"], values=[1, 2], sums=[(["a", "b"], 2**62, [2**62, -1])])
    with pytest.raises(UsageError, match=r"^the cp backend takes sums whose weights add up to at most 2\*\*54"):
        puzzlesat.solve(heavy, backend="cp")
    assert solvers.resolve(Config(), heavy).backend == "sat"


def test_too_many_values_points_to_another_backend(cli):
    """cp has one encoding: past its 64 values the way on is another backend, not --encoding log."""
    out = cli("solve", "magic-square", "-p", "order=9", "--backend", "cp")
    assert out.code == 2
    assert out.err == (
        "puzzlesat: error: cell 0 has 81 values; the domains encoding takes at most 64 "
        "(use --backend sat or z3; encodings without a limit: z3-int, log)\n"
    )
