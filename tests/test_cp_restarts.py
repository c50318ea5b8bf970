"""The cp search's restarts (issue 40): until its first solution the search restarts on dom/wdeg with
values in random order from a fixed seed and records the nogoods of each run it gives up; after it,
one depth-first search goes on. Enumeration stays exact (every solution once, none cut by a
nogood), first solutions are the same on every run, and the squares that a plain depth-first
search never finished are found."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from oracle import brute_force
from strategies import small_puzzles

import puzzlesat
from puzzlesat.catalog import load as puzzles
from puzzlesat.solvers import cp_backend
from puzzlesat.solvers.cp_native import native

Search = native()
pytestmark = pytest.mark.skipif(Search is None, reason="the cp search is not compiled here")
EQ, LE, NE = 0, 1, 2


def holds(values, alldiffs, linears, tables) -> bool:
    """Plain Python's verdict on an assignment of offsets."""
    if any(len({values[v] for v in g}) < len(g) for g in alldiffs):
        return False
    for vars_, weights, op, rhs in linears:
        lhs = sum(w * values[v] for v, w in zip(vars_, weights, strict=True))
        if not (lhs == rhs if op == EQ else lhs <= rhs if op == LE else lhs != rhs):
            return False
    for vars_, tuples, forbidden in tables:
        if (tuple(values[v] for v in vars_) in tuples) == forbidden:
            return False
    return True


def random_model(rng: random.Random):
    """A small model with every constraint kind the search has, over offsets 0..4."""
    n = rng.randint(4, 7)
    masks = [sum(1 << o for o in rng.sample(range(5), rng.randint(2, 4))) for _ in range(n)]
    alldiffs = [tuple(rng.sample(range(n), rng.randint(2, min(n, 5)))) for _ in range(rng.randint(0, 3))]
    linears = []
    for _ in range(rng.randint(1, 4)):
        vars_ = tuple(rng.sample(range(n), rng.randint(1, min(n, 4))))
        weights = tuple(rng.choice((-3, -2, -1, 1, 2, 3)) for _ in vars_)
        linears.append((vars_, weights, rng.choice((EQ, LE, NE)), rng.randint(-6, 12)))
    tables = []
    for _ in range(rng.randint(0, 2)):
        vars_ = tuple(rng.sample(range(n), rng.randint(1, 3)))
        space = list(itertools.product(range(5), repeat=len(vars_)))
        tables.append((vars_, frozenset(rng.sample(space, rng.randint(1, len(space)))), rng.random() < 0.4))
    return masks, alldiffs, linears, tables


def search(model, restarts: int, seed: int = 0):
    masks, alldiffs, linears, tables = model
    s = Search(masks, 0, restarts=restarts, seed=seed)
    for g in alldiffs:
        s.alldiff(g)
    for c in linears:
        s.linear(*c)
    for vars_, tuples, forbidden in tables:
        s.table(vars_, bytes(x for t in sorted(tuples) for x in t), forbidden)
    return s


def every(s) -> list[tuple[int, ...]]:
    out = []
    while (found := s.next()) is not None:
        out.append(found)
    return out


def test_restarting_after_every_failure_keeps_every_count_exact():
    """On 400 random models, a search that restarts after each failure (restarts=1) and records
    nogoods finds each solution exactly once: its list, sorted, is brute force's and the plain
    search's; and the restarts and nogoods did happen (the test would pass vacuously otherwise)."""
    rng = random.Random(40)
    restarted = nogoods = 0
    for _ in range(400):
        model = random_model(rng)
        masks, alldiffs, linears, tables = model
        domains = [[o for o in range(64) if m >> o & 1] for m in masks]
        truth = sorted(v for v in itertools.product(*domains) if holds(v, alldiffs, linears, tables))
        s = search(model, restarts=1, seed=rng.randrange(2**32))
        found = every(s)
        assert sorted(found) == truth
        assert len(found) == len(set(found))
        assert sorted(every(search(model, restarts=0))) == truth
        stats = s.stats()
        restarted += stats["restarts"] > 0
        nogoods += stats["nogoods"]
    assert restarted >= 20 and nogoods >= 10


LINES_4 = [tuple(range(r * 4, r * 4 + 4)) for r in range(4)] + [tuple(range(c, 16, 4)) for c in range(4)]
SQUARE_4 = [(line, (1, 1, 1, 1), EQ, 30) for line in [*LINES_4, (0, 5, 10, 15), (3, 6, 9, 12)]]


def test_deeper_restarts_find_what_the_plain_search_finds():
    """On 4x4 magic squares (offsets 0..15, lines summing to 30) with two random givens, where runs
    go deep and restarts record nogoods of several decisions, the restarting search's solutions
    are the plain search's, each once."""
    rng = random.Random(41)
    nogoods = 0
    for _ in range(12):
        masks = [0xFFFF] * 16
        for cell in rng.sample(range(16), 2):
            masks[cell] = 1 << rng.randrange(16)
        model = masks, [tuple(range(16))], SQUARE_4, []
        plain = sorted(every(search(model, restarts=0)))
        s = search(model, restarts=1, seed=rng.randrange(2**32))
        found = every(s)
        assert sorted(found) == plain and len(set(found)) == len(found)
        nogoods += s.stats()["nogoods"]
    assert nogoods >= 100


@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_cp_with_restarts_agrees_with_sat_and_brute_force(puzzle):
    """Through the library, with a restart after every failure: raw and canonical solution lists
    of cp are brute force's and the sat backend's, and a first solution is one of them."""
    truth = brute_force(puzzle)
    saved, cp_backend.RESTARTS = cp_backend.RESTARTS, 1
    try:
        raw = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend="cp")
        classes = puzzlesat.solve(puzzle, all=True, backend="cp")
        first = puzzlesat.solve(puzzle, limit=1, modulo_symmetry=False, backend="cp")
    finally:
        cp_backend.RESTARTS = saved
    sat = puzzlesat.solve(puzzle, all=True, modulo_symmetry=False, backend="sat")
    assert [s.values for s in raw.solutions] == truth.raw == [s.values for s in sat.solutions]
    assert [s.values for s in classes.solutions] == truth.canonical
    assert len(first.solutions) == min(1, len(truth.raw))
    assert all(s.values in truth.raw for s in first.solutions)


@pytest.mark.parametrize(("order", "classes"), [(3, 1), (4, 880)])
def test_magic_square_enumeration_counts_are_unchanged(order, classes, monkeypatch):
    """All 3x3 (1 class) and 4x4 (880 classes) magic squares, with restarts after every failure."""
    monkeypatch.setattr(cp_backend, "RESTARTS", 1)
    out = puzzlesat.solve(puzzles.load("magic-square", {"order": str(order)}), all=True, backend="cp")
    assert out.complete and out.count == classes
    assert len({s.values for s in out.solutions}) == classes


def first_square(order: int) -> str:
    cmd = [sys.executable, "-m", "puzzlesat", "solve", "magic-square", "-p", f"order={order}", "--backend", "cp",
           "--timeout", "60"]  # fmt: skip
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.rsplit("\n", 2)[0]  # the boards, without the summary line and its seconds


@pytest.mark.parametrize("order", [6, 8])
def test_first_squares_are_found_and_the_same_on_every_run(order):
    """The first 6x6 and 8x8 magic squares (a plain depth-first search: 5 s and > 120 s) are found,
    checked, and printed identically by two processes."""
    one, two = first_square(order), first_square(order)
    assert one == two
    assert one.startswith("#1\n")
    rows = [[int(x) for x in line.strip("│").split("│")] for line in one.splitlines() if line.startswith("│")]
    assert len(rows) == order and sorted(v for r in rows for v in r) == list(range(1, order * order + 1))


def test_restarts_are_seeded():
    """The same seed gives the same first solution and the same counters; the search restarted."""
    model = [0xFFFF] * 16, [tuple(range(16))], SQUARE_4, []
    runs = []
    for _ in range(2):
        s = search(model, restarts=1, seed=7)
        runs.append((s.next(), s.stats()))
    assert runs[0] == runs[1]
    assert runs[0][1]["restarts"] > 0


def test_restarts_argument_is_checked():
    """A negative restart unit is a ValueError, not a search that never restarts."""
    with pytest.raises(ValueError, match="restarts"):
        Search([3], 0, restarts=-1)
