"""The `puzzlesat` command line: parses, calls the library, renders (the commands: `commands`)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> None:
    """The console script's entry: the commands are imported only now, so `import puzzlesat.cli`
    costs nothing."""
    from .commands import main as run

    run(argv)


def __getattr__(name: str) -> object:
    """`cli.app`, `cli.web_worker` and the other names of the command module, loaded on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib

    return getattr(importlib.import_module("puzzlesat.cli.commands"), name)
