"""Backends by name. Each is imported only when a session is opened, so `--help` stays fast."""

from __future__ import annotations

import importlib
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


BACKENDS: dict[str, BackendInfo] = {
    b.name: b
    for b in (
        BackendInfo(
            "sat", "cnf", "onehot", "any PySAT solver, incremental", "solvers.sat_backend:open_session", scopes=True
        ),
        BackendInfo("z3", "smt", "z3-int", "the Z3 SMT solver", "solvers.z3_backend:open_session"),
        BackendInfo(
            "external",
            "cnf",
            "onehot",
            "any SAT solver program reading DIMACS (--solver-cmd), one run per solution",
            "solvers.external_backend:open_session",
        ),
    )
}

DEFAULT_BACKEND = "sat"


def get(name: str) -> BackendInfo:
    if name not in BACKENDS:
        raise UsageError(f"unknown backend {name!r}; valid: {', '.join(sorted(BACKENDS))}")
    return BACKENDS[name]


def default_encoding(info: BackendInfo, puzzle: Puzzle | None) -> str:
    """The measured best CNF encoding for this kind of puzzle (docs/decisions.md, "Default encoding").

    With linear sums the log encoding wins by 10-400x (small PB constraints over a few bits); a
    pure all-different puzzle (sudoku) is one-hot's home ground.
    """
    if info.kind == "cnf" and puzzle is not None and puzzle.sums:
        return "log"
    return info.default_encoding


def resolve(config: Config, puzzle: Puzzle | None = None) -> Config:
    """Fill the encoding default and check the names fit together, before any work is done."""
    info = get(config.backend)
    encoding = config.encoding or default_encoding(info, puzzle)
    encoders.get(encoding, info.kind)
    return replace(config, encoding=encoding)


def open_session(puzzle: Puzzle, config: Config) -> Session:
    """Encode `puzzle` and load it into the configured backend."""
    config = resolve(config, puzzle)
    module, attr = BACKENDS[config.backend].target.split(":")
    return getattr(importlib.import_module(module), attr)(puzzle, config)
