"""A bounded load test of `puzzlesat serve` on localhost: the real server (uvicorn, 2 workers) as
a subprocess, 20 clients at once, 3 requests each; every answer is the CLI's document for the
same question, and none is lost. Bounded in count (60 requests) and guarded against a hang; how
fast it goes is measured in benchmarks/ (`python -m benchmarks --serve`), not here."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'puzzlesat[web]')")

from guards import hang_guard  # noqa: E402
from served import served  # noqa: E402

ROOT = Path(__file__).parent.parent
CLIENTS = 20
SECONDS = re.compile(r'("\w*seconds": )-?\d+(?:\.\d+)?(?:[eE]-?\d+)?')
QUESTIONS = [
    ("check", {"puzzle": "sudoku"}, ["sudoku"]),
    ("hint", {"puzzle": "sudoku"}, ["sudoku"]),
    (
        "candidates",
        {"puzzle": "sudoku", "param": {"box": 2}, "givens": "2......3...1..4."},
        ["sudoku", "-p", "box=2", "--givens", "2......3...1..4."],
    ),
    (
        "grade",
        {"puzzle": "sudoku", "param": {"box": 2}, "givens": "2......3...1..4."},
        ["sudoku", "-p", "box=2", "--givens", "2......3...1..4."],
    ),
    ("solve", {"puzzle": "magic-frame", "all": True}, ["magic-frame", "--all"]),
]


def _masked(text: str) -> str:
    return SECONDS.sub(r"\1T", text.strip())


@pytest.fixture(scope="module")
def server():
    """The address of a real server on a free port, with 2 workers."""
    with served("--workers", "2") as url:
        yield url


def _post(base: str, command: str, body: dict) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{base}api/{command}", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as r:
        return r.status, r.read().decode("utf-8")


def test_twenty_clients_at_once_get_every_answer_right(server, cli):
    # The server passes its time limit (serve --timeout, 60 s) as each command's --timeout.
    expected = {
        command: _masked(cli(command, *args, "--json", "--timeout", "60").out) for command, _, args in QUESTIONS
    }
    answers: list[tuple[str, int, str]] = []
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(CLIENTS)

    def client(k: int) -> None:
        try:
            start.wait()
            for j in range(3):
                command, body, _ = QUESTIONS[(k + j) % len(QUESTIONS)]
                status, text = _post(server, command, body)
                with lock:
                    answers.append((command, status, text))
        except BaseException as e:  # noqa: BLE001 - reported below, with the others
            with lock:
                errors.append(e)

    with hang_guard(300):
        threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    assert len(answers) == CLIENTS * 3
    for command, status, text in answers:
        assert status == 200
        assert _masked(text) == expected[command], command


def test_the_page_and_its_assets_come_from_the_server(server):
    with urllib.request.urlopen(server, timeout=30) as r:
        page = r.read().decode("utf-8")
        assert r.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert "<html" in page.lower()
    assert "http://" not in page.replace(server, "") and "https://" not in page  # no CDN, nothing fetched elsewhere
