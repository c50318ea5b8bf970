"""The setter's questions (issue 15): check, candidates, clues, generate, against brute force and a
second backend."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.model.check import verify
from puzzlesat.model.grid import Grid
from puzzlesat.model.model import define
from puzzlesat.runtime.errors import ExitCode
from tests.oracle import brute_force
from tests.strategies import grid_puzzles, small_puzzles

NONE_4 = "12....34........"  # row 1 needs 3 and 4 where box 2 already holds them
FEW_4 = "1..............."


def _sudoku4(givens: str):
    return puzzlesat.load("sudoku", {"box": "2"}, givens)


def _grid4(givens: dict[str, int]):
    return define("g4", grid=Grid(4), givens=givens)


# --- check ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "status", "code", "count"),
    [
        (["sudoku"], "unique", 0, 1),
        (["sudoku", "-p", "box=2", "--givens", FEW_4], "multiple", 11, 2),
        (["sudoku", "-p", "box=2", "--givens", NONE_4], "none", 20, 0),
        (["magic-blocks"], "multiple", 11, 2),
        (["magic-blocks", "--modulo-symmetry"], "unique", 0, 1),
        (["magic-frame", "--modulo-symmetry", "--backend", "z3"], "multiple", 11, 2),
    ],
)
def test_check_status_and_exit_code(cli, args, status, code, count):
    """check's verdict, exit status and solutions for unique, multiple and impossible puzzles."""
    r = cli("check", *args, "--json")
    assert r.code == code, r.err
    doc = r.json()
    assert (doc["status"], doc["complete"], len(doc["solutions"])) == (status, True, count)
    p = puzzlesat.load(
        args[0],
        {"box": "2"} if "box=2" in args else None,
        args[args.index("--givens") + 1] if "--givens" in args else None,
    )
    values = [tuple(s["values"]) for s in doc["solutions"]]
    for v in values:
        verify(p, v)
    assert len(set(values)) == count
    if count == 2:
        assert doc["differ"] == [p.cells[i] for i in range(p.size) if values[0][i] != values[1][i]]
    if "--modulo-symmetry" in args and count == 2:
        assert p.group.canonical(values[0]) != p.group.canonical(values[1])


def test_check_codes_are_in_the_table():
    """multiple and none have their own codes, none of 2, 3, 4, 70."""
    assert (ExitCode.MULTIPLE, ExitCode.UNSATISFIABLE) == (11, 20)
    assert "check" in puzzlesat.EXIT_STATUSES[ExitCode.MULTIPLE].commands


def test_check_draws_two_boards_with_the_differences_marked(cli):
    """A grid puzzle with two solutions: two boards side by side, * on exactly the differing cells."""
    p = _grid4({"r1c1": 1, "r1c2": 2, "r2c1": 3, "r2c2": 4})
    checked = puzzlesat.check_unique(p)
    text = puzzlesat.check_text(checked)
    assert checked.status == "multiple"
    first_line = text.splitlines()[0]
    assert first_line.count("┏") == 2  # two boards on one line
    assert text.count("*") == 2 * len(checked.differ) + 1  # both boards, and the legend
    assert text.endswith(f"multiple: more than one solution, {checked.outcome.seconds:.2f} s")


def test_check_timeout_is_unknown_and_exit_3(cli):
    """A search cut short says unknown, complete false, exit 3."""
    r = cli("check", "magic-square", "-p", "order=4", "--timeout", "0.001", "--json", "--backend", "sat")
    assert r.code == 3
    doc = r.json()
    assert (doc["status"], doc["complete"], doc["stopped"]) == ("unknown", False, "timeout")


def test_check_bad_input_is_one_line(cli):
    r = cli("check", "no-such-puzzle")
    assert r.code == 2 and r.err.count("\n") == 1


# --- candidates -------------------------------------------------------------------------------------------


def _truth(p) -> list[set[int]]:
    raw = brute_force(p).raw
    return [{s[i] for s in raw} for i in range(p.size)]


@settings(max_examples=12)
@given(st.one_of(small_puzzles(max_cells=5), grid_puzzles()))
def test_candidates_are_the_brute_force_ones(p):
    """Every cell's candidates are exactly the values it takes in the brute-force solutions, and each
    call either met a new solution or ruled a pair out."""
    c = puzzlesat.find_candidates(p)
    truth = _truth(p)
    assert c.complete and c.found == truth
    ruled_out = sum(len(d) - len(t) for d, t in zip(p.domains, truth, strict=True))
    assert c.calls == (c.solutions + ruled_out if any(truth) else 1)
    assert c.solutions <= len(brute_force(p).raw)


def test_candidates_on_z3_without_scopes_match_sat():
    """The Z3 backend (a fresh session per question) gives the SAT backend's candidates."""
    p = _sudoku4("1...2...3...4...")
    sat, z3 = puzzlesat.find_candidates(p), puzzlesat.find_candidates(p, backend="z3")
    assert sat.found == z3.found == [
        {1}, {3, 4}, {2, 3, 4}, {2, 3, 4}, {2}, {3, 4}, {1, 3, 4}, {1, 3, 4},
        {3}, {1, 2}, {1, 2, 4}, {1, 2, 4}, {4}, {1, 2}, {1, 2, 3}, {1, 2, 3},
    ]  # fmt: skip


def test_candidates_json_and_pencil_marks(cli, tmp_path):
    """--json names cells; the text draws each 4x4 cell as 2x2 small digits."""
    path = tmp_path / "g.toml"
    path.write_text('name = "g"\ngivens = "1... .... .... ...2"\n[grid]\nsize = 4\n')
    r = cli("candidates", str(path), "--json")
    assert r.code == 0
    doc = r.json()
    assert doc["candidates"]["r1c1"] == [1] and doc["candidates"]["r4c4"] == [2]
    assert doc["candidates"]["r1c2"] == [2, 3, 4] and doc["complete"] is True and doc["unknown"] == {}
    text = cli("candidates", str(path)).out
    assert text.splitlines()[:2] == [" 1 .   . 2 │ . 2   . .", " . .   3 4 │ 3 4   3 4"]


def test_candidates_timeout_keeps_what_is_known(cli):
    """Stopped at once: nothing found, every pair unknown, complete false, exit 3."""
    r = cli("candidates", "kenken", "--timeout", "0.001", "--json")
    assert r.code == 3
    doc = r.json()
    assert doc["complete"] is False and doc["stopped"] == "timeout"
    p = puzzlesat.load("kenken")
    truth = puzzlesat.solve(p).solutions[0].values  # the instance is unique
    for i, name in enumerate(p.cells):
        assert set(doc["candidates"][name]) <= {truth[i]}
        assert set(doc["candidates"][name]) | set(doc["unknown"].get(name, [])) >= {truth[i]}


# --- clues ------------------------------------------------------------------------------------------------


def _status(p, backend: str = "z3") -> str:
    """Uniqueness by a second backend on a fresh session: the independent judge."""
    return puzzlesat.check_unique(p, backend=backend).status


def _without(p, cells):
    return replace(p, givens=tuple((c, v) for c, v in p.givens if c not in set(cells)))


@pytest.mark.parametrize("givens", ["23141....2....4.", "231..42..23..14.", "2.1..4.34.3..1.2"])
def test_clues_against_a_second_backend(givens):
    """Each reported-redundant given is removable, each other one is not; the minimal set is unique
    and none of its givens is removable (all judged by Z3)."""
    p = _sudoku4(givens)
    assert _status(p) == "unique"
    c = puzzlesat.find_clues(p)
    assert c.complete
    for cell, _ in p.givens:
        assert (_status(_without(p, [cell])) == "unique") == (cell in c.redundant)
    minimal = replace(p, givens=c.minimal)
    assert _status(minimal) == "unique"
    assert all(_status(_without(minimal, [cell])) == "multiple" for cell, _ in c.minimal)
    assert set(c.minimal) <= set(p.givens)


def test_clues_catalog_sudoku_is_deterministic(cli):
    """The catalog sudoku: the same answer twice; the minimal set is unique by a fresh SAT session."""
    a, b = cli("clues", "sudoku", "--json").json(), cli("clues", "sudoku", "--json").json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["complete"] is True
    assert (len(a["redundant"]), len(a["minimal"]), a["givens"]) == (24, 23, 33)
    p = puzzlesat.load("sudoku")
    index = {name: i for i, name in enumerate(p.cells)}  # cells by name (r1c1..): the sudoku is a grid
    minimal = replace(p, givens=tuple(sorted((index[k], v) for k, v in a["minimal"].items())))
    assert _status(minimal, "sat") == "unique"


@pytest.mark.parametrize(("givens", "code"), [(FEW_4, 11), (NONE_4, 20)])
def test_clues_needs_a_unique_puzzle(cli, givens, code):
    r = cli("clues", "sudoku", "-p", "box=2", "--givens", givens)
    assert r.code == code and r.out == "" and r.err.count("\n") == 1 and "puzzlesat check" in r.err


# --- generate ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "params"), [("sudoku", "box=2"), ("sudoku", "box=3"), ("killer-sudoku", "size=4"), ("kenken", "size=4")]
)
def test_generate_same_seed_same_bytes_unique_minimal(cli, tmp_path, kind, params):
    """Two runs with one seed write the same file; it loads, is unique, and no given is removable."""
    one, two = tmp_path / "a.toml", tmp_path / "b.toml"
    assert cli("generate", kind, "-p", params, "--seed", "5", "-o", str(one)).code == 0
    assert cli("generate", kind, "-p", params, "--seed", "5", "-o", str(two)).code == 0
    assert one.read_bytes() == two.read_bytes()
    p = puzzlesat.load(str(one))
    backend = "z3" if p.size <= 16 else "sat"
    assert _status(p, backend) == "unique"
    assert all(_status(_without(p, [cell]), backend) == "multiple" for cell, _ in p.givens)


def test_generate_seeds_differ_and_json(cli):
    a = cli("generate", "sudoku", "-p", "box=2", "--seed", "1", "--json").json()
    b = cli("generate", "sudoku", "-p", "box=2", "--seed", "2", "--json").json()
    assert a["solution"] != b["solution"] and a["unique"] is True and a["written"] is None
    assert puzzlesat.load("sudoku", {"box": "2"}).size == len(a["solution"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nonogram"], "unknown kind 'nonogram'; valid: sudoku, killer-sudoku, kenken"),
        (["sudoku", "-p", "box=7"], "generate sudoku: -p box=7: expected one of 2|3|4"),
        (["kenken", "-p", "box=3"], "generate kenken: unknown parameter 'box'; valid: size"),
    ],
)
def test_generate_bad_input(cli, args, message):
    r = cli("generate", *args)
    assert r.code == 2 and r.err == f"puzzlesat: error: {message}\n"
