"""The backends and the options they take, by name. No solver library is imported here.

Each backend (`BackendInfo.options`) and each encoding (`encoders.EncodingInfo.options`) declares
the options it takes; `puzzlesat.solvers.plan.resolve` refuses any other, naming those that take it, so an
option is never silently ignored.
"""

from __future__ import annotations

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import unknown


@dataclass(frozen=True)
class BackendInfo:
    name: str
    kind: str  # which encodings it takes: "smt", "cnf" or "cp"
    default_encoding: str
    summary: str
    target: str  # "module:function" opening a session from (puzzle, plan)
    scopes: bool = False  # its sessions have push/pop (puzzlesat.solvers.base.ScopedSession): batch solving shares one
    options: tuple[str, ...] = ()  # the OPTIONS it takes (card and pb it hands on to encodings that take them)


BACKENDS: dict[str, BackendInfo] = {
    b.name: b
    for b in (
        BackendInfo(
            "sat",
            "cnf",
            "onehot",
            "any PySAT solver, incremental",
            "puzzlesat.solvers.sat_backend:open_session",
            scopes=True,
            options=("card", "pb", "solver"),
        ),
        BackendInfo("z3", "smt", "z3-int", "the Z3 SMT solver", "puzzlesat.solvers.z3_backend:open_session"),
        BackendInfo(
            "cp",
            "cp",
            "domains",
            "puzzlesat's own propagating search (C): bounds on sums, all-different; the figures' default",
            "puzzlesat.solvers.cp_backend:open_session",
            scopes=True,
        ),
        BackendInfo(
            "external",
            "cnf",
            "onehot",
            "any SAT solver program reading DIMACS (--solver-cmd), one run per solution",
            "puzzlesat.solvers.external_backend:open_session",
            options=("card", "pb", "solver_cmd"),
        ),
    )
}

DEFAULT_BACKEND = "sat"


@dataclass(frozen=True)
class OptionInfo:
    """An option a backend or an encoding may take: a `Config` field, as the command line spells it."""

    name: str  # the Config field
    flag: str
    per_encoding: bool  # the backend hands it on to the encoding (card, pb); else the backend uses it
    check: str | None = None  # "module:function" raising a UsageError that lists the valid values


OPTIONS: dict[str, OptionInfo] = {
    o.name: o
    for o in (
        OptionInfo("card", "--card", True, "puzzlesat.encoders.pysat_names:check_card"),
        OptionInfo("pb", "--pb", True, "puzzlesat.encoders.pysat_names:check_pb"),
        OptionInfo("solver", "--solver", False, "puzzlesat.solvers.pysat_solvers:get"),
        OptionInfo("solver_cmd", "--solver-cmd", False),  # parsed when the external session opens
    )
}


def get(name: str) -> BackendInfo:
    if name not in BACKENDS:
        raise UsageError(unknown("backend", name, sorted(BACKENDS)))
    return BACKENDS[name]
