"""The classic exchange line (issue 30): 16, 81 or 256 characters, one a cell, wherever a puzzle is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The first puzzle of the top95 set, a hard classic with one solution.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_an_81_character_line_is_the_sudoku_with_those_givens(cli):
    """The line solves exactly as `sudoku --givens LINE` does, and check finds it unique."""
    line = cli("solve", HARD, "--limit", "2", "--json").json()
    catalog = cli("solve", "sudoku", "--givens", HARD, "--limit", "2", "--json").json()
    assert line["count"] == catalog["count"] == 1
    assert line["solutions"] == catalog["solutions"]
    values = line["solutions"][0]["values"]
    assert all(values[i] == int(c) for i, c in enumerate(HARD) if c != ".")
    assert cli("check", HARD).code == 0


def test_a_16_character_line_is_a_4x4_sudoku(cli):
    """Four givens leave a 4x4 sudoku two solutions, differing in four cells."""
    r = cli("check", "1...2...3...4...", "--json")
    assert r.code == 11
    assert r.json()["status"] == "multiple" and r.json()["differ"] == ["r3c2", "r3c4", "r4c2", "r4c4"]  # cp: default


def test_a_256_character_line_is_a_16x16_sudoku(cli):
    """16x16 lines write 10-16 as A-G; an empty one is the empty 16x16 sudoku."""
    blank = "." * 256
    line = cli("solve", blank, "--json").json()
    catalog = cli("solve", "sudoku", "-p", "box=4", "--givens", blank, "--json").json()
    assert line["params"] == {"box": 4} and line["solutions"] == catalog["solutions"]
    given = "A" + "." * 255
    assert cli("solve", given, "--json").json()["solutions"][0]["values"][0] == 10


def test_a_classic_line_on_standard_input():
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "check", "-"], input=HARD + "\n", cwd=ROOT, capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-1].startswith("unique: exactly one solution")


def test_a_classic_line_refuses_what_it_already_says(cli):
    r = cli("solve", "1...2...3...4...", "-p", "box=2")
    assert (r.code, r.err) == (
        2,
        "puzzlesat: error: the classic line: a classic line is a sudoku whose size its length gives; "
        "-p does not apply\n",
    )
    r = cli("solve", "1...2...3...4...", "--givens", "1...")
    refused = "puzzlesat: error: the classic line: a classic line holds its own givens; drop --givens\n"
    assert (r.code, r.err) == (2, refused)


def test_a_line_of_another_length_or_alphabet_is_no_classic_line(cli):
    """80 characters, or a letter in a 9x9 line, is not read as a sudoku: the name is unknown."""
    for ref in (HARD[:-1], "x" + HARD[1:]):
        r = cli("solve", ref)
        assert r.code == 2 and r.err.startswith(f"puzzlesat: error: unknown puzzle '{ref}'")
