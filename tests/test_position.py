"""Position-dependent clues (sandwich, X-sum, skyscraper, numbered room, indexers) and the core's
`Guarded` kind they lower to: each rule's lowering against its plain reading, 4x4 puzzles against
brute force on every backend and encoding, real-looking 9x9 puzzles solved uniquely, the f-puzzles
import, and the symmetry check (a row's clue maps onto its column's under the transpose)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_core import CONFIGS as CORE_CONFIGS
from test_fpuzzles import blank, load

import puzzlesat
from puzzlesat.formats.toml.files import dump_toml, load_file, load_text
from puzzlesat.model.check import violations
from puzzlesat.model.core import Guarded
from puzzlesat.model.grid import Grid
from puzzlesat.model.invariance import check_generator
from puzzlesat.model.model import define
from puzzlesat.model.rules.indexer import Indexer
from puzzlesat.model.rules.outside import KINDS, Outside
from puzzlesat.runtime.errors import ModelError
from puzzlesat.symmetry.detect import detect

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5)]
ROWS = [[f"r{r}c{c}" for c in range(1, 5)] for r in range(1, 5)]
COLUMNS = [[f"r{r}c{c}" for r in range(1, 5)] for c in range(1, 5)]
LINES = [line[::d] for line in ROWS + COLUMNS for d in (1, -1)]


def _sudoku4() -> list[tuple[int, ...]]:
    """The 288 4x4 sudoku grids, by brute force over rows."""
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        v = tuple(x for row in rows for x in row)
        columns = all(len({v[4 * r + c] for r in range(4)}) == 4 for c in range(4))
        boxes = all(
            len({v[4 * (2 * br + i) + 2 * bc + j] for i in range(2) for j in range(2)}) == 4
            for br in range(2)
            for bc in range(2)
        )
        if columns and boxes:
            out.append(v)
    return out


GRIDS = _sudoku4()


def plain(kind: str, line: list[int], value: int) -> bool:
    """Each kind as a setter states it, written apart from the rule module."""
    n = len(line)
    if kind == "sandwich":
        if line.count(1) != 1 or line.count(n) != 1:
            return False
        i, j = sorted((line.index(1), line.index(n)))
        return sum(line[i + 1 : j]) == value
    if kind == "xsum":
        return 1 <= line[0] <= n and sum(line[: line[0]]) == value
    if kind == "skyscraper":
        return sum(1 for i, h in enumerate(line) if i == 0 or h > max(line[:i])) == value
    return 1 <= line[0] <= n and line[line[0] - 1] == value  # room


def test_sudoku4_has_288_grids() -> None:
    """The oracle's grids: 288, the known count."""
    assert len(GRIDS) == 288


@pytest.mark.parametrize("kind", [*KINDS, "indexer"])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_lowering_agrees_with_the_plain_reading(kind: str, data) -> None:
    """On a free line of 3-4 cells over random small domains, the core the rule lowers to holds on
    exactly the assignments where the rule as stated holds (every assignment is tried)."""
    n = data.draw(st.integers(2, 4))
    lo = data.draw(st.integers(-1, 2))
    values = list(range(lo, lo + data.draw(st.integers(2, 5))))
    doms = [sorted(data.draw(st.sets(st.sampled_from(values), min_size=1))) for _ in range(n)]
    if kind == "indexer":
        at = data.draw(st.integers(0, n - 1))
        rule = Indexer(tuple(range(n)), at)
    else:
        rule = Outside(kind, tuple(range(n)), data.draw(st.integers(-2, 12)))
    p = define("line", cells=n, values=values, distinct="none", domains=dict(enumerate(doms)), rules=[rule])
    for assignment in itertools.product(*doms):
        line = list(assignment)
        if kind == "indexer":
            want = 1 <= line[at] <= n and line[line[at] - 1] == at + 1
        else:
            want = plain(kind, line, rule.value)
        assert all(c.holds(assignment, {}) for c in p.core) == want == p.rules[0].holds(assignment, {})


@st.composite
def clued_4x4(draw) -> list:
    """One to three clues of a kind read off a random grid (sometimes off by one), on random lines."""
    grid = draw(st.sampled_from(GRIDS))
    rules = []
    for _ in range(draw(st.integers(1, 3))):
        line = draw(st.sampled_from(LINES))
        kind = draw(st.sampled_from([*KINDS, "indexer"]))
        if kind == "indexer":
            rules.append(Indexer(tuple(line), draw(st.sampled_from(line))))
            continue
        values = [grid[NAMES.index(c)] for c in line]
        value = {
            "sandwich": sum(values[min(values.index(1), values.index(4)) + 1 : max(values.index(1), values.index(4))]),
            "xsum": sum(values[: values[0]]),
            "skyscraper": sum(1 for i, h in enumerate(values) if h > max(values[:i], default=0)),
            "room": values[values[0] - 1],
        }[kind]
        rules.append(Outside(kind, tuple(line), value + draw(st.sampled_from([0, 0, 0, 1]))))
    return rules


# The cp search refuses position-dependent sums (puzzlesat.encoders.domains.refusal; tests/test_cp_backend.py).
CONFIGS = [c for c in CORE_CONFIGS if c[0] != "cp"]


@pytest.mark.parametrize(("backend", "encoding"), CONFIGS)
@settings(max_examples=8, deadline=None)
@given(rules=clued_4x4())
def test_4x4_solutions_equal_brute_force(backend: str, encoding: str, rules: list) -> None:
    """Every solution of a 4x4 sudoku with such clues, on each backend and encoding, is exactly the
    brute-force list of grids whose lines read as the clues say."""
    p = define("clued", grid=Grid(4), rules=rules)
    truth = [g for g in GRIDS if all(r.holds(g, {}) for r in p.rules)]
    got = puzzlesat.solve(p, all=True, modulo_symmetry=False, backend=backend, encoding=encoding)
    assert got.complete
    assert sorted(s.values for s in got.solutions) == truth


SOLVED = {
    "sandwich-sudoku": "236941875954378612871625439182439756397856124645217398413562987569783241728194563",
    "numbered-room-sudoku": "236941875954378612871625439182439756397856124645217398413562987569783241728194563",
    "xsum-sudoku": "236941875954378612871625439182439756397856124645217398413562987569783241728194563",
    "skyscraper-sudoku": "236941875954378612871625439182439756397856124645217398413562987569783241728194563",
    "indexer-sudoku": "762543198549816273138279546475132869216498735893765412654321987321987654987654321",
}


@pytest.mark.parametrize("name", list(SOLVED))
def test_real_looking_puzzles_are_unique(name: str) -> None:
    """Each example has exactly its solution on the default backend, which the checker accepts, and
    its file written back loads to the same puzzle."""
    p = load_file(EXAMPLES / f"{name}.toml")
    out = puzzlesat.solve(p, limit=2, modulo_symmetry=False)
    assert ["".join(map(str, s.values)) for s in out.solutions] == [SOLVED[name]]
    assert violations(p, [int(ch) for ch in SOLVED[name]]) == []
    assert load_text(dump_toml(p)) == p


def test_compare_agrees_across_encodings(cli) -> None:
    """`compare` runs every encoding on the sandwich example and finds them consistent."""
    r = cli("compare", str(EXAMPLES / "sandwich-sudoku.toml"), "--all")
    assert r.code == 0
    assert "8 configurations, 8 ok, all solutions modulo symmetry, consistent" in r.out


def test_check_says_unique(cli) -> None:
    """`check` proves the sandwich example unique."""
    r = cli("check", str(EXAMPLES / "sandwich-sudoku.toml"))
    assert r.code == 0
    assert "unique: exactly one solution" in r.out


def _transpose(n: int) -> tuple[int, ...]:
    return tuple(c * n + r for r in range(n) for c in range(n))


def test_a_row_clue_maps_onto_its_column_clue_under_the_transpose() -> None:
    """The transpose is a symmetry of a grid whose row 1 and column 1 carry the same sandwich; with
    another total on the column it is refused, naming the clue; and nauty finds it."""
    row = Outside("sandwich", tuple(ROWS[0]), 2)
    same = define("t", grid=Grid(4), rules=[row, Outside("sandwich", tuple(COLUMNS[0]), 2)])
    check_generator(same, (_transpose(4), None), 0)
    other = define("t", grid=Grid(4), rules=[row, Outside("sandwich", tuple(COLUMNS[0]), 3)])
    with pytest.raises(ModelError) as e:
        check_generator(other, (_transpose(4), None), 0)
    assert str(e.value) == (
        "symmetry.generators #1 is not a symmetry of the puzzle: outside #1 "
        "(if r1c1 = 1 and r1c3 = 4: r1c2 = 2) maps onto cells that carry no such constraint"
    )
    assert detect(same).generators == ((_transpose(4), None),)
    assert detect(other).order == 1


def test_a_relabelling_is_refused_by_a_sum_under_a_placement() -> None:
    """Relabelling 1 <-> 2 is refused with the clue named: a guarded sum compares values."""
    p = define("t", grid=Grid(4), rules=[Outside("xsum", tuple(ROWS[0]), 6)])
    with pytest.raises(ModelError) as e:
        check_generator(p, (tuple(range(16)), (1, 0, 2, 3)), 0)
    assert str(e.value) == (
        "symmetry.generators #1 is not a symmetry of the puzzle: outside #1 (if r1c1 = 1: r1c1 = 6) "
        "sums or compares values, which only x -> a - x keeps"
    )


def test_guarded_says_itself_and_keys_alike() -> None:
    """describe, holds and key of the core kind; a permuted copy keys as its image."""
    g = Guarded(((1, 1, ()), (2, None, ((0, "<", 3),))), "=", 7, ((0, "=", 2),))
    assert g.describe(["a", "b"]) == "if a = 2: b + 2 [a < 3] = 7"
    assert g.holds((2, 5), {}) and not g.holds((2, 4), {}) and g.holds((1, 0), {})
    assert g.image((1, 0)).image((1, 0)).key() == g.key()
    assert g.cells == (0, 1)


# --- f-puzzles ---------------------------------------------------------------------------------------


def test_fpuzzles_clues_beside_the_grid_read_from_their_side() -> None:
    """R0C2 looks down column 2, R5C1 up column 1 of a 4x4, R3C0 along row 3, R2C5 back along row 2."""
    doc = blank(
        4,
        sandwichsum=[{"cell": "R0C2", "value": "2"}, {"cell": "R2C0", "value": ""}],
        xsum=[{"cell": "R5C1", "value": "7"}],
        skyscraper=[{"cell": "R3C0", "value": "2"}, {"cell": "R2C5", "value": "3"}],
    )
    p = load(doc)
    assert [r for r in p.rules if isinstance(r, Outside)] == [
        Outside("sandwich", (1, 5, 9, 13), 2),
        Outside("xsum", (12, 8, 4, 0), 7),
        Outside("skyscraper", (8, 9, 10, 11), 2),
        Outside("skyscraper", (7, 6, 5, 4), 3),
    ]


def test_fpuzzles_indexers_index_their_line() -> None:
    """A row indexer indexes its column, a column indexer its row, a box indexer its box."""
    doc = blank(4, rowindexer=[{"cells": ["R2C1"]}], columnindexer=[{"cells": ["R1C3"]}],
                boxindexer=[{"cells": ["R4C4"]}])  # fmt: skip
    p = load(doc)
    assert [r for r in p.rules if isinstance(r, Indexer)] == [
        Indexer((0, 4, 8, 12), 4),
        Indexer((0, 1, 2, 3), 2),
        Indexer((10, 11, 14, 15), 15),
    ]


def test_fpuzzles_clue_inside_the_grid_is_one_error() -> None:
    """A clue cell that is not beside a row or column is refused with its path."""
    from puzzlesat.runtime.errors import FileFormatError

    with pytest.raises(FileFormatError, match=r"xsum\[1\]\.cell: R2C2 is not beside a row or a column of the 4x4 grid"):
        load(blank(4, xsum=[{"cell": "R2C2", "value": "3"}]))


def test_fpuzzles_sandwich_sudoku_solves_as_the_example() -> None:
    """The sandwich example written as an f-puzzles document has the example's one solution."""
    rows = [4, 33, 20, 17, 26, 10, 16, 24, 0]
    cols = [8, 4, 17, 35, 14, 13, 3, 10, 25]
    clues = [{"cell": f"R{r}C0", "value": str(v)} for r, v in enumerate(rows, 1)]
    clues += [{"cell": f"R0C{c}", "value": str(v)} for c, v in enumerate(cols, 1)]
    givens = ["."] * 81
    givens[20], givens[40], givens[60] = "1", "5", "9"
    p = load(blank(9, "".join(givens), sandwichsum=clues))
    out = puzzlesat.solve(p, limit=2, modulo_symmetry=False)
    assert ["".join(map(str, s.values)) for s in out.solutions] == [SOLVED["sandwich-sudoku"]]
