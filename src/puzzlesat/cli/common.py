"""The command line's shared parts: the typer app, the options every command declares once, and the
helpers that load a puzzle and write a document. The commands are in this package's other modules."""

# No `from __future__ import annotations` here: typer resolves every option's annotation at start-up,
# and evaluating string annotations cost 10 ms of `puzzlesat --help` (measured).
# First: the start-up signal handlers (see there) cover the imports below.
from puzzlesat.cli import starting  # noqa: F401

# isort: split
import functools
import inspect
from collections.abc import Callable
from typing import Annotated

import typer

import puzzlesat  # (it loads nothing until a name is used; cli.py uses only names in puzzlesat.__all__)
from puzzlesat.cli.plain import (  # noqa: F401 (the commands' shared helpers; typer-free, for the fast `solve`)
    _STRICT,
    _check_output,
    _config,
    _given,
    _load,
    _params,
    _say_workers,
    _ticks,
    _write_doc,
)


def _examples(*lines: str) -> str:
    """An epilog that click prints as written (the \\b stops re-wrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def _exit_statuses(command: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Append the command's exit statuses, from the one table (src/puzzlesat/runtime/errors.py), to its help."""

    def add(function: Callable[..., None]) -> Callable[..., None]:
        function.__doc__ = f"{inspect.cleandoc(function.__doc__ or '')}\n\n{puzzlesat.exit_help(command)}"
        return function

    return add


class _Command(typer.core.TyperCommand):
    """A command whose option help may name the registries' names and defaults (`{encodings}`,
    `{card_default}`, ...: `puzzlesat.option_names`), filled in only when help is shown, so that
    start-up imports no registry."""

    def format_help(self, ctx, formatter) -> None:  # noqa: ANN001 (click's types, not imported here)
        names = {**puzzlesat.option_names(), **puzzlesat.compare_defaults(), "count_method": puzzlesat.COUNT_DEFAULT}
        for param in self.params:
            text = getattr(param, "help", None)
            if text and "{" in text:
                param.help = text.format(**names)
        if self.help and "{" in self.help:
            self.help = self.help.format(**names)
        super().format_help(ctx, formatter)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"puzzlesat {puzzlesat.version}")
        raise typer.Exit(puzzlesat.ExitCode.OK)


app = typer.Typer(
    name="puzzlesat",
    help="Number-placement puzzles (magic squares, stars, sudoku) through Z3 and SAT, enumerated modulo symmetry.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=_examples("puzzlesat list", "puzzlesat show magic-star", "puzzlesat solve magic-star --all"),
)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_version, help="Print the version and exit.")
    ] = False,
) -> None:
    """Number-placement puzzles (magic squares, stars, sudoku) through Z3 and SAT, enumerated modulo symmetry."""


def _complete_puzzle(incomplete: str) -> list[str]:
    return [n for n in puzzlesat.catalog_names() if n.startswith(incomplete)]


PUZZLE_HELP = (
    "A catalog name (see `puzzlesat list`), a TOML puzzle file, an f-puzzles link or string, a SudokuPad "
    "link (quote links for the shell), a classic sudoku line (81 characters, . blank; 16 or 256 for 4x4 "
    "and 16x16), a 729-character sukaku, or a .sdk/.sdm file. A file, or - (standard input), may hold "
    "any of them but a name."
)
PuzzleArg = Annotated[
    str,
    typer.Argument(
        metavar="PUZZLE",
        help=PUZZLE_HELP,
        autocompletion=_complete_puzzle,
        show_default=False,
    ),
]
ParamOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--param", "-p", metavar="KEY=VALUE", help="A catalog parameter (e.g. order=4, points=7, box=2); repeatable."
    ),
]
GivensOpt = Annotated[
    str | None,
    typer.Option(
        metavar="GIVENS",
        help="Givens of a puzzle whose cells form a grid (the sudoku, a [grid] file, an f-puzzles import): "
        "one character or number a cell, row by row; '.' or '0' blank. Replaces the puzzle's own givens.",
    ),
]
SymmetryOpt = Annotated[
    str | None,
    typer.Option(
        metavar="declared|detected|none",
        help="The group solutions are counted modulo: the puzzle's declared generators, the group found in "
        "its constraints (`puzzlesat symmetry`), or none. Default: declared where the puzzle declares "
        "generators, else detected.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="One JSON document for scripts (docs/json.md).")]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        metavar="N",
        help="Split an enumeration still running after 1 s into cubes solved by N local processes "
        "(the sat backend); the same solutions as one process.",
        show_default=False,
    ),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS",
        help="Send the cubes to the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); "
        "needs pip install 'puzzlesat[cluster]'.",
        show_default=False,
    ),
]


OutputOpt = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Also write the JSON document to FILE (atomically; an existing FILE is replaced).",
        callback=_check_output,
    ),
]
# --force: -o replaces the file it names in every command (docs/decisions/stopping.md, "`-o FILE` replaces");
# the flag is still accepted, so that scripts written for the old rule keep working.
ForceOpt = Annotated[bool, typer.Option("--force", hidden=True, help="Accepted and ignored: -o replaces.")]
EncodingOpt = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help="Encoding: {encodings}. Default: for sums outside a grid (magic squares, stars) order, or log "
        "where order's adders would be large (6x6 squares and up); else onehot. z3-int and z3-pb run on "
        "the z3 backend.",
    ),
]
CnfEncodingOpt = Annotated[
    str | None,
    typer.Option(
        "--encoding",
        metavar="NAME",
        help="CNF encoding: {cnf_encodings}. Default: the one `solve` uses for this puzzle (order for sums "
        "outside a grid, log where order's adders would be large, else onehot).",
    ),
]
CardOpt = Annotated[
    str | None,
    typer.Option(
        metavar="NAME", help="Cardinality encoding (encodings onehot, order): {cards}. [default: {card_default}]"
    ),
]
PbOpt = Annotated[
    str | None,
    typer.Option(
        metavar="NAME", help="Pseudo-Boolean encoding of sums (CNF encodings): {pbs}. [default: {pb_default}]"
    ),
]
SolverOpt = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="PySAT solver (sat backend): {solvers}. [default: {solver_default}]"),
]
BackendOpt = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help="sat (PySAT), z3, cp (puzzlesat's own search, in C) or external (--solver-cmd). [default, by "
        "measurement: {cp_rule}; z3 for --encoding z3-int or z3-pb]",
    ),
]
SolverCmdOpt = Annotated[
    str | None,
    typer.Option(
        metavar="COMMAND",
        help='External SAT solver command (--backend external), e.g. "cadical -q"; see docs/dimacs.md.',
    ),
]
TimeoutOpt = Annotated[
    float | None,
    typer.Option(min=0.001, metavar="SECONDS", help="Stop after this many seconds; what was found is kept."),
]


# The options that choose how a puzzle is solved, declared once: a command decorated with
# `_takes(SOLVER_OPTIONS, "config", ...)` shows all six in its --help and receives one Config.
SOLVER_OPTIONS = (
    ("backend", BackendOpt),
    ("encoding", EncodingOpt),
    ("card", CardOpt),
    ("pb", PbOpt),
    ("solver", SolverOpt),
    ("solver_cmd", SolverCmdOpt),
)
# The options that choose a CNF for outside solvers (dimacs, decode): a dict of the three.
CNF_OPTIONS = (("encoding", CnfEncodingOpt), ("card", CardOpt), ("pb", PbOpt))


def _takes(options: tuple[tuple[str, object], ...], into: str, make: Callable[..., object]):
    """Put `options` (name, typer annotation) in place of the command's parameter `into`, and call
    the command with `into=make(**their values)`: options declared once, shared by every command."""

    def wrap(function: Callable[..., None]) -> Callable[..., None]:
        signature = inspect.signature(function)
        params: list[inspect.Parameter] = []
        for p in signature.parameters.values():
            if p.name != into:
                params.append(p)
                continue
            params += [inspect.Parameter(n, p.POSITIONAL_OR_KEYWORD, default=None, annotation=a) for n, a in options]

        @functools.wraps(function)
        def command(**kwargs: object) -> None:
            return function(**{into: make(**{n: kwargs.pop(n) for n, _ in options})}, **kwargs)

        command.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return wrap


StrictOpt = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Refuse a puzzle with cosmetics (f-puzzles' lines, shapes, text, cages, colours: drawn, never "
        "checked) instead of noting that they were ignored.",
    ),
]


def _strict(function: Callable[..., None]) -> Callable[..., None]:
    """Give a command that loads a puzzle the --strict option (declared once, `StrictOpt`)."""
    signature = inspect.signature(function)
    strict = inspect.Parameter("strict", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=StrictOpt)

    @functools.wraps(function)
    def command(*args: object, strict: bool = False, **kwargs: object) -> None:
        _STRICT.set(strict)
        return function(*args, **kwargs)

    command.__signature__ = signature.replace(parameters=[*signature.parameters.values(), strict])  # type: ignore[attr-defined]
    command.__annotations__ = {**getattr(function, "__annotations__", {}), "strict": StrictOpt}
    return command


StateOpt = Annotated[
    str | None,
    typer.Option(
        metavar="VALUES",
        help="The values filled in so far, as --givens writes them (one character a cell, '.' blank); "
        "they must agree with the puzzle's givens.",
    ),
]
MarksOpt = Annotated[
    list[str] | None,
    typer.Option(
        metavar="CELL=DIGITS",
        help="A cell's pencil marks, e.g. r1c1=129: only those values are still possible there; repeatable.",
    ),
]
