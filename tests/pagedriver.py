"""Driving the page of `puzzlesat serve` in headless Chromium for the tests of setting and solving
(tests/test_page_play.py): the browser, the board's cells by `data-cell`, keys and drags."""

from __future__ import annotations

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
WAIT = 60  # seconds a request may take before the test calls it hung (a guard, not a speed test)


def chromium(profile: str) -> webdriver.Chrome:
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
        "--window-size=1200,900",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def idle(driver) -> None:
    """Wait until the page's request (and its board) is done."""
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "busy").get_attribute("hidden") is not None)


def text(driver, element: str) -> str:
    return driver.find_element(By.ID, element).text


def cell(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'#board-svg .cell[data-cell="{name}"]')


def pick(driver, *cells: str) -> None:
    """Select the cells in this order by one mouse drag from the first to the last (through each)."""
    chain = ActionChains(driver).move_to_element(cell(driver, cells[0])).click_and_hold()
    for name in cells[1:]:
        chain = chain.move_to_element(cell(driver, name))
    chain.release().perform()


def keys(driver, *typed: str) -> None:
    ActionChains(driver).send_keys(*typed).perform()


def with_key(driver, key: str, typed: str) -> None:
    ActionChains(driver).key_down(key).send_keys(typed).key_up(key).perform()


def board(driver, selector: str, attribute: str = "data-value") -> list[tuple[str, str]]:
    """(data-cell, attribute) of the board's elements that match `selector`, in document order."""
    script = (
        "return Array.from(document.querySelectorAll('#board-svg ' + arguments[0]))"
        ".map(e => [e.getAttribute('data-cell'), e.getAttribute(arguments[1])])"
    )
    return [tuple(x) for x in driver.execute_script(script, selector, attribute)]


def errors(driver) -> list[dict]:
    """Script errors and refusals by the Content-Security-Policy (a 400 the page handles is not one)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e.get("source") != "network"]


__all__ = ["By", "Keys", "WebDriverWait"]
