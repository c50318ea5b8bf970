"""The JSON API of `puzzlesat serve` through Starlette's test client, with the real pool of worker
processes: each command answers exactly what the CLI's --json prints; bad input is one line and a
4xx, never a dead worker; only the options each command lists are taken; only application/json;
bodies past the limit get 413; a runaway request is stopped at its limit while the others go on; a
newer request on the same board cancels the older one. Workers that crash, run out of memory,
overrun their limit or answer late are stand-ins (the real worker loop around a `run` of the
test's own), so each outcome is certain."""

from __future__ import annotations

import copy
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
from served import alive  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from puzzlesat import cli as cli_module  # noqa: E402
from puzzlesat.runtime.errors import UsageError  # noqa: E402
from puzzlesat.web import pool as pool_module  # noqa: E402
from puzzlesat.web.app import make_app  # noqa: E402
from puzzlesat.web.commands import ALLOWED, COMMANDS, job_for, key  # noqa: E402
from puzzlesat.web.pool import Limits  # noqa: E402
from puzzlesat.web.settings import Settings  # noqa: E402

ROOT = Path(__file__).parent.parent
WORKER = [sys.executable, "-c", "from puzzlesat import cli; cli.web_worker()"]
GROUP = typer.main.get_command(cli_module.app)
UNIQUE_4 = "2......3...1..4."  # `generate sudoku -p box=2 --seed 1` (unique: test_small_sudoku_is_unique)
SECONDS = re.compile(r'("\w*seconds": )-?\d+(?:\.\d+)?(?:[eE]-?\d+)?')


def _masked(text: str) -> str:
    return SECONDS.sub(r"\1T", text.strip())


def _app(worker: list[str] = WORKER, workers: int = 2, **limits: object) -> TestClient:
    settings = Settings(workers=workers, limits=Limits(**limits), hosts=("testserver",))  # type: ignore[arg-type]
    return TestClient(make_app(GROUP, worker, settings))


def _pids(client: TestClient) -> set[int]:
    """The process ids of the app's workers now."""
    return {w.process.pid for w in client.app.state.api.pool._all}  # type: ignore[attr-defined]


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
    from puzzlesat.web.commands import options

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
        job = {"kind": "sudoku", "param": {"box": 4}, "difficulty": "extreme"}  # a 16x16: far past 2 s
        slow = _post_later(client, "/api/generate", job, results, "slow")
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
        api, "/api/generate", {"kind": "sudoku", "param": {"box": 4}, "difficulty": "extreme", "board": "b1"}, results,
        "older",
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


# --- only the options each command lists ----------------------------------------------------------


def test_every_listed_option_is_one_the_cli_has():
    """The table names real options: a rename in the CLI shows here, not as a silent refusal."""
    for command, names in ALLOWED.items():
        assert set(names) <= {key(p) for p in GROUP.commands[command].params}, command


def test_an_option_the_cli_gains_is_refused_until_it_is_listed():
    """Default deny: a new option (here one naming a plug-in file) reaches no worker by itself."""
    solve = GROUP.commands["solve"]
    plugin = copy.copy(next(p for p in solve.params if key(p) == "givens"))
    plugin.name, plugin.opts = "plugin", ["--plugin"]
    grown = copy.copy(solve)
    grown.params = [*solve.params, plugin]
    group = copy.copy(GROUP)
    group.commands = {**GROUP.commands, "solve": grown}
    with pytest.raises(UsageError) as refused:
        job_for(group, "solve", {"puzzle": "sudoku", "plugin": "evil.so"}, 30.0)
    assert (
        str(refused.value) == "solve: 'plugin' is not taken here: the server takes only the options /openapi.json lists"
    )


@pytest.mark.parametrize(
    ("command", "body", "message"),
    [
        ("compare", {"puzzle": "sudoku", "list": True}, "compare: 'list' is not taken here: the listing is text: "),
        ("compare", {"puzzle": "sudoku", "encodings": "log"}, "compare: 'encodings' is not taken here: the server "),
        ("count", {"puzzle": "sudoku", "workers": 4}, "count: 'workers' is not taken here: the server's own pool"),
        ("generate", {"kind": "sudoku", "output": "x"}, "generate: 'output' is not taken here: the server writes no"),
        ("solve", {"puzzle": "sudoku", "board": 7}, "solve: 'board' must be a string (the page's board id), not 7"),
        (
            "solve",
            {"puzzle": "sudoku", "param": {"box": [2]}},
            "solve: param box must be a string or a number, not [2]",
        ),
    ],
)
def test_options_off_the_list_and_misshapen_keys_are_400_by_name(api, command, body, message):
    response = api.post(f"/api/{command}", json=body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(f"puzzlesat: error: {message}")


def test_openapi_lists_exactly_the_allowed_options():
    with _app() as client:
        doc = client.get("/openapi.json").json()
    for name in COMMANDS:
        body = doc["paths"][f"/api/{name}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert set(body["properties"]) == {*ALLOWED[name], "board"}, name


def test_compare_takes_its_timeout_per_configuration_not_for_the_whole_run():
    asked = job_for(GROUP, "compare", {"puzzle": "sudoku", "timeout": 5}, 30.0)
    assert asked.argv[-3:] == ("--timeout", "5", "--json") and (asked.limit, asked.stops_itself) == (30.0, False)
    default = job_for(GROUP, "compare", {"puzzle": "sudoku"}, 30.0)
    assert default.argv[-3:] == ("--timeout", "30", "--json") and default.limit == 30.0
    solve = job_for(GROUP, "solve", {"puzzle": "sudoku", "timeout": 5}, 30.0)
    assert (solve.limit, solve.stops_itself) == (5.0, True)


def test_compare_with_a_short_timeout_per_configuration_answers_its_rows(api):
    body = {"puzzle": "magic-square", "encoding": ["onehot", "order"], "timeout": 0.5}
    response = api.post("/api/compare", json=body)
    assert response.status_code == 200, response.text
    doc = response.json()
    assert doc["timeout"] == 0.5 and {row["encoding"] for row in doc["rows"]} == {"onehot", "order"}


# --- only application/json ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "status"),
    [
        ("application/json", 200),
        ("application/json; charset=utf-8", 200),
        ('Application/JSON;charset="UTF-8"', 200),
        ("text/plain; x=application/json", 400),
        ("text/plain;charset=application/json", 400),
        ("application/json; charset=latin-1", 400),
        ("application/json; x=1", 400),
        ("application/jsonp", 400),
        ("application/x-www-form-urlencoded", 400),
        ("multipart/form-data; boundary=application/json", 400),
    ],
)
def test_only_application_json_is_taken(api, content_type, status):
    """A cross-site form or fetch without a preflight can send text/plain with any parameter: never a job."""
    response = api.post("/api/check", content=b'{"puzzle": "sudoku"}', headers={"content-type": content_type})
    assert response.status_code == status, response.text
    if status == 400:
        assert response.json() == {
            "error": "puzzlesat: error: send the request as JSON (Content-Type: application/json)",
            "exit": 2,
        }


def test_two_content_types_are_refused(api):
    headers = [("content-type", "text/plain"), ("content-type", "application/json")]
    response = api.post("/api/check", content=b'{"puzzle": "sudoku"}', headers=headers)
    assert response.status_code == 400


# --- every body checked for its shape: 400 and one line, never a dead worker ----------------------

DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    ("path", "raw", "message"),
    [
        ("/api/check", DEEP, "the request body is nested too deeply (more than 4 levels)"),
        ("/api/board", '{"puzzle": "sudoku", "values": ' + DEEP + "}", "the request body is nested too deeply"),
        ("/api/check", '{"puzzle": "sudoku", "x": [[[[[1]]]]]}', "the request body is nested too deeply"),
        ("/api/check", '{"puzzle": "sudoku", "limit": ' + "9" * 5000 + "}", "the request body has a number of more"),
        ("/api/board", '{"puzzle": "sudoku", "values": {"r1c1": 1' + "0" * 4300 + "}}", "the request body has a"),
        ("/api/check", '{"puzzle": "sudoku", "timeout": NaN}', "the request body is not JSON: NaN is not a JSON"),
        ("/api/check", '{"puzzle": "sudoku", "timeout": 1e999}', "the request body is not JSON: 1e999 is past the"),
        (
            "/api/check",
            b'{"puzzle": "\xff"}',
            "the request body is not JSON: not UTF-8 (invalid start byte at byte 12)",
        ),
    ],
)
def test_deep_nesting_huge_numbers_and_non_json_are_400(api, path, raw, message):
    response = api.post(path, content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith(f"puzzlesat: error: {message}")
    assert response.json()["exit"] == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"values": {"r1c1": [1, 2]}}, "board: values: r1c1 must be a whole number, not [1, 2]"),
        ({"values": {"r1c1": "5"}}, 'board: values: r1c1 must be a whole number, not "5"'),
        ({"values": {"r1c1": True}}, "board: values: r1c1 must be a whole number, not true"),
        ({"values": {"r1c1": 1.5}}, "board: values: r1c1 must be a whole number, not 1.5"),
        ({"values": {"r1c1": 2**70}}, "board: values: r1c1 must be a whole number, not 1180591620717411303424"),
        ({"values": [1, 2]}, "board: 'values' must be an object keyed by cell name, not [1, 2]"),
        ({"marks": {"r1c1": {"1": 2}}}, 'board: marks: r1c1 must be a list of values, not {"1": 2}'),
        ({"marks": {"r1c1": ["1"]}}, 'board: marks: r1c1 must be a whole number, not "1"'),
        ({"counts": {"r1c1": [1]}}, "board: counts: r1c1 must be an object {value: count}, not [1]"),
        ({"counts": {"r1c1": {"x": 1}}}, "board: counts: r1c1: 'x' is not a value"),
        ({"counts": {"r1c1": {"1": -1}}}, "board: counts: r1c1: 1 must be a count (a whole number), not -1"),
        ({"shade": {"r1c1": 3}}, "board: shade: r1c1 must be a colour written #rgb or #rrggbb, not 3"),
        ({"shade": "red"}, "board: 'shade' must be an object keyed by cell name, not \"red\""),
        ({"param": {"box": {"x": 1}}}, 'board: param box must be a string or a number, not {"x": 1}'),
        ({"givens": 5}, "board: 'givens' must be a string such as 2......3...1..4., not 5"),
        ({"board": "b1"}, "board: unknown key 'board'; valid: puzzle, param, givens, values, marks, counts, shade"),
    ],
)
def test_a_misshapen_board_is_400_and_the_workers_live_on(api, extra, message):
    before = _pids(api)
    response = api.post("/api/board", json={"puzzle": "sudoku", **extra})
    assert response.status_code == 400, response.text
    assert response.json() == {"error": f"puzzlesat: error: {message}", "exit": 2}
    assert api.post("/api/board", json={"puzzle": "sudoku", "values": {"r1c1": 5}}).status_code == 200
    assert _pids(api) == before


# --- stand-in workers: the real loop around a `run` of the test's own --------------------------------


def _stand_in(run: str) -> list[str]:
    """A worker command: src/puzzlesat/web/worker.py's loop around `run(argv)`, whose body is `run`."""
    code = "import json, os, signal, sys, time\nfrom puzzlesat.web.worker import serve\n\ndef run(argv):\n"
    code += "".join(f"    {line}\n" for line in run.strip().splitlines())
    return [sys.executable, "-c", code + "\nserve(run)\n"]


@pytest.fixture
def quick_stops(monkeypatch):
    """A short grace and slack, so the tests of stopping take a second, not five."""
    monkeypatch.setattr(pool_module, "GRACE", 0.5)
    monkeypatch.setattr(pool_module, "SLACK", 0.2)


@pytest.mark.parametrize(
    ("run", "status", "message"),
    [
        ("os.kill(os.getpid(), signal.SIGSEGV)", 500, "check: the worker died (killed by SIGSEGV); a fresh one"),
        ("os._exit(1)", 500, "check: the worker died (exit status 1); a fresh one takes its place"),
        (
            "os.write(2, b'terminate called after throwing an instance of std::bad_alloc\\n')\nos.abort()",
            503,
            "check: out of memory (the limit is 2048 MiB; serve --memory): killed by SIGABRT: terminate called after "
            "throwing an instance of std::bad_alloc",
        ),
        ("raise ZeroDivisionError('division by zero')", 500, "internal error: ZeroDivisionError: division by zero at"),
    ],
    ids=["crash", "exit", "memory", "bug"],
)
def test_a_dying_worker_is_told_apart_from_the_memory_limit(run, status, message):
    with hang_guard(120), _app(_stand_in(run), workers=1) as client:
        for _ in range(2):  # the second request finds a fresh worker (or the same one, after a bug)
            response = client.post("/api/check", json={"puzzle": "sudoku"})
            assert response.status_code == status, response.text
            assert response.json()["error"].startswith(f"puzzlesat: error: {message}")


OVERRUNS = """
from puzzlesat.runtime.stop import STOP
while not STOP.is_set():  # deaf to its own --timeout, but not to being asked to stop
    time.sleep(0.01)
print(json.dumps({"stopped": "terminated", "kept": argv}))
return 3
"""


def test_a_command_that_overruns_its_limit_is_asked_to_stop_and_its_partial_answer_kept(quick_stops):
    with hang_guard(120), _app(_stand_in(OVERRUNS), workers=1) as client:
        response = client.post("/api/check", json={"puzzle": "sudoku", "timeout": 0.3})
    assert response.status_code == 200, response.text
    assert response.headers["x-puzzlesat-exit"] == "3"
    assert response.json() == {"stopped": "terminated", "kept": ["check", "sudoku", "--timeout", "0.3", "--json"]}


# Speaks the protocol itself: says its command ended, then takes past the grace to answer.
LATE = """
import json, os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
out = os.fdopen(os.dup(1), "w")
def send(message):
    out.write(json.dumps(message) + "\\n")
    out.flush()
send({"ready": True})
for line in sys.stdin:
    send({"finished": True})
    time.sleep(1.5)
    send({"code": 0, "out": json.dumps({"late": True}) + "\\n", "err": ""})
"""


def test_finished_work_is_never_lost_to_the_grace_period(quick_stops):
    """Limit 0.3 s, asked to stop at 0.5 s, killed at 1.0 s if it had not finished: it had."""
    with hang_guard(120), _app([sys.executable, "-c", LATE], workers=1) as client:
        response = client.post("/api/check", json={"puzzle": "sudoku", "timeout": 0.3})
    assert (response.status_code, response.json()) == (200, {"late": True})


DEAF = "time.sleep(3600)  # deaf to SIGTERM: the handler returns and the sleep goes on"


def _wait_for(client: TestClient, board: str, state: str) -> None:
    """Ask /api/progress until the board's job is in `state` (bounded)."""
    for _ in range(500):
        if client.get("/api/progress", params={"board": board}).json()["state"] == state:
            return
        time.sleep(0.02)
    raise AssertionError(f"board {board} never {state}")


@pytest.mark.parametrize("now", [False, True], ids=["first-signal", "second-signal"])
def test_stopping_the_server_answers_every_client_and_starts_no_worker(quick_stops, now):
    """Jobs that do not stop when asked: killed after the grace (or at once on a second Ctrl-C); the
    running and the queued client both get 503 in one line, no 500, and no replacement starts."""
    with hang_guard(120), _app(_stand_in(DEAF), workers=1) as client:
        results: dict = {}
        running = _post_later(client, "/api/solve", {"puzzle": "sudoku", "board": "a"}, results, "running")
        _wait_for(client, "a", "running")
        queued = _post_later(client, "/api/hint", {"puzzle": "sudoku", "board": "b"}, results, "queued")
        _wait_for(client, "b", "queued")
        started = _pids(client)
        client.app.state.api.shutdown(now=now)
        running.join()
        queued.join()
        assert client.app.state.api.pool._tasks == set() and _pids(client) == started  # none started since
    assert [pid for pid in started if alive(pid)] == []
    assert results["running"].status_code == results["queued"].status_code == 503
    assert results["running"].json() == {
        "error": "puzzlesat: error: solve: the server is stopping; the job ended before it had an answer"
    }
    assert results["queued"].json() == {
        "error": "puzzlesat: error: hint: the server is stopping; the job ended before it had an answer"
    }


def test_stopping_the_server_answers_a_running_command_with_what_it_found():
    with hang_guard(120), _app(seconds=30.0) as client:
        results: dict = {}
        body = {"puzzle": "magic-square", "param": {"order": 5}, "all": True, "board": "s"}
        thread = _post_later(client, "/api/solve", body, results, "solve")
        for _ in range(500):  # until the CLI's own status line says it is finding solutions
            if "found" in client.get("/api/progress", params={"board": "s"}).json().get("status", ""):
                break
            time.sleep(0.02)
        client.app.state.api.shutdown()
        thread.join()
    response = results["solve"]
    assert response.status_code == 200 and response.headers["x-puzzlesat-exit"] == "3"
    doc = response.json()
    assert (doc["complete"], doc["stopped"]) == (False, "terminated") and doc["count"] == len(doc["solutions"]) > 0
