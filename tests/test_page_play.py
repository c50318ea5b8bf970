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
