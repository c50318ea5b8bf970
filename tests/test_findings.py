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
        "distinct, givens, layout, sum, less, cage, table, unknowns, symmetry, params (line 4)\n",
    )
    stdin("")
    r = cli("show", "-")
    assert r.err == "puzzlesat: error: <stdin>: empty; pipe a puzzle file (TOML) or an f-puzzles link or string\n"
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
        "cells, values, domains, distinct, givens, layout, sum, less, cage, table, unknowns, symmetry, params "
        "(line 4)\n"
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
    assert lines[1] == "2 classes modulo symmetry (group of order 3,072; Burnside over 100 conjugacy classes)"


def test_sizes_have_commas_in_text(cli, tmp_path):
    """dimacs' summary, compare's table: variables and clauses as text writes numbers."""
    out = cli("dimacs", "sudoku", "-o", str(tmp_path / "s.cnf")).out
    assert out == f"{tmp_path / 's.cnf'}: 3,321 variables, 7,809 clauses (map: {tmp_path / 's.cnf.map.json'})\n"
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
