"""Setting and solving on the page of `puzzlesat serve` (issue 41), in headless Chromium: the board
used by mouse and keyboard alone (cells addressed by `data-cell`), what it holds read back from its
SVG, and every puzzle the page makes compared with what the CLI reads from the same text."""

from __future__ import annotations

import shutil
import urllib.parse

import pytest

for _module in ("selenium", "starlette", "uvicorn"):
    pytest.importorskip(_module, reason=f"{_module} is not installed (pip install 'puzzlesat[web,test]')")
if not (shutil.which("/usr/bin/chromium") and shutil.which("/usr/bin/chromedriver")):
    pytest.skip("Debian's chromium and chromium-driver are not installed", allow_module_level=True)

from pagedriver import WAIT, By, Keys, WebDriverWait, board, chromium, errors, idle, keys, pick, text, with_key  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402
from served import served  # noqa: E402


@pytest.fixture(scope="module")
def server():
    with served() as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(str(tmp_path_factory.mktemp("chromium")))
    try:
        yield driver
    finally:
        driver.quit()


def _open(driver, base: str, puzzle: str) -> None:
    driver.get(f"{base}?puzzle={urllib.parse.quote(puzzle, safe='')}")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board-svg .cell"))
    idle(driver)
    assert text(driver, "error") == ""


def _press(driver, button: str) -> None:
    driver.find_element(By.ID, button).click()
    idle(driver)
    assert text(driver, "error") == ""


def _entered(driver) -> dict[str, int]:
    return {c: int(v) for c, v in board(driver, "text.value.entered")}


def _marks(driver, kind: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for c, v in board(driver, f"text.{kind}"):
        out[c] = out.get(c, "") + v.replace(" ", "")
    return out


def test_every_cell_of_the_board_is_an_element_with_its_name(server, browser, cli):
    _open(browser, server, "sudoku")
    shown = cli("show", "sudoku", "--json").json()
    assert [c for c, _ in board(browser, "rect.cell")] == shown["cells"]
    _open(browser, server, "magic-star")
    assert [c for c, _ in board(browser, ".cell")] == cli("show", "magic-star", "--json").json()["cells"]
    assert errors(browser) == []


def test_a_classic_puzzle_solved_by_typing_with_marks_undo_and_a_check_by_the_rules(server, browser, cli):
    _open(browser, server, "sudoku")
    shown = cli("show", "sudoku", "--json").json()
    solution = cli("solve", "sudoku", "--json").json()["solutions"][0]["cells"]
    givens, cells = shown["givens"], shown["cells"]
    open_cells = [c for c in cells if c not in givens]
    first = open_cells[0]
    pick(browser, first)
    assert text(browser, "selection") == first
    with_key(browser, Keys.SHIFT, "12")  # corner marks
    with_key(browser, Keys.CONTROL, "34")  # centre marks
    assert _marks(browser, "corner") == {first: "12"} and _marks(browser, "centre") == {first: "34"}
    keys(browser, "5")
    assert _entered(browser) == {first: 5}
    assert _marks(browser, "corner") == {}  # hidden under the digit
    with_key(browser, Keys.CONTROL, "z")
    assert _entered(browser) == {} and _marks(browser, "centre") == {first: "34"}
    with_key(browser, Keys.CONTROL, "z")
    with_key(browser, Keys.CONTROL, "z")
    with_key(browser, Keys.CONTROL, "z")
    assert _marks(browser, "corner") == {first: "1"} and _marks(browser, "centre") == {}
    with_key(browser, Keys.CONTROL, "y")
    assert _marks(browser, "corner") == {first: "12"}
    # a wrong digit next to a given of the same row breaks a rule, said by the rules, shaded
    r = first.split("c")[0]
    same_row = next(v for c, v in givens.items() if c.startswith(r + "c"))
    keys(browser, str(same_row))
    _press(browser, "btn-play-check")
    assert text(browser, "play-check") == "a rule is broken"
    assert board(browser, "rect.marked")  # the conflict's rules shaded
    keys(browser, Keys.DELETE)
    assert _entered(browser) == {}
    # every open cell typed, reached by the arrow keys from r1c1
    pick(browser, "r1c1")
    for k, name in enumerate(cells):
        if name not in givens:
            keys(browser, str(solution[name]))
        if k % 9 < 8:
            keys(browser, Keys.ARROW_RIGHT)
        else:
            keys(browser, Keys.ARROW_DOWN, *[Keys.ARROW_LEFT] * 8)
    assert _entered(browser) == {c: solution[c] for c in open_cells}
    _press(browser, "btn-play-check")
    assert text(browser, "play-check") == "solved: every rule holds"
    assert errors(browser) == []


def test_hint_reads_the_digits_on_the_board(server, browser, cli):
    _open(browser, server, "sudoku")
    pick(browser, "r4c8")
    keys(browser, "3")  # what the first hint would place
    _press(browser, "btn-hint")
    givens = cli("show", "sudoku", "--json").json()["givens"]
    cells = cli("show", "sudoku", "--json").json()["cells"]
    state = "".join(str({**givens, "r4c8": 3}.get(c, ".")) for c in cells)
    step = cli("hint", "sudoku", "--state", state, "--json").json()["step"]
    assert text(browser, "hint-text") == step["text"]
    placed = {f["cell"]: f["value"] for f in step["deduced"] if f["kind"] == "place"}
    assert _entered(browser) == {"r4c8": 3, **placed}
    with_key(browser, Keys.CONTROL, "z")  # a hint's digit is undone as a typed one
    assert _entered(browser) == {"r4c8": 3}


def test_a_4x4_and_a_16x16_take_their_digits(server, browser):
    _open(browser, server, "." * 16)
    pick(browser, "r1c1", "r1c2")
    keys(browser, "4")
    assert _entered(browser) == {"r1c1": 4, "r1c2": 4}
    keys(browser, "5")  # no 5 on a 4x4
    assert _entered(browser) == {"r1c1": 4, "r1c2": 4}
    _open(browser, server, "." * 256)
    pick(browser, "r16c16")
    keys(browser, "g")
    assert _entered(browser) == {"r16c16": 16}


def _model(cli, puzzle: str) -> dict:
    """What the CLI reads from a puzzle (`show --json`), its name, title and notes aside."""
    doc = cli("show", puzzle, "--json").json()
    return {k: v for k, v in doc.items() if k not in ("name", "title", "params", "warnings", "version")}


def _new_grid(driver, size: int, boxes: str) -> None:
    driver.find_element(By.ID, "tab-set").click()
    idle(driver)
    for field, value in (("set-size", str(size)), ("set-boxes", boxes)):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "set-new").click()
    idle(driver)
    WebDriverWait(driver, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board-svg rect.cell")) == size * size
    )


def _settled(driver) -> None:
    """Wait until the live solver has answered for the puzzle as it is now, its board drawn."""
    idle(driver)
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "done"
    )


def _live(driver) -> str:
    _settled(driver)
    return text(driver, "live-status")


def _tool(driver, button: str, cells: list[str], field: str | None = None, value: str | None = None) -> None:
    _settled(driver)
    pick(driver, *cells)
    if field:
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, button).click()
    idle(driver)
    assert text(driver, "error") == ""


def _page_toml(driver) -> str:
    return driver.find_element(By.ID, "puzzle-input").get_attribute("value")


def _round_trips(driver, cli, tmp_path, expected: dict) -> None:
    """The page's TOML, its f-puzzles link and its SudokuPad link all read as the expected model, and
    loading each back onto the page gives the same TOML model again."""
    toml = _page_toml(driver)
    (tmp_path / "page.toml").write_text(toml)
    assert _model(cli, str(tmp_path / "page.toml")) == expected
    for button in ("set-fpuzzles", "set-sudokupad"):
        driver.find_element(By.ID, button).click()
        idle(driver)
        link = driver.find_element(By.ID, "set-link").get_attribute("value")
        assert link.startswith("https://"), link
        assert _model(cli, link) == expected
    for text_in in (toml, link):
        box = driver.find_element(By.ID, "puzzle-input")
        driver.execute_script("arguments[0].value = arguments[1]", box, text_in)
        driver.find_element(By.ID, "load").click()
        idle(driver)
        assert text(driver, "error") == ""
        back = driver.execute_script("return tomlDump(setter.doc)")
        (tmp_path / "back.toml").write_text(back)
        assert _model(cli, str(tmp_path / "back.toml")) == expected


@pytest.mark.sweep  # keeps .ci/run under 15 minutes; make test-sweeps runs it
def test_a_killer_sudoku_set_from_an_empty_grid_is_unique_and_round_trips(server, browser, cli, tmp_path):
    _open(browser, server, "sudoku")
    _new_grid(browser, 6, "2x3")
    assert _live(browser) == "more than 20 solutions"
    example = cli("convert", "examples/killer-6x6.toml", "--json").json()["toml"]
    import tomllib

    cages = tomllib.loads(example)["cage"]
    for cage in cages:
        _tool(browser, "set-cage", cage["cells"], "set-total", str(cage["sum"]))
    assert _live(browser) == "1 solution"
    expected = _model(cli, "examples/killer-6x6.toml")
    _round_trips(browser, cli, tmp_path, expected)
    assert errors(browser) == []


@pytest.mark.sweep  # keeps .ci/run under 15 minutes; make test-sweeps runs it
def test_a_thermo_sudoku_set_by_mouse_with_undo_and_a_delete(server, browser, cli, tmp_path):
    _open(browser, server, "sudoku")
    _new_grid(browser, 6, "2x3")
    import tomllib

    thermos = tomllib.loads(cli("convert", "examples/thermo-sudoku.toml", "--json").json()["toml"])["less"]
    for thermo in thermos:
        _tool(browser, "set-thermo", thermo["cells"])
    _tool(browser, "set-thermo", ["r6c1", "r5c1"])  # one too many: deleted from its cell
    _settled(browser)
    pick(browser, "r6c1")
    keys(browser, Keys.DELETE)
    _settled(browser)
    pick(browser, "r2c2")
    keys(browser, "4")  # a given, then undone
    _settled(browser)
    assert "r2c2 = 4" in _page_toml(browser)
    with_key(browser, Keys.CONTROL, "z")
    _settled(browser)
    assert "r2c2" not in _page_toml(browser)
    assert _live(browser) == "1 solution"
    _round_trips(browser, cli, tmp_path, _model(cli, "examples/thermo-sudoku.toml"))


EDITS = [  # (tool, cells, field, value) on a 4x4 grid: ten edits, each followed by the live count
    ("given", ["r1c1"], None, "1"),
    ("set-cage", ["r1c2", "r1c3"], "set-total", "5"),
    ("set-thermo", ["r2c1", "r2c2", "r2c3"], None, None),
    ("given", ["r4c4"], None, "2"),
    ("set-dot", ["r3c1", "r3c2"], "set-dot-kind", None),
    ("set-region", ["r1c1", "r2c2", "r3c3", "r4c4"], None, None),
    ("given", ["r3c4"], None, "4"),
    ("set-line", ["r4c1", "r4c2"], None, None),
    ("given", ["r2c4"], None, "3"),
    ("set-arrow", ["r3c3", "r4c3"], None, None),
]


@pytest.mark.sweep  # keeps .ci/run under 15 minutes; make test-sweeps runs it
@pytest.mark.parametrize("edits", [EDITS])
def test_the_live_count_after_each_of_ten_edits_is_the_clis_count(server, browser, cli, tmp_path, edits):
    _open(browser, server, "sudoku")
    _new_grid(browser, 4, "2x2")
    for tool, cells, field, value in edits:
        if tool == "given":
            _settled(browser)
            pick(browser, *cells)
            keys(browser, value)
            idle(browser)
        else:
            _tool(browser, tool, cells, field if value else None, value)
        _settled(browser)
        (tmp_path / "now.toml").write_text(_page_toml(browser))
        count = cli("count", str(tmp_path / "now.toml"), "--json").json()["count"]
        shown = browser.find_element(By.ID, "live-count").get_attribute("textContent")
        assert shown == (str(count) if count <= 20 else ">20"), (tool, cells, count)


def test_a_figure_opens_with_its_drawing_and_pinned_values_leave_fewer_classes(server, browser, cli, tmp_path):
    _open(browser, server, "magic-star")
    browser.find_element(By.ID, "param").send_keys("points=6")
    browser.find_element(By.ID, "tab-set").click()
    assert _live(browser) == "960 solutions, 80 classes under 12 symmetries"
    cells = cli("show", "magic-star", "-p", "points=6", "--json").json()["cells"]
    _settled(browser)
    pick(browser, cells[0])
    keys(browser, "1")
    status = _live(browser)
    (tmp_path / "pinned.toml").write_text(_page_toml(browser))
    doc = cli("count", str(tmp_path / "pinned.toml"), "--json").json()
    assert status == f"{doc['count']} solutions, {doc['orbits']} classes under {doc['group_order']} symmetries"
    assert doc["count"] < 960 and doc["group_order"] < 12


@pytest.mark.sweep
def test_explain_marks_its_rules_in_the_text_and_draws_the_pencil_marks_before_each_step(server, browser, cli):
    _open(browser, server, "thermo-sudoku")  # its steps name their thermometers (a sudoku's first are naked singles)
    _press(browser, "btn-explain")
    _press(browser, "next")
    steps = cli("explain", "thermo-sudoku", "--json", "--max-steps", "2").json()["steps"]
    step = steps[1]
    marked = browser.execute_script(
        "return Array.from(document.querySelectorAll('#step-text mark')).map(m => [m.dataset.rule, m.className])"
    )
    cited = [[name, "rule main" if name in step["main"] else "rule"] for name in (r["name"] for r in step["rules"])]
    assert marked and all(m in cited for m in marked)
    assert text(browser, "step-text") == step["text"]
    marks: dict[str, list[int]] = {}
    for c, v in board(browser, "text.mark"):
        marks.setdefault(c, []).append(int(v))
    assert marks == step["marks"]
    assert {f["cell"]: f["value"] for f in steps[0]["deduced"] if f["kind"] == "eliminate"}  # step 1 removed marks
    for f in steps[0]["deduced"]:  # step 1's removals are gone from the marks drawn before step 2
        assert f["value"] not in marks.get(f["cell"], [])


def test_no_stale_state_after_another_action_and_plurals(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-explain")
    assert browser.find_element(By.ID, "explain-nav").is_displayed()
    _press(browser, "btn-grade")
    assert not browser.find_element(By.ID, "explain-nav").is_displayed()
    assert board(browser, "rect.marked") == []  # the step's shading went with it
    _press(browser, "btn-clues")
    assert board(browser, "rect.marked")
    _press(browser, "btn-export")
    assert board(browser, "rect.marked") == []
    _press(browser, "btn-count")
    assert browser.find_element(By.ID, "result").text.split("\n")[0] == "1 solution"


def _set(driver, field: str, value: str) -> None:
    element = driver.find_element(By.ID, field)
    if element.tag_name == "select":
        Select(element).select_by_value(value)
    else:
        element.clear()
        element.send_keys(value)


@pytest.mark.sweep
def test_outside_clues_little_killers_lines_and_jigsaw_regions_are_the_models_own(server, browser, cli, tmp_path):
    _open(browser, server, "sudoku")
    _new_grid(browser, 9, "3x3")
    drawn = [
        (
            "set-outside",
            ["r1c5"],
            {"set-outside-kind": "sandwich", "set-outside-side": "left", "set-outside-value": "10"},
        ),
        ("set-outside", ["r4c2"], {"set-outside-kind": "xsum", "set-outside-side": "top", "set-outside-value": "15"}),
        (
            "set-outside",
            ["r3c3"],
            {"set-outside-kind": "skyscraper", "set-outside-side": "right", "set-outside-value": "4"},
        ),
        ("set-little", ["r1c2"], {"set-little-dir": "se", "set-little-value": "40"}),
        ("set-line", ["r5c1", "r6c2", "r7c2"], {"set-line-kind": "whispers"}),
        ("set-line", ["r9c1", "r9c2", "r9c3"], {"set-line-kind": "renban"}),
        ("set-line", ["r8c4", "r8c5", "r8c6"], {"set-line-kind": "between"}),
        ("set-line", ["r5c5", "r5c6"], {"set-line-kind": "region_sum"}),
        ("set-line", ["r7c7", "r7c8", "r7c9"], {"set-line-kind": "palindrome"}),
        ("set-dot", ["r2c8", "r2c9"], {"set-dot-kind": "black"}),
        ("set-dot", ["r3c8", "r3c9"], {"set-dot-kind": "v"}),
    ]
    for button, cells, fields in drawn:
        _settled(browser)
        for field, value in fields.items():
            _set(browser, field, value)
        _tool(browser, button, cells)
    row = lambda r, cs: [f"r{r}c{c}" for c in cs]  # noqa: E731
    col = lambda c, rs: [f"r{r}c{c}" for r in rs]  # noqa: E731
    expected = "\n".join(
        [
            'name = "x"',
            "[grid]",
            "size = 9",
            'boxes = "3x3"',
            f'[[outside]]\nkind = "sandwich"\ncells = {row(1, range(1, 10))}\nvalue = 10',
            f'[[outside]]\nkind = "xsum"\ncells = {col(2, range(1, 10))}\nvalue = 15',
            f'[[outside]]\nkind = "skyscraper"\ncells = {row(3, range(9, 0, -1))}\nvalue = 4',
            f"[[sum]]\ncells = {[f'r{k}c{k + 1}' for k in range(1, 9)]}\nequals = 40",
            '[[line]]\nkind = "whispers"\ncells = ["r5c1", "r6c2", "r7c2"]',
            '[[line]]\nkind = "renban"\ncells = ["r9c1", "r9c2", "r9c3"]',
            '[[line]]\nkind = "between"\ncells = ["r8c4", "r8c5", "r8c6"]',
            '[[line]]\nkind = "region_sum"\ncells = ["r5c5", "r5c6"]',
            '[[line]]\nkind = "palindrome"\ncells = ["r7c7", "r7c8", "r7c9"]',
            '[[dot]]\nkind = "black"\ncells = ["r2c8", "r2c9"]',
            '[[dot]]\nkind = "v"\ncells = ["r3c8", "r3c9"]',
        ]
    ).replace("'", '"')
    (tmp_path / "expected.toml").write_text(expected + "\n")
    (tmp_path / "page.toml").write_text(_page_toml(browser))
    assert _model(cli, str(tmp_path / "page.toml")) == _model(cli, str(tmp_path / "expected.toml"))
    assert "little-killer" in browser.execute_script("return document.getElementById('board-svg').innerHTML")

    _new_grid(browser, 4, "2x2")
    _settled(browser)
    pick(browser, "r1c1", "r1c2", "r1c3", "r1c4")
    browser.find_element(By.ID, "set-jigsaw").click()
    idle(browser)  # half a jigsaw: the model's own line says why it is not a puzzle yet
    assert text(browser, "error").startswith("puzzlesat: error: the puzzle: grid.regions: every region needs 4 cells")
    _tool(browser, "set-jigsaw", ["r2c1", "r2c2", "r2c3", "r2c4"])
    _tool(browser, "set-region", ["r1c1", "r2c2", "r3c3", "r4c4"])
    jigsaw = (
        'name = "x"\ndistinct = [["r1c1", "r2c2", "r3c3", "r4c4"]]\n'
        '[grid]\nsize = 4\nregions = "EEEE\\nFFFF\\nCCDD\\nCCDD"\n'
    )
    (tmp_path / "jigsaw.toml").write_text(jigsaw)
    (tmp_path / "page.toml").write_text(_page_toml(browser))
    assert _model(cli, str(tmp_path / "page.toml")) == _model(cli, str(tmp_path / "jigsaw.toml"))
    assert _live(browser) == "more than 20 solutions"


def test_a_contradiction_is_shaded_where_explain_finds_it(server, browser, cli, tmp_path):
    _open(browser, server, "sudoku")
    _new_grid(browser, 4, "2x2")
    _tool(browser, "set-cage", ["r1c1", "r1c2"], "set-total", "3")
    _settled(browser)
    pick(browser, "r1c1")
    keys(browser, "3")  # no digit left for r1c2
    status = _live(browser)
    (tmp_path / "none.toml").write_text(_page_toml(browser))
    conflict = cli("hint", str(tmp_path / "none.toml"), "--json").json()["conflict"]
    names = ", ".join(r["name"] for r in conflict["rules"])
    assert status == f"no solution: {names} cannot all hold"
    shaded = {c for c, _ in board(browser, "rect.marked")}
    assert shaded == {c for r in conflict["rules"] for c in r["cells"]} and shaded
    assert browser.find_element(By.ID, "live-count").get_attribute("textContent") == "0"
