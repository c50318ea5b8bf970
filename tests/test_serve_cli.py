"""`puzzlesat serve` as a newcomer meets it: without the extra, on a taken port, with a size that
does not parse, it says so in one line and exits 2, before anything is started."""

from __future__ import annotations

import socket
import sys

import pytest


def test_without_the_extra_it_says_how_to_install_it(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    ran = cli("serve", "--self-test")
    assert ran.code == 2
    assert (
        ran.err
        == "puzzlesat: error: the page needs the web extra: pip install 'puzzlesat[web]' (Starlette and uvicorn)\n"
    )
    assert ran.out == ""


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
