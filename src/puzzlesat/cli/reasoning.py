"""The explainer's commands: explain, hint, grade (their bodies, typer-free, in `reasoning_run`)."""

from typing import Annotated

import typer

from puzzlesat.cli import reasoning_run
from puzzlesat.cli.common import (
    GivensOpt,
    JsonOpt,
    MarksOpt,
    OutputOpt,
    ParamOpt,
    PuzzleArg,
    StateOpt,
    TimeoutOpt,
    _Command,
    _examples,
    _exit_statuses,
    _strict,
    app,
)


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
    known before it, found as a smallest unsatisfiable subset on the rules' CNF and re-checked apart
    from the solver that found it before it is printed. Where no small set suffices, a step is a case split. A puzzle
    with more than one solution stops where nothing more follows; one with none gets a smallest set
    of rules and givens that conflict (exit 20).
    """
    reasoning_run.explain(puzzle, param, givens, state, marks, boards, svg, max_steps, timeout, as_json, output)


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
    reasoning_run.hint(puzzle, param, givens, state, marks, svg, timeout, as_json, output)


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
    reasoning_run.grade(puzzle, param, givens, timeout, as_json, output)
