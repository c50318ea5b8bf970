"""`puzzlesat serve` as a newcomer meets it: without the extra, on a taken port, with a size that
does not parse, it says so in one line and exits 2, before anything is started. And as it stops:
Ctrl-C or SIGTERM answers the running jobs with what they found and exits 0; a second Ctrl-C cuts
them with no 500 and no new worker; after a SIGKILL no worker lives on; a client that leaves
mid-body is one log line."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from guards import hang_guard
from served import gone, serving

ROOT = Path(__file__).parent.parent


def test_without_the_extra_it_says_how_to_install_it():
    """A fresh interpreter where neither Starlette nor uvicorn can be imported, as after `make demo`."""
    code = (
        "import sys; sys.modules['starlette'] = sys.modules['uvicorn'] = None; "
        "from puzzlesat import cli; cli.main(['serve', '--self-test'])"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    install = "pip install 'puzzlesat[web]' (Starlette and uvicorn)"
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"puzzlesat: error: the page needs the web extra: {install}\n"


@pytest.fixture
def taken_port():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)
    yield sock.getsockname()[1]
    sock.close()


def test_a_taken_port_is_one_line(cli, taken_port):
    pytest.importorskip("uvicorn")
    ran = cli("serve", "--port", str(taken_port))
    assert (ran.code, ran.out) == (2, "")
    assert ran.err == f"puzzlesat: error: --port {taken_port}: in use on 127.0.0.1; choose another port\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--memory", "lots"], "--memory lots: expected a size such as 512MiB, 2GiB or 64M"),
        (["--body-limit", "0"], "--body-limit 0: expected a size such as 512MiB, 2GiB or 64M"),
        (["--body-limit", "inf"], "--body-limit inf: expected a size such as 512MiB, 2GiB or 64M"),
    ],
)
def test_a_size_that_does_not_parse_is_one_line(cli, args, message):
    pytest.importorskip("uvicorn")
    ran = cli("serve", *args)
    assert (ran.code, ran.err) == (2, f"puzzlesat: error: {message}\n")


def test_a_port_out_of_range_is_refused_by_the_option(cli):
    ran = cli("serve", "--port", "70000")
    assert ran.code == 2 and ran.err.startswith("puzzlesat: error: Invalid value for '--port'")


# --- the real server under signals (a subprocess on 127.0.0.1, waited on by what it says) -----------

LONG = {"puzzle": "magic-square", "param": {"order": 5}, "all": True}  # minutes to list every square


def _post(url: str, path: str, body: bytes, into: dict, key: str) -> threading.Thread:
    """POST in a thread; `into[key]` is (status, document) or the exception."""

    def go() -> None:
        request = urllib.request.Request(url + path, data=body, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as r:
                into[key] = (r.status, json.loads(r.read()))
        except urllib.error.HTTPError as e:
            into[key] = (e.code, json.loads(e.read()))
        except OSError as e:
            into[key] = e

    thread = threading.Thread(target=go)
    thread.start()
    return thread


def _started(url: str, board: str) -> None:
    """Until the board's job prints the CLI's status line (it is finding solutions); bounded."""
    for _ in range(1000):
        with urllib.request.urlopen(f"{url}api/progress?board={board}", timeout=30) as r:
            if "found" in json.loads(r.read()).get("status", ""):
                return
        time.sleep(0.02)
    raise AssertionError(f"the job on board {board} never started")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_signal_stops_the_server_and_running_jobs_answer_with_what_they_found(sig):
    pytest.importorskip("uvicorn")
    with serving() as server:
        answers: dict = {}
        threads = [_post(server.url, "api/solve", json.dumps({**LONG, "board": b}).encode(), answers, b) for b in "ab"]
        for board in "ab":
            _started(server.url, board)
        workers = server.workers()
        server.process.send_signal(sig)
        assert server.said("puzzlesat: stopping") == (
            "puzzlesat: stopping: 2 running jobs answer with what they found (Ctrl-C again: stop them at once)\n"
        )
        with hang_guard(60):
            for thread in threads:
                thread.join()
            code = server.process.wait()
        rest = server.process.stderr.read() if server.process.stderr else ""
    assert (code, rest) == (0, "")
    for board in "ab":
        status, doc = answers[board]
        assert status == 200 and (doc["complete"], doc["stopped"]) == (False, "terminated") and doc["count"] > 0
    assert gone(workers) == []


def test_a_second_ctrl_c_stops_at_once_with_no_500_and_no_new_worker():
    pytest.importorskip("uvicorn")
    with serving() as server:
        answers: dict = {}
        threads = [_post(server.url, "api/solve", json.dumps({**LONG, "board": b}).encode(), answers, b) for b in "ab"]
        for board in "ab":
            _started(server.url, board)
        workers = server.workers()
        server.process.send_signal(signal.SIGINT)
        server.said("puzzlesat: stopping")
        server.process.send_signal(signal.SIGINT)
        with hang_guard(60):
            for thread in threads:
                thread.join()
            server.process.wait()
        rest = server.process.stderr.read() if server.process.stderr else ""
    assert "Traceback" not in rest and "Error" not in rest, rest  # a worker started into the deleted folder said so
    closing = "the server is stopping; the job ended before it had an answer"
    for board in "ab":  # answered before the second Ctrl-C, or cut by it: never a 500
        status, doc = answers[board]
        assert (status == 200 and doc["stopped"] == "terminated") or doc == {
            "error": f"puzzlesat: error: solve: {closing}"
        }
    assert gone(workers) == []


def test_no_worker_outlives_a_killed_server():
    """SIGKILL leaves the server no say: the kernel (PR_SET_PDEATHSIG) and the workers' watch on
    their job pipe end them, busy or idle."""
    pytest.importorskip("uvicorn")
    with serving() as server:
        answers: dict = {}
        thread = _post(server.url, "api/solve", json.dumps({**LONG, "board": "k"}).encode(), answers, "k")
        _started(server.url, "k")
        workers = server.workers()
        assert len(workers) == 2
        server.process.kill()
        server.process.wait()
        assert gone(workers) == []
        thread.join()


def test_a_client_leaving_mid_body_is_one_log_line():
    pytest.importorskip("uvicorn")
    with serving() as server:
        port = server.ready["port"]
        head = b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        for _ in range(2):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(head + b'Content-Length: 1000\r\n\r\n{"puzzle"')
            line = server.said("client")
            assert line == "WARNING:  puzzlesat: a client left before its request body came: POST /api/check\n"
        answers: dict = {}  # and the server goes on
        _post(server.url, "api/check", b'{"puzzle": "sudoku"}', answers, "check").join()
        assert answers["check"][0] == 200
        server.process.send_signal(signal.SIGTERM)
        with hang_guard(60):
            server.process.wait()
        rest = server.process.stderr.read() if server.process.stderr else ""
    assert rest == "puzzlesat: stopping\n"
