"""The options of `solve` as `puzzlesat.cli.fast` reads them. Generated from the typer command by
`python -m tests.startup_spec`; do not edit (tests/test_startup.py checks it is current)."""

COMMAND = 'solve'
ARGUMENT = 'puzzle'
# option -> (parameter, flag | str | int | float | multi, least value or None)
OPTIONS = {'--all': ('all_', 'flag', None),
 '-a': ('all_', 'flag', None),
 '--limit': ('limit', 'int', 1),
 '--no-symmetry': ('no_symmetry', 'flag', None),
 '--symmetry': ('symmetry', 'str', None),
 '--symmetry-breaking': ('symmetry_breaking', 'str', None),
 '--backend': ('backend', 'str', None),
 '--encoding': ('encoding', 'str', None),
 '--card': ('card', 'str', None),
 '--pb': ('pb', 'str', None),
 '--solver': ('solver', 'str', None),
 '--solver-cmd': ('solver_cmd', 'str', None),
 '--param': ('param', 'multi', None),
 '-p': ('param', 'multi', None),
 '--givens': ('givens', 'str', None),
 '--timeout': ('timeout', 'float', 0.001),
 '--json': ('as_json', 'flag', None),
 '--jsonl': ('jsonl', 'flag', None),
 '--output': ('output', 'str', None),
 '-o': ('output', 'str', None),
 '--givens-file': ('givens_file', 'str', None),
 '--svg': ('svg', 'str', None),
 '--workers': ('workers', 'int', None),
 '--scheduler': ('scheduler', 'str', None),
 '--strict': ('strict', 'flag', None)}
# what typer passes for an option not given
DEFAULTS = {'all_': False,
 'limit': None,
 'no_symmetry': False,
 'symmetry': None,
 'symmetry_breaking': None,
 'backend': None,
 'encoding': None,
 'card': None,
 'pb': None,
 'solver': None,
 'solver_cmd': None,
 'param': None,
 'givens': None,
 'timeout': None,
 'as_json': False,
 'jsonl': False,
 'output': None,
 'givens_file': None,
 'svg': None,
 'workers': None,
 'scheduler': None,
 'strict': False}
# options with a callback (in puzzlesat.cli.plain), called as click calls them
CALLBACKS = {'output': '_check_output'}
# the options that make one Config (common.SOLVER_OPTIONS)
CONFIG = ('backend', 'encoding', 'card', 'pb', 'solver', 'solver_cmd')
STRICT = "strict"
