"""Pencil marks and per-candidate counts on the SVG board (issues 31 and 33): `board_svg(...,
marks=, counts=)`, `candidates --svg`, and the pencil marks of explain's and hint's step pictures.
Every digit, mark and count is read back by class and data- attributes, as a page would."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from test_cli import one_line_error

import puzzlesat
from puzzlesat.catalog.load import load
from puzzlesat.render.candidates_svg import candidates_svg
from puzzlesat.render.svg import board_svg
from puzzlesat.render.svg_marks import attr, short
from puzzlesat.runtime.errors import Status, UsageError
from puzzlesat.setter.candidates import Candidates

SVG = "{http://www.w3.org/2000/svg}"
FEW = "1...2...3...4..."  # a 4x4 sudoku with 12 solutions
TWO_4X4 = "1.3...1..14.4..1"  # two solutions


def sudoku4(givens: str):
    return load("sudoku", {"box": "2"}, givens=givens)


def elements(text: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(text.encode())
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def pairs(text: str, cls: str) -> set[tuple[str, int]]:
    return {(e.get("data-cell"), int(e.get("data-value"))) for e in elements(text, cls)}


# --- the board with marks, read back --------------------------------------------------------------


def test_candidates_svg_shows_exactly_the_candidates_and_counts_of_json(cli, tmp_path):
    """`candidates --counts --svg` on a 4x4 with four givens: one `mark` per candidate of each cell
    without a given (as `--json` lists them), one `count` under each with `--json`'s number."""
    args = ["candidates", "sudoku", "-p", "box=2", "--givens", FEW, "--counts"]
    doc = cli(*args, "--json").json()
    path = tmp_path / "marks.svg"
    result = cli(*args, "--svg", str(path))
    assert (result.code, result.err) == (0, "")
    text = path.read_text()
    givens = {"r1c1", "r2c1", "r3c1", "r4c1"}
    expected = {(cell, v) for cell, values in doc["candidates"].items() if cell not in givens for v in values}
    assert len(elements(text, "mark")) == len(expected) == 32
    assert pairs(text, "mark") == expected
    counts = {(e.get("data-cell"), int(e.get("data-value"))): e for e in elements(text, "count")}
    assert set(counts) == expected
    for (cell, v), e in counts.items():
        n = doc["counts"][cell][str(v)]
        assert (int(e.get("data-count")), e.text) == (n, short(n))
    values = elements(text, "value")
    assert {(e.get("data-cell"), e.get("data-value"), e.get("class"), e.text) for e in values} == {
        ("r1c1", "1", "value given", "1"),
        ("r2c1", "2", "value given", "2"),
        ("r3c1", "3", "value given", "3"),
        ("r4c1", "4", "value given", "4"),
    }
    plain = tmp_path / "plain.svg"
    assert cli("candidates", "sudoku", "-p", "box=2", "--givens", FEW, "--svg", str(plain)).code == 0
    assert pairs(plain.read_text(), "mark") == expected and elements(plain.read_text(), "count") == []


def test_a_stopped_run_draws_every_value_not_ruled_out():
    """Stopped early, the picture marks the candidates found and the pairs not yet asked (as a
    hand-drawn pencil mark, a value still possible), never fewer."""
    p = sudoku4(FEW)
    found = [{p.given_map[i]} if i in p.given_map else set() for i in range(p.size)]
    found[1] = {2}
    unknown = [set() if i in p.given_map else set(p.domains[i]) - found[i] for i in range(p.size)]
    c = Candidates(p, found, unknown, calls=3, solutions=1, stopped=Status.TIMEOUT, seconds=0.1)
    text = candidates_svg(c)
    assert pairs(text, "mark") == {(p.cells[i], v) for i in range(p.size) if i not in p.given_map for v in (1, 2, 3, 4)}


def test_a_lone_candidate_is_a_pencil_mark_not_a_placed_digit():
    """A cell with one candidate and no value is drawn as a mark; a value given wins over marks."""
    p = sudoku4(TWO_4X4)
    text = board_svg(p, marks={1: {2}, 0: {1, 2}, 5: {3, 4}})
    assert pairs(text, "mark") == {("r1c2", 2), ("r2c2", 3), ("r2c2", 4)}
    assert elements(text, "placed") == [] and len(elements(text, "given")) == 7


def test_counts_alone_draw_the_values_counted():
    """counts without marks: the candidates are the values counted above 0."""
    text = board_svg(sudoku4(TWO_4X4), counts={1: {2: 5, 4: 0}})
    assert pairs(text, "mark") == pairs(text, "count") == {("r1c2", 2)}


def test_keypad_layout_and_sizes_that_fit():
    """1..9 sit as on a keypad (1 2 3 on top, 7 bottom left); a count is smaller than its mark;
    a 16x16's marks are four to a row and its letters carry their numeric value."""
    empty = load("sudoku", givens="." * 81)
    nine = board_svg(empty, marks={0: set(range(1, 10))})
    at = {int(e.get("data-value")): (float(e.get("x")), float(e.get("y"))) for e in elements(nine, "mark")}
    assert at[1][1] == at[2][1] == at[3][1] < at[4][1] == at[5][1] < at[7][1]
    assert at[1][0] == at[4][0] == at[7][0] < at[2][0] < at[3][0]
    nine = board_svg(empty, marks={0: set(range(1, 10))}, counts={0: {1: 12, 9: 34_567}})
    mark_size = {int(e.get("data-value")): float(e.get("font-size")) for e in elements(nine, "mark")}
    counts = elements(nine, "count")
    assert [c.text for c in counts] == ["12", "35k"]
    assert all(float(c.get("font-size")) < mark_size[int(c.get("data-value"))] for c in counts)
    sixteen = board_svg(load("sudoku", {"box": "4"}, givens="." * 256), marks={0: set(range(1, 17))})
    rows = {}
    for e in elements(sixteen, "mark"):
        rows.setdefault(e.get("y"), []).append(e.text)
    assert list(rows.values()) == [list("1234"), list("5678"), list("9ABC"), list("DEFG")]
    assert pairs(sixteen, "mark") == {("r1c1", v) for v in range(1, 17)}


@pytest.mark.parametrize(
    "count, text",
    [(0, "0"), (999, "999"), (1000, "1k"), (1234, "1.2k"), (9960, "10k"), (12_345, "12k"), (999_499, "999k"),
     (999_600, "1M"), (3_449_999, "3.4M"), (12_000_000_000, "12B"), (6_670_903_752_021_072_936_960, "6.7e21")],
)  # fmt: skip
def test_counts_are_abbreviated_to_fit(count, text):
    assert short(count) == text


def test_figures_ignore_marks_but_name_their_values():
    """A magic figure has no grid to put marks on; its digits still say their cell and value."""
    p = load("magic-frame")
    text = board_svg(p, [1, 2, 3, 4, 5, 6, 7, 8], marks={0: {1, 2}})
    assert elements(text, "mark") == []
    assert [(e.get("data-cell"), e.get("data-value")) for e in elements(text, "value")][:2] == [
        (p.cells[0], "1"),
        (p.cells[1], "2"),
    ]


def test_shaded_cells_name_their_cell_when_annotated():
    p = sudoku4(TWO_4X4)
    assert [e.get("data-cell") for e in elements(board_svg(p, marked={5: "#c9daf5"}, marks={}), "marked")] == ["r2c2"]
    assert elements(board_svg(p, marked={5: "#c9daf5"}), "marked")[0].get("data-cell") is None


# --- unchanged without marks, deterministic, escaped, checked ----------------------------------------

# sha256 of the pictures as drawn before marks existed (commit d6590da): with marks and counts None
# the bytes must not change, as docs/killer-6x6.svg and every page built on them rely on.
BEFORE = {
    "sudoku": "293c776ab3ca225b52afb52d0fca9d22b72e1d02925c8c045e648fa0a2e61c14",
    "examples/killer-6x6.toml": "76bf9e4526994459d077506b570b3c21c67d73d0832913d3aae0248aa91bb4df",
    "magic-frame": "328a71cec14254e5ff7a741643127f5d2d9342a84d5ce27aa7de4eb5b0696eb8",
}


@pytest.mark.parametrize("name", BEFORE)
def test_without_marks_the_bytes_are_as_before(name):
    assert hashlib.sha256(board_svg(load(name)).encode()).hexdigest() == BEFORE[name]


def test_a_solved_shaded_board_without_marks_is_as_before():
    p = sudoku4(TWO_4X4)
    text = board_svg(p, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], None, {0: "#c9daf5", 5: "#c8ecc8"})
    digest = "97da10191f19e6c065cc8f55b51e2eb88735e5359d3bae9b4b215d3bb78967f0"
    assert hashlib.sha256(text.encode()).hexdigest() == digest
    assert "data-" not in text and 'class="mark"' not in text


def test_same_marks_in_any_order_give_the_same_bytes():
    p = sudoku4(FEW)
    a = board_svg(p, marks={1: {4, 3}, 2: [2, 3, 4]}, counts={1: {3: 2, 4: 1}})
    b = board_svg(p, marks={2: (4, 3, 2), 1: [3, 4]}, counts={1: {4: 1, 3: 2}})
    assert a == b


def test_a_hostile_title_is_escaped_and_attributes_are_quoted():
    """The one text a puzzle brings (its title) is escaped; the document still parses with marks."""
    p = replace(sudoku4(FEW), title='<script>alert("x")</script> & "co"')
    root = ET.fromstring(board_svg(p, marks={1: {3, 4}}, counts={1: {3: 1, 4: 2}}).encode())
    assert root.find(SVG + "title").text == p.title
    assert all(e.tag != "script" for e in root.iter())
    assert attr('r1"c1<&>') == "r1&quot;c1&lt;&amp;&gt;"


@pytest.mark.parametrize(
    "marks, counts, message",
    [
        ({16: {1}}, None, "marks: no cell 16; the puzzle has cells 0..15"),
        ({1: {5}}, None, "marks: r1c2 has no value 5"),
        (None, {1: {0: 3}}, "counts: r1c2 has no value 0"),
    ],
)
def test_marks_on_no_cell_or_value_are_refused(marks, counts, message):
    with pytest.raises(UsageError) as e:
        board_svg(sudoku4(FEW), marks=marks, counts=counts)
    assert str(e.value) == message


def test_candidates_svg_refuses_a_figure_and_a_bad_name_before_work(cli, tmp_path):
    figure = cli("candidates", "magic-frame", "--svg", str(tmp_path / "f.svg"))
    assert one_line_error(figure) == (
        "--svg draws pencil marks on a grid; magic-frame has none (its candidates are in the text and --json)"
    )
    png = tmp_path / "f.png"
    bad = cli("candidates", "sudoku", "--svg", str(png))
    assert one_line_error(bad) == f"--svg {png}: unknown file type '.png'; the picture is written as .svg"
    assert list(tmp_path.iterdir()) == []


# --- explain and hint: the pencil marks before each step ------------------------------------------


def test_each_step_picture_shows_the_pencil_marks_before_it(cli, tmp_path):
    """explain --svg: step 1 shows the marks the explainer starts from, step i those after step
    i-1, on every cell not placed yet (a lone candidate too, as a mark); values placed by earlier
    steps are drawn as placed digits."""
    p = sudoku4(TWO_4X4)
    e = puzzlesat.explain(p)
    out = tmp_path / "steps"
    assert cli("explain", "sudoku", "-p", "box=2", "--givens", TWO_4X4, "--svg", str(out)).code == 0
    placed = dict(p.given_map)
    for i, step in enumerate(e.steps, 1):
        text = (out / f"step-{i:03d}.svg").read_text()
        before = e.after[i - 2] if i > 1 else e.before
        expected = {(p.cells[c], v) for c, vs in enumerate(before) if c not in placed for v in vs}
        assert pairs(text, "mark") == expected
        assert {(e.get("data-cell"), int(e.get("data-value"))) for e in elements(text, "value")} == {
            (p.cells[c], v) for c, v in placed.items()
        }
        placed.update((f.cell, f.value) for f in step.deduced if f.placed)
    third = (out / "step-003.svg").read_text()
    assert {v for c, v in pairs(third, "mark") if c == "r4c2"} == {3}  # one candidate left, not yet placed (step 5)
    assert len(elements((out / "step-001.svg").read_text(), "mark")) == sum(len(c) for c in e.before) - 7


def test_hint_svg_draws_the_first_step_and_nothing_when_solved(cli, tmp_path):
    """hint --svg FILE is explain's step-001 picture; with no step to draw it writes nothing and says so."""
    steps, hint = tmp_path / "steps", tmp_path / "hint.svg"
    cli("explain", "sudoku", "-p", "box=2", "--givens", TWO_4X4, "--svg", str(steps), "--max-steps", "1")
    result = cli("hint", "sudoku", "-p", "box=2", "--givens", TWO_4X4, "--svg", str(hint))
    assert result.code == 0
    assert hint.read_bytes() == (steps / "step-001.svg").read_bytes()
    solved = cli("hint", "sudoku", "-p", "box=2", "--givens", "1234341221434321", "--svg", str(tmp_path / "no.svg"))
    assert (solved.code, solved.out, solved.err) == (
        0,
        "solved: nothing left to deduce\n",
        f"puzzlesat: no step to draw; {tmp_path / 'no.svg'} not written\n",
    )
    assert not (tmp_path / "no.svg").exists()
