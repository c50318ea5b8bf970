"""What `solve` does once its options are read: one puzzle or a batch, solved, streamed and reported.
Typer-free, so that the fast `solve` (`puzzlesat.cli.fast`) and typer's (`puzzlesat.cli.solving`)
run this one body."""

import json
import sys
from collections.abc import Callable

import puzzlesat
from puzzlesat.cli.plain import Exit, _load, _params, _say_workers, _ticks, _write_doc, echo


def run(
    puzzle, all_, limit, no_symmetry, symmetry, symmetry_breaking, config, param, givens, timeout,
    as_json, jsonl, output, givens_file, svg, workers, scheduler,
) -> None:  # fmt: skip
    """`solve`'s body: its parameters are the command's options, in its order (`solving.solve`)."""
    _check_solve(as_json, jsonl, no_symmetry, symmetry, givens, givens_file, svg, workers, scheduler)
    if givens_file is not None:
        options = {"all": all_, "limit": limit, "modulo_symmetry": not no_symmetry}
        options["symmetry_breaking"] = symmetry_breaking
        _solve_file(puzzle, param, givens_file, config, options, timeout, as_json, jsonl, output)
        return
    p = _load(puzzle, param, givens)
    _say_workers(workers)
    progress = puzzlesat.Progress(ticking=_ticks(workers), message="building")
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
            on_solution=_streamer(p, progress, as_json, jsonl),
            keep=not jsonl or output is not None or svg is not None,  # --jsonl alone streams: nothing kept
            workers=workers,
            scheduler=scheduler,
            on_search=progress.searching,
        )
    finally:
        progress.stop()
    _solved(p, outcome, svg, as_json, jsonl, output)


def _check_solve(as_json, jsonl, no_symmetry, symmetry, givens, givens_file, svg, workers, scheduler) -> None:
    """The options of `solve` that exclude each other, refused before anything is loaded."""
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


def _solve_file(puzzle, param, givens_file, config, options, timeout, as_json, jsonl, output) -> None:
    """`solve --givens-file`: every instance of the file on one encoding; lines that are no
    instance are said after the others were solved."""
    instances = puzzlesat.InstanceLog(puzzlesat.iter_instances(puzzle, _params(param) or None, givens_file))
    _solve_batch(instances, givens_file, config, options, timeout, as_json, jsonl, output)
    bad = [i for i in instances if i.error is not None]
    if bad:  # the others were solved; the status still says the input was not all good
        source = "<stdin>" if givens_file == "-" else givens_file
        lines = ", ".join(str(i.line) for i in bad)
        raise puzzlesat.UsageError(
            f"{source}: {len(bad)} of {len(instances)} lines {'is' if len(bad) == 1 else 'are'} not an "
            f"instance (line{'s' if len(bad) > 1 else ''} {lines}); the others were solved"
        )


def _streamer(p, progress, as_json: bool, jsonl: bool) -> Callable[..., None]:  # (a Solution: not imported here)
    """What `solve` does with each solution as it is found: printed at once (text or JSONL), so a
    pipe sees it, with the live status paused around it."""
    shown = 0

    def found(solution: puzzlesat.Solution) -> None:
        nonlocal shown
        with progress.paused():  # the live status on stderr must not run into what is printed
            if jsonl:
                echo(json.dumps(puzzlesat.solution_json(solution, p)))
            elif not as_json:
                shown += 1
                echo(puzzlesat.solution_text(p, solution, shown))
            sys.stdout.flush()
        progress(solution)

    return found


def _solved(p, outcome, svg: str | None, as_json: bool, jsonl: bool, output: str | None) -> None:
    """The end of `solve`: the picture, the document or summary, and the exit status."""
    doc = puzzlesat.outcome_json(p, outcome)
    if svg is not None:
        if outcome.solutions:
            first = outcome.solutions[0]
            puzzlesat.write_svg(p, svg, first.values, first.unknowns)
        else:
            echo(f"puzzlesat: no solution to draw; {svg} not written", err=True)
    _emit(doc, "solutions", lambda: puzzlesat.summary_text(outcome), as_json, jsonl, output)
    code = puzzlesat.exit_code(outcome.stopped)
    if code == puzzlesat.ExitCode.BACKEND:  # what was found is printed above; the failure ends it
        raise puzzlesat.BackendError(outcome.error)
    if code != puzzlesat.ExitCode.OK:
        raise Exit(code)


def _emit(doc: dict, items: str, text: Callable[[], str], as_json: bool, jsonl: bool, output: str | None) -> None:
    """The end of a solve: the JSON document to -o, then the document, a JSONL summary (the document
    without its `items` list, already streamed) or the text."""
    _write_doc(output, doc)
    if as_json:
        echo(json.dumps(doc))
    elif jsonl:
        echo(json.dumps({"summary": {k: v for k, v in doc.items() if k != items}}))
    else:
        echo(text())


def _solve_batch(
    instances, label: str, config, options: dict, timeout, as_json: bool, jsonl: bool, output: str | None
) -> None:
    """`solve --givens-file`: every instance on one session, reported as each finishes."""
    status = puzzlesat.StatusLine()

    def done(index: int, outcome) -> None:
        if jsonl:
            echo(json.dumps(puzzlesat.instance_json(instances[index], outcome)))
            sys.stdout.flush()
        elif not as_json:
            status.close()
            echo(puzzlesat.instance_text(instances[index], outcome, index + 1))
        instances.release(index)  # streamed: only the line and the givens stay
        status.show(f"  {index + 1} instances ")

    try:
        batch = puzzlesat.solve_batch(instances.puzzles(), timeout=timeout, config=config, on_outcome=done, **options)
    finally:
        status.close()
    doc = puzzlesat.batch_json(batch.base, instances, batch, results=not jsonl or output is not None)
    _emit(doc, "results", lambda: puzzlesat.batch_summary_text(batch), as_json, jsonl, output)
    if batch.stopped:
        raise Exit(puzzlesat.ExitCode.STOPPED)
    bad = [i.line for i in instances.seen if i.error is not None]
    if bad:  # each bad line is reported in its place; the status says there were some
        where = "<stdin>" if label == "-" else label
        lines = f"line{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))}"
        verb = "is" if len(bad) == 1 else "are"
        raise puzzlesat.UsageError(
            f"{where}: {len(bad)} of {len(instances)} lines {verb} not an instance ({lines}); the others were solved"
        )
