"""The setter's answers drawn: check, candidates, clues and generate as text and as JSON documents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.render.report import solution_json, summary_text
from puzzlesat.render.text.draw import draw
from puzzlesat.render.text.pencil import pencil_marks
from puzzlesat.runtime.errors import Status
from puzzlesat.runtime.words import number
from puzzlesat.setter.candidates import Candidates
from puzzlesat.setter.check import Checked
from puzzlesat.setter.clues import Clues, Givens
from puzzlesat.setter.generate import Generated

MARK = "*"



def check_json(checked: Checked) -> dict[str, Any]:
    """`{"status", "solutions", ...}`: the fixed keys first, then what the verdict rests on."""
    from puzzlesat import __version__

    o, p = checked.outcome, checked.puzzle
    return {
        "version": __version__,
        "status": checked.status,
        "solutions": [solution_json(s, p) for s in o.solutions[:2]],
        "complete": checked.complete,
        "stopped": o.stopped if o.stopped != Status.LIMIT else None,
        "puzzle": p.name,
        "modulo_symmetry": o.modulo_symmetry,
        "group_order": o.group_order,
        "differ": [p.cells[i] for i in checked.differ],
        "seconds": round(o.seconds, 4),
    }



def _symbols(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    return [puzzle.grid.symbol(v) if puzzle.grid is not None else str(v) for v in values]



def side_by_side(left: str, right: str, gap: int = 4) -> str:
    """Two drawings next to each other, the left one padded to its widest line."""
    a, b = left.splitlines(), right.splitlines()
    width = max((len(line) for line in a), default=0)
    rows = max(len(a), len(b))
    a += [""] * (rows - len(a))
    b += [""] * (rows - len(b))
    return "\n".join((x.ljust(width) + " " * gap + y).rstrip() for x, y in zip(a, b, strict=True))



def pair_text(puzzle: Puzzle, first: Sequence[int], second: Sequence[int], differ: Sequence[int]) -> str:
    """Two solutions side by side: grid boards with the differing cells marked `*`; a laid-out board
    without marks plus a list of the differing cells; otherwise a list of every cell."""
    one, two = _symbols(puzzle, first), _symbols(puzzle, second)
    if puzzle.grid is not None and puzzle.layout is None:
        marked = set(differ)
        boards = [
            draw(puzzle, [t + MARK if i in marked else t for i, t in enumerate(texts)], notes=False)
            for texts in (one, two)
        ]
        return side_by_side(*boards) + f"\n({MARK}: the {number(len(differ))} cells where the two differ)"
    width = max(len(n) for n in puzzle.cells)
    if puzzle.layout is not None:
        rows = [f"  {puzzle.cells[i]:<{width}}  {one[i]:>3} {two[i]:>3}" for i in differ]
        return (
            side_by_side(draw(puzzle, one), draw(puzzle, two))
            + f"\ndiffering cells ({number(len(differ))}):\n"
            + "\n".join(rows)
        )
    marked = set(differ)
    rows = [
        f"  {name:<{width}}  {one[i]:>3} {two[i]:>3}" + (f"  {MARK}" if i in marked else "")
        for i, name in enumerate(puzzle.cells)
    ]
    return "\n".join(rows) + f"\n({MARK}: the {number(len(differ))} cells where the two differ)"



def check_text(checked: Checked) -> str:
    """The verdict in one line, after the solution (unique) or the two solutions (multiple)."""
    o, p = checked.outcome, checked.puzzle
    grouped = o.modulo_symmetry and o.group_order > 1
    scope = f" up to symmetry (group of order {number(o.group_order)})" if grouped else ""
    status = checked.status
    if status == Status.MULTIPLE:
        a, b = o.solutions[:2]
        body = pair_text(p, a.values, b.values, checked.differ)
        return f"{body}\n\nmultiple: more than one solution{scope}, {o.seconds:.2f} s"
    if status == Status.UNIQUE:
        board = draw(p, _symbols(p, o.solutions[0].values))
        return f"{board}\n\nunique: exactly one solution{scope}, {o.seconds:.2f} s"
    if status == Status.NO_SOLUTION:
        return f"none: the puzzle has no solution, {o.seconds:.2f} s"
    return f"unknown: {summary_text(o)}"



def candidates_json(c: Candidates) -> dict[str, Any]:
    """`{"candidates": {cell: [values]}, "calls": K, "complete": ...}`, cells in puzzle order."""
    from puzzlesat import __version__

    names = c.puzzle.cells
    return {
        "version": __version__,
        "candidates": {names[i]: sorted(v) for i, v in enumerate(c.found)},
        "calls": c.calls,
        "complete": c.complete,
        "stopped": c.stopped,
        "unknown": {names[i]: sorted(v) for i, v in enumerate(c.unknown) if v},
        "puzzle": c.puzzle.name,
        "solutions_seen": c.solutions,
        "seconds": round(c.seconds, 4),
        **({} if c.counts is None else {"counts": {names[i]: {str(v): n for v, n in sorted(m.items())}
                                                   for i, m in enumerate(c.counts)}}),  # fmt: skip
        # --counts that did not finish: no "counts", and this key says why (as "stopped" does for the run)
        **({"counts_stopped": c.counts_stopped} if c.counts_asked and c.counts is None else {}),
    }



def counts_table(c: Candidates) -> str:
    """One line per cell with more than one candidate: each candidate and its number of solutions
    ("r1c2: 1 x 3, 4 x 9"), then the total; decided cells hold every solution and are left out."""
    p = c.puzzle
    counts = c.counts or []
    total = sum(counts[0].values()) if counts else 0
    width = max(len(n) for n in p.cells)
    rows = [
        f"{p.cells[i]:>{width}}: " + ", ".join(f"{v} x {number(n)}" for v, n in sorted(m.items()) if n)
        for i, m in enumerate(counts)
        if sum(1 for n in m.values() if n) > 1
    ]
    head = f"solutions per candidate ({number(total)} solutions; cells with one candidate left out):"
    return "\n".join([head, *rows])


def candidates_text(c: Candidates) -> str:
    """Pencil marks on a grid (`?`: not decided yet), a line per cell otherwise; then a summary."""
    p = c.puzzle
    if p.grid is not None and p.layout is None:
        symbol = p.grid.symbol
        marks = {i: {**dict.fromkeys(c.unknown[i], "?"), **{v: symbol(v) for v in c.found[i]}} for i in range(p.size)}
        body = pencil_marks(p.grid, p.values, marks)
    else:
        width = max(len(n) for n in p.cells)
        rows = []
        for i, name in enumerate(p.cells):
            line = " ".join(str(v) for v in sorted(c.found[i])) or "-"
            if c.unknown[i]:
                line += "  (unknown: " + " ".join(str(v) for v in sorted(c.unknown[i])) + ")"
            rows.append(f"{name:>{width}}: {line}")
        body = "\n".join(rows)
    total = sum(len(f) for f in c.found)
    unknown = sum(map(len, c.unknown))
    if c.complete:
        state = "complete"
    elif c.counts_stopped is not None and not unknown:
        state = f"complete; the counts INCOMPLETE: stopped by {c.counts_stopped}"
    else:
        state = f"INCOMPLETE: stopped by {c.stopped}, {number(unknown)} pairs unknown"
    if c.counts is not None:
        body += "\n\n" + counts_table(c)
    solved = sum(1 for f in c.found if len(f) == 1)
    return (
        f"{body}\n\n{number(total)} candidates in {number(p.size)} cells ({number(solved)} decided), "
        f"{number(c.calls)} solver calls, "
        f"{state}, {c.seconds:.2f} s"
    )



def clues_json(c: Clues) -> dict[str, Any]:
    """`{"redundant": [cell names], "minimal": {cell: value}, ...}`."""
    from puzzlesat import __version__

    names = c.puzzle.cells
    return {
        "version": __version__,
        "redundant": [names[i] for i in c.redundant],
        "minimal": {names[i]: v for i, v in c.minimal},
        "complete": c.complete,
        "stopped": c.stopped,
        "puzzle": c.puzzle.name,
        "givens": len(c.puzzle.givens),
        "calls": c.calls,
        "seconds": round(c.seconds, 4),
    }



def givens_board(puzzle: Puzzle, givens: Givens) -> str:
    """The board with only these givens filled in ('.' elsewhere)."""
    shown = dict(givens)
    symbol = puzzle.grid.symbol if puzzle.grid is not None else str
    return draw(puzzle, [symbol(shown[i]) if i in shown else "." for i in range(puzzle.size)], notes=False)



def clues_text(c: Clues) -> str:
    p = c.puzzle
    names = " ".join(p.cells[i] for i in c.redundant) or "none"
    state = "complete" if c.complete else f"INCOMPLETE: stopped by {c.stopped} (the set is unique, maybe not minimal)"
    return (
        f"redundant givens ({number(len(c.redundant))} of {number(len(p.givens))}, each removable alone): "
        f"{names}\n\n"
        f"a minimal set of {number(len(c.minimal))} givens (none removable):\n{givens_board(p, c.minimal)}\n\n"
        f"{number(c.calls)} solver calls, {state}, {c.seconds:.2f} s"
    )



def generated_json(g: Generated, toml: str, written: str | None) -> dict[str, Any]:
    from puzzlesat import __version__
    from puzzlesat.model.document import params_json

    p = g.puzzle
    return {
        "version": __version__,
        "kind": g.kind,
        "seed": g.seed,
        "params": params_json(p.params),
        "givens": {p.cells[c]: v for c, v in p.givens},
        "rules": len(p.rules),
        "solution": list(g.solution),
        "unique": True,
        "minimal": g.minimal,
        **({} if g.grade is None else {"grade": {"score": g.grade[0], "level": g.grade[1]}}),
        "written": written,
        "toml": toml,
        "seconds": round(g.seconds, 4),
    }



def generated_text(g: Generated) -> str:
    p = g.puzzle
    symbol = p.grid.symbol if p.grid is not None else str
    shown = p.given_map
    board = draw(p, [symbol(shown[i]) if i in shown else "." for i in range(p.size)])
    rules = f", {number(len(p.rules))} cages" if p.rules else ""
    made = "unique and minimal" if g.minimal else "unique"
    graded = "" if g.grade is None else f"; grade {g.grade[1]} (score {g.grade[0]:g})"
    return f"{board}\n\n{p.title}\n{number(len(p.givens))} givens{rules}; {made}{graded}; {g.seconds:.2f} s"
