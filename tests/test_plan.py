"""The one resolved plan (issue 32): every option filled once, where the configuration takes it,
and the command line's options declared once."""

from __future__ import annotations

import re

import pytest

import puzzlesat
from puzzlesat import encoders, solvers
from puzzlesat.catalog import builtin as catalog
from puzzlesat.search import compare as cmp
from puzzlesat.solvers import plan as plan_module
from puzzlesat.solvers.base import Config

SOLVING = ["solve", "count", "check", "candidates", "clues"]


@pytest.mark.parametrize("backend", sorted(solvers.BACKENDS))
@pytest.mark.parametrize("encoding", sorted(encoders.ENCODINGS))
def test_the_plan_fills_exactly_what_the_configuration_takes(backend, encoding):
    """Each option is filled (with its default) where the backend and encoding take it, and None elsewhere."""
    info, enc = solvers.BACKENDS[backend], encoders.ENCODINGS[encoding]
    if info.kind != enc.kind:
        return
    given = {"solver_cmd": "cadical -q"} if backend == "external" else {}
    plan = solvers.resolve(Config(backend=backend, encoding=encoding, **given), catalog.build("magic-frame"))
    for option in solvers.OPTIONS:
        expected = given.get(option) or solvers.option_default(option, encoding)
        assert getattr(plan, option) == (expected if solvers.takes(info, enc, option) else None), option
    assert plan.chosen == frozenset({"backend", "encoding", *given})


def test_resolving_a_plan_gives_it_back():
    plan = solvers.resolve(Config(encoding="onehot"), catalog.build("magic-frame"))
    assert solvers.resolve(plan) is plan


def test_a_solve_resolves_once(monkeypatch):
    """`solve` and `count` resolve the user's options once; everything after reads the plan. The
    count's plan holds a second configuration, resolved with it: the CNF ganak or ApproxMC would
    count (the frame's default is cp, which has none)."""
    calls = []
    real = plan_module.resolve

    def counting(config=None, puzzle=None):
        if not isinstance(config, solvers.Plan):
            calls.append(config)
        return real(config, puzzle)

    for module in (solvers, plan_module):
        monkeypatch.setattr(module, "resolve", counting)
    frame = catalog.build("magic-frame")
    assert puzzlesat.solve(frame, all=True).count == 6
    assert puzzlesat.count_solutions(frame).count == 48
    assert len(calls) == 3
    assert calls[2].backend == "sat"  # on_cnf's, resolved at the count's start, not on the way


def test_reports_say_the_plan(cli):
    """The JSON head names what ran, defaults included, from the plan (log has no card encoding)."""
    doc = cli("solve", "sudoku", "-p", "box=2", "--encoding", "log", "--json").json()
    assert (doc["backend"], doc["encoding"], doc["card"], doc["pb"], doc["solver"]) == (
        "sat", "log", None, "totalizer", "cadical195"
    )
    doc = cli("count", "magic-square", "-p", "order=3", "--json").json()
    assert (doc["backend"], doc["encoding"]) == ("cp", "domains")  # a figure: the cp search (solvers.prefers_cp)
    doc = cli("count", "magic-square", "-p", "order=3", "--method", "sharpsat", "--json").json()
    assert (doc["backend"], doc["encoding"]) == ("sat", "order")  # ganak counts the sat backend's CNF


def _option_help(command: str) -> dict[str, str]:
    """Each option's help in `command --help`, one line per option (wrapping undone)."""
    from puzzlesat import cli as cli_module

    click = cli_module._click_command([command]).commands[command]
    return {p.name: " ".join((p.help or "").split()) for p in click.params}


def test_the_solver_options_are_declared_once():
    """The five commands that solve take the same six options with the same words."""
    wanted = [name for name, _ in __import__("puzzlesat.cli", fromlist=["SOLVER_OPTIONS"]).SOLVER_OPTIONS]
    helps = {command: _option_help(command) for command in SOLVING}
    for command, options in helps.items():
        assert set(wanted) <= set(options), command
    for name in wanted:
        assert len({helps[c][name] for c in SOLVING}) == 1, name


@pytest.mark.parametrize("command", ["dimacs", "decode"])
def test_cnf_commands_list_only_cnf_encodings(cli, command):
    """dimacs and decode write or read CNF: their --encoding help names the CNF encodings only."""
    out = " ".join(cli(command, "--help").out.split())
    shown = re.search(r"--encoding NAME CNF encoding: ([a-z0-9, -]+)\.", out)
    assert shown is not None and shown[1].split(", ") == encoders.names("cnf")
    assert "z3-int" not in out and "z3-pb" not in out


def test_dimacs_refuses_an_smt_encoding_naming_the_cnf_ones(cli):
    r = cli("dimacs", "magic-frame", "--encoding", "z3-int")
    assert (r.code, r.err) == (2, "puzzlesat: error: unknown encoding 'z3-int'; valid: log, onehot, order\n")


def test_compare_help_counts_its_pairs(cli):
    """compare --help says how many card/PB pairs one-hot runs, from the matrix itself."""
    out = " ".join(cli("compare", "--help").out.split())
    assert "one-hot with four card/PB pairs" in out and len(cmp.ONEHOT_PAIRS) == 4
    onehot = [c for c in cmp.matrix() if c.encoding == "onehot"]
    assert [(c.card, c.pb) for c in onehot] == list(cmp.ONEHOT_PAIRS)


def test_check_symmetry_is_spelt_as_elsewhere(cli):
    """check --symmetry declared is the old --modulo-symmetry; without it every solution counts."""
    new = cli("check", "magic-frame", "--symmetry", "declared", "--json")
    old = cli("check", "magic-frame", "--modulo-symmetry", "--json")
    raw = cli("check", "magic-frame", "--json")
    assert (new.code, old.code, raw.code) == (11, 11, 11)
    assert new.json()["modulo_symmetry"] is True and raw.json()["modulo_symmetry"] is False
    assert new.json()["group_order"] == old.json()["group_order"] == 8
    unique = cli("check", "magic-blocks", "--symmetry", "declared")
    assert unique.code == 0 and unique.out.splitlines()[-1].startswith("unique: exactly one solution up to symmetry")


def test_symmetry_breaking_is_part_of_the_plan():
    frame = catalog.build("magic-frame")
    assert solvers.resolve(Config(), frame).symmetry_breaking == "auto"
    assert solvers.resolve(Config(symmetry_breaking="orbit"), frame).symmetry_breaking == "orbit"
    refused = r"^unknown symmetry breaking 'lexx'; did you mean lex\? valid: auto, lex, orbit$"
    with pytest.raises(puzzlesat.UsageError, match=refused):
        solvers.resolve(Config(symmetry_breaking="lexx"), frame)
    assert puzzlesat.solve(frame, all=True, symmetry_breaking="orbit").symmetry_breaking == "orbit"


@pytest.mark.parametrize(
    ("command", "option", "library_default"),
    [
        ("solve", "symmetry_breaking", "auto"),
        ("count", "method", "auto"),
        ("compare", "timeout", "60"),
    ],
)
def test_the_command_line_leaves_defaults_to_the_library(cli, command, option, library_default):
    """An option the library defaults is None on the command line (so there is one default), and
    its --help shows the library's value."""
    from puzzlesat import cli as cli_module

    click = cli_module._click_command([command]).commands[command]
    param = next(p for p in click.params if p.name == option)
    assert param.default is None
    assert f"[default: {library_default}]" in " ".join(cli(command, "--help").out.split())
