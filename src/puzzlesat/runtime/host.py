"""What this machine gives the process: how many processors it may run on."""

from __future__ import annotations

import os


def cores() -> int:
    """The processors this process may run on (its affinity mask where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
