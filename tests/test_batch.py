"""Batch solving (`solve --givens-file`, `puzzlesat.solve_batch`): one encoding, many instances.

The reference is the single-instance path: every batch answer must equal what `solve` finds for
that instance alone (the same count with --all, the same unique solution for sudokus).
"""

from __future__ import annotations

import random

import pytest

import puzzlesat
from puzzlesat.catalog.builtin import SEED_GIVENS
from puzzlesat.runtime.errors import UsageError

# Box-2 sudokus: a full grid with cells blanked at random (fixed seed), so some have one solution,
# some several; and one without a solution (row 1 needs a 3 its box already has).
FULL4 = "1234341221434321"


def _blanked(seed: int, blanks: int) -> str:
    rng = random.Random(seed)
    cells = set(rng.sample(range(16), blanks))
    return "".join("." if i in cells else ch for i, ch in enumerate(FULL4))


SMALL = [_blanked(s, b) for s, b in [(1, 6), (2, 9), (3, 11), (4, 13), (5, 16)]] + ["12....3........."]


def _write(tmp_path, lines: list[str]) -> str:
    path = tmp_path / "instances.txt"
    path.write_text("# box-2 sudokus\n\n" + "\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_batch_all_counts_equal_single_solves(backend: str) -> None:
    instances = [puzzlesat.load("sudoku", {"box": "2"}, g) for g in SMALL[:-1]]
    batch = puzzlesat.solve_batch(instances, all=True, backend=backend)
    single = [puzzlesat.solve(p, all=True, backend=backend).count for p in instances]
    assert [o.count for o in batch.outcomes] == single
    assert single[0] == 1 and single[-1] == 288  # the grid is unique at 6 blanks; 288 grids in all
    assert batch.complete and batch.solved == 5 and batch.instances == 5
    for p, o in zip(instances, batch.outcomes, strict=True):
        assert [s.values for s in o.solutions] == [s.values for s in puzzlesat.solve(p, all=True).solutions]


def test_batch_blocking_clauses_do_not_leak_between_instances() -> None:
    """The same instance twice: the second run must find its solutions again, not see them blocked."""
    p = puzzlesat.load("sudoku", {"box": "2"}, SMALL[2])
    batch = puzzlesat.solve_batch([p, p], all=True)
    assert batch.outcomes[0].count == batch.outcomes[1].count > 1


def test_cli_batch_json(cli, tmp_path) -> None:
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", _write(tmp_path, SMALL), "--json")
    assert r.code == 0, r.err
    doc = r.json()
    assert (doc["instances"], doc["attempted"], doc["solved"], doc["complete"]) == (6, 6, 5, True)
    assert [x["line"] for x in doc["results"]] == [3, 4, 5, 6, 7, 8]
    assert [x["count"] for x in doc["results"]] == [1, 1, 1, 1, 1, 0]
    for x in doc["results"][:5]:
        values = x["solutions"][0]["values"]
        assert all(ch == "." or int(ch) == v for ch, v in zip(x["givens"], values, strict=True))


def test_cli_batch_text_and_jsonl(cli, tmp_path) -> None:
    path = _write(tmp_path, SMALL[:2])
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path)
    assert r.code == 0
    assert r.out.startswith("== instance 1 (line 3)\n#1\n")
    assert r.out.splitlines()[-1].startswith("2 of 2 instances done: 2 solved, 0 without a solution; complete, ")
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path, "--jsonl")
    lines = r.out.splitlines()
    assert len(lines) == 3 and '"summary"' in lines[-1] and '"line": 4' in lines[1]


def test_cli_batch_of_the_seed_sudoku_matches_the_single_solve(cli, tmp_path) -> None:
    path = tmp_path / "one.txt"
    path.write_text(SEED_GIVENS + "\n" + SEED_GIVENS + "\n")
    batch = cli("solve", "sudoku", "--givens-file", str(path), "--json").json()
    single = cli("solve", "sudoku", "--json").json()
    assert [x["solutions"] for x in batch["results"]] == [single["solutions"]] * 2


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["1234"], " line 3: givens: expected 16 characters for a 4x4 sudoku (one a cell, row by row), got 4"),
        (
            ["12x4341221434321"],
            " line 3: givens: character 'x' at position 3 (row 1, column 3) is not allowed for a 4x4 sudoku; "
            "use . or 0 for a blank, 1-4 for a value",
        ),
        (["11..............", "1"], " line 3: givens: cells r1c1 and r1c2 both hold 1 but are in row 1"),
        ([], ": no instances (one givens string a line; blank and # lines are skipped)"),
    ],
)
def test_cli_batch_without_a_good_line_is_one_line(cli, tmp_path, lines, message) -> None:
    """A file with no instance at all is one error line (the first bad line's), nothing solved."""
    path = _write(tmp_path, lines)
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path)
    assert r.code == 2 and r.out == ""
    assert r.err == f"puzzlesat: error: {path}{message}\n"


def test_cli_batch_bad_line_is_that_instance_error(cli, tmp_path) -> None:
    """Bad lines are reported in their place while the other instances are solved; exit 2 at the end."""
    path = _write(tmp_path, ["1234341221434321", "12x4341221434321", SMALL[0], "11.............."])
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path)
    assert r.code == 2
    assert r.err == f"puzzlesat: error: {path}: 2 of 4 lines are not an instance (lines 4, 6); the others were solved\n"
    assert "== instance 2 (line 4)\nerror: " + path + " line 4: givens: character 'x' at position 3" in r.out
    assert (
        f"== instance 4 (line 6)\nerror: {path} line 6: givens: cells r1c1 and r1c2 both hold 1 but are in row 1\n"
        in r.out
    )
    assert r.out.splitlines()[-1].startswith("4 of 4 instances done: 2 solved, 0 without a solution, 2 bad lines; ")
    doc = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path, "--json").json()
    assert [x.get("count") for x in doc["results"]] == [1, None, 1, None]
    assert doc["results"][3]["error"].endswith("cells r1c1 and r1c2 both hold 1 but are in row 1")
    assert (doc["solved"], doc["errors"]) == (2, 2)


def test_cli_batch_of_a_grid_file(cli, tmp_path) -> None:
    """--givens-file works for a [grid] puzzle file: each line replaces the file's givens."""
    full = cli("solve", "examples/killer-6x6.toml", "--json").json()["solutions"][0]["values"]
    grid = "".join(map(str, full))
    path = _write(tmp_path, [grid[:30] + "......", "." * 36, "6" + grid[1:]])
    doc = cli("solve", "examples/killer-6x6.toml", "--givens-file", path, "--all", "--json").json()
    assert [x.get("count") for x in doc["results"]] == [1, 1, None]
    assert doc["results"][0]["solutions"][0]["values"] == full
    assert "line 5: givens: cells" in doc["results"][2]["error"]


def test_cli_batch_option_conflicts(cli, tmp_path) -> None:
    path = _write(tmp_path, SMALL[:1])
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", path, "--givens", SMALL[0])
    assert (r.code, r.err) == (2, "puzzlesat: error: --givens and --givens-file exclude each other\n")
    r = cli("solve", "sudoku", "-p", "box=2", "--givens-file", str(tmp_path / "missing.txt"))
    assert (r.code, r.err) == (2, f"puzzlesat: error: {tmp_path / 'missing.txt'}: no such file\n")


def test_batch_refuses_different_puzzles() -> None:
    with pytest.raises(UsageError, match="^batch: instance 2 is not the same puzzle as instance 1"):
        puzzlesat.solve_batch([puzzlesat.load("sudoku", {"box": "2"}), puzzlesat.load("sudoku")])
