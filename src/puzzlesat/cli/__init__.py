"""The `puzzlesat` command line: one module per command family, each command parse, call, render.

`common` holds the typer app and the options every command shares; `puzzles`, `solving`, `exchange`,
`setter`, `reasoning` and `serving` the commands; `entry` the entry point (signals, errors to one
line and an exit status).
"""

from __future__ import annotations

MODULES = (
    "entry", "common", "starting", "plain", "guarded", "solve_run", "list_run", "reasoning_run", "fast", "fast_spec",
    "puzzles", "solving", "exchange", "setter", "reasoning", "serving",
)  # fmt: skip


def main(argv: list[str] | None = None, *, keep_stop: bool = False) -> None:
    """The console script's entry: the commands are imported only now, so `import puzzlesat.cli`
    costs nothing. `puzzlesat --version` alone is answered before typer is imported, and a plain
    `solve` runs without typer (`fast`; typer and click are 60 ms of a start-up:
    docs/decisions/start-up.md)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"] and sys.stdout is not None:  # closed: entry says so
        from puzzlesat import __version__

        sys.stdout.write(f"puzzlesat {__version__}\n")
        return
    import importlib

    importlib.import_module("puzzlesat.cli.starting")  # first: its start-up signal handlers cover the rest
    invoke = importlib.import_module("puzzlesat.cli.fast").runner(args)
    if invoke is not None:
        importlib.import_module("puzzlesat.cli.guarded").main(argv, invoke, keep_stop=keep_stop)
    from .entry import main as run

    run(argv, keep_stop=keep_stop)


def __getattr__(name: str) -> object:
    """`cli.app`, `cli.web_worker`, `cli.SOLVER_OPTIONS`: a name of the command line's modules, on
    first use (every command registered first)."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib

    if name == "app":  # the whole app, every command registered (a run registers only its own)
        return importlib.import_module("puzzlesat.cli.entry").registered()
    if name in MODULES:  # a submodule asked for by attribute (`from . import common`)
        return importlib.import_module(f"puzzlesat.cli.{name}")
    for module in MODULES:
        found = getattr(importlib.import_module(f"puzzlesat.cli.{module}"), name, None)
        if found is not None:
            return found
    raise AttributeError(f"module 'puzzlesat.cli' has no attribute {name!r}")
