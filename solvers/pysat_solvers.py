"""The PySAT solvers we offer, by our name, with what each can do. No pysat import here.

`incremental`: clauses may be added between solve calls (kissat404 aborts the whole process on a
second solve, so the backend rebuilds it for every call). `limited`: conf_budget/solve_limited
work, so a search runs in conflict-budget slices and can stop at a deadline or on Ctrl-C
(lingeling lacks them). `native`: which native AtMostK constraints `add_atmost` takes: "card"
(unweighted, built into minicard and gluecard) or "pb" (weighted, through PySAT's external
propagator on IPASIR-UP solvers); "" for none.
"""

from __future__ import annotations

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import unknown


@dataclass(frozen=True)
class SolverInfo:
    name: str
    pysat_name: str  # the name pysat.solvers.Solver accepts
    summary: str
    incremental: bool = True
    limited: bool = True
    native: str = ""
    # Options set through PySAT's `configure` on every new solver (docs/decisions/search.md, "Per-class
    # costs and first answers").
    options: tuple[tuple[str, int], ...] = ()
    # A session's first search races a second solver with these options, slice for slice; None: no race.
    rival: tuple[tuple[str, int], ...] | None = None


# CaDiCaL's "lucky" phase tries a handful of fixed assignments (all false, all true, forward and
# backward) before every solve call: 0.3 ms a call, which an enumeration pays once per class (a
# quarter of the 4x4 magic square's search). Off, first solutions change as any perturbation
# changes a heavy-tailed search (first 7x7 magic square 68k -> 13k conflicts, first 8x8 94k ->
# over 415k), so the first search races the default configuration against it.
NOT_LUCKY = (("lucky", 0),)

SOLVERS: dict[str, SolverInfo] = {
    s.name: s
    for s in (
        SolverInfo("cadical103", "cadical103", "CaDiCaL 1.0.3"),
        SolverInfo("cadical153", "cadical153", "CaDiCaL 1.5.3", options=NOT_LUCKY, rival=()),
        SolverInfo("cadical195", "cadical195", "CaDiCaL 1.9.5", native="pb", options=NOT_LUCKY, rival=()),
        SolverInfo("cadical300", "cadical300", "CaDiCaL 3.0.0", native="pb", options=NOT_LUCKY, rival=()),
        SolverInfo("ergo", "ergo", "Ergo, an IPASIR-UP solver bundled with PySAT", native="pb"),
        SolverInfo("gluecard3", "gluecard3", "Glucose 3 with native cardinality", native="card"),
        SolverInfo("gluecard4", "gluecard4", "Glucose 4.1 with native cardinality", native="card"),
        SolverInfo("glucose3", "glucose3", "Glucose 3.0"),
        SolverInfo("glucose4", "glucose4", "Glucose 4.1"),
        SolverInfo("glucose42", "glucose42", "Glucose 4.2.1"),
        SolverInfo(
            "kissat404",
            "kissat404",
            "Kissat 4.0.4; not incremental: rebuilt for every call",
            incremental=False,
        ),
        SolverInfo(
            "lingeling",
            "lingeling",
            "Lingeling; no conflict budget: timeouts act between solutions",
            limited=False,
        ),
        SolverInfo("maplechrono", "maplechrono", "MapleLCMDistChronoBT"),
        SolverInfo("maplecm", "maplecm", "MapleCM"),
        SolverInfo("maplesat", "maplesat", "MapleCOMSPS_LRB"),
        SolverInfo("mergesat3", "mergesat3", "MergeSat 3"),
        SolverInfo("minicard", "minicard", "MiniSat 2.2 with native cardinality", native="card"),
        SolverInfo("minisat22", "minisat22", "MiniSat 2.2"),
        SolverInfo("minisatep", "minisatep", "MiniSat 2.2 with IPASIR-UP propagators", native="pb"),
        SolverInfo("minisatgh", "mgh", "MiniSat, GitHub version"),
    )
}

DEFAULT_SOLVER = "cadical195"


def names() -> list[str]:
    return sorted(SOLVERS)


def get(name: str) -> SolverInfo:
    """The solver called `name`; an unknown name is a UsageError listing the valid ones."""
    if name not in SOLVERS:
        raise UsageError(unknown("solver", name, names()))
    return SOLVERS[name]
