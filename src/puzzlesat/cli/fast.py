"""`puzzlesat solve` without typer: typer and click are 60 ms of CPU at every start (40% of a small
puzzle's `--limit 2` run), and `solve` on a plain command line needs neither.

The options are not declared here: `fast_spec.py` is generated from the live typer command
(`python -m tests.startup_spec`), and tests/test_startup.py checks that it is current and that this
parser hands `solve` the very arguments typer does. Anything it is not sure of (`--help`, an unknown
or repeated option, a value typer would refuse, `--`, bundled short flags, `--opt=value`, a value that
starts with `-`) returns None, and typer runs the command as always, with its own messages.
"""

from collections.abc import Callable

from puzzlesat.cli.fast_spec import ARGUMENT, CALLBACKS, COMMAND, CONFIG, DEFAULTS, OPTIONS, STRICT


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
    """The keyword arguments click would pass `solve` for `args` (after the command's name), or None."""
    if not args or args[0] != COMMAND:
        return None
    values: dict[str, object] = {}
    rest = iter(args[1:])
    for token in rest:
        if token.startswith("-") and token != "-":
            if token not in OPTIONS:
                return None
            name, kind, minimum = OPTIONS[token]
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
        elif ARGUMENT in values:
            return None
        else:
            values[ARGUMENT] = token
    if ARGUMENT not in values:
        return None
    return {**DEFAULTS, **values}


def runner(args: list[str]) -> Callable[[list[str] | None], None] | None:
    """What runs `args` without typer, or None: typer's way then."""
    kwargs = parse(args)
    if kwargs is None:
        return None

    def invoke(argv: list[str] | None) -> None:
        import puzzlesat
        from puzzlesat.cli import plain
        from puzzlesat.cli.solve_run import run

        for name, callback in CALLBACKS.items():  # in click's order of processing: each as click calls it
            kwargs[name] = getattr(plain, callback)(kwargs[name])
        config = puzzlesat.Config(**{name: kwargs.pop(name) for name in CONFIG})
        plain._STRICT.set(bool(kwargs.pop(STRICT)))
        run(config=config, **kwargs)

    return invoke
