"""The commands that read and write files for other tools: convert, dimacs, decode."""

import json
from typing import Annotated

import typer

import puzzlesat
from puzzlesat.cli.common import (
    CNF_OPTIONS,
    ForceOpt,
    GivensOpt,
    OutputOpt,
    ParamOpt,
    PuzzleArg,
    _Command,
    _examples,
    _exit_statuses,
    _load,
    _strict,
    _takes,
    _write_doc,
    app,
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
