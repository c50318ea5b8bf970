"""The JSON API of `puzzlesat serve` through Starlette's test client, with the real pool of worker
processes: each command answers exactly what the CLI's --json prints; bad input is one line and a
4xx; what names the server's files or programs is refused; bodies past the limit get 413; a
runaway request is stopped at its limit while the others go on; a newer request on the same board
cancels the older one."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'puzzlesat[web]')")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2")

import typer  # noqa: E402
from guards import hang_guard  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import cli as cli_module  # noqa: E402
from web.app import make_app  # noqa: E402
from web.commands import COMMANDS  # noqa: E402
from web.pool import Limits  # noqa: E402
from web.settings import Settings  # noqa: E402

ROOT = Path(__file__).parent.parent
WORKER = [sys.executable, "-c", "import cli; cli.web_worker()"]
GROUP = typer.main.get_command(cli_module.app)
UNIQUE_4 = "2......3...1..4."  # `generate sudoku -p box=2 --seed 1` (unique: test_small_sudoku_is_unique)
SECONDS = re.compile(r'("\w*seconds": )-?\d+(?:\.\d+)?(?:[eE]-?\d+)?')


def _masked(text: str) -> str:
    return SECONDS.sub(r"\1T", text.strip())


def _app(**limits: object) -> TestClient:
    settings = Settings(workers=2, limits=Limits(**limits), hosts=("testserver",))  # type: ignore[arg-type]
    return TestClient(make_app(GROUP, WORKER, settings))


@pytest.fixture(scope="module")
def api():
    with hang_guard(120), _app(seconds=30.0) as client:
        yield client


def test_small_sudoku_is_unique(cli):
    assert cli("check", "sudoku", "-p", "box=2", "--givens", UNIQUE_4, "--json").json()["status"] == "unique"


CASES = [
    ("solve", {"puzzle": "magic-star", "all": True, "param": {"points": 6}}, ["magic-star", "-p", "points=6", "--all"]),
    ("check", {"puzzle": "sudoku"}, ["sudoku"]),
    (
        "candidates",
        {"puzzle": "sudoku", "param": ["box=2"], "givens": UNIQUE_4, "counts": True},
        ["sudoku", "-p", "box=2", "--givens", UNIQUE_4, "--counts"],
    ),
    ("hint", {"puzzle": "sudoku"}, ["sudoku"]),
    (
        "explain",
        {"puzzle": "sudoku", "param": {"box": 2}, "givens": UNIQUE_4},
        ["sudoku", "-p", "box=2", "--givens", UNIQUE_4],
    ),
    ("grade", {"puzzle": "sudoku"}, ["sudoku"]),
    ("count", {"puzzle": "magic-square"}, ["magic-square"]),
    (
        "clues",
        {"puzzle": "sudoku", "param": {"box": 2}, "givens": UNIQUE_4},
        ["sudoku", "-p", "box=2", "--givens", UNIQUE_4],
    ),
    ("convert", {"puzzle": "sudoku", "to": "fpuzzles"}, ["sudoku", "--to", "fpuzzles"]),
    ("generate", {"kind": "sudoku", "param": {"box": 2}, "seed": 3}, ["sudoku", "-p", "box=2", "--seed", "3"]),
    ("show", {"puzzle": "magic-star"}, ["magic-star"]),
    ("symmetry", {"puzzle": "magic-square"}, ["magic-square"]),
    ("list", {}, []),
]


@pytest.mark.parametrize(("command", "body", "args"), CASES, ids=[c[0] for c in CASES])
def test_each_command_answers_what_the_cli_prints(api, cli, command, body, args):
    response = api.post(f"/api/{command}", json=body)
    ran = cli(command, *args, "--json", *(["--timeout", "30"] if "timeout" in _keys(command) else []))
    assert response.status_code == 200, response.text
    assert response.headers["x-puzzlesat-exit"] == str(ran.code)
    assert _masked(response.text) == _masked(ran.out)


def _keys(command: str) -> set[str]:
    from web.commands import options

    return set(options(GROUP.commands[command]))


def test_every_command_of_the_issue_is_mirrored():
    wanted = {"solve", "check", "candidates", "hint", "explain", "grade", "count", "clues", "convert"}
    assert wanted <= set(COMMANDS)
    assert wanted <= {c[0] for c in CASES}


def test_a_pasted_line_and_toml_answer_as_the_cli_reads_them(api, cli):
    line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    toml = ROOT / "examples/killer-6x6.toml"
    for pasted, ref in ((line, line), (toml.read_text(), str(toml))):
        response = api.post("/api/check", json={"puzzle": pasted})
        assert response.status_code == 200, response.text
        doc, want = response.json(), cli("check", ref, "--json", "--timeout", "30").json()
        assert doc["status"] == want["status"] == "unique" and doc["solutions"] == want["solutions"]


@pytest.mark.parametrize("index", [0, 10, 20])
def test_a_pasted_link_gives_its_published_solution(api, index):
    entry = json.loads((ROOT / "tests/data/real_links.json").read_text())["puzzles"][index]
    response = api.post("/api/check", json={"puzzle": entry["link"]})
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "unique"
    assert "".join(map(str, response.json()["solutions"][0]["values"])) == entry["solution"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"puzzle": "sudoku", "output": "out.json"},
            "solve: 'output' is not taken here: the server writes no files; the answer is the response",
        ),
        (
            {"puzzle": "sudoku", "givens_file": "/etc/passwd"},
            "solve: 'givens_file' is not taken here: the server reads no files; send the givens as 'givens'",
        ),
        (
            {"puzzle": "sudoku", "solver_cmd": "rm -rf /"},
            "solve: 'solver_cmd' is not taken here: the server runs no programs a request names",
        ),
        (
            {"puzzle": "sudoku", "scheduler": "tcp://example.org:8786"},
            "solve: 'scheduler' is not taken here: the server connects to no other host",
        ),
        ({"puzzle": "sudoku", "al": True}, "solve: unknown option 'al'; did you mean all? valid: "),
        ({"puzzle": "sudoku", "all": "yes"}, "solve: 'all' must be true or false"),
        ({"puzzle": "sudoku", "limit": [1, 2]}, "solve: 'limit' takes one value"),
        ({"puzzle": "sudoku", "timeout": "soon"}, "solve: 'timeout' must be a number of seconds"),
        ({}, "solve: 'puzzle' is missing"),
        ({"puzzle": ""}, "'puzzle' must be a catalog name, a link, a classic line or a puzzle file's text"),
        ({"puzzle": "/etc/passwd"}, "the puzzle: invalid TOML: invalid statement (line 1)"),
        ({"puzzle": "examples/kakuro.toml"}, "the puzzle: invalid TOML: "),
    ],
)
def test_bad_input_is_one_line_and_400(api, body, message):
    response = api.post("/api/solve", json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith("puzzlesat: error: " + message) and "\n" not in error


def test_a_catalog_mistake_says_what_the_cli_says(api, cli):
    response = api.post("/api/solve", json={"puzzle": "magic-stra"})
    assert response.status_code == 400
    assert response.json() == {"error": cli("solve", "magic-stra").err.strip(), "exit": 2}


def test_not_json_and_not_an_object_are_refused(api):
    assert api.post("/api/check", content=b"sudoku", headers={"content-type": "text/plain"}).json() == {
        "error": "puzzlesat: error: send the request as JSON (Content-Type: application/json)",
        "exit": 2,
    }
    bad = api.post("/api/check", content=b"{", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("puzzlesat: error: the request body is not JSON")
    listed = api.post("/api/check", json=["sudoku"])
    assert listed.status_code == 400
    assert (
        listed.json()["error"]
        == 'puzzlesat: error: the request body must be a JSON object such as {"puzzle": "sudoku"}'
    )


def test_unknown_commands_and_pages_are_404(api):
    assert (
        api.post("/api/dimacs", json={"puzzle": "sudoku"})
        .json()["error"]
        .startswith("puzzlesat: error: unknown command 'dimacs'")
    )
    missing = api.get("/etc/passwd")
    assert missing.status_code == 404 and missing.json() == {"error": "puzzlesat: error: no such page: GET /etc/passwd"}
    assert api.get("/static/../../cli.py").status_code == 404


@pytest.mark.parametrize("size", [(1 << 20) + 1, 10 * 10**6])
def test_a_body_past_the_limit_is_413(api, size):
    response = api.post("/api/check", content=b" " * size, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {"error": "puzzlesat: error: the request body is larger than the limit of 1 MiB"}


def test_a_streamed_body_past_the_limit_is_413_too(api):
    def chunks():
        for _ in range(20):
            yield b" " * (100 * 1024)

    response = api.post("/api/check", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_other_hosts_are_refused(api):
    """A page elsewhere that resolves its own name to 127.0.0.1 (DNS rebinding) gets nothing."""
    assert api.post("/api/check", json={"puzzle": "sudoku"}, headers={"host": "evil.example"}).status_code == 400


def test_the_board_is_drawn_and_checked(api):
    drawn = api.post("/api/board", json={"puzzle": "sudoku", "param": {"box": 2}, "shade": {"r1c1": "#c9daf5"}})
    assert drawn.status_code == 200
    doc = drawn.json()
    assert doc["rows"] == doc["cols"] == 4 and doc["cells"][:2] == ["r1c1", "r1c2"]
    assert doc["svg"].startswith("<?xml") and 'fill="#c9daf5"' in doc["svg"]
    bad = api.post("/api/board", json={"puzzle": "sudoku", "shade": {"r1c1": 'red"/><script>'}})
    assert bad.status_code == 400
    assert bad.json()["error"] == "puzzlesat: error: shade: 'red\"/><script>' is not a colour written #rgb or #rrggbb"
    wrong = api.post("/api/board", json={"puzzle": "sudoku", "values": {"r10c1": 1}})
    assert wrong.json()["error"] == "puzzlesat: error: values: 'r10c1' is not a cell of sudoku (r1c1 .. r9c9)"


def test_openapi_describes_every_command_from_the_cli():
    with _app() as client:
        doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for name in COMMANDS:
        body = doc["paths"][f"/api/{name}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert "output" not in body["properties"] and "json" not in body["properties"]
    solve = doc["paths"]["/api/solve"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert solve["required"] == ["puzzle"]
    assert solve["properties"]["all"]["type"] == "boolean" and solve["properties"]["limit"]["type"] == "integer"


def _post_later(client: TestClient, path: str, body: dict, into: dict, key: str) -> threading.Thread:
    def go() -> None:
        into[key] = client.post(path, json=body)

    thread = threading.Thread(target=go)
    thread.start()
    return thread


def test_a_runaway_request_is_stopped_at_its_limit_while_the_others_go_on():
    with hang_guard(120), _app(seconds=2.0) as client:
        results: dict = {}
        slow = _post_later(client, "/api/generate", {"kind": "sudoku", "difficulty": "extreme"}, results, "slow")
        time.sleep(0.3)
        fast = client.post("/api/check", json={"puzzle": "sudoku"})
        slow.join()
        assert fast.status_code == 200 and fast.json()["status"] == "unique"
        assert results["slow"].status_code == 504
        assert results["slow"].json() == {
            "error": "puzzlesat: error: generate: stopped at the time limit of 2 s",
            "exit": 3,
        }
        again = client.post("/api/check", json={"puzzle": "sudoku"})  # the killed worker was replaced
        assert again.status_code == 200


def test_a_newer_request_on_the_same_board_cancels_the_older(api):
    results: dict = {}
    older = _post_later(
        api, "/api/generate", {"kind": "sudoku", "difficulty": "extreme", "board": "b1"}, results, "older"
    )
    progress = {}
    for _ in range(100):  # the older one has started
        progress = api.get("/api/progress", params={"board": "b1"}).json()
        if progress["state"] == "running":
            break
        time.sleep(0.05)
    assert progress["state"] == "running" and progress["command"] == "generate"
    newer = api.post("/api/check", json={"puzzle": "sudoku", "board": "b1"})
    older.join()
    assert newer.status_code == 200
    assert results["older"].status_code == 409
    assert results["older"].json() == {
        "error": "puzzlesat: error: generate: cancelled by a newer request on this board, or the client left"
    }
    assert api.get("/api/progress", params={"board": "b1"}).json() == {"state": "idle"}


def test_a_build_past_the_memory_limit_is_refused_by_the_estimate():
    with hang_guard(120), _app(memory=64 << 20) as client:
        response = client.post(
            "/api/solve", json={"puzzle": "magic-square", "param": {"order": 12}, "encoding": "onehot"}
        )
    assert response.status_code in (400, 503), response.text
    assert "memory" in response.json()["error"]
