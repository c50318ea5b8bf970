"""Sums whose weights or values take a PB constraint's coefficients past 64-bit integers, on every
CNF encoding and every --pb name through the CLI: the right count, or one line and exit 2, never a
traceback (puzzlesat.encoders.builder.PB_LIMIT; docs/decisions/encodings-and-defaults.md, D9)."""

from __future__ import annotations

import re

import pytest
from oracle import brute_force

from puzzlesat import encoders
from puzzlesat.catalog import load as puzzles
from puzzlesat.encoders.builder import PB_LIMIT, ClauseBuilder, WideSum
from puzzlesat.encoders.pysat_names import PB_ENCODINGS

W61, W62 = 2**61, 2**62

# name -> (cells, values, sums as (weights, relation, right side)); cells 0.. in order
MODELS: dict[str, tuple[int, list[int], list[tuple[list[int], str, int]]]] = {
    # W * x0 + x1 <= 4W over {0, 4}: (0, 0), (0, 4), (4, 0)
    "at-most-61": (2, [0, 4], [([W61, 1], "at_most", 4 * W61)]),
    "at-most-62": (2, [0, 4], [([W62, 1], "at_most", 4 * W62)]),
    # at the limit: coefficients adding up to 2**61 + 1 and 2**62 on every encoding of {0, 1}
    "at-most-61-bits": (2, [0, 1], [([W61, 1], "at_most", W61)]),
    "equals-62-bits": (3, [0, 1], [([W61, W61 - 1, 1], "equals", W61)]),
    # W * x0 + x1 + x2 == W + 2 over 0..2: x0 = 1 and x1 + x2 = 2
    "equals-61": (3, [0, 1, 2], [([W61, 1, 1], "equals", W61 + 2)]),
    "equals-62": (3, [0, 1, 2], [([W62, 1, 1], "equals", W62 + 2)]),
    # -W * x0 + x1 > -W over {0, 4}: x0 = 0
    "negative-62": (2, [0, 4], [([-W62, 1], "greater_than", -W62)]),
    # values, not weights: x0 + x1 + x2 == 2**62 over {0, 2**61, 2**62}
    "values-62": (3, [0, W61, W62], [([1, 1, 1], "equals", W62)]),
    # a != over 17**3 tuples (past the table of forbidden tuples: two conditional PB constraints)
    "not-equal-61": (3, list(range(17)), [([1, 1, 1], "equals", 3), ([W61, 2, 1], "not_equal", W61 + 2)]),
}

WIDE = re.compile(
    r"sum #\d: the (\w+) PB encoding \(Pindakaas, 64-bit integers\) takes sums whose coefficients add up to "
    r"at most 2\*\*62; this one's add up to (\d+) \(use --backend z3( or --pb native, which take|, which takes) "
    r"any integers\)"
)
MEMORY = re.compile(r"\S+: the (onehot|order|log) encoding would need about .* of memory is free; .*")


def toml(name: str) -> str:
    cells, values, sums = MODELS[name]
    text = f'name = "{name}"\ncells = {cells}\nvalues = {values}\ndistinct = "none"\n'
    for weights, relation, rhs in sums:
        text += f"[[sum]]\ncells = {list(range(len(weights)))}\nweights = {weights}\n{relation} = {rhs}\n"
    return text


@pytest.fixture(scope="module")
def truth(tmp_path_factory) -> dict[str, tuple[str, int]]:
    """Each model's file and its number of solutions, by brute force."""
    folder = tmp_path_factory.mktemp("wide")
    out = {}
    for name in MODELS:
        path = folder / f"{name}.toml"
        path.write_text(toml(name))
        out[name] = (str(path), len(brute_force(puzzles.load(str(path))).raw))
    return out


def one_line(result) -> str:
    assert result.code == 2 and result.out == "", (result.code, result.out, result.err)
    lines = result.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    return lines[0].removeprefix("puzzlesat: error: ")


@pytest.mark.parametrize("encoding", encoders.names("cnf"))
@pytest.mark.parametrize("pb", sorted(PB_ENCODINGS))
def test_every_encoding_answers_right_or_refuses_in_one_line(cli, truth, monkeypatch, encoding, pb):
    """Weights of 2**61 and 2**62 (and values of 2**62) on every CNF encoding and --pb name: the
    brute-force count, or a one-line refusal (the PB limit, or the memory estimate on 1 GB)."""
    monkeypatch.setenv("PUZZLESAT_MEMORY_LIMIT", "1G")  # the same verdicts on every machine
    for name, (path, count) in truth.items():
        result = cli("solve", path, "--all", "--json", "--symmetry", "none", "--backend", "sat",
                     "--encoding", encoding, "--pb", pb)  # fmt: skip
        if result.code == 0:
            assert result.json()["count"] == count, (name, result.out)
            continue
        line = one_line(result)
        wide = WIDE.fullmatch(line)
        assert wide or MEMORY.fullmatch(line), (name, line)
        if wide:
            assert int(wide[2]) > PB_LIMIT and pb != "native" or wide[3] == ", which takes", (name, line)


def test_z3_counts_every_model(cli, truth):
    """The z3 backend (z3-int) takes any integers: it agrees with brute force on every model."""
    for name, (path, count) in truth.items():
        result = cli("solve", path, "--all", "--json", "--symmetry", "none", "--backend", "z3")
        assert result.code == 0 and result.json()["count"] == count, (name, result.err)


@pytest.mark.parametrize(
    ("args", "pb", "total"),
    [
        (["--encoding", "log"], "totalizer", 7 * W61 + 7),
        (["--encoding", "onehot", "--pb", "adder"], "adder", 4 * W61 + 4),
        (["--encoding", "order", "--pb", "adder"], "adder", 4 * W61 + 4),
    ],
)
def test_the_sums_that_were_a_typeerror_are_refused_in_one_line(cli, tmp_path, args, pb, total):
    """A weight of 2**61 on values {0, 4} was `TypeError: unsupported operand type(s) for *: 'int'
    and 'pindakaas.Lit'` out of PySAT; now the sum, the limit and what takes it, in one line."""
    path = tmp_path / "m.toml"
    path.write_text(toml("at-most-61"))
    assert one_line(cli("solve", str(path), "--all", "--backend", "sat", *args)) == (
        f"sum #1: the {pb} PB encoding (Pindakaas, 64-bit integers) takes sums whose coefficients add up to "
        f"at most 2**62; this one's add up to {total} (use --backend z3 or --pb native, which take any integers)"
    )


def test_dimacs_names_the_formats_that_take_it(cli, tmp_path):
    """`dimacs` has no --backend: its refusal names the formats that write any integer, and they do."""
    path = tmp_path / "m.toml"
    path.write_text(toml("at-most-61"))
    out = tmp_path / "m.cnf"
    assert one_line(cli("dimacs", str(path), "--encoding", "log", "-o", str(out))) == (
        "sum #1: the totalizer PB encoding (Pindakaas, 64-bit integers) takes sums whose coefficients add up to "
        f"at most 2**62; this one's add up to {7 * W61 + 7} (--format opb and smt2 take any integers)"
    )
    assert not out.exists()
    opb = tmp_path / "m.opb"
    assert cli("dimacs", str(path), "--format", "opb", "-o", str(opb)).code == 0
    assert f"-{4 * W61} x2 -4 x4 >= -{4 * W61} ;" in opb.read_text()


def test_a_conditional_sum_is_not_sent_to_native(cli, truth):
    """--pb native writes a conditional sum (a `!=`) with the totalizer: past the limit the advice is z3 alone."""
    path, _ = truth["not-equal-61"]
    line = one_line(cli("solve", path, "--backend", "sat", "--encoding", "log", "--pb", "native"))
    assert line.startswith("sum #2: the totalizer PB encoding")
    assert line.endswith("(use --backend z3, which takes any integers)")


def test_the_default_takes_big_equalities(cli, truth):
    """The default (order, unary adders) builds equalities in Python's integers: big weights and values answer,
    where its memory estimate used to refuse them (the adders are counted as they are built)."""
    for name in ("equals-61", "equals-62", "values-62"):
        path, count = truth[name]
        result = cli("solve", path, "--all", "--json", "--symmetry", "none", "--backend", "sat")
        assert result.code == 0 and result.json()["count"] == count, (name, result.err)


def test_the_limit_is_the_sum_and_the_bound():
    """Coefficients adding up to exactly 2**62 go through; one more is refused, and nothing is added."""
    sink = ClauseBuilder("seqcounter", "adder")
    sink.pb([1, 2, 3], [W61, W62 - W61 - 1, 1], "<=", W61)
    built = len(sink.clauses)
    with pytest.raises(WideSum, match=r"this one's add up to 4611686018427387905 \(use"):
        sink.pb([1, 2, 3], [W61, W62 - W61, 1], "<=", W61)
    assert len(sink.clauses) == built
