"""Frozen dataclasses without the cost of making them at every start (start-up.md D5).

Python 3.11's `dataclasses` compiles six small functions with `exec` for each frozen class (about
0.5 ms a class here) and imports `inspect` (with ast, dis, tokenize: ~10 ms); a `solve` made 24 of
them before it read its puzzle. The hot methods `dataclasses` would write (`__init__`, `==`, the
order, the hash) are written once instead, by `python -m tests.records_spec`, into
`records_code.py` (compiled to bytecode like any module), and `dataclass` here attaches them with
the rest (repr, the frozen refusals) as closures over the field names. A class is declared
exactly as for `dataclasses` (this module's `dataclass`, `field`, `replace` take the same
arguments); the generated entry is used only when the class still has the shape it was generated
from (its fields, their defaults and options, the decorator's arguments, `__post_init__`, its own
dunders and bases), else the class is made by `dataclasses` itself, so a stale file is slower,
never different. tests/test_records.py checks the file is current and that generated classes
behave as `dataclasses` makes them.

`__dataclass_fields__` and `__dataclass_params__` are made by `dataclasses` on first use, so
`dataclasses.fields`, `replace`, `asdict` and `is_dataclass` work on every class as before.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr

_NONE = object()
# The dunders a class may write itself, which dataclasses then leaves alone (part of the shape).
_OWN = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__lt__", "__le__",
        "__gt__", "__ge__", "__match_args__", "__slots__")  # fmt: skip
# The shapes of the classes made by `dataclasses` (read by tests/records_spec.py).
SHAPES: dict[str, tuple[object, ...]] = {}


class Field:
    """`dataclasses.field(...)`'s arguments, kept until the class is made (then a real Field)."""

    __slots__ = ("kwargs",)

    def __init__(self, kwargs: dict[str, object]) -> None:
        self.kwargs = kwargs

    def shape(self) -> tuple[tuple[str, object], ...]:
        """The options, with a default or a factory as its presence only."""
        return tuple(sorted((k, True if k in ("default", "default_factory") else v) for k, v in self.kwargs.items()))

    def real(self) -> object:
        import dataclasses

        return dataclasses.field(**self.kwargs)  # type: ignore[call-overload]


def field(**kwargs: object) -> object:
    """`dataclasses.field`: the same keywords."""
    return Field(kwargs)


def shape(cls: type, params: dict[str, object]) -> tuple[object, ...]:
    """What the generated methods depend on: everything of the class dataclasses reads but the
    default values themselves (handed to the generated code)."""
    own = cls.__dict__
    rows = []
    for name, annotation in own.get("__annotations__", {}).items():
        value = own.get(name, _NONE)
        rows.append((name, annotation, value.shape() if type(value) is Field else value is not _NONE))
    return (
        tuple(sorted(params.items())),
        tuple(rows),
        hasattr(cls, "__post_init__"),
        tuple(n for n in _OWN if n in own),
        not own.get("__doc__"),
        tuple(f"{b.__module__}.{b.__qualname__}" for b in cls.__bases__),
    )


def _defaults(cls: type) -> list[object]:
    """The defaults and factories, in field order, as the generated code takes them."""
    out: list[object] = []
    own = cls.__dict__
    for name in own.get("__annotations__", {}):
        value = own.get(name, _NONE)
        if type(value) is Field:
            if "default_factory" in value.kwargs:
                out.append(value.kwargs["default_factory"])
            elif "default" in value.kwargs:
                out.append(value.kwargs["default"])
            if "default" in value.kwargs:
                type.__setattr__(cls, name, value.kwargs["default"])
            else:
                type.__delattr__(cls, name)
        elif value is not _NONE:
            out.append(value)
    return out


class _Lazy:
    """`__dataclass_fields__` or `__dataclass_params__`, made by dataclasses on first use from the
    class as it was declared."""

    def __init__(self, attr: str, params: dict[str, object], declared: dict[str, object]) -> None:
        self.attr, self.params, self.declared = attr, params, declared

    def __get__(self, obj: object, owner: type) -> object:
        import dataclasses

        ns = {k: (v.real() if type(v) is Field else v) for k, v in self.declared.items()}
        ns["__module__"], ns["__qualname__"] = owner.__module__, owner.__qualname__
        twin = dataclasses.dataclass(**self.params)(type(owner.__name__, (), ns))  # type: ignore[call-overload]
        for attr in ("__dataclass_fields__", "__dataclass_params__"):
            type.__setattr__(owner, attr, twin.__dict__[attr])
        return owner.__dict__[self.attr]


class _Doc:
    """The docstring dataclasses gives a class without one (its signature), made on first use."""

    def __get__(self, obj: object, owner: type) -> str:
        import inspect

        try:
            text = str(inspect.signature(owner)).replace(" -> None", "")
        except (TypeError, ValueError):  # as dataclasses: no signature, no text
            text = ""
        type.__setattr__(owner, "__doc__", owner.__name__ + text)
        return owner.__dict__["__doc__"]  # type: ignore[no-any-return]


def _real(cls: type, params: dict[str, object]) -> type:
    """The class made by dataclasses (no generated entry, or a stale one)."""
    import dataclasses

    SHAPES[f"{cls.__module__}.{cls.__qualname__}"] = shape(cls, params)
    for name, value in list(cls.__dict__.items()):
        if type(value) is Field:
            type.__setattr__(cls, name, value.real())
    return dataclasses.dataclass(**params)(cls)  # type: ignore[call-overload,no-any-return]


def _methods(
    cls: type, params: dict[str, object], fields: tuple[str, ...], shown: tuple[str, ...]
) -> dict[str, object]:
    """The methods dataclasses sets that are not hot, as it writes them but as closures (no `exec`,
    no generated code): `__repr__` with its guard against recursion, and a frozen class's refusals
    to assign or delete (an eq class that is not frozen gets no hash)."""
    out: dict[str, object] = {}
    show = attrgetter(*shown) if len(shown) > 1 else (lambda self: tuple(getattr(self, n) for n in shown))

    def __repr__(self: object) -> str:
        values = show(self)
        return f"{self.__class__.__qualname__}({', '.join([f'{n}={v!r}' for n, v in zip(shown, values, strict=True)])})"

    out["__repr__"] = recursive_repr("...")(__repr__)
    if params.get("frozen"):

        def __setattr__(self: object, name: str, value: object) -> None:
            if type(self) is cls or name in fields:
                from dataclasses import FrozenInstanceError

                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)  # type: ignore[misc]

        def __delattr__(self: object, name: str) -> None:
            if type(self) is cls or name in fields:
                from dataclasses import FrozenInstanceError

                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)  # type: ignore[misc]

        out |= {"__setattr__": __setattr__, "__delattr__": __delattr__}
    else:
        out["__hash__"] = None  # eq without frozen: unhashable, as dataclasses leaves it
    out["__match_args__"] = fields
    return out


def install(
    cls: type, params: dict[str, object], maker: Callable[..., dict[str, Callable[..., object]]], shown: tuple[str, ...]
) -> type:
    """`cls` with the generated methods (`maker` makes them from the class and its defaults) and
    the others dataclasses would set, its defaults as dataclasses leaves them, and the fields'
    description made on first use."""
    own = cls.__dict__
    annotations = own.get("__annotations__", {})
    declared = {name: own[name] for name in annotations if name in own}
    declared["__annotations__"] = dict(annotations)
    if "__post_init__" in own:
        declared["__post_init__"] = own["__post_init__"]
    fields = tuple(annotations)  # generated: every annotation is a field (tests/records_spec.py)
    methods = {**maker(cls, *_defaults(cls)), **_methods(cls, params, fields, shown)}
    for name, value in methods.items():  # the class writes none of them (the shape says so)
        if callable(value):
            value.__qualname__ = f"{cls.__qualname__}.{value.__name__}"
        type.__setattr__(cls, name, value)
    for name in ("__dataclass_fields__", "__dataclass_params__"):
        type.__setattr__(cls, name, _Lazy(name, params, declared))
    if not own.get("__doc__"):
        type.__setattr__(cls, "__doc__", _Doc())
    return cls


def dataclass(cls: type | None = None, /, **params: object) -> Callable[[type], type] | type:
    """`dataclasses.dataclass`, with the methods written ahead of time where they are current."""

    def wrap(cls: type) -> type:
        from puzzlesat.runtime.records_code import MADE

        made = MADE.get(f"{cls.__module__}.{cls.__qualname__}")
        if made is None or made[0] != shape(cls, params):
            return _real(cls, params)
        return install(cls, params, *made[1:])

    return wrap if cls is None else wrap(cls)


def names(cls: type) -> tuple[str, ...]:
    """The field names of a record class, in order (`dataclasses.fields` without making them)."""
    lazy = cls.__dict__.get("__dataclass_fields__")
    if isinstance(lazy, _Lazy):  # generated: every annotation is a field (tests/records_spec.py)
        return tuple(lazy.declared["__annotations__"])  # type: ignore[arg-type]
    import dataclasses

    return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]


def replace(obj: object, /, **changes: object) -> object:
    """`dataclasses.replace`: a copy of `obj` with `changes`."""
    cls = type(obj)
    if isinstance(cls.__dict__.get("__dataclass_fields__"), _Lazy):
        return cls(**{**{n: getattr(obj, n) for n in names(cls)}, **changes})
    import dataclasses

    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
