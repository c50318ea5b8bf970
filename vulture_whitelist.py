"""Names vulture cannot see used (issue 42): `vulture src/puzzlesat encoders solvers cli.py tests
benchmarks vulture_whitelist.py` reports nothing (tests/test_hygiene.py runs it).

Each name below is reached where vulture does not look: by a string (`puzzlesat.PUBLIC` maps the
public names to "module:attribute"), by typer's registration of a decorated function, by Python's
module hooks, or by the library that calls an override of ours. The file is never run."""

# puzzlesat.PUBLIC: public names by "module:attribute"
table_text  # puzzlesat.render.compare, as comparison_text
table_csv  # puzzlesat.render.compare, as comparison_csv
outcome_text  # puzzlesat.render.report
common_base  # puzzlesat.search.batch
defaults  # puzzlesat.search.compare, as compare_defaults
report_text  # puzzlesat.symmetry.choice, as symmetry_text
METHODS  # puzzlesat.search.counting, as COUNT_METHODS

# typer: registered by their decorators; the page's worker by a command-line string
_root  # puzzlesat.cli.common: the app's callback (--version)
list_cmd  # puzzlesat.cli.puzzles: `puzzlesat list`
web_worker  # puzzlesat.cli.entry: `python -c "from puzzlesat import cli; cli.web_worker()"`
__signature__  # puzzlesat.cli.common: the options typer reads off a command

# Python's module hooks (PEP 562)
__getattr__
__dir__

# Protocols that type what sessions offer
ScopedSession  # puzzlesat.solvers.base

# Overrides and attributes the libraries read
handle_exit  # puzzlesat.web.serve: uvicorn.Server's
force_exit  # puzzlesat.web.serve: uvicorn.Server's
binary_location  # puzzlesat.web.screenshots: selenium's ChromeOptions
