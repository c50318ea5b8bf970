"""Solving on an open session: `solve` for one puzzle, `run` for the search that `solve_batch` shares.

Here rather than in the package's `__init__` so that `batch` can import `run` without a loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import Status
from puzzlesat.solvers.base import Config, Session
from puzzlesat.solvers.enumerate import Outcome, Solution
from puzzlesat.solvers.plan import Plan


def solve(
    puzzle: Puzzle,
    *,
    all: bool = False,
    limit: int | None = None,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    config: Config | Plan | None = None,
    on_solution: Callable[[Solution], None] | None = None,
    symmetry_breaking: str | None = None,
    keep: bool = True,
    symmetry: str | None = "declared",
    workers: int | None = None,
    scheduler: str | None = None,
    on_search: Callable[[], None] | None = None,
    **names: str | None,
) -> Outcome:
    """Find one solution, or with `all` every one (modulo the puzzle's symmetry group by default).

    Backend and encoding come from `config` or from keywords (`backend="z3"`, `card=...`), resolved
    by `solvers.resolve`: an option they would ignore is a UsageError. `symmetry_breaking` picks how
    classes are counted once: "lex" restricts the search to canonical solutions (static lex-leader
    constraints), "orbit" blocks each found solution's whole orbit, "auto" takes lex where it is
    exact for the puzzle and orbit elsewhere (the plan's default, auto). `keep=False` streams: each solution goes to
    `on_solution` and is not kept (the outcome has the count only), so memory stays flat.
    `symmetry` picks the group (`puzzlesat.symmetry.choice`): declared (the library's default, so a
    caller's counts never change under it), detected or none; None is the command line's rule:
    the declared group where there is one, else the detected. `workers=N` splits a search that
    outlives three seconds into cubes over N local processes, `scheduler=ADDRESS` over a Dask cluster
    (`puzzlesat.search.split`): the same classes, found sooner. `on_search()` is called once the
    encoding is built, as the search begins (a progress line says which of the two takes the time).
    """
    from puzzlesat import solvers
    from puzzlesat.runtime.stop import SearchStopped, build_deadline, check_timeout, stop_reason
    from puzzlesat.search.planning import plan_run

    timeout = check_timeout(timeout)
    enumerating = all or limit is not None
    cfg = plan_run(
        puzzle,
        configure(config, {**names, "symmetry_breaking": symmetry_breaking}),
        enumerating=enumerating,
        limit=limit,
        modulo_symmetry=modulo_symmetry,
        symmetry=symmetry,
        workers=workers,
        scheduler=scheduler,
    )
    start = time.monotonic()
    try:
        with build_deadline(None if timeout is None else start + timeout):
            session = solvers.open_session(puzzle, cfg)
    except (SearchStopped, KeyboardInterrupt) as e:  # stopped while encoding: nothing found, said so
        stopped = Status.TIMEOUT if isinstance(e, SearchStopped) else stop_reason()
        return empty_outcome(puzzle, stopped, modulo_symmetry, time.monotonic() - start, cfg)
    try:
        if on_search is not None:
            on_search()
        outcome = run(
            puzzle,
            session,
            cfg,
            limit=limit if enumerating else 1,
            timeout=None if timeout is None else max(0.0, timeout - (time.monotonic() - start)),
            on_solution=on_solution,
            keep=keep,
        )
    finally:
        session.close()
    outcome.seconds = time.monotonic() - start  # encoding included: the user waited for it too
    outcome.plan = cfg
    return outcome


def empty_outcome(puzzle: Puzzle, stopped: str, modulo_symmetry: bool, seconds: float, plan: Plan) -> Outcome:
    """The outcome of a search stopped before it began (during the build)."""
    return Outcome(
        solutions=[],
        complete=False,
        stopped=stopped,
        modulo_symmetry=modulo_symmetry,
        symmetry_breaking=None,
        group_order=puzzle.group.order if modulo_symmetry else 1,
        seconds=seconds,
        stats={"stopped_while": "building"},
        plan=plan,
    )


def configure(config: Config | Plan | None, names: dict[str, str | None]) -> Config | Plan:
    """`config` with the keyword overrides (`backend="z3"`, `card=...`) that are not None; a plan
    is already resolved and takes none."""
    from puzzlesat.runtime.records import replace

    given = {k: v for k, v in names.items() if v is not None}
    if isinstance(config, Plan):
        if given:
            raise TypeError(f"a resolved plan takes no option keywords ({', '.join(sorted(given))})")
        return config
    return replace(config or Config(), **given)


def run(
    puzzle: Puzzle,
    session: Session,
    plan: Plan,
    *,
    limit: int | None,
    timeout: float | None,
    on_solution: Callable[[Solution], None] | None,
    keep: bool = True,
    reuse: bool = True,
) -> Outcome:
    """One enumeration on an open session, as `plan` says (`puzzlesat.search.planning`): its
    breaking's static constraints, then the loop (with a split in the plan, over workers:
    `puzzlesat.search.split`). Nothing here chooses: the group and its breaking are the plan's."""
    from puzzlesat.solvers.enumerate import enumerate_solutions

    choice, how = plan.group, plan.breaking
    if choice is None or how is None:
        raise ValueError("run() takes a plan from plan_run (it holds the group and its breaking)")
    if how.less_than:
        session.add_less_than(how.less_than)
    modulo = choice.source != "none"
    if (plan.workers or 1) > 1 or plan.scheduler is not None:
        if limit != 1:
            from puzzlesat.search.split import enumerate_split

            outcome = enumerate_split(puzzle, session, how, plan, workers=plan.workers, scheduler=plan.scheduler,
                                      limit=limit, modulo_symmetry=modulo, timeout=timeout, on_solution=on_solution,
                                      keep=keep)  # fmt: skip
            outcome.symmetry, outcome.symmetry_note = choice.source, choice.note
            return outcome
    outcome = enumerate_solutions(
        puzzle,
        session,
        limit=limit,
        modulo_symmetry=modulo,
        timeout=timeout,
        on_solution=on_solution,
        plan=how,
        keep=keep,
        reuse=reuse,
    )
    outcome.symmetry, outcome.symmetry_note = choice.source, choice.note
    return outcome
