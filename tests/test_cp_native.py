"""The cp backend's C search (`puzzlesat.solvers._cpsearch.Search`) on its own, and through the CLI at the
edges of 64-bit arithmetic (issue 39): bad arguments are clean exceptions, growth past the initial
capacities and failed allocations leave nothing half-registered, values near +-2**62 and +-2**63
and right sides that shift to -2**63 give the counts brute force gives (or one-line refusals),
never a wrong answer, an OverflowError or a crash."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.encoders.domains import C_RHS, MAX_WEIGHT_SUM  # what Search.linear takes
from puzzlesat.model.model import define
from puzzlesat.model.rules.sum import Sum
from puzzlesat.runtime.errors import UsageError
from puzzlesat.solvers.cp_native import native

Search = native()
pytestmark = pytest.mark.skipif(Search is None, reason="the cp search is not compiled here")

ROOT = Path(__file__).resolve().parent.parent
EQ, LE, NE = 0, 1, 2
FULL = 2**64 - 1  # a mask of all 64 offsets
I64_MIN, I64_MAX = -(2**63), 2**63 - 1


def solutions(s) -> list[tuple[int, ...]]:
    """Every solution of a search, in the order it finds them."""
    out = []
    while (found := s.next()) is not None:
        out.append(found)
    return out


def brute(masks: list[int], base: int, linears=()) -> list[tuple[int, ...]]:
    """The solutions of the linear constraints on offsets, by itertools, sorted."""
    domains = [[base + o for o in range(64) if m >> o & 1] for m in masks]
    out = []
    for values in itertools.product(*domains):
        offsets = [v - base for v in values]
        ok = True
        for vars_, weights, op, rhs in linears:
            lhs = sum(w * offsets[v] for v, w in zip(vars_, weights, strict=True))
            ok = ok and (lhs == rhs if op == EQ else lhs <= rhs if op == LE else lhs != rhs)
        if ok:
            out.append(values)
    return sorted(out)


# --- the type's own arguments ----------------------------------------------------------------------


def test_an_uninitialised_search_raises_instead_of_crashing():
    """`Search.__new__(Search)` has no domains: every method says so (no memcpy on NULL)."""
    s = Search.__new__(Search)
    for call in (s.next, lambda: s.alldiff([0]), lambda: s.linear([0], [1], EQ, 0), lambda: s.table([0], b"\0", False)):
        with pytest.raises(RuntimeError, match=r"^Search\.__init__ was not called$"):
            call()
    assert s.stats()["constraints"] == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((), {}, TypeError, r"^function missing required argument 'domains' \(pos 1\)$"),
        ((5, 0), {}, TypeError, r"^object of type 'int' has no len\(\)$"),
        (([], 0), {}, ValueError, r"^1 to 2\*\*20 variables$"),
        (([1.0], 0), {}, TypeError, r"^domains\[0\]: a mask is an int$"),
        (([3, -1], 0), {}, ValueError, r"^domains\[1\]: a mask runs 0\.\.2\*\*64-1$"),
        (([2**64], 0), {}, ValueError, r"^domains\[0\]: a mask runs 0\.\.2\*\*64-1$"),
        (([1], 2**63), {}, OverflowError, "^int too big to convert$"),
        (([1], -(2**63) - 1), {}, OverflowError, "^int too big to convert$"),
        (([1, 1 << 63], I64_MAX - 62), {}, ValueError, r"^domains\[1\]: base \+ 63 is past 2\*\*63-1$"),
        (([1], 0), {"poll": 3}, TypeError, r"^poll: a callable or None$"),
    ],
)
def test_bad_construction_is_a_clean_exception(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        Search(*args, **kwargs)


def test_a_search_is_initialised_once():
    s = Search([3], 0)
    with pytest.raises(RuntimeError, match="^a Search is initialised once$"):
        s.__init__([1], 0)
    assert solutions(s) == [(0,), (1,)]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda s: s.alldiff([0, 2]), ValueError, r"^variable 2 out of range 0\.\.1$"),
        (lambda s: s.alldiff([-1]), ValueError, r"^variable -1 out of range 0\.\.1$"),
        (lambda s: s.alldiff([0.5]), TypeError, "^'float' object cannot be interpreted as an integer$"),
        (lambda s: s.alldiff(7), TypeError, r"^object of type 'int' has no len\(\)$"),
        (lambda s: s.linear([0, 1], [1], EQ, 0), ValueError, "^weights: wrong length$"),
        (lambda s: s.linear([0, 1], [1, "a"], EQ, 0), TypeError, "^'str' object cannot be interpreted as an integer$"),
        (lambda s: s.linear([0, 1], [1, 1], 3, 0), ValueError, r"^op: 0 \(=\), 1 \(<=\) or 2 \(!=\)$"),
        (lambda s: s.linear([0, 1], [1, 1], EQ, 2**63), OverflowError, "^int too big to convert$"),
        (lambda s: s.linear([0], [2**63], EQ, 0), OverflowError, "^int too big to convert$"),
        (lambda s: s.linear([0], [1], EQ, C_RHS + 1), ValueError, r"^linear: \|rhs\| past 2\*\*61$"),
        (lambda s: s.linear([0], [1], NE, I64_MIN), ValueError, r"^linear: \|rhs\| past 2\*\*61$"),
        (lambda s: s.linear([0], [-1], LE, I64_MAX), ValueError, r"^linear: \|rhs\| past 2\*\*61$"),
        (lambda s: s.linear([0], [I64_MIN], EQ, 0), ValueError, r"^linear: weights past 2\*\*54 in all$"),
        (lambda s: s.linear([0, 1], [2**53 + 1, -(2**53)], EQ, 0), ValueError, r"weights past 2\*\*54 in all$"),
        (lambda s: s.table([0, 1], b"\0\0\0", False), ValueError, "^a table needs variables and whole tuples$"),
        (lambda s: s.table([], b"", False), ValueError, "^a table needs variables and whole tuples$"),
        (lambda s: s.table([0], b"\x40", False), ValueError, r"^table offsets run 0\.\.63$"),
        (lambda s: s.table([0], "ab", False), TypeError, "^a bytes-like object is required, not 'str'$"),
    ],
)
def test_bad_constraints_are_clean_exceptions_that_register_nothing(call, error, message):
    """Each refused constraint leaves the search as it was: the same count, the same solutions."""
    s = Search([0b111, 0b111], 0)
    s.linear([0, 1], [1, 1], LE, 2)
    with pytest.raises(error, match=message):
        call(s)
    assert s.stats()["constraints"] == 1
    assert sorted(solutions(s)) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)]


def test_the_largest_weights_and_sides_the_type_takes_are_exact():
    """Weights adding up to 2**54 and right sides of +-2**61 (the contract's edges) give brute
    force's answer: every intermediate stays below 2**63."""
    w = MAX_WEIGHT_SUM
    assert w == 2**54
    for base in (I64_MIN, -(2**62), 0, 2**62, I64_MAX - 63):
        for op in (EQ, LE, NE):
            for rhs in (w * 5, -w * 5, C_RHS, -C_RHS, w * 63, -w * 63, w * 63 + 1):
                cases = [
                    ([0], [w], rhs),
                    ([0], [-w], rhs),
                    ([0, 1], [w // 2, -(w // 2)], rhs),
                    ([0, 1], [-(w // 2), -(w // 2)], rhs),
                ]
                for vars_, weights, r in cases:
                    masks = [FULL, 0b1011 << 60]
                    s = Search(masks, base)
                    s.linear(vars_, weights, op, r)
                    assert sorted(solutions(s)) == brute(masks, base, [(vars_, weights, op, r)]), (base, op, r, weights)


def test_values_at_both_ends_of_64_bit_integers():
    """Base -2**63 and a highest value of 2**63-1 come back as exact Python ints."""
    s = Search([0b11, 1 << 63], I64_MIN)
    assert solutions(s) == [(I64_MIN, I64_MIN + 63), (I64_MIN + 1, I64_MIN + 63)]
    s = Search([1 << 63, 1], I64_MAX - 63)
    assert solutions(s) == [(I64_MAX, I64_MAX - 63)]


def test_a_not_equal_that_shifted_to_the_contracts_edge_is_exact():
    """`-x != -2**61` with x's offsets 0..3 (what once reached INT64_MIN % -1, SIGFPE): every
    offset is a solution; `-x != 0` removes offset 0 only."""
    s = Search([0b1111], 0)
    s.linear([0], [-1], NE, -C_RHS)
    assert solutions(s) == [(0,), (1,), (2,), (3,)]
    s = Search([0b1111], 0)
    s.linear([0], [-1], NE, 0)
    assert solutions(s) == [(1,), (2,), (3,)]


def test_growth_past_every_initial_capacity():
    """40 0/1 variables in a chain x[i] <= x[i+1], each read by 10 constraints (a watch list starts
    at 4), 390 constraints (the array starts at 16), 40 levels deep (the stack starts at 16): the
    41 non-decreasing sequences."""
    n = 40
    s = Search([0b11] * n, 0)
    for i in range(n - 1):
        s.linear([i, i + 1], [1, -1], LE, 0)
        for k in range(4):
            s.linear([i, i + 1], [1, 1], LE, 2 + k)  # always true: only more watches
        s.linear([i, i + 1], [3, -3], NE, 3)
        for _ in range(4):
            s.table([i, i + 1], bytes([0, 0, 0, 1, 1, 1]), False)
    assert s.stats()["constraints"] == 39 * 10
    found = solutions(s)
    assert sorted(found) == sorted(tuple([0] * (n - k) + [1] * k) for k in range(n + 1))
    assert s.next() is None


def test_next_is_not_reentrant():
    """A poll (called every 1,024 nodes) that calls `next` on the search it polls is refused, and
    the search goes on from where it was: 4,096 solutions, each once."""
    calls = []

    def poll():
        calls.append(1)
        if len(calls) == 1:
            s.next()

    s = Search([0b11] * 12, 0, poll=poll)
    found = []
    with pytest.raises(RuntimeError, match="^next is already running$"):
        while (one := s.next()) is not None:
            found.append(one)
    assert calls == [1] and 0 < len(found) < 4096
    found += solutions(s)
    assert len(found) == len(set(found)) == 4096


# --- allocation failures ---------------------------------------------------------------------------

try:
    import _testcapi as testcapi
except ImportError:  # pragma: no cover - only CPython's test builds ship it
    testcapi = None

needs_nomemory = pytest.mark.skipif(
    testcapi is None or not hasattr(testcapi, "set_nomemory"), reason="_testcapi.set_nomemory is not available"
)


def _with_failing_allocation(k: int, call) -> bool:
    """Run `call` with the k-th allocation from now failing; whether it raised MemoryError."""
    testcapi.set_nomemory(k, k + 1)
    try:
        call()
    except MemoryError:
        return True
    finally:
        testcapi.remove_mem_hooks()
    return False


@needs_nomemory
@pytest.mark.parametrize("kind", ["linear", "table", "alldiff"])
def test_a_failed_allocation_registers_nothing(kind):
    """The 17th constraint (past the first capacity of 16) with each allocation in turn failing:
    a MemoryError and the search as before, or the constraint whole; more constraints after it
    and the search still give brute force's solutions."""
    n = 6
    masks = [0b111] * n
    add = {
        "linear": lambda s: s.linear(list(range(n)), [1] * n, LE, 3),
        "table": lambda s: s.table([0, 1], bytes([0, 1, 1, 0, 2, 2, 0, 0]), True),
        "alldiff": lambda s: s.alldiff([0, 1, 2]),
    }[kind]
    failures = 0
    for k in range(12):
        s = Search(masks, 0)
        for i in range(16):
            s.linear([i % n, (i + 1) % n], [1, 1], LE, 4 + i)  # always true
        failed = _with_failing_allocation(k, lambda s=s: add(s))
        failures += failed
        assert s.stats()["constraints"] == 16 + (not failed)
        if failed:
            add(s)
        for i in range(20):  # past a second growth, every variable's watch list grown too
            s.linear([i % n, (i + 2) % n], [1, -1], LE, 2)
        s.alldiff([3, 4])
        assert len(solutions(s)) == _expected(kind, n)
    assert failures > 0


def _expected(kind: str, n: int) -> int:
    """Brute force's count for the models of test_a_failed_allocation_registers_nothing."""
    count = 0
    for x in itertools.product(range(3), repeat=n):
        if x[3] == x[4]:
            continue
        if kind == "linear" and sum(x) > 3:
            continue
        if kind == "table" and (x[0], x[1]) in ((0, 1), (1, 0), (2, 2), (0, 0)):
            continue
        if kind == "alldiff" and len({x[0], x[1], x[2]}) < 3:
            continue
        count += 1
    return count


@needs_nomemory
def test_a_failed_allocation_in_next_can_be_retried():
    """The first `next` (20 levels deep: the stack grows past its first 16) with each allocation in
    turn failing: a MemoryError, and calls after it find every solution once, the one whose tuple
    could not be built included."""
    n = 20
    truth = sorted([tuple([0] * n)] + [tuple(int(i == k) for i in range(n)) for k in range(n)])
    failures = 0
    for k in range(12):
        s = Search([0b11] * n, 0)
        s.linear(list(range(n)), [1] * n, LE, 1)
        first = [None]  # set in place: an append could be what fails, and lose the solution itself
        failures += _with_failing_allocation(k, lambda s=s, first=first: first.__setitem__(0, s.next()))
        assert sorted([f for f in first if f is not None] + solutions(s)) == truth
    assert failures >= 8  # the stack's three arrays twice, the child's domains, the solution's tuple


# --- the CLI on TOML models at the edges ----------------------------------------------------------

B = -(2**63) + 2**61  # a base at which `2*x0 - x1 <= 2**61` shifts to within 63 of 2**63-1


def _toml(path: Path, name: str, values: str, sums: list[tuple[list[int], list[int], str, int]], cells: int = 2):
    text = f'name = "{name}"\ncells = {cells}\nvalues = {values}\ndistinct = "none"\n'
    for cells_, weights, relation, rhs in sums:
        text += f"[[sum]]\ncells = {cells_}\nweights = {weights}\n{relation} = {rhs}\n"
    path.write_text(text)
    return str(path)


WRONG_BASE = -(2**63 - 1 - 2**61 - 10)  # the shifted side 2**63-1-10: `rhs + 63` once overflowed


@pytest.mark.parametrize("backend", ["cp", "sat"])
def test_a_sum_near_the_top_of_64_bits_is_counted(cli, tmp_path, backend):
    """Two cells of 64 values near -6.9e18 with `2*x0 - x1 <= 2**61` (always true): 4,096, on the
    default backend (cp) as on sat; cp once said 0."""
    path = _toml(
        tmp_path / "wrong.toml",
        "wrong",
        f"{{ min = {WRONG_BASE}, max = {WRONG_BASE + 63} }}",
        [([0, 1], [2, -1], "at_most", 2**61)],
    )
    count = cli("count", path, "--json", *(["--backend", backend] if backend == "sat" else []))
    assert count.code == 0 and count.json()["backend"] == backend and count.json()["count"] == 4096
    first = cli("solve", path, "--json")
    assert first.code == 0 and first.json()["backend"] == "cp"
    assert first.json()["solutions"][0]["values"] == [WRONG_BASE, WRONG_BASE]


def test_a_not_equal_shifted_to_minus_2_63_does_not_crash(tmp_path):
    """`-x != -2**61` on values from -2**63 + 2**61: the shifted side was -2**63 and the search
    computed INT64_MIN % -1 (SIGFPE, exit 136). In a child process, so a crash is a failure here
    and not the end of the test run."""
    path = _toml(
        tmp_path / "fpe.toml", "fpe", f"{{ min = {B}, max = {B + 3} }}", [([0], [-1], "not_equal", -(2**61))], 1
    )
    run = subprocess.run(
        [sys.executable, "-c", "from puzzlesat import cli; cli.main()", "count", path, "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert '"count": 4' in run.stdout and '"backend": "cp"' in run.stdout


@pytest.mark.parametrize("weights", [[2, 2], [1, 1]])
def test_values_near_2_62_with_a_not_equal_of_0(cli, tmp_path, weights):
    """Two cells of 2**62..2**62+1 with `w*x0 + w*x1 != 0`: the shifted side was -2**64 (an
    OverflowError out of the extension) or -2**63 (signed overflow); now 3 classes, 4 solutions,
    and both values in every cell."""
    path = _toml(tmp_path / "huge.toml", "huge", f"[{2**62}, {2**62 + 1}]", [([0, 1], weights, "not_equal", 0)])
    solved = cli("solve", path, "--all", "--json")
    assert solved.code == 0, solved.err
    assert solved.json()["backend"] == "cp" and solved.json()["count"] == 3
    raw = cli("count", path, "--no-symmetry", "--json")
    assert raw.code == 0 and raw.json()["count"] == 4
    marks = cli("candidates", path, "--json")
    assert marks.code == 0 and marks.json()["candidates"] == {"0": [2**62, 2**62 + 1], "1": [2**62, 2**62 + 1]}


def test_values_past_64_bits_are_refused_in_one_line(cli, tmp_path):
    """Values at 2**63 (one past the type): cp refuses in one line, the default is sat."""
    path = _toml(tmp_path / "past.toml", "past", f"[{2**63}, {2**63 + 1}]", [([0, 1], [1, -1], "not_equal", 0)])
    refused = cli("solve", path, "--backend", "cp")
    assert refused.code == 2
    assert refused.err == (
        "puzzlesat: error: the cp backend takes values within 64-bit integers (-2**63..2**63-1); "
        f"this puzzle's run {2**63}..{2**63 + 1} (use --backend sat)\n"
    )
    counted = cli("count", path, "--json")
    assert counted.code == 0 and counted.json()["backend"] == "sat" and counted.json()["count"] == 2


def test_weights_past_2_54_are_refused_in_one_line(cli, tmp_path):
    path = _toml(tmp_path / "heavy.toml", "heavy", "[1, 2]", [([0, 1], [2**54, 1], "at_most", 2**55)])
    refused = cli("count", path, "--backend", "cp")
    assert refused.code == 2
    assert refused.err == (
        "puzzlesat: error: the cp backend takes sums whose weights add up to at most 2**54 in size; "
        f"sum #1's add up to {2**54 + 1} (use --backend sat)\n"
    )
    counted = cli("count", path, "--json")
    assert counted.code == 0 and counted.json()["backend"] == "sat" and counted.json()["count"] == 2


def test_right_sides_of_any_size_are_decided_exactly():
    """A right side past 64 bits is out of the sum's reach: decided in Python, never overflowed."""
    for rhs, op, count in [(2**70, "<=", 4), (-(2**70), "<=", 0), (2**70, "!=", 4), (-(2**70), "=", 0)]:
        p = define("far", cells=2, values=[1, 2], distinct="none", rules=[Sum((0, 1), rhs, op, (3, 1))])
        out = puzzlesat.solve(p, all=True, modulo_symmetry=False, backend="cp")
        assert out.complete and len(out.solutions) == count


def test_refusals_are_usage_errors_through_the_library():
    p = define("past", cells=2, values=[-(2**63) - 1, -(2**63)], distinct="none", sums=[([0, 1], -(2**64) - 1)])
    with pytest.raises(UsageError, match=r"^the cp backend takes values within 64-bit integers"):
        puzzlesat.solve(p, backend="cp")


def test_a_model_past_the_contract_is_an_internal_error_not_a_traceback():
    """Were puzzlesat.encoders.domains ever to hand the search a side past 2**61, the session says so as a
    BackendError (the CLI's exit 4), not a ValueError out of the extension."""
    import dataclasses

    from puzzlesat import solvers
    from puzzlesat.runtime.errors import BackendError
    from puzzlesat.solvers import Config

    p = define("pair", cells=2, values=[1, 2], sums=[([0, 1], 3)])
    session = solvers.open_session(p, solvers.resolve(Config(backend="cp"), p))
    session.model = dataclasses.replace(session.model, linears=(((0, 1), (1, 1), EQ, 2**62),))
    with pytest.raises(
        BackendError, match=r"^internal error: the cp search refused its model: linear: \|rhs\| past 2\*\*61$"
    ):
        session.next(None)
