"""The `puzzlesat` command line: parses, calls the library, renders. No logic lives here."""

# No `from __future__ import annotations` here: typer resolves every option's annotation at start-up,
# and evaluating string annotations cost 10 ms of `puzzlesat --help` (measured).
import inspect
import json
import signal
import sys
from collections.abc import Callable
from typing import Annotated, NoReturn

import typer

import puzzlesat  # loads nothing until a name is used; cli.py uses only names in puzzlesat.__all__


def _examples(*lines: str) -> str:
    """An epilog that click prints as written (the \\b stops re-wrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def _exit_statuses(command: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Append the command's exit statuses, from the one table (puzzles/errors.py), to its help."""

    def add(function: Callable[..., None]) -> Callable[..., None]:
        function.__doc__ = f"{inspect.cleandoc(function.__doc__ or '')}\n\n{puzzlesat.exit_help(command)}"
        return function

    return add


app = typer.Typer(
    name="puzzlesat",
    help="Number-placement puzzles (magic squares, stars, sudoku) through Z3 and SAT, enumerated modulo symmetry.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=_examples("puzzlesat list", "puzzlesat show magic-star", "puzzlesat solve magic-star --all"),
)


def _complete_puzzle(incomplete: str) -> list[str]:
    return [n for n in puzzlesat.catalog_names() if n.startswith(incomplete)]


PUZZLE_HELP = (
    "A catalog name (see `puzzlesat list`), a path to a .toml puzzle file, or an f-puzzles link or string "
    "(or a file holding one; quote a link for the shell)."
)
PuzzleArg = Annotated[
    str,
    typer.Argument(
        help=PUZZLE_HELP,
        autocompletion=_complete_puzzle,
        show_default=False,
    ),
]
ParamOpt = Annotated[
    list[str] | None,
    typer.Option("--param", "-p", help="A catalog parameter, KEY=VALUE (e.g. order=4, points=7, box=2)."),
]
GivensOpt = Annotated[
    str | None, typer.Option(help="Sudoku givens: one character a cell, row by row; '.' or '0' blank.")
]


def _params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise puzzlesat.UsageError(f"-p {item!r}: expected KEY=VALUE, e.g. -p order=4")
        out[key.strip()] = value.strip()
    return out


def _load(ref: str, params: list[str] | None, givens: str | None):
    return puzzlesat.load(ref, _params(params) or None, givens)


@app.command("list", epilog=_examples("puzzlesat list", "puzzlesat list --json"))
def list_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document for scripts.")] = False,
) -> None:
    """List the built-in puzzles with their titles and parameters."""
    rows = puzzlesat.catalog_entries()
    if as_json:
        keys = ("order", "cell_order", "declared_order", "relation")
        docs = []
        for e in rows:  # the detected group of each entry at its default parameters
            group = puzzlesat.symmetry_report(puzzlesat.load(e.name))
            symmetry = {k: group[k] for k in keys}
            docs.append({"name": e.name, "title": e.title, "params": e.params_help, "symmetry": symmetry})
        typer.echo(json.dumps(docs, indent=1))
        return
    width = max(len(e.name) for e in rows)
    for e in rows:
        typer.echo(f"{e.name:<{width}}  {e.title}")
        for p in e.params_help:
            typer.echo(f"{'':<{width}}    -p {p}")


@app.command(
    epilog=_examples(
        "puzzlesat show magic-triangle",
        "puzzlesat show sudoku -p box=2",
        "puzzlesat show my.toml --json",
        "puzzlesat show killer.toml --svg killer.svg",
    )
)
def show(
    puzzle: PuzzleArg,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="The model as one JSON document.")] = False,
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
    typer.echo(json.dumps(puzzlesat.describe_json(p), indent=1) if as_json else puzzlesat.describe_text(p))


@app.command(
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
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document for scripts.")] = False,
) -> None:
    """The puzzle's symmetry group, found in its constraints with nauty.

    Permutations of the cells, relabellings of the values, and both together, that map every
    constraint (domains, givens, sums and their totals, all-different groups, tables) onto one
    of the same kind: the group order, the part that moves only cells, generators in words, and
    how the declared group relates to it. Every generator is checked against the puzzle.
    """
    doc = puzzlesat.symmetry_report(_load(puzzle, param, givens))
    typer.echo(json.dumps(doc, indent=1) if as_json else puzzlesat.symmetry_text(doc))


@app.command(
    epilog=_examples(
        "puzzlesat solve magic-star --all",
        "puzzlesat solve magic-frame --all --json",
        "puzzlesat solve magic-square -p order=4 --limit 5",
        "puzzlesat solve sudoku -p box=2 --all --no-symmetry",
        "puzzlesat solve my-puzzle.toml --all --backend z3 --timeout 10",
        "puzzlesat solve sudoku --givens-file top95.txt --json",
        "puzzlesat solve killer.toml --svg killer.svg",
    )
)
@_exit_statuses("solve")
def solve(
    puzzle: PuzzleArg,
    all_: Annotated[bool, typer.Option("--all", "-a", help="Enumerate every solution.")] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="Stop after this many solutions.")] = None,
    no_symmetry: Annotated[
        bool,
        typer.Option("--no-symmetry", help="Count raw solutions, not classes modulo the symmetry group."),
    ] = False,
    symmetry: Annotated[
        str | None,
        typer.Option(
            metavar="declared|detected|none",
            help="The group solutions are counted modulo: the puzzle's declared generators, the group found in "
            "its constraints (`puzzlesat symmetry`), or none. Default: declared where the puzzle declares "
            "generators, else detected.",
            show_default=False,
        ),
    ] = None,
    symmetry_breaking: Annotated[
        str,
        typer.Option(
            help="How each class is found once: lex (search only canonical solutions), orbit (block each "
            "solution's orbit), auto (lex where exact).",
        ),
    ] = "auto",
    backend: Annotated[str, typer.Option(help="sat (PySAT), z3, or external (--solver-cmd).")] = "sat",
    encoding: Annotated[str | None, typer.Option(help="Encoding name (default: the backend's).")] = None,
    card: Annotated[
        str | None, typer.Option(help="PySAT cardinality encoding (backends sat, external; encodings onehot, order).")
    ] = None,
    pb: Annotated[str | None, typer.Option(help="PySAT pseudo-Boolean encoding (backends sat, external).")] = None,
    solver: Annotated[str | None, typer.Option(help="PySAT solver name (sat backend), e.g. cadical195.")] = None,
    solver_cmd: Annotated[
        str | None,
        typer.Option(help='External SAT solver command (--backend external), e.g. "cadical -q"; see docs/dimacs.md.'),
    ] = None,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Stop after this many seconds; what was found is kept.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document for scripts.")] = False,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help="One JSON line per solution as it is found, then a summary line.")
    ] = False,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Also write the JSON document to this file (atomically).")
    ] = None,
    givens_file: Annotated[
        str | None,
        typer.Option(
            help="Batch: solve every instance in this file (one givens string a line, - for stdin) "
            "on one encoding; --json/--jsonl/-o report per instance."
        ),
    ] = None,
    svg: Annotated[
        str | None,
        typer.Option(
            metavar="FILE", help="Also draw the first solution (with --all the first class) to FILE.svg, atomically."
        ),
    ] = None,
) -> None:
    """Solve a puzzle: one solution, or with --all every solution modulo symmetry.

    With --givens-file, solve many instances of a catalog puzzle (e.g. a file of sudokus, one
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
    if svg is not None:
        if givens_file is not None:
            raise puzzlesat.UsageError("--svg draws one puzzle's solution; it does not apply to --givens-file")
        puzzlesat.check_svg(svg)  # a bad name fails before the search, not after it
    config = puzzlesat.Config(
        backend=backend, encoding=encoding, card=card, pb=pb, solver=solver, solver_cmd=solver_cmd
    )
    if givens_file is not None:
        instances = puzzlesat.load_instances(puzzle, _params(param) or None, givens_file)
        options = {"all": all_, "limit": limit, "modulo_symmetry": not no_symmetry}
        options["symmetry_breaking"] = symmetry_breaking
        _solve_batch(instances, config, options, timeout, as_json, jsonl, output)
        return
    p = _load(puzzle, param, givens)
    progress = puzzlesat.Progress(enabled=None if (all_ or limit) else False)

    def found(solution: puzzlesat.Solution) -> None:
        progress(solution)
        if jsonl:
            typer.echo(json.dumps(puzzlesat.solution_json(solution)))
            sys.stdout.flush()

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
        )
    finally:
        progress.close()
    doc = puzzlesat.outcome_json(p, config, outcome)
    if svg is not None:
        if outcome.solutions:
            first = outcome.solutions[0]
            puzzlesat.write_svg(p, svg, first.values, first.unknowns)
        else:
            typer.echo(f"puzzlesat: no solution to draw; {svg} not written", err=True)
    _emit(doc, "solutions", lambda: puzzlesat.outcome_text(p, outcome), as_json, jsonl, output)
    if outcome.stopped in ("timeout", "interrupt"):
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


def _emit(doc: dict, items: str, text: Callable[[], str], as_json: bool, jsonl: bool, output: str | None) -> None:
    """The end of a solve: the JSON document to -o, then the document, a JSONL summary (the document
    without its `items` list, already streamed) or the text."""
    if output:
        puzzlesat.write_atomic(output, json.dumps(doc) + "\n")
    if as_json:
        typer.echo(json.dumps(doc))
    elif jsonl:
        typer.echo(json.dumps({"summary": {k: v for k, v in doc.items() if k != items}}))
    else:
        typer.echo(text())


def _solve_batch(instances, config, options: dict, timeout, as_json: bool, jsonl: bool, output: str | None) -> None:
    """`solve --givens-file`: every instance on one session, reported as each finishes."""
    puzzles = [i.puzzle for i in instances]
    base = puzzlesat.common_base(puzzles)
    status = puzzlesat.StatusLine()

    def done(index: int, outcome) -> None:
        if jsonl:
            typer.echo(json.dumps(puzzlesat.instance_json(instances[index], outcome)))
            sys.stdout.flush()
        elif not as_json:
            status.close()
            typer.echo(puzzlesat.instance_text(instances[index], outcome, index + 1))
        status.show(f"  {index + 1}/{len(instances)} instances ")

    try:
        batch = puzzlesat.solve_batch(puzzles, timeout=timeout, config=config, on_outcome=done, **options)
    finally:
        status.close()
    doc = puzzlesat.batch_json(base, config, instances, batch)
    _emit(doc, "results", lambda: puzzlesat.batch_summary_text(batch), as_json, jsonl, output)
    if batch.stopped:
        raise typer.Exit(puzzlesat.ExitCode.STOPPED)


@app.command(
    epilog=_examples(
        "puzzlesat convert 'https://www.f-puzzles.com/?load=N4Ig...' -o clipped.toml",
        "puzzlesat convert clipped.txt > clipped.toml   # a file holding the link or string",
        "puzzlesat convert magic-star -o star.toml --json",
        "puzzlesat convert sudoku -p box=2 -o sudoku4.toml --force",
    )
)
@_exit_statuses("convert")
def convert(
    puzzle: PuzzleArg,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="The .toml file to write (atomically); default: stdout.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print what was written as one JSON document (the TOML in it without -o).")
    ] = False,
) -> None:
    """Write a puzzle (catalog, TOML file, f-puzzles link or string) as a TOML puzzle file.

    The file states the puzzle the way a user would write it ([grid] flags and dots, [[cage]],
    [[less]], [[sum]] for arrows) and is read back and compared with the puzzle before it is
    written, so it always loads to the same puzzle.
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.convert_puzzle(p, output, force=force)
    if as_json:
        typer.echo(json.dumps(done.as_json()))
    elif output is None:
        typer.echo(done.text, nl=False)
    else:
        typer.echo(done.summary())


EncodingOpt = Annotated[str | None, typer.Option(help="CNF encoding name (default onehot).")]
CardOpt = Annotated[str | None, typer.Option(help="PySAT cardinality encoding for the CNF (onehot, order).")]
PbOpt = Annotated[str | None, typer.Option(help="PySAT pseudo-Boolean encoding for the CNF.")]


@app.command()
@_exit_statuses("dimacs")
def dimacs(
    puzzle: PuzzleArg,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="The file to write (default: under cnf_out/).")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="cnf (DIMACS), opb (pseudo-Boolean) or smt2.")] = "cnf",
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    block: Annotated[
        str | None, typer.Option(help="A `solve --json` result whose solutions (and orbits) to forbid.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace existing files.")] = False,
) -> None:
    """Write a puzzle for outside solvers: DIMACS CNF with its variable map (and FILE.map.json).

    Examples: puzzlesat dimacs magic-frame;  puzzlesat dimacs magic-star --format opb -o star.opb
    """
    p = _load(puzzle, param, givens)
    done = puzzlesat.export_puzzle(
        p, fmt=fmt, encoding=encoding, card=card, pb=pb, output=output, block=block, force=force
    )
    typer.echo(done.summary())


@app.command()
@_exit_statuses("decode")
def decode(
    puzzle: PuzzleArg,
    solver_output: Annotated[
        str, typer.Argument(help="The solver's output (s/v lines, or minisat's result file); - for stdin.")
    ],
    map_file: Annotated[
        str | None, typer.Option("--map", help="FILE.map.json from `dimacs`, or the exported .cnf/.opb itself.")
    ] = None,
    encoding: EncodingOpt = None,
    card: CardOpt = None,
    pb: PbOpt = None,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON document, solutions shaped as `solve --json` shapes them.")
    ] = False,
) -> None:
    """Read a SAT solver's answer back into a board, check it, and draw it.

    Example: cadical -q f.cnf > out.txt;  puzzlesat decode magic-frame out.txt --map f.cnf.map.json
    """
    p = _load(puzzle, param, givens)
    source = puzzlesat.load_map(p, map_file, encoding, card, pb)
    answer = puzzlesat.read_input(solver_output, "solver output")
    solution = puzzlesat.decode_answer(p, answer, source, solver_output)
    if as_json:
        typer.echo(json.dumps(puzzlesat.decoded_json(p, solution, source.settings, solver_output)))
    else:
        typer.echo(puzzlesat.decoded_text(p, solution, source.settings, solver_output))


@app.command(
    no_args_is_help=True,
    epilog=_examples(
        "puzzlesat compare magic-star --all",
        "puzzlesat compare magic-frame --all --json",
        "puzzlesat compare magic-star --encodings onehot --card all --pb totalizer,bdd",
        "puzzlesat compare magic-square -p order=4 --solvers cadical195,glucose4 --timeout 10 --repeat 3",
        "puzzlesat compare magic-frame --encodings all --card all --pb all --csv > matrix.csv",
        "puzzlesat compare magic-star --all --plot star.svg",
        "puzzlesat compare --list",
    ),
)
@_exit_statuses("compare")
def compare(
    puzzle: Annotated[
        str | None,
        typer.Argument(
            help=PUZZLE_HELP,
            autocompletion=_complete_puzzle,
            show_default=False,
        ),
    ] = None,
    encodings: Annotated[
        str | None, typer.Option(help="Comma list of encodings, or all (default: z3-int,z3-pb,onehot,order,log).")
    ] = None,
    card: Annotated[
        str | None, typer.Option(help="Comma list of cardinality encodings, or all (for onehot and order).")
    ] = None,
    pb: Annotated[str | None, typer.Option(help="Comma list of PB encodings, or all (for CNF encodings).")] = None,
    solvers: Annotated[
        str | None, typer.Option(help="Comma list of PySAT solvers, or all (default: cadical195).")
    ] = None,
    all_: Annotated[
        bool, typer.Option("--all", "-a", help="Enumerate every solution (else: time to the first one).")
    ] = False,
    no_symmetry: Annotated[
        bool, typer.Option("--no-symmetry", help="With --all, count raw solutions, not classes.")
    ] = False,
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Seconds per configuration; slower rows say timeout.")
    ] = None,
    repeat: Annotated[int, typer.Option(min=1, help="Run each configuration R times; times are medians.")] = 1,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document for scripts.")] = False,
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
    rows that fail or time out say so and do not change the exit status. A --card, --pb or --solvers
    list that no configuration uses is an error.
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
    configs = puzzlesat.compare_matrix(encodings, card, pb, solvers)
    result = puzzlesat.compare_configs(
        p, configs, all=all_, modulo_symmetry=not no_symmetry, timeout=timeout, repeat=repeat
    )
    if plot is not None:
        puzzlesat.write_plot(result, plot)
    if as_json:
        typer.echo(json.dumps(result.as_json(timeout, repeat)))
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


def _on_signal(signum: int, frame: object) -> None:
    """First Ctrl-C or SIGTERM: stop the search at its next safe point; a second one: stop now."""
    if puzzlesat.STOP.is_set():
        raise KeyboardInterrupt
    puzzlesat.STOP.set()


def main(argv: list[str] | None = None) -> NoReturn:
    """Entry point: every error the user can cause becomes one line on stderr and its exit status
    (puzzlesat.EXIT_STATUSES)."""
    puzzlesat.STOP.clear()
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    try:
        code = typer.main.get_command(app).main(args=argv, prog_name="puzzlesat", standalone_mode=False)
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
    sys.exit(code if isinstance(code, int) else puzzlesat.ExitCode.OK)


if __name__ == "__main__":
    main()
