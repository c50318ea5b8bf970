"""Records: the methods written ahead of time (`puzzlesat.runtime.records_code`) are what
`dataclasses` makes, the file is current, and a stale entry falls back to `dataclasses`
(docs/decisions/start-up.md D5)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import records_spec
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.runtime import records

ROOT = Path(__file__).resolve().parent.parent
KENKEN = str(ROOT / "benchmarks" / "data" / "kenken-9.toml")


def test_code_is_current():
    """records_code.py is what `python -m tests.records_spec` writes (in a process of its own)."""
    run = subprocess.run([sys.executable, "-m", "tests.records_spec", "--print"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=True)  # fmt: skip
    assert run.stdout == records_spec.CODE.read_text(encoding="utf-8")


def test_every_record_class_of_a_solve_is_generated():
    """A KenKen `solve --limit 2` makes no class with dataclasses, and imports neither it nor inspect."""
    probe = (
        "import json, sys\n"
        f"sys.argv = ['puzzlesat', 'solve', {KENKEN!r}, '--limit', '2', '--json']\n"
        "from puzzlesat.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "from puzzlesat.runtime import records\n"
        "sys.stderr.write('\\nREPORT ' + json.dumps([sorted(records.SHAPES), 'dataclasses' in sys.modules,"
        " 'inspect' in sys.modules]))\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert json.loads(run.stdout)["count"] == 1
    assert json.loads(run.stderr.rsplit("REPORT ", 1)[1]) == [[], False, False]


# --- generated against dataclasses, on random classes ---------------------------------------------

_SPECS = st.lists(
    st.tuples(st.sampled_from(["none", "value", "field", "factory"]), st.booleans(), st.booleans()), max_size=4
).map(lambda rows: sorted(rows, key=lambda r: r[0] != "none"))  # no default before a default


def _seen(self: object) -> None:
    object.__setattr__(self, "seen", True)


def _declare(rows: list[tuple[str, bool, bool]], post_init: bool, doc: bool) -> type:
    """A fresh class body (records.field markers), as a module would declare it."""
    ns: dict[str, object] = {"__annotations__": {}, "__module__": __name__, "__qualname__": "Rec"}
    for i, (kind, compare, show) in enumerate(rows):
        name = f"f{i}"
        ns["__annotations__"][name] = "int" if kind != "factory" else "list[int]"  # type: ignore[index]
        if kind == "value":
            ns[name] = i * 10
        elif kind == "field":
            ns[name] = records.field(default=i, compare=compare, repr=show)
        elif kind == "factory":
            ns[name] = records.field(default_factory=list, compare=compare)
        elif not compare:
            ns[name] = records.field(compare=False)
    if post_init:
        ns["__post_init__"] = _seen
    if doc:
        ns["__doc__"] = "A record."
    return type("Rec", (), ns)


def _pair(rows, params, post_init, doc):
    """The same declaration made by dataclasses and by generated code."""
    real = records._real(_declare(rows, post_init, doc), params)
    shape = records.SHAPES.pop(f"{__name__}.Rec")
    assert records_spec._refused(real, shape) is None
    maker = records_spec._maker(0, real, params.get("frozen", False), params.get("order", False))
    source = "\n".join(["from puzzlesat.runtime.records_code import FACTORY", "", *maker])
    ns: dict[str, object] = {}
    exec(compile(source, "<generated>", "exec", dont_inherit=True), ns)  # noqa: S102 - the generator's own output
    made = records.install(_declare(rows, post_init, doc), params, ns["_0"], *records_spec.names(real))  # type: ignore[arg-type]
    assert records.shape(_declare(rows, post_init, doc), params) == shape
    return real, made


def _outcome(action):
    try:
        return ("ok", action())
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return (type(e).__name__, str(e))


@settings(max_examples=60, deadline=None)
@given(rows=_SPECS, frozen=st.booleans(), order=st.booleans(), post_init=st.booleans(), doc=st.booleans(),
       values=st.lists(st.integers(-3, 3), min_size=8, max_size=8))  # fmt: skip
def test_generated_methods_are_what_dataclasses_makes(rows, frozen, order, post_init, doc, values):
    """Signature, docstring, repr, ==, hash, order, frozen errors, replace, fields, asdict and pickling
    agree between a class made by dataclasses and the same class with generated methods."""
    params = {k: v for k, v in (("frozen", frozen), ("order", order)) if v}
    real, made = _pair(rows, params, post_init, doc)
    assert str(inspect.signature(real)) == str(inspect.signature(made))
    assert real.__doc__ == made.__doc__
    assert real.__match_args__ == made.__match_args__
    assert (real.__hash__ is None) == (made.__hash__ is None)
    for name in ("f0", "f1", "f2", "f3"):
        assert _outcome(lambda n=name: getattr(real, n)) == _outcome(lambda n=name: getattr(made, n))
    n = sum(1 for kind, *_ in rows if kind == "none")
    a_args, b_args = values[:n], values[4 : 4 + n]
    pairs = [(real(*a_args), made(*a_args)), (real(*b_args), made(*b_args))]
    (ra, ma), (rb, mb) = pairs
    assert repr(ra) == repr(ma)
    assert getattr(ra, "seen", None) == getattr(ma, "seen", None)
    for op in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__"):
        assert _outcome(lambda o=op: getattr(ra, o)(rb)) == _outcome(lambda o=op: getattr(ma, o)(mb))
    assert (ra == ra.__class__) == (ma == ma.__class__)
    if frozen:
        assert _outcome(lambda: hash(ra)) == _outcome(lambda: hash(ma))
    ra, ma = real(*a_args), made(*a_args)  # changed below: fresh ones
    if rows:
        assert _outcome(lambda: setattr(ra, "f0", 5)) == _outcome(lambda: setattr(ma, "f0", 5))
        assert _outcome(lambda: delattr(ra, "f0")) == _outcome(lambda: delattr(ma, "f0"))
    assert _outcome(lambda: setattr(ra, "other", 5)) == _outcome(lambda: setattr(ma, "other", 5))
    ra, ma = real(*a_args), made(*a_args)
    assert repr(dataclasses.replace(ra)) == repr(records.replace(ma)) == repr(dataclasses.replace(ma))
    assert _outcome(lambda: dataclasses.replace(ra, nope=1))[0] == _outcome(lambda: records.replace(ma, nope=1))[0]
    assert records.names(made) == tuple(f.name for f in dataclasses.fields(real))
    assert [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash)
            for f in dataclasses.fields(real)] == [(f.name, f.type, f.default, f.default_factory, f.init, f.repr,
                                                     f.compare, f.hash) for f in dataclasses.fields(made)]  # fmt: skip
    assert repr(real.__dataclass_params__) == repr(made.__dataclass_params__)
    assert dataclasses.is_dataclass(made) and dataclasses.asdict(ra) == dataclasses.asdict(ma)


def test_a_stale_entry_falls_back_to_dataclasses(monkeypatch):
    """A class whose shape is not the generated one is made by dataclasses (slower, never different)."""
    from puzzlesat.runtime import records_code

    key = f"{__name__}.test_a_stale_entry_falls_back_to_dataclasses.<locals>.Rec"
    monkeypatch.setitem(records_code.MADE, key, (("not", "this", "shape"), None))

    @records.dataclass(frozen=True)
    class Rec:
        """A record."""

        a: int

    assert "__dataclass_fields__" in Rec.__dict__ and isinstance(Rec.__dict__["__dataclass_fields__"], dict)
    assert records.SHAPES.pop(key)[1] == (("a", "int", False),)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'a'"):
        Rec(1).a = 2  # type: ignore[misc]


def test_generated_classes_pickle_and_compare_as_before():
    """A generated class of the package pickles, hashes and prints as dataclasses made it."""
    from puzzlesat.model.core import Linear
    from puzzlesat.runtime.records_code import MADE

    assert "puzzlesat.model.core.Linear" in MADE and not isinstance(Linear.__dict__["__hash__"], type(None))
    x = Linear((0, 1), (1, -1), "<", 0)
    assert pickle.loads(pickle.dumps(x)) == x and hash(pickle.loads(pickle.dumps(x))) == hash(x)
    assert repr(x) == "Linear(cells=(0, 1), weights=(1, -1), op='<', rhs=0)"
    assert records.replace(x, rhs=3) == Linear((0, 1), (1, -1), "<", 3)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'op'"):
        x.op = "="  # type: ignore[misc]
