"""DIMACS/OPB/SMT-LIB export, the solver-output parser, and `decode`: formats, round trips, every failure."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat import encoders
from puzzlesat.catalog.builtin import names as catalog_names
from puzzlesat.encoders.varmap import VarMap
from puzzlesat.exchange.export import export, fingerprint
from puzzlesat.formats.dimacs.answer import (
    SAT,
    UNKNOWN,
    UNSAT,
    GarbledAnswer,
    TruncatedAnswer,
    first_violated,
    parse_answer,
)
from puzzlesat.model.check import violations
from puzzlesat.model.model import define

CADICAL = shutil.which("cadical")
needs_cadical = pytest.mark.skipif(CADICAL is None, reason="cadical is not installed (apt-get install cadical)")

# Every catalog puzzle at its default parameters is small (magic-square order 3, sudoku box 3).
SMALL = catalog_names()


def one_line_error(result, code: int) -> str:
    """The error contract: this exit status, nothing on stdout, one `puzzlesat: error:` line on stderr."""
    assert result.code == code, (result.code, result.out, result.err)
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("puzzlesat: error: ")
    return lines[0].removeprefix("puzzlesat: error: ")


def read_dimacs(text: str) -> tuple[int, int, list[list[int]], list[str]]:
    """An independent DIMACS reader: header counts, clauses (split on 0, across lines), comment bodies."""
    header = None
    comments: list[str] = []
    tokens: list[int] = []
    for line in text.splitlines():
        if line.startswith("c"):
            assert header is None, "comments come before the header"
            comments.append(line[2:])
        elif line.startswith("p "):
            assert header is None, "one header"
            _, kind, nv, nc = line.split()
            assert kind == "cnf"
            header = (int(nv), int(nc))
        else:
            tokens += [int(t) for t in line.split()]
    assert header is not None
    clauses, current = [], []
    for t in tokens:
        if t == 0:
            clauses.append(current)
            current = []
        else:
            current.append(t)
    assert current == [], "the last clause ends in 0"
    return header[0], header[1], clauses, comments


def solve_with_cadical(cnf: Path) -> str:
    run = subprocess.run([CADICAL, "-q", str(cnf)], capture_output=True, text=True, timeout=120)
    assert run.returncode in (10, 20), run.stderr
    return run.stdout


# --- the writer ----------------------------------------------------------------------------------


GOLDEN = """\
c puzzlesat {version}: DIMACS CNF
c puzzle: tiny
c title: two cells, 1 and 2
c params: none
c givens: 1 (0=1)
c fingerprint: {fingerprint} (sha256 of the puzzle as TOML)
c cells: 2; unknowns: none
c settings: encoding=onehot card=pairwise pb=unary sum_mode=shift
c blocked: none
c size: 4 variables (4 primary), 9 clauses
c map: `x LITS CELL VALUE`: cell #CELL holds VALUE iff every literal of LITS (joined by &) is true
c map: `y LITS NAME VALUE`: the unknown NAME equals VALUE likewise; see docs/dimacs.md
c x 1 0 1
c x 2 0 2
c x 3 1 1
c x 4 1 2
p cnf 4 9
1 2 0
-1 -2 0
3 4 0
-3 -4 0
-1 -3 0
1 3 0
-2 -4 0
2 4 0
1 0
"""


def tiny():
    return define("tiny", title="two cells, 1 and 2", cells=["a", "b"], values=[1, 2], givens={"a": 1})


def test_golden_dimacs_for_a_two_cell_puzzle(tmp_path):
    """The exact DIMACS text of a two-cell puzzle: comments, map, header, clauses."""
    p = tiny()
    done = export(p, card="pairwise", output=tmp_path / "tiny.cnf")
    expected = GOLDEN.format(version=puzzlesat.__version__, fingerprint=fingerprint(p))
    assert (tmp_path / "tiny.cnf").read_text() == expected
    assert (done.variables, done.constraints, done.noun) == (4, 9, "clauses")


def test_golden_opb_for_a_two_cell_sum(tmp_path):
    """The exact OPB constraints of a two-cell sum to an unknown: header line first, `*` comments.

    The sum is the one-hot driver's: each cell is 1 + x(cell holds 2) and N can only be 3, so
    (1 + x2) + (1 + x4) = 3 is written x2 + x4 = 1."""
    p = define("pair", cells=2, values=[1, 2], sums=[([0, 1], "N")])
    export(p, fmt="opb", output=tmp_path / "pair.opb")
    text = (tmp_path / "pair.opb").read_text()
    assert text.splitlines()[0] == "* #variable= 5 #constraint= 6"
    assert all(line.startswith("*") for line in text.splitlines() if line[0] not in "+-")
    assert [line for line in text.splitlines() if line[0] in "+-"] == [
        "+1 x1 +1 x2 = 1 ;",
        "+1 x3 +1 x4 = 1 ;",
        "+1 x5 = 1 ;",
        "+1 x1 +1 x3 = 1 ;",
        "+1 x2 +1 x4 = 1 ;",
        "+1 x2 +1 x4 = 1 ;",
    ]
    assert "* y 5 N 3" in text.splitlines()


@pytest.mark.parametrize("encoding", encoders.names("cnf"))
@pytest.mark.parametrize("name", ["magic-frame", "magic-frame-digits", "magic-triangle", "sudoku"])
def test_header_counts_and_map_coverage(tmp_path, name, encoding):
    """For every CNF encoding: `p cnf V C` matches the clauses written, and the `c x` lines give every
    cell value exactly once (and `c y` every unknown value), with literals inside 1..V."""
    p = puzzlesat.load(name)
    done = export(p, encoding=encoding, output=tmp_path / "f.cnf")
    nvars, nclauses, clauses, comments = read_dimacs((tmp_path / "f.cnf").read_text())
    assert (nvars, nclauses) == (done.variables, done.constraints) == (nvars, len(clauses))
    assert all(0 < abs(lit) <= nvars for c in clauses for lit in c)
    xs = [line.split() for line in comments if line.startswith("x ")]
    pairs = [(int(c), int(v)) for _, _, c, v in xs]
    assert sorted(pairs) == sorted((c, v) for c in range(p.size) for v in p.domains[c])
    assert len(set(pairs)) == len(pairs)
    ys = [line.split() for line in comments if line.startswith("y ")]
    assert sorted((n, int(v)) for _, _, n, v in ys) == sorted((u.name, v) for u in p.unknowns for v in u.domain)
    for _, lits, *_ in xs + ys:
        assert lits == "T" or all(0 < abs(int(lit)) <= nvars for lit in lits.split("&"))
    if encoding == "onehot":  # one variable per value: `c x <var> <cell> <value>`
        assert all(re.fullmatch(r"[0-9]+", lits) for _, lits, *_ in xs)


def test_export_is_byte_identical_run_to_run(tmp_path):
    """Two exports of the same puzzle give the same bytes, sidecar included."""
    p = puzzlesat.load("magic-star")
    export(p, output=tmp_path / "a.cnf")
    export(p, output=tmp_path / "b.cnf")
    assert (tmp_path / "a.cnf").read_bytes() == (tmp_path / "b.cnf").read_bytes()
    a = json.loads((tmp_path / "a.cnf.map.json").read_text())
    b = json.loads((tmp_path / "b.cnf.map.json").read_text())
    assert a.pop("file") == "a.cnf" and b.pop("file") == "b.cnf"
    assert a == b


def test_sidecar_carries_the_same_map_and_the_puzzle(tmp_path):
    """The sidecar's map equals the comments' map, and its TOML loads back to the same puzzle."""
    from puzzlesat.formats.toml.files import load_text

    p = puzzlesat.load("magic-frame-primes")
    export(p, encoding="log", output=tmp_path / "f.cnf")
    doc = json.loads((tmp_path / "f.cnf.map.json").read_text())
    _, _, _, comments = read_dimacs((tmp_path / "f.cnf").read_text())
    from_json = VarMap.from_json(doc["map"], "sidecar")
    assert from_json == VarMap.from_comments(comments, doc["map"]["variables"], "comments")
    assert load_text(doc["puzzle"]["toml"]) == p
    assert doc["puzzle"]["fingerprint"] == fingerprint(p)
    assert doc["settings"]["encoding"] == "log"


def test_default_path_and_size_line(cli, tmp_path, monkeypatch):
    """Without -o the file goes to cnf_out/<puzzle>-<encoding>-<card>-<pb>.cnf and the size is printed;
    the encoding is the one solve uses (order with unary sums for a 3x3 magic square)."""
    monkeypatch.chdir(tmp_path)
    result = cli("dimacs", "magic-square")
    path = "cnf_out/magic-square-order3-order-auto-unary.cnf"
    assert result.code == 0, result.err
    assert result.out.startswith(f"{path}: ") and " variables, " in result.out and " clauses" in result.out
    assert (tmp_path / path).is_file() and (tmp_path / (path + ".map.json")).is_file()
    assert cli("dimacs", "magic-square", "--format", "opb").out.startswith("cnf_out/magic-square-order3.opb: ")
    assert cli("dimacs", "magic-square", "--format", "smt2").out.startswith("cnf_out/magic-square-order3.smt2: ")


def test_a_second_export_replaces_the_file_and_its_map(cli, tmp_path):
    """-o replaces the file it names (as in every command), its map with it; --force is accepted and
    changes nothing; no temporary file is left."""
    out = tmp_path / "f.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(out)).code == 0
    before = out.read_bytes()
    assert cli("dimacs", "magic-frame", "-o", str(out), "--pb", "bdd").code == 0
    after = out.read_bytes()
    assert after != before and "bdd" in json.loads(Path(f"{out}.map.json").read_text())["settings"]["pb"]
    assert cli("dimacs", "magic-frame", "-o", str(out), "--pb", "bdd", "--force").code == 0
    assert out.read_bytes() == after
    assert not list(tmp_path.glob(".*tmp"))


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--format", "xml"], "unknown format 'xml'"),
        (["--format", "opb", "--card", "totalizer"], "--format opb uses none"),
        (["--encoding", "z3-int"], "unknown encoding 'z3-int'"),
        (["--encoding", "onehot", "--card", "native"], "native card/PB constraints cannot be written"),
        (["--pb", "nope"], "unknown PB encoding 'nope'"),
        (["--block", "/nonexistent.json"], "no such file"),
    ],
)
def test_export_errors_are_one_line(cli, tmp_path, args, needle):
    """Bad export options: one line, exit 2, naming the fault."""
    assert needle in one_line_error(cli("dimacs", "magic-frame", "-o", str(tmp_path / "f.cnf"), *args), 2)


# --- the parser ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "status", "model"),
    [
        ("c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n", SAT, (1, -2, 3)),
        ("s SATISFIABLE\r\nv 1 -2 3 0\r\n", SAT, (1, -2, 3)),
        ("SAT\n1 -2 3 0\n", SAT, (1, -2, 3)),
        ("1 -2 3 0\n", SAT, (1, -2, 3)),
        ("s UNSATISFIABLE\n", UNSAT, ()),
        ("UNSAT\n", UNSAT, ()),
        ("s UNKNOWN\n", UNKNOWN, ()),
        ("INDET\n", UNKNOWN, ()),
        ("c pb\no 0\ns OPTIMUM FOUND\nv -x1 x2\nv x3\n", SAT, (-1, 2, 3)),
        ("s SATISFIABLE\nv -x1 x2 x3\n", SAT, (-1, 2, 3)),
    ],
)
def test_parser_reads_every_format(text, status, model):
    """Competition s/v lines (split or not), minisat's result file, bare model lines, PB answers."""
    answer = parse_answer(text, 3)
    assert (answer.status, answer.model) == (status, model)


@pytest.mark.parametrize(
    ("text", "error", "needle"),
    [
        ("", GarbledAnswer, "no answer"),
        ("hello world\n", GarbledAnswer, "line 1 'hello world'"),
        ("s SATISFIABLE\nv 1 -2 three 0\n", GarbledAnswer, "'three' is not a literal"),
        ("s SATISFIABLE\nv 1 -2 3 0 4\n", GarbledAnswer, "after the terminating 0"),
        ("s SATISFIABLE\nv 1 -1 2 3 0\n", GarbledAnswer, "both true and false"),
        ("s SATISFIABLE\nv 1 2 3 9 0\n", GarbledAnswer, "variable 9"),
        ("s SATISFIABLE\ns UNSATISFIABLE\n", GarbledAnswer, "a second status"),
        ("s UNSATISFIABLE\nv 1 2 3 0\n", GarbledAnswer, "also gives a model"),
        ("s SATISFIABLE\n", TruncatedAnswer, "no model"),
        ("s SATISFIABLE\nv 1 -2 3\n", TruncatedAnswer, "no terminating 0"),
        ("s SATISFIABLE\nv 1 -2 0\n", TruncatedAnswer, "2 of the 3 variables (variable 3 is missing)"),
    ],
)
def test_parser_rejects_garbage_and_truncation(text, error, needle):
    """Each malformed answer raises its own exception (garbage 5, truncated 6), naming the fault."""
    with pytest.raises(error) as info:
        parse_answer(text, 3)
    assert type(info.value) is error
    assert needle in str(info.value)
    assert info.value.exit_code == (6 if error is TruncatedAnswer else 5)


def test_first_violated_clause():
    """The clause check the external backend runs on every model (unlisted variables are false)."""
    assert first_violated([[1, 2], [-1, 3]], [1, -2, 3]) is None
    assert first_violated([[1, 2], [-1, 3]], [1, -2, -3]) == 1
    assert first_violated([[2]], [1]) == 0


# --- round trips through a real solver -----------------------------------------------------------


@needs_cadical
@pytest.mark.parametrize("name", SMALL)
def test_round_trip_dimacs_cadical_decode(cli, tmp_path, name):
    """dimacs, then cadical, then decode: the board is drawn and the checker accepts it (exit 0)."""
    cnf = tmp_path / f"{name}.cnf"
    assert cli("dimacs", name, "-o", str(cnf)).code == 0
    (tmp_path / "out.txt").write_text(solve_with_cadical(cnf))
    result = cli("decode", name, str(tmp_path / "out.txt"), "--map", f"{cnf}.map.json", "--json")
    assert result.code == 0, result.err
    doc = result.json()
    p = puzzlesat.load(name)
    (solution,) = doc["solutions"]
    assert violations(p, solution["values"], solution["unknowns"]) == []
    assert doc["canonical"] == list(p.group.canonical(solution["values"]))
    text = cli("decode", name, str(tmp_path / "out.txt"), "--map", str(cnf))
    assert text.code == 0 and "a valid solution, checked" in text.out


@needs_cadical
@pytest.mark.parametrize("encoding", encoders.names("cnf"))
def test_round_trip_every_encoding_without_a_sidecar(cli, tmp_path, encoding):
    """Decoding by encoding the puzzle again (no --map) reads the same variables as the export."""
    cnf = tmp_path / "star.cnf"
    assert cli("dimacs", "magic-star", "-o", str(cnf), "--encoding", encoding).code == 0
    (tmp_path / "out.txt").write_text(solve_with_cadical(cnf))
    result = cli("decode", "magic-star", str(tmp_path / "out.txt"), "--encoding", encoding, "--json")
    assert result.code == 0, result.err
    values = result.json()["solutions"][0]["values"]
    assert violations(puzzlesat.load("magic-star"), values) == []


def solve_cnf_file(cnf: Path) -> str:
    """The answer to a written CNF: cadical's when it is installed, else PySAT's in the same `s`/`v` form."""
    if CADICAL is not None:
        return solve_with_cadical(cnf)
    from pysat.formula import CNF
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=CNF(from_file=str(cnf)).clauses) as solver:
        if not solver.solve():
            return "s UNSATISFIABLE\n"
        return "s SATISFIABLE\nv " + " ".join(map(str, solver.get_model())) + " 0\n"


@pytest.mark.parametrize("encoding", encoders.names("cnf"))
def test_every_encodings_map_reads_back(cli, tmp_path, encoding):
    """Issue 39: for every CNF encoding of the registry, dimacs, a solver, then decode through the
    sidecar, through the CNF's own comments and by encoding again all give the same valid board;
    a setting the encoding does not take (log's card) is absent from map, header and text, never None."""
    cnf = tmp_path / f"{encoding}.cnf"
    assert cli("dimacs", "magic-frame", "--encoding", encoding, "-o", str(cnf)).code == 0
    settings = json.loads(Path(f"{cnf}.map.json").read_text())["settings"]
    assert settings["encoding"] == encoding and None not in settings.values()
    assert "None" not in next(line for line in cnf.read_text().splitlines() if line.startswith("c settings:"))
    answer = tmp_path / "answer.txt"
    answer.write_text(solve_cnf_file(cnf))
    boards = []
    for how in (["--map", f"{cnf}.map.json"], ["--map", str(cnf)], ["--encoding", encoding]):
        result = cli("decode", "magic-frame", str(answer), *how, "--json")
        assert result.code == 0, (how, result.err)
        doc = result.json()
        assert doc["settings"] == settings, how
        (solution,) = doc["solutions"]
        assert violations(puzzlesat.load("magic-frame"), solution["values"], solution["unknowns"]) == []
        boards.append(solution)
        text = cli("decode", "magic-frame", str(answer), *how).out
        assert "a valid solution, checked" in text and "None" not in text
    assert boards[0] == boards[1] == boards[2]


def test_a_map_with_a_null_setting_still_reads(cli, tmp_path):
    """A sidecar written before issue 39 holds log's `"card": null` (and its CNF `card=None`): both
    still decode, and the text names only the settings that apply."""
    cnf = tmp_path / "log.cnf"
    assert cli("dimacs", "magic-frame", "--encoding", "log", "-o", str(cnf)).code == 0
    sidecar = Path(f"{cnf}.map.json")
    doc = json.loads(sidecar.read_text())
    doc["settings"] = {"encoding": "log", "card": None, "pb": doc["settings"]["pb"]}
    sidecar.write_text(json.dumps(doc))
    answer = tmp_path / "answer.txt"
    answer.write_text(solve_cnf_file(cnf))
    for where in (str(sidecar), str(cnf)):
        result = cli("decode", "magic-frame", str(answer), "--map", where)
        assert result.code == 0, result.err
        assert "(encoding log, pb " in result.out and "card" not in result.out
    old = cnf.read_text().replace("c settings: encoding=log ", "c settings: encoding=log card=None ")
    cnf.write_text(old)
    assert "card" not in cli("decode", "magic-frame", str(answer), "--map", str(cnf)).out


@needs_cadical
def test_block_continues_an_enumeration(cli, tmp_path):
    """--block with a full `solve --json` result leaves nothing (UNSAT, exit 20); with a partial one,
    the next solution lies outside every blocked orbit."""
    full = tmp_path / "all.json"
    full.write_text(cli("solve", "magic-frame", "--all", "--json").out)
    cnf = tmp_path / "blocked.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(cnf), "--block", str(full)).code == 0
    assert "c blocked: 48 assignments: the 6 solutions" in cnf.read_text()
    (tmp_path / "out.txt").write_text(solve_with_cadical(cnf))
    msg = one_line_error(cli("decode", "magic-frame", str(tmp_path / "out.txt"), "--map", str(cnf)), 20)
    assert "UNSATISFIABLE" in msg

    part = tmp_path / "two.json"
    part.write_text(cli("solve", "magic-frame", "--limit", "2", "--json").out)
    first = {tuple(s["values"]) for s in json.loads(part.read_text())["solutions"]}
    assert cli("dimacs", "magic-frame", "-o", str(cnf), "--block", str(part), "--force").code == 0
    (tmp_path / "out.txt").write_text(solve_with_cadical(cnf))
    doc = cli("decode", "magic-frame", str(tmp_path / "out.txt"), "--map", str(cnf), "--json").json()
    assert tuple(doc["canonical"]) not in first


def test_block_rejects_a_result_for_another_puzzle(cli, tmp_path):
    """--block checks the result: same name, same parameters, solutions valid for this puzzle."""
    result = tmp_path / "r.json"
    result.write_text(cli("solve", "magic-frame", "--json").out)
    out = str(tmp_path / "f.cnf")
    assert "is a result for 'magic-frame', not for 'magic-frame-odd'" in one_line_error(
        cli("dimacs", "magic-frame-odd", "-o", out, "--block", str(result)), 2
    )
    star = tmp_path / "star.json"
    star.write_text(cli("solve", "magic-star", "--json").out)
    assert "parameters points=6" in one_line_error(
        cli("dimacs", "magic-star", "-p", "points=7", "-o", out, "--block", str(star)), 2
    )
    doc = json.loads(result.read_text())
    doc["solutions"][0]["values"][0] = doc["solutions"][0]["values"][1]
    result.write_text(json.dumps(doc))
    assert "solution #1 is not a solution of this puzzle" in one_line_error(
        cli("dimacs", "magic-frame", "-o", out, "--block", str(result)), 2
    )
    result.write_text("{not json")
    assert "not JSON" in one_line_error(cli("dimacs", "magic-frame", "-o", out, "--block", str(result)), 2)


# --- decode failures ---------------------------------------------------------------------------


@pytest.fixture
def frame(cli, tmp_path):
    """magic-frame exported with its sidecar, and a helper writing a solver answer next to it."""
    cnf = tmp_path / "frame.cnf"
    assert cli("dimacs", "magic-frame", "-o", str(cnf), "--encoding", "onehot").code == 0  # one literal a value
    varmap = VarMap.from_json(json.loads(Path(f"{cnf}.map.json").read_text())["map"], "test")

    def answer(text: str) -> str:
        path = tmp_path / "answer.txt"
        path.write_text(text)
        return str(path)

    return cnf, varmap, answer


def model_for(varmap: VarMap, values, unknowns) -> str:
    """A full model making exactly these cells and unknowns true (one-hot map)."""
    true = {varmap.cells[c, v][0] for c, v in enumerate(values)}
    true |= {varmap.unknowns[n, v][0] for n, v in unknowns.items()}
    lits = [v if v in true else -v for v in range(1, varmap.nvars + 1)]
    return "s SATISFIABLE\nv " + " ".join(map(str, lits)) + " 0\n"


@pytest.mark.parametrize(
    ("text", "code", "needle"),
    [
        ("hello\n", 5, "not a comment, a status or a model line"),
        ("s SATISFIABLE\nv 1 -2 3\n", 6, "no terminating 0"),
        ("s SATISFIABLE\nv 1 -2 3 0\n", 6, "assigns 3 of the {nvars} variables (variable 4 is missing)"),
        ("s UNSATISFIABLE\n", 20, "the solver answered UNSATISFIABLE"),
        ("s UNKNOWN\n", 3, "the solver answered UNKNOWN"),
    ],
)
def test_decode_bad_answers_have_distinct_exit_codes(cli, frame, text, code, needle):
    """Garbage 5, truncated 6, UNSAT 20, UNKNOWN 3: one line each, naming the file."""
    cnf, _, answer = frame
    path = answer(text)
    msg = one_line_error(cli("decode", "magic-frame", path, "--map", f"{cnf}.map.json"), code)
    nvars = int(next(line for line in open(cnf) if line.startswith("p cnf ")).split()[2])
    assert msg.startswith(path) and needle.format(nvars=nvars) in msg


def test_decode_a_model_that_breaks_the_puzzle(cli, frame):
    """A full model whose board breaks a sum, or that gives a cell two values: exit 7."""
    cnf, varmap, answer = frame
    wrong = model_for(varmap, [1, 2, 3, 4, 5, 6, 7, 8], {"N": 6})
    msg = one_line_error(cli("decode", "magic-frame", answer(wrong), "--map", f"{cnf}.map.json"), 7)
    assert "breaks the puzzle" in msg and "sum N of 0, 3, 5 (0 + 3 + 5 = N) is 11" in msg
    two = wrong.replace(f" -{varmap.cells[0, 2][0]} ", f" {varmap.cells[0, 2][0]} ")
    msg = one_line_error(cli("decode", "magic-frame", answer(two), "--map", str(cnf)), 7)
    assert "gives cell #0 the values 1, 2" in msg


def test_decode_a_hand_made_solution(cli, frame):
    """A model written by hand for a known solution decodes to exactly that board."""
    cnf, varmap, answer = frame
    values = [1, 4, 8, 7, 3, 5, 6, 2]
    result = cli("decode", "magic-frame", answer(model_for(varmap, values, {"N": 13})), "--map", str(cnf), "--json")
    assert result.code == 0, result.err
    assert result.json()["solutions"] == [{"values": values, "unknowns": {"N": 13}}]


def test_decode_input_errors(cli, frame, tmp_path):
    """A missing file, a map for another puzzle, a non-map, or --map with --encoding: exit 2, one line."""
    cnf, _, answer = frame
    ok = answer("s UNSATISFIABLE\n")
    assert "no such file" in one_line_error(cli("decode", "magic-frame", str(tmp_path / "none.txt")), 2)
    msg = one_line_error(cli("decode", "magic-frame-odd", ok, "--map", f"{cnf}.map.json"), 2)
    assert "was written for 'magic-frame'" in msg and "not for this magic-frame-odd" in msg
    assert "fingerprint" in one_line_error(cli("decode", "magic-frame-odd", ok, "--map", str(cnf)), 2)
    other = tmp_path / "other.json"
    other.write_text('{"puzzle": "magic-frame"}')
    assert "not a puzzlesat map sidecar" in one_line_error(cli("decode", "magic-frame", ok, "--map", str(other)), 2)
    assert "already fixes the encoding" in one_line_error(
        cli("decode", "magic-frame", ok, "--map", str(cnf), "--card", "totalizer"), 2
    )


# --- OPB and SMT-LIB -------------------------------------------------------------------------------


def opb_holds(text: str, true: set[int]) -> list[str]:
    """An independent OPB evaluator: the constraint lines `true` (variable numbers) falsifies."""
    bad = []
    for line in text.splitlines():
        if line.startswith("*"):
            continue
        lhs, op, rhs = re.fullmatch(r"(.*) (>=|=) (-?\d+) ;", line).groups()
        terms = re.findall(r"([+-]\d+) x(\d+)", lhs)
        total = sum(int(a) for a, v in terms if int(v) in true)
        if not (total == int(rhs) if op == "=" else total >= int(rhs)):
            bad.append(line)
    return bad


@pytest.mark.parametrize("name", ["magic-frame", "magic-triangle", "sudoku", "magic-frame-digits"])
def test_opb_accepts_solutions_and_rejects_others(tmp_path, name):
    """Every OPB constraint holds for a real solution, and some fails for a broken board."""
    p = puzzlesat.load(name)
    done = export(p, fmt="opb", output=tmp_path / "f.opb")
    text = (tmp_path / "f.opb").read_text()
    head = text.splitlines()[0]
    assert head == f"* #variable= {done.variables} #constraint= {done.constraints}"
    assert len([line for line in text.splitlines() if not line.startswith("*")]) == done.constraints
    varmap = VarMap.from_json(json.loads((tmp_path / "f.opb.map.json").read_text())["map"], "opb")
    solution = puzzlesat.solve(p).solutions[0]

    def true_vars(values, unknowns):
        return {varmap.cells[c, v][0] for c, v in enumerate(values)} | {
            varmap.unknowns[n, v][0] for n, v in unknowns.items()
        }

    assert opb_holds(text, true_vars(solution.values, solution.unknowns)) == []
    broken = list(solution.values)
    broken[0], broken[1] = broken[1], broken[0]
    if violations(p, broken) and not p.givens:
        assert opb_holds(text, true_vars(broken, p.unknown_values(broken)))


@pytest.mark.skipif(shutil.which("minisat+") is None, reason="minisat+ is not installed (apt-get install minisat+)")
def test_opb_round_trip_through_minisat_plus(cli, tmp_path):
    """A real PB solver reads the OPB file, and decode reads its PB-style answer (`v -x1 x2 ...`)."""
    opb = tmp_path / "star.opb"
    assert cli("dimacs", "magic-star", "--format", "opb", "-o", str(opb)).code == 0
    run = subprocess.run(["minisat+", str(opb)], capture_output=True, text=True, timeout=120)
    (tmp_path / "out.txt").write_text(run.stdout)
    result = cli("decode", "magic-star", str(tmp_path / "out.txt"), "--map", f"{opb}.map.json", "--json")
    assert result.code == 0, result.err
    assert violations(puzzlesat.load("magic-star"), result.json()["solutions"][0]["values"]) == []


def test_smt2_is_read_back_by_z3(tmp_path):
    """The SMT-LIB script parses, is satisfiable, and its model is a solution; blocking every class
    of magic-frame leaves it unsatisfiable."""
    import z3

    p = puzzlesat.load("magic-frame")
    export(p, fmt="smt2", output=tmp_path / "f.smt2")
    text = (tmp_path / "f.smt2").read_text()
    assert text.startswith("; puzzlesat ") and text.rstrip().endswith("(check-sat)\n(get-model)")
    solver = z3.Solver()
    solver.from_string(text)
    assert solver.check() == z3.sat
    found = solver.model()
    model = {d.name(): found[d].as_long() for d in found.decls()}
    values = [model[f"c{i}"] for i in range(p.size)]
    assert violations(p, values, {"N": model["u_N"]}) == []

    result = tmp_path / "all.json"
    outcome = puzzlesat.solve(p, all=True)
    solutions = [{"values": list(s.values)} for s in outcome.solutions]
    result.write_text(json.dumps({"puzzle": p.name, "params": {}, "modulo_symmetry": True, "solutions": solutions}))
    export(p, fmt="smt2", output=tmp_path / "g.smt2", block=str(result))
    solver = z3.Solver()
    solver.from_file(str(tmp_path / "g.smt2"))
    assert solver.check() == z3.unsat


def _general_decode(varmap: VarMap, model: list[int]):
    """The per-value test of every conjunction, the reference the ladder shortcut must match."""
    true = {lit for lit in model if lit > 0}

    def holds(lits):
        return all((lit in true) if lit > 0 else (-lit not in true) for lit in lits)

    out = []
    for _, pairs in varmap._tables[0]:
        found = [v for v, lits in pairs if holds(lits)]
        out.append(found[0] if len(found) == 1 else None)
    return out


@pytest.mark.parametrize("encoding,ladders", [("order", True), ("log", False), ("onehot", False)])
def test_order_ladders_decode_like_the_general_path(encoding, ladders):
    """Order cells decode by counting their "at least" literals; every random model, sound or not,
    decodes to the same values as testing each conjunction, or fails where that finds none or several."""
    import random

    square = puzzlesat.load("magic-square")
    enc = encoders.get(encoding, "cnf").encode(square, puzzlesat.resolve(puzzlesat.Config(encoding=encoding), square))
    varmap = VarMap.from_encoding(enc)
    assert all(ladder is not None for ladder in varmap._ladders) is ladders
    rng = random.Random(7)
    for _ in range(300):
        model = [v if rng.random() < 0.5 else -v for v in range(1, varmap.nvars + 1)]
        if rng.random() < 0.7 and ladders:  # mostly sound ladders: cell c holds a random value
            for (_, pairs), ladder in zip(varmap._tables[0], varmap._ladders, strict=False):
                k = rng.randrange(len(pairs))
                for i, g in enumerate(ladder):
                    model[g - 1] = g if i < k else -g
        expected = _general_decode(varmap, model)
        if None in expected:
            with pytest.raises(ValueError, match=r"the model gives cell #\d+ (no value|the values \d+, \d+)"):
                varmap.decode(model)
        else:
            assert list(varmap.decode(model)[0]) == expected
