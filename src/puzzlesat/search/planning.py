"""The whole run planned once, before anything is built: the configuration, the group and its
breaking, the split, and count's method with its fallback.

`solvers.resolve` fills the configuration (backend, encoding, card, pb, solver); `plan_run` adds
what the run needs on top of it and refuses what it can see would fail (an oversized group asked
for by name, lex breaking where it is not exact, a split of a count that cannot be split) before
any encoding exists. Everything downstream reads the plan and fills nothing: the search does not
choose a group, the counter does not derive a CNF plan, the enumerator does not pick a breaking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import replace
from puzzlesat.runtime.words import unknown

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle
    from puzzlesat.solvers.base import Config
    from puzzlesat.solvers.plan import Plan

COUNT_METHODS = ("auto", "enumerate", "sharpsat", "approx")
# auto with a timeout: exact counting gets this share of it, then ApproxMC the rest.
AUTO_EXACT_SHARE = 0.5


def plan_run(
    puzzle: Puzzle,
    config: Config | Plan | None = None,
    *,
    enumerating: bool = True,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    symmetry: str | None = "declared",
    workers: int | None = None,
    scheduler: str | None = None,
    count: str | None = None,
    timeout: float | None = None,
) -> Plan:
    """The run's plan: `config` resolved, the group chosen (`symmetry`: declared, detected, none,
    or None for the command line's rule), its breaking fixed, the split checked, and with `count`
    (a counting method) the counter's CNF plan and auto's fallback. A plan that already holds a
    group is returned as it is: a run is planned once."""
    from puzzlesat import solvers
    from puzzlesat.search.split import check_split
    from puzzlesat.symmetry.choice import check_mode, choose

    if isinstance(config, solvers.Plan) and config.group is not None:
        return config
    plan = solvers.resolve(config, puzzle)
    check_mode(symmetry)
    if count is not None:
        counting = _counting(puzzle, plan, count, workers, scheduler, timeout)
        check_split(workers, scheduler, plan)
        if counting.on_cnf is not None and count in ("sharpsat", "approx"):
            plan = counting.on_cnf  # ganak and ApproxMC count the CNF: the run is on its plan
        choice = choose(puzzle, symmetry if modulo_symmetry else "none")
        return replace(plan, group=choice, breaking=_listing(puzzle, choice.group, plan.symmetry_breaking, count),
                       workers=workers, scheduler=scheduler, counting=counting)  # fmt: skip
    check_split(workers, scheduler, plan, enumerating=enumerating, limit=limit)
    # A first solution or --limit K stops early: the default rule takes the declared group there,
    # and the symmetry detection (pynauty, 14% of a small puzzle's run) is not paid for.
    choice = choose(puzzle, symmetry if modulo_symmetry else "none", enumerating=enumerating and limit is None)
    return replace(
        plan,
        group=choice,
        breaking=breaking_for(puzzle, choice.group, plan.symmetry_breaking),
        workers=workers,
        scheduler=scheduler,
    )


def breaking_for(puzzle: Puzzle, group: object, mode: str):
    """The breaking of `group` in `mode`, its refusal worded for the user."""
    from puzzlesat.symmetry.breaking import breaking

    try:
        return breaking(puzzle, group, mode)  # type: ignore[arg-type]
    except ValueError as e:
        raise UsageError(
            f"{puzzle.name}: {e} (a symmetry moves a cell onto one not forced to differ from it); "
            "use --symmetry-breaking orbit"
        ) from None


def _listing(puzzle: Puzzle, group: object, mode: str, method: str):
    """A count's breaking: how `solve --all` lists the classes modulo `group`, or None where it
    cannot (ApproxMC counts solutions; a relabelling group too large to list: raw enumeration)."""
    from puzzlesat.symmetry.breaking import breaking

    if group.order == 1 or method == "approx":  # type: ignore[attr-defined]
        return None
    try:
        breaking(puzzle, group, "orbit")  # type: ignore[arg-type]
    except UsageError:
        return None
    return breaking_for(puzzle, group, mode)


def raw_plan(plan: Plan, puzzle: Puzzle) -> Plan:
    """The plan's raw enumeration of `puzzle` (a count's pinned instance): no group, nothing to break."""
    from puzzlesat.symmetry.breaking import Breaking
    from puzzlesat.symmetry.choice import Choice, trivial

    group = trivial(puzzle)
    return replace(plan, group=Choice(group, "none"), breaking=Breaking(group), workers=plan.workers,
                   scheduler=plan.scheduler)  # fmt: skip


def _counting(puzzle: Puzzle, plan: Plan, method: str, workers: int | None, scheduler: str | None,
              timeout: float | None):  # fmt: skip
    """Count's part of the plan: the method checked, the CNF the counters need, auto's fallback."""
    from puzzlesat import solvers
    from puzzlesat.solvers.plan import Counting

    if method not in COUNT_METHODS:
        raise UsageError(unknown("counting method", method, COUNT_METHODS))
    if method in ("sharpsat", "approx") and ((workers or 1) > 1 or scheduler is not None):
        counter = "ganak's" if method == "sharpsat" else "ApproxMC's"
        raise UsageError(
            f"{'--workers' if scheduler is None else '--scheduler'} splits an enumeration, not {counter} count "
            "(use --method enumerate or auto)"
        )
    cnf = solvers.has_cnf(plan)  # ganak and ApproxMC count a CNF: the sat backend's where cp was the default
    if method in ("sharpsat", "approx"):
        check_sharpsat(plan, cnf, method)
    on_cnf = solvers.on_cnf(plan, puzzle) if cnf and method != "enumerate" else None
    fallback = None
    if method == "auto" and on_cnf is not None and timeout is not None:
        from puzzlesat.solvers.ganak_counter import APPROX

        if APPROX.available():
            fallback = "approx"
    return Counting(
        method=method,
        on_cnf=on_cnf,
        exact_seconds=None if fallback is None else timeout * AUTO_EXACT_SHARE,  # type: ignore[operator]
        fallback=fallback,
    )


def for_instance(plan: Plan, puzzle: Puzzle) -> Plan:
    """A batch's plan for one instance: the batch's configuration, and the instance's declared group
    (its givens may break the base puzzle's symmetry) with its breaking; never a detected one."""
    from puzzlesat.symmetry.choice import Choice

    chosen = plan.group
    if chosen is not None and (chosen.source == "none" or (chosen.group.order == 1 and not puzzle.generators)):
        return plan  # no group to break: the batch's plan as it is
    group = puzzle.group
    return replace(plan, group=Choice(group, "declared"), breaking=breaking_for(puzzle, group, plan.symmetry_breaking))


def check_sharpsat(cfg: Plan, cnf: bool, method: str = "sharpsat") -> None:
    counter = "ganak" if method == "sharpsat" else "ApproxMC"
    if not cnf:
        raise UsageError(
            f"--method {method} counts models of a CNF; the {cfg.backend} backend has none "
            "(use --backend sat, or --method enumerate)"
        )
    for name, flag in (("solver", "--solver"), ("solver_cmd", "--solver-cmd")):
        if name in cfg.chosen:
            raise UsageError(f"{flag} is not used by --method {method} ({counter} counts the CNF itself)")
