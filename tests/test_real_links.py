"""Real f-puzzles links with published solutions (tests/data/real_links.json, copied from two variant
solvers' test fixtures): each loads as published, solves, is unique and is the published solution.

This is issue 30's target on real puzzles rather than on puzzles written for the importer: a key
read the wrong way shows up here as a wrong or a second solution, a missing kind as a refusal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import puzzlesat

DATA = Path(__file__).resolve().parent / "data" / "real_links.json"
DOC = json.loads(DATA.read_text(encoding="utf-8"))
PUZZLES = DOC["puzzles"]
# Measured at 23-39 s (default configuration): no givens, 13 sandwich clues, two solutions to find.
SLOW = {"Sandwich snipe 18"}


def _id(i: int, entry: dict[str, str]) -> str:
    words = re.findall(r"[A-Za-z0-9]+", entry["title"].split(" by ")[0])
    return f"{i:02d}-{'-'.join(words[:4]).lower()}"


def _digits(values: tuple[int, ...]) -> str:
    """A solution written as the sources write theirs: each value in decimal, joined."""
    return "".join(map(str, values))


def _swap_1_9(solution: str) -> str:
    return solution.translate(str.maketrans("19", "91"))


def test_the_corpus_names_its_sources() -> None:
    """44 links: 5 classic and 35 variant ones from dclamage's fixtures, 4 from sigh's collections;
    every source with its repository, path, commit and licence."""
    counts: dict[str, int] = {}
    for p in PUZZLES:
        counts[p["source"]] = counts.get(p["source"], 0) + 1
    assert counts == {"dclamage": 40, "sigh": 4}
    assert set(DOC["sources"]) == {"dclamage", "sigh"}
    for source in DOC["sources"].values():
        assert source["repository"].startswith("https://github.com/")
        assert re.fullmatch(r"[0-9a-f]{40}", source["commit"])
        assert source["path"] and source["licence"]
    assert len({p["link"] for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param(p, id=_id(i, p), marks=[pytest.mark.slow, pytest.mark.sweep] if p["title"] in SLOW else [])
        for i, p in enumerate(PUZZLES)
    ],
)
def test_real_link(entry: dict[str, str]) -> None:
    """The link loads as published (cosmetics are noted, not refused) and its solutions, every one
    of them (the search goes one past the expected count), are exactly the published one; the
    snipe, which has no givens, also has the published grid with 1 and 9 swapped."""
    puzzle = puzzlesat.load(entry["link"])
    expected = int(entry.get("solutions", 1))
    outcome = puzzlesat.solve(puzzle, limit=expected + 1, modulo_symmetry=False)
    assert outcome.complete, outcome.stopped
    found = sorted(_digits(s.values) for s in outcome.solutions)
    published = entry["solution"]
    if expected == 1:
        assert found == [published]
    else:
        assert found == sorted([published, _swap_1_9(published)])


def _saved_links() -> list[str]:
    """Every real link of the fixtures: the f-puzzles ones and the 74 SudokuPad ones."""
    links = [p["link"] for p in PUZZLES]
    for name in ("sudokupad-real.txt", "sudokupad-converted.txt", "sudokupad-kinds.txt"):
        lines = (DATA.parent / name).read_text(encoding="utf-8").splitlines()
        links += [line.split()[-1] for line in lines if line and not line.startswith("#")]
    return links


def test_every_real_link_loads_from_a_file(tmp_path: Path) -> None:
    """Issue 39: a link saved to a file (any name, .toml too, spaces and CRLF around it) loads to
    the very model the pasted link gives, or is refused with the same line, the file named first."""
    from puzzlesat.runtime.errors import PuzzleSatError

    links = _saved_links()
    assert len(links) == 118 and sum("sudokupad.app/" in link for link in links) == 74
    names = ("link.txt", "saved", "puzzle.toml")
    loaded = 0
    for k, link in enumerate(links):
        path = tmp_path / f"{k}-{names[k % 3]}"
        path.write_bytes(f"  {link}\r\n".encode() if k % 2 else f"{link}\n".encode())
        try:
            pasted: object = puzzlesat.load(link)
        except PuzzleSatError as e:
            pasted = f"{path}: {e}"
        try:
            saved: object = puzzlesat.load(str(path))
            loaded += 1
        except PuzzleSatError as e:
            saved = str(e)
        assert saved == pasted, link
    assert loaded == 112  # the 6 others are refused pasted too (test_links_out: drawings it cannot read)
