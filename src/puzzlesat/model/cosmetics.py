"""What a puzzle draws but does not check: f-puzzles' cosmetic lines, circles, rectangles, text,
cages and cell colours, kept on the `Puzzle` (`Puzzle.cosmetics`) so that a board can draw them.

f-puzzles' own solver ignores them, and so does puzzlesat: the rule one stands for is only in the
rules text. The CLI says in one stderr line what was ignored (`note`), and `--strict` refuses a
puzzle that has any (`refusal`, in the words the importer used before cosmetics were read).
"""

from __future__ import annotations

from puzzlesat.runtime.records import dataclass

# Each kind: its f-puzzles key (as the refusal names it) and its plural (as the note counts it).
KINDS = {
    "line": ('"line"', "lines"),
    "circle": ('"circle"', "circles"),
    "rectangle": ('"rectangle"', "rectangles"),
    "text": ('"text"', "text"),
    "cage": ('"cage"', "cages"),
    "colour": ('"c" (cell colours)', "cell colours"),
}
WHY = " (f-puzzles draws cosmetics without checking them: the rule one stands for is only in the rules text)"


@dataclass(frozen=True)
class Cosmetic:
    """One drawn thing: its kind (`KINDS`), the cells it covers or the lines it runs along (cell
    names), its text (a circle's or a cage's value too) and its colour, as the source gave them."""

    kind: str
    cells: tuple[str, ...] = ()
    lines: tuple[tuple[str, ...], ...] = ()
    text: str = ""
    colour: str = ""
    outside: bool = False  # a cell of it lies outside the grid: noted, never drawn


def _counts(cosmetics: tuple[Cosmetic, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cosmetics:
        out[c.kind] = out.get(c.kind, 0) + 1
    return {k: out[k] for k in KINDS if k in out}


def note(cosmetics: tuple[Cosmetic, ...]) -> str | None:
    """`ignored cosmetic lines (3), text (2, 1 outside the grid): f-puzzles draws them without
    checking them`, or None."""
    counts = _counts(cosmetics)
    if not counts:
        return None
    outside = _counts(tuple(c for c in cosmetics if c.outside))
    listed = ", ".join(
        f"{KINDS[k][1]} ({n}{f', {outside[k]} outside the grid' if k in outside else ''})" for k, n in counts.items()
    )
    return f"ignored cosmetic {listed}: f-puzzles draws them without checking them"


def refusal(cosmetics: tuple[Cosmetic, ...]) -> str:
    """`--strict`'s one line: the importer's refusal of the kinds the puzzle has."""
    names = [KINDS[k][0] for k in _counts(cosmetics)]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"the puzzle uses {listed}, which puzzlesat does not support yet{WHY}"
