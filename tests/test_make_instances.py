"""The instance generator (benchmarks/make_instances.py): its shapes are what the puzzles need, and
it makes the stored files again, byte for byte, from their seeds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks import make_instances
from puzzlesat.model.grid import Grid
from puzzlesat.setter import shapes
from puzzlesat.setter.drafts import Draft, Given, make_unique, minimize

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("seed", range(5))
def test_partition_covers_with_connected_pieces(seed):
    """A partition covers every square once with connected pieces that `fits` accepted."""
    rng = random.Random(seed)
    squares = [(r, c) for r in range(1, 10) for c in range(1, 10)]
    colour = {sq: (sq[0] + 2 * sq[1]) % 5 for sq in squares}
    pieces = shapes.partition(
        squares, rng, lambda: rng.randint(2, 5), lambda p, sq: colour[sq] not in {colour[x] for x in p}
    )
    assert sorted(sq for p in pieces for sq in p) == squares
    assert all(shapes.connected(p) for p in pieces)
    assert all(len({colour[sq] for sq in p}) == len(p) for p in pieces)


@pytest.mark.parametrize(("n", "box"), [(6, (2, 3)), (9, (3, 3))])
def test_jigsaw_map_has_n_connected_regions_of_n(n, box):
    """A jigsaw map has n regions of n squares, each connected, and is not the boxes any more."""
    text = shapes.jigsaw_map(n, box, random.Random(1), 100)
    rows = text.splitlines()
    assert len(rows) == n and all(len(r) == n for r in rows)
    regions: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            regions.setdefault(ch, []).append((r, c))
    assert sorted(len(p) for p in regions.values()) == [n] * n
    assert all(shapes.connected(p) for p in regions.values())
    assert Grid(n, regions=text).regions_cells != Grid(n, boxes=f"{box[0]}x{box[1]}").regions_cells


@pytest.mark.parametrize("size", [8, 12])
def test_kakuro_pattern_runs(size):
    """Every white square lies in an across and a down run of 2..9, all connected, symmetric under
    a half turn, with the first row and column black (the clue squares)."""
    white = shapes.kakuro_pattern(size, size, random.Random(3), 0.3)
    runs = shapes.runs(white)
    assert all(2 <= len(run) <= 9 for run in runs)
    assert sum(len(run) for run in runs) == 2 * len(white)
    assert shapes.connected(white)
    assert {(size + 2 - r, size + 2 - c) for r, c in white} == white
    assert all(r > 1 and c > 1 for r, c in white)
    fill = shapes.kakuro_fill(white, random.Random(3))
    assert all(len({fill[sq] for sq in run}) == len(run) for run in runs)


def test_unique_loop_and_minimize():
    """Givens where two solutions differ make a 4x4 sudoku unique; minimizing keeps it unique."""
    grid = Grid(4)
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    rng = random.Random(0)
    draft = Draft("s", grid, solution)

    def fix(d, other):
        cell = next(i for i, (a, b) in enumerate(zip(solution, other, strict=True)) if a != b)
        d.clues.append(Given(cell, solution[cell]))

    assert make_unique(draft, fix) > 0
    assert draft.other() is None
    before = len(draft.clues)
    minimize(draft, rng, lambda c: True)
    assert draft.other() is None and len(draft.clues) <= before


@pytest.mark.parametrize("key", ["kenken-4", "futoshiki-5", "example-kenken", "example-x-sudoku"])
def test_files_are_made_again_from_their_seeds(key):
    """The generator makes these files again byte for byte: the instances are reproducible."""
    job = next(j for j in make_instances.jobs() if j.key == key)
    _, text = make_instances.render(job)
    assert text == (ROOT / job.path).read_text(encoding="utf-8")


def test_every_instance_file_is_a_job():
    """Every data, benchmark-data and variant example file has a job that makes it (or, for the
    benchmark inputs that are not unique instances, a writer in benchmarks.generate)."""
    from benchmarks.generate import WRITTEN

    paths = {j.path for j in make_instances.jobs()}
    folders = ("src/puzzlesat/catalog/data", "benchmarks/data")
    stored = {str(p.relative_to(ROOT)) for d in folders for p in (ROOT / d).glob("*.toml")}
    assert stored - set(WRITTEN) <= paths
    assert all((ROOT / p).is_file() for p in paths)


def test_written_benchmark_files_are_made_again():
    """benchmarks.generate writes its data files again byte for byte."""
    from benchmarks.generate import WRITTEN

    for path, write in WRITTEN.items():
        assert write() == (ROOT / path).read_text(encoding="utf-8"), path
