"""The setter's commands: check, candidates, clues, generate."""

import json
from typing import Annotated

import typer

import puzzlesat
from puzzlesat.cli.common import (
    SOLVER_OPTIONS,
    ForceOpt,
    GivensOpt,
    JsonOpt,
    OutputOpt,
    ParamOpt,
    PuzzleArg,
    TimeoutOpt,
    _check_output,
    _Command,
    _config,
    _examples,
    _exit_statuses,
    _load,
    _params,
    _strict,
    _takes,
    _write_doc,
    app,
)


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
    if result.counts_note is not None:
        typer.echo(f"puzzlesat: note: {result.counts_note}", err=True)
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
