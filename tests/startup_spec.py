"""Write `src/puzzlesat/cli/fast_spec.py`, the options of the commands that run without typer
(`puzzlesat.cli.fast.RUNS`) as the typer-free parser reads them, from the live typer commands:
`python -m tests.startup_spec` after changing an option of one of them (tests/test_startup.py fails
until it is current)."""

from __future__ import annotations

import inspect
import math
import sys
from pathlib import Path
from pprint import pformat

SPEC = Path(__file__).resolve().parent.parent / "src" / "puzzlesat" / "cli" / "fast_spec.py"
KINDS = {"boolean": "flag", "str": "str", "int": "int", "int range": "int", "float range": "float"}


def command_spec(name: str) -> dict[str, object]:
    """One command's spec, from its click command and its typer signature; a parameter the fast
    parser cannot read exactly as click does stops the generator with what to extend."""
    import typer

    from puzzlesat.cli import common, entry, plain

    command = typer.main.get_command(entry.registered(name)).commands[name]  # type: ignore[attr-defined]
    options: dict[str, tuple[str, str, float | None]] = {}
    defaults: dict[str, object] = {}
    argument = None
    for p in command.params:
        if p.param_type_name == "argument":
            if argument is not None or p.nargs != 1:
                raise SystemExit(f"{name}: a second argument or nargs != 1 ({p.name}): extend the fast parser")
            argument = p.name
            continue
        kind = KINDS.get(p.type.name)
        plain_option = p.nargs == 1 and not (p.secondary_opts or p.is_eager or p.envvar or getattr(p, "count", False))
        if kind is None or (kind == "flag") != bool(getattr(p, "is_flag", False)) or not plain_option:
            raise SystemExit(f"{name}: option {p.name} ({p.type.name}) is beyond the fast parser: extend it")
        if p.multiple:
            kind = "multi"
        if getattr(p.type, "max", None) is not None or getattr(p.type, "min_open", False):
            raise SystemExit(f"{name}: option {p.name} has a bound the fast parser does not check")
        minimum = getattr(p.type, "min", None)
        for opt in p.opts:
            options[opt] = (p.name, kind, minimum)
        defaults[p.name] = None if p.multiple else p.default  # typer passes None for an empty list
        if isinstance(p.default, float) and not math.isfinite(p.default):
            raise SystemExit(f"{name}: option {p.name}'s default {p.default} cannot be written back")
    callbacks = {}
    function = next(i.callback for i in entry.app.registered_commands if entry._name(i) == name)
    for pname, param in inspect.signature(function).parameters.items():
        info = next((m for m in getattr(param.annotation, "__metadata__", ()) if hasattr(m, "callback")), None)
        if info is not None and info.callback is not None:
            if getattr(plain, info.callback.__name__, None) is not info.callback:
                raise SystemExit(f"{name}: the callback of {pname} is not in puzzlesat.cli.plain: move it there")
            callbacks[pname] = info.callback.__name__
    config = tuple(n for n, _ in common.SOLVER_OPTIONS)
    takes_config = all(n in defaults for n in config)
    return {
        "argument": argument,
        "options": options,
        "defaults": defaults,
        "callbacks": callbacks,
        "config": config if takes_config else (),
        "strict": "strict" in defaults,
    }


def spec_text() -> str:
    """The module's text: a spec for each command in `fast.RUNS`."""
    from puzzlesat.cli.fast import RUNS

    specs = {name: command_spec(name) for name in RUNS}
    return (
        '"""The options of the commands `puzzlesat.cli.fast` runs without typer, as it reads them. Generated\n'
        "from the typer commands by `python -m tests.startup_spec`; do not edit (tests/test_startup.py\n"
        'checks it is current).\n\n'
        "Per command: its one argument (or None); option -> (parameter, flag | str | int | float | multi,\n"
        "least value or None); what typer passes for an option not given; the options with a callback\n"
        "(in puzzlesat.cli.plain, called as click calls them); the options that make one Config\n"
        '(common.SOLVER_OPTIONS); whether it takes --strict."""\n\n'
        f"SPECS = {pformat(specs, width=110, sort_dicts=False)}\n"
    )


def main() -> None:
    text = spec_text()
    if SPEC.exists() and SPEC.read_text(encoding="utf-8") == text:
        print(f"{SPEC.name}: current")
        return
    SPEC.write_text(text, encoding="utf-8")
    print(f"{SPEC.name}: written", file=sys.stderr)


if __name__ == "__main__":
    main()
