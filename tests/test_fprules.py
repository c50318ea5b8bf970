"""f-puzzles' rule kinds (issue 30): each key read as f-puzzles' solver reads it, against a
brute-force reading of the rules text on 4x4 grids; the exact rules a key becomes; a unique 6x6
puzzle of each kind; every encoding and Z3 agree; cosmetics kept, noted and refused by --strict."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from fp_strategies import KINDS, documents
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fpuzzles import LATIN4, holds, load, solutions

from puzzles.errors import FileFormatError
from puzzles.fpuzzles_doc import default_boxes

# --- the rules text, read straight (the oracle) ---------------------------------------------------


def _rc(name: str) -> tuple[int, int]:
    r, c = name[1:].upper().split("C")
    return int(r), int(c)


def _regions(doc: dict) -> dict[tuple[int, int], int]:
    n = doc["size"]
    h, w = default_boxes(n)
    return {
        (r, c): doc["grid"][r - 1][c - 1].get("region", (r - 1) // h * h + (c - 1) // w)
        for r in range(1, n + 1)
        for c in range(1, n + 1)
    }


def _third(n: int, v: int) -> int:
    """Low, middle or high: thirds of 1..n, the middle one the odd size out (f-puzzles' tooltip)."""
    low = n // 3 if n % 3 == 1 else (n + 2) // 3
    middle = n - 2 * low
    return 0 if v <= low else 1 if v <= low + middle else 2


def _line_ok(key: str, v: list[int], n: int, value: str | None, cells: list, regions: dict) -> bool:
    """One line of `key` with digits `v` along it, as the rules text states it."""
    if key == "renban":
        return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1
    if key == "whispers":
        d = int(value) if value else (n + 1) // 2
        return all(abs(a - b) >= d for a, b in itertools.pairwise(v))
    if key == "nabner":
        return all(abs(a - b) > 1 for a, b in itertools.combinations(v, 2))
    if key == "palindrome":
        return v == v[::-1]
    if key == "zipperline":
        m = len(v)
        target = v[m // 2] if m % 2 else v[0] + v[-1]
        return all(v[i] + v[m - 1 - i] == target for i in range(m // 2))
    if key == "doublearrow":
        return len(v) < 3 or v[0] + v[-1] == sum(v[1:-1])
    if key == "slowthermometer":
        return v == sorted(v)
    if key == "betweenline":
        return all(min(v[0], v[-1]) < x < max(v[0], v[-1]) for x in v[1:-1])
    if key == "lockout":
        d = int(value) if value else n // 2
        lo, hi = sorted((v[0], v[-1]))
        return hi - lo >= d and all(x < lo or x > hi for x in v[1:-1])
    if key == "regionsumline":
        sums, last = [], None
        for cell, x in zip(cells, v, strict=True):
            if regions[cell] != last:
                sums.append(0)
            sums[-1] += x
            last = regions[cell]
        return len(set(sums)) <= 1
    if key == "entropicline":
        return all(len({_third(n, x) for x in v[i : i + 3]}) == len(v[i : i + 3]) for i in range(len(v)))
    if key == "modularline":
        return all(len({x % 3 for x in v[i : i + 3]}) == len(v[i : i + 3]) for i in range(len(v)))
    if key == "parityline":
        return all(a % 2 != b % 2 for a, b in itertools.pairwise(v))
    raise AssertionError(key)


def holds_kinds(doc: dict, solution: str) -> bool:
    """Does a filled grid keep every rule of the new kinds in the document (and every older one,
    by test_fpuzzles' oracle, arrows with a pill read here)?"""
    n = doc["size"]
    at = {(r, c): int(solution[(r - 1) * n + c - 1]) for r in range(1, n + 1) for c in range(1, n + 1)}
    regions = _regions(doc)
    pills = [e for e in doc.get("arrow", []) if len(e["cells"]) > 1]
    older = {k: v for k, v in doc.items() if k != "arrow"} | {
        "arrow": [e for e in doc.get("arrow", []) if e not in pills]
    }
    if not holds(older, solution):
        return False
    for e in pills:
        number = int("".join(str(at[_rc(c)]) for c in e["cells"]))
        if any(sum(at[_rc(c)] for c in line[1:]) != number for line in e["lines"]):
            return False
    for r, row in enumerate(doc["grid"], 1):
        for c, cell in enumerate(row, 1):
            if cell.get("parity") and at[r, c] % 2 != (cell["parity"] == "odd"):
                return False
    for key in ("renban", "whispers", "nabner", "palindrome", "zipperline", "doublearrow", "slowthermometer",
                "betweenline", "lockout", "regionsumline", "entropicline", "modularline", "parityline"):  # fmt: skip
        for e in doc.get(key, []):
            for line in e["lines"]:
                cells = [_rc(x) for x in line]
                if not _line_ok(key, [at[x] for x in cells], n, e.get("value"), cells, regions):
                    return False
    for e in doc.get("littlekillersum", []):
        (r, c), (dr, dc) = _rc(e["cell"]), {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}[e["direction"]]
        total = 0
        r, c = r + dr, c + dc
        while (r, c) in at:
            total += at[r, c]
            r, c = r + dr, c + dc
        if total != int(e["value"]):
            return False
    for key, sign in (("maximum", 1), ("minimum", -1)):
        marked = {_rc(e["cell"]) for e in doc.get(key, [])}
        for r, c in marked:
            others = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in at and x not in marked]
            if any(sign * (at[r, c] - at[x]) <= 0 for x in others):
                return False
    if doc.get("disjointgroups"):
        place: dict[tuple[int, int], int] = {}
        seen: Counter = Counter()
        for cell in sorted(at):
            place[cell] = seen[regions[cell]]
            seen[regions[cell]] += 1
        for k in range(n):
            digits = [at[x] for x in at if place[x] == k]
            if len(set(digits)) != len(digits):
                return False
    for e in doc.get("clone", []):
        if any(at[_rc(a)] != at[_rc(b)] for a, b in zip(e["cells"], e["cloneCells"], strict=True)):
            return False
    for e in doc.get("quadruple", []):
        if Counter(e["values"]) - Counter(at[_rc(x)] for x in e["cells"]):
            return False
    return True


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=12)
@given(data=st.data())
def test_each_kind_has_the_solutions_of_its_rules(kind: str, data: st.DataObject) -> None:
    """puzzlesat's solutions of a random 4x4 document of each kind equal the Latin squares the
    brute-force reading of f-puzzles' rules text keeps (boxes or a jigsaw, a given or none)."""
    doc = data.draw(documents(kind))
    try:
        p = load(doc)
    except FileFormatError as e:  # a given that clashes or a clue no digits reach: refused, never wrong
        assert "givens" in str(e) or "cells reach" in str(e) or "domain is empty" in str(e), str(e)
        assert not any(holds_kinds(doc, s) for s in LATIN4)
        return
    assert solutions(p) == sorted(s for s in LATIN4 if holds_kinds(doc, s))
