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
    "Puzzle": "puzzlesat.model.model:Puzzle",
    "load": "puzzlesat.catalog.load:load",
    "cosmetics_note": "puzzlesat.model.cosmetics:note",
    "cosmetics_refusal": "puzzlesat.model.cosmetics:refusal",
    "catalog_names": "puzzlesat.catalog.builtin:names",
    "catalog_entries": "puzzlesat.catalog.builtin:entries",
    "load_instances": "puzzlesat.formats.sadman.instances:load_instances",
    "iter_instances": "puzzlesat.formats.sadman.instances:iter_instances",
    "InstanceLog": "puzzlesat.search.batch:InstanceLog",
    "Config": "puzzlesat.solvers.base:Config",
    "resolve": "puzzlesat.solvers.plan:resolve",
    "Plan": "puzzlesat.solvers.plan:Plan",
    "option_names": "puzzlesat.solvers.plan:option_names",
    "solve": "puzzlesat.search.solving:solve",
    "Outcome": "puzzlesat.solvers.enumerate:Outcome",
    "Solution": "puzzlesat.solvers.enumerate:Solution",
    "solve_batch": "puzzlesat.search.batch:solve_batch",
    "count_solutions": "puzzlesat.search.counting:count",
    "CountOutcome": "puzzlesat.search.counting:CountOutcome",
    "COUNT_METHODS": "puzzlesat.search.counting:METHODS",
    "COUNT_DEFAULT": "puzzlesat.search.counting:DEFAULT_METHOD",
    "BatchOutcome": "puzzlesat.search.batch:BatchOutcome",
    "common_base": "puzzlesat.search.batch:common_base",
    "STOP": "puzzlesat.solvers.base:STOP",
    "request_stop": "puzzlesat.runtime.stop:request_stop",
    "reset_stop": "puzzlesat.runtime.stop:reset",
    "stop_reason": "puzzlesat.runtime.stop:stop_reason",
    "start_signal_watcher": "puzzlesat.runtime.stop:start_signal_watcher",
    "guard_aborts": "puzzlesat.solvers.last_words:install",
    "check_timeout": "puzzlesat.runtime.stop:check_timeout",
    "usable_workers": "puzzlesat.search.split:usable_workers",
    "version": "puzzlesat:__version__",
    # symmetry: the group an enumeration works modulo, and what detection finds
    "symmetry_report": "puzzlesat.symmetry.choice:report",
    "symmetry_text": "puzzlesat.symmetry.choice:report_text",
    "SYMMETRY_MODES": "puzzlesat.symmetry.choice:SYMMETRY_MODES",
    # errors and exit statuses
    "PuzzleSatError": "puzzlesat.runtime.errors:PuzzleSatError",
    "UsageError": "puzzlesat.runtime.errors:UsageError",
    "BackendError": "puzzlesat.runtime.errors:BackendError",
    "ExitCode": "puzzlesat.runtime.errors:ExitCode",
    "Status": "puzzlesat.runtime.errors:Status",
    "exit_code": "puzzlesat.runtime.errors:exit_code",
    "EXIT_STATUSES": "puzzlesat.runtime.errors:EXIT_STATUSES",
    "exit_help": "puzzlesat.runtime.errors:exit_help",
    # reports
    "describe_json": "puzzlesat.render.describe:describe_json",
    "describe_text": "puzzlesat.render.describe:describe_text",
    "solution_json": "puzzlesat.render.report:solution_json",
    "outcome_json": "puzzlesat.render.report:outcome_json",
    "outcome_text": "puzzlesat.render.report:outcome_text",
    "solution_text": "puzzlesat.render.report:solution_text",
    "summary_text": "puzzlesat.render.report:summary_text",
    "instance_json": "puzzlesat.render.report:instance_json",
    "instance_text": "puzzlesat.render.report:instance_text",
    "batch_json": "puzzlesat.render.report:batch_json",
    "batch_summary_text": "puzzlesat.render.report:batch_summary_text",
    "count_json": "puzzlesat.render.count_report:count_json",
    "count_text": "puzzlesat.render.count_report:count_text",
    "Progress": "puzzlesat.runtime.progress:Progress",
    "StatusLine": "puzzlesat.runtime.progress:StatusLine",
    "Ticker": "puzzlesat.runtime.progress:Ticker",
    "write_atomic": "puzzlesat.runtime.atomic:write_atomic",
    "output_failure": "puzzlesat.runtime.atomic:output_failure",
    "check_output": "puzzlesat.runtime.atomic:writable_target",
    "board_svg": "puzzlesat.render.svg:board_svg",
    "check_svg": "puzzlesat.render.svg:check",
    "write_svg": "puzzlesat.render.svg:write_svg",
    # puzzle files
    "convert_puzzle": "puzzlesat.exchange.convert:convert",
    # outside solvers
    "export_puzzle": "puzzlesat.exchange.export:export",
    "read_input": "puzzlesat.exchange.decode:read_text",
    "load_map": "puzzlesat.exchange.decode:load_map",
    "decode_answer": "puzzlesat.exchange.decode:decode_answer",
    "decoded_json": "puzzlesat.render.decode_report:decoded_json",
    "decoded_text": "puzzlesat.render.decode_report:decoded_text",
    # comparing configurations
    "compare_matrix": "puzzlesat.search.compare:matrix",
    "compare_configs": "puzzlesat.search.compare:compare",
    "compare_listing": "puzzlesat.render.compare:listing",
    "compare_defaults": "puzzlesat.search.compare:defaults",
    "comparison_json": "puzzlesat.render.compare:comparison_json",
    "comparison_text": "puzzlesat.render.compare:table_text",
    "comparison_csv": "puzzlesat.render.compare:table_csv",
    "check_plot": "puzzlesat.render.plot:check",
    "write_plot": "puzzlesat.render.plot:write_plot",
    # the setter's questions (issue 15)
    "check_unique": "puzzlesat.setter.check:check_unique",
    "check_json": "puzzlesat.render.setter:check_json",
    "check_text": "puzzlesat.render.setter:check_text",
    "find_candidates": "puzzlesat.setter.candidates:find_candidates",
    "candidates_json": "puzzlesat.render.setter:candidates_json",
    "candidates_text": "puzzlesat.render.setter:candidates_text",
    "check_candidates_svg": "puzzlesat.render.candidates_svg:check",
    "write_candidates_svg": "puzzlesat.render.candidates_svg:write_candidates_svg",
    "find_clues": "puzzlesat.setter.clues:find_clues",
    "clues_json": "puzzlesat.render.setter:clues_json",
    "clues_text": "puzzlesat.render.setter:clues_text",
    "generate_puzzle": "puzzlesat.setter.generate:generate_puzzle",
    "generated_json": "puzzlesat.render.setter:generated_json",
    "generated_text": "puzzlesat.render.setter:generated_text",
    "generate_kinds": "puzzlesat.setter.generate:KINDS",
    # the person's questions (issue 29): steps, hints, grades
    "explain": "puzzlesat.reasoning.api:explain",
    "generate_at": "puzzlesat.reasoning.difficulty:generate_at",
    "hint": "puzzlesat.reasoning.api:hint",
    "grade": "puzzlesat.reasoning.api:grade",
    "Explanation": "puzzlesat.reasoning.api:Explanation",
    "Step": "puzzlesat.reasoning.facts:Step",
    "Fact": "puzzlesat.reasoning.facts:Fact",
    "parse_state": "puzzlesat.reasoning.state:parse_state",
    "explain_json": "puzzlesat.render.explain:explain_json",
    "explain_text": "puzzlesat.render.explain:explain_text",
    "explain_summary": "puzzlesat.render.explain:summary_text",
    "explain_step_line": "puzzlesat.render.explain:step_line",
    "hint_json": "puzzlesat.render.explain:hint_json",
    "hint_text": "puzzlesat.render.explain:hint_text",
    "grade_json": "puzzlesat.render.explain:grade_json",
    "grade_text": "puzzlesat.render.explain:grade_text",
    "write_step_svgs": "puzzlesat.render.explain:write_step_svgs",
    "check_svg_dir": "puzzlesat.render.explain:check_svg_dir",
    "write_hint_svg": "puzzlesat.render.explain:write_hint_svg",
    # the command line's one need that typer has no public name for
    "is_help_request": "puzzlesat.cli.typer_compat:is_help_request",
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
