"""A newcomer's findings (issue 32, items 9 and 10): a puzzle on standard input, one JSON line per
document, one way to write numbers, "did you mean", and warnings for likely mistakes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import puzzlesat

ROOT = Path(__file__).resolve().parent.parent
TINY = 'name = "my-file"\ncells = 3\nvalues = { min = 1, max = 3 }\n'


@pytest.fixture
def stdin(monkeypatch):
    """Give the command `text` as its standard input."""

    def feed(text: str) -> None:
        monkeypatch.setattr("sys.stdin", io.StringIO(text))

    return feed


# --- a puzzle on standard input ------------------------------------------------------------------


def test_a_toml_puzzle_reads_from_stdin(cli, stdin):
    """`solve - < my.toml` solves the file's puzzle, as `solve my.toml` does."""
    stdin(TINY)
    r = cli("solve", "-", "--all", "--no-symmetry", "--json")
    assert r.code == 0 and r.json()["puzzle"] == "my-file" and r.json()["count"] == 6


def test_an_fpuzzles_link_reads_from_stdin(cli, stdin):
    """A link (or a bare string) on stdin is told from TOML and imported."""
    link = (ROOT / "examples/clipped-fpuzzles.txt").read_text()
    want = cli("solve", "examples/clipped-fpuzzles.txt", "--json").json()["solutions"]
    stdin(link)
    assert cli("solve", "-", "--json").json()["solutions"] == want


def test_stdin_is_named_in_messages(cli, stdin):
    """A fault in the piped text names `<stdin>`, as a file's would name the file."""
    stdin('name = "x"\ncells = 2\nvalues = { min = 1, max = 2 }\nbogus = 1\n')
    r = cli("show", "-")
    assert (r.code, r.err) == (
        2,
        "puzzlesat: error: <stdin>: bogus: unknown key; valid keys: name, title, grid, cells, values, domains, "
        "distinct, givens, layout, dot, negative, sum, less, cage, table, line, clone, quadruple, outside, indexer, "
        "unknowns, symmetry, params (line 4)\n",
    )
    stdin("")
    r = cli("show", "-")
    assert r.err == (
        "puzzlesat: error: <stdin>: empty; pipe a puzzle file (TOML), an f-puzzles or SudokuPad link, "
        "an f-puzzles string, or a classic sudoku line\n"
    )
    stdin("https://example.com/x\n")
    r = cli("show", "-")
    assert r.err.startswith("puzzlesat: error: <stdin>: f-puzzles: https://example.com/x: not an f-puzzles link")


def test_stdin_takes_givens_but_not_params(cli, stdin):
    """--givens applies to a grid read from stdin; -p is for the catalog only."""
    stdin((ROOT / "examples/killer-6x6.toml").read_text())
    r = cli("solve", "-", "--givens", "11" + "." * 34)
    assert r.err == "puzzlesat: error: givens: cells r1c1 and r1c2 both hold 1 but are in row 1\n"
    stdin(TINY)
    r = cli("solve", "-", "-p", "order=3")
    assert (r.code, r.err) == (
        2,
        "puzzlesat: error: <stdin>: parameters (-p) apply to catalog puzzles only; write them into the puzzle\n",
    )


def test_stdin_is_read_once(cli, stdin):
    """A puzzle `-` with `--givens-file -` (or decode's answer `-`) is one line, not a hang."""
    stdin(TINY)
    r = cli("solve", "-", "--givens-file", "-")
    assert (r.code, r.err) == (
        2,
        "puzzlesat: error: the puzzle and --givens-file cannot both be - (standard input is read once)\n",
    )
    r = cli("decode", "-", "-")
    assert (r.code, r.err) == (
        2,
        "puzzlesat: error: the puzzle and the solver output cannot both be - (standard input is read once)\n",
    )
    with pytest.raises(puzzlesat.UsageError, match="cannot both be -"):
        puzzlesat.load_instances("-", None, "-")


def test_the_api_loads_stdin(stdin):
    """`puzzlesat.load("-")` is the CLI's `-`."""
    stdin(TINY)
    assert puzzlesat.load("-").name == "my-file"


# --- one JSON convention ---------------------------------------------------------------------------

ONE_LINE = [
    ["list"],
    ["show", "magic-frame"],
    ["symmetry", "magic-frame"],
    ["solve", "magic-frame"],
    ["count", "magic-frame"],
    ["check", "examples/killer-6x6.toml"],
    ["candidates", "magic-frame"],
    ["convert", "magic-frame"],
]


@pytest.mark.parametrize("args", ONE_LINE, ids=lambda a: a[0])
def test_every_json_document_is_one_line(cli, tmp_path, args):
    """--json and -o write one line each, like solve's, whatever the command (pipe to jq to indent)."""
    r = cli(*args, "--json")
    assert r.code == 0 and r.out.count("\n") == 1 and json.loads(r.out)["version"] == puzzlesat.__version__
    if args[0] != "convert":  # convert's -o is the TOML file
        path = tmp_path / "doc.json"
        assert cli(*args, "-o", str(path)).code == 0
        assert path.read_text().count("\n") == 1 and json.loads(path.read_text()).keys() == json.loads(r.out).keys()


# --- did you mean ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "magic-stra"], "unknown puzzle 'magic-stra'; did you mean magic-star? valid: anti-knight-sudoku, "),
        (["solve", "Sudoku"], "unknown puzzle 'Sudoku'; did you mean sudoku? valid: anti-knight-sudoku, "),
        (["solve", "sudoku", "--encoding", "onehto"], "unknown encoding 'onehto'; did you mean onehot? valid: log, "),
        (["solve", "sudoku", "--card", "seqcuonter"], "unknown card encoding 'seqcuonter'; did you mean seqcounter? "),
        (["solve", "sudoku", "--pb", "totaliser"], "unknown PB encoding 'totaliser'; did you mean totalizer? "),
        (["solve", "sudoku", "--solver", "minisat"], "unknown solver 'minisat'; did you mean minisat22? valid: "),
        (["solve", "sudoku", "-p", "bxo=2"], "sudoku: unknown parameter 'bxo'; did you mean box? valid: box=3: "),
        (["count", "sudoku", "--method", "enumerat"], "unknown counting method 'enumerat'; did you mean enumerate? "),
        (["generate", "sudok"], "unknown kind 'sudok'; did you mean sudoku? valid: sudoku, killer-sudoku, kenken"),
    ],
)
def test_a_mistyped_name_gets_the_closest_valid_one(cli, args, message):
    """Every registry's "unknown NAME" says the closest valid name first, then lists them all as before."""
    r = cli(*args)
    assert r.code == 2 and r.err.startswith("puzzlesat: error: " + message), r.err


def test_no_guess_when_nothing_is_close(cli):
    """A name like none of the valid ones keeps today's message."""
    r = cli("solve", "sudoku", "--encoding", "zzz")
    assert r.err == "puzzlesat: error: unknown encoding 'zzz'; valid: log, onehot, order\n"


def test_a_mistyped_toml_key_gets_the_closest_valid_one(cli, stdin):
    """An unknown key in a file names the key it most likely meant, with the line."""
    stdin('name = "x"\ncells = 2\nvalues = { min = 1, max = 2 }\nlayuot = "{0} {1}"\n')
    r = cli("show", "-")
    assert r.err == (
        "puzzlesat: error: <stdin>: layuot: unknown key; did you mean layout? valid keys: name, title, grid, "
        "cells, values, domains, distinct, givens, layout, dot, negative, sum, less, cage, table, line, clone, "
        "quadruple, outside, indexer, unknowns, symmetry, params (line 4)\n"
    )


# --- one way to write numbers ----------------------------------------------------------------------

WIDE = 'name = "wide"\ncells = 4\nvalues = { min = 1, max = 6 }\ndistinct = "none"\n'


def test_text_writes_thousands_with_commas_and_json_keeps_integers(cli, stdin):
    """A count of 1,000 or more has its comma in every text line, never in JSON."""
    stdin(WIDE)
    r = cli("solve", "-", "--all", "--no-symmetry", "--limit", "1000")
    assert r.out.splitlines()[-1].startswith("1,000 solutions (no symmetry reduction), stopped after 1,000, more")
    stdin(WIDE)
    assert cli("count", "-", "--no-symmetry", "--json").json()["count"] == 1296
    stdin(WIDE)
    assert cli("count", "-", "--no-symmetry").out.splitlines()[0] == "1,296 solutions"
    lines = cli("count", "sudoku", "-p", "box=2", "--givens", "." * 16).out.splitlines()
    assert lines[1] == (
        "2 classes modulo symmetry (group of order 3,072; each class listed once (anchor+orbit), its orbit size added)"
    )


def test_sizes_have_commas_in_text(cli, tmp_path):
    """dimacs' summary, compare's table: variables and clauses as text writes numbers."""
    out = cli("dimacs", "sudoku", "-o", str(tmp_path / "s.cnf")).out
    assert out == f"{tmp_path / 's.cnf'}: 729 variables, 12,021 clauses (map: {tmp_path / 's.cnf.map.json'})\n"
    table = cli("compare", "sudoku", "--encoding", "onehot", "--card", "seqcounter", "--pb", "totalizer").out
    row = table.splitlines()[1].split()
    assert row[6:9] == ["3,321", "7,809", "17,853"]
    csv = cli("compare", "sudoku", "--encoding", "onehot", "--card", "seqcounter", "--pb", "totalizer", "--csv").out
    assert ",3321,7809,17853," in csv


def test_show_writes_the_name_as_written(cli, tmp_path):
    """A puzzle loaded from `my-file.toml` named `my-file` is shown as `my-file`, not `My-file`."""
    path = tmp_path / "my-file.toml"
    path.write_text(TINY)
    assert cli("show", str(path)).out.splitlines()[0] == "my-file: my-file"
    assert cli("show", str(path), "--json").json()["name"] == "my-file"


# --- warnings for likely mistakes ----------------------------------------------------------------

KILLER = """name = "overlap"
[grid]
size = 6
boxes = "2x3"

[[cage]]
cells = ["r1c1", "r1c2"]
sum = 3

[[cage]]
cells = ["r1c2", "r2c2"]
sum = 5
"""


def test_overlapping_cages_warn_and_still_solve(cli, tmp_path):
    """A cell in two killer cages is one stderr warning; the puzzle still solves (exit 0)."""
    path = tmp_path / "overlap.toml"
    path.write_text(KILLER)
    r = cli("solve", str(path))
    assert r.code == 0 and r.out.splitlines()[-1].startswith("1 solution")
    said = (
        "cage 3 at r1c1 (2 cells) and cage 5 at r1c2 (2 cells) share cell r1c2; "
        "a killer's or KenKen's cages do not overlap"
    )
    assert r.err == f"puzzlesat: warning: {said}\n"
    doc = cli("show", str(path), "--json").json()
    assert doc["warnings"] == [said]
    assert puzzlesat.load(str(path)).warnings == tuple(doc["warnings"])


def test_kakuro_runs_cross_without_a_warning():
    """Across and down runs of a grid without Latin rows share cells by design."""
    from puzzlesat.model.grid import Grid
    from puzzlesat.model.model import define
    from puzzlesat.model.rules.cage import Cage

    grid = Grid(2, latin=False)
    across, down = Cage(("r1c1", "r1c2"), "sum", 3), Cage(("r1c1", "r2c1"), "sum", 4)
    assert define("k", grid=grid, values=range(1, 10), rules=[across, down]).warnings == ()
    latin = define("k", grid=Grid(2), rules=[Cage(("r1c1", "r1c2"), "sum", 3), Cage(("r1c1", "r2c1"), "sum", 3)])
    assert latin.warnings == (  # two cages of one clue from one cell: told apart by #1, #2
        "cage 3 at r1c1 (2 cells) #1 and cage 3 at r1c1 (2 cells) #2 share cell r1c1; "
        "a killer's or KenKen's cages do not overlap",
    )


def test_a_sum_out_of_reach_warns():
    """A sum no values reach, or a cage its givens contradict, warns: the answer can only be "no solution"."""
    from puzzlesat.model.model import define

    assert define("a", cells=2, values=range(1, 10), sums=[([0, 1], 30)]).warnings == (
        "sum 30 of 0, 1 (0 + 1 = 30) cannot hold whatever values its cells take",
    )
    from puzzlesat.model.grid import Grid
    from puzzlesat.model.rules.cage import Cage

    cage = Cage(("r1c1", "r1c2"), "sum", 3)
    assert define("g", grid=Grid(4), rules=[cage], givens="4" + "." * 15).warnings == (
        "cage 3 at r1c1 (2 cells) (r1c1 + r1c2 = 3) cannot hold with the givens r1c1 = 4",
    )
    assert define("g", grid=Grid(4), rules=[cage], givens="1" + "." * 15).warnings == ()


def test_boxes_of_more_cells_than_values_are_refused(cli, tmp_path):
    """3x3 boxes in a 6x6 grid tile it, but 9 cells cannot differ with 6 values: refused in one line
    saying how `boxes` was read and which shapes fit (issue 39: it was a warning, then "no solution")."""
    path = tmp_path / "boxes.toml"
    path.write_text('name = "b"\n[grid]\nsize = 6\nboxes = "3x3"\n')
    r = cli("show", str(path))
    assert (r.code, r.out) == (2, "") and r.err == (
        f"puzzlesat: error: {path}: grid.boxes: 3x3 boxes (3 rows x 3 columns each) hold 9 cells, which cannot "
        'all differ with the 6 values they take; try "2x3" or "3x2" (line 4)\n'
    )


def test_box_messages_say_the_orientation(cli, tmp_path):
    """`boxes = "RxC"` is rows x columns a box; a clash of givens in a box and a box that does not
    tile say which way it was read."""
    path = tmp_path / "b.toml"
    path.write_text('name = "b"\n[grid]\nsize = 6\nboxes = "3x2"\n')
    r = cli("show", str(path), "--givens", "1" + "." * 6 + "1" + "." * 28)
    assert r.err == (
        "puzzlesat: error: givens: cells r1c1 and r2c2 both hold 1 but are in box 1 "
        '(boxes = "3x2": 3 rows x 2 columns a box)\n'
    )
    path.write_text('name = "b"\n[grid]\nsize = 6\nboxes = "4x3"\n')
    assert cli("show", str(path)).err == (
        f"puzzlesat: error: {path}: grid.boxes: 4x3 boxes (4 rows x 3 columns each) do not tile a 6x6 grid "
        "(6 rows x 6 columns) (line 4)\n"
    )


def test_no_catalog_puzzle_or_example_warns():
    """Every catalog puzzle (each parameter value) and every file in examples/ loads without a warning."""
    from puzzlesat.catalog.builtin import CATALOG

    for name, entry in CATALOG.items():
        assert puzzlesat.load(name).warnings == (), name
        for param in entry.params:
            for value in range(param.lo, param.hi + 1):
                assert puzzlesat.load(name, {param.name: str(value)}).warnings == (), (name, param.name, value)
    for path in [*sorted((ROOT / "examples").glob("*.toml")), ROOT / "examples/clipped-fpuzzles.txt"]:
        assert puzzlesat.load(str(path)).warnings == (), path.name
