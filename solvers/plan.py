"""The one place where options become a plan: every default filled, every name checked, once.

A `Config` is what the user asked for (None: not said). `resolve` turns it into a `Plan`, with the
backend, the encoding and each option the two take filled in, and refuses an option they would
ignore. Backends, encoders, reports, `compare` and `--help` receive the plan or read their defaults
from here (`option_default`, `option_names`) and fill nothing themselves. No solver library is
imported here.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from puzzlesat import encoders
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass, field, names
from puzzlesat.runtime.words import unknown
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.registry import BACKENDS, DEFAULT_BACKEND, OPTIONS, BackendInfo, get

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle
    from puzzlesat.symmetry.breaking import Breaking
    from puzzlesat.symmetry.choice import Choice


@dataclass(frozen=True)
class Plan:
    """A complete configuration. `card`, `pb`, `solver` and `solver_cmd` are filled exactly where the
    backend and the encoding take them (None: this configuration has no such option); `chosen`
    names the fields the user gave, for messages that say what to change."""

    backend: str
    encoding: str
    card: str | None = None
    pb: str | None = None
    solver: str | None = None
    solver_cmd: str | None = None
    chosen: frozenset[str] = frozenset()
    symmetry_breaking: str = "auto"  # always filled by resolve (puzzlesat.symmetry.breaking.DEFAULT_MODE)
    # On cp by default: the failures of the cp search (since its last answer) after which the run goes on on sat
    # (`HANDOVER_FAILURES`; None: never, as with --backend cp).
    handover: int | None = None
    # The run's part, filled by `puzzlesat.search.planning.plan_run` before anything is built (None:
    # a plan for a session alone). Not compared: two runs of one configuration are the same setup.
    group: Choice | None = field(default=None, compare=False)  # the group the run works modulo, and why
    breaking: Breaking | None = field(default=None, compare=False)  # its lex-leader pairs and what it blocks
    workers: int | None = field(default=None, compare=False)  # the split: local processes, or
    scheduler: str | None = field(default=None, compare=False)  # a Dask cluster's address
    counting: Counting | None = field(default=None, compare=False)  # count's method and its fallback

    def settings(self) -> dict[str, str | None]:
        """The configuration as reports print it (the external backend's solver is its command)."""
        return {
            "encoding": self.encoding,
            "card": self.card,
            "pb": self.pb,
            "solver": self.solver_cmd if self.backend == "external" else self.solver or self.backend,
        }


@dataclass(frozen=True)
class Counting:
    """How `count` counts, fixed before it starts: the method asked for, the CNF plan ganak and
    ApproxMC count on (None: none is needed, or the backend has none), and auto's fallback: exact
    first for `exact_seconds`, then ApproxMC (None: no fallback, as without a timeout)."""

    method: str
    on_cnf: Plan | None = None
    exact_seconds: float | None = None
    fallback: str | None = None  # "approx" when auto may go on approximately

    def as_json(self) -> dict[str, object]:
        return {"method": self.method, "exact_seconds": self.exact_seconds, "fallback": self.fallback}


# The most clauses the unary adders of a figure's sums may take for order to be the default: the
# 5x5 magic square needs 62k (order 0.29 s to a first square, log 0.41), the 6x6 222k (order
# 18 s, log 1.8 s).
ORDER_SUMS_LIMIT = 100_000


def default_encoding(info: BackendInfo, puzzle: Puzzle | None) -> str:
    """The measured best CNF encoding for this kind of puzzle (docs/decisions/encodings-and-defaults.md,
    "Default encoding and settings", "Unary sums").

    With linear sums over a figure (magic squares, stars): order with unary adders where their
    clauses stay few (the stars, squares up to 5x5: 1.5-3x faster than log), else log, which wins
    by 10-400x on wide domains (small PB constraints over a few bits). A grid's houses (sudoku and
    its variants, killer cages, KenKen) are one-hot's home ground: on killer sudokus one-hot took
    0.23 s where log took 0.45.
    """
    if info.kind == "cnf" and puzzle is not None and puzzle.sums and puzzle.grid is None:
        from puzzlesat.encoders.estimate import unary_clauses

        name = "order" if unary_clauses(puzzle) <= ORDER_SUMS_LIMIT else "log"
    else:
        name = info.default_encoding
    return name if puzzle is None else encoders.fallback(name, puzzle)


def option_default(option: str, encoding: str) -> str | None:
    """The value an option takes on `encoding` when it is not given (None: it has no default, as
    --solver-cmd has not)."""
    from puzzlesat.encoders.pysat_names import DEFAULT_CARD, default_pb
    from puzzlesat.solvers.pysat_solvers import DEFAULT_SOLVER

    return {"card": DEFAULT_CARD, "pb": default_pb(encoding), "solver": DEFAULT_SOLVER}.get(option)


def takes(backend: BackendInfo, encoding: encoders.EncodingInfo, option: str) -> bool:
    """Whether `option` changes anything on this backend with this encoding."""
    return option in backend.options and (not OPTIONS[option].per_encoding or option in encoding.options)


def spoken_list(items: list[str], conjunction: str = "or") -> str:
    """`a`, `a or b`, `a, b or c` (or with `and`); "" for none."""
    return f" {conjunction} ".join(filter(None, (", ".join(items[:-1]), items[-1] if items else "")))


def not_used(flag: str, by: str, applies: Iterable[str], hint: str = "") -> UsageError:
    """The one message for an option the chosen configuration would ignore."""
    return UsageError(f"{flag} is not used by {by} (it applies to: {', '.join(sorted(applies))}{hint})")


def check_encoding_options(
    encoding: encoders.EncodingInfo, given: Mapping[str, str | None], *, defaulted: bool = False
) -> None:
    """Refuse each per-encoding option in `given` (card, pb) that `encoding` does not take.

    `defaulted`: the user did not choose the encoding, so the message says how to.
    """
    for name, value in given.items():
        option = OPTIONS[name]
        if value is None or not option.per_encoding or name in encoding.options:
            continue
        able = [e.name for e in encoders.ENCODINGS.values() if e.kind == encoding.kind and name in e.options]
        if not defaulted or not able:
            raise not_used(option.flag, f"the {encoding.name} encoding", able)
        hint = "; add " + spoken_list([f"--encoding {e}" for e in sorted(able)])
        raise not_used(option.flag, f"the {encoding.name} encoding, the default for this puzzle", able, hint)


def backend_for(config: Config | Plan, puzzle: Puzzle | None = None) -> str:
    """The backend a configuration runs on: the one named, else the one its encoding needs (an
    SMT encoding such as z3-int runs on z3), else the cp search where it is measured best (a
    figure: `prefers_cp`) and no option of the sat backend was given, else the default."""
    if config.backend is not None:
        return config.backend
    chosen = encoders.ENCODINGS.get(config.encoding or "")
    if chosen is not None and chosen.kind != BACKENDS[DEFAULT_BACKEND].kind:
        return next(b.name for b in BACKENDS.values() if b.kind == chosen.kind)
    asked = config.encoding is not None or any(getattr(config, o) for o in OPTIONS)  # a name, even unknown
    if not asked and puzzle is not None and prefers_cp(puzzle):
        return "cp"
    return DEFAULT_BACKEND


# The most cells of a figure the cp search is the default for: its domains hold at most 64 values.
# It finds every 5x5 magic square with givens and every star's classes 5-25x faster than CDCL, and
# since its restarts (dom/wdeg, seeded random values, nogoods: docs/decisions/search.md D7) the
# first magic squares of order 6, 7 and 8 in 0.25, 0.19, 0.19 s against sat's 1.65, 2.13, 18.97 s
# (whole process, 2026-11-26; benchmarks/results-defaults.json: 0.04-0.19x CP-SAT).
CP_CELLS = 64
# The most values of a grid with boxes that the cp search is the default for without a handover:
# it solves 9x9 and 16x16 sudokus and their variants 1.2-3x faster than CDCL (a batch of top1465
# 2.5x), Latin completions of order 15-30 3-4x (docs/decisions/encodings-and-defaults.md, "cp on
# grids").
CP_BOXED_VALUES = 16
# Boxed grids of more values (the 25x25 sudoku) run on cp too, but hand over to CDCL after this many
# failures of the cp search since its last answer (deterministic, never the clock): since its restarts cp answers 25x25
# sudokus with 200-350 random givens in 0.02-5 s (at most 79k failures) against sat's 0.5-4.5 s,
# 2x faster in all; the budget caps a run that gets lost (docs/decisions/search.md D8).
HANDOVER_FAILURES = 100_000
# The rules a boxed grid may have beyond its houses and stay on cp: cages (killer). A boxed grid's
# other variants (thermometers, arrows, outside clues...) stay on sat: on the real links a thermo
# sudoku took 0.24 s on sat against 26 s on cp, another 0.41 against 15 s (2026-11-26).
CP_BOXED_RULES = frozenset({"cage"})
# The rule, as `--help` and `compare` say it.
CP_RULE = (
    f"cp where its search takes the puzzle: figures of up to {CP_CELLS} cells with sums, and grids "
    f"(boxed ones with no rules but cages; past {CP_BOXED_VALUES} values handed to sat after "
    f"{HANDOVER_FAILURES:,} failures); else sat"
)


def cp_reason(puzzle: Puzzle) -> tuple[bool, str]:
    """Whether the cp search is this puzzle's default, and why in a few words (`compare` says it):
    measured per kind of puzzle (CP_CELLS, CP_BOXED_VALUES), where it is compiled and its search
    takes every constraint (docs/decisions/search.md, "A propagating search of our own")."""
    grid = puzzle.grid
    if grid is None and not puzzle.sums:
        return False, "a figure without sums: CDCL measured faster"
    if grid is None and puzzle.size > CP_CELLS:
        return False, f"a figure of more than {CP_CELLS} cells: past the cp search's domains"
    if grid is not None and grid.box_shape is not None:
        other = sorted({rule.key for rule in puzzle.rules} - CP_BOXED_RULES)
        if other:
            kinds = ", ".join(other)
            return False, f"a boxed grid with {kinds} rules: CDCL measured up to 100x faster on real variants"
    from puzzlesat.encoders.domains import refusal
    from puzzlesat.solvers.cp_native import native

    why = refusal(puzzle)
    if why is not None:
        return False, f"the cp search does not take it ({why})"
    if native() is None:
        return False, "the cp search is not compiled"
    if handover_budget(puzzle) is not None:
        return True, (
            f"a boxed grid of more than {CP_BOXED_VALUES} values: the cp search, handed to sat after "
            f"{HANDOVER_FAILURES:,} failures (its heavy tail on 25x25 sudokus)"
        )
    kind = "a grid" if grid is not None else f"a figure of at most {CP_CELLS} cells with sums"
    return True, f"{kind}: the cp search measured fastest"


def handover_budget(puzzle: Puzzle | None) -> int | None:
    """The failures after which a default cp run of `puzzle` goes on on sat (None: never)."""
    grid = None if puzzle is None else puzzle.grid
    if grid is None or grid.box_shape is None or len(puzzle.values) <= CP_BOXED_VALUES:  # type: ignore[union-attr]
        return None
    return HANDOVER_FAILURES


def prefers_cp(puzzle: Puzzle) -> bool:
    """Whether the cp search is this puzzle's default (`cp_reason`)."""
    return cp_reason(puzzle)[0]


def has_cnf(plan: Plan) -> bool:
    """Whether `on_cnf` has a plan for `plan` (without resolving one)."""
    return BACKENDS[plan.backend].kind == "cnf" or not plan.chosen & {"backend", "encoding"}


def on_cnf(plan: Plan, puzzle: Puzzle | None) -> Plan | None:
    """The plan a tool that reads CNF (ganak, ApproxMC, a DIMACS file) takes for what `plan`
    solves: the plan itself on a CNF backend; the sat backend's defaults where the backend was the
    puzzle's default (cp); None where the user chose a backend without CNF."""
    if BACKENDS[plan.backend].kind == "cnf":
        return plan
    if not has_cnf(plan):
        return None
    return resolve(Config(backend=DEFAULT_BACKEND, symmetry_breaking=plan.symmetry_breaking), puzzle)


def resolve(config: Config | Plan | None = None, puzzle: Puzzle | None = None) -> Plan:
    """The plan for `config` on `puzzle`: backend and encoding defaults filled in, every name
    checked, every option it sets taken by the backend and the encoding, and every option they take
    filled with its default: a UsageError before any work is done otherwise. A plan is returned as
    it is (resolving is done once)."""
    if isinstance(config, Plan):
        return config
    config = config or Config()
    info = get(backend_for(config, puzzle))
    chosen = encoders.ENCODINGS.get(config.encoding or "")
    if chosen is not None and chosen.kind != info.kind:
        able = spoken_list([b.name for b in BACKENDS.values() if b.kind == chosen.kind])
        raise UsageError(
            f"--encoding {chosen.name} runs on the {able} backend, not {info.name} "
            f"(drop --backend {info.name}; encodings for {info.name}: {', '.join(encoders.names(info.kind))})"
        )
    encoding = encoders.get(config.encoding or default_encoding(info, puzzle), info.kind)
    given = {name: getattr(config, name) for name in OPTIONS}
    for name, value in given.items():
        if value is not None and name not in info.options:
            able = (b.name for b in BACKENDS.values() if name in b.options)
            raise not_used(OPTIONS[name].flag, f"the {info.name} backend", able)
    check_encoding_options(encoding, given, defaulted=config.encoding is None)
    filled = {
        name: given[name] if given[name] is not None else option_default(name, encoding.name)
        for name in OPTIONS
        if takes(info, encoding, name)
    }
    for name, value in filled.items():
        target = OPTIONS[name].check
        if value is not None and target is not None:
            module, attr = target.split(":")
            getattr(importlib.import_module(module), attr)(value)
    plan = Plan(
        backend=info.name,
        encoding=encoding.name,
        chosen=frozenset(n for n in names(Config) if getattr(config, n) is not None),
        symmetry_breaking=breaking_mode(config.symmetry_breaking),
        handover=handover_budget(puzzle)
        if info.name == "cp" and config.backend is None and config.encoding is None
        else None,
        **filled,
    )
    if plan.backend == "sat":
        check_native(plan)
    return plan


def breaking_mode(mode: str | None) -> str:
    """The symmetry-breaking mode, checked; the default where none is given."""
    from puzzlesat.symmetry.breaking import DEFAULT_MODE, MODES

    if mode is not None and mode not in MODES:
        raise UsageError(unknown("symmetry breaking", mode, MODES))
    return mode or DEFAULT_MODE


def check_native(plan: Plan) -> None:
    """Native constraints need a solver that takes them; say which ones do."""
    from puzzlesat.solvers import pysat_solvers

    solver = pysat_solvers.get(plan.solver or "")
    need = "pb" if plan.pb == "native" else "card" if plan.card == "native" else ""
    if not need or solver.native == "pb" or solver.native == need:
        return
    able = sorted(s.name for s in pysat_solvers.SOLVERS.values() if s.native == "pb" or s.native == need)
    kind = "PB" if need == "pb" else "card"
    raise UsageError(
        f"the native {kind} encoding needs a solver with native constraints ({', '.join(able)}), not {solver.name}"
    )


def option_names() -> dict[str, str]:
    """The names each option takes and their defaults, for `--help` (no solver library is imported)."""
    from puzzlesat.encoders.pysat_names import CARD_ENCODINGS, PB_ENCODINGS, pb_defaults
    from puzzlesat.solvers import pysat_solvers

    return {
        "backends": ", ".join(BACKENDS),
        "backend_default": DEFAULT_BACKEND,
        "cp_cells": str(CP_CELLS),
        "cp_rule": CP_RULE,
        "encodings": ", ".join(encoders.ENCODINGS),
        "cnf_encodings": ", ".join(encoders.names("cnf")),
        "cards": ", ".join(CARD_ENCODINGS),
        "card_default": str(option_default("card", "onehot")),
        "pbs": ", ".join(PB_ENCODINGS),
        "pb_default": "; ".join(f"{pb} {where.removeprefix('default ')}" for pb, where in pb_defaults().items()),
        "solvers": ", ".join(pysat_solvers.names()),
        "solver_default": str(option_default("solver", "onehot")),
        "breaking_default": breaking_mode(None),
        "breaking_modes": ", ".join(importlib.import_module("puzzlesat.symmetry.breaking").MODES),
    }
