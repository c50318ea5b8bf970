"""Issue 40's benchmark (benchmarks/defaults.py): its instances are what they claim, and its grid
peers (plain PySAT, DLX) answer exactly what brute force answers."""

from __future__ import annotations

import importlib.util
import itertools
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlesat
from benchmarks import defaults
from puzzlesat.catalog import load as puzzles

ROOT = Path(__file__).resolve().parent.parent
SUDOKU_4 = "1.3.....2......1"  # a 4x4 sudoku with two solutions


def brute(n: int, box: int, givens: list[int]) -> list[tuple[int, ...]]:
    """Every completion of the grid, by itertools over rows that are permutations."""
    rows = []
    for r in range(n):
        fixed = givens[r * n : (r + 1) * n]
        rows.append(
            [
                p
                for p in itertools.permutations(range(1, n + 1))
                if all(g in (0, v) for g, v in zip(fixed, p, strict=True))
            ]
        )
    out = []
    for grid in itertools.product(*rows):
        if any(len({grid[r][c] for r in range(n)}) < n for c in range(n)):
            continue
        if box and any(
            len({grid[br + i][bc + j] for i in range(box) for j in range(box)}) < n
            for br in range(0, n, box)
            for bc in range(0, n, box)
        ):
            continue
        out.append(tuple(v for row in grid for v in row))
    return sorted(out)


@pytest.mark.parametrize("script", ["peer_dlx.py", "peer_pysat_grid.py"])
@pytest.mark.parametrize(
    ("box", "givens"),
    [
        (2, [int(c) if c != "." else 0 for c in SUDOKU_4]),
        (2, [1, 2, 3, 4] + [0] * 12),
        (0, [1, 0, 0, 0, 0, 1] + [0] * 10),
    ],
)
def test_grid_peers_answer_what_brute_force_answers(script, box, givens, tmp_path):
    """Two solutions asked ("all"): the first two of brute force's, or its only one; "first": one of them."""
    pytest.importorskip("exact_cover" if script == "peer_dlx.py" else "pysat")
    path = tmp_path / "givens.txt"
    path.write_text(" ".join(map(str, givens)))
    truth = brute(4, box, givens)
    outs = {}
    for mode in ("first", "all"):
        cmd = [sys.executable, str(ROOT / "benchmarks" / script), "4", str(box), str(path), mode]
        run = subprocess.run(cmd, capture_output=True, text=True, check=True)
        outs[mode] = [tuple(map(int, line.split())) for line in run.stdout.splitlines()]
    assert len(outs["first"]) == 1 and outs["first"][0] in truth
    assert len(outs["all"]) == min(2, len(truth)) and set(outs["all"]) <= set(truth)


def test_a_grid_peer_says_none_when_there_is_no_solution(tmp_path):
    """A row with a value twice: "none"."""
    path = tmp_path / "givens.txt"
    path.write_text(" ".join(map(str, [1, 1] + [0] * 14)))
    for script in ("peer_dlx.py", "peer_pysat_grid.py"):
        if script == "peer_dlx.py" and importlib.util.find_spec("exact_cover") is None:
            continue  # the DLX peer needs the bench extra; the PySAT peer is still checked
        cmd = [sys.executable, str(ROOT / "benchmarks" / script), "4", "2", str(path), "first"]
        assert subprocess.run(cmd, capture_output=True, text=True, check=True).stdout == "none\n"


def test_latin_instances_are_latin_squares_with_their_holes(tmp_path):
    """latin_toml: the givens agree with a Latin square (the file solves), 40% of the cells blank."""
    path = tmp_path / "latin.toml"
    path.write_text(defaults.latin_toml(6, 0.4, 3))
    puzzle = puzzles.load(str(path))
    assert len(puzzle.givens) == 36 - round(0.4 * 36)
    assert puzzlesat.solve(puzzle, backend="cp").count == 1


def test_the_shipped_16x16_sudoku_is_unique():
    """benchmarks/data/defaults/sudoku-16.txt has exactly one solution (cp, every solution)."""
    case = next(c for c in defaults.CASES if c.name == "sudoku-16-unique")
    out = puzzlesat.solve(puzzles.load("sudoku", {"box": "4"}, case.givens()), all=True, modulo_symmetry=False)
    assert out.complete and out.count == 1


def test_every_case_loads_and_names_its_workloads_once():
    """Each case's puzzle loads; the names are distinct."""
    names = [c.name for c in defaults.CASES]
    assert len(names) == len(set(names))
    for c in defaults.CASES:
        assert puzzles.load(c.ref, c.params, c.givens()).cells
