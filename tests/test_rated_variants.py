"""benchmarks/data/rated_variants.json: the published-difficulty variants `python -m benchmarks
--rated-variants` grades (issue 43, point 4). Here only the data: every puzzle loads, has one
solution, and its stored solution (published where the source has one) satisfies puzzlesat's model
and a plain reading of the TOML; the grades themselves are the benchmark's."""

from __future__ import annotations

import collections
import json
import re

import pytest

import puzzlesat
from benchmarks import rated_variants as rv
from benchmarks import rated_variants_sgt as sgt
from puzzlesat.formats.toml.files import load_text
from puzzlesat.model.check import violations as model_violations

DOC = json.loads(rv.DATA.read_text(encoding="utf-8"))
PUZZLES = DOC["puzzles"]


def test_the_data_holds_97_puzzles_from_six_declared_sources():
    """Every puzzle names a source the header describes, with an origin, a rating and a level."""
    counts = collections.Counter(p["source"] for p in PUZZLES)
    assert counts == {"krazydad-killer": 24, "dks": 10, "lmd": 3, "sgt-keen": 20, "sgt-towers": 20, "sgt-unequal": 20}
    assert DOC["sources"] == rv.SOURCES
    for s in rv.SOURCES.values():
        assert s["licence"] and s["rating"] and s["what"]
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert all(p["origin"] and isinstance(p["rating"], int) and p["level"] for p in PUZZLES)


def test_every_source_spans_at_least_two_published_levels():
    """A source with one level could not show an ordering."""
    levels = collections.defaultdict(set)
    for p in PUZZLES:
        levels[p["source"]].add(p["rating"])
    assert {s: len(v) for s, v in levels.items()} == {
        "krazydad-killer": 6, "dks": 6, "lmd": 2, "sgt-keen": 4, "sgt-towers": 4, "sgt-unequal": 4,
    }  # fmt: skip


def test_published_solutions_are_kept_where_the_source_has_one():
    """KrazyDad's CSV, vtsukur's DKS tests and the LMD pages carry solutions; the rest are puzzlesat's."""
    published = collections.Counter(p["source"] for p in PUZZLES if p["solution_from"] == "published")
    assert published == {"krazydad-killer": 24, "dks": 4, "lmd": 3}


@pytest.mark.parametrize("p", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_each_puzzle_loads_and_its_solution_satisfies_the_model(p):
    """The TOML loads, the stored solution breaks no rule of puzzlesat's model nor of the plain
    reading in benchmarks/rated_variants.py, and it is the puzzle's only solution."""
    puzzle = load_text(p["toml"])
    values = [int(ch) for ch in p["solution"]]
    assert model_violations(puzzle, values) == []
    assert rv.violations(p["toml"], p["solution"]) == []
    outcome = puzzlesat.solve(puzzle, limit=2, modulo_symmetry=False, symmetry="none")
    assert (outcome.count, outcome.complete) == (1, True)
    assert "".join(map(str, outcome.solutions[0].values)) == p["solution"]


def test_the_plain_check_rejects_a_wrong_grid():
    """Two cells of a row swapped: the two columns and the two cages they lie in are reported."""
    p = next(x for x in PUZZLES if x["id"] == "KD_Killer_IM1-B1-P1")
    s = p["solution"]
    swapped = s[1] + s[0] + s[2:]
    wrong = rv.violations(p["toml"], swapped)
    assert wrong == ["column 1 repeats", "column 2 repeats", "cage r1c1", "cage r1c2"]
    assert rv.violations(p["toml"], s[:-1]) == ["want 81 digits 1..9"]


@pytest.mark.parametrize("game", ["keen", "towers", "unequal"])
def test_the_sgt_descriptions_convert_to_the_stored_puzzles(game):
    """Each sgt-puzzles puzzle's origin quotes the generator's description; converting it again
    gives the stored TOML, so the data is what the generator made."""
    mine = [p for p in PUZZLES if p["source"] == f"sgt-{game}"]
    assert len(mine) == 20
    for p in mine:
        desc = re.search(r"-> (\S+)$", p["origin"]).group(1)
        assert sgt.CONVERT[game](desc, p["id"]) == p["toml"]


def test_keen_reads_blocks_and_clues_in_first_cell_order():
    """A 3x3 grid: the top row one block, r2c1-r3c1 another, the lower right square a third. Its
    edges in keen's order (vertical ones row by row, then horizontal ones column by column) are
    none, none, wall, none, wall, none | wall, none, wall, none, wall, none: runs 2, 1, 1, 1, 1, 1
    of non-walls before each wall (the last before the closing one), "ba5" compressed."""
    toml = sgt.keen("3:ba5,a6m2m3", "tiny")
    assert re.findall(r"cells = \[(.*?)\]\n(\w+) = (\d+)", toml) == [
        ('"r1c1", "r1c2", "r1c3"', "sum", "6"),
        ('"r2c1", "r3c1"', "product", "2"),
        ('"r2c2", "r2c3", "r3c2", "r3c3"', "product", "3"),
    ]


def test_per_source_reads_levels_in_published_order_and_counts_a_cut_puzzle_at_the_ceiling():
    """Three levels: Spearman on (rating, score) pairs, means and medians per level, a timeout
    scored at the highest score of the run, and the rise checks reading the levels in order."""
    rows = [
        {"source": "dks", "rating": 1, "published": "difficulty 1", "score": 2.0},
        {"source": "dks", "rating": 1, "published": "difficulty 1", "score": 4.0},
        {"source": "dks", "rating": 5, "published": "difficulty 5", "score": 3.0},
        {"source": "dks", "rating": 10, "published": "difficulty 10", "score": None},
        {"source": "lmd", "rating": 1, "published": "1 of 5", "score": 9.0},
        {"source": "lmd", "rating": 2, "published": "2 of 5", "score": 1.0},
    ]
    got = rv.per_source(rows)
    assert list(got) == ["dks", "lmd"]
    dks = got["dks"]
    assert (dks["puzzles"], dks["cut"]) == (4, 1)
    assert [(x["level"], x["count"], x["mean"], x["median"]) for x in dks["levels"]] == [
        ("difficulty 1", 2, 3.0, 3.0), ("difficulty 5", 1, 3.0, 3.0), ("difficulty 10", 1, 9.0, 9.0),
    ]  # fmt: skip
    # ranks 1.5, 1.5, 3, 4 against 1, 3, 2, 4 (the cut one scored 9.0): cov 3.0 / sqrt(4.5 * 5) = 0.632
    assert dks["spearman"] == 0.632
    assert (dks["means_rise"], dks["medians_rise"], dks["easiest_below_hardest"]) == (True, True, True)
    assert (got["lmd"]["spearman"], got["lmd"]["means_rise"], got["lmd"]["easiest_below_hardest"]) == (
        -1.0,
        False,
        False,
    )
