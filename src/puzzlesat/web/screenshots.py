"""Screenshots of the page for the docs: `python -m puzzlesat.web.screenshots OUTDIR` starts a server on a
free port, drives headless Chromium (Debian's chromium and chromium-driver) through it and writes
page-candidates.png (a sudoku with its candidates), page-hint.png (a hint shaded),
page-explain.png (a step of the explanation), page-solve.png (digits, corner and centre marks and
colours typed on the board) and page-set.png (a killer being set, the live solver's candidates with
their counts), 1000x700 each."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).parent.parent
SIZE = (1000, 700)
PUZZLE = "sudoku"
# The catalog sudoku's minimal givens (`clues sudoku`) less r1c3: 52 solutions, so the candidates
# show several marks a cell, with counts that differ.
OPEN = "2...........2..3..........9.9.6..2.....3.5..4..7.49.1..6.9....3..9....4...4.1.6.."


def _driver(profile: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={SIZE[0]},{SIZE[1]}")
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def shoot(base: str, out: Path) -> list[Path]:
    """The pictures, taken from the page at `base`."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def press(button: str) -> None:
        driver.find_element(By.ID, button).click()
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "busy").get_attribute("hidden") is not None)

    written = []
    with tempfile.TemporaryDirectory() as profile:
        driver = _driver(profile)
        try:
            driver.get(f"{base}?puzzle={PUZZLE}")
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
            box = driver.find_element(By.ID, "puzzle-input")
            box.clear()
            box.send_keys(OPEN)
            press("load")
            press("btn-candidates")
            written.append(out / "page-candidates.png")
            driver.save_screenshot(str(written[-1]))
            driver.get(f"{base}?puzzle={PUZZLE}")
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
            press("btn-hint")
            written.append(out / "page-hint.png")
            driver.save_screenshot(str(written[-1]))
            press("btn-explain")
            for _ in range(11):
                press("next")
            written.append(out / "page-explain.png")
            driver.save_screenshot(str(written[-1]))
            written += _solve_and_set(driver, base, out, press)
        finally:
            driver.quit()
    return written


# What the solving picture types: (cells, keys with their modifier: "" digit, "shift" corner, "ctrl" centre).
TYPED = [
    (["r1c2"], "", "6"),
    (["r1c3"], "", "3"),
    (["r1c5"], "", "5"),
    (["r2c1", "r3c2"], "shift", "78"),
    (["r2c3", "r2c5", "r2c6"], "ctrl", "568"),
    (["r3c3", "r3c4"], "ctrl", "47"),
]
# The killer 6x6's first cages (examples/killer-6x6.toml), drawn on an empty grid.
CAGES = [(["r1c1", "r1c2"], 6), (["r1c3", "r1c4"], 10), (["r1c5", "r1c6", "r2c5"], 6), (["r2c1", "r3c1"], 5),
         (["r2c2", "r2c3", "r2c4"], 10), (["r2c6", "r3c6"], 8), (["r3c2", "r3c3"], 9), (["r3c4", "r3c5"], 9),
         (["r4c1", "r5c1", "r4c2"], 11), (["r4c3", "r4c4"], 3), (["r4c5", "r4c6", "r5c6"], 10)]  # fmt: skip


def _solve_and_set(driver, base: str, out: Path, press) -> list[Path]:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    def pick(*cells: str) -> None:
        def at(name: str):
            return driver.find_element(By.CSS_SELECTOR, f'#board-svg .cell[data-cell="{name}"]')

        chain = ActionChains(driver).move_to_element(at(cells[0])).click_and_hold()
        for name in cells[1:]:
            chain = chain.move_to_element(at(name))
        chain.release().perform()

    def settled(d) -> bool:
        return d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "done" and d.execute_script(
            "return !job"
        )

    driver.get(f"{base}?puzzle={PUZZLE}")
    WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board-svg .cell"))
    press("btn-reset")
    modifier = {"shift": Keys.SHIFT, "ctrl": Keys.CONTROL}
    for cells, mod, keys in TYPED:
        pick(*cells)
        chain = ActionChains(driver)
        if mod:
            chain = chain.key_down(modifier[mod]).send_keys(keys).key_up(modifier[mod])
        else:
            chain = chain.send_keys(keys)
        chain.perform()
    pick("r5c5", "r5c6", "r6c5", "r6c6")
    ActionChains(driver).send_keys("v4z").perform()
    pick("r4c4")
    solve = out / "page-solve.png"
    driver.save_screenshot(str(solve))
    driver.find_element(By.ID, "tab-set").click()
    WebDriverWait(driver, 60).until(settled)
    for field, value in (("set-size", "6"), ("set-boxes", "2x3")):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "set-new").click()
    for cells, total in CAGES:
        WebDriverWait(driver, 60).until(settled)
        pick(*cells)
        box = driver.find_element(By.ID, "set-total")
        box.clear()
        box.send_keys(str(total))
        driver.find_element(By.ID, "set-cage").click()
    WebDriverWait(driver, 60).until(settled)
    setting = out / "page-set.png"
    driver.save_screenshot(str(setting))
    return [solve, setting]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m puzzlesat.web.screenshots OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "serve", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        found = re.search(r"http://\S+/", line)
        if not found:
            print(f"screenshots: the server did not start: {line!r}", file=sys.stderr)
            return 1
        for path in shoot(found.group(0), out):
            print(path)
    finally:
        server.terminate()
        server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
