"""`puzzlesat compare`: the matrix, consistency checking, listing and output formats."""

from __future__ import annotations

from puzzlesat import encoders
from puzzlesat.encoders import EncodingInfo
from puzzlesat.encoders.pysat_names import CARD_ENCODINGS, PB_ENCODINGS
from puzzlesat.search import compare as cmp
from puzzlesat.solvers import pysat_solvers


def broken_encode(puzzle, options=None):
    """A test-only wrong encoding: one-hot, plus a clause that forbids cell 0 its first value."""
    from puzzlesat.encoders.onehot import encode

    cnf = encode(puzzle, options)
    cnf.clauses.append([-cnf.x[0, puzzle.domains[0][0]]])
    return cnf


def test_all_rows_agree_on_magic_frame(cli):
    r = cli("compare", "magic-frame", "--all", "--json")
    assert r.code == 0, r.err
    doc = r.json()
    assert doc["puzzle"] == "magic-frame" and doc["consistent"] is True
    assert len(doc["rows"]) == 9  # z3-int, z3-pb, domains (cp), four one-hot pairs, order, log
    for row in doc["rows"]:
        assert list(row) == list(cmp.COLUMNS)
        assert row["status"] == "ok" and row["solutions"] == 6
        assert row["all_seconds"] is not None and row["first_seconds"] <= row["all_seconds"]
        if row["backend"] == "z3":
            assert row["variables"] is None and row["clauses"] is None and row["literals"] is None
        elif row["backend"] == "cp":  # variables and constraints, no clauses
            assert row["variables"] == 9 and row["clauses"] is None and row["literals"] is None  # 8 cells, N
        else:
            assert row["variables"] > 0 and row["clauses"] > 0 and row["literals"] > 0
    assert {(r["encoding"], r["card"], r["pb"]) for r in doc["rows"] if r["encoding"] == "onehot"} == {
        ("onehot", c, p) for c, p in cmp.ONEHOT_PAIRS
    }


def test_full_cross_product_without_native(cli):
    r = cli("compare", "magic-frame", "--encoding", "all", "--card", "all", "--pb", "all", "--json")
    assert r.code == 0, r.err
    rows = r.json()["rows"]
    cards = len(CARD_ENCODINGS) - 1  # all but native
    pbs = len(PB_ENCODINGS) - 1
    # z3-int, z3-pb and domains once each; onehot and order: card x pb; log: pb only (no cardinality part)
    assert len(rows) == 3 + 2 * cards * pbs + pbs
    assert all(row["status"] == "ok" and row["solutions"] == 1 for row in rows)
    assert not any("native" in (row["card"], row["pb"]) for row in rows)
    assert r.json()["consistent"] is True


def test_inconsistent_configuration_exits_8(cli, monkeypatch):
    broken = EncodingInfo(
        "broken", "cnf", "one-hot missing solutions (test only)", f"{__name__}:broken_encode", options=("card", "pb")
    )
    monkeypatch.setitem(encoders.ENCODINGS, "broken", broken)
    r = cli("compare", "magic-frame", "--all", "--encoding", "onehot", "--encoding", "broken", "--card", "seqcounter")
    assert r.code == 8
    assert "INCONSISTENT: sat/onehot/seqcounter/unary/cadical195 found 6, sat/broken/" in r.err
    assert "INCONSISTENT" in r.out.splitlines()[-1]


def test_inconsistent_counts_through_the_runner(monkeypatch):
    import puzzlesat

    puzzle = puzzlesat.load("magic-frame")

    def runner(puzzle, config, **kw):
        row = cmp.run_config(puzzle, config, **kw)
        if config.encoding == "log":
            row = cmp._with(row, found=row.found[:-1], solutions=len(row.found) - 1)
        return row

    result = cmp.compare(puzzle, cmp.matrix(), all=True, runner=runner, progress=False)
    assert not result.consistent
    assert result.disagreements == ["INCONSISTENT: z3/z3-int/z3 found 6, sat/log/totalizer/cadical195 found 5"]


def test_list_names_everything(cli):
    r = cli("compare", "--list")
    assert r.code == 0
    words = {line.split()[0] for line in r.out.splitlines() if line.startswith("  ")}
    expected = set(encoders.ENCODINGS) | set(CARD_ENCODINGS) | set(PB_ENCODINGS) | set(pysat_solvers.names())
    assert expected <= words
    for name, text in CARD_ENCODINGS.items():
        assert any(line.split()[0] == name and text in line for line in r.out.splitlines() if line.startswith("  "))


def test_csv_header(cli):
    r = cli("compare", "magic-frame", "--encoding", "log,z3-int", "--csv")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0] == (
        "backend,encoding,card,pb,solver,variables,clauses,literals,"
        "build_seconds,first_seconds,all_seconds,solutions,status"
    )
    assert len(lines) == 3


def test_unknown_encoding_is_one_line(cli):
    r = cli("compare", "magic-frame", "--encodings", "onehot,nope")
    assert r.code == 2
    valid = "domains, log, onehot, order, z3-int, z3-pb"
    assert r.err.strip() == f"puzzlesat: error: unknown encoding 'nope'; valid: {valid}"
    r = cli("compare", "magic-frame", "--solver", "nosuch")
    assert r.code == 2 and r.err.count("\n") == 1 and "unknown solver 'nosuch'" in r.err


def test_native_only_when_named_and_errors_become_rows(cli):
    r = cli(
        "compare",
        "magic-frame",
        "--encodings",
        "onehot",
        "--card",
        "native",
        "--solvers",
        "minicard,glucose4",
        "--json",
    )
    assert r.code == 0, r.err
    rows = {row["solver"]: row for row in r.json()["rows"]}
    assert rows["minicard"]["status"] == "ok"
    assert rows["glucose4"]["status"].startswith("error: ")


def test_table_marks_the_fastest_row(cli):
    r = cli("compare", "magic-frame", "--all", "--repeat", "2")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0].split()[:3] == ["backend", "encoding", "card"]
    assert lines[1].startswith("*") and sum(line.startswith("*") for line in lines) == 1
    assert lines[-1].endswith("consistent")
