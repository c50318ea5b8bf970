"""`puzzlesat show`: a puzzle model in words, as JSON, and as its empty board."""

from __future__ import annotations

from typing import Any

from puzzlesat.model.model import Puzzle, describe_values
from puzzlesat.model.rules.sum import KEYS
from puzzlesat.render.text.draw import draw
from puzzlesat.runtime.words import number, plural

SHOWN = 40  # rules of one kind listed by name and in words (a 9x9 killer's cages); the rest counted


def describe_json(p: Puzzle) -> dict[str, Any]:
    from puzzlesat import __version__
    from puzzlesat.model.document import params_json

    ids = list(zip(p.rule_ids, p.rules, strict=True))
    return {
        "version": __version__,
        "name": p.name,
        "title": p.title,
        "params": params_json(p.params),
        "cells": list(p.cells),
        "domains": [list(d) for d in p.domains],
        "distinct": [list(g) for g in p.distinct],
        "sums": [
            {"id": rid, "name": p.display[rid], "cells": list(s.cells), "weights": list(s.weights), KEYS[s.op]: s.rhs}
            for rid, rule in ids
            if rule.key == "sum"
            for s in rule.lower(p.domains)
        ],
        "rules": [
            {"kind": r.key, "id": rid, "name": p.display[rid], "text": r.describe(p.cells)}
            for rid, r in ids
            if r.key != "sum"
        ],
        "core": _core_counts(p),
        "unknowns": {u.name: {"values": list(u.domain), "prime": u.prime} for u in p.unknowns},
        "givens": {p.cells[c]: v for c, v in p.givens},
        "group_order": p.group.order,
        "generators": [list(g) if m is None else p.group.describe_element((g, m)) for g, m in p.generators],
        "warnings": list(p.warnings),
    }


def describe_text(p: Puzzle) -> str:
    doms = sorted(set(p.domains))
    values = (
        describe_values(doms[0]) if len(doms) == 1 else f"{len(doms)} different domains, {describe_values(p.values)}"
    )
    lines = [
        f"{p.name}: {p.title}",
        *(["parameters: " + ", ".join(f"{k}={v}" for k, v in p.params)] if p.params else []),
        f"cells: {number(p.size)}, values {values}",
        *([f"grid: {p.grid.describe()}"] if p.grid is not None else []),
        f"distinct: {_distinct(p)}",
        *_rules_text(p),
        f"unknowns: {_unknowns(p)}",
        f"givens: {number(len(p.givens))}",
        f"symmetry group: order {number(p.group.order)} ({plural(len(p.generators), 'generator')})",
        "",
        "cells:",
        draw(p, list(p.cells), notes=False),  # a layout widens its slots for long names
    ]
    if p.givens:
        board = ["."] * p.size
        for c, v in p.givens:
            board[c] = str(v) if p.grid is None else p.grid.symbol(v)
        lines += ["", "givens:", draw(p, board, notes=False)]
    return "\n".join(lines)


def _rules_text(p: Puzzle) -> list[str]:
    """`sums: 8` and the first few by name and in words, then each other kind of rule the same way."""
    kinds: dict[str, list[str]] = {"sum": []}
    for rid, rule in zip(p.rule_ids, p.rules, strict=True):
        kinds.setdefault(rule.key, []).append(f"{p.display[rid]}: {rule.describe(p.cells)}")
    out: list[str] = []
    for key, texts in kinds.items():
        out.append(f"{'sums' if key == 'sum' else key}: {number(len(texts))}")
        out += [f"  {t}" for t in texts[:SHOWN]]
        out += [f"  ... and {number(len(texts) - SHOWN)} more"] if len(texts) > SHOWN else []
    return out


def _core_counts(p: Puzzle) -> dict[str, int]:
    """How many constraints of each core kind the rules lower to."""
    counts: dict[str, int] = {}
    for c in p.core:
        counts[type(c).__name__] = counts.get(type(c).__name__, 0) + 1
    return counts


def _unknowns(p: Puzzle) -> str:
    parts = [f"{u.name} in {describe_values(u.domain)}" + (" (prime)" if u.prime else "") for u in p.unknowns]
    return ", ".join(parts) or "none"


def _distinct(p: Puzzle) -> str:
    if not p.distinct:
        return "none" if p.grid is None else "the grid's houses only"
    if len(p.distinct) == 1 and len(p.distinct[0]) == p.size:
        return "all cells"
    return plural(len(p.distinct), "group")

