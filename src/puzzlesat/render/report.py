"""Rendering of outcomes: boards as the seeds draw them, one JSON document for scripts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzlesat.model.document import document, params_json  # noqa: F401 (the renderers' shared head, re-exported)
from puzzlesat.model.model import Puzzle
from puzzlesat.render.text.draw import draw
from puzzlesat.runtime.errors import PuzzleSatError, Status
from puzzlesat.runtime.words import number, plural
from puzzlesat.solvers.enumerate import Outcome, Solution
from puzzlesat.solvers.plan import Plan

if TYPE_CHECKING:
    from puzzlesat.formats.sadman.instances import Instance
    from puzzlesat.search.batch import BatchOutcome

SETTINGS = ("encoding", "card", "pb", "solver")


def names_cells(puzzle: Puzzle) -> bool:
    """Whether the puzzle names its cells (r1c1, a, ...) rather than numbering them 0..n-1."""
    global _named
    cells, named = _named
    if cells is not puzzle.cells:  # asked once a solution: a batch's instances share their cells
        named = puzzle.cells != tuple(str(i) for i in range(puzzle.size))
        _named = (puzzle.cells, named)
    return named


_named: tuple[object, bool] = (None, False)  # the last cells asked about, and the answer


def solution_json(solution: Solution, puzzle: Puzzle | None = None) -> dict[str, Any]:
    """`values` by cell index; with a puzzle that names its cells, also `cells`: name -> value."""
    doc: dict[str, Any] = {"values": list(solution.values), "unknowns": dict(solution.unknowns)}
    if puzzle is not None and names_cells(puzzle):
        doc["cells"] = dict(zip(puzzle.cells, solution.values, strict=True))
    return doc


def _head(puzzle: Puzzle, plan: Plan | None, stats: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first keys of a JSON document (puzzle, backend, settings) and the stats left over. The
    settings are the plan's (a search stopped while building has no session to report them)."""
    rest = dict(stats)
    settings = plan.settings() if plan is not None else {}
    doc = {**document(puzzle), "backend": plan.backend if plan is not None else None}
    for key in SETTINGS:
        doc[key] = rest.pop(key, settings.get(key))
    return doc, rest


def outcome_json(puzzle: Puzzle, outcome: Outcome) -> dict[str, Any]:
    """The `--json` document; key order is fixed so output is byte-identical run to run."""
    doc, stats = _head(puzzle, outcome.plan, outcome.stats)
    doc.update(
        modulo_symmetry=outcome.modulo_symmetry,
        symmetry=outcome.symmetry,
        symmetry_breaking=outcome.symmetry_breaking,
        group_order=outcome.group_order,
        complete=outcome.complete,
        stopped=outcome.stopped,
        **({"error": outcome.error} if outcome.error else {}),
        count=outcome.count,
        solutions=[solution_json(s, puzzle) for s in outcome.solutions],
        stats={"seconds": round(outcome.seconds, 4), **stats},
    )
    return doc


def unknowns_text(unknowns: dict[str, int]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in unknowns.items())


def solution_text(puzzle: Puzzle, solution: Solution, number: int) -> str:
    head = f"#{number}" + (f"  {unknowns_text(solution.unknowns)}" if solution.unknowns else "")
    return f"{head}\n{draw(puzzle, _symbols(puzzle, solution.values))}\n"


def summary_text(outcome: Outcome) -> str:
    """One line: how many, modulo what, whether the search finished, how long it took."""
    noun = "solution" if outcome.count == 1 else "solutions"
    which = "detected group" if outcome.symmetry == "detected" else "group"
    scope = (
        f"modulo symmetry ({which} of order {number(outcome.group_order)})"
        if outcome.modulo_symmetry and outcome.group_order > 1
        else f"(no symmetry reduction: {outcome.symmetry_note})"
        if outcome.symmetry_note
        else "(no symmetry reduction)"
        if outcome.group_order > 1 or not outcome.modulo_symmetry
        else "(trivial symmetry group)"
    )
    if outcome.complete:
        state = "complete"
    elif outcome.stopped == Status.LIMIT:
        state = f"stopped after {number(outcome.count)}, more may exist"
    elif outcome.stopped == Status.FAILED:
        state = f"INCOMPLETE: the backend failed: {outcome.error}"
    else:
        state = f"INCOMPLETE: stopped by {outcome.stopped}"
    workers = outcome.stats.get("workers", 1)
    split = ""
    if isinstance(workers, int) and workers > 1:
        split = f", {workers} workers, {number(outcome.stats['cubes'])} cubes"
    if outcome.complete and outcome.count == 0:  # say it in words: the puzzle is impossible
        return f"no solution {scope}, {state}, {outcome.seconds:.2f} s{split}"
    return f"{number(outcome.count)} {noun} {scope}, {state}, {outcome.seconds:.2f} s{split}"


def outcome_text(puzzle: Puzzle, outcome: Outcome) -> str:
    parts = [solution_text(puzzle, s, i) for i, s in enumerate(outcome.solutions, 1)]
    parts.append(summary_text(outcome))
    return "\n".join(parts)


def instance_json(instance: Instance, outcome: Outcome | PuzzleSatError) -> dict[str, Any]:
    """One batch instance: where it came from and what was found (settings live in the batch
    document), or `error` for a line that is not an instance."""
    if not isinstance(outcome, Outcome):
        return {"line": instance.line, "givens": instance.givens, "error": str(outcome)}
    return {
        "line": instance.line,
        "givens": instance.givens,
        "complete": outcome.complete,
        "stopped": outcome.stopped,
        "count": outcome.count,
        "solutions": [solution_json(s, instance.puzzle) for s in outcome.solutions],
        "seconds": round(outcome.seconds, 4),
    }


def batch_json(
    base: Puzzle, instances: Sequence[Instance], batch: BatchOutcome, results: bool = True
) -> dict[str, Any]:
    """The `--json` document of a batch; one entry per instance attempted, in input order
    (without `results`, the summary that `--jsonl` ends with: each entry was streamed)."""
    doc, stats = _head(base, batch.plan, batch.stats)
    doc.update(
        instances=batch.instances,
        attempted=len(batch.outcomes),
        solved=batch.solved,
        errors=batch.failed,
        complete=batch.complete,
        stopped=batch.stopped,
        results=[instance_json(i, o) for i, o in zip(instances, batch.outcomes, strict=False)] if results else [],
        stats={"seconds": round(batch.seconds, 4), **stats},
    )
    return doc


def instance_text(instance: Instance, outcome: Outcome | PuzzleSatError, index: int) -> str:
    parts = [f"== instance {number(index)} (line {instance.line})"]
    if not isinstance(outcome, Outcome):
        return "\n".join([*parts, f"error: {outcome}"]) + "\n"
    parts += [solution_text(instance.puzzle, s, i) for i, s in enumerate(outcome.solutions, 1)]
    parts.append(summary_text(outcome))
    return "\n".join(parts) + "\n"


def batch_summary_text(batch: BatchOutcome) -> str:
    """One line: how many instances were solved, and whether the batch ran to its end."""
    unsolved = len(batch.outcomes) - batch.solved - batch.failed
    state = "complete" if batch.complete else f"INCOMPLETE: stopped by {batch.stopped}"
    bad = f", {plural(batch.failed, 'bad line')}" if batch.failed else ""
    return (
        f"{number(len(batch.outcomes))} of {plural(batch.instances, 'instance')} done: {number(batch.solved)} "
        f"solved, {number(unsolved)} without a solution{bad}; {state}, {batch.seconds:.2f} s"
    )


def _symbols(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """Values as the grid writes them (16x16: A for 10), so a board can be pasted back as givens."""
    if puzzle.grid is None:
        return [str(v) for v in values]
    global _written
    grid, table = _written
    if grid is not puzzle.grid:  # once a grid: a batch draws thousands of boards on one
        table = {v: puzzle.grid.symbol(v) for v in puzzle.values}
        _written = (puzzle.grid, table)
    return [table[v] if v in table else puzzle.grid.symbol(v) for v in values]


_written: tuple[object, dict[int, str]] = (None, {})  # the last grid drawn, and its value -> symbol
