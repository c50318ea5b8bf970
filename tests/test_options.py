"""Options resolved once: each backend and encoding declares what it takes, anything else is refused.

The declarations are tested against the encoders themselves (an encoding that says it ignores
--card must build the same clauses whatever the card), and every refusal against its exact message.
"""

from __future__ import annotations

import pytest

import puzzlesat
from puzzlesat import encoders, solvers
from puzzlesat.catalog import load as puzzles
from puzzlesat.catalog.builtin import build
from puzzlesat.runtime.errors import UsageError
from puzzlesat.solvers.base import Config


def refused(result, message: str) -> None:
    """Exit 2, nothing on stdout, exactly this one line on stderr."""
    assert (result.code, result.out, result.err) == (2, "", f"puzzlesat: error: {message}\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["magic-star", "--backend", "z3", "--card", "totalizer"],
            "--card is not used by the z3 backend (it applies to: external, sat)",
        ),
        (
            ["magic-star", "--backend", "z3", "--pb", "bdd"],
            "--pb is not used by the z3 backend (it applies to: external, sat)",
        ),
        (
            ["magic-star", "--backend", "z3", "--encoding", "z3-pb", "--solver", "glucose4"],
            "--solver is not used by the z3 backend (it applies to: sat)",
        ),
        (
            ["magic-square", "-p", "order=6", "--card", "totalizer"],
            "--card is not used by the log encoding, the default for this puzzle "
            "(it applies to: onehot, order; add --encoding onehot or --encoding order)",
        ),
        (
            ["magic-star", "--encoding", "log", "--card", "totalizer"],
            "--card is not used by the log encoding (it applies to: onehot, order)",
        ),
        (
            ["magic-frame", "--solver-cmd", "cadical"],
            "--solver-cmd is not used by the sat backend (it applies to: external)",
        ),
        (
            ["magic-frame", "--backend", "external", "--solver-cmd", "cadical", "--solver", "cadical195"],
            "--solver is not used by the external backend (it applies to: sat)",
        ),
        (
            [
                "magic-frame",
                "--backend",
                "external",
                "--solver-cmd",
                "cadical",
                "--encoding",
                "log",
                "--card",
                "ladder",
            ],
            "--card is not used by the log encoding (it applies to: onehot, order)",
        ),
    ],
)
def test_solve_refuses_unused_options(cli, args, message):
    """An option the backend or the encoding would ignore is exit 2 with one line naming who takes it."""
    refused(cli("solve", *args), message)


def test_batch_refuses_unused_options(cli, tmp_path):
    """The batch path (--givens-file) resolves the same way, before any instance is solved."""
    path = tmp_path / "four.txt"
    path.write_text("1234............\n")
    refused(
        cli("solve", "sudoku", "-p", "box=2", "--givens-file", str(path), "--backend", "z3", "--card", "pairwise"),
        "--card is not used by the z3 backend (it applies to: external, sat)",
    )


def test_options_that_are_used_still_work(cli):
    """The default encoding of a pure all-different puzzle (one-hot) takes --card; log takes --pb."""
    assert cli("solve", "sudoku", "-p", "box=2", "--card", "pairwise").code == 0
    assert cli("solve", "magic-frame", "--pb", "bdd", "--json").json()["pb"] == "bdd"
    doc = cli("solve", "magic-star", "--encoding", "onehot", "--card", "totalizer", "--json").json()
    assert (doc["encoding"], doc["card"]) == ("onehot", "totalizer")


def test_the_api_resolves_the_same_way():
    """`puzzlesat.solve` with keywords or a Config refuses as the command line does."""
    star = build("magic-star")
    with pytest.raises(UsageError, match=r"^--card is not used by the z3 backend \(it applies to: external, sat\)$"):
        puzzlesat.solve(star, backend="z3", card="totalizer")
    six = puzzles.load("magic-square", {"order": "6"})
    with pytest.raises(UsageError, match="^--card is not used by the log encoding, the default for this puzzle"):
        puzzlesat.solve(six, config=Config(card="totalizer"))
    chosen = frozenset({"pb"})
    log = puzzlesat.Plan("sat", "log", card=None, pb="bdd", solver="cadical195", chosen=chosen)
    assert puzzlesat.resolve(Config(pb="bdd"), six) == log
    order = puzzlesat.Plan("sat", "order", card="auto", pb="bdd", solver="cadical195", chosen=chosen)
    assert puzzlesat.resolve(Config(pb="bdd"), star) == order


def test_resolve_checks_names_before_any_work():
    """Unknown card, PB and solver names are refused by resolve, with the valid ones listed."""
    frame = build("magic-frame")
    for config, needle in [
        (Config(encoding="onehot", card="nope"), "unknown card encoding 'nope'"),
        (Config(pb="nope"), "unknown PB encoding 'nope'"),
        (Config(solver="nope"), "unknown solver 'nope'"),
        (Config(backend="nope"), "unknown backend 'nope'"),
        (Config(backend="z3", encoding="log"), "--encoding log runs on the sat or external backend, not z3"),
    ]:
        with pytest.raises(UsageError, match=needle):
            solvers.resolve(config, frame)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--encoding", "log", "--card", "all"],
            "--card is not used by the log encoding (it applies to: onehot, order)",
        ),
        (
            ["--encoding", "log", "--encoding", "z3-int", "--card", "pairwise"],
            "--card is not used by the log and z3-int encodings (it applies to: onehot, order)",
        ),
        (
            ["--encodings", "z3-int,z3-pb", "--solvers", "glucose4"],  # the old spellings, hidden aliases
            "--solver is not used by the z3-int and z3-pb encodings (it applies to: log, onehot, order)",
        ),
        (
            ["--encoding", "z3-pb", "--pb", "bdd"],
            "--pb is not used by the z3-pb encoding (it applies to: log, onehot, order)",
        ),
    ],
)
def test_compare_refuses_lists_no_configuration_uses(cli, args, message):
    """compare's --card/--pb/--solvers reach only the encodings that take them; a list none takes is refused."""
    refused(cli("compare", "magic-frame", *args), message)


def test_compare_matrix_follows_the_declarations():
    """A card list reaches one-hot and order, never log or Z3; the solver list never reaches Z3."""
    from puzzlesat.search.compare import matrix

    configs = matrix("onehot,log,z3-int", "pairwise,ladder", None, "glucose4")
    cards = {e: sorted({c.card for c in configs if c.encoding == e} - {None}) for e in ("onehot", "log", "z3-int")}
    assert cards == {"onehot": ["ladder", "pairwise"], "log": [], "z3-int": []}
    assert {(c.encoding, c.solver) for c in configs} == {("onehot", "glucose4"), ("log", "glucose4"), ("z3-int", None)}


def test_dimacs_and_decode_refuse_unused_options(cli, tmp_path):
    """dimacs and decode (without --map) check the encoding's options with the same declarations."""
    message = "--card is not used by the log encoding (it applies to: onehot, order)"
    refused(
        cli("dimacs", "magic-frame", "-o", str(tmp_path / "f.cnf"), "--encoding", "log", "--card", "pairwise"), message
    )
    assert not list(tmp_path.iterdir())
    answer = tmp_path / "answer.txt"
    answer.write_text("s UNSATISFIABLE\n")
    refused(cli("decode", "magic-frame", str(answer), "--encoding", "log", "--card", "pairwise"), message)
    assert cli("dimacs", "magic-frame", "-o", str(tmp_path / "g.cnf"), "--encoding", "log", "--pb", "bdd").code == 0


def test_every_declared_option_is_known():
    """Backends and encodings declare only registered options; per-encoding ones only on encodings."""
    for backend in solvers.BACKENDS.values():
        assert set(backend.options) <= set(solvers.OPTIONS), backend.name
    for encoding in encoders.ENCODINGS.values():
        assert {solvers.OPTIONS[o].per_encoding for o in encoding.options} <= {True}, encoding.name
    assert solvers.BACKENDS["z3"].options == ()
    assert all(e.options == () for e in encoders.ENCODINGS.values() if e.kind == "smt")


@pytest.mark.parametrize("encoding", encoders.names("cnf"))
@pytest.mark.parametrize(("option", "values"), [("card", ("seqcounter", "pairwise")), ("pb", ("totalizer", "bdd"))])
def test_declarations_match_what_the_encoders_read(encoding, option, values):
    """An encoding declares an option exactly when changing it changes the clauses it builds."""
    puzzle = build("magic-frame")  # sums, an unknown and an all-different group: every part is built
    plans = (solvers.Plan("sat", encoding, **{"card": "seqcounter", "pb": "totalizer", option: v}) for v in values)
    first, second = (encoders.get(encoding).encode(puzzle, plan).clauses for plan in plans)
    assert (first != second) == (option in encoders.get(encoding).options)


def test_symmetry_names_are_checked_before_the_encoding(monkeypatch):
    """An unknown --symmetry or --symmetry-breaking is refused before any encoding is built."""

    def no_build(*args, **kwargs):
        raise AssertionError("the encoding was built before the names were checked")

    monkeypatch.setattr(solvers, "open_session", no_build)
    star = build("magic-star")
    with pytest.raises(UsageError, match=r"^unknown symmetry 'bogus'; valid: declared, detected, none$"):
        puzzlesat.solve(star, all=True, symmetry="bogus")
    with pytest.raises(UsageError, match=r"^unknown symmetry breaking 'bogus'; valid: auto, lex, orbit$"):
        puzzlesat.solve(star, all=True, symmetry_breaking="bogus")


def test_batch_checks_symmetry_breaking_before_the_encoding(monkeypatch):
    """The batch path refuses an unknown --symmetry-breaking before its shared encoding is built."""

    def no_build(*args, **kwargs):
        raise AssertionError("the encoding was built before the names were checked")

    monkeypatch.setattr(solvers, "open_session", no_build)
    with pytest.raises(UsageError, match=r"^unknown symmetry breaking 'bogus'; valid: auto, lex, orbit$"):
        puzzlesat.solve_batch([build("magic-star")], symmetry_breaking="bogus")
