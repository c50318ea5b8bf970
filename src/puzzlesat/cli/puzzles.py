"""The commands that show puzzles: list, show, symmetry."""

import json
from typing import Annotated

import typer

import puzzlesat
from puzzlesat.cli import list_run
from puzzlesat.cli.common import (
    GivensOpt,
    JsonOpt,
    OutputOpt,
    ParamOpt,
    PuzzleArg,
    _Command,
    _examples,
    _exit_statuses,
    _load,
    _strict,
    _write_doc,
    app,
)


@app.command("list", cls=_Command, epilog=_examples("puzzlesat list", "puzzlesat list --json"))
@_exit_statuses("list")
def list_cmd(as_json: JsonOpt = False, output: OutputOpt = None) -> None:
    """List the built-in puzzles with their titles and parameters."""
    list_run.run(as_json, output)


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
