"""explain, hint, grade: the steps a person would take, for any puzzle the core can say.

`explain` walks from the givens (or a partial state) to the solution one checked step at a time;
`hint` is its first step; `grade` prices the walk. A puzzle without a solution gets a smallest
set of rules and givens that cannot hold together (`conflict`), found by PySAT's OptUx through
the solver layer (`puzzlesat.solvers.clauses`; the smallest-cost MUS by implicit hitting sets),
every selector weighted by what it costs to read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning.costs import FACT, SINGLES, level_floor, named, read_alone, rule_weight
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, RuleRef, Step
from puzzlesat.reasoning.search import Explainer
from puzzlesat.runtime.errors import CheckError, Status, UsageError
from puzzlesat.runtime.records import dataclass

# Solutions looked for before explaining: two tell unique from not; more only to say how many remain.
SOLUTIONS_SHOWN = 2

# Levels by the score (docs/decisions/explanations.md, D3): set against HoDoKu's levels of 120
# classic sudokus (easy, medium, hard, unfair ~ expert, extreme), each bound where the two levels
# beside it are told apart best.
LEVELS: tuple[tuple[float, str], ...] = ((3.6, "easy"), (7.5, "medium"), (9.5, "hard"), (14.7, "expert"))
TOP_LEVEL = "extreme"


@dataclass(frozen=True)
class Grade:
    score: float
    level: str
    steps: int
    hardest: Step | None
    total: float


@dataclass(frozen=True)
class Conflict:
    """Rules and givens that cannot all hold: a smallest such set."""

    rules: tuple[RuleRef, ...]
    facts: tuple[Fact, ...]


@dataclass(frozen=True)
class Explanation:
    puzzle: Puzzle
    steps: tuple[Step, ...]
    complete: bool  # nothing more follows (solved, or every deduction made); False when stopped
    solved: bool
    solutions: int  # solutions found before explaining, at most SOLUTIONS_SHOWN + 1 (0: none)
    grade: Grade
    conflict: Conflict | None = None
    start: tuple[Fact, ...] = ()  # the entered values and pencil marks a hint started from
    after: tuple[tuple[frozenset[int], ...], ...] = ()  # the pencil marks after each step (--boards, --svg)
    stopped: Status | None = None  # TIMEOUT, INTERRUPT or TERMINATED: cut short (not `max_steps`), exit 3
    before: tuple[frozenset[int], ...] = ()  # the pencil marks before the first step (--svg step 1)


def level_of(score: float, floor: int = 0, reach: bool = False) -> str:
    """The level the score reads, at least `floor` (0 easy .. 4 extreme: the hardest technique's
    level, as HoDoKu's); with `reach` (every step a named technique) at most one above it: a long
    walk of locked candidates is harder than one, not extreme. A cage's or a line's step has no
    HoDoKu level, so the score alone reads those."""
    names = [name for _, name in LEVELS] + [TOP_LEVEL]
    read = next((i for i, (bound, _) in enumerate(LEVELS) if score <= bound), len(LEVELS))
    if reach:
        read = min(read, floor + 1)
    return names[max(read, floor)]


# What a step costs beyond the singles, summed and scaled, is added to the hardest step's cost:
# a walk of many hard steps is harder than one hard step among singles (docs/decisions/explanations.md,
# "Grading"). SINGLES (0.9, `reasoning.costs`): every step counts, a naked single (1.0) a little,
# a hidden single (1.2) more.
SUM_SCALE = 5.0
# The work term was set on classic sudokus, which give a share of their cells (the rated set 24.6
# of 81 on average) and leave the rest to place: a walk that places more of its grid (a killer or
# a KenKen gives no digit, its cages stand for the givens) counts its work per cell at that share,
# never more than it is (D18).
CLASSIC_OPEN = 56.4 / 81


def work(step: Step) -> float:
    """What a step adds to the work term: its price above a single's floor, or above reading its
    rules alone (`costs.read_alone`: a step on one rule other than a house, D17; a rule of 45, D18)."""
    read = read_alone(step.technique, [len(r.cells) for r in step.main], len(step.facts), step.cost)
    return max(0.0, step.cost - max(SINGLES, read))


def share(cells: int, open_cells: int) -> float:
    """The weight of the work term: 1 where the puzzle leaves at most a classic sudoku's share of
    its cells to place, less where it leaves more (all of a killer's 81: 0.70)."""
    if open_cells <= 0:
        return 1.0
    return min(1.0, CLASSIC_OPEN * cells / open_cells)


def grade_of(steps: Sequence[Step], cells: int = 0, open_cells: int = 0) -> Grade:
    """The score is the hardest step's cost plus the work beyond singles (its sum, scaled, and
    weighed by the share of the `cells` left `open_cells` to place); the level is the hardest
    technique's (as HoDoKu's), raised by one where the score reads higher."""
    if not steps:
        return Grade(0.0, level_of(0.0), 0, None, 0.0)
    hardest = steps[max(range(len(steps)), key=lambda i: (steps[i].cost, -i))]  # the first of the dearest
    total = round(sum(s.cost for s in steps), 2)
    weight = share(cells, open_cells)
    score = round(hardest.cost + weight * sum(work(s) for s in steps) / SUM_SCALE, 2)
    floor = max(level_floor(s.technique) for s in steps)
    reach = all(named(s.technique) for s in steps)
    return Grade(score, level_of(score, floor, reach), len(steps), hardest, total)


def open_cells(puzzle: Puzzle, start: Sequence[Fact] = ()) -> int:
    """The cells a walk from the givens (and the entered values) has to place."""
    return puzzle.size - len(puzzle.givens) - sum(1 for f in start if f.placed)


def _solutions(puzzle: Puzzle, deadline: float | None) -> list[tuple[int, ...]]:
    """Up to three solutions, which every step is checked against; a stop raises (SearchStopped
    past the deadline, KeyboardInterrupt on a signal), a failing backend is a BackendError."""
    import time

    from puzzlesat.runtime.stop import SearchStopped
    from puzzlesat.search.solving import solve

    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        raise SearchStopped
    outcome = solve(puzzle, limit=SOLUTIONS_SHOWN + 1, modulo_symmetry=False, symmetry="none", timeout=left)
    outcome.reraise()
    return [tuple(s.values) for s in outcome.solutions]


def start_state(
    puzzle: Puzzle, values: Mapping[int, int] | None, marks: Mapping[int, Sequence[int]] | None
) -> list[Fact]:
    """The entered values and pencil marks as facts, checked against the cells' domains."""
    out: list[Fact] = []
    for c, v in sorted((values or {}).items()):
        if v not in puzzle.domains[c]:
            raise UsageError(f"{puzzle.cells[c]} = {v} is not a value that cell can hold")
        out.append(Fact(c, v, PLACE))
    for c, kept in sorted((marks or {}).items()):
        if values and c in values:
            continue
        out += [Fact(c, v, ELIMINATE) for v in puzzle.domains[c] if v not in kept]
    return out


def conflict(puzzle: Puzzle, start: Sequence[Fact] = ()) -> Conflict:
    """A smallest-cost set of rules and givens (and entered facts) that cannot hold together."""
    from puzzlesat.reasoning.guarded import RuleCNF
    from puzzlesat.solvers.clauses import smallest_core

    g = RuleCNF(puzzle)
    try:
        softs: list[tuple[int, object]] = [(r.selector, r.ref) for r in g.rules]
        given_facts = [Fact(c, v, PLACE) for c, v in sorted(puzzle.givens)] + list(start)
        softs += [(g.literal(f), f) for f in given_facts]
        weights = [
            (lit, int(100 * (rule_weight(g.by_selector[lit]) if isinstance(what, RuleRef) else FACT)))
            for lit, what in softs
        ]
        core = smallest_core(g.builder.clauses, weights)
    finally:
        g.close()
    if core is None:
        raise CheckError("the puzzle has no solution but no conflicting set was found")
    chosen = [softs[i - 1][1] for i in core]
    rules = tuple(sorted((w for w in chosen if isinstance(w, RuleRef)), key=lambda r: r.name))
    facts = tuple(sorted(w for w in chosen if isinstance(w, Fact)))
    _recheck_conflict(puzzle, rules, facts)
    return Conflict(rules, facts)


def _recheck_conflict(puzzle: Puzzle, rules: Sequence[RuleRef], facts: Sequence[Fact]) -> None:
    """A fresh solver holding only the cited rules and facts must find no solution."""
    from puzzlesat.reasoning.guarded import RuleCNF

    g = RuleCNF(puzzle)
    solver = g.isolated([g.by_id[r.id].selector for r in rules], cells=[f.cell for f in facts])
    try:
        for f in facts:
            solver.add_clause([g.literal(f)])
        if solver.solve():
            raise CheckError("the conflict found does not conflict")
    finally:
        solver.delete()
        g.close()


def explain(
    puzzle: Puzzle,
    *,
    values: Mapping[int, int] | None = None,
    marks: Mapping[int, Sequence[int]] | None = None,
    max_steps: int | None = None,
    timeout: float | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> Explanation:
    """Steps from the givens (and `values` entered, `marks` kept) to the solution, each checked.
    Stops where nothing more follows on a puzzle that is not unique; a puzzle with no solution
    (or entries that break it) gets its `conflict` and no steps. A timeout or a signal, wherever
    it comes (finding the solutions, building the rules' CNF, between steps), ends the walk with
    the steps found so far and `stopped` saying why."""
    import time

    from puzzlesat.encoders.pysat_names import no_pysat_signals
    from puzzlesat.runtime.stop import SearchStopped, build_deadline, check_timeout, stop_reason

    seconds = check_timeout(timeout)
    deadline = None if seconds is None else time.monotonic() + seconds  # one budget: solutions and steps
    start = start_state(puzzle, values, marks)
    solutions: list[tuple[int, ...]] = []
    ex: Explainer | None = None
    before: tuple[frozenset[int], ...] = ()
    steps: list[Step] = []
    after: list[tuple[frozenset[int], ...]] = []
    stopped: Status | None = None
    try:
        # PySAT's own Ctrl-C handler (a longjmp out of Glucose) stays out of every call here: the
        # signal reaches the CLI's handler, which asks for the stop honoured at the next checkpoint.
        with no_pysat_signals(), build_deadline(deadline):
            solutions = _solutions_from_start(puzzle, start, deadline)
            if not solutions:
                found = conflict(puzzle, start)
                return Explanation(puzzle, (), True, False, 0, grade_of(()), found, tuple(start))
            ex = Explainer(puzzle, solutions, start=start)
            before = ex.frozen()
            for step in ex.run(max_steps):
                steps.append(step)
                after.append(ex.frozen())
                if on_step is not None:
                    on_step(step)
    except SearchStopped:
        stopped = Status.TIMEOUT
    except KeyboardInterrupt:
        stopped = stop_reason()  # INTERRUPT (SIGINT) or TERMINATED (SIGTERM)
    finally:
        if ex is not None:
            ex.close()
    solved = ex is not None and ex.solved
    complete = stopped is None and (solved or max_steps is None or len(steps) < max_steps)
    graded = grade_of(steps, puzzle.size, open_cells(puzzle, start))
    return Explanation(puzzle, tuple(steps), complete, solved, len(solutions), graded, None,
                       tuple(start), tuple(after), stopped, before)  # fmt: skip


def _with_facts(puzzle: Puzzle, start: Sequence[Fact]) -> Puzzle:
    """The puzzle with the entered values as givens (so the solver checks them)."""
    from puzzlesat.runtime.records import replace

    placed = dict(puzzle.givens)
    placed.update({f.cell: f.value for f in start if f.placed})
    return replace(puzzle, givens=tuple(sorted(placed.items())))


def _solutions_from_start(puzzle: Puzzle, start: Sequence[Fact], deadline: float | None) -> list[tuple[int, ...]]:
    """Solutions that keep the entered values (as givens) and the pencil marks (narrowed domains)."""
    from puzzlesat.runtime.records import replace

    doms = [list(d) for d in puzzle.domains]
    for f in start:
        if not f.placed and f.value in doms[f.cell]:
            doms[f.cell].remove(f.value)
    if any(not d for d in doms):
        return []
    narrowed = _with_facts(puzzle, start)
    if any(not f.placed for f in start):
        narrowed = replace(narrowed, domains=tuple(tuple(d) for d in doms))
    return _solutions(narrowed, deadline)


def hint(puzzle: Puzzle, *, values: Mapping[int, int] | None = None,
         marks: Mapping[int, Sequence[int]] | None = None, timeout: float | None = None) -> Explanation:
    """The next step only, from the puzzle or from a partial state."""
    return explain(puzzle, values=values, marks=marks, max_steps=1, timeout=timeout)


def grade(puzzle: Puzzle, *, timeout: float | None = None) -> Explanation:
    """The whole walk, for its grade (the explanation is kept: `grade.hardest` cites a step of it)."""
    return explain(puzzle, timeout=timeout)
