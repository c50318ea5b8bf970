"""Likely mistakes in a valid puzzle: warnings, not errors (the puzzle still loads and solves).

Each check finds what is almost surely a slip in writing the puzzle, where a solver would only
answer "no solution":

- two cages of a grid that share a cell: a killer's or a KenKen's cages do not overlap (a
  kakuro's across and down runs cross: in a grid without Latin rows and columns, a row run
  meeting a column run is fine; sums, arrows and a magic figure's lines share cells by design
  and are not cages, so they are never checked);
- a constraint that cannot hold whatever values its cells take, givens placed (a cage or a sum
  out of reach, a clue contradicted by the givens);
- a group that must all differ with more cells than values (3x3 boxes in a 6x6 grid).

`Puzzle.warnings` is this list, so the API, `show --json` and the CLI's stderr lines read one source.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from puzzlesat.model.core import AllDifferent, Constraint, Linear, Table
from puzzlesat.runtime.words import number, plural

if TYPE_CHECKING:
    from puzzlesat.model.grid import Grid


class Puzzle(Protocol):
    """What the checks read of a puzzle (`puzzlesat.model.model.Puzzle` fits). A protocol, not the model's
    class: the model's `warnings` calls these checks."""

    cells: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]
    rules: tuple[Any, ...]
    grid: Grid | None

    @property
    def given_map(self) -> dict[int, int]: ...

    @property
    def lowered(self) -> tuple[tuple[str, Constraint], ...]: ...

    @property
    def display(self) -> dict[str, str]: ...

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

# The most warnings of one kind listed; the rest are counted in the last one.
MAX_EACH = 5


def lint(p: Puzzle) -> tuple[str, ...]:
    """Every warning about `p`, in a fixed order: overlapping cages, out of reach, too few values."""
    return (*_overlapping_cages(p), *_out_of_reach(p), *_too_few_values(p))


def _capped(found: list[str], what: str) -> list[str]:
    if len(found) <= MAX_EACH:
        return found
    return [*found[:MAX_EACH], f"... and {number(len(found) - MAX_EACH)} more {what}"]


def _line(p: Puzzle, cells: Sequence[int]) -> str | None:
    """"row" or "column" for a run of two or more cells along one line of the grid, else None."""
    if p.grid is None or len(cells) < 2:
        return None
    rows = {p.grid.positions[c][0] for c in cells}
    columns = {p.grid.positions[c][1] for c in cells}
    return "row" if len(rows) == 1 else "column" if len(columns) == 1 else None


def _overlapping_cages(p: Puzzle) -> list[str]:
    if p.grid is None:
        return []
    cages = [rule for rule in p.rules if rule.key == "cage"]
    holders: dict[int, list[int]] = {}
    for k, cage in enumerate(cages, 1):
        for c in cage.cells:  # type: ignore[attr-defined]
            holders.setdefault(c, []).append(k)
    shared: dict[tuple[int, int], list[int]] = {}
    for c, ks in sorted(holders.items()):
        for i, a in enumerate(ks):
            for b in ks[i + 1 :]:
                shared.setdefault((a, b), []).append(c)
    found = []
    for (a, b), cells in sorted(shared.items()):
        runs = {_line(p, cages[a - 1].cells), _line(p, cages[b - 1].cells)}  # type: ignore[attr-defined]
        if runs == {"row", "column"} and not p.grid.latin:  # kakuro: an across run crosses a down run
            continue
        names = ", ".join(p.cells[c] for c in cells)
        found.append(
            f"{p.display[f'cage #{a}']} and {p.display[f'cage #{b}']} share "
            f"{'cell' if len(cells) == 1 else 'cells'} {names}; "
            "a killer's or KenKen's cages do not overlap"
        )
    return _capped(found, "overlapping cages")


def _can_hold(con: Constraint, doms: Sequence[Sequence[int]]) -> bool:
    """Whether some values of the cells' (narrowed) domains satisfy one constraint on its own."""
    if isinstance(con, Linear):
        if isinstance(con.rhs, str):  # an unknown takes whatever the sum reaches
            return True
        lo, hi = con.bounds(doms)
        return {
            "=": lo <= con.rhs <= hi,
            "!=": not lo == hi == con.rhs,
            "<": lo < con.rhs,
            "<=": lo <= con.rhs,
            ">": hi > con.rhs,
            ">=": hi >= con.rhs,
        }[con.op]
    if isinstance(con, Table) and con.allowed:
        sets = [set(doms[c]) for c in con.cells]
        return any(all(v in s for v, s in zip(t, sets, strict=True)) for t in con.tuples)
    return True  # all-different: a clash of givens is an error; too few values is its own check


def _rule_texts(p: Puzzle) -> dict[str, str]:
    """Each rule's id (`cage #2`, as `Puzzle.lowered` labels it) and its words."""
    return {rid: rule.describe(p.cells) for rid, rule in zip(p.rule_ids, p.rules, strict=True)}


def _out_of_reach(p: Puzzle) -> list[str]:
    given = p.given_map
    doms = [(given[c],) if c in given else d for c, d in enumerate(p.domains)]
    texts = _rule_texts(p)
    found, seen = [], set()
    for origin, con in p.lowered:
        if origin in seen or _can_hold(con, doms):
            continue
        seen.add(origin)
        pinned = [f"{p.cells[c]} = {given[c]}" for c in con.cells if c in given]
        why = f"with the givens {', '.join(pinned)}" if pinned else "whatever values its cells take"
        words = texts.get(origin) or con.describe(p.cells)
        found.append(f"{p.display.get(origin, origin)} ({words}) cannot hold {why}")
    return _capped(found, "constraints that cannot hold")


def _too_few_values(p: Puzzle) -> list[str]:
    by_kind: dict[str, list[str]] = {}
    for origin, con in p.lowered:
        if not isinstance(con, AllDifferent):
            continue
        values = sorted({v for c in con.cells for v in p.domains[c]})
        if len(con.cells) > len(values):
            kind = origin.rstrip("0123456789#").strip()
            by_kind.setdefault(kind, []).append(
                f"{p.display.get(origin, origin)}: {number(len(con.cells))} cells must all differ but have only "
                f"{plural(len(values), 'value')} between them"
            )
    found = []
    for kind, messages in by_kind.items():
        more = f" (and {number(len(messages) - 1)} more like it)" if len(messages) > 1 else ""
        reading = p.grid.box_reading if kind == "box" and p.grid is not None else ""
        found.append(messages[0] + more + (f" ({reading})" if reading else ""))
    return found
