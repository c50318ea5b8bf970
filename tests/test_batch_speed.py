"""The shortcuts that make a batch run at solver speed (issue 40), each against the slow path it
replaces: `Puzzle.with_givens` against a full validation, the compiled check against the
checker's list of faults, the positional decoding against the general one, the catalog's lines
against a catalog build each; and the plan rule as `--help` and `compare` say it.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.model.check import holds, violations
from puzzlesat.runtime.errors import PuzzleSatError
from puzzlesat.solvers.plan import CP_RULE

TOP = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "top1465.txt"
HARD = TOP.read_text().split()[:40]


def _outcome(make):
    """A value or the error's type and text, so two paths compare whether they fail or not."""
    try:
        return make()
    except PuzzleSatError as e:
        return (type(e).__name__, str(e))


@pytest.mark.parametrize("seed", range(30))
def test_with_givens_is_a_validated_puzzle(seed: int) -> None:
    """Random givens (clashes, repeats and values outside the domain included): `with_givens`
    gives the puzzle a full validation gives, or the same error."""
    rng = random.Random(seed)
    base = puzzlesat.load("sudoku", {"box": "2"})
    cells = rng.sample(range(16), rng.randint(0, 10))
    givens = sorted((c, rng.randint(0 if seed % 7 == 0 else 1, 4)) for c in cells)
    if seed % 5 == 0 and givens:
        givens.append(givens[0])  # a cell given twice
    fast = _outcome(lambda: base.with_givens(givens))
    full = _outcome(lambda: dataclasses.replace(base, givens=tuple(givens)))
    assert fast == full
    if isinstance(fast, puzzlesat.Puzzle):
        assert fast.given_map == dict(givens) and fast.core == base.core


@pytest.mark.parametrize("seed", range(40))
def test_compiled_check_agrees_with_the_checker(seed: int) -> None:
    """`holds` (houses by itemgetter) says yes exactly where the checker finds no fault: on
    solutions, on solutions with one or two cells changed, and against the givens."""
    rng = random.Random(seed)
    puzzle = puzzlesat.load("sudoku", {"box": "2"}, "1...2...3...4..." if seed % 2 else None)
    solution = list(puzzlesat.solve(puzzle, backend="sat").solutions[0].values)
    values = solution[:]
    for _ in range(seed % 3):
        values[rng.randrange(16)] = rng.randint(0 if seed % 11 == 0 else 1, 4)
    assert holds(puzzle, values) == (violations(puzzle, values) == [])
    assert holds(puzzle, solution) and not holds(puzzle, [*solution[:-1], True])


def test_positional_decoding_equals_the_general_one() -> None:
    """Sat models of 9x9 sudokus decode the same by the value literals' places and by the full pass."""
    from puzzlesat import solvers

    puzzle = puzzlesat.load("sudoku")
    plan = solvers.resolve(puzzlesat.Config(backend="sat"), puzzle)
    session = solvers.open_session(puzzle, plan)
    try:
        varmap = session.encoding.varmap
        model = session._solve(None)
        fast = varmap._positional_decode(model)
        assert fast is not None and fast == varmap._direct_decode(model)
        assert varmap._positional_decode([abs(x) for x in model]) is None  # every value true: refused
        assert varmap._positional_decode([-abs(x) for x in model]) is None  # none true: refused
        assert varmap._positional_decode(sorted(model, key=abs)[:10]) is None  # not a full model
    finally:
        session.close()


def test_batch_answers_equal_single_solves_on_every_backend(tmp_path) -> None:
    """40 hard sudokus of top1465: the batch's JSONL on cp (the default) and on sat gives, line
    for line, the unique solution a single `solve` finds, and --limit 2 counts 1 on both."""
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(HARD) + "\n")
    singles = [puzzlesat.solve(puzzlesat.load("sudoku", None, line)).solutions[0].values for line in HARD]
    for backend in ("cp", "sat"):
        instances = puzzlesat.load_instances("sudoku", None, str(path))
        batch = puzzlesat.solve_batch([i.puzzle for i in instances], backend=backend, limit=2)
        assert [o.count for o in batch.outcomes] == [1] * len(HARD)
        assert [o.solutions[0].values for o in batch.outcomes] == singles


def test_cli_batch_jsonl_is_the_same_on_both_backends(cli, tmp_path) -> None:
    """The JSONL lines of a batch are the same whichever backend solved it (times aside)."""
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(HARD[:15]) + "\n")
    runs = {}
    for backend in ("cp", "sat"):
        r = cli("solve", "sudoku", "--givens-file", str(path), "--jsonl", "--backend", backend)
        assert r.code == 0, r.err
        lines = [json.loads(x) for x in r.out.splitlines()]
        assert lines[-1]["summary"]["solved"] == 15 and "results" not in lines[-1]["summary"]
        runs[backend] = [{k: v for k, v in x.items() if k != "seconds"} for x in lines[:-1]]
    assert runs["cp"] == runs["sat"]
    assert [x["line"] for x in runs["cp"]] == list(range(1, 16))


def test_bad_catalog_lines_keep_the_catalogs_messages(tmp_path) -> None:
    """A bad line of a catalog batch is worded as the catalog words it (the quick path falls back)."""
    lines = [HARD[0], "11" + HARD[0][2:], HARD[1][:-1] + "x", "5" * 81]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    got = puzzlesat.load_instances("sudoku", None, str(path))
    assert [i.error is None for i in got] == [True, False, False, False]
    for number, (instance, line) in enumerate(zip(got[1:], lines[1:], strict=True), 2):
        expected = _outcome(lambda line=line: puzzlesat.load("sudoku", None, line))
        assert str(instance.error) == f"{path} line {number}: {expected[1]}"
    assert got[0].puzzle.givens == puzzlesat.load("sudoku", None, HARD[0]).givens


def test_the_plan_rule_is_in_help_and_compare(cli) -> None:
    """`solve --help` states the measured default rule; `compare` says which way it went and why."""
    r = cli("solve", "--help")
    assert " ".join(CP_RULE.split()) in re.sub(r"\s+", " ", r.out)
    r = cli("compare", "sudoku", "--encoding", "domains")
    assert "solve's default: cp (a grid: the cp search measured fastest)" in r.out.splitlines()
    r = cli("compare", "sudoku", "-p", "box=5", "--encoding", "domains", "--timeout", "1", "--json")
    assert r.json()["default"] == (
        "cp (a boxed grid of more than 16 values: the cp search, handed to sat after 100,000 failures "
        "(its heavy tail on 25x25 sudokus))"
    )
