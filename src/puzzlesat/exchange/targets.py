"""What `convert --to` writes, by name: each target renders a puzzle and reads its own text back.

`convert` checks every text by reading it back before it is written (`same_puzzle`), so a link
or file it prints always loads to the puzzle it was made from. A puzzle a target cannot state is
one UsageError naming why (`puzzlesat.formats.fpuzzles.write.refuse`).

- toml: puzzlesat's own file (`puzzlesat.formats.toml.files.dump_toml`), read back equal field for field;
- fpuzzles: an f-puzzles link, `https://www.f-puzzles.com/?load=<lz-string data>`;
- sudokupad: the same data as a SudokuPad link, `https://sudokupad.app/fpuzzles<data>`, which
  SudokuPad converts itself (docs/decisions/formats.md, "Formats in and out");
- sdk: SadMan's .sdk file, for a plain 9x9 sudoku with givens only.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlesat.formats.fpuzzles.write import F_PUZZLES, document, pack, refuse
from puzzlesat.formats.same import same_puzzle
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass

__all__ = ["TARGETS", "Target", "same_puzzle", "target"]

SUDOKUPAD = "https://sudokupad.app/fpuzzles"


@dataclass(frozen=True)
class Target:
    """One format `convert` writes: `write` renders (or refuses), `read` loads the text back."""

    name: str
    summary: str
    write: Callable[[Puzzle], str]
    read: Callable[[str], Puzzle]
    key: str  # the key holding the text in `convert --json` when nothing is written to a file


def _toml(p: Puzzle) -> str:
    from puzzlesat.formats.toml.files import dump_toml

    return dump_toml(p)


def _read_toml(text: str) -> Puzzle:
    from puzzlesat.formats.toml.files import load_text

    return load_text(text, "<converted>")


def _fpuzzles(p: Puzzle) -> str:
    return F_PUZZLES + pack(document(p)) + "\n"


def _sudokupad(p: Puzzle) -> str:
    return SUDOKUPAD + pack(document(p, "a SudokuPad link (f-puzzles data)")) + "\n"


def _read_link(text: str) -> Puzzle:
    from puzzlesat.catalog.load import load

    return load(text.strip())


def _sdk(p: Puzzle) -> str:
    g = p.grid
    plain = (
        g is not None
        and (g.rows, g.columns, g.box_shape) == (9, 9, (3, 3))
        and not (g.diagonals or g.windows or g.anti_knight or g.anti_king or g.non_consecutive or g.blocked)
        and not (p.rules or p.distinct or p.unknowns)
        and all(d == tuple(range(1, 10)) for d in p.domains)
    )
    if not plain:
        raise refuse(p, "a .sdk file holds a plain 9x9 sudoku with givens, and this puzzle has more rules", "sdk")
    given = p.given_map
    rows = ["".join(str(given.get(r * 9 + c, ".")) for c in range(9)) for r in range(9)]
    return "\n".join([f"#D {p.title}", *rows]) + "\n"


def _read_sdk(text: str) -> Puzzle:
    from puzzlesat.formats.sadman.files import _sdk as read

    return read(text, "<converted>")


TARGETS: dict[str, Target] = {
    t.name: t
    for t in (
        Target("toml", "puzzlesat's TOML puzzle file", _toml, _read_toml, "toml"),
        Target("fpuzzles", "an f-puzzles link", _fpuzzles, _read_link, "link"),
        Target("sudokupad", "a SudokuPad link (f-puzzles data)", _sudokupad, _read_link, "link"),
        Target("sdk", "a SadMan .sdk file (a plain 9x9 sudoku)", _sdk, _read_sdk, "sdk"),
    )
}


def target(name: str) -> Target:
    if name not in TARGETS:
        raise UsageError(f"--to: unknown format {name!r}; the formats are {', '.join(TARGETS)}")
    return TARGETS[name]
