"""What `explain`, `hint` and `grade` do once their options are read: the walk, rendered as text or
JSON. Typer-free, so that the fast commands (`puzzlesat.cli.fast`) and typer's
(`puzzlesat.cli.reasoning`) run these bodies."""

import json
import sys

import puzzlesat
from puzzlesat.cli.plain import Exit, _load, _write_doc, echo


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


def explain(puzzle, param, givens, state, marks, boards, svg, max_steps, timeout, as_json, output) -> None:
    """`explain`'s body: its parameters are the command's options, in its order (`reasoning.explain`)."""
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.check_svg_dir(svg)
    stream = not as_json and not boards and svg is None and sys.stdout.isatty()
    shown = []

    def on_step(step) -> None:
        shown.append(step)
        if stream:
            echo(puzzlesat.explain_step_line(len(shown), step, p.cells))

    result = _explain(p, state, marks, timeout, max_steps, on_step)
    doc = puzzlesat.explain_json(result)
    _write_doc(output, doc)
    if svg is not None and result.steps:
        puzzlesat.write_step_svgs(result, svg)
    if as_json:
        echo(json.dumps(doc))
    elif stream:
        echo(puzzlesat.explain_summary(result) if result.conflict is None else puzzlesat.explain_text(result))
    else:
        echo(puzzlesat.explain_text(result, boards=boards))
    if result.conflict is not None:
        raise Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped:
        raise Exit(puzzlesat.ExitCode.STOPPED)


def hint(puzzle, param, givens, state, marks, svg, timeout, as_json, output) -> None:
    """`hint`'s body: its parameters are the command's options, in its order (`reasoning.hint`)."""
    p = _load(puzzle, param, givens)
    if svg is not None:
        puzzlesat.check_svg(svg)
    result = _explain(p, state, marks, timeout, max_steps=1)
    doc = puzzlesat.hint_json(result)
    _write_doc(output, doc)
    if svg is not None and not puzzlesat.write_hint_svg(result, svg):
        echo(f"puzzlesat: no step to draw; {svg} not written", err=True)
    echo(json.dumps(doc) if as_json else puzzlesat.hint_text(result))
    if result.conflict is not None:
        raise Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped and not result.steps:
        raise Exit(puzzlesat.ExitCode.STOPPED)


def grade(puzzle, param, givens, timeout, as_json, output) -> None:
    """`grade`'s body: its parameters are the command's options, in its order (`reasoning.grade`)."""
    p = _load(puzzle, param, givens)
    result = _explain(p, None, None, timeout)
    doc = puzzlesat.grade_json(result) if result.conflict is None else puzzlesat.explain_json(result)
    _write_doc(output, doc)
    if as_json:
        echo(json.dumps(doc))
    else:
        echo(puzzlesat.grade_text(result) if result.conflict is None else puzzlesat.explain_text(result))
    if result.conflict is not None:
        raise Exit(puzzlesat.ExitCode.UNSATISFIABLE)
    if result.stopped:
        raise Exit(puzzlesat.ExitCode.STOPPED)
