"""The page of `puzzlesat serve` in headless Chromium (issue 33): the real server as a subprocess,
the page driven by selenium, and every button's answer compared with what the CLI says for the
same puzzle. The board is read back from its SVG (class and data-cell of each digit, mark, count
and shaded cell), the rest from the page's element ids (src/puzzlesat/web/static/index.html, app.js)."""

from __future__ import annotations

import json
import re
import shutil
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

for _module in ("selenium", "starlette", "uvicorn"):
    pytest.importorskip(_module, reason=f"{_module} is not installed (pip install 'puzzlesat[web,test]')")
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
    pytest.skip("Debian's chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from served import served  # noqa: E402

ROOT = Path(__file__).parent.parent
TWO_4X4 = "1.3...1..14.4..."  # two solutions, differing in four cells
WAIT = 60  # seconds a button may take before the test calls it hung (a guard, not a speed test)
COLOURS = {"rule": "#e8eef8", "main": "#c9daf5", "deduced": "#c8ecc8", "hypothesis": "#f8d8b0"}
REDUNDANT = "#fbe7a1"


@pytest.fixture(scope="module")
def server():
    """The page's address on a real server on a free port; the server and its workers end after."""
    with served() as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1000,800",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _idle(driver) -> None:
    """Wait until the page's request (and its board) is done."""
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "busy").get_attribute("hidden") is not None)


def _open(driver, base: str, puzzle: str) -> None:
    driver.get(f"{base}?puzzle={urllib.parse.quote(puzzle, safe='')}")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
    _idle(driver)
    assert _text(driver, "error") == ""


def _press(driver, button: str) -> None:
    driver.find_element(By.ID, button).click()
    _idle(driver)
    assert _text(driver, "error") == ""


def _text(driver, element: str) -> str:
    return driver.find_element(By.ID, element).text


def _board(driver, selector: str, attribute: str = "data-value") -> list[tuple[str, str]]:
    """(data-cell, attribute) of the board's elements that match `selector`, in document order."""
    script = (
        "return Array.from(document.querySelectorAll('#board-svg ' + arguments[0]))"
        ".map(e => [e.getAttribute('data-cell'), e.getAttribute(arguments[1])])"
    )
    return [tuple(x) for x in driver.execute_script(script, selector, attribute)]


def _shading(driver) -> dict[str, str]:
    return dict(_board(driver, "rect.marked", "fill"))


def _values(driver) -> dict[str, int]:
    return {cell: int(v) for cell, v in _board(driver, "text.value")}


def _step_shade(step: dict) -> dict[str, str]:
    """What explain's step pictures shade for a step of the --json document (render/explain.py)."""
    shade: dict[str, str] = {}
    for rule in step["rules"]:
        for c in rule["cells"]:
            shade.setdefault(c, COLOURS["rule"])
    for rule in step["rules"]:
        if rule["name"] in step["main"]:
            for c in rule["cells"]:
                shade[c] = COLOURS["main"]
    for f in step["deduced"]:
        shade[f["cell"]] = COLOURS["deduced"]
    if "hypothesis" in step:
        shade[step["hypothesis"]["cell"]] = COLOURS["hypothesis"]
    return shade


def _say(facts: list[dict]) -> str:
    return ", ".join(f"{f['cell']} {'=' if f['kind'] == 'place' else '≠'} {f['value']}" for f in facts)


def _js_number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def test_the_address_opens_on_the_puzzle_with_its_title_and_givens(server, browser, cli):
    _open(browser, server, "sudoku")
    shown = cli("show", "sudoku", "--json").json()
    assert _text(browser, "title") == shown["title"]
    assert browser.find_element(By.ID, "puzzle-input").get_attribute("value") == "sudoku"
    def picked(d) -> str:  # the catalog arrives by its own request, maybe after the board
        return Select(d.find_element(By.ID, "catalog")).first_selected_option.get_attribute("value") or ""

    WebDriverWait(browser, WAIT).until(lambda d: picked(d) == "sudoku")
    assert _values(browser) == shown["givens"]
    assert [c for c, _ in _board(browser, "text.value.given")] == list(shown["givens"])
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []  # no script error, nothing refused by the Content-Security-Policy


def test_check_grade_count_and_solution_say_what_the_cli_says(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-check")
    assert _text(browser, "check-status") == cli("check", "sudoku", "--json").json()["status"] == "unique"
    _press(browser, "btn-grade")
    grade = cli("grade", "sudoku", "--json").json()
    assert (_text(browser, "grade-level"), _text(browser, "grade-score")) == (
        grade["level"],
        _js_number(grade["score"]),
    )
    assert _text(browser, "grade-hardest") == f"{_say(grade['hardest']['deduced'])}: {grade['hardest']['text']}"
    _press(browser, "btn-count")
    assert _text(browser, "count-solutions") == str(cli("count", "sudoku", "--json").json()["count"]) == "1"
    _press(browser, "btn-solution")
    solution = cli("solve", "sudoku", "--json").json()["solutions"][0]
    assert _text(browser, "solution-line") == "".join(map(str, solution["values"]))
    assert _values(browser) == solution["cells"]
    assert len(_board(browser, "text.value.placed")) == 81 - len(cli("show", "sudoku", "--json").json()["givens"])


def test_a_pasted_link_gets_its_candidates_counts_and_check(server, browser, cli):
    link = cli("convert", "sudoku", "-p", "box=2", "--givens", TWO_4X4, "--to", "fpuzzles", "--json").json()["link"]
    browser.get(server)
    WebDriverWait(browser, WAIT).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#catalog option")) > 1)
    box = browser.find_element(By.ID, "puzzle-input")
    box.clear()
    box.send_keys(link)
    _press(browser, "load")
    assert _text(browser, "title").startswith("Sudoku: a 4x4 grid")
    _press(browser, "btn-candidates")
    doc = cli("candidates", link, "--counts", "--json").json()
    givens = cli("show", link, "--json").json()["givens"]
    marks: dict[str, set[int]] = {}
    for cell, v in _board(browser, "text.mark"):
        marks.setdefault(cell, set()).add(int(v))
    assert marks == {c: set(vs) for c, vs in doc["candidates"].items() if c not in givens}
    assert any(len(vs) > 1 for vs in marks.values())
    shown = zip(_board(browser, "text.count"), _board(browser, "text.count", "data-count"), strict=True)
    counts = {(c, int(v)): int(n) for (c, v), (_, n) in shown}
    expected = {(c, int(v)): n for c, per in doc["counts"].items() for v, n in per.items() if n and c not in givens}
    assert counts == expected
    assert _text(browser, "candidates-solutions") == "2"
    _press(browser, "btn-check")
    check = cli("check", link, "--json").json()
    assert _text(browser, "check-status") == check["status"] == "multiple"
    assert _text(browser, "check-differ") == " ".join(check["differ"])


def test_hint_shades_its_rules_and_cells_and_the_next_hint_follows_it(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-hint")
    step = cli("hint", "sudoku", "--json").json()["step"]
    assert _text(browser, "hint-deduced") == _say(step["deduced"]) == "r4c6 = 1"
    assert _text(browser, "hint-text") == step["text"]
    assert _shading(browser) == _step_shade(step)
    assert step["technique"] == "naked single" and step["main"] == [] and step["rules"]  # the houses of its removals
    _press(browser, "btn-hint")
    givens = cli("show", "sudoku", "--json").json()["givens"]
    cells = cli("show", "sudoku", "--json").json()["cells"]
    state = "".join(str({**givens, "r4c6": 1}.get(c, ".")) for c in cells)
    second = cli("hint", "sudoku", "--state", state, "--json").json()["step"]
    assert _text(browser, "hint-deduced") == _say(second["deduced"]) != "r4c6 = 1"
    assert _shading(browser) == _step_shade(second)
    assert _values(browser) == {**givens, "r4c6": 1, **{f["cell"]: f["value"] for f in second["deduced"]}}


def test_explain_steps_forward_and_back_with_the_board_before_each_step(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-explain")
    doc = cli("explain", "sudoku", "--json").json()
    steps = doc["steps"]
    assert _text(browser, "step-counter") == f"step 1 of {len(steps)}"
    assert _text(browser, "explain-summary") == f"{len(steps)} steps, solved"
    givens = cli("show", "sudoku", "--json").json()["givens"]
    for _ in range(2):
        _press(browser, "next")
    _press(browser, "prev")
    _press(browser, "next")
    assert _text(browser, "step-counter") == f"step 3 of {len(steps)}"
    assert _text(browser, "step-text") == steps[2]["text"]
    placed = {f["cell"]: f["value"] for s in steps[:2] for f in s["deduced"] if f["kind"] == "place"}
    assert _values(browser) == {**givens, **placed} and len(placed) == 2
    assert _shading(browser) == _step_shade(steps[2])
    assert browser.find_element(By.ID, "next").is_enabled() and browser.find_element(By.ID, "prev").is_enabled()


def test_clues_shade_the_redundant_givens(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-clues")
    doc = cli("clues", "sudoku", "--json").json()
    assert _text(browser, "clues-redundant") == " ".join(doc["redundant"])
    assert _text(browser, "clues-minimal-count") == str(len(doc["minimal"]))
    assert _shading(browser) == dict.fromkeys(doc["redundant"], REDUNDANT)


def test_export_gives_the_clis_links(server, browser, cli):
    _open(browser, server, "sudoku")
    _press(browser, "btn-export")
    for to in ("fpuzzles", "sudokupad"):
        link = cli("convert", "sudoku", "--to", to, "--json").json()["link"]
        assert browser.find_element(By.ID, f"export-{to}").get_attribute("href") == link
        assert browser.find_element(By.ID, f"export-{to}-text").get_attribute("value") == link


def test_a_figure_counts_its_classes(server, browser, cli):
    _open(browser, server, "magic-star")
    browser.find_element(By.ID, "param").send_keys("points=6")
    _press(browser, "btn-count")
    doc = cli("count", "magic-star", "-p", "points=6", "--json").json()
    assert (_text(browser, "count-solutions"), _text(browser, "count-orbits")) == (
        str(doc["count"]),
        str(doc["orbits"]),
    )
    assert (doc["count"], doc["orbits"]) == (960, 80)


def test_generate_loads_the_puzzle_the_cli_makes_from_the_same_seed(server, browser, cli):
    _open(browser, server, "sudoku")
    Select(browser.find_element(By.ID, "gen-difficulty")).select_by_value("easy")
    _press(browser, "btn-generate")
    seed = re.fullmatch(r"sudoku, seed (\d+)", _text(browser, "generated"))
    assert seed, _text(browser, "generated")
    doc = cli("generate", "sudoku", "--difficulty", "easy", "--seed", seed.group(1), "--json").json()
    assert browser.find_element(By.ID, "puzzle-input").get_attribute("value") == doc["toml"]
    assert _values(browser) == doc["givens"]


def test_an_error_is_the_apis_one_line(server, browser):
    _open(browser, server, "sudoku")
    box = browser.find_element(By.ID, "puzzle-input")
    box.clear()
    box.send_keys("123")
    browser.find_element(By.ID, "load").click()
    _idle(browser)
    request = urllib.request.Request(
        f"{server}api/show", data=json.dumps({"puzzle": "123"}).encode(), headers={"Content-Type": "application/json"}
    )
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request, timeout=WAIT)
    line = json.loads(answer.value.read())["error"]
    assert _text(browser, "error") == line and line.startswith("puzzlesat: error: ") and "\n" not in line


def test_cancel_stops_a_long_request_and_progress_shows_it_running(server, browser):
    _open(browser, server, "1" + "." * 80)  # counting every candidate of a near-empty grid runs long
    browser.find_element(By.ID, "btn-candidates").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "progress").text.startswith("candidates: "))
    assert re.match(r"candidates: \d+\.\d s of \d+ s", _text(browser, "progress"))
    browser.find_element(By.ID, "cancel").click()
    _idle(browser)
    assert _text(browser, "error") == "cancelled"
    board = browser.find_element(By.TAG_NAME, "body").get_attribute("data-board")

    def idle(_) -> bool:
        with urllib.request.urlopen(f"{server}api/progress?board={board}", timeout=10) as r:
            return json.loads(r.read())["state"] == "idle"

    WebDriverWait(browser, 20).until(idle)  # the server let the job go when the fetch was aborted


def test_the_page_loads_nothing_from_elsewhere():
    """No CDN, no inline script or handler (the CSP forbids them): every asset is the package's."""
    static = ROOT / "src" / "puzzlesat" / "web" / "static"
    html = (static / "index.html").read_text()
    assert re.findall(r'(?:src|href)="([^"]+)"', html) == [
        "data:,",
        "/static/style.css",
        "/static/toml.js",
        "/static/play.js",
        "/static/set.js",
        "/static/app.js",
    ]
    assert not re.search(r"<script>|\son\w+=", html)
    scripts = "".join(f.read_text() for f in sorted(static.glob("*.[jc]s*")))
    assert not re.search(r"https?://", scripts.replace('"http://www.w3.org/2000/svg"', ""))  # a name, not fetched
