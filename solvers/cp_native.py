"""Whether the cp backend's search (the C extension `puzzlesat.solvers._cpsearch`) was built here.

Its own module so that the plan can ask without importing the backend (which imports the plan).
"""

from __future__ import annotations

NOT_BUILT = (
    "the cp backend's search is not compiled here: it is built from C when puzzlesat is installed "
    "(install gcc and reinstall puzzlesat), or use --backend sat"
)


def native() -> type | None:
    """The compiled search, or None where the C extension was not built (no compiler at install)."""
    try:
        from puzzlesat.solvers._cpsearch import Search
    except ImportError:
        return None
    return Search
