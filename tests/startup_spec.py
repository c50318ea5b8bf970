"""Write `src/puzzlesat/cli/fast_spec.py`, the options of `solve` as the typer-free parser reads them,
from the live typer command: `python -m tests.startup_spec` after changing an option of `solve`
(tests/test_startup.py fails until it is current)."""

from __future__ import annotations

import inspect
import math
import sys
from pathlib import Path
from pprint import pformat

SPEC = Path(__file__).resolve().parent.parent / "src" / "puzzlesat" / "cli" / "fast_spec.py"
COMMAND = "solve"


def spec_text() -> str:
    """The module's text, from `solve`'s click command and its typer signature."""
    import typer

    from puzzlesat.cli import common, entry, plain, solving

    command = typer.main.get_command(entry.registered(COMMAND)).commands[COMMAND]  # type: ignore[attr-defined]
    kinds = {"boolean": "flag", "str": "str", "int": "int", "int range": "int", "float range": "float"}
    options: dict[str, tuple[str, str, float | None]] = {}
    defaults: dict[str, object] = {}
    argument = None
    for p in command.params:
        if p.param_type_name == "argument":
            if argument is not None or p.nargs != 1:
                raise SystemExit(f"{COMMAND}: a second argument or nargs != 1 ({p.name}): extend the fast parser")
            argument = p.name
            continue
        kind = kinds.get(p.type.name)
        plain_option = p.nargs == 1 and not (p.secondary_opts or p.is_eager or p.envvar or getattr(p, "count", False))
        if kind is None or (kind == "flag") != bool(getattr(p, "is_flag", False)) or not plain_option:
            raise SystemExit(f"{COMMAND}: option {p.name} ({p.type.name}) is beyond the fast parser: extend it")
        if p.multiple:
            kind = "multi"
        if getattr(p.type, "max", None) is not None or getattr(p.type, "min_open", False):
            raise SystemExit(f"{COMMAND}: option {p.name} has a bound the fast parser does not check")
        minimum = getattr(p.type, "min", None)
        for opt in p.opts:
            options[opt] = (p.name, kind, minimum)
        defaults[p.name] = None if p.multiple else p.default  # typer passes None for an empty list
    callbacks = {}
    for name, param in inspect.signature(solving.solve).parameters.items():
        info = next((m for m in getattr(param.annotation, "__metadata__", ()) if hasattr(m, "callback")), None)
        if info is not None and info.callback is not None:
            found = getattr(plain, info.callback.__name__, None)
            if found is not info.callback:
                raise SystemExit(f"{COMMAND}: the callback of {name} is not in puzzlesat.cli.plain: move it there")
            callbacks[name] = info.callback.__name__
    config = tuple(name for name, _ in common.SOLVER_OPTIONS)
    assert all(not isinstance(v, float) or math.isfinite(v) for v in defaults.values())
    return (
        '"""The options of `solve` as `puzzlesat.cli.fast` reads them. Generated from the typer command by\n'
        '`python -m tests.startup_spec`; do not edit (tests/test_startup.py checks it is current)."""\n\n'
        f"COMMAND = {COMMAND!r}\n"
        f"ARGUMENT = {argument!r}\n"
        "# option -> (parameter, flag | str | int | float | multi, least value or None)\n"
        f"OPTIONS = {pformat(options, width=110, sort_dicts=False)}\n"
        "# what typer passes for an option not given\n"
        f"DEFAULTS = {pformat(defaults, width=110, sort_dicts=False)}\n"
        "# options with a callback (in puzzlesat.cli.plain), called as click calls them\n"
        f"CALLBACKS = {callbacks!r}\n"
        "# the options that make one Config (common.SOLVER_OPTIONS)\n"
        f"CONFIG = {config!r}\n"
        'STRICT = "strict"\n'
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
