"""Static lex-leader symmetry breaking against the reference, orbit blocking."""

from __future__ import annotations

import pytest

import puzzlesat
from puzzlesat.catalog.builtin import build, names
from puzzlesat.model.model import define
from puzzlesat.runtime.errors import UsageError
from puzzlesat.symmetry.breaking import lex_leader_pairs

# Every catalog puzzle with a group (the grid variants have none: their one solution is its own class).
SMALL = [name for name in names() if build(name).generators]


@pytest.mark.parametrize("name", SMALL)
def test_lex_and_orbit_report_identical_classes(name):
    """On every small catalog puzzle both strategies report the same sorted canonical list."""
    puzzle = build(name)
    lex = puzzlesat.solve(puzzle, all=True, backend="sat", encoding="log", symmetry_breaking="lex")
    orbit = puzzlesat.solve(puzzle, all=True, backend="sat", encoding="log", symmetry_breaking="orbit")
    assert lex.symmetry_breaking == "lex" and orbit.symmetry_breaking == "orbit"
    assert [s.values for s in lex.solutions] == [s.values for s in orbit.solutions]
    assert lex.complete and orbit.complete


def test_square_pairs_are_the_classic_inequalities():
    """For a 3x3 grid of distinct values the lex-leader is: corner 0 smallest, then cell 1 < cell 3."""
    assert lex_leader_pairs(build("magic-square")) == ((0, 2), (0, 6), (0, 8), (1, 3))


def test_star_pairs():
    """The hexagram's 11 symmetries reduce to: point 0 is the smallest point, and point 1 < point 4."""
    assert lex_leader_pairs(build("magic-star")) == ((0, 1), (0, 4), (0, 7), (0, 10), (0, 11), (1, 4))


def test_lex_refused_where_not_exact():
    """Without all-different, lex-leader by single inequalities is not exact: a clear UsageError."""
    p = define("pairs", cells=2, values=[1, 2], distinct="none", sums=[([0, 1], "N")], generators=[[1, 0]])
    assert lex_leader_pairs(p) is None
    with pytest.raises(UsageError, match="lex-leader symmetry breaking is not exact here"):
        puzzlesat.solve(p, all=True, backend="z3", symmetry_breaking="lex")
    auto = puzzlesat.solve(p, all=True, backend="z3")
    assert auto.symmetry_breaking == "orbit"
    assert [s.values for s in auto.solutions] == [(1, 1), (1, 2), (2, 2)]


def test_order_4_magic_squares_raw_count_is_eight_times_the_classes():
    """Normal 4x4 magic squares: 880 classes (Frenicle), 7040 raw; no square is its own image."""
    puzzle = build("magic-square", {"order": "4"})
    classes = puzzlesat.solve(puzzle, all=True)
    raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False)
    assert classes.complete and raw.complete
    assert classes.count == 880 and raw.count == 7040 == 8 * classes.count
    assert {puzzle.group.canonical(s.values) for s in raw.solutions} == {s.values for s in classes.solutions}


@pytest.mark.parametrize("mode", ["auto", "orbit"])
def test_every_relabelling_without_an_all_different_group_lists_the_classes(cli, tmp_path, mode):
    """5 cells over 0..4 free to repeat: every relabelling and every cell permutation is a symmetry,
    but no all-different group can anchor the relabellings. solve --all refused it (and so did the
    orbit mode it advised); the group is now listed whole (14,400 elements) and each orbit blocked:
    the 7 classes count finds, one per partition of 5."""
    path = tmp_path / "free.toml"
    path.write_text('name = "free"\ncells = 5\nvalues = { min = 0, max = 4 }\ndistinct = "none"\n')
    result = cli("solve", str(path), "--all", "--symmetry-breaking", mode, "--json")
    assert result.code == 0, result.err
    doc = result.json()
    assert (doc["count"], doc["group_order"], doc["complete"]) == (7, 14_400, True)
    partitions = sorted(tuple(sorted(s["values"].count(v) for v in set(s["values"]))) for s in doc["solutions"])
    assert partitions == sorted([(5,), (1, 4), (2, 3), (1, 1, 3), (1, 2, 2), (1, 1, 1, 2), (1, 1, 1, 1, 1)])
    counted = cli("count", str(path), "--json").json()
    assert (counted["count"], counted["orbits"]) == (3125, 7)


def test_a_relabelling_group_too_large_to_list_is_one_line(cli, tmp_path):
    """7 cells over 0..6 free to repeat: 7! x 7! elements is past the listing limit: refused with
    advice that works (--symmetry none), not with the orbit mode that fails the same way."""
    path = tmp_path / "free7.toml"
    path.write_text('name = "free7"\ncells = 7\nvalues = { min = 0, max = 6 }\ndistinct = "none"\n')
    result = cli("solve", str(path), "--all")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith("puzzlesat: error: free7: every relabelling of the values is a symmetry")
    assert "the group has 25,401,600 elements, more than the 50,000 listed; use --symmetry none" in result.err
