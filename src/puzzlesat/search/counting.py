"""Counting solutions without listing them: `count` gives the number of solutions and of classes.

Two methods. "enumerate" lists the solutions with any backend (each one checked) and counts
them: modulo the symmetry group, each class once as `solve --all` lists them, weighted by its orbit
size (`puzzlesat.symmetry.orbits`), and the raw solutions only without a group; "sharpsat" hands
the CNF to the exact model counter ganak, projected on the variables the cells are read from.
"auto" enumerates up to AUTO_LIMIT solutions (or classes) for at most AUTO_SECONDS
(AUTO_CLASS_SECONDS for classes) when the core has no sums, and counts with ganak if that does not
finish; with sums it enumerates to the end (ganak was measured slow on pseudo-Boolean sums: the
376 solutions of a 9-cell magic figure took it over 40 s, enumeration 0.5 s);
docs/decisions/counting.md, "Counting solutions" and "`count` lists classes".

Modulo symmetry, Burnside's lemma: the number of classes is the mean over the group of the
number of solutions each element fixes, one count per conjugacy class weighted by its size
(`puzzlesat.symmetry.burnside`). Where the values are interchangeable (`puzzlesat.symmetry.relabel`: sudoku, Latin
squares), one all-different group is pinned to its values in order and every count is
multiplied by n!: ganak counts the 6x6 sudokus in seconds so, and not in minutes without. Where
the other rows permute too (a Latin square), ganak's and ApproxMC's total counts the reduced form
(first column pinned as well, x (n-1)!), and where the columns permute as well, one count per
cycle type of the second row (`puzzlesat.symmetry.reduced`, which says why each is exact).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING, Any

from puzzlesat.encoders.estimate import BuildTooSlow
from puzzlesat.model.group import Group
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import CheckError, Status, UsageError
from puzzlesat.runtime.records import dataclass, field, replace
from puzzlesat.search.planning import AUTO_EXACT_SHARE, COUNT_METHODS  # noqa: F401  (the plan's share)
from puzzlesat.solvers.base import Config, SearchStopped, check_stop, remaining
from puzzlesat.solvers.ganak_counter import APPROX, APPROX_DELTA, APPROX_SEED, APPROX_TOLERANCE
from puzzlesat.solvers.plan import Plan
from puzzlesat.symmetry.burnside import Element, burnside_quotient, conjugacy_classes, value_key
from puzzlesat.symmetry.reduced import Reduced, derangements, reduce
from puzzlesat.symmetry.relabel import interchangeable_group, pins, relabellings

if TYPE_CHECKING:
    from puzzlesat.solvers.enumerate import Outcome, Solution

METHODS = COUNT_METHODS  # the plan checks the method (puzzlesat.search.planning)
DEFAULT_METHOD = "auto"
# auto: enumeration first, if it ends within both limits (measured: 4x4 sudoku grids, 288, take
# 0.1 s; the 1344 pinned 5x5 Latin squares 0.6 s; 7040 magic squares would take 80 s). Classes
# modulo a group get longer: each stands for up to |G| solutions, and where ganak is the
# alternative it takes tens of seconds (the 49 classes of 6x6 sudoku grids: 2.5 s; ganak 15-32 s).
AUTO_LIMIT = 2_000
AUTO_SECONDS = 1.0
AUTO_CLASS_SECONDS = 10.0

Progress = Callable[[str], None]


@dataclass
class CountOutcome:
    """What a count found. `count` is exact when `count_complete`, else a lower bound (solutions
    enumerated before the stop); `orbits` is None without a symmetry group or before it is known."""

    count: int
    orbits: int | None
    method: str  # the method that gave the count: "enumerate", "sharpsat" or "approx"
    complete: bool
    stopped: Status | None  # None, TIMEOUT or INTERRUPT
    count_complete: bool
    group_order: int
    classes: int  # conjugacy classes counted by Burnside (0 when orbits are not asked for)
    relabelling: int  # n! when the values are interchangeable (every count was multiplied by it), else 1
    seconds: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)
    symmetry: str = "declared"  # which group: "declared", "detected" or "none" (puzzlesat.symmetry.choice)
    plan: Plan | None = None  # the configuration the count ran on (solvers.resolve)
    approximate: bool = False  # ApproxMC's count: within a factor (1 + tolerance), with that confidence
    tolerance: float = 0.0
    confidence: float = 1.0
    fallback: str | None = None  # why auto counted approximately (said on stderr by the command line)
    counting: Any = None  # the plan's counting part (puzzlesat.solvers.plan.Counting): asked method, fallback rule
    # the pins the count was taken with: {"pinned": [cells], "values": [...], "factor": n, ...}, or None
    reduced: dict[str, Any] | None = None


@dataclass
class _Run:
    """The state of one count, shared by the methods: the deadline, progress and what is known."""

    puzzle: Puzzle
    config: Plan
    classes: list[Element]
    pinned: tuple[tuple[int, int], ...]
    factor: int
    deadline: float | None
    progress: Progress
    start: float = field(default_factory=time.monotonic)
    lower: int = 0  # a lower bound on the count (enumeration so far)
    fixed: list[int] = field(default_factory=list)  # per class: the solutions it fixes (times factor)
    listed: list[tuple[int, ...]] | None = None  # the (pinned) solutions, when enumeration listed them all
    stats: dict[str, Any] = field(default_factory=dict)
    split: dict[str, Any] = field(default_factory=dict)  # workers and scheduler for the enumeration
    method: str = DEFAULT_METHOD  # the method asked for
    group: Group | None = None  # the group classes are enumerated modulo (None: raw enumeration)
    symmetry: str | None = None  # the mode that chose it, passed on to `solve`
    elements: list[Element] | None = None  # the group's elements as Burnside lists them, or None
    total: int | None = None  # the exact count, when the classes gave it
    orbits: int | None = None  # the number of classes, when enumeration modulo the group gave it
    reduced: Reduced | None = None  # the first column pinned too, for the total (puzzlesat.symmetry.reduced)
    reduction: dict[str, Any] | None = None  # the pins the count was taken with (CountOutcome.reduced)
    def cnf_plan(self, method: str) -> Plan:
        """The plan whose CNF ganak or ApproxMC counts: the run's plan says it (`Counting.on_cnf`)."""
        on_cnf = self.config.counting.on_cnf if self.config.counting is not None else None
        if on_cnf is None:  # `count` refuses such a method before it starts; said here too
            raise UsageError(f"--method {method} counts models of a CNF; the {self.config.backend} backend has none")
        return on_cnf

    def pinnable(self, element: Element) -> bool:
        """Pinning a group commutes with moving cells, not with moving values (puzzlesat.symmetry.relabel)."""
        return bool(self.pinned) and not element.values

    def total_pins(self) -> tuple[tuple[tuple[int, int], ...], int]:
        """The pins for the total count and its factor: the reduced form's, or the first row's."""
        if self.reduced is None:
            return self.pinned, self.factor
        return self.reduced.pins, self.factor * self.reduced.column_factor


def count(
    puzzle: Puzzle,
    *,
    method: str = DEFAULT_METHOD,
    modulo_symmetry: bool = True,
    timeout: float | None = None,
    config: Config | Plan | None = None,
    on_progress: Progress | None = None,
    symmetry: str | None = "declared",
    workers: int | None = None,
    scheduler: str | None = None,
    **names: str | None,
) -> CountOutcome:
    """The number of solutions of `puzzle` and, modulo its symmetry group, of classes.

    Backend and encoding come from `config` or keywords, as for `solve`. `symmetry` picks the group
    as for `solve` (`puzzlesat.symmetry.choice`: declared by default, detected or none; None is the command
    line's rule: the declared group where there is one, else the detected). A timeout or Ctrl-C
    keeps what is known: a lower bound from enumeration, `complete` False. `workers` and
    `scheduler` split the enumeration as for `solve` (`puzzlesat.search.split`). `on_progress` hears what
    the count is doing now ("enumerating: 1,024 solutions", "counting 2 of 5 with ganak"), without
    the time: the command line's status line (`progress.Ticker`) adds it.
    """
    from puzzlesat.runtime.stop import build_deadline, stop_reason
    from puzzlesat.search.planning import plan_run
    from puzzlesat.search.solving import configure

    plan = plan_run(puzzle, configure(config, names), modulo_symmetry=modulo_symmetry, symmetry=symmetry,
                    workers=workers, scheduler=scheduler, count=method, timeout=timeout)  # fmt: skip
    counting, choice = plan.counting, plan.group
    if counting is None or choice is None:
        raise ValueError("count() takes a plan of plan_run(count=...)")
    method, cnf = counting.method, counting.on_cnf is not None
    order = choice.group.order
    classes = [Element(tuple(range(puzzle.size)))]
    listed = burnside_elements(choice.group) if order > 1 and method != "approx" else None
    if listed is not None:
        classes = conjugacy_classes(*listed)
    group = interchangeable_group(puzzle)
    start = time.monotonic()
    run = _Run(
        puzzle,
        plan,
        classes,
        pins(puzzle, group) if group else (),
        relabellings(puzzle) if group else 1,
        None if timeout is None else start + timeout,
        on_progress or (lambda text: None),
        start,
        split={"workers": workers, "scheduler": scheduler},
        method=method,
        group=choice.group if order > 1 and method != "approx" else None,
        symmetry=choice.source,
        elements=listed[0] if listed is not None else None,
        reduced=reduce(puzzle, group) if group else None,
    )
    stopped: str | None = None
    used = method if method in ("sharpsat", "approx") else "enumerate"
    deadline, fallback = run.deadline, None
    if counting.fallback == "approx":  # exact first, within its share (the plan's)
        run.deadline = start + counting.exact_seconds  # type: ignore[operator]
    try:
        try:
            try:
                used = _exact(run, used, cnf) if used != "approx" else used
            except BuildTooSlow:
                if run.deadline == deadline:
                    raise
                # a build that cannot fit the exact share is judged against the whole --timeout
                # (ApproxMC needs the same CNF): the refusal names the user's number, not half of it
                run.deadline = deadline
                used = _exact(run, used, cnf)
        except SearchStopped:
            if run.deadline == deadline:
                raise
            fallback = (f"exact counting did not finish in {counting.exact_seconds:g} s (half the timeout); "
                        "went on with ApproxMC (approximate)")  # fmt: skip
            run.deadline, used = deadline, "approx"
            run.fixed, run.total, run.orbits = [], None, None
        if used == "approx":
            with build_deadline(run.deadline):
                _approx(run)
    except SearchStopped:
        stopped = Status.TIMEOUT
    except KeyboardInterrupt:
        stopped = stop_reason()  # Status.INTERRUPT or Status.TERMINATED
    outcome = _outcome(run, used, stopped, order, listed is not None and used != "approx")
    counted_on = counting.on_cnf if used in ("sharpsat", "approx") else plan
    outcome.symmetry, outcome.plan, outcome.fallback = choice.source, counted_on or plan, fallback
    outcome.counting = counting
    if used == "approx" and run.total is not None:  # else the count is the enumeration's exact lower bound
        outcome.approximate, outcome.tolerance, outcome.confidence = True, APPROX_TOLERANCE, 1 - APPROX_DELTA
    if used == "approx":
        outcome.stats.update(seed=APPROX_SEED)
        if order > 1:
            outcome.stats["orbits_note"] = "ApproxMC counts solutions, not classes"
    if run.orbits is None and order > 1 and listed is None and used == "sharpsat":
        outcome.stats["orbits_note"] = (
            f"the group has {order:,} elements, more than Burnside lists ({LIST_LIMIT:,}); "
            "--method enumerate lists the classes instead"
        )
    return outcome


# Burnside lists the group's elements to find its conjugacy classes: past this, orbits are not counted.
LIST_LIMIT = 50_000


def burnside_elements(group: Group) -> tuple[list[Element], list[Element]] | None:
    """The group's elements and generators as Burnside's (cells, value map) pairs; with every
    relabelling of the values (`Group.relabel`), the product with the n! relabellings, listed
    while that stays under LIST_LIMIT (else None)."""
    values = group.values

    def element(cells: tuple[int, ...], vmap: tuple[int, ...] | None) -> Element:
        moved = {} if vmap is None else {values[k]: values[i] for k, i in enumerate(vmap)}
        return Element(tuple(cells), value_key(moved))

    if group.order > LIST_LIMIT:
        return None
    base = [element(c, m) for c, m in group.elements]
    gens = [element(c, m) for c, m in group.generators]
    if not group.relabel:
        return base, gens or base[:1]
    identity = tuple(range(group.size))
    relabellings = [Element(identity, value_key(dict(zip(values, p, strict=True)))) for p in permutations(values)]
    product = [a.then(b) for a in base for b in relabellings]
    swap = {values[0]: values[1], values[1]: values[0]} if len(values) > 1 else {}
    cycle = {v: values[(k + 1) % len(values)] for k, v in enumerate(values)}
    return product, [*gens, Element(identity, value_key(swap)), Element(identity, value_key(cycle))]


def _exact(run: _Run, used: str, cnf: bool) -> str:
    """The exact count: enumeration (a probe first under auto) and ganak; the method that gave it."""
    from puzzlesat.runtime.stop import build_deadline

    if used != "sharpsat":
        probe = run.method == "auto" and cnf and not run.puzzle.sums  # sums: enumeration beats ganak (see above)
        seconds = AUTO_CLASS_SECONDS if run.group is not None else AUTO_SECONDS
        done = _enumerate(run, AUTO_LIMIT if probe else None, seconds if probe else None)
        if not done:
            used = "sharpsat"
    if used == "sharpsat":
        with build_deadline(run.deadline):  # ganak's CNF is built here, not in `solve`: the same deadline
            _sharpsat(run)
    return used


def _outcome(run: _Run, method: str, stopped: str | None, order: int, burnside: bool) -> CountOutcome:
    count_complete = run.total is not None or bool(run.fixed)  # the identity class comes first: its count is the total
    orbits = run.orbits
    if orbits is None and burnside and len(run.fixed) == len(run.classes):
        orbits = burnside_quotient(sum(c.size * n for c, n in zip(run.classes, run.fixed, strict=True)), order)
    complete = stopped is None
    stats = dict(run.stats)
    if run.fixed and burnside:
        stats["fixed"] = [
            {"size": c.size, "identity": c.is_identity, "fixed": n}
            for c, n in zip(run.classes, run.fixed, strict=False)
        ]
    return CountOutcome(
        count=run.total if run.total is not None else run.fixed[0] if count_complete else run.lower,
        orbits=orbits,
        method=method,
        complete=complete,
        stopped=stopped,
        count_complete=count_complete,
        group_order=order,
        classes=len(run.classes) if burnside and (run.total is None or run.fixed) else 0,
        relabelling=run.factor,
        seconds=time.monotonic() - run.start,
        stats=stats,
        reduced=run.reduction if count_complete else None,
    )


def _enumerate(run: _Run, limit: int | None, seconds: float | None) -> bool:
    """List every solution (of the pinned instance); True when the list is complete, False when the
    auto limits cut it short. Burnside then counts fixed points on the list. With a group where
    classes can be listed, the classes instead (`_enumerate_classes`)."""
    if run.group is not None and _classes_exact(run):
        return _enumerate_classes(run, limit, seconds)
    # The pins are not symmetric: the pinned instance drops the group (the list is raw anyway). An
    # element that relabels values needs the whole list: no pins then.
    if any(c.values for c in run.classes):
        run.pinned, run.factor, run.reduced = (), 1, None
    target = replace(run.puzzle, givens=run.pinned, generators=()) if run.pinned else run.puzzle
    found = 0

    def seen(_solution: object) -> None:
        nonlocal found
        found += 1
        run.lower = found * run.factor
        if found % 64 == 1:
            run.progress(f"enumerating: {run.lower:,} solutions")

    outcome = _list(run, target, limit, seconds, seen, modulo_symmetry=False)
    if outcome is None:
        return False
    run.lower = outcome.count * run.factor
    values = [s.values for s in outcome.solutions]
    run.listed = values
    run.fixed = [run.factor * sum(1 for s in values if c.fixes(s)) for c in run.classes]
    run.reduction = _reduction(run, run.pinned, run.factor)
    return True


def _classes_exact(run: _Run) -> bool:
    """Whether `solve --all` can list the classes modulo the run's group: the plan holds its
    breaking (a relabelling group with no all-different group holding every value must be listed
    whole, and may be too large: then the plan has none, and the count enumerates raw)."""
    return run.config.breaking is not None


def _enumerate_classes(run: _Run, limit: int | None, seconds: float | None) -> bool:
    """Each class once, as `solve --all` lists them (lex-leader or orbit blocking), weighted by its
    orbit size: the raw count without listing the raw solutions. True when complete."""
    from puzzlesat.symmetry.orbits import BY_CLASSES, Tally

    tally = Tally.over(run.group, run.elements, run.classes)  # type: ignore[arg-type]

    def seen(solution: Solution) -> None:
        tally.add(solution.values)
        run.lower = tally.total
        if tally.found % 64 == 1:
            run.progress(f"enumerating: {tally.found:,} classes, {run.lower:,} solutions")

    outcome = _list(run, run.puzzle, limit, seconds, seen, modulo_symmetry=True)
    run.stats["symmetry_breaking"] = None if outcome is None else outcome.symmetry_breaking
    if outcome is None:
        return False
    if outcome.group_order != run.group.order:  # type: ignore[union-attr]
        raise CheckError(f"internal error: classes were listed modulo a group of order {outcome.group_order}, "
                         f"not the count's {run.group.order}")  # type: ignore[union-attr]  # fmt: skip
    run.total, run.orbits, run.fixed = tally.total, tally.found, tally.fixed
    run.pinned, run.factor = (), 1  # the classes gave the count: nothing was pinned
    run.stats["orbit_sizes"] = {str(k): n for k, n in sorted(tally.sizes.items())}
    run.stats["orbits_by"] = BY_CLASSES
    return True


def _list(run: _Run, target: Puzzle, limit: int | None, seconds: float | None,
          seen: Callable[[Solution], None], modulo_symmetry: bool) -> Outcome | None:  # fmt: skip
    """`solve --all` on `target` within the count's deadline and the probe's `seconds`, streamed
    to `seen`; None when the probe's limits cut it short, SearchStopped at the count's deadline."""
    from puzzlesat.encoders.estimate import BuildTooSlow
    from puzzlesat.search.planning import raw_plan
    from puzzlesat.search.solving import solve

    left = remaining(run.deadline)
    if left == 0:  # nothing left (solve takes no zero timeout)
        raise SearchStopped
    budget = seconds if left is None else left if seconds is None else min(seconds, left)
    try:
        plan = run.config if modulo_symmetry else raw_plan(run.config, target)
        outcome = solve(target, all=True, limit=limit, timeout=budget, config=plan, on_solution=seen,
                        keep=not modulo_symmetry)  # fmt: skip
    except BuildTooSlow:
        if seconds is None:  # the count's own deadline: the refusal stands
            raise
        return None  # the probe's second is no deadline of the user's: on to the next method
    run.stats.update(enumerated=outcome.count, solver_calls=outcome.stats.get("solver_calls"))
    run.stats.update({k: outcome.stats[k] for k in ("workers", "cubes") if k in outcome.stats})
    if outcome.stopped in (Status.INTERRUPT, Status.TERMINATED):  # a signal ends the count, not just this part
        raise KeyboardInterrupt
    if outcome.stopped == Status.FAILED:  # a backend or a worker failed: the count is not known
        from puzzlesat.runtime.errors import BackendError

        raise BackendError(outcome.error or "the enumeration failed")
    if outcome.stopped == Status.TIMEOUT and (seconds is None or remaining(run.deadline) == 0):
        raise SearchStopped
    return outcome if outcome.complete else None


def _plain_encoding(run: _Run, method: str):
    """The puzzle's CNF for a model counter, which reads plain clauses only."""
    from puzzlesat import encoders
    plan = run.cnf_plan(method)
    encoding = encoders.get(plan.encoding, "cnf").encode(run.puzzle, plan)
    if encoding.atmosts:
        raise UsageError(
            f"--method {method} needs plain clauses; the native card/PB encodings make solver-specific "
            "constraints (choose another --card/--pb)"
        )
    return encoding


def _every(seconds: float, say: Callable[[], None]) -> Callable[[], None]:
    """`say`, at most once every `seconds`: what a counter's wait loop calls as often as it likes."""
    last = [0.0]

    def waiting() -> None:
        now = time.monotonic()
        if now - last[0] >= seconds:
            last[0] = now
            say()

    return waiting


def _reduction(run: _Run, pins: tuple[tuple[int, int], ...], factor: int, **more: Any) -> dict[str, Any] | None:
    """What `count --json` says under "reduced": the pinned cells, their values, the factor."""
    if not pins:
        return None
    cells = run.puzzle.cells
    return {"pinned": [cells[c] for c, _ in pins], "values": [v for _, v in pins], "factor": factor, **more}


def _total_parts(reduced: Reduced) -> list[tuple[tuple[int, ...] | None, tuple[tuple[int, int], ...], int]]:
    """The counts that give the first-row-pinned total: one per cycle type of the second row where
    the columns permute, else the reduced form; each (cycle type or None, pins, multiplier)."""
    if reduced.columns_move:
        return list(reduced.second_rows())
    return [(None, reduced.pins, reduced.column_factor)]


def _sharpsat(run: _Run) -> None:
    """One ganak count per conjugacy class, with the class's fixed-point clauses (and the pins),
    all in one child process; each class's count is kept as it is complete. The identity's (the
    total) is the reduced form's where there is one (`puzzlesat.symmetry.reduced`): several counts."""
    from puzzlesat.encoders.fixed_points import fixed_point_clauses, pin_clauses, projection
    from puzzlesat.solvers.ganak_counter import Problem, count_models

    t0 = time.perf_counter()
    encoding = _plain_encoding(run, "sharpsat")
    shown = projection(encoding)
    # (class index, cycle type or None, pins, factor) for each count
    parts: list[tuple[int, tuple[int, ...] | None, tuple[tuple[int, int], ...], int]] = []
    for k, c in enumerate(run.classes):
        if c.is_identity and run.reduced is not None:
            parts += [(k, t, pins, run.factor * m) for t, pins, m in _total_parts(run.reduced)]
        else:
            parts.append((k, None, run.pinned, run.factor) if run.pinnable(c) else (k, None, (), 1))
    problems = [
        Problem(
            [*encoding.clauses, *pin_clauses(encoding, pins), *fixed_point_clauses(encoding, c.cells, c.value_map)],
            encoding.nvars,
            shown,
        )
        for k, _, pins, _ in parts
        for c in (run.classes[k],)
    ]
    run.stats.update(variables=encoding.nvars, clauses=len(encoding.clauses), projection=len(shown),
                     build_seconds=round(time.perf_counter() - t0, 6))  # fmt: skip
    run.fixed = []
    pending = [0] * len(run.classes)
    second_rows: list[dict[str, Any]] = []

    def counted(index: int, n: int) -> None:
        k, cycle_type, _, factor = parts[index]
        pending[k] += factor * n
        if cycle_type is not None:
            second_rows.append({"cycle_type": list(cycle_type), "permutations": derangements(cycle_type), "count": n})
            run.lower = max(run.lower, pending[k])  # the types counted so far: a lower bound if time runs out
        if index + 1 == len(parts) or parts[index + 1][0] != k:  # the class is complete
            run.fixed.append(pending[k])
            if k == 0:
                run.reduction = _total_reduction(run, second_rows)
        run.stats["counting_calls"] = index + 1

    def say() -> None:
        k = f" {len(run.fixed) + 1} of {len(problems)}" if len(problems) > 1 else ""
        run.progress(f"counting{k} with ganak")

    check_stop()
    count_models(problems, run.deadline, counted, _every(0.2, say))


def _total_reduction(run: _Run, second_rows: list[dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The pins of the total count: the reduced form's, or the first row's alone."""
    return _reduction(run, *run.total_pins(), **({"second_rows": second_rows} if second_rows else {}))


def _approx(run: _Run) -> None:
    """ApproxMC on the CNF projected on the cell literals (with the pins: the reduced form's where
    there is one, never split by second rows, as each count would spend some of the confidence), in
    a child process like ganak's; the count goes to `run.total`."""
    from puzzlesat.encoders.fixed_points import pin_clauses, projection
    from puzzlesat.solvers.ganak_counter import Problem, count_models

    t0 = time.perf_counter()
    encoding = _plain_encoding(run, "approx")
    shown = projection(encoding)
    pins, factor = run.total_pins()
    problem = Problem([*encoding.clauses, *pin_clauses(encoding, pins)], encoding.nvars, shown)
    run.stats.update(variables=encoding.nvars, clauses=len(problem.clauses), projection=len(shown),
                     build_seconds=round(time.perf_counter() - t0, 6))  # fmt: skip
    check_stop()
    waiting = _every(0.2, lambda: run.progress("counting approximately with ApproxMC"))
    (n,) = count_models([problem], run.deadline, None, waiting, worker=APPROX)
    run.total, run.orbits, run.fixed = n * factor, None, []
    run.reduction = _reduction(run, pins, factor)
