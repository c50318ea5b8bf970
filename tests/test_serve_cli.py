"""`puzzlesat serve` as a newcomer meets it: without the extra, on a taken port, with a size that
does not parse, it says so in one line and exits 2, before anything is started."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_without_the_extra_it_says_how_to_install_it():
    """A fresh interpreter where neither Starlette nor uvicorn can be imported, as after `make demo`."""
    code = (
        "import sys; sys.modules['starlette'] = sys.modules['uvicorn'] = None; "
        "import cli; cli.main(['serve', '--self-test'])"
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
