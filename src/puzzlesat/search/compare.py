"""`puzzlesat compare`: run one puzzle through a matrix of backends, encodings and solvers.

Each configuration is solved with `puzzlesat.solve` (R times with `repeat`, times are medians);
the rows carry the CNF size, the build time, the time to the first solution (wall clock from the
call, encoding included), with `all` the time to finish the enumeration, the count and a status.
Consistency is checked, not assumed: every "ok" row must report the same sorted list of canonical
solutions (with `all`) or at least the same count; `Comparison.disagreements` says who differs.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import STATUS_EXIT, ExitCode, PuzzleSatError, Status, UsageError
from puzzlesat.runtime.progress import StatusLine
from puzzlesat.runtime.records import dataclass, field
from puzzlesat.runtime.words import number, plural
from puzzlesat.solvers.base import Config

COLUMNS = (
    "backend",
    "encoding",
    "card",
    "pb",
    "solver",
    "variables",
    "clauses",
    "literals",
    "build_seconds",
    "first_seconds",
    "all_seconds",
    "solutions",
    "status",
)

DEFAULT_ENCODINGS = ("z3-int", "z3-pb", "domains", "onehot", "order", "log")
# Without --card/--pb, one-hot (the encoding most sensitive to them) runs these pairs.
ONEHOT_PAIRS = (("auto", "unary"), ("seqcounter", "totalizer"), ("pairwise", "totalizer"), ("seqcounter", "bdd"))
# The backend each kind of encoding runs on here (the external backend would need a program).
BACKEND_FOR_KIND = {"smt": "z3", "cnf": "sat", "cp": "cp"}
# compare's lists of option values, by option (solvers.OPTIONS) and as the command line spells them.
LIST_FLAGS = {"card": "--card", "pb": "--pb", "solver": "--solver"}
# Seconds per configuration unless --timeout says otherwise: a slow row (z3-pb on a 4x4 square
# runs for minutes) says "timeout" instead of holding up the table (docs/decisions/cli.md, "What a
# newcomer trips over").
DEFAULT_TIMEOUT = 60.0
Names = str | Sequence[str] | None


def defaults() -> dict[str, str]:
    """What compare runs without options, in words for its --help."""
    from puzzlesat.runtime.words import number_word

    return {
        "compare_timeout": f"{DEFAULT_TIMEOUT:g}",
        "compare_encodings": ", ".join(DEFAULT_ENCODINGS),
        "onehot_pairs": number_word(len(ONEHOT_PAIRS)),
        "onehot_pair_list": ", ".join(f"{card}+{pb}" for card, pb in ONEHOT_PAIRS),
    }


@dataclass(frozen=True)
class Row:
    """One configuration and what it measured."""

    backend: str
    encoding: str
    card: str | None
    pb: str | None
    solver: str | None
    variables: int | None = None
    clauses: int | None = None
    literals: int | None = None
    build_seconds: float | None = None
    first_seconds: float | None = None
    all_seconds: float | None = None
    solutions: int | None = None
    status: str = "not run"
    found: tuple[tuple[int, ...], ...] | None = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        return "/".join(x for x in (self.backend, self.encoding, self.card, self.pb, self.solver) if x)

    @property
    def total(self) -> float | None:
        """The time the row is ranked by: the whole enumeration with --all, else the first solution."""
        return self.all_seconds if self.all_seconds is not None else self.first_seconds

    def as_dict(self) -> dict[str, Any]:
        return {c: getattr(self, c) for c in COLUMNS}


@dataclass
class Comparison:
    puzzle: Puzzle
    all: bool
    modulo_symmetry: bool
    rows: list[Row]
    disagreements: list[str]
    interrupted: bool = False
    timeout: float | None = None  # seconds per configuration
    repeat: int = 1
    default: str | None = None  # the backend `solve` takes unasked, and why (solvers.plan.cp_reason)

    @property
    def consistent(self) -> bool:
        return not self.disagreements

    def sorted_rows(self) -> list[Row]:
        """Fastest first; rows without a time (errors, not run) last, in matrix order."""
        order = {id(r): i for i, r in enumerate(self.rows)}
        return sorted(
            self.rows,
            key=lambda r: (r.status not in ("ok", "timeout"), r.status != "ok", r.total or 0.0, order[id(r)]),
        )

    def fastest(self) -> Row | None:
        ok = [r for r in self.sorted_rows() if r.status == "ok" and r.total is not None]
        return ok[0] if ok else None


def _split(value: Names, what: str, valid: Sequence[str], check: Callable[[str], Any]) -> list[str] | None:
    """Names given once or more (a repeated option), each also a comma list (None if not given);
    `all` is every valid name but the native ones."""
    if value is None or (not isinstance(value, str) and not value):
        return None
    text = value if isinstance(value, str) else ",".join(value)
    items = [v.strip() for v in text.split(",") if v.strip()]
    if not items:
        raise UsageError(f"--{what}: empty list; give names separated by commas, or all")
    out: list[str] = []
    for item in items:
        if item == "all":
            names = [n for n in valid if n != "native"]
        else:
            check(item)
            names = [item]
        out += [n for n in names if n not in out]
    return out


def matrix(
    encodings: Names = None,
    card: Names = None,
    pb: Names = None,
    solvers: Names = None,
    puzzle: Puzzle | None = None,
) -> list[Config]:
    """The configurations to run, every name checked first (a UsageError lists the valid ones).

    Without named encodings, the defaults; `domains` among them only where the cp search takes
    `puzzle` (no position-dependent sums, values within 64) and is compiled.

    Card, PB and solver lists apply to the configurations whose backend and encoding take them
    (`solvers.takes`); a list no configuration takes is a UsageError.
    """
    from puzzlesat import encoders
    from puzzlesat.encoders.pysat_names import CARD_ENCODINGS, PB_ENCODINGS, check_card, check_pb
    from puzzlesat.solvers import BACKENDS, not_used, option_default, pysat_solvers, spoken_list, takes

    encs = _split(encodings, "encoding", list(encoders.ENCODINGS), encoders.get) or _defaults(puzzle)
    given = {
        "card": _split(card, "card", list(CARD_ENCODINGS), check_card),
        "pb": _split(pb, "pb", list(PB_ENCODINGS), check_pb),
        "solver": _split(solvers, "solver", pysat_solvers.names(), pysat_solvers.get),
    }

    def runs(info: encoders.EncodingInfo, option: str) -> bool:
        return takes(BACKENDS[BACKEND_FOR_KIND[info.kind]], info, option)

    for option, values in given.items():
        if values is not None and not any(runs(encoders.get(e), option) for e in encs):
            able = [e.name for e in encoders.ENCODINGS.values() if runs(e, option)]
            noun = "encoding" if len(encs) == 1 else "encodings"
            raise not_used(LIST_FLAGS[option], f"the {spoken_list(encs, 'and')} {noun}", able)
    out: list[Config] = []
    for name in encs:
        info = encoders.get(name)

        def values(option: str, info: encoders.EncodingInfo = info) -> list[str | None]:
            return list(given[option] or [option_default(option, info.name)]) if runs(info, option) else [None]

        if given["card"] is None and given["pb"] is None and name == "onehot":
            pairs: list[tuple[str | None, str | None]] = list(ONEHOT_PAIRS)
        else:
            pairs = [(c, p) for c in values("card") for p in values("pb")]
        backend = BACKEND_FOR_KIND[info.kind]
        out += [
            Config(backend=backend, encoding=name, card=c, pb=p, solver=s) for c, p in pairs for s in values("solver")
        ]
    return list(dict.fromkeys(out))


def _defaults(puzzle: Puzzle | None) -> list[str]:
    from puzzlesat.encoders.domains import refusal
    from puzzlesat.solvers.cp_native import native

    takes_cp = puzzle is None or (refusal(puzzle) is None and native() is not None)
    return [e for e in DEFAULT_ENCODINGS if e != "domains" or takes_cp]


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 4) if values else None


def run_config(
    puzzle: Puzzle, config: Config, *, all: bool, modulo_symmetry: bool, timeout: float | None, repeat: int
) -> Row:
    """Solve `puzzle` with `config` `repeat` times; an error becomes the row's status, not an exception."""
    from puzzlesat.search.solving import solve

    base = Row(
        backend=config.backend,
        encoding=config.encoding or "",
        card=config.card,
        pb=config.pb,
        solver=config.solver if config.backend not in ("z3", "cp") else config.backend,
    )
    builds: list[float] = []
    firsts: list[float] = []
    alls: list[float] = []
    stats: dict[str, Any] = {}
    found: tuple[tuple[int, ...], ...] | None = None
    status = "ok"
    for _ in range(repeat):
        stamps: list[float] = []
        start = time.monotonic()
        try:
            outcome = solve(
                puzzle,
                all=all,
                modulo_symmetry=modulo_symmetry,
                timeout=timeout,
                config=config,
                on_solution=lambda _s, stamps=stamps: stamps.append(time.monotonic()),
            )
        except PuzzleSatError as e:  # also CheckError: a configuration returned a non-solution
            return _with(base, status=f"error: {e}")
        stats = outcome.stats
        if "build_seconds" in stats:
            builds.append(float(stats["build_seconds"]))
        ended = time.monotonic() - start  # from the same start as the first answer's stamp
        if stamps:
            firsts.append(stamps[0] - start)
        elif outcome.complete:  # no solution at all: the first answer was "none"
            firsts.append(ended)
        if all and outcome.complete:
            alls.append(ended)
        this = tuple(s.values for s in outcome.solutions)
        code = STATUS_EXIT[outcome.stopped]
        if code == ExitCode.BACKEND:
            return _with(base, status=f"error: {outcome.error}")
        if code == ExitCode.STOPPED:  # the row's own words: a timeout, or interrupted by a signal
            status = "timeout" if outcome.stopped == Status.TIMEOUT else "interrupted"
            found = this
            break
        if found is not None and this != found:
            return _with(base, status=f"error: runs disagree ({len(found)} then {plural(len(this), 'solution')})")
        found = this
    return _with(
        base,
        variables=stats.get("variables"),
        clauses=stats.get("clauses"),
        literals=stats.get("literals"),
        build_seconds=_median(builds),
        first_seconds=_median(firsts),
        all_seconds=_median(alls) if all and status == "ok" else None,
        solutions=None if found is None else len(found),
        status=status,
        found=found,
    )


def _with(row: Row, **changes: Any) -> Row:
    from dataclasses import replace

    return replace(row, **changes)


def check_consistency(rows: Sequence[Row], all: bool) -> list[str]:
    """One line per "ok" row that disagrees with the first "ok" row (solution lists with --all, else counts)."""
    ok = [r for r in rows if r.status == "ok" and r.found is not None]
    if not ok:
        return []
    ref = ok[0]
    lines = []
    for r in ok[1:]:
        same = r.found == ref.found if all else len(r.found or ()) == len(ref.found or ())
        if not same:
            extra = " (different solutions)" if len(r.found or ()) == len(ref.found or ()) else ""
            lines.append(
                f"INCONSISTENT: {ref.label} found {number(len(ref.found or ()))}, "
                f"{r.label} found {number(len(r.found or ()))}{extra}"
            )
    return lines


def _warm_up(configs: Sequence[Config]) -> None:
    """Import every backend and encoding module first, so the first row does not pay for the imports."""
    import importlib

    from puzzlesat import encoders, solvers

    targets = {solvers.BACKENDS[c.backend].target for c in configs if c.backend in solvers.BACKENDS}
    targets |= {encoders.ENCODINGS[c.encoding].target for c in configs if c.encoding in encoders.ENCODINGS}
    targets |= (
        {"pysat.card:EncType", "pysat.pb:EncType", "pysat.solvers:Solver"}
        if any(c.backend == "sat" for c in configs)
        else set()
    )
    for target in sorted(targets):
        try:
            importlib.import_module(target.split(":")[0])
        except (ImportError, AssertionError):  # the row itself will say what is missing
            pass


class _Progress(StatusLine):
    """`[3/12] sat/onehot/...` on stderr while the matrix runs; silent when stderr is not a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self.total = total

    def __call__(self, index: int, config: Config) -> None:
        label = "/".join(x for x in (config.backend, config.encoding, config.card, config.pb, config.solver) if x)
        self.show(f"  [{index}/{self.total}] {label} ")


def compare(
    puzzle: Puzzle,
    configs: Sequence[Config],
    *,
    all: bool = False,
    modulo_symmetry: bool = True,
    timeout: float | None = DEFAULT_TIMEOUT,
    repeat: int = 1,
    runner: Callable[..., Row] | None = None,
    progress: bool = True,
) -> Comparison:
    """Run every configuration in turn; Ctrl-C stops at the current one and keeps the rows so far."""
    from puzzlesat.runtime.stop import check_timeout
    from puzzlesat.solvers.base import STOP

    timeout = check_timeout(timeout)

    if repeat < 1:
        raise UsageError("--repeat must be at least 1")
    run = runner or run_config
    if runner is None:
        _warm_up(configs)
    show = _Progress(len(configs)) if progress else None
    rows: list[Row] = []
    interrupted = False
    try:
        for i, config in enumerate(configs, 1):
            if show:
                show(i, config)
            row = run(puzzle, config, all=all, modulo_symmetry=modulo_symmetry, timeout=timeout, repeat=repeat)
            rows.append(row)
            if row.status == "interrupted" or STOP.is_set():
                interrupted = True
                break
    finally:
        if show:
            show.close()
    consistency = check_consistency(rows, all)
    return Comparison(puzzle, all, modulo_symmetry, rows, consistency, interrupted, timeout, repeat,
                      default_rule(puzzle))  # fmt: skip


def default_rule(puzzle: Puzzle) -> str:
    """The backend `solve` runs this puzzle on unasked, and the measured rule that chose it."""
    from puzzlesat.solvers import cp_reason

    cp, why = cp_reason(puzzle)
    return f"{'cp' if cp else 'sat'} ({why})"



