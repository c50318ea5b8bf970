"""The `puzzlesat` command line: parses, calls the library, renders. No logic lives here."""

# No `from __future__ import annotations` here: typer resolves every option's annotation at start-up,
# and evaluating string annotations cost 10 ms of `puzzlesat --help` (measured).
import os
import signal
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C while Python still imports typer and puzzlesat (the first 0.1 s of a run): nothing
    has been computed yet, so one line and exit 130 rather than Python's traceback. `main`
    replaces this handler with the one that stops a search."""
    os.write(2, b"puzzlesat: interrupted\n")
    os._exit(130)  # puzzlesat.ExitCode.INTERRUPTED, not imported yet


# Only when this process is the command (the console script or `python -m cli`): a program that
# imports cli keeps its own Ctrl-C behaviour.
if __name__ == "__main__" or os.path.basename(sys.argv[0] if sys.argv else "") == "puzzlesat":
    try:
        signal.signal(signal.SIGINT, _interrupted_while_starting)
    except ValueError:  # imported outside the main thread, where handlers cannot be set
        pass

import copy  # noqa: E402 (after the handler: these imports are what it covers)
import errno  # noqa: E402
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
        names = puzzlesat.option_names()
        for param in self.params:
            text = getattr(param, "help", None)
            if text and "{" in text:
                param.help = text.format(**names)
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
    "A catalog name (see `puzzlesat list`), a path to a .toml puzzle file, or an f-puzzles link or string "
    "(or a file holding one; quote a link for the shell)."
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
        help="sat (PySAT), z3, or external (--solver-cmd). [default: {backend_default}, or z3 for --encoding "
        "z3-int or z3-pb]",
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


def _params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise puzzlesat.UsageError(f"-p {item!r}: expected KEY=VALUE, e.g. -p order=4")
        out[key.strip()] = value.strip()
    return out


def _ticks(workers: int | None) -> bool:
    """Whether the status line may keep its ticker thread: not while local workers are forked from
    this process (a lock the thread holds at the fork would stay held in the child); a Dask
    cluster's workers are not forked from here."""
    return (workers or 1) == 1


def _load(ref: str, params: list[str] | None, givens: str | None):
    return puzzlesat.load(ref, _params(params) or None, givens)


def _write_doc(output: str | None, doc: object) -> None:
    """`-o FILE`: the command's JSON document, written atomically."""
    if output is not None:
        puzzlesat.write_atomic(output, json.dumps(doc) + "\n")


@app.command("list", cls=_Command, epilog=_examples("puzzlesat list", "puzzlesat list --json"))
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
        typer.echo(json.dumps(doc, indent=1))
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
        "puzzlesat show my.toml --json",
        "puzzlesat show killer.toml --svg killer.svg",
    ),
)
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
    typer.echo(json.dumps(doc, indent=1) if as_json else puzzlesat.describe_text(p))


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat symmetry magic-square -p order=4",
        "puzzlesat symmetry sudoku -p box=2 --givens ................",
        "puzzlesat symmetry my-puzzle.toml --json",
    )
)
@_exit_statuses("symmetry")
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
    typer.echo(json.dumps(doc, indent=1) if as_json else puzzlesat.symmetry_text(doc))


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat solve magic-star --all",
        "puzzlesat solve magic-frame --all --json",
        "puzzlesat solve magic-square -p order=4 --limit 5",
        "puzzlesat solve sudoku -p box=2 --all --no-symmetry",
        "puzzlesat solve my-puzzle.toml --all --backend z3 --timeout 10",
        "puzzlesat solve sudoku --givens-file top95.txt --json",
        "puzzlesat solve killer.toml --svg killer.svg",
    ),
)
@_exit_statuses("solve")
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
            "solution's orbit), auto (lex where exact).",
        ),
    ] = "auto",
    backend: BackendOpt = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    solver: SolverOpt = None,
    solver_cmd: SolverCmdOpt = None,
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
    if output is not None:
        puzzlesat.check_output(output)  # a bad -o (a folder, no such folder, '') fails before the search
    config = puzzlesat.Config(
        backend=backend, encoding=encoding, card=card, pb=pb, solver=solver, solver_cmd=solver_cmd
    )
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
    progress = puzzlesat.Progress(ticking=_ticks(workers))
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
        )
    finally:
        progress.stop()
    doc = puzzlesat.outcome_json(p, config, outcome)
    if svg is not None:
        if outcome.solutions:
            first = outcome.solutions[0]
            puzzlesat.write_svg(p, svg, first.values, first.unknowns)
        else:
            typer.echo(f"puzzlesat: no solution to draw; {svg} not written", err=True)
    _emit(doc, "solutions", lambda: puzzlesat.summary_text(outcome), as_json, jsonl, output)
    if outcome.stopped == "failed":  # what was found is printed above; the failure ends it
        raise puzzlesat.BackendError(outcome.error)
    if outcome.cut_short:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


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
    doc = puzzlesat.batch_json(batch.base, config, instances, batch)
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
        "puzzlesat convert 'https://www.f-puzzles.com/?load=N4Ig...' -o clipped.toml",
        "puzzlesat convert clipped.txt > clipped.toml   # a file holding the link or string",
        "puzzlesat convert magic-star -o star.toml --json",
        "puzzlesat convert sudoku -p box=2 -o sudoku4.toml",
    ),
)
@_exit_statuses("convert")
def convert(
    puzzle: PuzzleArg,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="The .toml file to write, replacing it (atomically); else stdout."
        ),
    ] = None,
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
    """Write a puzzle (catalog, TOML file, f-puzzles link or string) as a TOML puzzle file.

    The file states the puzzle the way a user would write it ([grid] flags and dots, [[cage]],
    [[less]], [[sum]] for arrows) and is read back and compared with the puzzle before it is
    written, so it always loads to the same puzzle.
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.convert_puzzle(p, output)
    if as_json:
        typer.echo(json.dumps(done.as_json()))
    elif output is None:
        typer.echo(done.text, nl=False)
    else:
        typer.echo(done.summary())


@app.command(cls=_Command)
@_exit_statuses("dimacs")
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
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
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
    Examples: puzzlesat dimacs magic-frame;  puzzlesat dimacs magic-star --format opb -o star.opb
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.export_puzzle(
        p, fmt=fmt, encoding=encoding, card=card, pb=pb, output=output, block=block
    )
    typer.echo(json.dumps(done.as_json()) if as_json else done.summary())


@app.command(cls=_Command)
@_exit_statuses("decode")
def decode(
    puzzle: PuzzleArg,
    solver_output: Annotated[
        str, typer.Argument(help="The solver's output (s/v lines, or minisat's result file); - for stdin.")
    ],
    map_file: Annotated[
        str | None,
        typer.Option("--map", metavar="FILE", help="FILE.map.json from `dimacs`, or the exported .cnf/.opb itself."),
    ] = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON document, solutions shaped as `solve --json` shapes them.")
    ] = False,
    output: OutputOpt = None,
) -> None:
    """Read a SAT solver's answer back into a board, check it, and draw it.

    Example: cadical -q f.cnf > out.txt;  puzzlesat decode magic-frame out.txt --map f.cnf.map.json
    """
    p = _load(puzzle, param, givens)
    source = puzzlesat.load_map(p, map_file, encoding, card, pb)
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
        "puzzlesat count examples/sudoku-6x6.toml --json",
        "puzzlesat count magic-star --method enumerate --backend z3",
    ),
)
@_exit_statuses("count")
def count(
    puzzle: PuzzleArg,
    method: Annotated[
        str,
        typer.Option(
            metavar="enumerate|sharpsat|auto",
            help="enumerate (list the solutions, any backend), sharpsat (the exact model counter ganak on "
            "the CNF), auto (enumerate when that ends quickly, else ganak).",
        ),
    ] = "auto",
    no_symmetry: Annotated[
        bool, typer.Option("--no-symmetry", help="Count solutions only, not the classes modulo symmetry.")
    ] = False,
    symmetry: SymmetryOpt = None,
    backend: BackendOpt = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    solver: SolverOpt = None,
    solver_cmd: SolverCmdOpt = None,
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
    config = _config(backend, encoding, card, pb, solver, solver_cmd)
    p = _load(puzzle, param, givens)
    status = puzzlesat.Ticker("counting", ticking=_ticks(workers))
    try:
        outcome = puzzlesat.count_solutions(
            p,
            method=method,
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
    doc = puzzlesat.count_json(p, puzzlesat.resolve(config, p), outcome)
    _write_doc(output, doc)
    typer.echo(json.dumps(doc) if as_json else puzzlesat.count_text(outcome))
    if not outcome.complete:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    cls=_Command,
    no_args_is_help=True,
    epilog=_examples(
        "puzzlesat compare magic-star --all",
        "puzzlesat compare magic-frame --all --json",
        "puzzlesat compare magic-star --encoding onehot --card all --pb totalizer --pb bdd",
        "puzzlesat compare magic-square -p order=4 --solver cadical195 --solver glucose4 --timeout 10 --repeat 3",
        "puzzlesat compare magic-frame --encoding all --card all --pb all --csv > matrix.csv",
        "puzzlesat compare magic-star --all --plot star.svg",
        "puzzlesat compare --list",
    ),
)
@_exit_statuses("compare")
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
            "[default: z3-int, z3-pb, onehot, order, log]",
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
        typer.Option(min=0.001, metavar="SECONDS", help="Seconds per configuration; slower rows say timeout."),
    ] = 60.0,
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

    Without options: Z3 (z3-int, z3-pb), one-hot with three card/PB pairs, order and log on the default
    SAT solver. Naming --card or --pb runs the full cross product for the encodings that use them;
    the "native" card/PB encodings run only when named. Rows are sorted by time, the fastest
    marked *. Every finished configuration must find the same solutions (with --all) or count;
    rows that fail or time out say so and do not change the exit status. A --card, --pb or --solver
    that no configuration uses is an error.
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
    )
    result = puzzlesat.compare_configs(
        p, configs, all=all_, modulo_symmetry=not no_symmetry, timeout=timeout, repeat=repeat
    )
    if plot is not None:
        puzzlesat.write_plot(result, plot)
    doc = result.as_json(timeout, repeat)
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


def _config(backend: str | None, encoding, card, pb, solver, solver_cmd):
    return puzzlesat.Config(backend=backend, encoding=encoding, card=card, pb=pb, solver=solver, solver_cmd=solver_cmd)


@app.command(
    cls=_Command,
    epilog=_examples(
        "puzzlesat check sudoku",
        "puzzlesat check sudoku --givens 1...............",
        "puzzlesat check examples/killer-6x6.toml --json",
        "puzzlesat check magic-blocks --modulo-symmetry",
    ),
)
@_exit_statuses("check")
def check(
    puzzle: PuzzleArg,
    modulo_symmetry: Annotated[
        bool, typer.Option("--modulo-symmetry", help="Unique up to the declared symmetry: one orbit counts once.")
    ] = False,
    backend: BackendOpt = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    solver: SolverOpt = None,
    solver_cmd: SolverCmdOpt = None,
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
            modulo_symmetry=modulo_symmetry,
            timeout=timeout,
            config=_config(backend, encoding, card, pb, solver, solver_cmd),
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
        "puzzlesat candidates sudoku --givens 1...2...3...4...   # a 4x4 sudoku with few givens",
        "puzzlesat candidates examples/killer-6x6.toml",
        "puzzlesat candidates magic-frame --json",
        "puzzlesat candidates examples/kenken.toml --timeout 5",
    ),
)
@_exit_statuses("candidates")
def candidates(
    puzzle: PuzzleArg,
    backend: BackendOpt = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    solver: SolverOpt = None,
    solver_cmd: SolverCmdOpt = None,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
) -> None:
    """The true candidates of every cell: each value it takes in some solution, as pencil marks.

    Each solution found marks all its values; only the cell-value pairs still unmarked are asked
    about, under assumptions on one encoded session. On --timeout or Ctrl-C the candidates found
    are certain and the pairs not yet asked are shown as ? (unknown in --json).
    """
    p = _load(puzzle, param, givens)
    status = puzzlesat.Ticker("asking")
    try:
        result = puzzlesat.find_candidates(
            p,
            timeout=timeout,
            config=_config(backend, encoding, card, pb, solver, solver_cmd),
            on_call=lambda calls, left: status.say(f"{calls} calls, {left} pairs left"),
        )
    finally:
        status.stop()
    doc = puzzlesat.candidates_json(result)
    _write_doc(output, doc)
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
def clues(
    puzzle: PuzzleArg,
    backend: BackendOpt = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    solver: SolverOpt = None,
    solver_cmd: SolverCmdOpt = None,
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
            config=_config(backend, encoding, card, pb, solver, solver_cmd),
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
    as_json: JsonOpt = False,
) -> None:
    """Generate a new puzzle with one solution and minimal givens, from a random full solution.

    Deterministic: the same kind, parameters and --seed give the same puzzle and the same file.
    The result is proved unique by a second search before it is shown.
    """
    status = puzzlesat.Ticker(f"generating a {kind}")
    try:
        made = puzzlesat.generate_puzzle(kind, seed=seed, params=_params(param) or None)
    finally:
        status.stop()
    done = puzzlesat.convert_puzzle(made.puzzle, output)
    written = None if output is None else str(done.path)
    if as_json:
        typer.echo(json.dumps(puzzlesat.generated_json(made, done.text, written)))
    else:
        typer.echo(puzzlesat.generated_text(made) + (f"\nwritten to {written}" if written else ""))


def _on_signal(signum: int, frame: object) -> None:
    """First Ctrl-C or SIGTERM: stop the search at its next safe point; a second one: stop now."""
    if puzzlesat.STOP.is_set():
        raise KeyboardInterrupt
    puzzlesat.request_stop("terminated" if signum == signal.SIGTERM else "interrupt")


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


def main(argv: list[str] | None = None) -> NoReturn:
    """Entry point: every error the user can cause becomes one line on stderr and its exit status
    (puzzlesat.EXIT_STATUSES)."""
    if sys.stdout is None:  # started with standard output closed (`>&-`): nothing it says could be seen
        _output_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))
    puzzlesat.reset_stop()
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    puzzlesat.start_signal_watcher()  # wakes a native search (Z3) that holds the handlers back
    try:
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
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("puzzlesat: interrupted", err=True)
        sys.exit(puzzlesat.ExitCode.INTERRUPTED)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except SystemExit as e:  # typer answers a closed pipe (EPIPE) with a silent exit 1: ours is 141
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _output_failed(BrokenPipeError(errno.EPIPE, "Broken pipe"))
        raise
    except MemoryError:  # past the size estimate (encoders/estimate.py): one line, not a traceback
        typer.echo("puzzlesat: error: out of memory; a smaller encoding may fit (see README, Guarantees)", err=True)
        sys.exit(puzzlesat.ExitCode.BACKEND)
    except OSError as e:  # writing to standard output failed: a full disk or device, a closed pipe
        _output_failed(e)
    if code == puzzlesat.ExitCode.INTERRUPTED:  # typer turns a KeyboardInterrupt into a silent Exit(130)
        typer.echo("puzzlesat: interrupted", err=True)
    sys.exit(code if isinstance(code, int) else puzzlesat.ExitCode.OK)


if __name__ == "__main__":
    main()
