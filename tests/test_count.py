"""`count`: exact numbers of solutions and of classes, by enumeration and by ganak, against brute force."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from guards import hang_guard, killed, spawned
from hypothesis import assume, given, settings
from oracle import brute_force
from strategies import small_puzzles

import puzzlesat
from puzzlesat import encoders
from puzzlesat.catalog import builtin as catalog
from puzzlesat.encoders.fixed_points import fixed_point_clauses, pin_clauses, projection
from puzzlesat.formats.toml.files import load_file
from puzzlesat.model.model import define
from puzzlesat.solvers import resolve
from puzzlesat.solvers.base import STOP, Config, SearchStopped
from puzzlesat.solvers.ganak_counter import Problem, count_models
from puzzlesat.symmetry.burnside import Element, value_key

ROOT = Path(__file__).resolve().parent.parent
CNF = encoders.names("cnf")
EMPTY_4X4 = "." * 16


def _count(puzzle, **kw):
    out = puzzlesat.count_solutions(puzzle, **kw)
    assert out.complete and out.count_complete and out.stopped is None
    return out


@pytest.mark.parametrize("method", ["auto", "enumerate", "sharpsat"])
def test_4x4_sudoku_grids(method):
    """288 grids, whichever method; 12 with the first row in order, times 4!."""
    out = _count(catalog.build("sudoku", {"box": "2"}, EMPTY_4X4), method=method, symmetry="none")
    assert (out.count, out.orbits, out.relabelling) == (288, None, 24)
    assert out.method == ("sharpsat" if method == "sharpsat" else "enumerate")


@pytest.mark.parametrize("method", ["enumerate"])  # sharpsat: 100 ganak calls, 30 s; value maps are
def test_4x4_sudoku_classes_under_the_detected_group(method):  # tested in test_fixed_point_clauses_with_value_maps
    """Under the detected group (128 cell symmetries times 4! relabellings) Burnside gives the 2
    classes that enumeration modulo the same group lists."""
    p = catalog.build("sudoku", {"box": "2"}, EMPTY_4X4)
    out = _count(p, method=method, symmetry="detected")
    assert (out.count, out.orbits, out.group_order, out.symmetry) == (288, 2, 3072, "detected")
    assert puzzlesat.solve(p, all=True, symmetry="detected").count == 2


def _classes(puzzle, raw):
    """Brute-force classes under the group `count` uses by default (None without one)."""
    from puzzlesat.symmetry.choice import choose

    group = choose(puzzle, "declared").group
    return len({group.canonical(s) for s in raw}) if group.order > 1 else None


def test_5x5_latin_squares():
    """161,280 Latin squares of order 5 (1,344 with the first row 1..5), by the default method
    (enumeration when it ends within AUTO_SECONDS, which a loaded machine may miss)."""
    out = _count(load_file(ROOT / "examples/latin-square-5.toml"))
    assert (out.count, out.relabelling) == (161_280, 120)


@pytest.mark.parametrize("encoding", CNF)
def test_latin_squares_by_ganak_and_every_encoding(encoding):
    """Order 4: 576 Latin squares; ganak on each CNF encoding, with and without pinning a row."""
    lines = [[r * 4 + c for c in range(4)] for r in range(4)] + [[r * 4 + c for r in range(4)] for c in range(4)]
    latin = define("latin", cells=16, values=range(1, 5), distinct=lines)
    out = _count(latin, method="sharpsat", encoding=encoding)
    assert (out.count, out.relabelling) == (576, 24)
    enc = encoders.get(encoding, "cnf").encode(latin, resolve(Config(encoding=encoding), latin))
    assert count_models([Problem(enc.clauses, enc.nvars, projection(enc))]) == [576]


@pytest.mark.parametrize(
    ("name", "method"),
    [
        *((name, "enumerate") for name in ("magic-frame", "magic-triangle", "magic-square", "magic-blocks-inner")),
        ("magic-frame", "sharpsat"),  # ganak is slow on sums: magic-blocks-inner takes it minutes
        ("magic-square", "sharpsat"),
    ],
)
def test_burnside_equals_orbit_enumeration(name, method):
    """The classes counted by Burnside are the classes `solve --all` lists, and the raw count too."""
    p = catalog.build(name)
    out = _count(p, method=method)
    classes = puzzlesat.solve(p, all=True)
    raw = puzzlesat.solve(p, all=True, modulo_symmetry=False)
    assert (out.count, out.orbits) == (raw.count, classes.count)
    assert out.classes == len(out.stats["fixed"]) and out.group_order == p.group.order


@pytest.mark.parametrize("encoding", CNF)
@settings(max_examples=5)
@given(puzzle=small_puzzles())
def test_sharpsat_agrees_with_brute_force(encoding, puzzle):
    """ganak on each CNF encoding counts what brute force finds, raw and modulo symmetry. (A few
    tiny puzzles with sums take ganak minutes: those that do not finish in 4 s are skipped.)"""
    truth = brute_force(puzzle)
    out = puzzlesat.count_solutions(puzzle, method="sharpsat", encoding=encoding, timeout=4)
    assume(out.complete)
    assert out.count == len(truth.raw)
    assert out.orbits == _classes(puzzle, truth.raw)


@pytest.mark.parametrize("backend", ["sat", "z3"])
@settings(max_examples=10)
@given(puzzle=small_puzzles())
def test_enumeration_agrees_with_brute_force(backend, puzzle):
    """Enumeration on each backend counts what brute force finds, raw and modulo symmetry."""
    truth = brute_force(puzzle)
    out = _count(puzzle, method="enumerate", backend=backend)
    assert out.count == len(truth.raw)
    assert out.orbits == _classes(puzzle, truth.raw)


@pytest.mark.parametrize("encoding", CNF)
@settings(max_examples=5)
@given(puzzle=small_puzzles(max_cells=5))
def test_fixed_point_clauses_with_value_maps(encoding, puzzle):
    """For elements moving cells and values alike, ganak counts exactly the solutions each fixes."""
    truth = brute_force(puzzle)
    n, vals = puzzle.size, puzzle.values
    shifts = [
        Element(tuple((i + k) % n for i in range(n)), value_key(dict(zip(vals, vals[j:] + vals[:j], strict=True))))
        for k in range(2)
        for j in range(len(vals))
    ]
    elements = [*shifts, Element(tuple(reversed(range(n))), value_key(dict(zip(vals, reversed(vals), strict=True))))]
    enc = encoders.get(encoding, "cnf").encode(puzzle, resolve(Config(encoding=encoding), puzzle))
    problems = [
        Problem([*enc.clauses, *fixed_point_clauses(enc, e.cells, e.value_map)], enc.nvars, projection(enc))
        for e in elements
    ]
    try:
        counts = count_models(problems, time.monotonic() + 4)
    except SearchStopped:  # ganak is slow on a few tiny puzzles with sums
        assume(False)
    assert counts == [sum(1 for s in truth.raw if e.fixes(s)) for e in elements]


def test_pin_clauses_fix_the_cells():
    """Pinned cells hold their values in every counted solution: as many as with those givens."""
    p = catalog.build("sudoku", {"box": "2"}, EMPTY_4X4)
    enc = encoders.get("order", "cnf").encode(p, resolve(Config(encoding="order"), p))
    pinned = pin_clauses(enc, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 3), (5, 4)])
    given = puzzlesat.solve(catalog.build("sudoku", {"box": "2"}, "123434" + "." * 10), all=True, symmetry="none")
    assert count_models([Problem([*enc.clauses, *pinned], enc.nvars, projection(enc))]) == [given.count] == [6]


def test_sharpsat_needs_a_cnf():
    """Z3 has no CNF to count: one line naming the way out."""
    with pytest.raises(puzzlesat.UsageError, match="the z3 backend has none"):
        puzzlesat.count_solutions(catalog.build("magic-frame"), method="sharpsat", backend="z3")
    with pytest.raises(puzzlesat.UsageError, match="--solver is not used by --method sharpsat"):
        puzzlesat.count_solutions(catalog.build("magic-frame"), method="sharpsat", solver="glucose4")
    with pytest.raises(puzzlesat.UsageError, match="unknown counting method 'guess'; valid: auto, enumerate, sharpsat"):
        puzzlesat.count_solutions(catalog.build("magic-frame"), method="guess")


def test_auto_switches_to_ganak_when_enumeration_is_long(monkeypatch):
    """Past AUTO_LIMIT solutions auto stops enumerating and counts with ganak: same numbers; with
    sums it enumerates on instead."""
    import puzzlesat.search.counting as counting

    monkeypatch.setattr(counting, "AUTO_LIMIT", 5)
    out = _count(catalog.build("sudoku", {"box": "2"}, EMPTY_4X4), symmetry="none")
    assert (out.method, out.count, out.orbits) == ("sharpsat", 288, None)
    out = _count(catalog.build("magic-frame"))  # enumerated modulo its group: 6 classes listed
    assert (out.method, out.count, out.orbits, out.stats["enumerated"]) == ("enumerate", 48, 6, 6)


def test_z3_auto_enumerates():
    """auto on Z3 (no CNF) is enumeration."""
    out = _count(catalog.build("magic-frame"), backend="z3")
    assert (out.method, out.count, out.orbits) == ("enumerate", 48, 6)


HARD = ("sudoku", {"box": "3"}, "." * 81)  # 9x9 grids: ganak does not finish in seconds


def test_timeout_stops_ganak_promptly(monkeypatch):
    """A count cut short by --timeout returns with complete False, "timeout", and its ganak child
    killed (not waited for: it would count for minutes)."""
    children = spawned(monkeypatch)
    with hang_guard():
        out = puzzlesat.count_solutions(catalog.build(*HARD), method="sharpsat", timeout=1.0)
    assert (out.complete, out.count_complete, out.stopped, out.count, out.orbits) == (False, False, "timeout", 0, None)
    assert len(children) == 1 and killed(children[0])


def test_timeout_in_auto_keeps_the_enumerated_lower_bound():
    """auto enumerates first: stopped during ganak, the enumerated solutions (times 9!) are the bound."""
    out = puzzlesat.count_solutions(catalog.build(*HARD), timeout=2.0)
    assert out.stopped == "timeout" and not out.count_complete
    assert out.count > 0 and out.count % 362_880 == 0 and out.count == out.stats["enumerated"] * 362_880


def test_stop_flag_kills_ganak(monkeypatch):
    """Ctrl-C or SIGTERM (the stop flag) ends a ganak count: "interrupt", the child killed."""
    children = spawned(monkeypatch)
    timer = threading.Timer(0.5, STOP.set)
    timer.start()
    try:
        with hang_guard():  # without the stop the count runs for minutes
            out = puzzlesat.count_solutions(catalog.build(*HARD), method="sharpsat")
    finally:
        timer.cancel()
        STOP.clear()
    assert (out.complete, out.stopped) == (False, "interrupt")
    assert len(children) == 1 and killed(children[0])


def test_cli_count_json(cli):
    """`count --json`: the fixed keys first, exit 0."""
    r = cli("count", "magic-frame", "--json")
    assert r.code == 0, r.err
    doc = r.json()
    assert list(doc)[:4] == ["version", "count", "orbits", "method"]
    assert (doc["count"], doc["orbits"], doc["method"], doc["complete"]) == (48, 6, "enumerate", True)
    assert (doc["group_order"], doc["conjugacy_classes"], doc["encoding"]) == (8, 5, "domains")


def test_cli_count_text(cli):
    """The text says how many, how many classes, how it was counted."""
    r = cli("count", "sudoku", "-p", "box=2", "--givens", EMPTY_4X4, "--method", "sharpsat", "--symmetry", "none")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == "288 solutions (12 with one all-different group in order, x 4! relabellings)"
    assert lines[1].startswith("by ganak (exact model counting), complete, ")
    r = cli("count", "magic-frame")
    assert r.out.splitlines()[:2] == [
        "48 solutions",
        "6 classes modulo symmetry (group of order 8; each class listed once (lex), its orbit size added)",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--method", "exact"], "unknown counting method 'exact'; valid: auto, enumerate, sharpsat"),
        (["--method", "sharpsat", "--backend", "z3"], "--method sharpsat counts models of a CNF; the z3 backend"),
        (["--method", "sharpsat", "--encoding", "z3-int"], "--method sharpsat counts models of a CNF; the z3"),
    ],
)
def test_cli_count_bad_input(cli, args, message):
    """Bad input: one line on stderr, exit 2."""
    r = cli("count", "magic-frame", *args)
    assert r.code == 2 and r.err.startswith(f"puzzlesat: error: {message}") and r.err.count("\n") == 1


def test_cli_count_timeout_exits_3(cli):
    """Stopped by --timeout: what is known, "complete": false, exit 3."""
    r = cli("count", "sudoku", "--givens", "." * 81, "--method", "sharpsat", "--timeout", "0.5", "--json")
    assert r.code == 3
    doc = r.json()
    assert (doc["complete"], doc["stopped"], doc["count_complete"]) == (False, "timeout", False)


def test_progress_lines():
    """Long counts report on `on_progress`: the enumeration's running total, ganak's elapsed time."""
    lines: list[str] = []
    empty = catalog.build("sudoku", {"box": "2"}, EMPTY_4X4)
    _count(empty, method="enumerate", on_progress=lines.append, symmetry="none")
    assert lines and lines[0] == "enumerating: 24 solutions"
    lines.clear()
    out = puzzlesat.count_solutions(catalog.build(*HARD), method="sharpsat", timeout=1, on_progress=lines.append)
    assert out.stopped == "timeout" and lines and lines[-1] == "counting with ganak"


@pytest.mark.parametrize("method", ["enumerate", "sharpsat"])
def test_pinning_and_burnside_together(method):
    """A 4x4 Latin square declared symmetric under the transpose and the main anti-diagonal's
    reflection: ganak's pinned counts times 4! still give Burnside the classes orbit enumeration
    lists (enumeration lists those classes itself, and pins nothing)."""
    n = 4
    lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    transpose = [c * n + r for r in range(n) for c in range(n)]
    anti = [(n - 1 - c) * n + (n - 1 - r) for r in range(n) for c in range(n)]
    latin = define("latin", cells=n * n, values=range(1, n + 1), distinct=lines, generators=[transpose, anti])
    out = _count(latin, method=method)
    assert out.relabelling == (24 if method == "sharpsat" else 1) and latin.group.order == 4
    assert (out.count, out.orbits) == (576, puzzlesat.solve(latin, all=True).count)


def test_orbits_of_a_group_too_large_to_list(monkeypatch):
    """Past Burnside's listing limit, enumeration still lists the classes (and skips Burnside's
    check): the 4x4 grids fall into 2 classes (here with the limit lowered below the group's 3,072);
    ganak counts without them, and says why."""
    import puzzlesat.search.counting as counting

    monkeypatch.setattr(counting, "LIST_LIMIT", 100)
    p = catalog.build("sudoku", {"box": "2"}, EMPTY_4X4)
    out = _count(p, method="enumerate", symmetry="detected")
    assert (out.count, out.orbits, out.classes, out.stats["enumerated"]) == (288, 2, 0, 2)
    assert out.stats["orbits_by"] == "enumeration modulo symmetry" and "fixed" not in out.stats
    out = _count(p, method="sharpsat", symmetry="detected")  # nothing listed: classes unknown, and why
    assert (out.count, out.orbits) == (288, None) and "more than Burnside lists" in out.stats["orbits_note"]


# Raw counts measured by the raw enumeration (`count --method enumerate` before it listed classes:
# 28.7 s for the 8-point star, 4.3 s for the 4x4 square); docs/decisions/counting.md,
# "`count` lists classes".
@pytest.mark.parametrize(
    ("name", "params", "classes", "raw", "sizes"),
    [
        ("magic-star", {"points": "8"}, 112, 1792, {"16": 112}),
        ("magic-square", {"order": "4"}, 880, 7040, {"8": 880}),
    ],
)
def test_count_lists_classes_and_adds_orbit_sizes(name, params, classes, raw, sizes):
    """`count` enumerates the classes as `solve --all` does (lex-leader) and adds their orbit sizes:
    the raw count of the raw enumeration, one solver call per class, Burnside's check passed."""
    p = catalog.build(name, params)
    out = _count(p, method="enumerate")
    assert (out.count, out.orbits, out.stats["enumerated"], out.stats["solver_calls"]) == (raw, classes, classes,
                                                                                            classes + 1)  # fmt: skip
    assert (out.stats["symmetry_breaking"], out.stats["orbit_sizes"]) == ("lex", sizes)
    assert out.stats["fixed"][0] == {"size": 1, "identity": True, "fixed": raw}


@pytest.mark.slow
def test_count_of_the_9_point_star():
    """The 9-point star: 3,014 classes under its group of order 18, none with a non-trivial
    stabiliser: 54,252 raw solutions, as the raw enumeration counted them (1,084 s, loaded)."""
    out = _count(catalog.build("magic-star", {"points": "9"}), method="enumerate")
    assert (out.count, out.orbits, out.group_order) == (NINE_POINT_RAW, 3014, 18)


NINE_POINT_RAW = 54_252


def test_classes_and_raw_enumeration_agree_with_symmetric_solutions():
    """Classes with a non-trivial stabiliser weigh less than |G|: the 4x4 sudoku grids (2 classes,
    orbits of 96 and 192 under 3,072 symmetries) and 4x4 Latin squares under a transpose and an
    anti-transpose, each against the raw enumeration."""
    p = catalog.build("sudoku", {"box": "2"}, EMPTY_4X4)
    out = _count(p, method="enumerate", symmetry="detected")
    assert (out.count, out.orbits, out.stats["orbit_sizes"]) == (288, 2, {"96": 1, "192": 1})
    assert _count(p, method="enumerate", symmetry="none").count == 288
    n = 4
    lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    transpose = [c * n + r for r in range(n) for c in range(n)]
    anti = [(n - 1 - c) * n + (n - 1 - r) for r in range(n) for c in range(n)]
    latin = define("latin", cells=n * n, values=range(1, n + 1), distinct=lines, generators=[transpose, anti])
    out = _count(latin, method="enumerate")
    raw = puzzlesat.solve(latin, all=True, modulo_symmetry=False)
    assert (out.count, out.orbits, out.stats["orbits_by"]) == (raw.count, 216, "enumeration modulo symmetry")
    assert sum(int(k) * v for k, v in out.stats["orbit_sizes"].items()) == 576


def test_no_symmetry_counts_raw_solutions():
    """--no-symmetry keeps the raw enumeration (a cross-check of the classes): the same count."""
    p = catalog.build("magic-square")
    raw = _count(p, method="enumerate", modulo_symmetry=False)
    out = _count(p, method="enumerate")
    assert (raw.count, raw.stats["enumerated"], out.count, out.stats["enumerated"]) == (8, 8, 8, 1)
