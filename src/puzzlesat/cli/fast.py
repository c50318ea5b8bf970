"""`puzzlesat solve`, `list`, `explain`, `hint` and `grade` without typer: typer and click are 60 ms
of CPU at every start (40% of a small puzzle's `--limit 2` run, a third of a classic sudoku's
`grade`), and these commands on a plain command line need neither.

The options are not declared here: `fast_spec.py` is generated from the live typer commands
(`python -m tests.startup_spec`), and tests/test_startup.py checks that it is current and that this
parser hands each command's body the very arguments typer does. Anything it is not sure of
(`--help`, an unknown or repeated option, a value typer would refuse, `--`, bundled short flags,
`--opt=value`, a value that starts with `-`) returns None, and typer runs the command as always,
with its own messages.
"""

import importlib
from collections.abc import Callable

from puzzlesat.cli.fast_spec import SPECS

# The commands that run without typer, each with the body typer's command calls too (by name:
# imported only when it runs). A command is added here, then `python -m tests.startup_spec`.
RUNS = {
    "solve": "puzzlesat.cli.solve_run:run", "list": "puzzlesat.cli.list_run:run",
    "explain": "puzzlesat.cli.reasoning_run:explain", "hint": "puzzlesat.cli.reasoning_run:hint",
    "grade": "puzzlesat.cli.reasoning_run:grade",
}  # fmt: skip


def _value(kind: str, minimum: float | None, text: str) -> object:
    """The option's value as click converts it, or None where click might say more (then typer runs)."""
    if kind == "str":
        return text
    try:
        number = int(text) if kind == "int" else float(text)
    except ValueError:
        return None
    if (kind == "float" and number != number) or (minimum is not None and number < minimum):  # NaN, out of range
        return None
    return number


def parse(args: list[str]) -> dict[str, object] | None:
    """The keyword arguments click would pass the command `args[0]` for `args[1:]`, or None."""
    spec = SPECS.get(args[0]) if args else None
    if spec is None or args[0] not in RUNS:
        return None
    options, argument = spec["options"], spec["argument"]
    values: dict[str, object] = {}
    rest = iter(args[1:])
    for token in rest:
        if token.startswith("-") and token != "-":
            if token not in options:
                return None
            name, kind, minimum = options[token]
            if kind == "flag":
                value: object = True
            else:
                text = next(rest, None)
                if text is None or (text.startswith("-") and text != "-"):
                    return None
                value = _value("str" if kind == "multi" else kind, minimum, text)
                if value is None:
                    return None
            if kind == "multi":
                values.setdefault(name, [])
                values[name].append(value)  # type: ignore[attr-defined]
                continue
            if name in values:
                return None
            values[name] = value
        elif argument is None or argument in values:
            return None
        else:
            values[argument] = token
    if argument is not None and argument not in values:
        return None
    return {**spec["defaults"], **values}


def _columns() -> int:
    """`shutil.get_terminal_size().columns`, which click's help is wrapped to, without shutil (it
    imports bz2 and lzma): COLUMNS, else the terminal of standard output, else 80."""
    import os
    import sys

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        columns = size.columns or 80
    return columns


def help_text(args: list[str]) -> str | None:
    """The help typer would print for `args` (`--help` or `COMMAND --help`, `-h` alike), as
    generated from it (`help_text.py`), or None: typer prints it (another width, anything else)."""
    if not args or len(args) > 2 or args[-1] not in ("--help", "-h"):
        return None
    from puzzlesat.cli.help_text import TEXTS, WIDTH

    text = TEXTS.get("" if len(args) == 1 else args[0])
    if text is None or args[0] in ("--help", "-h") and len(args) == 2:
        return None
    return text if max(min(_columns(), 80) - 2, 50) == WIDTH else None


def runner(args: list[str]) -> Callable[[list[str] | None], None] | None:
    """What runs `args` without typer, or None: typer's way then."""
    text = help_text(args)
    if text is not None:

        def show(argv: list[str] | None) -> None:
            from puzzlesat.cli.plain import echo

            echo(text[:-1])  # typer's echo of click's help: the text and a newline

        return show
    kwargs = parse(args)
    if kwargs is None:
        return None
    spec, (module, function) = SPECS[args[0]], RUNS[args[0]].split(":")

    def invoke(argv: list[str] | None) -> None:
        import puzzlesat
        from puzzlesat.cli import plain

        for name, callback in spec["callbacks"].items():  # each as click calls it, before the command
            kwargs[name] = getattr(plain, callback)(kwargs[name])
        if spec["config"]:
            kwargs["config"] = puzzlesat.Config(**{name: kwargs.pop(name) for name in spec["config"]})
        if spec["strict"]:
            plain._STRICT.set(bool(kwargs.pop("strict")))
        getattr(importlib.import_module(module), function)(**kwargs)

    return invoke
