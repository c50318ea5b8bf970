"""`count --method approx`: ApproxMC's counts within their tolerance of the exact ones, deterministic
output, and auto's fallback when exact counting runs out of its share of the timeout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import puzzlesat
from puzzlesat.catalog import builtin as catalog
from puzzlesat.formats.toml.files import load_file

ROOT = Path(__file__).resolve().parent.parent
EMPTY_4X4 = "." * 16


def _within(approx: int, exact: int, tolerance: float) -> bool:
    """ApproxMC's guarantee: exact / (1 + tolerance) <= approx <= exact * (1 + tolerance)."""
    return exact / (1 + tolerance) <= approx <= exact * (1 + tolerance)


@pytest.mark.parametrize(
    ("puzzle", "exact", "approx"),
    [
        (lambda: catalog.build("sudoku", {"box": "2"}, EMPTY_4X4), 288, 288),  # small: ApproxMC counts exactly
        # the reduced form (56 squares) is small: exact (with the first row alone, 149,760)
        (lambda: load_file(ROOT / "examples/latin-square-5.toml"), 161_280, 161_280),
        (lambda: load_file(ROOT / "examples/sudoku-6x6.toml"), 28_200_960, 30_228_480),  # on card auto's CNF
        (lambda: catalog.build("magic-frame"), 48, 48),
    ],
)
def test_approx_counts_lie_within_the_tolerance(puzzle, exact, approx):
    """Each approximate count is within a factor 1.8 of the exact one, and with the seed fixed it
    is the same number every run (here, the number measured)."""
    out = puzzlesat.count_solutions(puzzle(), method="approx")
    assert (out.method, out.approximate, out.tolerance, out.confidence) == ("approx", True, 0.8, 0.8)
    assert out.complete and out.count == approx and _within(out.count, exact, out.tolerance)
    assert out.orbits is None and out.stats["seed"] == 1


def test_exact_counts_say_so():
    """An exact count is "approximate": false, tolerance 0, confidence 1."""
    out = puzzlesat.count_solutions(catalog.build("magic-frame"))
    assert (out.approximate, out.tolerance, out.confidence) == (False, 0.0, 1.0)


def test_cli_approx_json_and_text_are_deterministic(cli):
    """The fixed keys, and the whole document the same on a second run but for the seconds."""
    args = ("count", "examples/latin-square-5.toml", "--method", "approx")
    docs = []
    for _ in range(2):
        r = cli(*args, "--json")
        assert r.code == 0 and r.err == ""
        doc = r.json()
        del doc["seconds"], doc["stats"]["build_seconds"]
        docs.append(doc)
    assert docs[0] == docs[1]
    doc = docs[0]
    assert list(doc)[:7] == ["version", "count", "orbits", "method", "approximate", "tolerance", "confidence"]
    assert (doc["count"], doc["approximate"], doc["tolerance"], doc["confidence"], doc["method"]) == (
        161_280, True, 0.8, 0.8, "approx")  # fmt: skip
    r = cli(*args)
    lines = r.out.splitlines()
    assert lines[0] == (
        "about 161,280 solutions (56 with the first row and column in order, x 5! relabellings x 4! row orders); "
        "within a factor 1.8 either way, confidence 0.8"
    )
    assert lines[1] == "modulo symmetry (group of order 3,456,000): not counted, ApproxMC counts solutions, not classes"
    assert lines[2].startswith("by ApproxMC (approximate model counting, seed 1), complete, ")
    r = cli("count", "magic-frame", "--json")
    assert (r.json()["approximate"], r.json()["tolerance"], r.json()["confidence"]) == (False, 0.0, 1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--backend", "z3"],
            "--method approx counts models of a CNF; the z3 backend has none (use --backend sat, "
            "or --method enumerate)",
        ),
        (["--solver", "glucose4"], "--solver is not used by --method approx (ApproxMC counts the CNF itself)"),
        (["--workers", "2"], "--workers splits an enumeration, not ApproxMC's count (use --method enumerate or auto)"),
    ],
)
def test_cli_approx_bad_input(cli, args, message):
    """What ApproxMC cannot do: one line, exit 2."""
    r = cli("count", "magic-frame", "--method", "approx", *args)
    assert r.code == 2 and r.err == f"puzzlesat: error: {message}\n"


def test_auto_falls_back_to_approx_when_exact_runs_out_of_time(monkeypatch, cli):
    """auto with --timeout: exact counting gets its share of the timeout (here made tiny), then
    ApproxMC counts, and stderr says so; JSON says "approximate": true."""
    import puzzlesat.search.planning as planning

    monkeypatch.setattr(planning, "AUTO_EXACT_SHARE", 1e-6)  # the plan fixes exact counting's share
    p = load_file(ROOT / "examples/latin-square-5.toml")
    out = puzzlesat.count_solutions(p, timeout=120, symmetry="none")
    assert (out.method, out.count, out.approximate, out.complete) == ("approx", 161_280, True, True)
    assert out.fallback.startswith("exact counting did not finish in 0.00012 s (half the timeout); went on with")
    r = cli("count", "examples/latin-square-5.toml", "--timeout", "120", "--json")
    assert r.code == 0 and json.loads(r.out)["approximate"] is True
    assert r.err == (
        "puzzlesat: exact counting did not finish in 0.00012 s (half the timeout); "
        "went on with ApproxMC (approximate)\n"
    )


def test_auto_without_a_timeout_stays_exact(monkeypatch):
    """No --timeout, no fallback: auto's count is exact however long it takes."""
    import puzzlesat.search.planning as planning

    monkeypatch.setattr(planning, "AUTO_EXACT_SHARE", 1e-6)  # the plan fixes exact counting's share
    out = puzzlesat.count_solutions(load_file(ROOT / "examples/latin-square-5.toml"), symmetry="none")
    assert (out.count, out.approximate, out.fallback) == (161_280, False, None)
