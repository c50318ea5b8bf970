"""The set-up a newcomer runs: packaging without warnings, the extras each test needs, a short README."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_folder_of_a_package_is_listed():
    """setuptools warns (45 lines at `pip install -e .`) about a folder Python can import that is not in
    `packages`, as puzzles/data was; each folder inside a listed package must be listed too."""
    listed = set(_project()["tool"]["setuptools"]["packages"])
    for package in sorted(listed):
        folder = ROOT / package.replace(".", "/")
        for sub in folder.iterdir():
            if sub.is_dir() and sub.name != "__pycache__" and not sub.name.startswith("."):
                assert f"{package}.{sub.name}" in listed, f"{sub.relative_to(ROOT)} is not in pyproject's packages"


def test_package_data_names_listed_packages():
    """The data files ship: each package-data key is a listed package whose patterns match files."""
    setuptools = _project()["tool"]["setuptools"]
    for package, patterns in setuptools["package-data"].items():
        assert package in setuptools["packages"], package
        folder = ROOT / package.replace(".", "/")
        assert all(list(folder.glob(pattern)) for pattern in patterns), package
