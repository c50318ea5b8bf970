"""`candidates --counts`: solutions per cell and value, by enumeration and by ganak, against brute force."""

from __future__ import annotations

import itertools
import re

import pytest

import puzzlesat
from puzzlesat.catalog import builtin as catalog
from puzzlesat.model.check import violations

FEW_GIVENS = "1...2...3...4..."  # a 4x4 sudoku with 12 solutions


def _solutions(puzzle, rows):
    """Brute force over rows that are permutations of the values (both puzzles here have such
    rows: the 4x4 sudoku's four rows, the magic frame's eight all-different cells as one row)."""
    width = puzzle.size // rows
    for grid in itertools.product(itertools.permutations(puzzle.values, width), repeat=rows):
        values = tuple(v for row in grid for v in row)
        if not violations(puzzle, values):
            yield values


def _truth(puzzle, rows):
    counts = [dict.fromkeys(d, 0) for d in puzzle.domains]
    for s in _solutions(puzzle, rows):
        for cell, value in enumerate(s):
            counts[cell][value] += 1
    return counts


@pytest.mark.parametrize("limit", [10_000, 2])  # 2: past the enumeration limit, ganak per candidate
@pytest.mark.parametrize(("puzzle", "rows"), [(("sudoku", {"box": "2"}, FEW_GIVENS), 4), (("magic-frame",), 1)])
def test_counts_agree_with_brute_force(monkeypatch, puzzle, rows, limit):
    """Every cell's count per value is the brute-force number, whichever way it was counted."""
    import puzzlesat.setter.candidate_counts as module

    monkeypatch.setattr(module, "ENUMERATION_LIMIT", limit)
    p = catalog.build(*puzzle)
    out = puzzlesat.find_candidates(p, counts=True)
    assert out.complete and out.counts == _truth(p, rows)
    assert out.stats["counted_by"] == ("enumerate" if limit > 2 else "sharpsat")


def test_without_counts_nothing_is_counted():
    """Plain `candidates` stays as it was: no counts, no "counts" key."""
    out = puzzlesat.find_candidates(catalog.build("magic-frame"))
    assert out.counts is None and "counts" not in puzzlesat.candidates_json(out)


def test_cli_counts_json_and_text(cli):
    """JSON: {"counts": {cell: {value: n}}}; text: a table of the undecided cells under the board."""
    args = ("candidates", "sudoku", "-p", "box=2", "--givens", FEW_GIVENS, "--counts")
    r = cli(*args, "--json")
    assert r.code == 0, r.err
    counts = r.json()["counts"]
    assert counts["r1c1"] == {"1": 12, "2": 0, "3": 0, "4": 0}
    assert counts["r1c3"] == {"1": 0, "2": 6, "3": 3, "4": 3}
    lines = cli(*args).out.splitlines()
    start = lines.index("solutions per candidate (12 solutions; cells with one candidate left out):")
    assert lines[start + 1 : start + 3] == ["r1c2: 3 x 6, 4 x 6", "r1c3: 2 x 6, 3 x 3, 4 x 3"]


def test_z3_past_the_enumeration_limit_is_refused(monkeypatch):
    """ganak needs a CNF: on Z3, more solutions than enumeration counts is a usage error naming the way out."""
    import puzzlesat.setter.candidate_counts as module

    monkeypatch.setattr(module, "ENUMERATION_LIMIT", 2)
    with pytest.raises(puzzlesat.UsageError, match="the z3 backend has none \\(use --backend sat\\)"):
        puzzlesat.find_candidates(catalog.build("magic-frame"), counts=True, backend="z3")


def test_counts_that_time_out_say_so(cli, monkeypatch):
    """Issue 39: a --counts run whose counting times out keeps its (complete) candidates, says in
    one stderr note that the counts are missing, and has "counts_stopped" in place of "counts"."""
    import puzzlesat.setter.candidate_counts as module
    from puzzlesat.solvers.base import SearchStopped

    def stopped(*args, **kwargs):
        raise SearchStopped

    monkeypatch.setattr(module, "candidate_counts", stopped)
    args = ("candidates", "sudoku", "-p", "box=2", "--givens", FEW_GIVENS, "--counts", "--timeout", "60")
    r = cli(*args, "--json")
    doc = r.json()
    assert (r.code, doc["complete"], doc["stopped"], doc["unknown"]) == (3, False, "timeout", {})
    assert doc["counts_stopped"] == "timeout"
    assert "counts" not in doc and doc["candidates"]["r1c1"] == [1]
    assert r.err == (
        "puzzlesat: note: --counts stopped by timeout after the candidates were found: no counts "
        "(a longer --timeout may give them)\n"
    )
    text = cli(*args)
    assert re.search(r" calls, complete; the counts INCOMPLETE: stopped by timeout, [0-9.]+ s$", text.out.rstrip())
    assert "solutions per candidate" not in text.out and text.err == r.err
    done = cli("candidates", "sudoku", "-p", "box=2", "--givens", FEW_GIVENS, "--json").json()
    assert "counts_stopped" not in done  # without --counts, no such key
