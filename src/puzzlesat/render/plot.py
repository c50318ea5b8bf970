"""`compare --plot`: one figure, two panels of grouped bars per configuration, size and time.

matplotlib is an optional extra (`pip install 'puzzlesat[plot]'`), imported only here and only when
a plot is drawn; `check` says it is missing before any configuration runs. The figure is drawn on
an Agg canvas without pyplot (no global state), rendered to memory and written atomically. SVG
output is deterministic (fixed hash salt, no date) and keeps its labels as text.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlesat.runtime.errors import UsageError

if TYPE_CHECKING:
    from puzzlesat.search.compare import Comparison, Row

FORMATS = {".png": "png", ".svg": "svg"}
SIZE_BARS = (("variables", "variables"), ("clauses", "clauses"))
TIME_BARS = (("build_seconds", "build"), ("first_seconds", "first"), ("all_seconds", "all"))


def check(path: str) -> str:
    """The output format for `path`; a UsageError for another suffix or a missing matplotlib."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"--plot {path}: unknown file type {suffix or '(none)'!r}; valid: {', '.join(FORMATS)}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'puzzlesat[plot]'") from None
    return FORMATS[suffix]


def label(row: Row) -> str:
    """The configuration as the table names it, with the status when it did not finish."""
    return row.label + ("" if row.status == "ok" else f" ({row.status.split(':')[0]})")


def _panel(ax, rows: list[Row], bars: tuple[tuple[str, str], ...], xlabel: str) -> None:
    """Horizontal grouped bars: one group per row (top to bottom in table order), one bar per field."""
    height = 0.8 / len(bars)
    for i, (field, name) in enumerate(bars):
        ys = [r + (i - (len(bars) - 1) / 2) * height for r in range(len(rows))]
        values = [getattr(row, field) for row in rows]
        ax.barh(ys, [v or 0 for v in values], height=height, label=name)
    for r, row in enumerate(rows):
        if all(getattr(row, field) is None for field, _ in bars):
            ax.text(0, r, " n/a", va="center", fontsize="small", color="0.4")
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="best", fontsize="small")


def figure_bytes(comparison: Comparison, fmt: str) -> bytes:
    """The comparison's figure as PNG or SVG bytes (rows in the table's order, fastest on top)."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = comparison.sorted_rows()
    times = TIME_BARS if comparison.all else TIME_BARS[:2]
    with matplotlib.rc_context({"svg.hashsalt": "puzzlesat", "svg.fonttype": "none"}):
        fig = Figure(figsize=(12, 1.5 + 0.45 * max(1, len(rows))), layout="constrained")
        FigureCanvasAgg(fig)
        size_ax, time_ax = fig.subplots(1, 2, sharey=True)
        _panel(size_ax, rows, SIZE_BARS, "CNF size (none for Z3)")
        _panel(time_ax, rows, times, "seconds")
        size_ax.set_yticks(range(len(rows)), [label(r) for r in rows], fontsize="small")
        size_ax.invert_yaxis()
        scope = "first solution"
        if comparison.all:
            scope = "all solutions" + (" modulo symmetry" if comparison.modulo_symmetry else "")
        fig.suptitle(f"puzzlesat compare {comparison.puzzle.name}: {scope}")
        buf = io.BytesIO()
        fig.savefig(buf, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    return buf.getvalue()


def write_plot(comparison: Comparison, path: str) -> Path:
    """Draw the comparison to `path` (.png or .svg), written atomically."""
    from puzzlesat.runtime.atomic import write_atomic

    return write_atomic(path, figure_bytes(comparison, check(path)))
