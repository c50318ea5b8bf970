"""The set-up a newcomer runs: one import name, the package data shipped, and a wheel that works beside
other packages' generic top-level names."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_src_holds_one_package():
    """An editable install puts src/ on sys.path: it must hold `puzzlesat` and nothing else importable."""
    names = {p.name for p in SRC.iterdir()} - {"__pycache__"}
    assert {n for n in names if not n.endswith(".egg-info")} == {"puzzlesat"}  # egg-info: the install's metadata


def test_the_card_folders_are_the_package_subpackages():
    """encoders/ and solvers/ stay at the top (the card) and are `puzzlesat.encoders`/`.solvers` by a link."""
    for name in ("encoders", "solvers"):
        link = SRC / "puzzlesat" / name
        assert link.is_symlink() and link.resolve() == (ROOT / name).resolve()


def test_package_data_names_real_folders():
    """The data files ship: each package-data key is a package folder whose patterns match files."""
    for package, patterns in _project()["tool"]["setuptools"]["package-data"].items():
        folder = SRC / package.replace(".", "/")
        assert folder.is_dir(), package
        assert all(list(folder.glob(pattern)) for pattern in patterns), package


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A non-editable wheel built from this checkout (no network: the build uses this environment)."""
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
        capture_output=True, text=True,
    )  # fmt: skip
    if build.returncode != 0:
        pytest.skip(f"no wheel could be built here: {build.stderr.strip().splitlines()[-1:]}")
    return next(out.glob("puzzlesat-*.whl"))


def test_the_wheel_has_one_import_name(wheel):
    """top_level.txt is `puzzlesat` alone; the C extension, the catalog data and the page are inside it."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        top = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
        assert z.read(top).decode().split() == ["puzzlesat"]
    assert {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")} == {"puzzlesat"}
    assert any(n.startswith("puzzlesat/solvers/_cpsearch") and n.endswith(".so") for n in names)
    assert "puzzlesat/catalog/data/killer-sudoku.toml" in names
    assert "puzzlesat/web/static/index.html" in names
    assert "puzzlesat/encoders/onehot.py" in names and "puzzlesat/cli/entry.py" in names


def test_the_wheel_works_beside_generic_top_level_names(wheel, tmp_path):
    """Installed beside a package that ships top-level `cli`, `web`, `puzzles`, `encoders` and
    `solvers` (each failing loudly on import), every kind of command still works."""
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr
    other = tmp_path / "other"
    for name in ("cli", "web", "puzzles", "encoders", "solvers"):
        (other / name).mkdir(parents=True)
        (other / name / "__init__.py").write_text(f"raise ImportError('the other package\\'s {name}')\n")
    (other / "cli.py").write_text("raise ImportError(\"the other package's cli.py\")\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(other), str(target)])}
    # -P would drop the working folder; running from tmp_path keeps the checkout off sys.path.
    for args, expected in [
        (["--version"], "puzzlesat 0.1.0"),
        (["solve", "magic-star", "--all"], "80 solutions modulo symmetry"),
        (["solve", "magic-frame", "--all", "--backend", "z3"], "6 solutions modulo symmetry"),
        (["count", "sudoku", "-p", "box=2"], "288"),
        (["check", "killer-sudoku"], "unique"),
    ]:
        done = subprocess.run(
            [sys.executable, "-c", "import puzzlesat.cli as c; c.main()", *args],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, (args, done.stderr)
        assert expected in done.stdout, (args, done.stdout)
    where = subprocess.run(
        [sys.executable, "-c", "import puzzlesat, puzzlesat.solvers._cpsearch as c; print(puzzlesat.__file__, c.__file__)"],  # noqa: E501
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert where.stdout.split() and all(p.startswith(str(target)) for p in where.stdout.split()), where
