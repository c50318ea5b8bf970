"""Puzzle files: loading, one-line errors with key path and line, and the TOML round trip."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from strategies import small_puzzles

from puzzlesat.catalog import builtin as catalog
from puzzlesat.catalog import load as puzzles
from puzzlesat.formats.toml.files import dump_toml, load_file, load_text
from puzzlesat.model.check import violations
from puzzlesat.model.model import Puzzle, UnknownSpec, define
from puzzlesat.runtime.errors import FileFormatError, UsageError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

BASE = '''\
name = "frame"
title = "Ring of eight"
cells = 8
values = { min = 1, max = 8 }
distinct = "all"
layout = """
{0} {1} {2}
{3}   {4}
{5} {6} {7}
"""

[[sum]]
cells = [0, 1, 2]
equals = "N"

[[sum]]
cells = [0, 3, 5]
equals = "N"

[[sum]]
cells = [2, 4, 7]
equals = "N"

[[sum]]
cells = [5, 6, 7]
equals = "N"

[unknowns.N]
values = { min = 1, max = 30 }

[symmetry]
generators = [
  [2, 4, 7, 1, 6, 0, 3, 5],
  [2, 1, 0, 4, 3, 7, 6, 5],
]
'''


def edit(old: str, new: str, count: int = 1) -> str:
    if BASE.count(old) < count:
        raise ValueError(f"{old!r} is not in BASE")
    return BASE.replace(old, new, count)


def test_base_loads() -> None:
    """The test's base file is a valid ring of eight: 8 cells, 4 sums on N, group of order 8."""
    p = load_text(BASE, "base.toml")
    assert (p.size, len(p.sums), p.group.order) == (8, 4, 8)
    assert p.unknowns[0].domain == tuple(range(6, 22))
    assert p.layout == "{0} {1} {2}\n{3}   {4}\n{5} {6} {7}"
    assert violations(p, [1, 8, 3, 5, 7, 6, 4, 2]) == []


@pytest.mark.parametrize(
    ("file", "name"), [("magic-star.toml", "magic-star"), ("frame-primes.toml", "magic-frame-primes")]
)
def test_examples_equal_the_catalog(file: str, name: str) -> None:
    """The example files describe exactly the catalog's puzzles (parameters aside)."""
    assert load_file(EXAMPLES / file) == dataclasses.replace(catalog.build(name), params=())


def catalog_puzzles() -> list[Puzzle]:
    out = []
    for e in catalog.entries():
        out.append(catalog.build(e.name))
        for p in e.params:
            out += [catalog.build(e.name, {p.name: str(p.lo)}), catalog.build(e.name, {p.name: str(p.hi)})]
    return out


@pytest.mark.parametrize("puzzle", catalog_puzzles(), ids=lambda p: f"{p.name}{dict(p.params)}")
def test_round_trip_catalog(puzzle: Puzzle) -> None:
    """dump_toml writes every catalog entry (smallest and largest parameters too) so it loads back equal."""
    assert load_text(dump_toml(puzzle), "dump.toml") == puzzle


@given(small_puzzles())
def test_round_trip_random(puzzle: Puzzle) -> None:
    """dump_toml round-trips random small puzzles, whatever their groups, sums and unknowns."""
    assert load_text(dump_toml(puzzle), "dump.toml") == puzzle


def test_round_trip_names_domains_weights() -> None:
    """Named cells, per-cell domains, weights, givens, params and awkward strings survive the round trip."""
    p = define(
        "odd one",
        title='A "quoted" \\ title',
        cells=["a", "b c", "d.e"],
        values=[1, 2, 3, 5],
        domains={"d.e": range(0, 10)},
        distinct=[["a", "b c"]],
        sums=[(["a", "b c", "d.e"], "total sum", [1, 2, 3])],
        unknowns={"total sum": UnknownSpec(prime=True)},
        givens={"a": 1},
        layout="{0} \\ {1}\n '''{2}",
        params={"k": "v"},
    )
    text = dump_toml(p)
    assert load_text(text, "dump.toml") == p
    assert 'cells = ["a", "b c", "d.e"]' in text


def test_cells_and_givens_by_name() -> None:
    """Sums, groups, givens and domains may name cells; names and indices mean the same cell."""
    text = """
name = "named"
cells = ["A", "B", "C"]
values = [1, 2, 3]
distinct = [["A", 1], [1, "C"]]
givens = { "A" = 1 }
[domains]
C = { min = 2, max = 3 }
[[sum]]
cells = ["A", "B", 2]
equals = 6
"""
    p = load_text(text, "named.toml")
    assert (p.cells, p.distinct, p.givens) == (("A", "B", "C"), ((0, 1), (1, 2)), ((0, 1),))
    assert p.domains[2] == (2, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (edit("cells = 8", "cells = 8 9"),
         "invalid TOML: expected newline or end of document after a statement (line 3)"),
        (BASE + "[[sum]\n", "invalid TOML: expected ']]' at the end of an array declaration (line 36)"),
        (edit('distinct = "all"', 'distinct = "all"\ncolour = "red"'),
         "colour: unknown key; valid keys: name, title, grid, cells, values, domains, distinct, givens, layout, "
         "dot, negative, sum, less, cage, table, line, clone, quadruple, outside, indexer, unknowns, symmetry, "
         "params (line 6)"),
        (edit("cells = [0, 3, 5]", "cells = [0, 3, 5]\nweight = [1, 1, 1]"),
         "sum[2].weight: unknown key; did you mean weights? valid keys: cells, equals, weights, not_equal, "
         "less_than, at_most, greater_than, at_least (line 18)"),
        (edit("values = { min = 1, max = 30 }", "values = { min = 1, max = 30 }\nprimes = true"),
         "unknowns.N.primes: unknown key; did you mean prime? valid keys: values, prime (line 30)"),
        (edit("generators = [", "generator = []\ngenerators = ["),
         "symmetry.generator: unknown key; did you mean generators? valid keys: generators (line 32)"),
        (edit("values = { min = 1, max = 8 }", "values = { min = 1, most = 8 }"),
         "values.most: unknown key; valid keys: min, max (line 4)"),
        (edit("cells = [2, 4, 7]", 'cells = "2, 4, 7"'),
         "sum[3].cells: expected a list of cell indices or names, got a string (line 21)"),
        (edit('equals = "N"', "equals = 12.0"), "sum[1].equals: expected an integer or an unknown's name, "
         "got a float (line 14)"),
        (edit("cells = 8", "cells = 8.0"),
         "cells: expected a count or a list of names, got a float (line 3)"),
        (edit("[2, 1, 0, 4, 3, 7, 6, 5]", '"mirror"'),
         "symmetry.generators[2]: expected a list of cell indices or a table "
         "{ cells = [...], values = [...] }, got a string (line 34)"),
        (edit('distinct = "all"', 'distinct = "most"'),
         'distinct: expected "all", "none" or a list of groups, got a string (line 5)'),
        (edit('distinct = "all"', 'distinct = "all"\ngivens = { "0" = "one" }'),
         "givens.0: expected an integer, got a string (line 6)"),
        (edit("cells = [2, 4, 7]", "cells = [2, 4, 8]"), "sum[3]: cell index 8 is outside 0..7 (line 20)"),
        (edit("cells = [2, 4, 7]", 'cells = [2, 4, "H"]'),
         "sum[3]: 'H' is not a cell of the puzzle (line 20)"),
        (edit('distinct = "all"', 'distinct = "all"\ngivens = { "9" = 1 }'),
         "givens: '9' is not a cell of the puzzle (line 6)"),
        (edit('distinct = "all"', 'distinct = [\n  [0, 1, 2],\n  [5, 6, 9],\n]'),
         "distinct[2]: cell index 9 is outside 0..7 (line 7)"),
        (edit("values = { min = 1, max = 8 }", "values = { min = 8, max = 1 }"),
         "values: the domain is empty (line 4)"),
        (edit("values = { min = 1, max = 8 }", "values = []"), "values: the domain is empty (line 4)"),
        (BASE + '\n[domains]\n"3" = []\n', "domains.3: the domain is empty (line 38)"),
        (edit("values = { min = 1, max = 30 }", "values = [24, 25, 26, 27, 28]\nprime = true"),
         "unknowns.N: no value is allowed (its values, min, max and prime leave none) (line 28)"),
        (edit("[2, 1, 0, 4, 3, 7, 6, 5]", "[2, 1, 0, 4, 3, 7, 6, 6]"),
         "symmetry.generators[2]: not a permutation of the cell indices 0..7 (line 34)"),
        (edit("[2, 1, 0, 4, 3, 7, 6, 5]", "[2, 1, 0]"),
         "symmetry.generators[2]: has 3 entries for 8 cells (line 34)"),
        (edit("[2, 1, 0, 4, 3, 7, 6, 5]", "[1, 0, 2, 3, 4, 5, 6, 7]"),
         "symmetry.generators[2]: not a symmetry of the puzzle: sum[2] (0 + 3 + 5 = N) maps onto cells that "
         "carry no such sum (line 34)"),
        (edit('distinct = "all"', 'distinct = "all"\ngivens = { "0" = 5, "7" = 5 }'),
         "givens: cells 0 and 7 both hold 5 but are in distinct[1] (line 6)"),
        (edit('distinct = "all"', 'distinct = "all"\ngivens = { "0" = 9 }'),
         "givens: cell 0 = 9 is outside its domain 1..8 (line 6)"),
        (edit("[unknowns.N]", "[unknowns.M]"), "unknowns.M: not used by any sum (line 28)"),
        (edit("cells = [0, 3, 5]", "cells = [0, 3, 5]\nweights = [1, 2]"),
         "sum[2]: 2 weights for 3 cells (line 16)"),
        (edit("{5} {6} {7}", "{5} {6} {8}"),
         "layout: placeholder {8} names no cell (cells are 0..7) (line 6)"),
        (edit("{5} {6} {7}", "{5} {6} {7.real}"),
         "layout: placeholder {7.real} is not of the form {i}, {i:>w} or {name} (a cell's name) (line 6)"),
        (edit('name = "frame"\n', ""), "name: required key is missing"),
        (edit('equals = "N"\n\n[[sum]]\ncells = [0, 3, 5]', '\n[[sum]]\ncells = [0, 3, 5]'),
         "sum[1].equals: required key is missing (line 12)"),
        (edit('name = "frame"', 'name = ""'), "name: must not be empty (line 1)"),
    ],
)  # fmt: skip
def test_bad_file_messages(tmp_path: Path, text: str, message: str) -> None:
    """Every kind of bad file is one FileFormatError line: path, key path, what is wrong, and the line."""
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load_file(path)
    assert str(e.value) == f"{path}: {message}"


def test_inline_sums_and_comments_are_located() -> None:
    """Lines are found through comments with brackets, quoted keys and sums written as inline tables."""
    text = """\
# a comment with [brackets] and "quotes" = 3
name = "x"  # [not a table]
"cells" = 3
values = [1, 2, 3]
sum = [
  { cells = [0, 1], equals = 3 },  # ok
  { cells = [0, 1, 5], equals = 6 },
]
"""
    with pytest.raises(FileFormatError) as e:
        load_text(text, "inline.toml")
    assert str(e.value) == "inline.toml: sum[2]: cell index 5 is outside 0..2 (line 7)"


def test_syntax_error_at_end_of_document() -> None:
    """An error tomllib places at the end of the document is reported on the last line."""
    with pytest.raises(FileFormatError) as e:
        load_text('name = "x"\ncells = [1,\n', "cut.toml")
    assert str(e.value) == "cut.toml: invalid TOML: invalid value (line 2)"


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    """A missing file, a directory and a non-UTF-8 file are FileFormatErrors naming the path."""
    with pytest.raises(FileFormatError, match=r"^nowhere\.toml: no such file$"):
        load_file("nowhere.toml")
    with pytest.raises(FileFormatError, match="is a directory"):
        load_file(tmp_path)
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(FileFormatError, match=r"latin1\.toml: not UTF-8 text \(byte 11\)$"):
        load_file(bad)


def test_nothing_is_evaluated() -> None:
    """Code in a file stays text: a name is just a string, a layout may not reach into attributes."""
    text = BASE.replace('name = "frame"', "name = \"__import__('os').system('false')\"")
    assert load_text(text, "x.toml").name == "__import__('os').system('false')"
    with pytest.raises(FileFormatError, match="is not of the form"):
        load_text(BASE.replace("{0} {1}", "{0.__class__} {1}"), "x.toml")


def test_load_dispatches_between_catalog_and_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """puzzles.load takes a catalog name or a file path; -p or givens with a file is a UsageError."""
    assert puzzles.load("magic-star", {"points": "7"}).size == 14
    path = tmp_path / "ring.toml"
    path.write_text(BASE, encoding="utf-8")
    assert puzzles.load(str(path)).name == "frame"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ring").write_text(BASE, encoding="utf-8")
    assert puzzles.load("ring").name == "frame"  # an existing file wins over the catalog
    with pytest.raises(UsageError, match=r"^ring\.toml: parameters \(-p\) apply to catalog puzzles only"):
        puzzles.load("ring.toml", {"order": "4"})
    with pytest.raises(UsageError, match=r"^ring\.toml: --givens needs a puzzle whose cells form a grid"):
        puzzles.load("ring.toml", givens="...")
    with pytest.raises(FileFormatError, match=r"^sub/none: no such file$"):
        puzzles.load("sub/none")
    with pytest.raises(UsageError, match=r"^unknown puzzle 'none'; valid: anti-knight-sudoku, arrow-sudoku, "):
        puzzles.load("none")
