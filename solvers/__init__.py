"""Backends by name, and the one place where options become a resolved configuration.

Each backend is imported only when a session is opened, so `--help` stays fast. Each backend
(`BackendInfo.options`) and each encoding (`encoders.EncodingInfo.options`) declares the options it
takes; `resolve` refuses any other, naming those that take it, so an option is never silently ignored.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import encoders
from puzzles.errors import UsageError

from .base import Config, Session

if TYPE_CHECKING:
    from puzzles.model import Puzzle


@dataclass(frozen=True)
class BackendInfo:
    name: str
    kind: str  # which encodings it takes: "smt" or "cnf"
    default_encoding: str
    summary: str
    target: str  # "module:function" opening a session from (puzzle, config)
    scopes: bool = False  # its sessions have push/pop (solvers.base.ScopedSession): batch solving shares one
    options: tuple[str, ...] = ()  # the OPTIONS it takes (card and pb it hands on to encodings that take them)


BACKENDS: dict[str, BackendInfo] = {
    b.name: b
    for b in (
        BackendInfo(
            "sat",
            "cnf",
            "onehot",
            "any PySAT solver, incremental",
            "solvers.sat_backend:open_session",
            scopes=True,
            options=("card", "pb", "solver"),
        ),
        BackendInfo("z3", "smt", "z3-int", "the Z3 SMT solver", "solvers.z3_backend:open_session"),
        BackendInfo(
            "external",
            "cnf",
            "onehot",
            "any SAT solver program reading DIMACS (--solver-cmd), one run per solution",
            "solvers.external_backend:open_session",
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
        OptionInfo("card", "--card", True, "encoders.pysat_names:check_card"),
        OptionInfo("pb", "--pb", True, "encoders.pysat_names:check_pb"),
        OptionInfo("solver", "--solver", False, "solvers.pysat_solvers:get"),
        OptionInfo("solver_cmd", "--solver-cmd", False),  # parsed when the external session opens
    )
}


def get(name: str) -> BackendInfo:
    if name not in BACKENDS:
        raise UsageError(f"unknown backend {name!r}; valid: {', '.join(sorted(BACKENDS))}")
    return BACKENDS[name]


# The most clauses the unary adders of a figure's sums may take for order to be the default: the
# 5x5 magic square needs 62k (order 0.29 s to a first square, log 0.41), the 6x6 222k (order
# 18 s, log 1.8 s).
ORDER_SUMS_LIMIT = 100_000


def default_encoding(info: BackendInfo, puzzle: Puzzle | None) -> str:
    """The measured best CNF encoding for this kind of puzzle (docs/decisions.md, "Default encoding",
    "Unary sums").

    With linear sums over a figure (magic squares, stars): order with unary adders where their
    clauses stay few (the stars, squares up to 5x5: 1.5-3x faster than log), else log, which wins
    by 10-400x on wide domains (small PB constraints over a few bits). A grid's houses (sudoku and
    its variants, killer cages, KenKen) are one-hot's home ground: on killer sudokus one-hot took
    0.23 s where log took 0.45.
    """
    if info.kind == "cnf" and puzzle is not None and puzzle.sums and puzzle.grid is None:
        from encoders.estimate import unary_clauses

        return "order" if unary_clauses(puzzle) <= ORDER_SUMS_LIMIT else "log"
    return info.default_encoding if puzzle is None else encoders.fallback(info.default_encoding, puzzle)


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


def backend_for(config: Config) -> str:
    """The backend a configuration runs on: the one named, else the one its encoding needs (an
    SMT encoding such as z3-int runs on z3), else the default."""
    if config.backend is not None:
        return config.backend
    chosen = encoders.ENCODINGS.get(config.encoding or "")
    if chosen is not None and chosen.kind != BACKENDS[DEFAULT_BACKEND].kind:
        return next(b.name for b in BACKENDS.values() if b.kind == chosen.kind)
    return DEFAULT_BACKEND


def resolve(config: Config, puzzle: Puzzle | None = None) -> Config:
    """`config` with its backend and encoding defaults filled in, every name checked and every
    option it sets taken by the backend and the encoding: a UsageError before any work is done otherwise."""
    info = get(backend_for(config))
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
    for name, value in given.items():
        target = OPTIONS[name].check
        if value is not None and target is not None:
            module, attr = target.split(":")
            getattr(importlib.import_module(module), attr)(value)
    return replace(config, backend=info.name, encoding=encoding.name)


def open_session(puzzle: Puzzle, config: Config) -> Session:
    """Encode `puzzle` and load it into the configured backend."""
    config = resolve(config, puzzle)
    module, attr = BACKENDS[config.backend].target.split(":")
    return getattr(importlib.import_module(module), attr)(puzzle, config)


def option_names() -> dict[str, str]:
    """The names each option takes and their defaults, for `--help` (no solver library is imported)."""
    from encoders.pysat_names import CARD_ENCODINGS, DEFAULT_CARD, PB_ENCODINGS, pb_defaults

    from . import pysat_solvers

    return {
        "backends": ", ".join(BACKENDS),
        "backend_default": DEFAULT_BACKEND,
        "encodings": ", ".join(encoders.ENCODINGS),
        "cards": ", ".join(CARD_ENCODINGS),
        "card_default": DEFAULT_CARD,
        "pbs": ", ".join(PB_ENCODINGS),
        "pb_default": "; ".join(f"{pb} {where.removeprefix('default ')}" for pb, where in pb_defaults().items()),
        "solvers": ", ".join(pysat_solvers.names()),
        "solver_default": pysat_solvers.DEFAULT_SOLVER,
    }
