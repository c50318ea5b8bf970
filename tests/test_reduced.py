"""Reduced forms (`puzzlesat.symmetry.reduced`): which puzzles pin the first column too, and that the counts
they give equal the counts without them."""

from __future__ import annotations

from math import factorial
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.catalog import builtin as catalog
from puzzlesat.formats.toml.files import load_file
from puzzlesat.model.model import define
from puzzlesat.search import counting
from puzzlesat.symmetry.reduced import derangement_types, derangements, reduce, representative
from puzzlesat.symmetry.relabel import interchangeable_group

ROOT = Path(__file__).resolve().parent.parent
# Latin squares of order n (OEIS A002860)
LATIN = {3: 12, 4: 576, 5: 161_280, 6: 812_851_200}


def _lines(n: int) -> list[list[int]]:
    return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]


def latin(n: int, extra: tuple[tuple[int, ...], ...] = (), givens: dict[int, int] | None = None):
    """An n x n Latin square as bare cells and groups (no grid, no name the code could read)."""
    return define(f"l{n}", cells=n * n, values=range(1, n + 1), distinct=[*_lines(n), *extra], givens=givens)


def _count(puzzle, **kw):
    out = puzzlesat.count_solutions(puzzle, **kw)
    assert out.complete and out.count_complete
    return out


def _reduction(puzzle):
    return reduce(puzzle, interchangeable_group(puzzle))


def test_derangements_by_cycle_type():
    """The derangements of each type add up to the derangement numbers, and each representative
    has its type and no fixed point."""
    assert [sum(map(derangements, derangement_types(n))) for n in range(2, 9)] == [1, 2, 9, 44, 265, 1854, 14833]
    assert derangement_types(7) == [(7,), (5, 2), (4, 3), (3, 2, 2)]
    for t in derangement_types(7):
        p = representative(t)
        assert all(p[k] != k for k in range(7)) and sorted(p) == list(range(7))
        seen, lengths = set(), []
        for k in range(7):
            if k not in seen:
                j, n = k, 0
                while j not in seen:
                    seen.add(j)
                    j, n = p[j], n + 1
                lengths.append(n)
        assert tuple(sorted(lengths, reverse=True)) == t


def test_which_puzzles_pin_the_first_column():
    """Decided by checked symmetries, not names: Latin squares (with or without a grid) pin it and
    split by second rows; a redundant pair that only rows respect pins it without the split;
    sudoku (bands), a diagonal and a given pin the first row at most."""
    square = _reduction(load_file(ROOT / "examples/latin-square-5.toml"))
    assert square is not None and square.columns_move and square.column_factor == 24
    assert square.pins == (*((c, c + 1) for c in range(5)), (5, 2), (10, 3), (15, 4), (20, 5))
    assert _reduction(latin(4)).columns_move
    rows_only = _reduction(latin(5, extra=((0, 1),)))
    assert rows_only is not None and not rows_only.columns_move
    assert _reduction(catalog.build("sudoku", {"box": "2"}, "." * 16)) is None
    assert _reduction(load_file(ROOT / "examples/sudoku-6x6.toml")) is None
    assert _reduction(latin(4, extra=((0, 5, 10, 15), (3, 6, 9, 12)))) is None
    assert interchangeable_group(latin(4, givens={0: 1})) is None


@pytest.mark.parametrize("n", [3, 4, 5])
def test_reduced_counts_equal_plain_counts(n, monkeypatch):
    """ganak: the reduced form times n! (n-1)! is the count with the first row pinned alone."""
    reduced = _count(latin(n), method="sharpsat", symmetry="none")
    assert reduced.count == LATIN[n] and reduced.reduced["factor"] == factorial(n) * factorial(n - 1)
    monkeypatch.setattr(counting, "reduce", lambda *_: None)
    plain = _count(latin(n), method="sharpsat", symmetry="none")
    assert plain.count == LATIN[n] and plain.reduced["factor"] == factorial(n)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_approx_counts_the_reduced_form(n):
    """ApproxMC counts the reduced form (1, 4 and 56 squares: below its threshold, so exactly) and
    multiplies. With the first row alone it says 1 of the 3x3's 2: pyapproxmc 4.4.0 loses a factor
    2 per pair of literals it finds equivalent (docs/decisions/counting.md, "Issue 31: reduced forms")."""
    out = _count(latin(n), method="approx", symmetry="none")
    assert (out.count, out.approximate, out.reduced["factor"]) == (LATIN[n], True, factorial(n) * factorial(n - 1))


def test_6x6_latin_squares_by_ganak():
    """812,851,200: four ganak counts, one per cycle type of the second row, in seconds."""
    out = _count(latin(6), method="sharpsat", symmetry="none")
    assert out.count == LATIN[6]
    doc = out.reduced
    assert (doc["factor"], len(doc["pinned"])) == (factorial(6) * factorial(5), 11)
    rows = [(r["cycle_type"], r["permutations"], r["count"]) for r in doc["second_rows"]]
    assert rows == [([6], 120, 168), ([4, 2], 90, 176), ([3, 3], 40, 192), ([2, 2, 2], 15, 224)]


def test_rows_without_columns_pin_the_reduced_form_whole():
    """Where only the rows permute, one count of the reduced form, no second rows."""
    out = _count(latin(5, extra=((0, 1),)), method="sharpsat", symmetry="none")
    assert out.count == LATIN[5] and out.reduced["factor"] == 120 * 24 and "second_rows" not in out.reduced


@pytest.mark.parametrize(
    ("puzzle", "expected", "factor"),
    [
        (latin(5, givens={0: 1}), LATIN[5] // 5, None),  # a given: no relabelling, no pins
        (latin(4, extra=((0, 5, 10, 15), (3, 6, 9, 12))), 48, 24),  # diagonal Latin squares: the first row only
        (catalog.build("sudoku", {"box": "2"}, "." * 16), 288, 24),
    ],
)
def test_broken_symmetry_pins_less(puzzle, expected, factor):
    """Where the rows do not all permute (or a given breaks the relabellings), the count is still
    right and says it pinned the first row at most."""
    out = _count(puzzle, method="sharpsat", symmetry="none")
    assert out.count == expected
    assert (out.reduced and out.reduced["factor"]) == factor


def test_burnside_classes_keep_the_first_row_alone():
    """Burnside's other classes (the transpose, ...) do not commute with row permutations: only the
    identity's count is reduced, and the classes are still those `solve --all` lists."""
    n = 4
    transpose = [c * n + r for r in range(n) for c in range(n)]
    square = define("latin", cells=n * n, values=range(1, n + 1), distinct=_lines(n), generators=[transpose])
    out = _count(square, method="sharpsat")
    assert (out.count, out.orbits) == (576, puzzlesat.solve(square, all=True).count)
    assert out.reduced["factor"] == 24 * 6


def test_cli_reduced(cli):
    """The text says the first row and column were pinned; the JSON says which cells, and keeps its keys."""
    r = cli("count", "examples/latin-square-5.toml", "--method", "sharpsat")
    assert r.code == 0, r.err
    assert r.out.splitlines()[0] == (
        "161,280 solutions (56 with the first row and column in order, x 5! relabellings x 4! row orders)"
    )
    r = cli("count", "examples/latin-square-5.toml", "--method", "sharpsat", "--json")
    doc = r.json()
    assert list(doc)[:4] == ["version", "count", "orbits", "method"] and doc["relabelling"] == 120
    assert doc["reduced"]["pinned"] == [f"r1c{k}" for k in range(1, 6)] + [f"r{k}c1" for k in range(2, 6)]
    assert doc["reduced"]["values"] == [1, 2, 3, 4, 5, 2, 3, 4, 5] and doc["reduced"]["factor"] == 2880
    r = cli("count", "magic-frame", "--json")
    assert r.json()["reduced"] is None


def test_a_stop_between_second_rows_keeps_the_types_counted(monkeypatch):
    """Stopped after the first cycle type's count, the count is that part: a lower bound, not complete."""
    from puzzlesat.solvers import ganak_counter as ganak
    from puzzlesat.solvers.base import SearchStopped

    def first_only(problems, deadline, on_count, on_wait, **kw):
        on_count(0, 168)  # the 6x6's (6,) type, as ganak counts it
        raise SearchStopped

    monkeypatch.setattr(ganak, "count_models", first_only)
    out = puzzlesat.count_solutions(latin(6), method="sharpsat", symmetry="none")
    assert (out.count_complete, out.stopped, out.reduced) == (False, "timeout", None)
    assert out.count == factorial(6) * derangements((6,)) * factorial(4) * 168
