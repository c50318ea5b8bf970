"""The commands that search: solve (one puzzle or a batch), count, compare."""

import json
import sys
from typing import Annotated

import typer

import puzzlesat
from puzzlesat.cli import solve_run
from puzzlesat.cli.common import (
    PUZZLE_HELP,
    SOLVER_OPTIONS,
    GivensOpt,
    JsonOpt,
    OutputOpt,
    ParamOpt,
    PuzzleArg,
    SchedulerOpt,
    SymmetryOpt,
    TimeoutOpt,
    WorkersOpt,
    _Command,
    _complete_puzzle,
    _config,
    _examples,
    _exit_statuses,
    _given,
    _load,
    _say_workers,
    _strict,
    _takes,
    _ticks,
    _write_doc,
    app,
)

# solve's own options, declared here so that its signature reads as a list of them.
AllOpt = Annotated[bool, typer.Option("--all", "-a", help="Enumerate every solution.")]
LimitOpt = Annotated[int | None, typer.Option(min=1, metavar="K", help="Stop after this many solutions.")]
NoSymmetryOpt = Annotated[
    bool, typer.Option("--no-symmetry", help="Count raw solutions, not classes modulo the symmetry group.")
]
BreakingOpt = Annotated[
    str,
    typer.Option(
        metavar="MODE",
        help="How each class is found once: lex (search only canonical solutions), orbit (block each "
        "solution's orbit), auto (lex where exact). [default: {breaking_default}]",
    ),
]
JsonlOpt = Annotated[
    bool, typer.Option("--jsonl", help="One JSON line per solution as it is found, then a summary line.")
]
GivensFileOpt = Annotated[
    str | None,
    typer.Option(
        metavar="FILE",
        help="Batch: solve every instance in this file (one givens string a line, - for stdin) "
        "on one encoding; --json/--jsonl/-o report per instance.",
    ),
]
SvgOpt = Annotated[
    str | None,
    typer.Option(
        metavar="FILE", help="Also draw the first solution (with --all the first class) to FILE.svg, atomically."
    ),
]


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
    all_: AllOpt = False,
    limit: LimitOpt = None,
    no_symmetry: NoSymmetryOpt = False,
    symmetry: SymmetryOpt = None,
    symmetry_breaking: BreakingOpt = None,
    config=None,  # the SOLVER_OPTIONS (see _takes)
    param: ParamOpt = None,
    givens: GivensOpt = None,
    timeout: TimeoutOpt = None,
    as_json: JsonOpt = False,
    jsonl: JsonlOpt = False,
    output: OutputOpt = None,
    givens_file: GivensFileOpt = None,
    svg: SvgOpt = None,
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
    solve_run.run(
        puzzle, all_, limit, no_symmetry, symmetry, symmetry_breaking, config, param, givens, timeout,
        as_json, jsonl, output, givens_file, svg, workers, scheduler,
    )  # fmt: skip


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


# compare's own options, declared here so that its signature reads as a list of them.
ComparePuzzleOpt = Annotated[
    str | None,
    typer.Argument(
        metavar="PUZZLE",
        help=PUZZLE_HELP,
        autocompletion=_complete_puzzle,
        show_default=False,
    ),
]
CompareEncodingOpt = Annotated[
    list[str] | None,
    typer.Option(
        metavar="NAME",
        help="An encoding to run (repeatable; a comma list or all also work): {encodings}. "
        "[default: {compare_encodings}]",
    ),
]
CompareCardOpt = Annotated[
    list[str] | None,
    typer.Option(metavar="NAME", help="A cardinality encoding for onehot and order (repeatable, or all): {cards}."),
]
ComparePbOpt = Annotated[
    list[str] | None,
    typer.Option(metavar="NAME", help="A PB encoding for the CNF encodings (repeatable, or all): {pbs}."),
]
CompareSolverOpt = Annotated[
    list[str] | None,
    typer.Option(
        metavar="NAME", help="A PySAT solver (repeatable, or all): {solvers}. [default: {solver_default}]"
    ),
]
CompareAllOpt = Annotated[
    bool, typer.Option("--all", "-a", help="Enumerate every solution (else: time to the first one).")
]
CompareNoSymmetryOpt = Annotated[
    bool, typer.Option("--no-symmetry", help="With --all, count raw solutions, not classes.")
]
CompareTimeoutOpt = Annotated[
    float,
    typer.Option(
        min=0.001,
        metavar="SECONDS",
        help="Seconds per configuration; slower rows say timeout. [default: {compare_timeout}]",
    ),
]
CompareRepeatOpt = Annotated[
    int, typer.Option(min=1, metavar="R", help="Run each configuration R times; times are medians.")
]
ComparePlotOpt = Annotated[
    str | None,
    typer.Option(
        metavar="FILE", help="Also draw sizes and times as grouped bars to FILE.png or FILE.svg (needs matplotlib)."
    ),
]
CompareListOpt = Annotated[
    bool, typer.Option("--list", help="List every encoding, card/PB encoding and solver name, then exit.")
]


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
    puzzle: ComparePuzzleOpt = None,
    encoding: CompareEncodingOpt = None,
    card: CompareCardOpt = None,
    pb: ComparePbOpt = None,
    solver: CompareSolverOpt = None,
    encodings: Annotated[str | None, typer.Option(hidden=True)] = None,  # the old spelling of --encoding
    solvers: Annotated[str | None, typer.Option(hidden=True)] = None,  # the old spelling of --solver
    all_: CompareAllOpt = False,
    no_symmetry: CompareNoSymmetryOpt = False,
    timeout: CompareTimeoutOpt = None,
    repeat: CompareRepeatOpt = 1,
    param: ParamOpt = None,
    givens: GivensOpt = None,
    as_json: JsonOpt = False,
    output: OutputOpt = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV, one row per configuration.")] = False,
    plot: ComparePlotOpt = None,
    list_: CompareListOpt = False,
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
