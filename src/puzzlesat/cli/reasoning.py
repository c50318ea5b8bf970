"""The explainer's commands: explain, hint, grade."""

import json
import sys
from typing import Annotated

import typer

import puzzlesat
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
    _load,
    _strict,
    _write_doc,
    app,
)


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
    known before it, found as a smallest unsatisfiable subset on the rules' CNF and re-checked apart
    from the solver that found it before it is printed. Where no small set suffices, a step is a case split. A puzzle
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
