"""Screenshots of the page for the docs: `python -m puzzlesat.web.screenshots OUTDIR` starts a server on a
free port, drives headless Chromium (Debian's chromium and chromium-driver) through it and writes
page-candidates.png (a sudoku with its candidates), page-hint.png (a hint shaded) and
page-explain.png (a step of the explanation), 1000x700 each."""

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
        finally:
            driver.quit()
    return written


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
