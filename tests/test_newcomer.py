"""What a newcomer tripped over (issue 18): streaming boards, givens for any grid, wide layout slots,
one spelling per option, names and defaults in --help, the JSON documents' common keys."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlesat

ROOT = Path(__file__).resolve().parent.parent


# --- solve streams its boards ------------------------------------------------------------------


def test_solve_all_prints_the_first_board_before_the_search_ends():
    """A pipe sees `#1` and its board while the enumeration is still running (order-5 squares
    number in the millions), and the text ends with the summary line once SIGTERM stops it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "solve", "magic-square", "-p", "order=5", "--all"]
        + ["--timeout", "20"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        board = proc.stdout.readline()
        assert proc.poll() is None, "the process ended before its first board was read"
        assert first == "#1\n" and board.startswith("┌")
    finally:
        proc.terminate()
        rest = proc.communicate(timeout=30)[0]
    assert proc.returncode == 3  # stopped by SIGTERM: what was found is kept
    assert re.search(r"(^|\n)\d+ solutions? modulo symmetry \(group of order 8\), INCOMPLETE: stopped by \w+", rest)


def test_streamed_text_numbers_boards_in_the_order_found_and_ends_with_the_summary(cli):
    """Text output: one board per class as found, then the summary; the same set as --json's sorted list."""
    out = cli("solve", "magic-frame", "--all").out
    boards = out.split("\n\n")
    assert [b.split("\n")[0].split()[0] for b in boards[:-1]] == [f"#{i}" for i in range(1, 7)]
    assert re.fullmatch(r"6 solutions modulo symmetry \(group of order 8\), complete, \d+\.\d\d s\n", boards[-1])
    doc = cli("solve", "magic-frame", "--all", "--json").json()
    assert sorted(b.split("\n")[0].split("N = ")[1] for b in boards[:-1]) == sorted(
        str(s["unknowns"]["N"]) for s in doc["solutions"]
    )


def test_solve_callback_sees_each_solution_before_solve_returns():
    """`on_solution` runs inside the search, once per class, before the outcome exists."""
    seen: list[tuple[int, ...]] = []
    outcome = puzzlesat.solve(puzzlesat.load("magic-frame"), all=True, on_solution=lambda s: seen.append(s.values))
    assert len(seen) == 6 and sorted(seen) == [s.values for s in outcome.solutions]


# --- givens for any grid -------------------------------------------------------------------------


def test_givens_for_a_grid_file_replace_its_own(cli):
    """`--givens` works on a [grid] file: a clash is named by its house, a full string is its own solution."""
    doc = cli("solve", "examples/killer-6x6.toml", "--json").json()
    values = doc["solutions"][0]["values"]
    again = cli("solve", "examples/killer-6x6.toml", "--givens", "".join(map(str, values)), "--json").json()
    assert again["solutions"][0]["values"] == values
    r = cli("solve", "examples/killer-6x6.toml", "--givens", "11" + "." * 34)
    assert (r.code, r.err) == (2, "puzzlesat: error: givens: cells r1c1 and r1c2 both hold 1 but are in row 1\n")


def test_givens_for_an_fpuzzles_import(cli):
    """An f-puzzles import is a grid too: its givens can be replaced (here by its own solution's first row)."""
    ref = "examples/clipped-fpuzzles.txt"
    solution = cli("solve", ref, "--json").json()["solutions"][0]["values"]
    givens = "".join(map(str, solution[:9])) + "." * 72
    assert cli("solve", ref, "--givens", givens, "--json").json()["solutions"][0]["values"] == solution


def test_givens_need_a_grid(cli):
    r = cli("solve", "magic-star", "--givens", "1" + "." * 11)
    assert r.code == 2
    assert r.err == (
        "puzzlesat: error: magic-star: --givens needs a puzzle whose cells form a grid "
        "(the sudoku and its variants, a [grid] file, an f-puzzles import)\n"
    )


def test_givens_file_needs_a_grid(cli, tmp_path):
    path = tmp_path / "lines.txt"
    path.write_text("1...........\n")
    r = cli("solve", "magic-star", "--givens-file", str(path))
    assert (r.code, r.out) == (2, "")
    assert r.err == (
        "puzzlesat: error: magic-star: --givens-file needs a puzzle whose cells form a grid "
        "(the sudoku and its variants, a [grid] file, an f-puzzles import)\n"
    )


def test_a_16x16_board_pastes_back_as_givens(cli):
    """The 16x16 sudoku prints letters, one a cell, and the printed board is a valid givens string."""
    out = cli("solve", "sudoku", "-p", "box=4").out
    board = "".join(out.splitlines()[1:20])  # 16 rows and 3 rules between the bands
    assert set(board) - set(" |-") == set("123456789ABCDEFG")
    doc = cli("solve", "sudoku", "-p", "box=4", "--givens", board, "--json").json()
    assert doc["count"] == 1 and doc["solutions"][0]["cells"]["r1c1"] == int(board[0], 17)  # 1-9, then A = 10 .. G = 16


# --- layouts ---------------------------------------------------------------------------------------

WIDE = """name = "wide"
cells = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
values = { min = 1, max = 12 }
distinct = "none"
layout = '''
{a} {b} {c} | {d} {e} {f}
-------------
{6} {7} {8} | {9} {10} {11}
'''
"""


def test_layout_slots_widen_and_take_cell_names(tmp_path, cli):
    """Names and numbers longer than a one-character slot widen its column, rule line included."""
    path = tmp_path / "wide.toml"
    path.write_text(WIDE)
    board = cli("show", str(path)).out.split("cells:\n")[1]
    assert board == "a b c | d e f\n-------------\ng h i | j k l\n"
    numbered = WIDE.replace('cells = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]', "cells = 12")
    path.write_text(numbered.replace("{a} {b} {c} | {d} {e} {f}", "{0} {1} {2} | {3} {4} {5}"))
    board = cli("show", str(path)).out.split("cells:\n")[1]
    assert board == " 0  1  2 |  3  4  5\n-------------------\n 6  7  8 |  9 10 11\n"


def test_layout_placeholder_must_name_a_cell(tmp_path, cli):
    path = tmp_path / "bad.toml"
    path.write_text(WIDE.replace("{a}", "{zz}"))
    r = cli("show", str(path))
    assert r.code == 2 and "placeholder {zz} is not of the form {i}, {i:>w} or {name} (a cell's name)" in r.err


# --- one interface -------------------------------------------------------------------------------


def test_an_smt_encoding_selects_the_z3_backend(cli):
    doc = cli("solve", "magic-frame", "--encoding", "z3-int", "--json").json()
    assert (doc["backend"], doc["encoding"], doc["count"]) == ("z3", "z3-int", 1)
    r = cli("solve", "magic-frame", "--backend", "sat", "--encoding", "z3-pb")
    assert r.code == 2 and r.err == (
        "puzzlesat: error: --encoding z3-pb runs on the z3 backend, not sat "
        "(drop --backend sat; encodings for sat: log, onehot, order)\n"
    )


@pytest.mark.parametrize(("puzzle", "encoding"), [("magic-frame", "order"), ("sudoku", "onehot")])
def test_dimacs_writes_the_formula_solve_solves(cli, tmp_path, puzzle, encoding):
    """dimacs and decode default to the encoding solve takes on the sat backend: the same encoding and
    the same variable count (a figure's solve runs on cp by default, which has no CNF)."""
    solved = cli("solve", puzzle, "--json", "--backend", "sat").json()
    written = cli("dimacs", puzzle, "-o", str(tmp_path / "f.cnf"), "--json").json()
    assert solved["encoding"] == written["settings"]["encoding"] == encoding
    assert written["variables"] == solved["stats"]["variables"]
    assert written["clauses"] == solved["stats"]["clauses"]


def test_version_and_help_name_every_choice(cli):
    assert cli("--version").out == f"puzzlesat {puzzlesat.__version__}\n"
    text = " ".join(cli("solve", "--help").out.split())
    for needle in (
        "--encoding NAME Encoding: z3-int, z3-pb, onehot, order, domains, log.",
        "auto, pairwise, seqcounter,",
        "[default: auto]",
        "[default: unary for onehot and order; totalizer for log]",
        "[default: cadical195]",
        "cadical103, cadical153,",
        "[default, by measurement: cp where its search takes the puzzle: figures of up to 64 cells with sums, "
        "and grids (boxed ones with no rules but cages; past 16 values handed to sat after 100,000 failures); "
        "else sat; z3 for --encoding z3-int or z3-pb]",
        "--timeout SECONDS",
        "-o, --output FILE",
    ):
        assert needle in text, needle


def _commands() -> list[str]:
    import typer

    from puzzlesat import cli

    return sorted(typer.main.get_command(cli.app).commands)


@pytest.mark.parametrize("command", _commands())
def test_every_command_has_json_and_meaningful_metavars(cli, command):
    """--json everywhere, -o everywhere, no option shown as a bare type (`<str>`, TEXT)."""
    text = cli(command, "--help").out
    assert "--json" in text and "-o, --output" in text
    assert not re.search(r"<(str|int|float)[^>]*>|\b(TEXT|INTEGER|FLOAT)\b", text), text


def test_compare_takes_repeated_options_and_has_a_default_timeout(cli):
    doc = cli("compare", "magic-frame", "--encoding", "log", "--encoding", "order", "--json").json()
    assert sorted(r["encoding"] for r in doc["rows"]) == ["log", "order"] and doc["timeout"] == 60.0
    out = cli("compare", "magic-frame", "--encoding", "log").out
    assert out.splitlines()[-1] == "magic-frame: 1 configuration, 1 ok, first solution, consistent"


# --- JSON documents --------------------------------------------------------------------------------


def test_every_json_document_carries_the_version(cli, tmp_path):
    v = puzzlesat.__version__
    docs = {
        "list": cli("list", "--json").json(),
        "show": cli("show", "magic-square", "-p", "order=4", "--json").json(),
        "solve": cli("solve", "magic-square", "-p", "order=3", "--json").json(),
        "convert": cli("convert", "magic-frame", "--json").json(),
        "dimacs": cli("dimacs", "magic-frame", "-o", str(tmp_path / "f.cnf"), "--json").json(),
        "compare": cli("compare", "magic-frame", "--encoding", "log", "--json").json(),
    }
    assert {name: doc["version"] for name, doc in docs.items()} == dict.fromkeys(docs, v)
    assert docs["show"]["params"] == {"order": 4} and docs["solve"]["params"] == {"order": 3}
    assert docs["dimacs"]["params"] == {} and docs["compare"]["params"] == {}


def test_solutions_carry_cell_names_when_the_file_names_cells(cli):
    named = cli("solve", "examples/killer-6x6.toml", "--json").json()["solutions"][0]
    assert list(named["cells"])[:3] == ["r1c1", "r1c2", "r1c3"] and list(named["cells"].values()) == named["values"]
    numbered = cli("solve", "magic-frame", "--json").json()["solutions"][0]
    assert "cells" not in numbered


def test_output_writes_the_json_document_for_every_reporting_command(cli, tmp_path):
    for args in (["list"], ["show", "magic-frame"], ["compare", "magic-frame", "--encoding", "log"]):
        path = tmp_path / f"{args[0]}.json"
        r = cli(*args, "-o", str(path))
        assert r.code == 0 and json.loads(path.read_text())["version"] == puzzlesat.__version__


def test_decode_output_and_version(cli, tmp_path):
    cnf = tmp_path / "f.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(cnf)).code == 0
    # Solve the exported CNF with PySAT (the formula solve solves) and hand its model to decode.
    from pysat.formula import CNF
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=CNF(from_file=str(cnf)).clauses) as s:
        assert s.solve()
        model = s.get_model()
    answer = tmp_path / "answer.txt"
    answer.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    out = tmp_path / "decoded.json"
    r = cli("decode", "magic-frame", str(answer), "--map", str(cnf), "-o", str(out))
    assert r.code == 0, r.err
    doc = json.loads(out.read_text())
    assert doc["version"] == puzzlesat.__version__ and doc["settings"]["encoding"] == "order"
    # Without --map, decode encodes the puzzle again with solve's defaults: the same variables.
    again = cli("decode", "magic-frame", str(answer), "--json").json()
    assert again["solutions"] == doc["solutions"] and again["settings"]["encoding"] == "order"
