"""The `puzzlesat` command line: parses, calls the library, renders. No logic lives here."""

# No `from __future__ import annotations` here: typer resolves every option's annotation at start-up,
# and evaluating string annotations cost 10 ms of `puzzlesat --help` (measured).
import os
import signal
import sys

# A signal that came while starting (SIGINT or SIGTERM), kept for `main` (see below).
_PENDING: list[int] = []


def _interrupted_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM while Python still imports typer and puzzlesat (0.1 s of a run, seconds
    on a loaded machine): the first is kept, and `main` asks the command to stop at its first
    safe point, so a command that reports a stop still prints its (empty) document, exit 3; a
    second one ends the run at once: one line and exit 130 rather than Python's traceback or a
    silent death by the signal. `main` replaces this handler with the one that stops a search."""
    if not _PENDING:
        _PENDING.append(signum)
        return
    os.write(2, b"puzzlesat: terminated\n" if signum == signal.SIGTERM else b"puzzlesat: interrupted\n")
    os._exit(130)  # puzzlesat.ExitCode.INTERRUPTED ("a second Ctrl-C or SIGTERM"), not imported yet


# Only when this process is the command (the console script or `python -m cli`): a program that
# imports cli keeps its own Ctrl-C and SIGTERM behaviour.
if __name__ == "__main__" or os.path.basename(sys.argv[0] if sys.argv else "") == "puzzlesat":
    try:
        signal.signal(signal.SIGINT, _interrupted_while_starting)
        signal.signal(signal.SIGTERM, _interrupted_while_starting)
    except ValueError:  # imported outside the main thread, where handlers cannot be set
        pass

import contextvars  # noqa: E402 (after the handler: these imports are what it covers)
import copy  # noqa: E402
import errno  # noqa: E402
import functools  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Annotated, NoReturn  # noqa: E402

import typer  # noqa: E402

import puzzlesat  # noqa: E402 (loads nothing until a name is used; cli.py uses only names in puzzlesat.__all__)


def _examples(*lines: str) -> str:
    """An epilog that click prints as written (the \\b stops re-wrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def _exit_statuses(command: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Append the command's exit statuses, from the one table (puzzles/errors.py), to its help."""

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
    "A catalog name (see `puzzlesat list`), a path to a .toml puzzle file, an f-puzzles link or string "
    "(or a file holding one; quote a link for the shell), or a classic sudoku line (81 characters, one a "
    "cell, . blank; 16 or 256 for 4x4 and 16x16); - reads any of them from standard input."
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


def _check_output(value: str | None) -> str | None:
    """A bad -o (a folder, no such folder, a read-only file) fails before the work, not after it."""
    if value is not None:
        puzzlesat.check_output(value)
    return value


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
# --force: -o replaces the file it names in every command (docs/decisions.md, "`-o FILE` replaces");
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
        help="sat (PySAT), z3, cp (puzzlesat's own search, in C) or external (--solver-cmd). [default: cp for "
        "figures of up to {cp_cells} cells, else {backend_default}; z3 for --encoding z3-int or z3-pb]",
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


def _config(**names: str | None):
    return puzzlesat.Config(**names)


def _given(**options: object) -> dict[str, object]:
    """The options the user gave: the library's own defaults stand for the others (one place each)."""
    return {k: v for k, v in options.items() if v is not None}


def _params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise puzzlesat.UsageError(f"-p {item!r}: expected KEY=VALUE, e.g. -p order=4")
        if key.strip() in out:  # -p order=3 -p order=4 is a slip, not "the last one wins"
            raise puzzlesat.UsageError(f"-p {key.strip()} is given twice ({out[key.strip()]} and {value.strip()})")
        out[key.strip()] = value.strip()
    return out


def _ticks(workers: int | None) -> bool:
    """Whether the status line may keep its ticker thread: not while local workers are forked from
    this process (a lock the thread holds at the fork would stay held in the child); a Dask
    cluster's workers are not forked from here."""
    return (workers or 1) == 1


def _say_workers(workers: int | None) -> None:
    """One line on stderr when --workers asks for more processes than there are cores (the split
    starts no more than the cores: `puzzlesat.usable_workers`)."""
    note = puzzlesat.usable_workers(workers)[1]
    if note is not None:
        typer.echo(f"puzzlesat: {note}", err=True)


# --strict, set by the `_strict` decorator of each command that loads a puzzle and read by `_load`.
_STRICT = contextvars.ContextVar("strict", default=False)
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


def _load(ref: str, params: list[str] | None, givens: str | None):
    """The puzzle, its likely mistakes (`Puzzle.warnings`) said on stderr, one line each; its
    cosmetics noted in one line, or refused under --strict."""
    puzzle = puzzlesat.load(ref, _params(params) or None, givens)
    if puzzle.cosmetics and _STRICT.get():
        raise puzzlesat.UsageError(f"f-puzzles: {puzzlesat.cosmetics_refusal(puzzle.cosmetics)}")
    for warning in puzzle.warnings:
        typer.echo(f"puzzlesat: warning: {warning}", err=True)
    note = puzzlesat.cosmetics_note(puzzle.cosmetics)
    if note is not None:
        typer.echo(f"puzzlesat: note: {note}", err=True)
    return puzzle


def _write_doc(output: str | None, doc: object) -> None:
    """`-o FILE`: the command's JSON document, written atomically."""
    if output is not None:
        puzzlesat.write_atomic(output, json.dumps(doc) + "\n")


@app.command("list", cls=_Command, epilog=_examples("puzzlesat list", "puzzlesat list --json"))
@_exit_statuses("list")
def list_cmd(as_json: JsonOpt = False, output: OutputOpt = None) -> None:
    """List the built-in puzzles with their titles and parameters."""
    rows = puzzlesat.catalog_entries()
    puzzles = [{"name": e.name, "title": e.title, "params": e.params_help} for e in rows]
    if as_json or output is not None:  # the detected group of each entry at its default parameters
        for entry in puzzles:
            group = puzzlesat.symmetry_report(puzzlesat.load(entry["name"]))
            entry["symmetry"] = {k: group[k] for k in ("order", "cell_order", "declared_order", "relation")}
    doc = {"version": puzzlesat.version, "puzzles": puzzles}
    _write_doc(output, doc)
    if as_json:
        typer.echo(json.dumps(doc))
        return
    width = max(len(e.name) for e in rows)
    for e in rows:
        typer.echo(f"{e.name:<{width}}  {e.title}")
        for p in e.params_help:
            typer.echo(f"{'':<{width}}    -p {p}")


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat show magic-triangle",
        "puzzlesat show sudoku -p box=2",
        "puzzlesat show examples/kakuro.toml --json",
        "puzzlesat show examples/killer-6x6.toml --svg killer.svg",
    ),
)
@_exit_statuses("show")
@_strict
def show(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
    svg: Annotated[
        str | None, typer.Option(metavar="FILE", help="Also draw the empty board with its givens to FILE.svg.")
    ] = None,
) -> None:
    """Show a puzzle: cells, constraints, unknowns, symmetry group and the empty board."""
    if svg is not None:
        puzzlesat.check_svg(svg)
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.write_svg(p, svg)
    doc = puzzlesat.describe_json(p)
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.describe_text(p))


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat symmetry magic-square -p order=4",
        "puzzlesat symmetry sudoku -p box=2 --givens ................",
        "puzzlesat symmetry examples/futoshiki.toml --json",
    )
)
@_exit_statuses("symmetry")
@_strict
def symmetry(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """The puzzle's symmetry group, found in its constraints with nauty.

    Permutations of the cells, relabellings of the values, and both together, that map every
    constraint (domains, givens, sums and their totals, all-different groups, tables) onto one
    of the same kind: the group order, the part that moves only cells, generators in words, and
    how the declared group relates to it. Every generator is checked against the puzzle.
    """
    doc = puzzlesat.symmetry_report(_load(puzzle, param, givens))
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.symmetry_text(doc))


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat solve magic-star --all",
        "puzzlesat solve magic-frame --all --json",
        "puzzlesat solve magic-square -p order=4 --limit 5",
        "puzzlesat solve sudoku -p box=2 --all --no-symmetry",
        "puzzlesat solve examples/frame-primes.toml --all --backend z3 --timeout 10",
        "puzzlesat solve sudoku -p box=2 --givens-file examples/sudokus-4x4.txt --json   # one givens string a line",
        "puzzlesat solve examples/killer-6x6.toml --svg killer.svg",
    ),
)
@_exit_statuses("solve")
@_takes(SOLVER_OPTIONS, "config", _config)
@_strict
def solve(
    puzzle: PuzzleArg,
    all_: Annotated[bool, typer.Option("--all", "-a", help="Enumerate every solution.")] = False,
    limit: Annotated[int | None, typer.Option(min=1, metavar="K", help="Stop after this many solutions.")] = None,
    no_symmetry: Annotated[
        bool,
        typer.Option("--no-symmetry", help="Count raw solutions, not classes modulo the symmetry group."),
    ] = False,
    symmetry: SymmetryOpt = None,
    symmetry_breaking: Annotated[
        str,
        typer.Option(
            metavar="MODE",
            help="How each class is found once: lex (search only canonical solutions), orbit (block each "
            "solution's orbit), auto (lex where exact). [default: {breaking_default}]",
        ),
    ] = None,
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help="One JSON line per solution as it is found, then a summary line.")
    ] = False,
    output: OutputOpt = None,
    givens_file: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Batch: solve every instance in this file (one givens string a line, - for stdin) "
            "on one encoding; --json/--jsonl/-o report per instance.",
        ),
    ] = None,
    svg: Annotated[
        str | None,
        typer.Option(
            metavar="FILE", help="Also draw the first solution (with --all the first class) to FILE.svg, atomically."
        ),
    ] = None,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Solve a puzzle: one solution, or with --all every solution modulo symmetry.

    Boards are printed as they are found, then a summary line; --json prints the sorted list at the end.
    With --givens-file, solve many instances of a grid puzzle (e.g. a file of sudokus, one
    81-character line each): the puzzle is encoded once and each line solved under its givens.
    Every solution is checked against the puzzle by plain Python before it is printed.
    An option the backend or the encoding does not use (e.g. --card with --backend z3) is an error.
    """
    if as_json and jsonl:
        raise puzzlesat.UsageError("--json and --jsonl exclude each other")
    if no_symmetry and symmetry not in (None, "none"):
        raise puzzlesat.UsageError(f"--no-symmetry and --symmetry {symmetry} exclude each other")
    if givens_file is not None and givens is not None:
        raise puzzlesat.UsageError("--givens and --givens-file exclude each other")
    if givens_file is not None and (workers is not None or scheduler is not None):
        flag = "--workers" if workers is not None else "--scheduler"
        raise puzzlesat.UsageError(f"{flag} splits one search; it does not apply to --givens-file")
    if svg is not None:
        if givens_file is not None:
            raise puzzlesat.UsageError("--svg draws one puzzle's solution; it does not apply to --givens-file")
        puzzlesat.check_svg(svg)  # a bad name fails before the search, not after it
    if givens_file is not None:
        instances = puzzlesat.InstanceLog(puzzlesat.iter_instances(puzzle, _params(param) or None, givens_file))
        options = {"all": all_, "limit": limit, "modulo_symmetry": not no_symmetry}
        options["symmetry_breaking"] = symmetry_breaking
        _solve_batch(instances, givens_file, config, options, timeout, as_json, jsonl, output)
        bad = [i for i in instances if i.error is not None]
        if bad:  # the others were solved; the status still says the input was not all good
            source = "<stdin>" if givens_file == "-" else givens_file
            lines = ", ".join(str(i.line) for i in bad)
            raise puzzlesat.UsageError(
                f"{source}: {len(bad)} of {len(instances)} lines {'is' if len(bad) == 1 else 'are'} not an "
                f"instance (line{'s' if len(bad) > 1 else ''} {lines}); the others were solved"
            )
        return
    p = _load(puzzle, param, givens)
    _say_workers(workers)
    progress = puzzlesat.Progress(ticking=_ticks(workers), message="building")
    shown = 0

    def found(solution: puzzlesat.Solution) -> None:
        """Each solution is printed as it is found (text or JSONL), so a pipe sees it at once."""
        nonlocal shown
        with progress.paused():  # the live status on stderr must not run into what is printed
            if jsonl:
                typer.echo(json.dumps(puzzlesat.solution_json(solution, p)))
            elif not as_json:
                shown += 1
                typer.echo(puzzlesat.solution_text(p, solution, shown))
            sys.stdout.flush()
        progress(solution)

    try:
        outcome = puzzlesat.solve(
            p,
            all=all_,
            limit=limit,
            modulo_symmetry=not no_symmetry,
            symmetry_breaking=symmetry_breaking,
            symmetry=symmetry,
            timeout=timeout,
            config=config,
            on_solution=found,
            keep=not jsonl or output is not None or svg is not None,  # --jsonl alone streams: nothing kept
            workers=workers,
            scheduler=scheduler,
            on_search=progress.searching,
        )
    finally:
        progress.stop()
    doc = puzzlesat.outcome_json(p, outcome)
    if svg is not None:
        if outcome.solutions:
            first = outcome.solutions[0]
            puzzlesat.write_svg(p, svg, first.values, first.unknowns)
        else:
            typer.echo(f"puzzlesat: no solution to draw; {svg} not written", err=True)
    _emit(doc, "solutions", lambda: puzzlesat.summary_text(outcome), as_json, jsonl, output)
    code = puzzlesat.exit_code(outcome.stopped)
    if code == puzzlesat.ExitCode.BACKEND:  # what was found is printed above; the failure ends it
        raise puzzlesat.BackendError(outcome.error)
    if code != puzzlesat.ExitCode.OK:
        raise typer.Exit(code)


def _emit(doc: dict, items: str, text: Callable[[], str], as_json: bool, jsonl: bool, output: str | None) -> None:
    """The end of a solve: the JSON document to -o, then the document, a JSONL summary (the document
    without its `items` list, already streamed) or the text."""
    _write_doc(output, doc)
    if as_json:
        typer.echo(json.dumps(doc))
    elif jsonl:
        typer.echo(json.dumps({"summary": {k: v for k, v in doc.items() if k != items}}))
    else:
        typer.echo(text())


def _solve_batch(
    instances, label: str, config, options: dict, timeout, as_json: bool, jsonl: bool, output: str | None
) -> None:
    """`solve --givens-file`: every instance on one session, reported as each finishes."""
    status = puzzlesat.StatusLine()

    def done(index: int, outcome) -> None:
        if jsonl:
            typer.echo(json.dumps(puzzlesat.instance_json(instances[index], outcome)))
            sys.stdout.flush()
        elif not as_json:
            status.close()
            typer.echo(puzzlesat.instance_text(instances[index], outcome, index + 1))
        instances.release(index)  # streamed: only the line and the givens stay
        status.show(f"  {index + 1} instances ")

    try:
        batch = puzzlesat.solve_batch(instances.puzzles(), timeout=timeout, config=config, on_outcome=done, **options)
    finally:
        status.close()
    doc = puzzlesat.batch_json(batch.base, instances, batch)
    _emit(doc, "results", lambda: puzzlesat.batch_summary_text(batch), as_json, jsonl, output)
    if batch.stopped:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)
    bad = [i.line for i in instances.seen if i.error is not None]
    if bad:  # each bad line is reported in its place; the status says there were some
        where = "<stdin>" if label == "-" else label
        lines = f"line{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))}"
        verb = "is" if len(bad) == 1 else "are"
        raise puzzlesat.UsageError(
            f"{where}: {len(bad)} of {len(instances)} lines {verb} not an instance ({lines}); the others were solved"
        )


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat convert examples/clipped-fpuzzles.txt -o clipped.toml   # a file holding an f-puzzles link",
        "puzzlesat convert 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQ"
        "BcMqBfZYHv3lwC6yQv3GCRYwTL5SBC/iFKVqAJnqMW7TjGFCuQA===' -o grid4.toml   # a link, quoted",
        "puzzlesat convert magic-star -o star.toml --json",
        "puzzlesat convert sudoku -p box=2 -o sudoku4.toml",
        "puzzlesat convert thermo-sudoku --to sudokupad   # a link SudokuPad opens",
        "puzzlesat convert 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. --to sdk",
    ),
)
@_exit_statuses("convert")
@_strict
def convert(
    puzzle: PuzzleArg,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="The file to write, replacing it (atomically); else stdout."
        ),
    ] = None,
    to: Annotated[
        str,
        typer.Option(
            "--to",
            metavar="FORMAT",
            help="toml (default), fpuzzles or sudokupad (a link), or sdk (a plain 9x9 sudoku).",
        ),
    ] = "toml",
    force: ForceOpt = False,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print what was written as one JSON document (the TOML in it without -o; docs/json.md)."
        ),
    ] = False,
) -> None:
    """Write a puzzle (catalog, file, link or string) as a TOML puzzle file, or --to another format.

    The file states the puzzle the way a user would write it ([grid] flags, [[dot]], [[cage]],
    [[less]], [[sum]] for arrows) and is read back and compared with the puzzle before it is
    written, so it always loads to the same puzzle. --to fpuzzles and --to sudokupad write a link
    (checked the same way), --to sdk a SadMan file; a puzzle the format cannot hold is refused.
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.convert_puzzle(p, output, to)
    if as_json:
        typer.echo(json.dumps(done.as_json()))
    elif output is None:
        typer.echo(done.text, nl=False)
    else:
        typer.echo(done.summary())


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat dimacs magic-frame",
        "puzzlesat dimacs magic-star --format opb -o star.opb",
    ),
)
@_exit_statuses("dimacs")
@_takes(CNF_OPTIONS, "cnf", dict)
@_strict
def dimacs(
    puzzle: PuzzleArg,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="The file to write, replacing it (default: under cnf_out/)."
        ),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="cnf (DIMACS), opb (pseudo-Boolean) or smt2.")
    ] = "cnf",
    cnf=None,  # the CNF_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    block: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="A `solve --json` result whose solutions (and orbits) to forbid."),
    ] = None,
    force: ForceOpt = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Say what was written as one JSON document (docs/json.md).")
    ] = False,
) -> None:
    """Write a puzzle for outside solvers: DIMACS CNF with its variable map (and FILE.map.json).

    The CNF is the one `solve` solves: the same default encoding, card and PB encodings.
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.export_puzzle(p, fmt=fmt, **cnf, output=output, block=block)
    typer.echo(json.dumps(done.as_json()) if as_json else done.summary())


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat dimacs magic-frame -o f.cnf",
        "cadical -q f.cnf > out.txt",
        "puzzlesat decode magic-frame out.txt --map f.cnf.map.json",
    ),
)
@_exit_statuses("decode")
@_takes(CNF_OPTIONS, "cnf", dict)
@_strict
def decode(
    puzzle: PuzzleArg,
    solver_output: Annotated[
        str, typer.Argument(help="The solver's output (s/v lines, or minisat's result file); - for stdin.")
    ],
    map_file: Annotated[
        str | None,
        typer.Option("--map", metavar="FILE", help="FILE.map.json from `dimacs`, or the exported .cnf/.opb itself."),
    ] = None,
    cnf=None,  # the CNF_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON document, solutions shaped as `solve --json` shapes them.")
    ] = False,
    output: OutputOpt = None,
) -> None:
    """Read a SAT solver's answer back into a board, check it, and draw it."""
    if puzzle == "-" and solver_output == "-":
        raise puzzlesat.UsageError("the puzzle and the solver output cannot both be - (standard input is read once)")
    p = _load(puzzle, param, givens)
    source = puzzlesat.load_map(p, map_file, **cnf)
    answer = puzzlesat.read_input(solver_output, "solver output")
    solution = puzzlesat.decode_answer(p, answer, source, solver_output)
    doc = puzzlesat.decoded_json(p, solution, source.settings, solver_output)
    _write_doc(output, doc)
    if as_json:
        typer.echo(json.dumps(doc))
    else:
        typer.echo(puzzlesat.decoded_text(p, solution, source.settings, solver_output))


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat count sudoku -p box=2 --givens ................",
        "puzzlesat count magic-square -p order=3",
        "puzzlesat count examples/sudoku-6x6.toml --json   # long: 10-30 s, ganak counts 28,200,960 grids",
        "puzzlesat count magic-frame --method enumerate --backend z3",
    ),
)
@_exit_statuses("count")
@_takes(SOLVER_OPTIONS, "config", _config)
@_strict
def count(
    puzzle: PuzzleArg,
    method: Annotated[
        str,
        typer.Option(
            metavar="enumerate|sharpsat|approx|auto",
            help="enumerate (list the solutions, or the classes modulo symmetry, any backend), sharpsat (the "
            "exact model counter ganak on the CNF), approx (ApproxMC: within a factor 1.8, confidence 0.8), "
            "auto (enumerate when that ends quickly, else ganak; with --timeout, ApproxMC when exact counting "
            "has not finished in half of it). [default: {count_method}]",
        ),
    ] = None,
    no_symmetry: Annotated[
        bool, typer.Option("--no-symmetry", help="Count solutions only, not the classes modulo symmetry.")
    ] = False,
    symmetry: SymmetryOpt = None,
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Count the solutions without listing them, and the classes modulo the symmetry group.

    Classes by Burnside's lemma (one count per conjugacy class of the group). Where every relabelling
    of the values is a symmetry (sudoku and Latin squares without givens), one all-different group is
    pinned to its values in order and the count multiplied by n!.
    """
    p = _load(puzzle, param, givens)
    _say_workers(workers)
    status = puzzlesat.Ticker("counting", ticking=_ticks(workers))
    try:
        outcome = puzzlesat.count_solutions(
            p,
            **_given(method=method),
            modulo_symmetry=not no_symmetry,
            symmetry=symmetry,
            timeout=timeout,
            config=config,
            on_progress=status.say,
            workers=workers,
            scheduler=scheduler,
        )
    finally:
        status.stop()
    if outcome.fallback is not None:
        typer.echo(f"puzzlesat: {outcome.fallback}", err=True)
    doc = puzzlesat.count_json(p, outcome)
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.count_text(outcome))
    if not outcome.complete:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    no_args_is_help=True,
    epilog=_examples(
        "puzzlesat compare magic-frame --all",
        "puzzlesat compare magic-star --json",
        "puzzlesat compare magic-star --encoding onehot --card all --pb totalizer --pb bdd",
        "puzzlesat compare magic-square -p order=4 --encoding order --solver cadical195,glucose4 --repeat 3",
        "puzzlesat compare magic-frame --encoding all --card all --pb all --csv > matrix.csv   # long: 211 rows, 5 s",
        "puzzlesat compare magic-frame --all --plot frame.svg   # needs matplotlib: make extras",
        "puzzlesat compare --list",
    ),
)
@_exit_statuses("compare")
@_strict
def compare(
    puzzle: Annotated[
        str | None,
        typer.Argument(
            metavar="PUZZLE",
            help=PUZZLE_HELP,
            autocompletion=_complete_puzzle,
            show_default=False,
        ),
    ] = None,
    encoding: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="An encoding to run (repeatable; a comma list or all also work): {encodings}. "
            "[default: {compare_encodings}]",
        ),
    ] = None,
    card: Annotated[
        list[str] | None,
        typer.Option(metavar="NAME", help="A cardinality encoding for onehot and order (repeatable, or all): {cards}."),
    ] = None,
    pb: Annotated[
        list[str] | None,
        typer.Option(metavar="NAME", help="A PB encoding for the CNF encodings (repeatable, or all): {pbs}."),
    ] = None,
    solver: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME", help="A PySAT solver (repeatable, or all): {solvers}. [default: {solver_default}]"
        ),
    ] = None,
    encodings: Annotated[str | None, typer.Option(hidden=True)] = None,  # the old spelling of --encoding
    solvers: Annotated[str | None, typer.Option(hidden=True)] = None,  # the old spelling of --solver
    all_: Annotated[
        bool, typer.Option("--all", "-a", help="Enumerate every solution (else: time to the first one).")
    ] = False,
    no_symmetry: Annotated[
        bool, typer.Option("--no-symmetry", help="With --all, count raw solutions, not classes.")
    ] = False,
    timeout: Annotated[
        float,
        typer.Option(
            min=0.001,
            metavar="SECONDS",
            help="Seconds per configuration; slower rows say timeout. [default: {compare_timeout}]",
        ),
    ] = None,
    repeat: Annotated[
        int, typer.Option(min=1, metavar="R", help="Run each configuration R times; times are medians.")
    ] = 1,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV, one row per configuration.")] = False,
    plot: Annotated[
        str | None,
        typer.Option(
            metavar="FILE", help="Also draw sizes and times as grouped bars to FILE.png or FILE.svg (needs matplotlib)."
        ),
    ] = None,
    list_: Annotated[
        bool, typer.Option("--list", help="List every encoding, card/PB encoding and solver name, then exit.")
    ] = False,
) -> None:
    """Compare encodings and solvers on one puzzle: sizes, build time, time to first (and all) solutions.

    Without options: the encodings {compare_encodings} (the CNF ones on the default SAT solver),
    one-hot with {onehot_pairs} card/PB pairs ({onehot_pair_list}). Naming --card or --pb runs the
    full cross product for the encodings that use them; the "native" card/PB encodings run only when
    named. Rows are sorted by time, the fastest marked *. Every finished configuration must find the
    same solutions (with --all) or count; rows that fail or time out say so and do not change the
    exit status. A --card, --pb or --solver that no configuration uses is an error.
    """
    if list_:
        typer.echo(puzzlesat.compare_listing())
        return
    if puzzle is None:
        raise puzzlesat.UsageError("compare: missing PUZZLE (or give --list)")
    if as_json and as_csv:
        raise puzzlesat.UsageError("--json and --csv exclude each other")
    if plot is not None:
        puzzlesat.check_plot(plot)  # a bad suffix or a missing matplotlib fails before the matrix runs
    p = _load(puzzle, param, givens)
    configs = puzzlesat.compare_matrix(
        [*(encoding or []), *([encodings] if encodings else [])],
        card,
        pb,
        [*(solver or []), *([solvers] if solvers else [])],
        puzzle=p,
    )
    result = puzzlesat.compare_configs(
        p, configs, all=all_, modulo_symmetry=not no_symmetry, repeat=repeat, **_given(timeout=timeout)
    )
    if plot is not None:
        puzzlesat.write_plot(result, plot)
    doc = puzzlesat.comparison_json(result)
    _write_doc(output, doc)
    if as_json:
        typer.echo(json.dumps(doc))
    elif as_csv:
        typer.echo(puzzlesat.comparison_csv(result))
    else:
        typer.echo(puzzlesat.comparison_text(result))
    for line in result.disagreements:
        typer.echo(typer.style(line, fg="red") if sys.stderr.isatty() else line, err=True)
    if not result.consistent:
        raise typer.Exit(puzzlesat.ExitCode.INCONSISTENT)
    if result.interrupted:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


# --- the setter's questions (issue 15): check, candidates, clues, generate ---------------------------


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat check sudoku",
        "puzzlesat check sudoku -p box=2 --givens 1...............   # exit 11: more than one solution",
        "puzzlesat check examples/killer-6x6.toml --json",
        "puzzlesat check magic-blocks --symmetry declared",
    ),
)
@_exit_statuses("check")
@_takes(SOLVER_OPTIONS, "config", _config)
@_strict
def check(
    puzzle: PuzzleArg,
    symmetry: Annotated[
        str | None,
        typer.Option(
            metavar="declared|detected|none",
            help="Unique up to this group, one class counting once: the puzzle's declared generators, or the "
            "group found in its constraints (`puzzlesat symmetry`). Default: none, every solution counts.",
            show_default=False,
        ),
    ] = None,
    modulo_symmetry: Annotated[bool, typer.Option("--modulo-symmetry", hidden=True)] = False,  # --symmetry declared
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """Is the solution unique? unique (exit 0), none, or multiple: then two solutions side by side,
    the cells where they differ marked *.

    One search for at most two solutions, each checked by plain Python.
    """
    p = _load(puzzle, param, givens)
    progress = puzzlesat.Progress()
    try:
        checked = puzzlesat.check_unique(
            p,
            modulo_symmetry=modulo_symmetry or symmetry not in (None, "none"),
            symmetry=symmetry if symmetry not in (None, "none") else "declared",
            timeout=timeout,
            config=config,
            on_solution=progress,
        )
    finally:
        progress.stop()
    doc = puzzlesat.check_json(checked)
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.check_text(checked))
    raise typer.Exit(checked.exit_code)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat candidates sudoku -p box=2 --givens 1...2...3...4...   # a 4x4 sudoku with few givens",
        "puzzlesat candidates examples/killer-6x6.toml",
        "puzzlesat candidates magic-frame --json",
        "puzzlesat candidates examples/kenken.toml --timeout 5",
        "puzzlesat candidates sudoku -p box=2 --givens 1...2...3...4... --counts --svg marks.svg",
    ),
)
@_exit_statuses("candidates")
@_takes(SOLVER_OPTIONS, "config", _config)
@_strict
def candidates(
    puzzle: PuzzleArg,
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
    counts: Annotated[
        bool,
        typer.Option("--counts", help="Also count, for each cell and value, the solutions with that value there."),
    ] = False,
    svg: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Also draw the grid with its pencil marks (and --counts) to FILE.svg."),
    ] = None,
) -> None:
    """The true candidates of every cell: each value it takes in some solution, as pencil marks.

    Each solution found marks all its values; only the cell-value pairs still unmarked are asked
    about, under assumptions on one encoded session. On --timeout or Ctrl-C the candidates found
    are certain and the pairs not yet asked are shown as ? (unknown in --json).
    """
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.check_candidates_svg(p, svg)
    status = puzzlesat.Ticker("asking")
    try:
        result = puzzlesat.find_candidates(
            p,
            timeout=timeout,
            config=config,
            on_call=lambda calls, left: status.say(f"{calls} calls, {left} pairs left"),
            counts=counts,
        )
    finally:
        status.stop()
    doc = puzzlesat.candidates_json(result)
    _write_doc(output, doc)
    if svg is not None:
        puzzlesat.write_candidates_svg(result, svg)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.candidates_text(result))
    if not result.complete:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat clues sudoku",
        "puzzlesat clues examples/x-sudoku.toml --json",
        "puzzlesat clues sudoku -p box=2 --givens 23141....2....4. --backend z3",
    ),
)
@_exit_statuses("clues")
@_takes(SOLVER_OPTIONS, "config", _config)
@_strict
def clues(
    puzzle: PuzzleArg,
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """Which givens of a unique puzzle are redundant (removable alone), and a minimal set of givens.

    The puzzle is encoded once without its givens; each test is a scope with some givens assumed
    and the solution blocked. Givens are tried in cell order, so the answer is deterministic.
    A puzzle without a unique solution is an error with check's exit status (11 or 20).
    """
    p = _load(puzzle, param, givens)
    status = puzzlesat.Ticker("weighing the givens")
    try:
        result = puzzlesat.find_clues(
            p,
            timeout=timeout,
            config=config,
            on_step=lambda calls: status.say(f"{calls} calls"),
        )
    finally:
        status.stop()
    doc = puzzlesat.clues_json(result)
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.clues_text(result))
    if not result.complete:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat generate sudoku --seed 7",
        "puzzlesat generate sudoku -p box=2 --seed 1 -o small.toml",
        "puzzlesat generate killer-sudoku -p size=6 --seed 3",
        "puzzlesat generate kenken -p size=5 --json",
        "puzzlesat generate sudoku --difficulty easy",
    ),
)
@_exit_statuses("generate")
def generate(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="sudoku, killer-sudoku or kenken.", show_default=False)],
    seed: Annotated[int, typer.Option(metavar="N", help="The random seed: the same seed makes the same puzzle.")] = 1,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            "-p",
            metavar="KEY=VALUE",
            help="sudoku box=2|3|4; killer-sudoku size=4|6|9; kenken size=4..9.",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the puzzle file (TOML, as `solve FILE` reads) here, replacing it.",
            callback=_check_output,
        ),
    ] = None,
    force: ForceOpt = False,
    difficulty: Annotated[
        str | None,
        typer.Option(
            metavar="LEVEL",
            help="Make it grade at this level (easy, medium, hard, expert, extreme; `puzzlesat grade`): "
            "givens are added back where it is too hard, and further seeds tried.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Generate a new puzzle with one solution and minimal givens, from a random full solution.

    Deterministic: the same kind, parameters and --seed give the same puzzle and the same file.
    The result is proved unique by a second search before it is shown.
    """
    status = puzzlesat.Ticker(f"generating a {kind}")
    try:
        if difficulty is None:
            made = puzzlesat.generate_puzzle(kind, seed=seed, params=_params(param) or None)
        else:
            made = puzzlesat.generate_at(kind, difficulty, seed=seed, params=_params(param) or None)
    finally:
        status.stop()
    done = puzzlesat.convert_puzzle(made.puzzle, output)
    written = None if output is None else str(done.path)
    if as_json:
        typer.echo(json.dumps(puzzlesat.generated_json(made, done.text, written)))
    else:
        typer.echo(puzzlesat.generated_text(made) + (f"\nwritten to {written}" if written else ""))


# --- the person's questions (issue 29): explain, hint, grade ----------------------------------------

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


def _state(p, state: str | None, marks: list[str] | None):
    """--state and --marks as the API takes them (entered values, kept values by cell)."""
    return puzzlesat.parse_state(p, state, marks or [])


def _explain(p, state, marks, timeout, max_steps=None, on_step=None):
    values, kept = _state(p, state, marks)
    status = puzzlesat.Ticker("explaining")
    steps = 0

    def stepped(step) -> None:
        nonlocal steps
        steps += 1
        status.say(f"explaining: {steps} step{'s' if steps > 1 else ''}")
        if on_step is not None:
            with status.paused():  # a step line on the terminal must not run into the status
                on_step(step)

    try:
        return puzzlesat.explain(p, values=values, marks=kept, timeout=timeout, max_steps=max_steps, on_step=stepped)
    finally:
        status.stop()


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat explain sudoku",
        "puzzlesat explain sudoku --boards --max-steps 2",
        "puzzlesat explain examples/killer-6x6.toml --json",
        "puzzlesat explain sudoku --svg steps/",
    ),
)
@_exit_statuses("explain")
@_strict
def explain(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    state: StateOpt = None,
    marks: MarksOpt = None,
    boards: Annotated[bool, typer.Option("--boards", help="Draw the pencil marks after each step.")] = False,
    svg: Annotated[
        str | None, typer.Option(metavar="DIR", help="Write one picture a step to DIR (step-001.svg, ...).")
    ] = None,
    max_steps: Annotated[int | None, typer.Option(min=1, metavar="N", help="Stop after N steps.")] = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """The steps a person would take, from the givens to the solution, cheapest first.

    Each step deduces values (or rules values out) from a few of the puzzle's rules and the facts
    known before it, found as a smallest unsatisfiable subset on the rules' CNF and re-checked by a
    fresh solver before it is printed. Where no small set suffices, a step is a case split. A puzzle
    with more than one solution stops where nothing more follows; one with none gets a smallest set
    of rules and givens that conflict (exit 20).
    """
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.check_svg_dir(svg)
    stream = not as_json and not boards and svg is None and sys.stdout.isatty()
    shown = []

    def on_step(step) -> None:
        shown.append(step)
        if stream:
            typer.echo(puzzlesat.explain_step_line(len(shown), step, p.cells))

    result = _explain(p, state, marks, timeout, max_steps, on_step)
    doc = puzzlesat.explain_json(result)
    _write_doc(output, doc)
    if svg is not None and result.steps:
        puzzlesat.write_step_svgs(result, svg)
    if as_json:
        typer.echo(json.dumps(doc))
    elif stream:
        typer.echo(puzzlesat.explain_summary(result) if result.conflict is None else puzzlesat.explain_text(result))
    else:
        typer.echo(puzzlesat.explain_text(result, boards=boards))
    if result.conflict is not None:
        raise typer.Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat hint sudoku",
        "puzzlesat hint sudoku --marks r4c6=19",
        "puzzlesat hint sudoku --svg hint.svg",
        "puzzlesat hint examples/killer-6x6.toml --json",
    ),
)
@_exit_statuses("hint")
@_strict
def hint(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    state: StateOpt = None,
    marks: MarksOpt = None,
    svg: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Also draw the step on the board, with its pencil marks, to FILE.svg."),
    ] = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """The next step only: from the puzzle, or from the values filled in (--state) and the pencil
    marks kept (--marks). Entries that break the puzzle get the smallest conflict instead (exit 20).
    """
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.check_svg(svg)
    result = _explain(p, state, marks, timeout, max_steps=1)
    doc = puzzlesat.hint_json(result)
    _write_doc(output, doc)
    if svg is not None and not puzzlesat.write_hint_svg(result, svg):
        typer.echo(f"puzzlesat: no step to draw; {svg} not written", err=True)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.hint_text(result))
    if result.conflict is not None:
        raise typer.Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped and not result.steps:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    epilog=_examples("puzzlesat grade sudoku", "puzzlesat grade examples/killer-6x6.toml --json"),
)
@_exit_statuses("grade")
@_strict
def grade(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """How hard is it? A score and a level (easy, medium, hard, expert, extreme) from the steps of
    `explain`: the hardest step's cost plus the work beyond singles, on one scale for every kind.
    """
    p = _load(puzzle, param, givens)
    result = _explain(p, None, None, timeout)
    doc = puzzlesat.grade_json(result) if result.conflict is None else puzzlesat.explain_json(result)
    _write_doc(output, doc)
    if as_json:
        typer.echo(json.dumps(doc))
    else:
        typer.echo(puzzlesat.grade_text(result) if result.conflict is None else puzzlesat.explain_text(result))
    if result.conflict is not None:
        raise typer.Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


def _on_signal(signum: int, frame: object) -> None:
    """First Ctrl-C or SIGTERM: stop the search at its next safe point; a second one: stop now."""
    if puzzlesat.STOP.is_set():
        raise KeyboardInterrupt
    puzzlesat.request_stop(puzzlesat.Status.TERMINATED if signum == signal.SIGTERM else puzzlesat.Status.INTERRUPT)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat serve --self-test",
        "puzzlesat serve   # not run: serves until Ctrl-C",
        "puzzlesat serve sudoku --port 8001   # not run",
        "puzzlesat serve --workers 4 --timeout 120 --memory 4GiB   # not run",
    ),
)
@_exit_statuses("serve")
def serve(
    puzzle: Annotated[
        str | None,
        typer.Argument(
            metavar="PUZZLE", help="A catalog name or a link the printed address opens the page on.", show_default=False
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            metavar="ADDRESS", help="The address to listen on; other than loopback, anyone who reaches it may use it."
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, metavar="PORT", help="The port to listen on (0: any free port).")
    ] = 8000,
    workers: Annotated[
        int, typer.Option(min=1, max=64, metavar="N", help="Worker processes: at most N requests run at once.")
    ] = 2,
    timeout: Annotated[
        float, typer.Option(min=0.1, metavar="SECONDS", help="The time limit of one request; a request may ask less.")
    ] = 60.0,
    memory: Annotated[
        str,
        typer.Option(
            metavar="SIZE", help="The memory one request may add, e.g. 512MiB or 4GiB; size estimates refuse more."
        ),
    ] = "2GiB",
    body_limit: Annotated[
        str, typer.Option(metavar="SIZE", help="The largest request body; larger ones get 413.")
    ] = "1MiB",
    queue: Annotated[
        int, typer.Option(min=1, metavar="N", help="Requests that may wait for a worker; more get 503.")
    ] = 100,
    self_test: Annotated[
        bool,
        typer.Option(
            "--self-test", help="Start on a free port, ask the page, a check, a hint and a body past the limit, stop."
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Say where it serves (or the self-test) as one JSON document (docs/web.md).")
    ] = False,
    output: OutputOpt = None,
) -> None:
    """A local page for setters: the board with its rules, candidates, hints, the explanation, the
    grade, counts, clues, generation and links out, in a browser; and a JSON API that answers as the
    commands' --json do (docs/web.md). Needs pip install 'puzzlesat[web]'. Ctrl-C stops it.
    """
    from web.serve import bind, need_extra, run, self_test_text, settings_for, url
    from web.serve import self_test as check_server

    need_extra()
    settings = settings_for(host, workers, timeout, memory, body_limit, queue)
    worker = [sys.executable, "-c", "import cli; cli.web_worker()"]
    if self_test:
        checks = check_server(typer.main.get_command(app), worker, settings, host)
        doc = {"version": puzzlesat.version, "host": host, "workers": workers, "checks": checks}
        doc["ok"] = all(c["status"] == c["expected"] for c in checks)
        _write_doc(output, doc)
        typer.echo(json.dumps(doc) if as_json else self_test_text(checks, host, workers))
        if not doc["ok"]:
            raise puzzlesat.BackendError("serve --self-test: an answer was not the one expected (above)")
        return
    sock = bind(host, port)
    address = url(host, sock.getsockname()[1], puzzle)
    doc = {
        "version": puzzlesat.version,
        "url": address,
        "host": host,
        "port": sock.getsockname()[1],
        "workers": workers,
        "timeout": timeout,
        "memory": settings.limits.memory,
        "body_limit": settings.body_limit,
        "queue": queue,
    }
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else f"puzzlesat: serving {address} (Ctrl-C stops)")
    if not settings.loopback:
        typer.echo(f"puzzlesat: warning: listening on {host}: anyone who can reach it may use it", err=True)
    run(typer.main.get_command(app), worker, settings, sock)


def web_worker() -> None:
    """One worker process of `puzzlesat serve` (web/worker.py): runs the command lines the server
    sends, each as `main` runs it, its output captured."""

    def run(argv: list[str]) -> int:
        try:
            main(argv)
        except SystemExit as e:
            return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        return 0

    from web.worker import serve as loop

    loop(run)


def _stopped_line() -> str:
    """What a run stopped at once says: `terminated` after a SIGTERM, else `interrupted`."""
    return "puzzlesat: terminated" if puzzlesat.stop_reason() == "terminated" else "puzzlesat: interrupted"


def _click_command(argv: list[str] | None) -> typer.core.TyperGroup:
    """The click group, holding only the subcommand the command line starts with, if any:
    typer reads every command's signature to build each, 11 ms of every start-up for 14 commands
    (measured), and a run uses one. `puzzlesat`, `--help` or a misspelt command get them all."""
    args = sys.argv[1:] if argv is None else argv
    wanted = args[0] if args else None  # `puzzlesat --help solve` is the root's help: all of them
    chosen = [
        info
        for info in app.registered_commands
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == wanted  # type: ignore[union-attr]
    ]
    if not chosen:
        return typer.main.get_command(app)  # type: ignore[return-value]
    only = copy.copy(app)
    only.registered_commands = chosen
    return typer.main.get_command(only)  # type: ignore[return-value]


def _output_failed(e: OSError) -> NoReturn:
    """Standard output failed: one line and exit 74, except for a reader that went away (`| head`),
    a filter's normal end: quietly, exit 141, as `seq 1000000 | head` ends (docs/decisions.md)."""
    failure = puzzlesat.output_failure(e)
    if failure.exit_code != puzzlesat.ExitCode.CLOSED_PIPE:
        typer.echo(f"puzzlesat: error: {failure}", err=True)
    sys.exit(failure.exit_code)


def _stop_at_once(argv: list[str] | None, signum: int) -> None:
    """The signal that came during the imports: a stop request that a command reporting stops (the
    commands of exit status 3) honours at its first safe point, printing the document of a run
    that found nothing yet; any other command ends here, as a signal at start-up did: one line, 130."""
    puzzlesat.request_stop(puzzlesat.Status.TERMINATED if signum == signal.SIGTERM else puzzlesat.Status.INTERRUPT)
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in puzzlesat.EXIT_STATUSES[puzzlesat.ExitCode.STOPPED].commands:
        raise KeyboardInterrupt


def _guard_solvers(argv: list[str] | None) -> Callable[[], None]:
    """For a command that runs solver libraries (the commands of exit status 4): a library that
    aborts the process (a C++ solver out of memory) ends it with one line and exit 4, not exit 134
    (solvers/last_words.py); returns what takes that back."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in puzzlesat.EXIT_STATUSES[puzzlesat.ExitCode.BACKEND].commands:
        return puzzlesat.guard_aborts()
    return lambda: None


def main(argv: list[str] | None = None) -> NoReturn:
    """Entry point: every error the user can cause becomes one line on stderr and its exit status
    (puzzlesat.EXIT_STATUSES). The SIGINT and SIGTERM handlers it installs are put back as it
    ends, and the stop flag cleared, so a program (or a test) that calls it keeps its own: a
    signal to it afterwards is not a stop request for a search that has ended."""
    if sys.stdout is None:  # started with standard output closed (`>&-`): nothing it says could be seen
        _output_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))
    puzzlesat.reset_stop()
    saved = {signum: signal.signal(signum, _on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
    puzzlesat.start_signal_watcher()  # wakes a native search (Z3) that holds the handlers back
    unguard = _guard_solvers(argv)
    try:
        _main(argv)
    finally:
        # The command's own process (the start-up handler was its) keeps both to its exit: the
        # start-up handler would turn a late Ctrl-C into exit 130, and a solver freed as Python
        # exits may still abort. A program or a test that called main gets its own back.
        if saved[signal.SIGINT] is not _interrupted_while_starting:
            unguard()
            for signum, previous in saved.items():
                signal.signal(signum, signal.SIG_DFL if previous is None else previous)
        puzzlesat.reset_stop()


def _main(argv: list[str] | None) -> NoReturn:
    """`main` inside its signal handlers: the command, and its errors as one line and a status."""
    try:
        if _PENDING:
            _stop_at_once(argv, _PENDING.pop())
        code = _click_command(argv).main(args=argv, prog_name="puzzlesat", standalone_mode=False)
    except puzzlesat.PuzzleSatError as e:
        typer.echo(f"puzzlesat: error: {e}", err=True)
        sys.exit(e.exit_code)
    except typer.TyperException as e:  # click's usage errors (typer vendors click)
        if puzzlesat.is_help_request(e):  # bare `puzzlesat` or `puzzlesat compare`: show the help
            typer.echo(e.format_message())
            sys.exit(puzzlesat.ExitCode.OK)
        typer.echo(f"puzzlesat: error: {e.format_message()}", err=True)
        sys.exit(puzzlesat.ExitCode.USAGE)
    except (typer.Abort, KeyboardInterrupt):  # a second signal, or a stop where nothing is kept (convert)
        typer.echo(_stopped_line(), err=True)
        sys.exit(puzzlesat.ExitCode.INTERRUPTED)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except SystemExit as e:  # typer answers a closed pipe (EPIPE) with a silent exit 1: ours is 141
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _output_failed(BrokenPipeError(errno.EPIPE, "Broken pipe"))
        raise
    except MemoryError:  # past the size estimate (encoders/estimate.py): one line, not a traceback
        typer.echo("puzzlesat: error: out of memory; a smaller encoding may fit (see docs/guarantees.md)", err=True)
        sys.exit(puzzlesat.ExitCode.BACKEND)
    except OSError as e:  # writing to standard output failed: a full disk or device, a closed pipe
        _output_failed(e)
    if code == puzzlesat.ExitCode.INTERRUPTED:  # typer turns a KeyboardInterrupt into a silent Exit(130)
        typer.echo(_stopped_line(), err=True)
    sys.exit(code if isinstance(code, int) else puzzlesat.ExitCode.OK)


if __name__ == "__main__":
    main()
