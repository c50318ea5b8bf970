"""Rendering of a count: one JSON document with fixed keys, or a few lines of text."""

from __future__ import annotations

from math import factorial
from typing import Any

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.words import number
from puzzlesat.search.counting import CountOutcome
from puzzlesat.symmetry.orbits import BY_CLASSES


def count_json(puzzle: Puzzle, outcome: CountOutcome) -> dict[str, Any]:
    """The `count --json` document: `count`, `orbits`, `method` first; key order fixed."""
    from puzzlesat.model.document import document

    stats = dict(outcome.stats)
    head = document(puzzle)
    return {
        "version": head["version"],
        "count": outcome.count,
        "orbits": outcome.orbits,
        "method": outcome.method,
        "approximate": outcome.approximate,
        "tolerance": outcome.tolerance,
        "confidence": outcome.confidence,
        "complete": outcome.complete,
        "count_complete": outcome.count_complete,
        "stopped": outcome.stopped,
        "puzzle": head["puzzle"],
        "params": head["params"],
        "backend": outcome.plan.backend if outcome.plan else None,
        "encoding": outcome.plan.encoding if outcome.plan else None,
        "plan": _plan(outcome),
        "symmetry": outcome.symmetry,
        "group_order": outcome.group_order,
        "conjugacy_classes": outcome.classes,
        "relabelling": outcome.relabelling,
        "reduced": outcome.reduced,
        "seconds": round(outcome.seconds, 4),
        "stats": stats,
    }


def _plan(outcome: CountOutcome) -> dict[str, Any] | None:
    """The count as planned before it ran: the method asked for, auto's fallback and its share of
    the timeout, and whether the fallback was taken."""
    if outcome.counting is None:
        return None
    return {**outcome.counting.as_json(), "fallback_taken": outcome.fallback is not None}


def _n_factorial(m: int) -> str:
    n = next(k for k in range(1, 100) if factorial(k) == m)
    return f"{n}!"


def count_text(outcome: CountOutcome) -> str:
    """Two or three lines: the count, the classes, how it was found."""
    noun = "solution" if outcome.count == 1 else "solutions"
    first = f"{number(outcome.count)} {noun}"
    first = first if outcome.count_complete else f"at least {first}"
    if outcome.approximate:
        first = f"about {first}"
    reduced = outcome.reduced
    if reduced is not None and reduced["factor"] > outcome.relabelling:  # the first column pinned too
        base = outcome.count // reduced["factor"]
        n, rows = _n_factorial(outcome.relabelling), _n_factorial(reduced["factor"] // outcome.relabelling)
        first += f" ({number(base)} with the first row and column in order, x {n} relabellings x {rows} row orders)"
    elif outcome.relabelling > 1:
        base = outcome.count // outcome.relabelling
        n = _n_factorial(outcome.relabelling)
        first += f" ({number(base)} with one all-different group in order, x {n} relabellings)"
    if outcome.approximate:
        first += f"; within a factor {1 + outcome.tolerance:g} either way, confidence {outcome.confidence:g}"
    lines = [first if outcome.count_complete else f"{first}; the count did not finish"]
    note = outcome.stats.get("orbits_note")
    order = number(outcome.group_order)
    noun = "class" if outcome.orbits == 1 else "classes"
    if outcome.group_order == 1:
        pass
    elif outcome.orbits is not None and outcome.stats.get("orbits_by") == BY_CLASSES:
        breaking = outcome.stats.get("symmetry_breaking")
        lines.append(
            f"{number(outcome.orbits)} {noun} modulo symmetry (group of order {order}; "
            f"each class listed once ({breaking}), its orbit size added)"
        )
    elif note:
        lines.append(f"modulo symmetry (group of order {order}): not counted, {note}")
    elif outcome.orbits is None:
        lines.append(f"modulo symmetry (group of order {order}): not known, the count did not finish")
    else:
        lines.append(
            f"{number(outcome.orbits)} {noun} modulo symmetry (group of order {order}; "
            f"Burnside over {number(outcome.classes)} conjugacy classes)"
        )
    how = {
        "enumerate": "by enumeration",
        "sharpsat": "by ganak (exact model counting)",
        "approx": f"by ApproxMC (approximate model counting, seed {outcome.stats.get('seed')})",
    }[outcome.method]
    workers = outcome.stats.get("workers", 1)
    if outcome.method == "enumerate" and isinstance(workers, int) and workers > 1:
        how += f" on {workers} workers ({number(outcome.stats.get('cubes', 0))} cubes)"
    state = "complete" if outcome.complete else f"stopped ({outcome.stopped})"
    lines.append(f"{how}, {state}, {outcome.seconds:.2f} s")
    return "\n".join(lines)
