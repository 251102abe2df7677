"""What the benchmarks share: pinning the process to one core before timing."""

from __future__ import annotations

import os


def pin_one_core() -> str:
    """Pin this process to one core (where the OS allows it); returns what was done, for the report."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"
