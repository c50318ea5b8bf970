"""puzzlesat: number-placement puzzles through Z3 and SAT, enumerated modulo symmetry.

The importable API in three calls:

>>> import puzzlesat
>>> puzzle = puzzlesat.load("magic-frame")
>>> outcome = puzzlesat.solve(puzzle, all=True, backend="z3")
>>> outcome.count, outcome.complete, outcome.solutions[0].unknowns
(6, True, {'N': 13})

Every name in `__all__` is loaded on first use (`PUBLIC` says from where), so `import puzzlesat`
costs nothing and `puzzlesat --help` stays fast. The command line uses only these names.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

# Public name -> "module:attribute". A name must not be a submodule's name (importing the submodule
# would replace it), which is why the functions of `compare`, `export` and `plot` carry prefixes.
PUBLIC: dict[str, str] = {
    # puzzles, solving, configuration
    "Puzzle": "puzzles.model:Puzzle",
    "load": "puzzles:load",
    "catalog_names": "puzzles.catalog:names",
    "catalog_entries": "puzzles.catalog:entries",
    "load_instances": "puzzles.instances:load_instances",
    "iter_instances": "puzzles.instances:iter_instances",
    "InstanceLog": "puzzlesat.batch:InstanceLog",
    "Config": "solvers.base:Config",
    "resolve": "solvers:resolve",
    "option_names": "solvers:option_names",
    "solve": "puzzlesat.solving:solve",
    "Outcome": "solvers.enumerate:Outcome",
    "Solution": "solvers.enumerate:Solution",
    "solve_batch": "puzzlesat.batch:solve_batch",
    "count_solutions": "puzzlesat.counting:count",
    "CountOutcome": "puzzlesat.counting:CountOutcome",
    "COUNT_METHODS": "puzzlesat.counting:METHODS",
    "BatchOutcome": "puzzlesat.batch:BatchOutcome",
    "common_base": "puzzlesat.batch:common_base",
    "STOP": "solvers.base:STOP",
    "request_stop": "puzzles.stop:request_stop",
    "reset_stop": "puzzles.stop:reset",
    "start_signal_watcher": "puzzles.stop:start_signal_watcher",
    "check_timeout": "puzzles.stop:check_timeout",
    "version": "puzzlesat:__version__",
    # symmetry: the group an enumeration works modulo, and what detection finds
    "symmetry_report": "puzzlesat.groups:report",
    "symmetry_text": "puzzlesat.groups:report_text",
    "SYMMETRY_MODES": "puzzlesat.groups:SYMMETRY_MODES",
    # errors and exit statuses
    "PuzzleSatError": "puzzles.errors:PuzzleSatError",
    "UsageError": "puzzles.errors:UsageError",
    "BackendError": "puzzles.errors:BackendError",
    "ExitCode": "puzzles.errors:ExitCode",
    "Status": "puzzles.errors:Status",
    "exit_code": "puzzles.errors:exit_code",
    "EXIT_STATUSES": "puzzles.errors:EXIT_STATUSES",
    "exit_help": "puzzles.errors:exit_help",
    # reports
    "describe_json": "puzzlesat.describe:describe_json",
    "describe_text": "puzzlesat.describe:describe_text",
    "solution_json": "puzzlesat.report:solution_json",
    "outcome_json": "puzzlesat.report:outcome_json",
    "outcome_text": "puzzlesat.report:outcome_text",
    "solution_text": "puzzlesat.report:solution_text",
    "summary_text": "puzzlesat.report:summary_text",
    "instance_json": "puzzlesat.report:instance_json",
    "instance_text": "puzzlesat.report:instance_text",
    "batch_json": "puzzlesat.report:batch_json",
    "batch_summary_text": "puzzlesat.report:batch_summary_text",
    "count_json": "puzzlesat.count_report:count_json",
    "count_text": "puzzlesat.count_report:count_text",
    "Progress": "puzzlesat.progress:Progress",
    "StatusLine": "puzzlesat.progress:StatusLine",
    "Ticker": "puzzlesat.progress:Ticker",
    "write_atomic": "puzzles.atomic:write_atomic",
    "output_failure": "puzzles.atomic:output_failure",
    "check_output": "puzzles.atomic:writable_target",
    "board_svg": "puzzlesat.svg:board_svg",
    "check_svg": "puzzlesat.svg:check",
    "write_svg": "puzzlesat.svg:write_svg",
    # puzzle files
    "convert_puzzle": "puzzlesat.convert:convert",
    # outside solvers
    "export_puzzle": "puzzlesat.export:export",
    "read_input": "puzzlesat.decode:read_text",
    "load_map": "puzzlesat.decode:load_map",
    "decode_answer": "puzzlesat.decode:decode_answer",
    "decoded_json": "puzzlesat.decode_report:decoded_json",
    "decoded_text": "puzzlesat.decode_report:decoded_text",
    # comparing configurations
    "compare_matrix": "puzzlesat.compare:matrix",
    "compare_configs": "puzzlesat.compare:compare",
    "compare_listing": "puzzlesat.compare:listing",
    "comparison_text": "puzzlesat.compare:table_text",
    "comparison_csv": "puzzlesat.compare:table_csv",
    "check_plot": "puzzlesat.plot:check",
    "write_plot": "puzzlesat.plot:write_plot",
    # the setter's questions (issue 15)
    "check_unique": "puzzlesat.check:check_unique",
    "check_json": "puzzlesat.check:check_json",
    "check_text": "puzzlesat.check:check_text",
    "find_candidates": "puzzlesat.candidates:find_candidates",
    "candidates_json": "puzzlesat.candidates:candidates_json",
    "candidates_text": "puzzlesat.candidates:candidates_text",
    "find_clues": "puzzlesat.clues:find_clues",
    "clues_json": "puzzlesat.clues:clues_json",
    "clues_text": "puzzlesat.clues:clues_text",
    "generate_puzzle": "puzzlesat.generate:generate_puzzle",
    "generated_json": "puzzlesat.generate:generated_json",
    "generated_text": "puzzlesat.generate:generated_text",
    "generate_kinds": "puzzlesat.generate:KINDS",
    # the command line's one need that typer has no public name for
    "is_help_request": "puzzlesat.typer_compat:is_help_request",
}

__all__ = sorted(PUBLIC)


def __getattr__(name: str) -> object:
    """A public name, looked up in its module at each use (not copied here, so the module's current
    attribute is always the one used)."""
    if name not in PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = PUBLIC[name].split(":")
    return getattr(importlib.import_module(module), attr)


def __dir__() -> list[str]:
    return sorted({*globals(), *PUBLIC})
