"""Rendering of outcomes: boards as the seeds draw them, one JSON document for scripts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzles.board import draw
from puzzles.instances import Instance
from puzzles.model import Puzzle
from solvers.base import Config
from solvers.enumerate import Outcome, Solution

if TYPE_CHECKING:
    from .batch import BatchOutcome

SETTINGS = ("encoding", "card", "pb", "solver")


def solution_json(solution: Solution) -> dict[str, Any]:
    return {"values": list(solution.values), "unknowns": dict(solution.unknowns)}


def _head(puzzle: Puzzle, config: Config, stats: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first keys of a JSON document (puzzle, backend, settings) and the stats left over."""
    rest = dict(stats)
    doc: dict[str, Any] = {"puzzle": puzzle.name, "params": dict(puzzle.params), "backend": config.backend}
    for key in SETTINGS:
        doc[key] = rest.pop(key, None)
    return doc, rest


def outcome_json(puzzle: Puzzle, config: Config, outcome: Outcome) -> dict[str, Any]:
    """The `--json` document; key order is fixed so output is byte-identical run to run."""
    doc, stats = _head(puzzle, config, outcome.stats)
    doc.update(
        modulo_symmetry=outcome.modulo_symmetry,
        symmetry=outcome.symmetry,
        symmetry_breaking=outcome.symmetry_breaking,
        group_order=outcome.group_order,
        complete=outcome.complete,
        stopped=outcome.stopped,
        count=outcome.count,
        solutions=[solution_json(s) for s in outcome.solutions],
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
        f"modulo symmetry ({which} of order {outcome.group_order:,})"
        if outcome.modulo_symmetry and outcome.group_order > 1
        else f"(no symmetry reduction: {outcome.symmetry_note})"
        if outcome.symmetry_note
        else "(no symmetry reduction)"
        if outcome.group_order > 1 or not outcome.modulo_symmetry
        else "(trivial symmetry group)"
    )
    if outcome.complete:
        state = "complete"
    elif outcome.stopped == "limit":
        state = f"stopped after {outcome.count}, more may exist"
    else:
        state = f"INCOMPLETE: stopped by {outcome.stopped}"
    if outcome.complete and outcome.count == 0:  # say it in words: the puzzle is impossible
        return f"no solution {scope}, {state}, {outcome.seconds:.2f} s"
    return f"{outcome.count} {noun} {scope}, {state}, {outcome.seconds:.2f} s"


def outcome_text(puzzle: Puzzle, outcome: Outcome) -> str:
    parts = [solution_text(puzzle, s, i) for i, s in enumerate(outcome.solutions, 1)]
    parts.append(summary_text(outcome))
    return "\n".join(parts)


def instance_json(instance: Instance, outcome: Outcome) -> dict[str, Any]:
    """One batch instance: where it came from and what was found (settings live in the batch document)."""
    return {
        "line": instance.line,
        "givens": instance.givens,
        "complete": outcome.complete,
        "stopped": outcome.stopped,
        "count": outcome.count,
        "solutions": [solution_json(s) for s in outcome.solutions],
        "seconds": round(outcome.seconds, 4),
    }


def batch_json(base: Puzzle, config: Config, instances: Sequence[Instance], batch: BatchOutcome) -> dict[str, Any]:
    """The `--json` document of a batch; one entry per instance attempted, in input order."""
    doc, stats = _head(base, config, batch.stats)
    doc.update(
        instances=batch.instances,
        attempted=len(batch.outcomes),
        solved=batch.solved,
        complete=batch.complete,
        stopped=batch.stopped,
        results=[instance_json(i, o) for i, o in zip(instances, batch.outcomes, strict=False)],
        stats={"seconds": round(batch.seconds, 4), **stats},
    )
    return doc


def instance_text(instance: Instance, outcome: Outcome, index: int) -> str:
    parts = [f"== instance {index} (line {instance.line})"]
    parts += [solution_text(instance.puzzle, s, i) for i, s in enumerate(outcome.solutions, 1)]
    parts.append(summary_text(outcome))
    return "\n".join(parts) + "\n"


def batch_summary_text(batch: BatchOutcome) -> str:
    """One line: how many instances were solved, and whether the batch ran to its end."""
    unsolved = len(batch.outcomes) - batch.solved
    state = "complete" if batch.complete else f"INCOMPLETE: stopped by {batch.stopped}"
    return (
        f"{len(batch.outcomes)} of {batch.instances} instances done: {batch.solved} solved, "
        f"{unsolved} without a solution; {state}, {batch.seconds:.2f} s"
    )


def _symbols(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """Values as the grid writes them (16x16: A for 10), so a board can be pasted back as givens."""
    if puzzle.grid is None:
        return [str(v) for v in values]
    return [puzzle.grid.symbol(v) for v in values]
