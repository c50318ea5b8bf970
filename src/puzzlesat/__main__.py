"""`python -m puzzlesat ARGS`: the `puzzlesat` command."""

from puzzlesat.cli import main

if __name__ == "__main__":
    main()
