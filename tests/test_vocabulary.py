"""The vocabulary in files: grids, cages, chains, tables; bad input is one line and exit 2."""

from __future__ import annotations

import pytest

from puzzlesat.formats.toml.files import dump_toml, load_text

KILLER4 = """\
name = "killer-4"
title = "A 4x4 killer with a thermometer and a kropki dot"

[grid]
size = 4
kropki = { white = [["r1c1", "r1c2"]] }

[[cage]]
cells = ["r1c1", "r1c2"]
sum = 3

[[cage]]
cells = ["r4c3", "r4c4"]
product = 12
distinct = false

[[less]]
cells = ["r2c1", "r3c1"]
"""


def write(tmp_path, text: str, name: str = "p.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_grid_file_solves_and_round_trips(cli, tmp_path):
    """Every solution of the 4x4 file, listed, and the file written back loads to the same puzzle."""
    path = write(tmp_path, KILLER4)
    doc = cli("solve", path, "--all", "--json", "--symmetry", "none").json()
    assert doc["count"] == 8 and doc["complete"]
    for s in doc["solutions"]:
        v = s["values"]
        assert sorted(v[0:2]) == [1, 2] and v[14] * v[15] == 12 and v[4] < v[8]
    p = load_text(KILLER4, "k")
    assert load_text(dump_toml(p), "again") == p


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[cage]]\ncells = ["r1c1", "r1c2"]\nsum = 9\n', "cage[1]: no values of its 2 cells reach 9 (sum) (line 4)"),
        (
            '[[cage]]\ncells = ["r1c1", "r1c2", "r1c3"]\ndifference = 1\n',
            "cage[1].cells: a difference cage takes exactly two cells, got 3 (line 5)",
        ),
        ('[[cage]]\ncells = ["r1c1", "r9c2"]\nsum = 3\n', "cage[1]: 'r9c2' is not a cell of the puzzle (line 4)"),
        ('[[cage]]\ncells = ["r1c1", "r1c2"]\nsum = "3"\n', "cage[1].sum: expected an integer, got a string (line 6)"),
        (
            '[[cage]]\ncells = ["r1c1", "r1c2"]\nsum = 3\nproduct = 2\n',
            "cage[1].product: give only one of sum, product, difference, quotient (also given: sum) (line 7)",
        ),
        ('[[less]]\ncells = ["r1c1"]\n', "less[1]: a chain needs at least two cells (line 4)"),
        (
            '[[table]]\ncells = ["r1c1", "r1c2"]\nallowed = [[1, 2, 3]]\n',
            "table[1]: tuple #1 has 3 values for 2 cells (line 4)",
        ),
        ('[[sum]]\ncells = ["r1c1", "r1c2"]\nequals = "<3"\n', "sum[1]: '<3' is neither an integer nor an unknown's "
         "name (declare it under [unknowns], or use a name of letters, digits and _) (line 4)"),
    ],
)
def test_bad_rules_are_one_line(cli, tmp_path, body, message):
    """Each mistake in a rule is exactly one line naming the file, the key and the line, exit 2."""
    path = write(tmp_path, 'name = "bad"\n[grid]\nsize = 4\n' + body)
    result = cli("solve", path)
    assert (result.code, result.out) == (2, "")
    assert result.err == f"puzzlesat: error: {path}: {message}\n"


def test_an_impossible_puzzle_says_no_solution(cli, tmp_path):
    """Two cages that both need 1 and 2 in one column cannot both hold: 'no solution', exit 0."""
    body = '[[cage]]\ncells = ["r1c1", "r2c1"]\nsum = 3\n[[cage]]\ncells = ["r3c1", "r4c1"]\nsum = 3\n'
    result = cli("solve", write(tmp_path, 'name = "imp"\n[grid]\nsize = 4\n' + body), "--all", "--symmetry", "none")
    assert result.code == 0
    assert result.out.splitlines()[-1].startswith("no solution (no symmetry reduction), complete, ")


def test_readme_grid_example_is_a_real_puzzle(cli, tmp_path):
    """docs/format.md's grid file (killer cage, thermometer, arrow, givens block with box lines) loads
    and has exactly one solution, so the example cannot drift from the format."""
    import re
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    block = re.search(r"## Grid puzzles.*?```toml\n(.*?)```", readme, re.S)
    assert block is not None
    doc = cli("solve", write(tmp_path, block.group(1)), "--all", "--json").json()
    assert (doc["count"], doc["complete"]) == (1, True)
    assert doc["solutions"][0]["values"][:9] == [5, 3, 4, 6, 7, 8, 9, 1, 2]
