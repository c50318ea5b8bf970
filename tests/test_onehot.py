"""The one-hot CNF encoding and the PySAT backend: CNF sanity, oracle counts, and differential tests
against Z3 over every registered card encoding, PB encoding and (on one puzzle) every solver."""

from __future__ import annotations

import pytest
from guards import hang_guard
from oracle import brute_force

from puzzlesat import solvers
from puzzlesat.catalog import builtin as catalog
from puzzlesat.encoders.cnf import CNFEncoding
from puzzlesat.encoders.onehot import SUM_MODES, encode
from puzzlesat.encoders.pysat_names import CARD_ENCODINGS, DEFAULT_CARD, DEFAULT_PB, PB_ENCODINGS
from puzzlesat.model.model import Puzzle, define
from puzzlesat.runtime.errors import CheckError, UsageError
from puzzlesat.solvers.base import Config
from puzzlesat.solvers.enumerate import Outcome, enumerate_solutions
from puzzlesat.solvers.pysat_solvers import SOLVERS
from puzzlesat.solvers.sat_backend import open_session

# Small puzzles only: each runs once per registered encoding. Raw mode skips the triangle (288
# solutions under a group of order 48).
SMALL = {
    False: ("magic-frame", "magic-triangle", "magic-frame-primes"),
    True: ("magic-frame", "magic-frame-primes"),
}


def OneHot(**kw) -> Config:  # noqa: N802 - reads as the Config it builds
    """A SAT config pinned to one-hot: the backend's default encoding depends on the puzzle."""
    return Config(encoding="onehot", **kw)


def plan(puzzle: Puzzle, **kw) -> solvers.Plan:
    """The resolved one-hot plan an encoder takes (the plan fills card and PB; the encoder does not)."""
    return solvers.resolve(OneHot(**kw), puzzle)


def run(puzzle: Puzzle, config: Config, *, raw: bool = False, timeout: float | None = None) -> Outcome:
    session = solvers.open_session(puzzle, config)
    try:
        return enumerate_solutions(puzzle, session, modulo_symmetry=not raw, timeout=timeout)
    finally:
        session.close()


def answers(outcome: Outcome) -> list[tuple[tuple[int, ...], dict[str, int]]]:
    assert outcome.complete, outcome.stopped
    return [(s.values, s.unknowns) for s in outcome.solutions]


@pytest.fixture(scope="module")
def z3_answers() -> dict[tuple[str, bool], list]:
    """Z3's solution lists, the reference, computed once per puzzle and mode."""
    cache: dict[tuple[str, bool], list] = {}

    def get(name: str, raw: bool) -> list:
        if (name, raw) not in cache:
            cache[name, raw] = answers(run(catalog.build(name), Config(backend="z3"), raw=raw))
        return cache[name, raw]

    return get  # type: ignore[return-value]


def tiny() -> Puzzle:
    """Small enough for brute force, with an unknown, a zero weight, a negative weight and a given."""
    return define(
        "tiny",
        cells=4,
        values=range(0, 5),
        distinct=[[0, 1]],
        sums=[([0, 1], "N"), ([2, 3], "N"), ([0, 3, 1], 1, [2, -1, 0])],
        givens={3: 3},
    )


# --- (a) CNF sanity -------------------------------------------------------------------------


def test_every_cell_value_has_a_variable_used_in_clauses() -> None:
    """Every x and y variable exists and occurs in some clause; clause and literal counts are positive."""
    puzzle = catalog.build("magic-frame")
    enc = encode(puzzle, plan(puzzle))
    assert set(enc.x) == {(c, v) for c in range(puzzle.size) for v in puzzle.domains[c]}
    assert set(enc.y) == {("N", n) for n in puzzle.unknowns[0].domain}
    used = {abs(lit) for clause in enc.clauses for lit in clause}
    assert set(enc.x.values()) | set(enc.y.values()) <= used
    stats = enc.stats()
    assert stats["clauses"] > 0 and stats["literals"] >= stats["clauses"]
    assert stats["decision_variables"] == len(enc.x) + len(enc.y)
    assert stats["variables"] == stats["decision_variables"] + stats["auxiliary_variables"]


@pytest.mark.parametrize("mode", SUM_MODES)
def test_encoding_is_deterministic(mode: str) -> None:
    """Two encodings of the same puzzle give identical clause lists and variable maps."""
    puzzle = catalog.build("magic-blocks")
    a, b = encode(puzzle, plan(puzzle), sum_mode=mode), encode(puzzle, plan(puzzle), sum_mode=mode)
    assert a.clauses == b.clauses and a.x == b.x and a.y == b.y and a.nvars == b.nvars


@pytest.mark.parametrize("card", sorted(CARD_ENCODINGS))
@pytest.mark.parametrize("pb", [DEFAULT_PB, "adder"])
def test_aux_variables_never_collide_with_primary_ones(card: str, pb: str) -> None:
    """Keyed variables are distinct and come first; every other variable is auxiliary and in range."""
    frame = catalog.build("magic-frame")
    enc = encode(frame, plan(frame, card=card, pb=pb))
    primary = list(enc.x.values()) + list(enc.y.values())
    assert len(set(primary)) == len(primary)
    assert sorted(primary) == list(range(1, len(primary) + 1))
    every = {abs(lit) for clause in enc.clauses for lit in clause}
    every |= {abs(lit) for lits, _, _ in enc.atmosts for lit in lits}
    assert max(every) <= enc.nvars


def test_blocking_clause_and_decode_round_trip() -> None:
    """decode(model of an assignment) gives it back; its blocking clause is false on that model only."""
    puzzle = catalog.build("magic-frame")
    enc = encode(puzzle, plan(puzzle))
    values = (1, 8, 3, 5, 7, 6, 4, 2)
    true = {enc.x[c, v] for c, v in enumerate(values)} | {enc.y["N", 12]}
    assert enc.decode(true) == (values, {"N": 12})
    clause = enc.blocking_clause(values)
    assert not any(lit in true if lit > 0 else -lit not in true for lit in clause)
    other = (true - {enc.x[0, 1]}) | {enc.x[0, 2]}
    assert any(lit in other if lit > 0 else -lit not in other for lit in clause)


def test_decode_rejects_a_cell_with_two_values() -> None:
    """A model that puts two values in one cell is an internal error, not a silent pick."""
    enc = encode(catalog.build("magic-frame"), plan(catalog.build("magic-frame")))
    true = {enc.x[c, v] for c, v in enumerate((1, 8, 3, 5, 7, 6, 4, 2))} | {enc.x[0, 3], enc.y["N", 12]}
    with pytest.raises(CheckError, match="cell #0"):
        enc.decode(true)


def test_container_is_encoder_neutral() -> None:
    """A CNFEncoding is built from plain data: no pysat object is kept in it."""
    enc = encode(catalog.build("magic-frame"), plan(catalog.build("magic-frame")))
    assert isinstance(enc, CNFEncoding)
    assert all(type(c) is list and all(type(lit) is int for lit in c) for c in enc.clauses)


# --- (b) differential: every card and PB encoding against Z3 ---------------------------------


@pytest.mark.parametrize("raw", [False, True], ids=["sym", "raw"])
@pytest.mark.parametrize("card", sorted(CARD_ENCODINGS))
def test_card_encodings_agree_with_z3(card: str, raw: bool, z3_answers) -> None:
    """Every card encoding (with the default PB one) finds exactly Z3's solutions."""
    for name in SMALL[raw]:
        got = answers(run(catalog.build(name), OneHot(card=card), raw=raw))
        assert got == z3_answers(name, raw), name


@pytest.mark.parametrize("raw", [False, True], ids=["sym", "raw"])
@pytest.mark.parametrize("pb", sorted(PB_ENCODINGS))
def test_pb_encodings_agree_with_z3(pb: str, raw: bool, z3_answers) -> None:
    """Every PB encoding (with the default card one) finds exactly Z3's solutions."""
    for name in SMALL[raw]:
        got = answers(run(catalog.build(name), OneHot(pb=pb), raw=raw))
        assert got == z3_answers(name, raw), name


@pytest.mark.parametrize("mode", SUM_MODES)
def test_sum_modes_agree_with_z3(mode: str, z3_answers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ways of encoding a sum equal to an unknown give Z3's solutions."""
    from puzzlesat.encoders import onehot

    monkeypatch.setattr(onehot, "DEFAULT_SUM_MODE", mode)
    for name in SMALL[True]:
        assert answers(run(catalog.build(name), OneHot(), raw=True)) == z3_answers(name, True), name


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_every_solver_agrees_with_z3(solver: str, z3_answers) -> None:
    """Every registered solver, kissat (rebuilt per call) and lingeling (no budgets) included;
    solvers with native constraints use them."""
    card = "native" if SOLVERS[solver].native else DEFAULT_CARD
    got = answers(run(catalog.build("magic-frame"), OneHot(solver=solver, card=card)))
    assert got == z3_answers("magic-frame", False)


def test_magic_blocks_seed_answer() -> None:
    """The seed page's 3x3 block puzzle: one class, [1,6,7,8,5,2,3,4,9] with N = 20."""
    got = answers(run(catalog.build("magic-blocks"), OneHot()))
    assert got == [((1, 6, 7, 8, 5, 2, 3, 4, 9), {"N": 20})]


# --- (c) brute-force oracle -------------------------------------------------------------------


@pytest.mark.parametrize("mode", SUM_MODES)
def test_tiny_puzzle_matches_brute_force(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Zero and negative weights, an unknown and a given: the SAT answers are the itertools ones."""
    from puzzlesat.encoders import onehot

    monkeypatch.setattr(onehot, "DEFAULT_SUM_MODE", mode)
    puzzle = tiny()
    truth = brute_force(puzzle)
    assert truth.raw  # the oracle must have something to compare
    got = run(puzzle, OneHot(), raw=True)
    assert [s.values for s in got.solutions] == truth.raw


def test_unsatisfiable_sums_give_no_solution() -> None:
    """A total out of reach, or an empty sum with a nonzero total, is UNSAT, not an empty constraint."""
    for total in (-1, 100):
        puzzle = define("far", cells=3, values=range(1, 4), sums=[([0, 1, 2], total)])
        assert run(puzzle, OneHot(), raw=True).count == 0
    zero = define("zero", cells=2, values=range(1, 3), sums=[([0, 1], 5, [0, 0])])
    assert run(zero, OneHot(), raw=True).count == 0


# --- (d) names ----------------------------------------------------------------------------


def test_unknown_card_encoding_message() -> None:
    with pytest.raises(UsageError) as e:
        open_session(catalog.build("magic-frame"), OneHot(card="nope"))
    assert str(e.value) == "unknown card encoding 'nope'; valid: " + ", ".join(sorted(CARD_ENCODINGS))


def test_unknown_pb_encoding_message() -> None:
    with pytest.raises(UsageError) as e:
        open_session(catalog.build("magic-frame"), OneHot(pb="nope"))
    assert str(e.value) == "unknown PB encoding 'nope'; valid: " + ", ".join(sorted(PB_ENCODINGS))


def test_unknown_solver_message() -> None:
    with pytest.raises(UsageError) as e:
        open_session(catalog.build("magic-frame"), OneHot(solver="nope"))
    assert str(e.value) == "unknown solver 'nope'; valid: " + ", ".join(sorted(SOLVERS))


def test_native_encoding_needs_a_native_solver() -> None:
    """A native encoding with a solver that cannot take it is refused before any work."""
    with pytest.raises(UsageError, match="native PB encoding needs a solver.*not minicard"):
        open_session(catalog.build("magic-frame"), OneHot(pb="native", solver="minicard"))
    with pytest.raises(UsageError, match="native card encoding needs a solver.*not glucose4"):
        open_session(catalog.build("magic-frame"), OneHot(card="native", solver="glucose4"))


def test_defaults_are_registered() -> None:
    assert DEFAULT_CARD in CARD_ENCODINGS and DEFAULT_PB in PB_ENCODINGS


# --- (e) timeouts -------------------------------------------------------------------------


def pigeons(holes: int) -> Puzzle:
    """holes + 1 pigeons, pairwise distinct, in `holes` holes: UNSAT and hard for CDCL."""
    return define("pigeons", cells=holes + 1, values=range(holes))


@pytest.mark.parametrize("solver", ["cadical195", "kissat404", "glucose4"])
def test_timeout_stops_a_long_solver_call(solver: str) -> None:
    """A deadline inside one hard call stops it between conflict slices; found solutions stand."""
    with hang_guard():  # 14 pigeons in 13 holes: a CDCL solver does not finish in a lifetime
        outcome = run(pigeons(13), OneHot(solver=solver), raw=True, timeout=0.3)
    assert outcome.stopped == "timeout" and not outcome.complete
    assert outcome.stats["solve_slices"] >= 1


def test_stats_report_sizes_and_settings() -> None:
    outcome = run(catalog.build("magic-frame"), OneHot(card="totalizer", pb="adder", solver="glucose4"))
    st = outcome.stats
    settings = (st["encoding"], st["card"], st["pb"], st["solver"])
    assert settings == ("onehot", "totalizer", "adder", "glucose4")
    for key in ("variables", "decision_variables", "clauses", "literals", "build_seconds", "solve_seconds"):
        assert key in st
    assert st["solver_calls"] == outcome.count + 1
    assert st["blocking_clauses"] > 0


def test_stats_report_the_solvers_search_counters() -> None:
    """conflicts, decisions and propagations come from the solver, summed over its calls; the
    pigeonhole refutation needs conflicts, and a solver without counters (kissat) reports none."""
    outcome = run(pigeons(6), OneHot(solver="cadical195"), raw=True)
    st = outcome.stats
    assert outcome.count == 0 and st["conflicts"] > 100 and st["decisions"] > 0
    assert st["propagations"] > st["decisions"]
    kissat = run(pigeons(4), OneHot(solver="kissat404"), raw=True).stats
    assert "conflicts" not in kissat and kissat["solver_calls"] == 1
