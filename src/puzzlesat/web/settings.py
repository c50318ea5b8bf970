"""What `serve` resolves once from its options, in a module that needs no web framework: `serve`
reads it before it knows whether the extra is installed."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlesat.web.pool import Limits


@dataclass(frozen=True)
class Settings:
    """Everything `serve` resolves once: the pool, the limits, and the hosts the page answers to."""

    workers: int = 2
    limits: Limits = field(default_factory=Limits)
    body_limit: int = 1 << 20
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]")
    loopback: bool = True
