"""The benchmark runner's own logic: generated inputs, the peer models and the answer checks.

The timings are not tested (speed is measured in `python -m benchmarks`, never asserted here).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import puzzlesat
from benchmarks.generate import sudoku
from benchmarks.peer_model import to_json, to_minizinc
from benchmarks.runner import Checker, _rows
from benchmarks.workloads import WORKLOADS, by_name
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import CheckError

ROOT_TESTS = Path(__file__).resolve().parent


def test_generated_sudoku_is_reproducible_and_solvable() -> None:
    a, b = sudoku(box=3, seed=7, keep=0.4), sudoku(box=3, seed=7, keep=0.4)
    assert a == b and a != sudoku(box=3, seed=8, keep=0.4)
    assert sum(ch != "." for ch in a) == round(0.4 * 81)
    out = puzzlesat.solve(puzzlesat.load("sudoku", {"box": "3"}, a))
    assert out.count == 1


def test_minizinc_model_of_magic_frame() -> None:
    text = to_minizinc(to_json(puzzlesat.load("magic-frame")))
    assert "array[1..8] of var 1..8: x;" in text
    assert "constraint alldifferent([x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8]]);" in text
    assert text.count("= u_N;") == 4 and "var " in text.split("u_N")[0]


def test_checker_canonicalises_raw_solutions_like_puzzlesat() -> None:
    p = puzzlesat.load("magic-frame")
    raw = puzzlesat.solve(p, all=True, modulo_symmetry=False)
    canon = puzzlesat.solve(p, all=True)
    workload = WORKLOADS[0]
    classes = Checker(workload, p, []).classes([s.values for s in raw.solutions], canonical=False)
    assert classes == frozenset(s.values for s in canon.solutions) and len(classes) == 6
    with pytest.raises(CheckError):
        Checker(workload, p, []).classes([(1, 2, 3, 4, 5, 6, 7, 8)], canonical=False)


def test_minizinc_output_rows() -> None:
    out = "1 2 3\n----------\n3 2 1\n----------\n==========\n"
    assert _rows(out) == [(1, 2, 3), (3, 2, 1)]
    assert _rows("=====UNSATISFIABLE=====\n") == [None]


def test_unknown_workload_lists_the_valid_ones() -> None:
    with pytest.raises(SystemExit, match="unknown workload 'nope'; valid: magic-star, magic-square-4"):
        by_name(["nope"])


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="minizinc is not installed (apt-get install minizinc)")
def test_minizinc_model_of_every_core_kind_matches_brute_force(tmp_path) -> None:
    """The peers solve the same model: MiniZinc/Gecode on relations, tables and chains finds brute force's list."""
    from oracle import brute_force

    from puzzlesat.model.model import define
    from puzzlesat.model.rules.less import Less
    from puzzlesat.model.rules.sum import Sum
    from puzzlesat.model.rules.table import TableRule

    p = define(
        "kinds",
        cells=4,
        values=range(1, 5),
        distinct=[[0, 1, 2]],
        rules=[
            Less((0, 3)),
            Sum((1, 2), 5, "!="),
            Sum((0, 1, 3), 9, ">=", (1, 2, 1)),
            TableRule((2, 3), ((1, 2), (4, 4)), False),
            TableRule((0, 1), ((1, 4), (2, 3), (1, 3), (2, 4))),
        ],
    )
    path = tmp_path / "kinds.mzn"
    path.write_text(to_minizinc(to_json(p)))
    cmd = ["minizinc", "--solver", "gecode", "-a", str(path)]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    rows = sorted(tuple(map(int, line.split())) for line in run.stdout.splitlines() if line[:1].isdigit())
    truth = brute_force(p).raw
    assert rows == truth and len(truth) > 3


def _position_kinds() -> Puzzle:
    """A 4x4 Latin square with a sandwich, an X-sum, a skyscraper, a numbered room and an indexer,
    each lowered to the core's Guarded (terms on cells and constants, guarded or not, and `when`)."""
    from puzzlesat.model.grid import Grid
    from puzzlesat.model.model import define
    from puzzlesat.model.rules.indexer import Indexer
    from puzzlesat.model.rules.outside import KINDS, Outside

    rows = [tuple(4 * r + c for c in range(4)) for r in range(4)]
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # a Latin square every clue below holds in
    kinds = ("sandwich", "xsum", "skyscraper", "room")
    assert set(kinds) <= set(KINDS)
    rules = []
    for i, kind in enumerate(kinds):
        line = rows[i] if i % 2 else rows[i][::-1]
        held = (Outside(kind, line, v) for v in range(40))
        rules.append(next(r for r in held if r.holds(grid, {})))
    return define("position", grid=Grid(4, boxes="none"), rules=[*rules, Indexer(rows[0], 1)])


def _latin_truth(p: Puzzle) -> list[tuple[int, ...]]:
    """Its solutions by brute force over the 576 4x4 Latin squares (every cell's 4^16 is too many)."""
    import itertools

    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        if all(len(set(col)) == 4 for col in zip(*grid, strict=True)):
            values = tuple(v for row in grid for v in row)
            if all(c.holds(values, {}) for c in p.core):
                out.append(values)
    return sorted(out)


def test_peer_model_carries_every_guarded_clue() -> None:
    """The peers get the position-dependent clues too (never a weaker model): one entry per Guarded."""
    from puzzlesat.model.core import Guarded

    p = _position_kinds()
    model = to_json(p)
    assert len(model["guarded"]) == sum(isinstance(c, Guarded) for c in p.core) > 0
    assert to_minizinc(model).count("bool2int(") > 0


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="minizinc is not installed (apt-get install minizinc)")
def test_minizinc_model_of_position_clues_matches_brute_force(tmp_path) -> None:
    """Gecode on the Guarded clues (sandwich, X-sum, skyscraper, numbered room, indexer) finds brute force's list."""
    p = _position_kinds()
    path = tmp_path / "position.mzn"
    path.write_text(to_minizinc(to_json(p)))
    cmd = ["minizinc", "--solver", "gecode", "-a", str(path)]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    rows = sorted(tuple(map(int, line.split())) for line in run.stdout.splitlines() if line[:1].isdigit())
    truth = _latin_truth(p)
    assert rows == truth and len(truth) > 1


def test_cpsat_model_of_position_clues_matches_brute_force(tmp_path) -> None:
    """CP-SAT on the same Guarded clues finds brute force's list (run as the benchmark runs it)."""
    pytest.importorskip("ortools", reason="OR-Tools is not installed (pip install -e '.[bench]')")
    import json
    import sys

    from benchmarks.runner import ROOT

    p = _position_kinds()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(to_json(p)))
    cmd = [sys.executable, str(ROOT / "benchmarks" / "peer_cpsat.py"), str(path), "all"]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True)
    rows = sorted(tuple(map(int, line.split())) for line in run.stdout.splitlines() if line.strip())
    truth = _latin_truth(p)
    assert rows == truth and len(truth) > 1


def test_minizinc_model_has_one_lex_leader_per_non_identity_element() -> None:
    """Gecode is asked puzzlesat's question: lex_lesseq(x, g(x)) for each of the star's 11 other
    symmetries, the image read through the inverse permutation; none without `lex`."""
    p = puzzlesat.load("magic-star")
    model = to_json(p)
    text = to_minizinc(model, lex=True)
    assert len(model["symmetry"]) == p.group.order - 1 == 11
    assert text.count("constraint lex_lesseq(x, [") == 11 and 'include "lex_lesseq.mzn";' in text
    assert "lex_lesseq" not in to_minizinc(model)
    p0 = p.group.elements[1][0]
    inverse = [p0.index(j) for j in range(len(p0))]
    assert f"lex_lesseq(x, [{', '.join(f'x[{i + 1}]' for i in inverse)}]);" in text


def test_minizinc_lex_leader_reads_a_value_map_through_an_array() -> None:
    """An element that relabels values (x -> 5 - x) is one array lookup per cell of the image."""
    from puzzlesat.model.model import define

    mirror = {"cells": [1, 0], "values": [4, 3, 2, 1]}
    p = define("pair", cells=2, values=range(1, 5), distinct=[[0, 1]], generators=[mirror])
    text = to_minizinc(to_json(p), lex=True)
    assert "array[1..4] of int: m1 = [4, 3, 2, 1];" in text
    assert "constraint lex_lesseq(x, [m1[x[2]], m1[x[1]]]);" in text


def test_minizinc_lex_leader_refuses_every_relabelling() -> None:
    """A group with every relabelling of the values lists no elements to write constraints for."""
    from puzzlesat.symmetry.detect import detect

    p = puzzlesat.load("sudoku", {"box": "2"})
    model = to_json(p, group=detect(p).group)
    assert model["symmetry"] is None
    with pytest.raises(ValueError, match="relabels every value"):
        to_minizinc(model, lex=True)


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="minizinc is not installed (apt-get install minizinc)")
@pytest.mark.parametrize("ref, symmetry", [("magic-triangle", "declared"), ("magic-star", "detected")])
def test_gecode_with_lex_leader_returns_exactly_puzzlesats_classes(tmp_path, ref: str, symmetry: str) -> None:
    """Gecode + lex_lesseq finds each class once, as puzzlesat's canonical member: the triangle
    under its 48 declared symmetries, the star under the 96 detected ones (with x -> 13 - x)."""
    from puzzlesat.symmetry.detect import detect

    p = puzzlesat.load(ref)
    group = p.group if symmetry == "declared" else detect(p).group
    path = tmp_path / "lex.mzn"
    path.write_text(to_minizinc(to_json(p, group=group), lex=True))
    cmd = ["minizinc", "--solver", "gecode", "-a", str(path)]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    rows = [r for r in _rows(run.stdout) if r is not None]
    classes = [s.values for s in puzzlesat.solve(p, all=True, symmetry=symmetry).solutions]
    assert sorted(rows) == classes and len(rows) == len(set(rows))
    assert len(classes) == {"magic-triangle": 6, "magic-star": 15}[ref]


def test_checker_refuses_a_class_printed_twice_or_a_non_canonical_member() -> None:
    """Gecode + lex must print each class once, as its canonical member; the runner says which rule broke."""
    p = puzzlesat.load("magic-frame")
    canon = [s.values for s in puzzlesat.solve(p, all=True).solutions]
    checker = Checker(WORKLOADS[0], p, [])
    assert checker.classes(canon, canonical=True) == frozenset(canon)
    with pytest.raises(RuntimeError, match="printed twice"):
        checker.classes([*canon, canon[0]], canonical=True)
    other = next(t for t in p.group.orbit(canon[0]) if t != canon[0])
    with pytest.raises(RuntimeError, match="not its class's canonical member"):
        checker.classes([other], canonical=True)


def test_enumeration_ratio_is_a_bound_when_one_side_ran_out_of_time() -> None:
    """"> 60 s" for Gecode makes puzzlesat's ratio an upper bound, and the other way round."""
    from benchmarks.enumeration import ratio
    from benchmarks.runner import Run

    out = Run("gecode", None, error="timeout: no answer within 60 s")
    assert ratio(Run("puzzlesat", 3.0), out, 60.0)[:2] == ("< 0.05", 0.05)
    assert ratio(Run("puzzlesat", None, error="timeout: ..."), Run("gecode", 15.0), 60.0)[0] == "> 4"
    assert ratio(Run("puzzlesat", 1.0), Run("gecode", 4.0), 60.0)[0] == "0.25"
    assert ratio(Run("puzzlesat", None, error="timeout"), out, 60.0)[0] == "-"


def test_issue_16_workloads_by_name() -> None:
    """The issue-16 group is its own list: its names, and the rows sharing a peer's runs point at one."""
    from benchmarks.workloads import ISSUE16

    names = [w.name for w in ISSUE16]
    assert [w.name for w in by_name(["star-9", "square-5-givens"], ISSUE16)] == ["star-9", "square-5-givens"]
    assert all(w.peers_of in names for w in ISSUE16 if w.peers_of)
    assert [w.expected for w in ISSUE16[:4]] == [80, 72, 112, 880]
    with pytest.raises(SystemExit, match="unknown workload 'magic-star'"):
        by_name(["magic-star"], ISSUE16)


def test_real_link_workloads_are_the_corpus() -> None:
    """Issue 30's group: one uniqueness workload per real link, under 2 s each; the snipe expects two."""
    import json

    from benchmarks.workloads import GROUPS, REAL_LINKS, Target

    corpus = json.loads((ROOT_TESTS / "data" / "real_links.json").read_text(encoding="utf-8"))["puzzles"]
    assert GROUPS["30"] is REAL_LINKS and [w.ref for w in REAL_LINKS] == [p["link"] for p in corpus]
    assert {w.mode for w in REAL_LINKS} == {"all"} and {w.targets for w in REAL_LINKS} == {(Target(None, seconds=2.0),)}
    assert [w.name for w in REAL_LINKS if w.expected != 1] == ["40-sandwich-snipe-18"]
    assert len({w.name for w in REAL_LINKS}) == 44


def test_cpmpy_stepwise_explanation_of_a_4x4_is_a_chain_of_minimal_cheapest_steps() -> None:
    """The explain peer (CPMpy's OCUS steps) places every blank of CPMpy's 4x4 once, each value the
    solution's, each implied by its cited houses and earlier facts alone (brute force over the
    cited cells), with no house or fact to spare, and none using more houses than it must."""
    pytest.importorskip("cpmpy")
    pytest.importorskip("pypblib")
    from itertools import combinations, product

    from benchmarks.peer_explain import cell_name, explain, houses, sudoku_model

    line = ".34.4..21..3.21."
    solution = "2341413214233214"
    names = [cell_name(i, 4) for i in range(16)]
    named = {rule: [names[i] for i in cells] for rule, cells in houses(4)}

    def implies(rules: list[str], facts: dict[str, int], cell: str, value: int) -> bool:
        """Every filling of the cited houses' cells that obeys them and the facts has cell = value."""
        cells = sorted({c for r in rules for c in named[r]} | {cell})
        for values in product(range(1, 5), repeat=len(cells)):
            g = dict(zip(cells, values, strict=True))
            if any(c in g and g[c] != v for c, v in facts.items()):
                continue
            if all(len({g[c] for c in named[r]}) == 4 for r in rules) and g[cell] != value:
                return False
        return True

    steps = list(explain(sudoku_model(line)))
    assert len(steps) == line.count(".") == 8
    known = {names[i]: int(ch) for i, ch in enumerate(line) if ch != "."}
    for s in steps:
        cell, value, rules = s["cell"], s["value"], s["rules"]
        facts = {f["cell"]: f["value"] for f in s["facts"]}
        assert cell not in known and value == int(solution[names.index(cell)])
        assert all(known[c] == v for c, v in facts.items())  # facts known before the step
        assert s["cost"] == 60 * len(rules) + len(facts) + 1
        assert implies(rules, facts, cell, value)
        for drop in facts:
            assert not implies(rules, {c: v for c, v in facts.items() if c != drop}, cell, value)
        for drop in rules:
            assert not implies([r for r in rules if r != drop], facts, cell, value)
        blanks = [c for c in names if c not in known]
        fewer = [list(rs) for k in range(1, len(rules)) for rs in combinations(named, k)]
        assert not any(implies(rs, known, c, int(solution[names.index(c)])) for rs in fewer for c in blanks)
        known[cell] = value
    assert [len(s["rules"]) for s in steps] == [2, 1, 1, 1, 1, 1, 1, 1]


def test_the_variant_explain_benchmark_summarises_medians_maxima_and_cuts():
    """benchmarks/explain_variants.py: a timeout or a failure counts as past the cut, the targets
    are hint 1 s / 5 s and grade 10 s / 60 s, and its puzzles are the 9x9 links with one solution."""
    from benchmarks.explain_variants import puzzles, summary

    rows = [{"hint": {"seconds": s}, "grade": {"seconds": g}} for s, g in ((0.5, 8.0), (0.9, 12.0), (4.0, 9.0))]
    rows.append({"hint": {"seconds": 0.7}, "grade": {"seconds": None, "error": "timeout after 120 s"}})
    got = summary(rows)
    assert (got["hint"]["median"], got["hint"]["max"], got["hint"]["met"]) == (0.8, 4.0, True)
    assert (got["grade"]["median"], got["grade"]["failed"], got["grade"]["met"]) == (10.5, 1, False)
    links = puzzles()
    assert len(links) == 39 and all(len(p["solution"]) == 81 and "solutions" not in p for p in links)


def test_the_variant_explain_benchmark_puts_cpmpy_beside_puzzlesat():
    """With the CPMpy peer, each row shows its seconds or its cut and the steps done of the cells
    to place, and the summary counts finished, cut and failed runs and the placements explained."""
    from benchmarks.explain_variants import peer_summary, table

    done = {"seconds": 41.5, "steps": 76, "to_place": 76, "finished": True, "timed_out": False}
    cut = {"seconds": None, "steps": 3, "to_place": 81, "finished": False, "timed_out": True}
    failed = {"seconds": None, "error": "boom"}
    rows = [
        {"title": t, "explain": {"seconds": s}, "cpmpy": r}
        for t, s, r in (("A", 2.5, done), ("B", 9.0, cut), ("C", 1.0, failed))
    ]
    lines = table(rows, ["explain"], 60.0).splitlines()
    assert lines[0].split() == ["puzzle", "explain", "CPMpy"]
    assert lines[2].split(None, 2)[2] == "41.50 s, 76/76 done" and lines[3].split(None, 2)[2] == "cut at 60 s, 3/81"
    assert lines[4].endswith("FAILED")
    assert peer_summary(rows, 60.0) == (
        "peer CPMpy (OCUS step-wise): finished 1 of 3, cut at 60 s on 1, failed 1; 79 of 157 placements explained"
    )


def test_the_grading_peer_summary_states_medians_ratios_and_agreement():
    """benchmarks/grading_peer.py: medians, their ratio and the per-level lines from records, and
    whole processes beside them; hodoku-py's agreement with the rated set counted exactly."""
    from benchmarks.grading_peer import summary

    rows = [
        {"line": "a", "level": "easy", "hodoku": 200, "peer_level": "easy", "peer_score": 200, "peer_cpu": 0.05,
         "ours": "easy", "score": 2.0, "cpu": 0.02},
        {"line": "b", "level": "easy", "hodoku": 210, "peer_level": "easy", "peer_score": 210, "peer_cpu": 0.04,
         "ours": "easy", "score": 2.1, "cpu": 0.03},
        {"line": "c", "level": "hard", "hodoku": 1300, "peer_level": "hard", "peer_score": 1290, "peer_cpu": 0.10,
         "ours": "expert", "score": 12.0, "cpu": 0.30},
    ]  # fmt: skip
    whole = [{"line": "a", "ours": {"cpu": 0.5, "wall": 0.6, "score": 2.0}, "peer": {"cpu": 0.25, "wall": 0.3,
                                                                                      "score": 200}}]  # fmt: skip
    lines = summary({"in_process": rows, "whole_process": whole})
    assert lines[1] == "hodoku-py against the rated set (HoDoKu 2.2.0): level and score equal on 2 of 3"
    assert lines[2] == "Spearman, puzzlesat's score against the rated set's: 1.000; against hodoku-py's: 1.000"
    assert lines[3] == "levels agreeing with the rated set (unfair read as expert): 2 of 3"
    assert lines[4].startswith("CPU per puzzle, in-process after warm-up: puzzlesat median 0.030 s, max 0.30 s; "
                               "hodoku-py median 0.050 s, max 0.10 s; ratio of medians 0.60")  # fmt: skip
    assert lines[5] == (
        "  easy       2 puzzles: Spearman inside 1.00; CPU median puzzlesat 0.025 s, hodoku-py 0.045 s, ratio 0.56"
    )
    assert lines[7].startswith("whole processes, start-up counted, 1 puzzles: CPU median puzzlesat 0.500 s, "
                               "hodoku-py 0.250 s, ratio 2.00")  # fmt: skip
    assert lines[8] == "  puzzlesat's score differing between the process and in-process runs: 0"


def test_the_hodoku_peer_rates_the_first_rated_puzzle_as_the_rated_set_does():
    """hodoku-py (the bench extra) gives the rated set's own level and score, in-process and as
    its own process (the line `python benchmarks/peer_hodoku.py LINE` prints)."""
    pytest.importorskip("hodoku")
    import json
    import sys

    from benchmarks import peer_hodoku
    from benchmarks.grading import rated

    line, level, score = rated()[0]
    assert peer_hodoku.rate(peer_hodoku.rater(), line) == (level, score) == ("easy", 200)
    out = subprocess.run([sys.executable, str(ROOT_TESTS.parent / "benchmarks" / "peer_hodoku.py"), line],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert json.loads(out) == {"level": "easy", "score": 200}
