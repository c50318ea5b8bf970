"""The card's entry file: `python cli.py ARGS` is the `puzzlesat` command. The command line itself
lives in the package, `puzzlesat.cli`, so that the installed distribution has one import name."""

import os
import sys

if __name__ == "__main__":
    # Run from a checkout without an install: the package is in src/ beside this file.
    _src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src")
    if os.path.isdir(os.path.join(_src, "puzzlesat")) and _src not in sys.path:
        sys.path.insert(0, _src)
    from puzzlesat.cli import main

    main()
