"""The order and log encodings: literal round trips, no spurious models, agreement with one-hot and Z3.

Differential testing as in CPMpy's test_int2bool: every integer encoding must give the same sorted
solution list as a trusted solver (Z3) and as the one-hot encoding, on every small catalog puzzle.
"""

from __future__ import annotations

import functools
import itertools

import pytest

import puzzlesat
from puzzlesat.catalog.builtin import build, names
from puzzlesat.encoders import ENCODINGS, order
from puzzlesat.encoders.literal import LiteralEncoding
from puzzlesat.model.group import image
from puzzlesat.model.model import define

INT_ENCODINGS = ["order", "log"]
HOLES = (3, 5, 7, 11, 13)

# Every catalog puzzle at its default parameters (magic-square is order 3); a big new entry belongs in
# BIG. The grid variants are (Z3 on integers takes over a minute on the killer and arrow sudokus), and
# so is the magic hexagon (Z3 takes 10-15 s to enumerate it, one-hot 4): tests/test_variants.py runs
# each of them through the backends and encodings instead, within a smaller budget.
BIG: set[str] = {n for n in names() if build(n).grid is not None and n != "sudoku"} | {"magic-hexagon"}
SMALL = [n for n in names() if n not in BIG]
# Seconds on this 2-core machine, modulo symmetry: one-hot takes 40 on magic-square-18 and 130 on
# magic-pair-18; order takes 27 on magic-pair-18 (38 raw) and 8 on magic-square-18 raw. Marked slow.
SLOW = {("magic-square-18", "onehot"), ("magic-pair-18", "onehot"), ("magic-pair-18", "order")}
RAW_LIMIT = 1000  # raw lists are checked only for puzzles with fewer solutions than this


def _encode(encoding: str, puzzle, **names: str) -> LiteralEncoding:
    from puzzlesat.encoders import get
    from puzzlesat.solvers import resolve
    from puzzlesat.solvers.base import Config

    return get(encoding, "cnf").load()(puzzle, resolve(Config(encoding=encoding, **names), puzzle))


def _classes(name: str, backend: str, encoding: str, modulo_symmetry: bool = True) -> list[tuple[int, ...]]:
    outcome = puzzlesat.solve(
        build(name), all=True, modulo_symmetry=modulo_symmetry, backend=backend, encoding=encoding
    )
    assert outcome.complete
    return [s.values for s in outcome.solutions]


@functools.cache
def z3_classes(name: str) -> tuple[tuple[int, ...], ...]:
    return tuple(_classes(name, "z3", "z3-int"))


def _params(encodings: list[str], slow: set[tuple[str, str]]) -> list:
    """(puzzle, encoding) pairs over SMALL, the pairs in `slow` marked slow."""
    return [
        pytest.param(n, e, id=f"{n}-{e}", marks=[pytest.mark.slow] if (n, e) in slow else [])
        for n in SMALL
        for e in encodings
    ]


@pytest.mark.parametrize("encoding", INT_ENCODINGS)
def test_value_literals_round_trip(encoding):
    """Assuming value_literals(c, v) gives a model that decodes to v, for every value of a domain with
    holes; unknown_literals(N, n) is satisfiable exactly for the values the cell can give N."""
    from pysat.solvers import Solver

    puzzle = define("holes", cells=1, values=HOLES, sums=[([0], "N")])
    cnf = _encode(encoding, puzzle)
    (unknown,) = puzzle.unknowns
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        for v in HOLES:
            assert solver.solve(assumptions=cnf.value_literals(0, v))
            assert cnf.decode(solver.get_model()) == ((v,), {"N": v})
        for n in unknown.domain:
            assert solver.solve(assumptions=cnf.unknown_literals("N", n)) == (n in HOLES)
    with pytest.raises(ValueError, match="not in the domain"):
        cnf.value_literals(0, 4)


@pytest.mark.parametrize("encoding", INT_ENCODINGS)
def test_exactly_one_model_per_assignment(encoding):
    """With no constraints, the models projected on the primary variables are exactly the product of
    the domains, each decoding to a different assignment: no spurious or duplicate patterns."""
    from pysat.solvers import Solver

    puzzle = define("pair", cells=2, values=HOLES, domains={1: range(0, 7)}, distinct="none")
    cnf = _encode(encoding, puzzle)
    primary = sorted(cnf.x.values())
    decoded = []
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            model = set(solver.get_model())
            decoded.append(cnf.decode(model)[0])
            solver.add_clause([-v if v in model else v for v in primary])
    assert sorted(decoded) == list(itertools.product(*puzzle.domains))
    raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend="sat", encoding=encoding)
    assert [s.values for s in raw.solutions] == sorted(decoded)


@pytest.mark.parametrize("encoding", INT_ENCODINGS)
def test_clause_lists_are_deterministic(encoding):
    """Two encodings of the same puzzle are identical, so DIMACS dumps are byte-identical."""
    first, second = (_encode(encoding, build("magic-star")) for _ in range(2))
    assert (first.clauses, first.nvars, first.x, first.y) == (second.clauses, second.nvars, second.x, second.y)


@pytest.mark.parametrize("encoding", INT_ENCODINGS)
@pytest.mark.parametrize(("card", "pb"), [("ladder", "adder"), ("totalizer", "totalizer"), ("native", "native")])
def test_card_and_pb_names_are_honoured(encoding, card, pb):
    """The selected card and PB encodings reach the settings and still give magic-frame's 6 classes."""
    if "card" not in ENCODINGS[encoding].options:  # log has no cardinality part: --card is refused
        card = None
    settings = _encode(encoding, build("magic-frame"), card=card, pb=pb).settings
    assert (settings.get("card"), settings["pb"]) == (card, pb)
    assert None not in settings.values()  # a setting that does not apply is absent, not None
    outcome = puzzlesat.solve(build("magic-frame"), all=True, backend="sat", encoding=encoding, card=card, pb=pb)
    assert [s.values for s in outcome.solutions] == list(z3_classes("magic-frame"))


def test_order_totalizer_sums_agree(monkeypatch):
    """The alternative sum encoding of the order encoding (a totalizer) finds the same classes."""
    monkeypatch.setattr(order, "DEFAULT_SUM_MODE", "totalizer")
    assert _encode("order", build("magic-star")).settings["sum_mode"] == "totalizer"
    assert _classes("magic-star", "sat", "order") == list(z3_classes("magic-star"))


@pytest.mark.parametrize(("name", "encoding"), _params(["onehot", *INT_ENCODINGS], SLOW))
def test_classes_agree_with_z3(name, encoding):
    """Order, log and one-hot find the same sorted canonical solutions as Z3 (so as each other)."""
    assert _classes(name, "sat", encoding) == list(z3_classes(name))


@pytest.mark.parametrize(("name", "encoding"), _params(INT_ENCODINGS, SLOW | {("magic-square-18", "order")}))
def test_raw_solutions_are_the_orbits_of_the_classes(name, encoding):
    """Without symmetry breaking, order and log find every image of every Z3 class, and nothing else."""
    puzzle = build(name)
    classes = z3_classes(name)
    orbits = sorted({image(s, p) for s in classes for p in puzzle.group.permutations})
    if len(orbits) >= RAW_LIMIT:
        pytest.skip(f"{len(orbits)} raw solutions")
    assert _classes(name, "sat", encoding, modulo_symmetry=False) == orbits
