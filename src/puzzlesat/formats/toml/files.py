"""Puzzle files: TOML in, `Puzzle` out (and back), with one-line errors naming file, key and line.

Nothing in a file is evaluated: values are type-checked here and the model is built by `define()`,
the constructor the catalog uses, so a file and a catalog entry give the same kind of model.
Key paths number array entries from 1, as the model's own messages do: `sum[2]` is the second
`[[sum]]`, `symmetry.generators[1]` the first generator. A layout loses its leading and trailing
newlines, so `layout = \"\"\"` on a line of its own reads naturally.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzlesat.formats.toml import quick
from puzzlesat.formats.toml.gridfile import dump_grid, grid_dots, read_grid
from puzzlesat.model.model import Puzzle, UnknownSpec, define
from puzzlesat.model.rules import RULES
from puzzlesat.model.tomlvalues import Bad, KeyPath, cells_list, expect, is_int, table
from puzzlesat.model.tomlvalues import quote as _quote
from puzzlesat.runtime.atomic import read_text
from puzzlesat.runtime.errors import FileFormatError, ModelError
from puzzlesat.runtime.stop import check_stop

if TYPE_CHECKING:
    import tomllib
    from pathlib import Path

_KEYS: dict[str, tuple[str, ...]] = {
    "top level": (
        *"name title grid cells values domains distinct givens layout".split(),
        *RULES,
        *"unknowns symmetry params".split(),
    ),
    "unknown": ("values", "prime"),
    "symmetry": ("generators",),
    "range": ("min", "max"),
}
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def show_path(path: KeyPath) -> str:
    """`("sum", 2, "cells")` -> `sum[2].cells`; keys that are not bare are quoted."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + (part if _BARE.fullmatch(part) else _quote(part))
    return out


def _table(v: object, path: KeyPath, allowed: str | None = None) -> dict[str, Any]:
    return table(v, path, None if allowed is None else _KEYS[allowed])


def _domain(v: object, path: KeyPath) -> dict[str, int] | list[int]:
    """`{ min = 1, max = 9 }` or a list of integers; emptiness is `define()`'s to judge."""
    if isinstance(v, dict):
        _table(v, path, "range")
        for key in ("min", "max"):
            if key not in v:
                raise Bad((*path, key), "required key is missing")
            expect(is_int(v[key]), v[key], (*path, key), "an integer")
        return v
    expect(isinstance(v, list), v, path, "{ min = .., max = .. } or a list of integers")
    for k, x in enumerate(v, 1):
        expect(is_int(x), x, (*path, k), "an integer")
    return v


def _read(doc: dict[str, Any]) -> dict[str, Any]:
    """The arguments of `define()`, type-checked; raises `Bad` at the first fault."""
    _table(doc, (), "top level")
    required = ("name",) if "grid" in doc else ("name", "cells", "values")
    for key in required:
        if key not in doc:
            raise Bad((key,), "required key is missing")
    args: dict[str, Any] = {}
    rules = []
    if "grid" in doc:
        if "cells" in doc:
            raise Bad(("cells",), "a [grid] names its own cells (r1c1, r1c2, ...); leave cells out")
        args["grid"] = read_grid(doc["grid"])
        rules += grid_dots(doc["grid"], args["grid"])  # an older file's dots, as today's rules
    for key in ("name", "title", "layout"):
        if key in doc:
            expect(isinstance(doc[key], str), doc[key], (key,), "a string")
            args[key] = doc[key]
    if "layout" in args:
        args["layout"] = args["layout"].strip("\r\n")
    cells = doc.get("cells")
    if cells is not None and not is_int(cells):
        expect(isinstance(cells, list), cells, ("cells",), "a count or a list of names")
        for k, c in enumerate(cells, 1):
            expect(isinstance(c, str), c, ("cells", k), "a cell name (a string)")
    args["cells"] = cells
    args["values"] = _domain(doc["values"], ("values",)) if "values" in doc else None
    domains = _table(doc.get("domains", {}), ("domains",))
    args["domains"] = {c: _domain(d, ("domains", c)) for c, d in domains.items()}
    distinct = doc.get("distinct", "all")
    if not (isinstance(distinct, str) and distinct in ("all", "none")):
        expect(isinstance(distinct, list), distinct, ("distinct",), '"all", "none" or a list of groups')
        for k, g in enumerate(distinct, 1):
            cells_list(g, ("distinct", k))
    args["distinct"] = distinct
    givens = doc.get("givens", {})
    if not (isinstance(givens, str) and "grid" in doc):
        givens = _table(givens, ("givens",))
        for c, v in givens.items():
            expect(is_int(v), v, ("givens", c), "an integer")
    args["givens"] = givens
    for key, kind in RULES.items():
        entries = doc.get(key, [])
        expect(isinstance(entries, list), entries, (key,), f"an array of tables ([[{key}]])")
        rules += [kind.load().from_toml(t, (key, k)) for k, t in enumerate(entries, 1)]
    args["rules"] = rules
    unknowns = _table(doc.get("unknowns", {}), ("unknowns",))
    args["unknowns"] = {u: _unknown(spec, ("unknowns", u)) for u, spec in unknowns.items()}
    symmetry = _table(doc.get("symmetry", {}), ("symmetry",), "symmetry")
    gens = symmetry.get("generators", [])
    expect(isinstance(gens, list), gens, ("symmetry", "generators"), "a list of permutations")
    for k, g in enumerate(gens, 1):
        where = ("symmetry", "generators", k)
        if isinstance(g, dict):  # { cells = [...], values = [...] }: a value symmetry
            for key in ("cells", "values"):
                part = g.get(key, [])
                expect(isinstance(part, list), part, (*where, key), "a list of integers")
                for x in part:
                    expect(is_int(x), x, (*where, key), "a list of integers")
            continue
        expect(isinstance(g, list), g, where, "a list of cell indices or a table { cells = [...], values = [...] }")
        for x in g:
            expect(is_int(x), x, where, "a list of cell indices (integers)")
    args["generators"] = gens
    params = _table(doc.get("params", {}), ("params",))
    for key, v in params.items():
        expect(isinstance(v, str) or is_int(v), v, ("params", key), "a string")
    args["params"] = params
    return args


def _unknown(spec: object, path: KeyPath) -> UnknownSpec:
    spec = _table(spec, path, "unknown")
    prime = spec.get("prime", False)
    expect(isinstance(prime, bool), prime, (*path, "prime"), "true or false")
    if "values" not in spec:
        return UnknownSpec(prime=prime)
    dom = _domain(spec["values"], (*path, "values"))
    if isinstance(dom, dict):
        return UnknownSpec(min=dom["min"], max=dom["max"], prime=prime)
    return UnknownSpec(values=tuple(dom), prime=prime)


# --- error locations -----------------------------------------------------------------------------

@functools.cache
def _numbered() -> list[tuple[re.Pattern[str], str]]:
    """`sum #2` -> `sum[2]`, one pattern a rule kind: compiled on the first error, not at every start."""
    return [
        *((re.compile(rf"\b{key} #(\d+)"), rf"{key}[\1]") for key in RULES),
        (re.compile(r"\bdistinct group #(\d+)"), r"distinct[\1]"),
        (re.compile(r"\bsymmetry\.generators #(\d+)"), r"symmetry.generators[\1]"),
    ]


_LEAD = re.compile(r"([A-Za-z_][\w-]*(?:\[\d+\])*(?:\.[^\s:.\[]+(?:\[\d+\])*)*)(?::\s*|\s+)(.*)", re.S)


def _model_fault(e: ModelError) -> tuple[KeyPath, str]:
    """A model message (`sum #2: ...`) as a key path in the file's terms and the rest."""
    msg = str(e)
    for pattern, repl in _numbered():
        msg = pattern.sub(repl, msg)
    m = _LEAD.fullmatch(msg)
    if not m:
        return (), msg
    path: list[str | int] = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", m[1]):
        path.append(int(index) if index else name)
    rest = m[2][3:] if m[2].startswith("is not ") else m[2]  # `generators[1]: not a permutation`
    return tuple(path), rest


def _skip(text: str, i: int, newlines: bool = True) -> int:
    """Past blanks, comments and (when allowed) newlines."""
    while i < len(text):
        if text[i] == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif text[i] in " \t\r" or (newlines and text[i] == "\n"):
            i += 1
        else:
            break
    return i


def _string_end(text: str, i: int) -> int:
    """The index just past the string that starts at i."""
    q = text[i]
    triple = text.startswith(q * 3, i)
    j = i + (3 if triple else 1)
    while True:
        if q == '"' and text[j] == "\\":
            j += 2
        elif triple and text.startswith(q * 3, j):
            end = j + 3
            for _ in range(2):  # up to two quotes of the content may touch the closing ones
                end += text.startswith(q, end)
            return end
        elif not triple and text[j] == q:
            return j + 1
        else:
            j += 1


def _key(text: str, i: int) -> tuple[KeyPath, int]:
    """A dotted key starting at i."""
    parts: list[str | int] = []
    while True:
        i = _skip(text, i, newlines=False)
        if text[i] in "\"'":
            end = _string_end(text, i)
            raw = text[i:end]
            parts.append(raw[1:-1] if raw[0] == "'" else json.loads(raw))
            i = end
        else:
            m = _BARE.match(text, i)
            if not m:
                raise ValueError(i)
            parts.append(m[0])
            i = m.end()
        i = _skip(text, i, newlines=False)
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return tuple(parts), i


class _Lines:
    """The first line of every key, table header and array entry: a skim of text tomllib accepted."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: dict[KeyPath, int] = {}
        self.breaks = [i for i, ch in enumerate(text) if ch == "\n"]
        try:
            self._document()
        except (ValueError, IndexError, json.JSONDecodeError):
            pass  # a partial map still places most keys

    def line_of(self, path: KeyPath) -> int | None:
        for n in range(len(path), 0, -1):
            if path[:n] in self.found:
                return self.found[path[:n]]
        return None

    def _note(self, path: KeyPath, i: int) -> None:
        self.found.setdefault(path, bisect.bisect_left(self.breaks, i) + 1)

    def _document(self) -> None:
        text, table, counts = self.text, (), {}
        i = _skip(text, 0)
        while i < len(text):
            start = i
            if text[i] == "[":
                double = text.startswith("[[", i)
                keys, i = _key(text, i + (2 if double else 1))
                i += 2 if double else 1
                if double:
                    counts[keys] = counts.get(keys, 0) + 1
                    self._note(keys, start)
                    keys = (*keys, counts[keys])
                table = keys
                self._note(table, start)
            else:
                keys, i = _key(text, i)
                self._note((*table, *keys), start)
                i = self._value(_skip(text, i + 1, newlines=False), (*table, *keys))
            i = _skip(text, i)

    def _value(self, i: int, path: KeyPath) -> int:
        text = self.text
        if text[i] in "\"'":
            return _string_end(text, i)
        if text[i] in "[{":
            close = "]" if text[i] == "[" else "}"
            k, i = 0, _skip(text, i + 1)
            while text[i] != close:
                if close == "]":
                    k += 1
                    self._note((*path, k), i)
                    i = self._value(i, (*path, k))
                else:
                    keys, j = _key(text, i)
                    self._note((*path, *keys), i)
                    i = self._value(_skip(text, j + 1), (*path, *keys))
                i = _skip(text, i)
                if text[i] == ",":
                    i = _skip(text, i + 1)
            return i + 1
        while i < len(text) and text[i] not in ",]}\n#":
            i += 1
        return i


def _syntax_fault(e: tomllib.TOMLDecodeError, text: str) -> str:
    msg = str(e)
    m = re.fullmatch(r"(.*) \(at (?:line (\d+), column \d+|end of document)\)", msg, re.S)
    if not m:
        return f"invalid TOML: {msg}"
    line = m[2] or str(text.count("\n") + (0 if text.endswith("\n") else 1))
    return f"invalid TOML: {m[1][:1].lower()}{m[1][1:]} (line {line})"


def load_text(text: str, source_name: str = "<string>") -> Puzzle:
    """Parse and validate a puzzle file's text; every fault is one FileFormatError line."""
    try:
        return _load_text(text, source_name)
    except RecursionError:  # tomllib and our readers recurse once per level of nesting
        raise FileFormatError(f"{source_name}: nested too deeply (arrays or tables within each other)") from None


def _load_text(text: str, source_name: str) -> Puzzle:
    doc = quick.loads(text)  # the plain TOML of a puzzle file, without importing tomllib (D5)
    if doc is None:
        doc = _tomllib_loads(text, source_name)
    try:
        args = _read(doc)
        return define(args.pop("name"), **args)
    except Bad as e:
        path, message = e.path, e.message
    except ModelError as e:
        path, message = _model_fault(e)
    line = _Lines(text).line_of(path) if path else None
    where = f"{show_path(path)}: " if path else ""
    raise FileFormatError(f"{source_name}: {where}{message}" + (f" (line {line})" if line else ""))


def _tomllib_loads(text: str, source_name: str) -> dict[str, Any]:
    """The document as tomllib reads it, or its syntax error as one line."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise FileFormatError(f"{source_name}: {_syntax_fault(e, text)}") from None
    except ValueError as e:  # tomllib's int() of a number with more than 4300 digits
        what = "a number with more than 4300 digits" if "digits" in str(e) else str(e)
        raise FileFormatError(f"{source_name}: invalid TOML: {what}") from None


def load_file(path: str | Path) -> Puzzle:
    """Read a puzzle file; a missing or unreadable file is a FileFormatError too."""
    text = read_text(path, error=FileFormatError)
    return load_text(text, str(path))


# --- writing -------------------------------------------------------------------------------------


def _toml_key(s: str) -> str:
    return s if _BARE.fullmatch(s) else _quote(s)


def _ints(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _dump_domain(d: Sequence[int]) -> str:
    if len(d) > 1 and list(d) == list(range(d[0], d[-1] + 1)):
        return f"{{ min = {d[0]}, max = {d[-1]} }}"
    return _ints(d)


def _dump_layout(layout: str) -> str:
    if "'''" not in layout and not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", layout):
        return f"'''\n{layout}\n'''"
    return _quote(layout)


def _array_lines(rows: Sequence[Sequence[int]]) -> str:
    return "[\n" + "".join(f"  {_ints(r)},\n" for r in rows) + "]"


def _generator_lines(p: Puzzle) -> str:
    """One generator a line: a list of cells, or an inline table when it relabels values."""
    lines = []
    for cells, vmap in p.generators:
        if vmap is None:
            lines.append(_ints(cells))
        else:
            lines.append(f"{{ cells = {_ints(cells)}, values = {_ints([p.values[k] for k in vmap])} }}")
    return "[\n" + "".join(f"  {line},\n" for line in lines) + "]"


def dump_toml(puzzle: Puzzle) -> str:
    """The puzzle in the file format; `load_text(dump_toml(p)) == p` (layouts without edge newlines)."""
    p = puzzle
    n = p.size
    base = Counter(p.domains).most_common(1)[0][0]  # the commonest domain, the first one on a tie
    out = [f"name = {_quote(p.name)}", f"title = {_quote(p.title)}"]
    numbered = p.cells == tuple(map(str, range(n)))
    if p.grid is None:
        out.append(f"cells = {n}" if numbered else f"cells = [{', '.join(map(_quote, p.cells))}]")
    out.append(f"values = {_dump_domain(base)}")
    if not p.distinct and p.grid is not None:
        pass
    elif not p.distinct:
        out.append('distinct = "none"')
    elif p.distinct == (tuple(range(n)),) and p.grid is None:  # with a grid, "all" reads as the houses only
        out.append('distinct = "all"')
    else:
        out.append(f"distinct = {_array_lines(p.distinct)}")
    check_stop()
    if p.givens:
        items = ", ".join(f"{_quote(p.cells[c])} = {v}" for c, v in p.givens)
        out.append(f"givens = {{ {items} }}")
    if p.layout is not None:
        out.append(f"layout = {_dump_layout(p.layout)}")
    if p.grid is not None:
        out += ["", *dump_grid(p.grid)]
    check_stop()  # between the parts, each a second or less for a million cells
    special = [(c, d) for c, d in enumerate(p.domains) if d != base]
    if special:
        out += ["", "[domains]", *(f"{_toml_key(p.cells[c])} = {_dump_domain(d)}" for c, d in special)]
    if p.params:
        out += ["", "[params]", *(f"{_toml_key(k)} = {_quote(v)}" for k, v in p.params)]
    for rule in p.rules:
        check_stop()
        out += ["", f"[[{rule.key}]]", *rule.to_toml(p.cells)]
    for u in p.unknowns:
        out += ["", f"[unknowns.{_toml_key(u.name)}]", f"values = {_dump_domain(u.domain)}"]
        if u.prime:
            out.append("prime = true")
    if p.generators:
        out += ["", "[symmetry]", f"generators = {_generator_lines(p)}"]
    return "\n".join(out) + "\n"
