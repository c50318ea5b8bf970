"""The card's entry file: `python cli.py ARGS` is the `puzzlesat` command. The command line itself
lives in the package, `puzzlesat.cli`, so that the installed distribution has one import name."""

import os
import sys


def main(argv: list[str] | None = None) -> None:
    """Run the command line, from a checkout without an install too (the package is in src/)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src")
    if os.path.isdir(os.path.join(src, "puzzlesat")) and src not in sys.path:
        sys.path.insert(0, src)
    from puzzlesat.cli import main as run

    run(argv)


if __name__ == "__main__":
    main()
