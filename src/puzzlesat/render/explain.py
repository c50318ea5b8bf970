"""Explanations as people read them (a line a step, in solvers' words) and as the fixed JSON.

The JSON keys are fixed by issue 29 (tests outside the project read them): `explain --json`
{"steps", "complete", "solved", "grade"}, or {"conflict"} without a solution; `hint --json`
{"step"}; `grade --json` {"score", "level", "steps", "hardest"}.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesat.model.document import document
from puzzlesat.reasoning.api import Conflict, Explanation
from puzzlesat.reasoning.facts import Fact, RuleRef, Step
from puzzlesat.runtime.words import plural

NE = "≠"


def fact_json(f: Fact, names: Sequence[str]) -> dict[str, object]:
    return {"cell": names[f.cell], "value": f.value, "kind": f.kind}


def rule_json(r: RuleRef, names: Sequence[str]) -> dict[str, object]:
    """A rule as the board names it and its stable id (docs/json.md)."""
    return {"id": r.id, "name": r.name, "cells": [names[c] for c in r.cells]}


def step_json(s: Step, names: Sequence[str]) -> dict[str, object]:
    doc: dict[str, object] = {
        "deduced": [fact_json(f, names) for f in s.deduced],
        "rules": [rule_json(r, names) for r in s.rules],
        "main": [r.name for r in s.main],
        "facts": [fact_json(f, names) for f in s.facts],
        "cost": s.cost,
        "technique": s.technique,
        "text": step_reason(s, names),
        "why": s.why,
    }
    if s.hypothesis is not None:
        doc["hypothesis"] = fact_json(s.hypothesis, names)
        doc["depth"] = s.depth
    if s.cells or s.digits:
        doc["pattern"] = {"cells": [names[c] for c in s.cells], "digits": list(s.digits)}
        if s.text:
            doc["pattern"]["text"] = s.text  # HoDoKu's whole line
    if s.chain:
        doc["chain"] = [fact_json(f, names) for f in s.chain]
        doc["ends"] = s.ends
    return doc


def conflict_json(c: Conflict, names: Sequence[str]) -> dict[str, object]:
    return {"rules": [rule_json(r, names) for r in c.rules], "facts": [fact_json(f, names) for f in c.facts]}


def marks_json(e: Explanation) -> list[dict[str, list[int]]]:
    """The pencil marks before each step, {cell: candidates} for every cell not yet placed (givens,
    entered values and earlier steps' placements left out), as step_svg draws them: the page shows
    them beside the step's text."""
    names = e.puzzle.cells
    placed = set(e.puzzle.given_map) | {f.cell for f in e.start if f.placed}
    out = []
    for i, step in enumerate(e.steps):
        before = e.after[i - 1] if i else e.before
        out.append({names[c]: sorted(cands) for c, cands in enumerate(before) if c not in placed})
        placed |= {f.cell for f in step.deduced if f.placed}
    return out


def explain_json(e: Explanation) -> dict[str, object]:
    names = e.puzzle.cells
    head = document(e.puzzle)
    if e.conflict is not None:
        return {**head, "conflict": conflict_json(e.conflict, names), "steps": [], "complete": True, "stopped": None,
                "solved": False}  # fmt: skip
    return {
        **head,
        "steps": [{**step_json(s, names), "marks": marks} for s, marks in zip(e.steps, marks_json(e), strict=False)],
        "complete": e.complete,
        "stopped": e.stopped,
        "solved": e.solved,
        "grade": {"score": e.grade.score, "level": e.grade.level, "final": e.complete},
        "solutions": e.solutions,
    }


def hint_json(e: Explanation) -> dict[str, object]:
    if e.conflict is not None:
        conflicting = conflict_json(e.conflict, e.puzzle.cells)
        return {**document(e.puzzle), "conflict": conflicting, "step": None, "stopped": None}
    step = step_json(e.steps[0], e.puzzle.cells) if e.steps else None
    return {**document(e.puzzle), "step": step, "solved": e.solved, "stopped": e.stopped}


def grade_json(e: Explanation) -> dict[str, object]:
    g = e.grade
    names = e.puzzle.cells
    return {
        **document(e.puzzle),
        "score": g.score,
        "level": g.level,
        "steps": g.steps,
        "hardest": None if g.hardest is None else step_json(g.hardest, names),
        "total": g.total,
        "solved": e.solved,
        "complete": e.complete,
        "stopped": e.stopped,
    }


# --- text ------------------------------------------------------------------------------------


def say_deduced(facts: Sequence[Fact], names: Sequence[str]) -> str:
    """`r5c6 = 3`, `r1c2 ≠ 6, 7` (a cell's removals together), in the order deduced."""
    parts: list[str] = []
    removed: dict[int, list[int]] = {}
    order: list[int] = []
    for f in facts:
        if f.placed:
            parts.append(f"{names[f.cell]} = {f.value}")
        else:
            if f.cell not in removed:
                order.append(f.cell)
            removed.setdefault(f.cell, []).append(f.value)
    parts += [f"{names[c]} {NE} {', '.join(map(str, sorted(removed[c])))}" for c in order]
    return "; ".join(parts)


PLURALS = {"row": "rows", "column": "columns", "box": "boxes"}


def _rules(refs: Sequence[RuleRef]) -> str:
    """`rows 1, 2, columns 3, 7, box 5, cage 15 at r1c1 (3 cells)`: a grid's houses gathered by
    kind; `;` between the rules when a name holds a comma (`row 6; arrow r5c3 (circle) → r6c2, r6c1`)."""
    houses: dict[str, list[str]] = {}
    others: list[str] = []
    for r in refs:
        word, _, number = r.name.partition(" ")
        if word in PLURALS and number.isdigit():
            houses.setdefault(word, []).append(number)
        else:
            others.append(r.name)
    parts = [
        f"{PLURALS[w] if len(ns) > 1 else w} {', '.join(ns)}" for w in PLURALS if (ns := houses.get(w))
    ]
    return ("; " if any("," in name for name in others) else ", ").join([*parts, *others])


def _cells(cells: Sequence[int], names: Sequence[str]) -> str:
    return ",".join(names[c] for c in cells)


def _digits(digits: Sequence[int]) -> str:
    return ",".join(map(str, digits))


def _shape(s: Step, names: Sequence[str]) -> str | None:
    """A named shape in HoDoKu's manner: the cells and digits that form it, in its houses."""
    t, houses = s.technique, [r.name for r in s.main]
    if s.text:  # HoDoKu's line without its tail, which the step's deductions already say
        return s.text.split(" => ")[0]
    if t.split()[-1] in ("pair", "triple", "quad") and s.cells:
        return f"{t} {_digits(s.digits)} in {_cells(s.cells, names)} ({houses[0]})"
    if t == "pointing" and s.digits:
        return f"pointing: {s.digits[0]} in {houses[0]} only on {houses[1]}"
    if t == "claiming" and s.digits:
        return f"claiming: {s.digits[0]} in {houses[0]} only in {houses[1]}"
    if t in ("X-wing", "swordfish", "jellyfish") and s.digits:
        k = len(houses) // 2
        return f"{t} on {s.digits[0]}: {_rules(s.main[:k])} and {_rules(s.main[k:])}"
    return None


def step_reason(s: Step, names: Sequence[str]) -> str:
    """Why, in a few words: the technique, what forms it and the rules it reads."""
    main = _rules(s.main)
    t = s.technique
    shape = _shape(s, names)
    if shape is not None:
        return shape
    if t == "hidden single":
        f = next(f for f in s.deduced if f.placed)
        return f"the only place for {f.value} in {main} (hidden single)"
    if t == "naked single":
        f = s.deduced[0]
        return f"the only value left in {names[f.cell]} (naked single)"
    if s.hypothesis is not None and s.chain:
        h = s.hypothesis
        chain = " → ".join(f"{names[f.cell]}={f.value}" for f in s.chain)
        return f"if {names[h.cell]} = {h.value}: {chain} → {s.ends} ({main}; {t}, depth {s.depth})"
    if s.hypothesis is not None:
        h = s.hypothesis
        how = "propagation" if s.depth == 1 else "search"
        return f"if {names[h.cell]} = {h.value}, {_rules(s.main)} cannot all hold by {how} ({t}, depth {s.depth})"
    if t == "single rule":
        return f"from {main} alone"
    if t == "combination":
        return f"every combination {main} allows"
    if t == "rules together":
        return f"from {main} together"
    return f"{t} in {main}" if len(s.main) == 1 else f"{t}: {main}"


def why_lines(s: Step, indent: str) -> list[str]:
    """What the step's sum or line rules used, a line a rule under the step (`reasoning.why`)."""
    return [f"{indent}{line}" for line in s.why.splitlines()]


def step_line(i: int, s: Step, names: Sequence[str]) -> str:
    head = f"{i:>3}. {say_deduced(s.deduced, names)}: {step_reason(s, names)}  [{s.cost:g}]"
    return "\n".join([head, *why_lines(s, "     ")])


def conflict_text(e: Explanation) -> str:
    c = e.conflict
    assert c is not None
    names = e.puzzle.cells
    rules = [f"  {r.name}: {' '.join(names[x] for x in r.cells)}" for r in c.rules]
    facts = [f"  {say_deduced(c.facts, names)}"] if c.facts else []
    parts = []
    if c.rules:
        parts.append(plural(len(c.rules), "rule"))
    if c.facts:
        parts.append(plural(len(c.facts), "given" if all(f.placed for f in c.facts) else "fact"))
    head = f"{e.puzzle.name}: no solution. A smallest set that cannot hold together ({', '.join(parts)}):"
    return "\n".join([head, *rules, *facts])


def explain_text(e: Explanation, boards: bool = False) -> str:
    if e.conflict is not None:
        return conflict_text(e)
    names = e.puzzle.cells
    lines = []
    for i, s in enumerate(e.steps, 1):
        lines.append(step_line(i, s, names))
        if boards and i <= len(e.after):
            lines += ["", board_text(e, e.after[i - 1]), ""]
    lines.append(summary_text(e))
    return "\n".join(lines)


def summary_text(e: Explanation) -> str:
    g = e.grade
    head = f"{plural(len(e.steps), 'step')}"
    if e.solved:
        state = "solved"
    elif e.stopped:
        state = "stopped before the end (--timeout or a signal)"
    elif not e.complete:
        state = "more steps follow (--max-steps)"
    else:
        more = f"at least {e.solutions}" if e.solutions > 2 else str(e.solutions)
        state = f"nothing more follows: {more} solutions remain"
    hardest = "" if g.hardest is None else f", hardest: {g.hardest.technique}"
    grade = "Grade" if e.complete else "Grade so far"  # a prefix's grade is not the puzzle's
    return f"{head}, {state}. {grade}: {g.level} (score {g.score:g}{hardest})."


def board_text(e: Explanation, cands: Sequence[frozenset[int]]) -> str:
    p = e.puzzle
    if p.grid is None:
        return "\n".join(f"{n}: {' '.join(map(str, sorted(c)))}" for n, c in zip(p.cells, cands, strict=True))
    from puzzlesat.render.text.pencil import pencil_marks

    symbol = p.grid.symbol
    return pencil_marks(p.grid, p.values, {i: {v: symbol(v) for v in c} for i, c in enumerate(cands)})


def hint_text(e: Explanation) -> str:
    if e.conflict is not None:
        return conflict_text(e)
    if not e.steps:
        if e.solved:
            return "solved: nothing left to deduce"
        if e.stopped:
            return "stopped before a step was found (--timeout or a signal)"
        more = f"at least {e.solutions}" if e.solutions > 2 else str(e.solutions)
        return f"no step follows: {more} solutions remain"
    s = e.steps[0]
    head = f"{say_deduced(s.deduced, e.puzzle.cells)}: {step_reason(s, e.puzzle.cells)}  [{s.cost:g}]"
    return "\n".join([head, *why_lines(s, "  ")])


def grade_text(e: Explanation) -> str:
    g = e.grade
    if g.hardest is None:
        return f"{e.puzzle.name}: nothing to deduce"
    names = e.puzzle.cells
    state = "" if e.solved else (" (stopped early)" if e.stopped else " (not solved: the puzzle is not unique)")
    return (
        f"{e.puzzle.name}: {g.level}, score {g.score:g}{state}\n"
        f"{plural(g.steps, 'step')}, total cost {g.total:g}; hardest: "
        f"{say_deduced(g.hardest.deduced, names)}: {step_reason(g.hardest, names)}"
    )


def step_svg(e: Explanation, i: int) -> str:
    """Step i (from 1): the board before it, the values placed so far (givens, entered values,
    earlier steps' placements) and every other cell's pencil marks, a lone candidate too (the
    step may be the one that places it); its main rules' cells shaded blue, the other cited
    rules' lighter, the deduced cells green, a case split's hypothesis orange."""
    from puzzlesat.render.svg import board_svg

    s = e.steps[i - 1]
    before = e.after[i - 2] if i > 1 else e.before
    p = e.puzzle
    placed = dict(p.given_map)
    placed.update((f.cell, f.value) for f in e.start if f.placed)
    placed.update((f.cell, f.value) for step in e.steps[: i - 1] for f in step.deduced if f.placed)
    shown: list[int | None] = [placed.get(c) for c in range(p.size)]
    marks = {c: cands for c, cands in enumerate(before) if c not in placed}
    marked: dict[int, str] = {}
    for r in s.rules:
        for c in r.cells:
            marked.setdefault(c, "#e8eef8")
    for r in s.main:
        for c in r.cells:
            marked[c] = "#c9daf5"
    for f in s.deduced:
        marked[f.cell] = "#c8ecc8"
    if s.hypothesis is not None:
        marked[s.hypothesis.cell] = "#f8d8b0"
    return board_svg(p, shown, None, marked, marks=marks)


def check_svg_dir(path: str) -> None:
    """--svg DIR: a folder that exists or can be made, checked before the search starts."""
    import os

    from puzzlesat.runtime.errors import UsageError

    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"--svg {path}: not a folder")


def write_step_svgs(e: Explanation, folder: str) -> list[str]:
    """step-001.svg, ... one a step, each written atomically."""
    import os

    from puzzlesat.runtime.atomic import write_atomic

    os.makedirs(folder, exist_ok=True)
    width = max(3, len(str(len(e.steps))))
    out = []
    for i in range(1, len(e.steps) + 1):
        path = os.path.join(folder, f"step-{i:0{width}d}.svg")
        write_atomic(path, step_svg(e, i))
        out.append(path)
    return out


def write_hint_svg(e: Explanation, path: str) -> bool:
    """`hint --svg FILE`: the hint's step as `explain --svg` draws it, written atomically; False
    (nothing written) when there is no step to draw."""
    from puzzlesat.runtime.atomic import write_atomic

    if not e.steps:
        return False
    write_atomic(path, step_svg(e, 1))
    return True
