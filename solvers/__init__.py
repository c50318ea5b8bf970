"""Backends by name, and sessions opened on a resolved plan.

The registries live in `puzzlesat.solvers.registry`, the resolution of options into a `Plan` in
`puzzlesat.solvers.plan`; both are re-exported here. Each backend is imported only when a session is opened,
so `--help` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from puzzlesat.solvers.base import Config, Session
from puzzlesat.solvers.plan import (
    ORDER_SUMS_LIMIT,
    Plan,
    backend_for,
    check_encoding_options,
    cp_reason,
    default_encoding,
    has_cnf,
    not_used,
    on_cnf,
    option_default,
    option_names,
    prefers_cp,
    resolve,
    spoken_list,
    takes,
)
from puzzlesat.solvers.registry import BACKENDS, DEFAULT_BACKEND, OPTIONS, BackendInfo, OptionInfo, get

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle

__all__ = [
    "BACKENDS",
    "DEFAULT_BACKEND",
    "OPTIONS",
    "ORDER_SUMS_LIMIT",
    "BackendInfo",
    "OptionInfo",
    "Plan",
    "backend_for",
    "check_encoding_options",
    "default_encoding",
    "get",
    "has_cnf",
    "not_used",
    "on_cnf",
    "open_session",
    "option_default",
    "option_names",
    "cp_reason",
    "prefers_cp",
    "resolve",
    "spoken_list",
    "takes",
]


def open_session(puzzle: Puzzle, plan: Plan | Config) -> Session:
    """Encode `puzzle` and load it into the planned backend (a `Config` is resolved first)."""
    plan = resolve(plan, puzzle)
    module, attr = BACKENDS[plan.backend].target.split(":")
    return getattr(importlib.import_module(module), attr)(puzzle, plan)
