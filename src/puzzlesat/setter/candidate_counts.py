"""`candidates --counts`: for each cell and value, the number of solutions with that value there.

Enumeration when the solutions are few (up to ENUMERATION_LIMIT, counted from the list), else one
exact ganak count per true candidate, all in one child process (`puzzlesat.solvers.ganak_counter`): the
CNF once, with a unit clause per count for "this cell holds this value", projected on the cell
literals. A value that is no candidate has count 0 without asking. Every cell's counts add up to
the same total, the number of solutions: checked, as a guard against a counting bug.
"""

from __future__ import annotations

import time

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import CheckError, Status, UsageError
from puzzlesat.solvers.base import Config, SearchStopped

ENUMERATION_LIMIT = 10_000

Counts = list[dict[int, int]]  # per cell: value -> solutions with that value there


def candidate_counts(
    puzzle: Puzzle, found: list[set[int]], deadline: float | None, config: Config | None = None
) -> tuple[Counts, str]:
    """Each cell's counts per value (every value of its domain), and the method ("enumerate" or
    "sharpsat"). `found` holds the true candidates (`find_candidates`). SearchStopped at `deadline`."""
    from puzzlesat import solvers
    from puzzlesat.search.solving import configure, solve

    counts: Counts = [dict.fromkeys(d, 0) for d in puzzle.domains]
    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        raise SearchStopped
    outcome = solve(puzzle, all=True, limit=ENUMERATION_LIMIT + 1, modulo_symmetry=False, symmetry="none",
                    timeout=left, config=config)  # fmt: skip
    if outcome.stopped in (Status.INTERRUPT, Status.TERMINATED):
        raise KeyboardInterrupt
    if outcome.stopped == Status.TIMEOUT:
        raise SearchStopped
    if outcome.complete:
        for s in outcome.solutions:
            for cell, value in enumerate(s.values):
                counts[cell][value] += 1
        method = "enumerate"
    else:
        plan = solvers.resolve(configure(config, {}), puzzle)
        cfg = solvers.on_cnf(plan, puzzle)
        if cfg is None:
            raise UsageError(
                f"candidates --counts: more than {ENUMERATION_LIMIT:,} solutions, which ganak counts on a CNF; "
                f"the {plan.backend} backend has none (use --backend sat)"
            )
        _ganak(puzzle, cfg, found, counts, deadline)
        method = "sharpsat"
    totals = {sum(c.values()) for c in counts}
    if len(totals) > 1:
        raise CheckError(f"internal error: the cells' candidate counts add up to different totals {sorted(totals)}")
    return counts, method


def _ganak(puzzle: Puzzle, cfg: object, found: list[set[int]], counts: Counts, deadline: float | None) -> None:
    """One ganak count per true candidate, in one child process."""
    from puzzlesat import encoders
    from puzzlesat.encoders.fixed_points import projection
    from puzzlesat.solvers.ganak_counter import Problem, count_models

    encoding = encoders.get(cfg.encoding, "cnf").encode(puzzle, cfg)  # type: ignore[attr-defined]
    if encoding.atmosts:
        raise UsageError("candidates --counts needs plain clauses for ganak; choose another --card/--pb")
    shown = projection(encoding)
    pairs = [(c, v) for c in range(puzzle.size) for v in sorted(found[c])]
    problems = [
        Problem([*encoding.clauses, *([lit] for lit in encoding.value_literals(c, v))], encoding.nvars, shown)
        for c, v in pairs
    ]

    def counted(index: int, n: int) -> None:
        cell, value = pairs[index]
        counts[cell][value] = n

    count_models(problems, deadline, counted)
