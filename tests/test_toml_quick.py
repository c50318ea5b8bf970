"""The quick TOML reader against tomllib: the same document wherever it answers, None elsewhere, on
every TOML file of the project and on random documents in and beyond its subset
(docs/decisions/start-up.md D5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.formats.toml import quick

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    p
    for folder in ("examples", "benchmarks/data", "src/puzzlesat/catalog/data", "tests/data")
    for p in (ROOT / folder).rglob("*.toml")
)


def _typed(x: object) -> object:
    """The document with each value's type beside it (True is not 1) and the keys' order."""
    if isinstance(x, dict):
        return [(k, _typed(v)) for k, v in x.items()]
    if isinstance(x, list):
        return [_typed(v) for v in x]
    return (type(x).__name__, x)


def _agrees(text: str) -> dict[str, object] | None:
    """quick's answer, checked against tomllib's where it gives one."""
    got = quick.loads(text)
    if got is not None:
        assert _typed(got) == _typed(tomllib.loads(text)), text
    return got


def test_every_project_file_reads_as_tomllib_reads_it():
    """Each TOML file of the project: tomllib's document, or None (then tomllib reads it)."""
    assert len(FILES) > 40
    read = [p for p in FILES if _agrees(p.read_text(encoding="utf-8")) is not None]
    assert len(read) >= len(FILES) - 3


@pytest.mark.parametrize("name", ["kenken-9", "killer-hard", "futoshiki-9", "kakuro-15x15", "magic-square-5-givens"])
def test_the_benchmark_instances_need_no_tomllib(name):
    """The files `benchmarks/limit2.py` times are all in the subset."""
    assert _agrees((ROOT / "benchmarks" / "data" / f"{name}.toml").read_text(encoding="utf-8")) is not None


@pytest.mark.parametrize(
    "text",
    [
        "a = 1.5", "a = 1e3", "a = 1979-05-27", "a = 07:32:00", "a = 1_000", "a = +1", "a = 01", "a = 0x1f",
        "a = inf", "a = nan", 'a = "x\\ty"', 'a = """x\\\ny"""', "a.b = 1", "a = 1\na = 2", "[t]\n[t]",
        "[[t]]\n[t]", "[t]\n[[t]]", "t = []\n[[t]]", "a = 1\r\n", "a = { b = 1, }", "a = { b = [\n1] }",
        "[t.u]", "[ t ]", "a = 1 b = 2", "a =\n1", "a = [1,,2]", "a = 'x", "a = '''x''''", "a = \x01",
        "a = 12345678901234567890", "a = truex", "\ufeffa = 1", "= 1", "a = [[[[1]]]",
    ],
)  # fmt: skip
def test_beyond_the_subset_is_left_to_tomllib(text):
    """Floats, dates, escapes, dotted keys, anything given twice, CR, bad syntax: None."""
    assert quick.loads(text) is None


_KEY = st.one_of(st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True), st.text("ab c.#=", min_size=0, max_size=4))
_STRING = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\\\r\x7f"), max_size=8)
_SCALAR = st.one_of(st.integers(-(10**17), 10**17), st.booleans(), _STRING)
_VALUE = st.recursive(
    _SCALAR, lambda x: st.one_of(st.lists(x, max_size=3), st.dictionaries(_KEY, x, max_size=3)), max_leaves=6
)


def _key(draw: st.DrawFn, key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    if bare and draw(st.booleans()):
        return key
    return f"'{key}'" if "'" not in key and draw(st.booleans()) else f'"{key}"'


def _string(draw: st.DrawFn, s: str, inline: bool) -> str:
    if any(c < " " and c != "\t" for c in s):  # a newline or a control character: only \n, in a multi-line one
        if all(c >= " " or c in "\t\n" for c in s) and not inline and '"' not in s:
            return '"""' + ("\n" if draw(st.booleans()) else "") + s + '"""'
        return ""
    if '"' not in s and draw(st.booleans()):
        return f'"{s}"'
    if "'" not in s:
        return f"'{s}'"
    return ""


def _write(draw: st.DrawFn, v: object, inline: bool) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(draw, v, inline)
    if isinstance(v, list):
        gap = "" if inline else draw(st.sampled_from(["", " ", "\n  ", " # note\n"]))
        items = [_write(draw, x, inline) for x in v]
        return "[" + gap + ("," + gap).join(items) + ("," if items and draw(st.booleans()) else "") + gap + "]"
    assert isinstance(v, dict)
    return "{" + ", ".join(f"{_key(draw, k)} = {_write(draw, x, True)}" for k, x in v.items()) + "}"


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """A puzzle-file-like document: keys at the top, then tables and arrays of tables."""
    lines = [draw(st.sampled_from(["", "# a comment", "  "]))]
    for key, value in draw(st.dictionaries(_KEY, _VALUE, max_size=3)).items():
        equals = draw(st.sampled_from(["=", " = ", "\t= "]))
        lines.append(_key(draw, key) + equals + _write(draw, value, False) + draw(st.sampled_from(["", "  # why"])))
    for name in draw(st.lists(st.sampled_from(["grid", "cage", "less", "values"]), max_size=4)):
        lines.append(draw(st.sampled_from([f"[{name}]", f"[[{name}]]"])))
        for key, value in draw(st.dictionaries(_KEY, _SCALAR, max_size=2)).items():
            lines.append(f"{_key(draw, key)} = {_write(draw, value, False)}")
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=300, deadline=None)
@given(_documents())
def test_random_documents_read_as_tomllib_reads_them(text):
    """A random document: where quick answers, its document is tomllib's (key order and types too);
    where tomllib refuses the text, quick does too."""
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert quick.loads(text) is None
    else:
        _agrees(text)


_DAMAGE = st.sampled_from(list("[]{}\"'=#,.\n -+0123456789e:_\\\t\rtf"))


@settings(max_examples=300, deadline=None)
@given(_documents(), st.lists(st.tuples(st.integers(0, 10**6), _DAMAGE), max_size=3))
def test_damaged_documents_are_never_read_differently(text, edits):
    """A document with a few characters changed: quick answers as tomllib does, or not at all."""
    chars = list(text)
    for at, c in edits:
        if chars:
            chars[at % len(chars)] = c
    text = "".join(chars)
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        assert quick.loads(text) is None
    else:
        _agrees(text)
