"""The command line: real output, one-line errors with exit status 2, exit 3 when cut short."""

from __future__ import annotations

import json
import re

import pytest

import puzzlesat
from puzzlesat.catalog.builtin import names

CATALOG = [
    "magic-blocks",
    "magic-blocks-inner",
    "magic-triangle",
    "magic-triangle-free",
    "magic-frame",
    "magic-frame-odd",
    "magic-frame-even",
    "magic-frame-primes",
    "magic-frame-digits",
    "magic-frame-digits2",
    "sudoku",
    "magic-square",
    "magic-square-18",
    "magic-pair-18",
    "magic-star",
    "magic-hexagon",
    "killer-sudoku",
    "kakuro",
    "kenken",
    "futoshiki",
    "thermo-sudoku",
    "arrow-sudoku",
    "kropki-sudoku",
    "xv-sudoku",
    "anti-knight-sudoku",
    "x-sudoku",
    "windoku",
    "jigsaw-sudoku",
]


def one_line_error(result, code=2) -> str:
    """The error contract: the given exit status, nothing on stdout, one line on stderr, no traceback."""
    assert result.code == code, (result.out, result.err)
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    assert lines[0].startswith("puzzlesat: error: ")
    return lines[0].removeprefix("puzzlesat: error: ")


def test_list_names_every_catalog_puzzle(cli):
    """`list` shows each required catalog name once, with its title."""
    result = cli("list")
    assert result.code == 0
    listed = [line.split()[0] for line in result.out.splitlines() if line and not line.startswith(" ")]
    assert sorted(listed) == sorted(CATALOG) == sorted(names())


def test_list_json(cli):
    """`list --json` is one document with the version and a name and title per puzzle."""
    doc = cli("list", "--json").json()
    assert doc["version"] == puzzlesat.__version__
    assert sorted(e["name"] for e in doc["puzzles"]) == sorted(CATALOG)
    assert all(e["title"] for e in doc["puzzles"])


def test_show_describes_the_model(cli):
    """`show` gives the cell count, the sums, the unknown's range, the group order and the board."""
    out = cli("show", "magic-blocks").out
    assert "cells: 9, values 1..9" in out
    assert "  sum N of 0, 1, 3, 4: 0 + 1 + 3 + 4 = N" in out
    assert "unknowns: N in 10..30" in out
    assert "symmetry group: order 8 (2 generators)" in out
    assert "│0│1│2│" in out


def test_show_json_round_numbers(cli):
    """`show --json` carries the group order and the resolved unknown domain."""
    doc = cli("show", "magic-frame-primes", "--json").json()
    assert doc["group_order"] == 8
    # three distinct values of 3..23 sum to 15..59; the primes among those
    assert doc["unknowns"]["N"] == {"values": [17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59], "prime": True}


def test_solve_text_draws_the_board_like_the_seed(cli):
    """The magic-blocks answer is drawn in box-drawing characters, then a one-line summary."""
    result = cli("solve", "magic-blocks", "--all", "--backend", "z3")
    assert result.code == 0
    board, summary = result.out.rsplit("\n\n", 1)
    assert board == "#1  N = 20\n┌─┬─┬─┐\n│1│6│7│\n├─┼─┼─┤\n│8│5│2│\n├─┼─┼─┤\n│3│4│9│\n└─┴─┴─┘"
    assert re.fullmatch(r"1 solution modulo symmetry \(group of order 8\), complete, \d+\.\d\d s\n", summary), summary


def test_solve_json_document_shape(cli):
    """The JSON document has the documented keys, in order, and a consistent count."""
    doc = cli("solve", "magic-frame", "--all", "--json", "--backend", "z3").json()
    assert list(doc)[:15] == [
        "version",
        "puzzle",
        "params",
        "backend",
        "encoding",
        "card",
        "pb",
        "solver",
        "modulo_symmetry",
        "symmetry",
        "symmetry_breaking",
        "group_order",
        "complete",
        "stopped",
        "count",
    ]
    assert doc["puzzle"] == "magic-frame" and doc["count"] == 6 == len(doc["solutions"])
    assert doc["solutions"][0] == {"values": [1, 4, 8, 7, 3, 5, 6, 2], "unknowns": {"N": 13}}
    assert doc["stats"]["seconds"] >= 0


def test_limit_and_first_solution(cli):
    """--limit K stops after K classes and says more may exist; a plain solve finds one."""
    doc = cli("solve", "magic-star", "--limit", "3", "--json", "--backend", "z3").json()
    assert doc["count"] == 3 and doc["complete"] is False and doc["stopped"] == "limit"
    one = cli("solve", "magic-star", "--json", "--backend", "z3").json()
    assert one["count"] == 1


def test_timeout_keeps_what_was_found_and_exits_3(cli):
    """A timeout ends the search with exit 3; the JSON says complete: false, stopped: timeout."""
    result = cli("solve", "magic-square", "-p", "order=4", "--all", "--json", "--backend", "z3", "--timeout", "1")
    assert result.code == 3
    doc = result.json()
    assert doc["complete"] is False and doc["stopped"] == "timeout"
    assert doc["count"] == len(doc["solutions"])


def test_same_command_same_output(cli):
    """Determinism: two runs print the same bytes once the timings are taken out."""

    def strip(text: str) -> str:
        return re.sub(r'"[a-z_]*seconds": [0-9.e-]+', "", text)

    a = cli("solve", "magic-triangle-free", "--all", "--json", "--backend", "z3").out
    b = cli("solve", "magic-triangle-free", "--all", "--json", "--backend", "z3").out
    assert strip(a) == strip(b)
    assert json.loads(a)["count"] == 18


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "nope"], "unknown puzzle 'nope'; valid: " + ", ".join(sorted(CATALOG))),
        (["solve", "magic-frame", "--backend", "gecode"], "unknown backend 'gecode'; valid: cp, external, sat, z3"),
        (
            ["solve", "magic-frame", "--backend", "z3", "--encoding", "onehot"],
            "--encoding onehot runs on the sat or external backend, not z3 (drop --backend z3; encodings for z3: "
            "z3-int, z3-pb)",
        ),
        (["solve", "magic-square", "-p", "order"], "-p 'order': expected KEY=VALUE, e.g. -p order=4"),
        (["show", "magic-square", "-p", "order=3", "-p", "order=4"], "-p order is given twice (3 and 4)"),
        (
            ["solve", "magic-frame", "--limit", "0"],
            "Invalid value for '--limit': 0 is not in the range x>=1.",
        ),
        (["solve", "magic-frame", "--qqqq"], "No such option: --qqqq"),
        (["solve"], "Missing argument 'PUZZLE'."),
    ],
)
def test_bad_input_is_one_line(cli, args, message):
    """Unknown names list the valid ones; option errors are one line; all exit 2."""
    assert one_line_error(cli(*args)) == message


def test_bad_puzzle_file_is_one_line(cli, tmp_path):
    """A malformed TOML file names the file and the line, exit 2."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ncells = 3\nvalues = [1, 2\n')
    message = one_line_error(cli("solve", str(bad)))
    assert message.startswith(f"{bad}: ")
    assert "line 3" in message or "line 4" in message


def test_domain_too_large_for_the_encoding(cli, tmp_path):
    """One-hot refuses 20000 values a cell and names what can take them; log and z3 solve it."""
    path = tmp_path / "big.toml"
    path.write_text(
        'name = "big"\ncells = 3\nvalues = { min = 1, max = 20000 }\n[[sum]]\ncells = [0, 1, 2]\nequals = 30\n'
    )
    assert one_line_error(cli("solve", str(path), "--encoding", "onehot")) == (
        "cell 0 has 20000 values; the onehot encoding takes at most 10000 "
        "(use --encoding log, or --backend z3; encodings without a limit: z3-int, log)"
    )
    assert cli("solve", str(path), "--backend", "z3", "--json").json()["count"] == 1


def test_domain_beyond_the_model_limit(cli, tmp_path):
    """A range of more than a million values is refused before anything is built, naming file and line."""
    path = tmp_path / "huge.toml"
    path.write_text('name = "huge"\ncells = 3\nvalues = { min = 1, max = 20000000 }\n')
    assert one_line_error(cli("show", str(path))) == (
        f"{path}: values: 20000000 values is more than puzzlesat handles (at most 1000000) (line 3)"
    )
