"""Shared test set-up: hypothesis profiles and a CLI runner that sees exit codes and both streams."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("quick", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def json(self):
        import json

        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run `puzzlesat ARGS...` in-process; returns exit code, stdout and stderr."""
    from puzzlesat import cli as cli_module

    def run(*args: str) -> CliResult:
        capsys.readouterr()
        try:
            cli_module.main(list(args))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        else:  # pragma: no cover - main always exits
            code = 0
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """`sweep` tests run only with PUZZLESAT_SWEEPS=1 (`make test-sweeps`): they keep CI under its
    15 minutes; each covers a path a shorter test in the default run also takes."""
    if os.environ.get("PUZZLESAT_SWEEPS") == "1":
        return
    skip = pytest.mark.skip(reason="a sweep: run with PUZZLESAT_SWEEPS=1")
    for item in items:
        if "sweep" in item.keywords:
            item.add_marker(skip)
