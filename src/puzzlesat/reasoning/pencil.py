"""The explainer's pencil marks as `patterns.Marks`: what a stated technique is checked against.

A house is an all-different part of a rule ("row 3", "box 5", a jigsaw region, a killer cage's
digits). It is `full` when its cells hold every value of their domains exactly once (as many cells
as values), so "the only place for 5 in row 3" is an argument there and not in a cage of three.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from puzzlesat.reasoning.patterns import House, Marks

if TYPE_CHECKING:
    from puzzlesat.reasoning.guarded import Rule

KINDS = ("row", "column", "box")


def house_kind(name: str) -> str:
    """"row", "column" or "box" for a grid's house by its rule's name, else "region"."""
    word, _, number = name.partition(" ")
    return word if word in KINDS and number.isdigit() else "region"


def houses_of(rules: Iterable[Rule], domains: Sequence[Sequence[int]]) -> tuple[House, ...]:
    """Every all-different part of every rule, named by its rule (a rule's second part gets "#2")."""
    out: list[House] = []
    for rule in rules:
        for i, cells in enumerate(rule.alldifferent):
            cells = tuple(sorted(cells))
            values = set().union(*(domains[c] for c in cells)) if cells else set()
            name = rule.name if i == 0 else f"{rule.name} #{i + 1}"
            kind = house_kind(rule.name) if rule.kinds == frozenset({"AllDifferent"}) else "region"
            out.append(House(name, kind, cells, full=len(values) == len(cells)))
    return tuple(out)


def marks_of(houses: tuple[House, ...], cands: Sequence[Iterable[int]], placed: Mapping[int, int],
             names: Sequence[str]) -> Marks:  # fmt: skip
    return Marks(tuple(map(frozenset, cands)), houses, tuple(names), frozenset(placed))  # a frozenset: itself
